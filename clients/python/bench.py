#!/usr/bin/env python3
"""Round trips per second through the Python client: session.scroll on a
two-child session, one at a time and pipelined (N in flight).

    OMNISCROLL_BIN=.build/release/omniscroll python3 clients/python/bench.py [--n 20000] [--window 256]
"""
from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
from collections import deque
from concurrent.futures import Future
from typing import Any, Deque

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from omniscroll import AsyncClient, Child, Client, calls  # noqa: E402

CHILDREN = [Child.scroll("top", 2000), Child.scroll("bottom", 3000)]


def offsets(n: int) -> "list[int]":
    return [(i * 37) % 4300 for i in range(n)]


def sync_bench(bin: "str | None", n: int, window: int) -> None:
    with Client(bin) as c:
        s = c.create((375, 800), CHILDREN, insets=(0, 100)).session
        ys = offsets(n)
        for y in ys[:500]:  # warm-up
            c.scroll(s, y)
        t = time.perf_counter()
        for y in ys:
            c.scroll(s, y)
        one = n / (time.perf_counter() - t)
        t = time.perf_counter()
        inflight: Deque["Future[Any]"] = deque()
        for y in ys:
            inflight.append(c.submit(calls.scroll(s, y)))
            if len(inflight) >= window:
                inflight.popleft().result()
        while inflight:
            inflight.popleft().result()
        piped = n / (time.perf_counter() - t)
        t = time.perf_counter()
        chunk = max(1, window // 4)  # keep `window` in flight, written `chunk` at a time
        inflight.clear()
        for k in range(0, n, chunk):
            inflight.extend(c.submit_many([calls.scroll(s, y) for y in ys[k:k + chunk]]))
            while len(inflight) > window:
                inflight.popleft().result()
        while inflight:
            inflight.popleft().result()
        many = n / (time.perf_counter() - t)
        t = time.perf_counter()
        for k in range(0, n, window):
            c.batch([calls.scroll(s, y) for y in ys[k:k + window]])
        batched = n / (time.perf_counter() - t)
    print("python Client      one-at-a-time %8.0f/s   pipelined(%d) %8.0f/s   pipelined(%d, written %d per write)"
          " %8.0f/s   batches of %d %8.0f/s" % (one, window, piped, window, chunk, many, window, batched))


async def async_bench(bin: "str | None", n: int, window: int) -> None:
    async with AsyncClient(bin) as c:
        s = (await c.create((375, 800), CHILDREN, insets=(0, 100))).session
        ys = offsets(n)
        t = time.perf_counter()
        for y in ys:
            await c.scroll(s, y)
        one = n / (time.perf_counter() - t)
        t = time.perf_counter()
        for k in range(0, n, window):
            await asyncio.gather(*(c.scroll(s, y) for y in ys[k:k + window]))
        piped = n / (time.perf_counter() - t)
    print("python AsyncClient one-at-a-time %8.0f/s   pipelined(%d) %8.0f/s" % (one, window, piped))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=20000)
    ap.add_argument("--window", type=int, default=256)
    ap.add_argument("--bin", default=None)
    a = ap.parse_args()
    sync_bench(a.bin, a.n, a.window)
    asyncio.run(async_bench(a.bin, a.n, a.window))


if __name__ == "__main__":
    main()
