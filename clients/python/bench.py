#!/usr/bin/env python3
"""Round trips per second through the Python client beside a raw pipe from
Python to the same worker, in the same run: session.scroll on a two-child
session, one at a time and pipelined (a window of requests in flight).

The raw pipe writes pre-encoded request lines and reads reply lines, decoding
nothing: the floor any client pays. The modes run interleaved, round after
round, and each figure is the median of its rounds, so a machine whose load
changes during the run (a shared one) weighs on every mode alike.

    OMNISCROLL_BIN=.build/release/omniscroll python3 clients/python/bench.py [--n 5000] [--window 256] [--rounds 5]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import time
from collections import deque
from typing import Any, Callable, Deque, Dict, List

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from omniscroll import AsyncClient, Child, Client, calls, resolve_binary  # noqa: E402

CHILDREN = [Child.scroll("top", 2000), Child.scroll("bottom", 3000)]


def offsets(n: int) -> "list[int]":
    return [(i * 37) % 4300 for i in range(n)]


def rate(n: int, run: Callable[[], None], cpu: List[float]) -> float:
    """Round trips per second of ``run``; its CPU per round trip in this
    process (the client's side, in microseconds) appended to ``cpu``: the
    figure a loaded machine disturbs least, as wall time counts the waits
    for a core too."""
    t, c = time.perf_counter(), time.process_time()
    run()
    cpu.append((time.process_time() - c) / n * 1e6)
    return n / (time.perf_counter() - t)


class Raw:
    """The raw pipe: request lines written, reply lines read."""

    def __init__(self, bin: "str | None", n: int) -> None:
        self.p = subprocess.Popen([resolve_binary(bin)], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        assert self.p.stdin is not None and self.p.stdout is not None
        self.w, self.r = self.p.stdin, self.p.stdout
        create = {"jsonrpc": "2.0", "id": 0, "method": "session.create",
                  "params": {"viewport": {"width": 375, "height": 800}, "insets": {"top": 0, "bottom": 100},
                             "children": [c.to_json() for c in CHILDREN]}}
        self.w.write(json.dumps(create).encode() + b"\n")
        self.w.flush()
        s = json.loads(self.r.readline())["result"]["session"]
        self.lines = [b'{"jsonrpc":"2.0","id":%d,"method":"session.scroll","params":{"session":"%s","offset":%d}}\n'
                      % (i + 1, s.encode(), y) for i, y in enumerate(offsets(n))]

    def one(self) -> None:
        for line in self.lines:
            self.w.write(line)
            self.w.flush()
            self.r.readline()

    def piped(self, window: int) -> None:
        for k in range(0, len(self.lines), window):
            chunk = self.lines[k:k + window]
            self.w.write(b"".join(chunk))
            self.w.flush()
            for _ in chunk:
                self.r.readline()

    def close(self) -> None:
        self.w.close()
        self.p.wait()


def client_modes(c: Client, s: str, ys: List[int], window: int) -> Dict[str, Callable[[], None]]:
    def one() -> None:
        for y in ys:
            c.scroll(s, y)

    def piped() -> None:  # a sliding window of futures, as a caller of submit() keeps one
        inflight: Deque[Any] = deque()
        for y in ys:
            inflight.append(c.submit(calls.scroll(s, y)))
            if len(inflight) >= window:
                inflight.popleft().result()
        while inflight:
            inflight.popleft().result()

    def pipeline() -> None:  # a window written at once, its replies read in this thread
        for k in range(0, len(ys), window):
            c.pipeline([calls.scroll(s, y) for y in ys[k:k + window]])

    def pipeline_read() -> None:  # the same, reading a member of every Layout (which decodes it)
        for k in range(0, len(ys), window):
            for lay in c.pipeline([calls.scroll(s, y) for y in ys[k:k + window]]):
                lay.offset  # noqa: B018

    def batched() -> None:
        for k in range(0, len(ys), window):
            c.batch([calls.scroll(s, y) for y in ys[k:k + window]])
    out = {"one": one, "piped": piped, "batch": batched}
    if hasattr(c, "pipeline"):  # the client before issue 27 had no pipeline()
        out.update({"pipeline": pipeline, "pipeline+read": pipeline_read})
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=5000)
    ap.add_argument("--window", type=int, default=256)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--bin", default=None)
    a = ap.parse_args()
    n, window = a.n, a.window
    ys = offsets(n)
    raw = Raw(a.bin, n)
    results: Dict[str, List[float]] = {}
    cpu: Dict[str, List[float]] = {}
    with Client(a.bin) as c:
        s = c.create((375, 800), CHILDREN, insets=(0, 100)).session
        for y in ys[:500]:  # warm-up
            c.scroll(s, y)
        modes = {"raw one": raw.one, "raw piped": lambda: raw.piped(window)}
        modes.update({"client " + k: v for k, v in client_modes(c, s, ys, window).items()})
        for _ in range(a.rounds):
            for name, run in modes.items():
                results.setdefault(name, []).append(rate(n, run, cpu.setdefault(name, [])))
    raw.close()

    async def async_rounds() -> None:
        async with AsyncClient(a.bin) as ac:
            s2 = (await ac.create((375, 800), CHILDREN, insets=(0, 100))).session
            for _ in range(a.rounds):
                t = time.perf_counter()
                for y in ys:
                    await ac.scroll(s2, y)
                results.setdefault("async one", []).append(n / (time.perf_counter() - t))
                t = time.perf_counter()
                for k in range(0, n, window):
                    await asyncio.gather(*(ac.scroll(s2, y) for y in ys[k:k + window]))
                results.setdefault("async piped", []).append(n / (time.perf_counter() - t))
    asyncio.run(async_rounds())
    med = {k: statistics.median(v) for k, v in results.items()}
    print("python, %d round trips per mode and round, %d rounds, window %d, medians (round trips/s):"
          % (n, a.rounds, window))
    for k, v in med.items():
        print("  %-22s %9.0f" % (k, v))
    print("  client one-at-a-time: raw is %.2fx faster (target <= 1.50x)" % (med["raw one"] / med["client one"]))
    one_cpu = {k: statistics.median(cpu[k]) for k in ("raw one", "client one")}
    print("  one-at-a-time CPU per round trip in this process: raw %.1f us, client %.1f us (%.2fx)"
          % (one_cpu["raw one"], one_cpu["client one"], one_cpu["client one"] / one_cpu["raw one"]))
    for k in ("client piped", "client pipeline", "client pipeline+read"):
        if k in med:
            print("  %-22s %5.1f %% of raw piped%s" % (k, 100 * med[k] / med["raw piped"],
                                                     " (target >= 12 %)" if k == "client pipeline" else ""))


if __name__ == "__main__":
    main()
