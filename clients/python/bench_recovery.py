#!/usr/bin/env python3
"""What recovery's journal costs the Python clients (clients/README.md,
"Recovery"): pipelined session.scroll with recovery off and on, the client's
own CPU time per call (all its threads; the worker's time is not counted),
off and on runs alternating, each mode's median over the runs (a run the
other processes on the machine disturbed moves a median little, and
alternating gives both modes the same load). The journal's own work is also
timed alone, in a loop without a worker. Issue 30's bound: the upkeep is at
most 10 % of a pipelined scroll's client-side time.

    OMNISCROLL_BIN=.build/release/omniscroll python3 clients/python/bench_recovery.py [--n 10000] [--runs 5]
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


def upkeep_alone(n: int) -> float:
    """Seconds per call of the journal's own work (Recovery.sent per window
    written, .answered per reply, its snapshots every N calls, their replies
    kept as bytes), in a loop without a worker: the median of 5 loops."""
    from omniscroll.client import encode_request
    from omniscroll.recovery import Recovery
    snapshot = b'{"format":2,"engine":"container","session":"s1","offset":0}'
    times = []
    for _ in range(5):
        rec = Recovery([])
        create = calls.create((375, 800), CHILDREN)
        rec.sent([encode_request(1, create)], [(1, create)], False)
        rec.answered(1, b'{"jsonrpc":"2.0","id":1,"result":{"session":"s1"}}')
        requests = [(i + 2, calls.scroll("s1", y)) for i, y in enumerate(offsets(n))]
        lines = [encode_request(*r) for r in requests]
        replies = [b'{"jsonrpc":"2.0","id":%d,"result":{"session":"s1"}}' % rid for rid, _ in requests]
        t = time.process_time()
        for k in range(0, n, WINDOW):  # as the client does: one sent() per window written
            rec.sent(lines[k:k + WINDOW], requests[k:k + WINDOW], False)
            for rid, _ in requests[k:k + WINDOW]:
                rec.answered(rid, replies[rid - 2])
            if rec._queued:
                rec.sent([], [], False)
                rec.internal(b'{"jsonrpc":"2.0","id":"~r%d","result":%s}' % (rec._ids, snapshot))
        times.append((time.process_time() - t) / n)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=10000)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--bin", default=None)
    a = ap.parse_args()
    alone = upkeep_alone(a.n)
    for name, run in (("Client", sync_run), ("AsyncClient", async_run)):
        times: Dict[bool, List[float]] = {False: [], True: []}
        for _ in range(a.runs):
            for recover in (False, True):
                times[recover].append(run(a.bin, a.n, recover))
        off, on = statistics.median(times[False]), statistics.median(times[True])
        print("python %-11s pipelined scroll (windows of %d), client CPU per call, median of %d runs: recover off "
              "%.2f us, on %.2f us: upkeep %+.1f %%; the journal's work alone %.2f us = %.1f %% of off "
              "(target <= 10 %%)" % (name, WINDOW, a.runs, off * 1e6, on * 1e6, (on - off) / off * 100,
                                     alone * 1e6, alone / off * 100))


if __name__ == "__main__":
    main()
