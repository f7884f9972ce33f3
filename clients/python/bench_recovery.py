#!/usr/bin/env python3
"""What recovery's journal costs the Python clients (clients/README.md,
"Recovery"): pipelined session.scroll with recovery off and on, the client's
own CPU time per call (all its threads; the worker's time is not counted),
the cyclic garbage collector paused (without_gc). In each run two clients, one of each mode, take turns window by window, so
both run under the same load; the upkeep is the median over the runs of
each run's on/off difference (a run the machine's other processes disturbed
moves a median little). The journal's own work is also timed alone, in a
loop without a worker, less what the loop costs with a journal that does
nothing. Issue 30's bound: the upkeep is at
most 10 % of a pipelined scroll's client-side time.

    OMNISCROLL_BIN=.build/release/omniscroll python3 clients/python/bench_recovery.py [--n 10000] [--runs 5]
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import os
import statistics
import sys
import time
from typing import Any, Dict, List

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from omniscroll import AsyncClient, Child, Client, calls  # noqa: E402
from omniscroll.recovery import DEFAULT_SNAPSHOT_EVERY  # noqa: E402

CHILDREN = [Child.scroll("top", 2000), Child.scroll("bottom", 3000)]
WINDOW = 256


def offsets(n: int) -> List[int]:
    return [(i * 37) % 4300 for i in range(n)]


def sync_run(bin: "str | None", n: int, every: int) -> Dict[bool, float]:
    """Client CPU seconds per pipelined scroll, recovery off and on: two
    clients side by side, their windows alternating, so both modes run under
    the same load (the machine's other processes come and go in seconds;
    a window takes a millisecond or two)."""
    with Client(bin, recover=False) as off, Client(bin, recover=True, snapshot_every=every) as on:
        pairs = [(False, off, off.create((375, 800), CHILDREN, insets=(0, 100)).session),
                 (True, on, on.create((375, 800), CHILDREN, insets=(0, 100)).session)]
        ys = offsets(n)
        for _, c, s in pairs:
            for y in ys[:500]:  # warm-up
                c.scroll(s, y)
        used = {False: 0.0, True: 0.0}
        for k in range(0, n, WINDOW):
            for recover, c, s in pairs if k // WINDOW % 2 else pairs[::-1]:
                t = time.process_time()
                for f in c.submit_many([calls.scroll(s, y) for y in ys[k:k + WINDOW]]):
                    f.result()
                used[recover] += time.process_time() - t
        return {recover: t / n for recover, t in used.items()}


def async_run(bin: "str | None", n: int, every: int) -> Dict[bool, float]:
    """sync_run's measure for the AsyncClient."""
    async def run() -> Dict[bool, float]:
        async with AsyncClient(bin, recover=False) as off, \
                AsyncClient(bin, recover=True, snapshot_every=every) as on:
            pairs = [(False, off, (await off.create((375, 800), CHILDREN, insets=(0, 100))).session),
                     (True, on, (await on.create((375, 800), CHILDREN, insets=(0, 100))).session)]
            ys = offsets(n)
            used = {False: 0.0, True: 0.0}
            for k in range(0, n, WINDOW):
                for recover, c, s in pairs if k // WINDOW % 2 else pairs[::-1]:
                    t = time.process_time()
                    await asyncio.gather(*(c.scroll(s, y) for y in ys[k:k + WINDOW]))
                    used[recover] += time.process_time() - t
            return {recover: t / n for recover, t in used.items()}
    return asyncio.run(run())


def without_gc(run: Any, *args: Any) -> Dict[bool, float]:
    """A run with the cyclic garbage collector paused: a collection falls in
    whichever client's window the allocation count crosses its threshold,
    so with it on the two clients' split is noise (the Client's upkeep over
    7 runs: -3.6 to +23.7 % with it, 9.0 to 13.9 % without). The journal
    keeps its calls as bytes, which the collector does not walk."""
    gc.collect()
    gc.disable()
    try:
        return run(*args)
    finally:
        gc.enable()


class _NoJournal:
    """The loop of upkeep_alone without the journal's work: what the loop
    itself costs, taken off its figure."""
    _queued = ()

    def sent(self, lines: Any, requests: Any, kind: Any) -> bytes:
        return b""

    def answered(self, rid: int, raw: bytes) -> None:
        pass


def upkeep_alone(n: int, every: int) -> float:
    """Seconds per call of the journal's own work (Recovery.sent per window
    written, .answered per reply, its snapshots every N calls, their replies
    kept as bytes), in a loop without a worker, less the same loop's cost
    with a journal that does nothing: the medians of 9 loops each."""
    from omniscroll.client import encode_request
    from omniscroll.recovery import Recovery
    snapshot = b'{"format":2,"engine":"container","session":"s1","offset":0}'
    requests = [(i + 2, calls.scroll("s1", y)) for i, y in enumerate(offsets(n))]
    lines = [encode_request(*r) for r in requests]
    replies = [b'{"jsonrpc":"2.0","id":%d,"result":{"session":"s1"}}' % rid for rid, _ in requests]

    def loop(rec: Any) -> float:
        t = time.process_time()
        for k in range(0, n, WINDOW):  # as the client does: one sent() per window written
            rec.sent(lines[k:k + WINDOW], requests[k:k + WINDOW], False)
            for rid, _ in requests[k:k + WINDOW]:
                rec.answered(rid, replies[rid - 2])
            if rec._queued:
                rec.sent([], [], False)
                rec.internal(b'{"jsonrpc":"2.0","id":"~r%d","result":%s}' % (rec._ids, snapshot))
        return (time.process_time() - t) / n

    def journal() -> Recovery:
        rec = Recovery([], every)
        create = calls.create((375, 800), CHILDREN)
        rec.sent([encode_request(1, create)], [(1, create)], False)
        rec.answered(1, b'{"jsonrpc":"2.0","id":1,"result":{"session":"s1"}}')
        return rec
    return statistics.median(loop(journal()) for _ in range(9)) - statistics.median(
        loop(_NoJournal()) for _ in range(9))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=10000)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--bin", default=None)
    ap.add_argument("--every", type=int, default=DEFAULT_SNAPSHOT_EVERY, help="snapshot_every")
    a = ap.parse_args()
    alone = upkeep_alone(a.n, a.every)
    for name, run in (("Client", sync_run), ("AsyncClient", async_run)):
        runs = [without_gc(run, a.bin, a.n, a.every) for _ in range(a.runs)]
        off = statistics.median(r[False] for r in runs)
        on = statistics.median(r[True] for r in runs)
        upkeep = statistics.median((r[True] - r[False]) / r[False] for r in runs)
        print("python %-11s pipelined scroll (windows of %d, snapshot_every %d), client CPU per call, median of %d "
              "runs: recover off %.2f us, on %.2f us: upkeep %+.1f %% (runs: %s); the journal's work alone "
              "%.2f us = %.1f %% of off (target <= 10 %%)" % (
                  name, WINDOW, a.every, a.runs, off * 1e6, on * 1e6, upkeep * 100,
                  " ".join("%+.1f" % ((r[True] - r[False]) / r[False] * 100) for r in runs),
                  alone * 1e6, alone / off * 100))


if __name__ == "__main__":
    main()
