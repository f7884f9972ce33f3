#!/usr/bin/env python3
"""What recovery's journal costs the Python clients (clients/README.md,
"Recovery"): pipelined session.scroll with recovery off and on, the client's
own CPU time per call (all its threads; the worker's time is not counted),
alternating off/on runs and taking each mode's median. Issue 30's bound:
the upkeep is at most 10 % of a pipelined scroll's client-side time.

    OMNISCROLL_BIN=.build/release/omniscroll python3 clients/python/bench_recovery.py [--n 20000] [--runs 5]
"""
from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from typing import Dict, List

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from omniscroll import AsyncClient, Child, Client, calls  # noqa: E402

CHILDREN = [Child.scroll("top", 2000), Child.scroll("bottom", 3000)]
WINDOW = 256


def offsets(n: int) -> List[int]:
    return [(i * 37) % 4300 for i in range(n)]


def sync_run(bin: "str | None", n: int, recover: bool) -> float:
    """Client CPU seconds per pipelined scroll."""
    with Client(bin, recover=recover) as c:
        s = c.create((375, 800), CHILDREN, insets=(0, 100)).session
        ys = offsets(n)
        for y in ys[:500]:  # warm-up
            c.scroll(s, y)
        t = time.process_time()
        for k in range(0, n, WINDOW):
            for f in c.submit_many([calls.scroll(s, y) for y in ys[k:k + WINDOW]]):
                f.result()
        return (time.process_time() - t) / n


def async_run(bin: "str | None", n: int, recover: bool) -> float:
    async def run() -> float:
        async with AsyncClient(bin, recover=recover) as c:
            s = (await c.create((375, 800), CHILDREN, insets=(0, 100))).session
            ys = offsets(n)
            t = time.process_time()
            for k in range(0, n, WINDOW):
                await asyncio.gather(*(c.scroll(s, y) for y in ys[k:k + WINDOW]))
            return (time.process_time() - t) / n
    return asyncio.run(run())


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=20000)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--bin", default=None)
    a = ap.parse_args()
    for name, run in (("Client", sync_run), ("AsyncClient", async_run)):
        times: Dict[bool, List[float]] = {False: [], True: []}
        for _ in range(a.runs):
            for recover in (False, True):
                times[recover].append(run(a.bin, a.n, recover))
        off, on = statistics.median(times[False]), statistics.median(times[True])
        print("python %-11s pipelined scroll (windows of %d), client CPU per call: recover off %.2f us, on %.2f us: "
              "upkeep %+.1f %%" % (name, WINDOW, off * 1e6, on * 1e6, (on - off) / off * 100))


if __name__ == "__main__":
    main()
