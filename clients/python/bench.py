#!/usr/bin/env python3
"""Round trips per second through the Python client beside a raw pipe from
Python to the same worker, in the same run: session.scroll on a two-child
session, one at a time and pipelined (a window of requests in flight).

What each mode measures (every one a round trip per scroll, the reply read):
  raw one / raw piped   a minimal correct client, the targets' yardstick:
                        each request encoded (json, one shared encoder),
                        written, its reply line read and json.loads'ed;
                        piped writes a window of lines at once, then reads
                        the window's replies.
  bytes one / bytes piped  the floor: pre-encoded lines written, reply lines
                        read, nothing encoded or decoded.
  client one            Client.scroll, one at a time; the Layout returned is
                        not read (it decodes on first read).
  client one+read       the same, reading a member of every Layout (decoding
                        its reply as the raw pipe does).
  client piped          Client.submit with a sliding window of futures.
  client pipeline       Client.pipeline of a window at a time, not read.
  client pipeline+read  the same, reading a member of every Layout.
  client batch          Client.batch of a window (one JSON-RPC batch).
  async one / piped     AsyncClient, after the rounds above (not interleaved).

The modes run interleaved, round after round, and each figure is the median
of its rounds, so a machine whose load changes during the run (a shared one)
weighs on every mode alike. Beside each rate is the CPU time this process
spent per round trip (the client's side; the worker is another process), the
figure a loaded machine disturbs least: wall time counts the waits for a
core too.

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
    """The raw pipe to a worker of its own: the minimal correct client's
    modes and the floor's (module docstring)."""

    def __init__(self, bin: "str | None", ys: List[int]) -> None:
        self.p = subprocess.Popen([resolve_binary(bin)], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        assert self.p.stdin is not None and self.p.stdout is not None
        self.w, self.r = self.p.stdin, self.p.stdout
        self.ys = ys
        self.encode = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode
        create = {"jsonrpc": "2.0", "id": 0, "method": "session.create",
                  "params": {"viewport": {"width": 375, "height": 800}, "insets": {"top": 0, "bottom": 100},
                             "children": [c.to_json() for c in CHILDREN]}}
        self.w.write(json.dumps(create).encode() + b"\n")
        self.w.flush()
        self.s = json.loads(self.r.readline())["result"]["session"]
        self.lines = [b'{"jsonrpc":"2.0","id":%d,"method":"session.scroll","params":{"session":"%s","offset":%d}}\n'
                      % (i + 1, self.s.encode(), y) for i, y in enumerate(ys)]

    def request(self, id: int, y: int) -> bytes:
        return self.encode({"jsonrpc": "2.0", "id": id, "method": "session.scroll",
                            "params": {"session": self.s, "offset": y}}).encode() + b"\n"

    def one(self) -> None:
        w, r, loads, request = self.w, self.r, json.loads, self.request
        for i, y in enumerate(self.ys):
            w.write(request(i + 1, y))
            w.flush()
            loads(r.readline())

    def piped(self, window: int) -> None:
        w, r, loads, request, ys = self.w, self.r, json.loads, self.request, self.ys
        for k in range(0, len(ys), window):
            chunk = ys[k:k + window]
            w.write(b"".join([request(k + i + 1, y) for i, y in enumerate(chunk)]))
            w.flush()
            for _ in chunk:
                loads(r.readline())

    def bytes_one(self) -> None:
        for line in self.lines:
            self.w.write(line)
            self.w.flush()
            self.r.readline()

    def bytes_piped(self, window: int) -> None:
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

    def one_read() -> None:
        for y in ys:
            c.scroll(s, y).offset  # noqa: B018

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
    out = {"one": one, "one+read": one_read, "piped": piped, "batch": batched}
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
    raw = Raw(a.bin, ys)
    results: Dict[str, List[float]] = {}
    cpu: Dict[str, List[float]] = {}
    with Client(a.bin) as c:
        s = c.create((375, 800), CHILDREN, insets=(0, 100)).session
        for y in ys[:500]:  # warm-up
            c.scroll(s, y)
        modes = {"raw one": raw.one, "raw piped": lambda: raw.piped(window),
                 "bytes one": raw.bytes_one, "bytes piped": lambda: raw.bytes_piped(window)}
        modes.update({"client " + k: v for k, v in client_modes(c, s, ys, window).items()})
        for _ in range(a.rounds):
            for name, run in modes.items():
                results.setdefault(name, []).append(rate(n, run, cpu.setdefault(name, [])))
    raw.close()

    async def async_rounds() -> None:
        async with AsyncClient(a.bin) as ac:
            s2 = (await ac.create((375, 800), CHILDREN, insets=(0, 100))).session

            async def one() -> None:
                for y in ys:
                    await ac.scroll(s2, y)

            async def piped() -> None:
                for k in range(0, n, window):
                    await asyncio.gather(*(ac.scroll(s2, y) for y in ys[k:k + window]))
            for _ in range(a.rounds):
                for name, run in (("async one", one), ("async piped", piped)):
                    t, c0 = time.perf_counter(), time.process_time()
                    await run()
                    cpu.setdefault(name, []).append((time.process_time() - c0) / n * 1e6)
                    results.setdefault(name, []).append(n / (time.perf_counter() - t))
    asyncio.run(async_rounds())
    med = {k: statistics.median(v) for k, v in results.items()}
    med_cpu = {k: statistics.median(v) for k, v in cpu.items()}
    print("python, %d round trips per mode and round, %d rounds, window %d, medians:" % (n, a.rounds, window))
    print("  %-22s %9s %9s" % ("mode", "trips/s", "CPU us"))
    for k, v in med.items():
        print("  %-22s %9.0f %9.1f" % (k, v, med_cpu[k]))
    for k in ("client one", "client one+read"):
        print("  %-22s time per round trip %.2fx raw one's, %.2fx bytes one's; CPU %.2fx raw's%s" % (
            k, med["raw one"] / med[k], med["bytes one"] / med[k], med_cpu[k] / med_cpu["raw one"],
            " (target <= 1.50x)" if k == "client one" else ""))
    for k in ("client piped", "client pipeline", "client pipeline+read", "client batch"):
        if k in med:
            print("  %-22s %5.1f %% of raw piped, %5.1f %% of bytes piped%s" % (
                k, 100 * med[k] / med["raw piped"], 100 * med[k] / med["bytes piped"],
                " (target >= 12 %)" if k == "client pipeline" else ""))


if __name__ == "__main__":
    main()
