#!/usr/bin/env python3
"""Round trips per second through the Python client: session.scroll on a
two-child session, one at a time and pipelined (N in flight), beside a raw
pipe from Python to the same worker in the same run (pre-encoded request
lines written, reply lines read, nothing decoded): the floor any client pays.

    OMNISCROLL_BIN=.build/release/omniscroll python3 clients/python/bench.py [--n 20000] [--window 256]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import time
from collections import deque
from concurrent.futures import Future
from typing import Any, Deque

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from omniscroll import AsyncClient, Child, Client, calls, resolve_binary  # noqa: E402

CHILDREN = [Child.scroll("top", 2000), Child.scroll("bottom", 3000)]


def offsets(n: int) -> "list[int]":
    return [(i * 37) % 4300 for i in range(n)]


def raw_bench(bin: "str | None", n: int, window: int) -> "tuple[float, float]":
    """The raw pipe: one request line written then its reply line read, and
    `window` lines written at once then `window` replies read."""
    p = subprocess.Popen([resolve_binary(bin)], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert p.stdin is not None and p.stdout is not None
    create = {"jsonrpc": "2.0", "id": 0, "method": "session.create",
              "params": {"viewport": {"width": 375, "height": 800}, "insets": {"top": 0, "bottom": 100},
                         "children": [c.to_json() for c in CHILDREN]}}
    p.stdin.write(json.dumps(create).encode() + b"\n")
    p.stdin.flush()
    s = json.loads(p.stdout.readline())["result"]["session"]
    lines = [b'{"jsonrpc":"2.0","id":%d,"method":"session.scroll","params":{"session":"%s","offset":%d}}\n'
             % (i + 1, s.encode(), y) for i, y in enumerate(offsets(n))]
    w, r = p.stdin, p.stdout
    t = time.perf_counter()
    for line in lines:
        w.write(line)
        w.flush()
        r.readline()
    one = n / (time.perf_counter() - t)
    t = time.perf_counter()
    for k in range(0, n, window):
        w.write(b"".join(lines[k:k + window]))
        w.flush()
        for _ in range(len(lines[k:k + window])):
            r.readline()
    piped = n / (time.perf_counter() - t)
    w.close()
    p.wait()
    print("python raw pipe    one-at-a-time %8.0f/s   pipelined(%d) %8.0f/s" % (one, window, piped))
    return one, piped


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
        pipeline = 0.0
        if hasattr(c, "pipeline"):  # the client's pipelined API: a window written at once, read in this thread
            t = time.perf_counter()
            for k in range(0, n, window):
                for lay in c.pipeline([calls.scroll(s, y) for y in ys[k:k + window]]):
                    lay.offset  # noqa: B018 - a member read, as a caller would
            pipeline = n / (time.perf_counter() - t)
    print("python Client      one-at-a-time %8.0f/s   pipelined(%d) %8.0f/s   pipelined(%d, written %d per write)"
          " %8.0f/s   batches of %d %8.0f/s   pipeline(%d) %8.0f/s" % (one, window, piped, window, chunk, many,
                                                                      window, batched, window, pipeline))


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
    raw_bench(a.bin, a.n, a.window)
    sync_bench(a.bin, a.n, a.window)
    asyncio.run(async_bench(a.bin, a.n, a.window))


if __name__ == "__main__":
    main()
