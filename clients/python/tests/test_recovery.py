"""Recovery (clients/README.md, "Recovery"): SIGKILL the worker at seeded
random points of a long mixed session (clients/testdata/recovery-session.json,
written by scripts/recovery-workload) and compare every reply line with an
uninterrupted worker's, byte for byte; a worker that dies twice on one call
raises WorkerDied with a transcript of the crash."""
from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import stat
import sys
from pathlib import Path
from typing import Any, Dict, List

import pytest

from conftest import REPO
from omniscroll import AsyncClient, Child, Client, RawWorker, RpcError, WorkerDied, calls, replay
from omniscroll.client import encode_message, request_object

WORKLOAD: List[Dict[str, Any]] = json.loads((REPO / "clients" / "testdata" / "recovery-session.json").read_text())
SEED = int(os.environ.get("OMNISCROLL_SEED", "30"))
EVERY = 16  # small, so the runs cross several snapshots


def workload_calls() -> List[calls.Call]:
    return [calls.call(w["method"], w.get("params")) for w in WORKLOAD]


@pytest.fixture(scope="module")
def expected(worker_bin: str) -> Dict[int, bytes]:
    """Every reply line of an uninterrupted worker sent the same request lines."""
    w = RawWorker(worker_bin)
    out: Dict[int, bytes] = {}
    for rid, c in enumerate(workload_calls(), 1):
        w.send(encode_message(request_object(c, rid)))
        out[rid] = w.read_reply(20) + b"\n"
    w.close_input()
    return out


def record(rec: Any, into: Dict[int, bytes]) -> None:
    """Captures each reply line the client receives, by request id: at both
    of the recovery's reply seams (a result read off its bytes, any other
    line parsed), with its \n whichever the client passes."""
    seen, seen_result = rec.received, rec.answered

    def received(line: bytes, msg: Any) -> None:
        if isinstance(msg, dict) and isinstance(msg.get("id"), int):
            into[msg["id"]] = line.rstrip(b"\n") + b"\n"
        seen(line, msg)

    def answered(rid: int, line: bytes) -> None:
        into[rid] = line.rstrip(b"\n") + b"\n"
        seen_result(rid, line)
    rec.received = received
    rec.answered = answered


class KillPlan:
    """A seeded plan: the workload cut into pipelined runs of 1 to 24 calls,
    and the 6 runs during which the worker is SIGKILLed; it records the
    workers it killed."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        rng = random.Random(seed)
        all_calls = workload_calls()
        self.runs: List[List[calls.Call]] = []
        while len(all_calls) > 0:
            k = rng.randint(1, 24)
            self.runs.append(all_calls[:k])
            all_calls = all_calls[k:]
        # Every other run at most: the worker a kill leaves answers a run
        # before the next kill, which is then not a second death on one call.
        self.killing = {2 * k for k in rng.sample(range(len(self.runs) // 2), 6)}
        self.restarts: List[Dict[str, Any]] = []
        self.got: Dict[int, bytes] = {}
        self.pids: "set[int]" = set()

    def kill_during(self, run: int, pid: int) -> None:
        if run in self.killing:  # while the run's replies are on their way
            self.pids.add(pid)
            os.kill(pid, signal.SIGKILL)

    def check(self, expected: Dict[int, bytes], pid_now: int) -> None:
        assert pid_now not in self.pids
        assert len(self.pids) == 6, "seed %d: the run killed %d workers" % (self.seed, len(self.pids))
        assert sorted(r["previousPid"] for r in self.restarts) == sorted(self.pids), "seed %d" % self.seed
        for rid, line in expected.items():
            assert self.got.get(rid) == line, "seed %d: reply %d differs after recovery:\n%r\n%r" % (
                self.seed, rid, line[:300], (self.got.get(rid) or b"")[:300])


def test_sync_client_replies_as_if_the_worker_never_died(worker_bin: str, expected: Dict[int, bytes]) -> None:
    plan = KillPlan(SEED)
    with Client(worker_bin, timeout=20, snapshot_every=EVERY, on_worker_did_restart=plan.restarts.append) as c:
        assert c._recovery is not None
        record(c._recovery, plan.got)
        for k, run in enumerate(plan.runs):
            futures = c.submit_many(run)
            plan.kill_during(k, c.worker_pid)
            for f in futures:
                try:
                    f.result()
                except RpcError:
                    pass
            journals = [len(s.calls) for s in c._recovery.sessions.values()]
            assert max(journals) <= EVERY + 24 + 1, "seed %d: journal of %d calls" % (SEED, max(journals))
        c.request("session.list")  # answered by a new worker
        plan.check(expected, c.worker_pid)


def test_async_client_replies_as_if_the_worker_never_died(worker_bin: str, expected: Dict[int, bytes]) -> None:
    plan = KillPlan(SEED + 1)

    async def run() -> None:
        async with AsyncClient(worker_bin, timeout=20, snapshot_every=EVERY,
                               on_worker_did_restart=plan.restarts.append) as c:
            assert c._recovery is not None
            record(c._recovery, plan.got)
            for k, run in enumerate(plan.runs):
                tasks = [asyncio.ensure_future(c.call(call)) for call in run]
                await asyncio.sleep(0)  # every call of the run is written
                plan.kill_during(k, c.worker_pid)
                await asyncio.gather(*tasks, return_exceptions=True)
                assert all(not isinstance(t.exception(), WorkerDied) for t in tasks), "seed %d" % plan.seed
            await c.request("session.list")  # answered by a new worker
            plan.check(expected, c.worker_pid)

    asyncio.run(run())


def test_session_list_after_recovery_lists_the_same_sessions(worker_bin: str) -> None:
    with Client(worker_bin, timeout=20) as c:
        for w in WORKLOAD[:8]:
            c.request(w["method"], w.get("params"))
        before = c.request("session.list")
        os.kill(c.worker_pid, signal.SIGKILL)
        assert c.request("session.list") == before
        assert [s["id"] for s in before["sessions"]] == ["phys", "s1", "feed", "comp", "g", "s2", "tmp"]


def crashing_worker(tmp_path: Path, worker_bin: str) -> str:
    """A worker that SIGKILLs itself when a request line holds "crashme",
    once every line before it is answered: a deterministic crash on one call."""
    script = tmp_path / "crashing-worker"
    script.write_text("""#!%s
import os, signal, subprocess, sys
w = subprocess.Popen([%r] + sys.argv[1:], stdin=subprocess.PIPE, stdout=sys.stdout.fileno())
for line in sys.stdin.buffer:
    if b"crashme" in line:
        w.stdin.close()  # the lines before it are answered first
        w.wait()
        os.kill(os.getpid(), signal.SIGKILL)
    w.stdin.write(line)
    w.stdin.flush()
""" % (sys.executable, worker_bin))
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return str(script)


def test_second_death_on_one_call_raises_with_a_transcript(tmp_path: Path, worker_bin: str) -> None:
    restarts: List[Dict[str, Any]] = []
    with Client(crashing_worker(tmp_path, worker_bin), timeout=20, on_worker_did_restart=restarts.append) as c:
        c.request(WORKLOAD[1]["method"], WORKLOAD[1]["params"])
        c.request("session.scroll", {"session": "phys", "offset": 300})
        with pytest.raises(WorkerDied) as info:
            c.request("session.create", {"id": "crashme", "viewport": {"width": 1, "height": 1}, "children": []})
    assert len(restarts) == 1
    path = info.value.transcript
    assert path and path in str(info.value)
    lines = [json.loads(l) for l in Path(path).read_text().splitlines()]
    assert lines[0] == {"args": []}
    sends = [json.loads(l["send"]) for l in lines[1:]]
    assert [s["method"] for s in sends] == ["session.create", "session.scroll", "session.create"]
    assert sends[0]["params"]["id"] == "phys" and sends[2]["params"]["id"] == "crashme"
    assert all(l["expect"] is not None for l in lines[1:-1]) and lines[-1]["expect"] is None
    # The transcript's answered lines are the replies a fresh worker gives.
    w = RawWorker(worker_bin)
    for l in lines[1:-1]:
        w.send(l["send"].encode() + b"\n")
        assert w.read_reply(20).decode() == l["expect"]
    w.close_input()


def recorded_run(worker_bin: str, record: str, kill: bool) -> List[List[float]]:
    """pipeline() and submit_many() runs of a session recorded to ``record``;
    with ``kill``, the worker is SIGKILLed before each pipeline and while each
    submitted run is on its way. Snapshots every 2 calls: the recovery's own
    requests go out between the caller's."""
    with Client(worker_bin, timeout=20, snapshot_every=2, record=record) as c:
        s = c.create((375, 800), [Child.scroll("web", 4000)]).session
        offsets = []
        for k in range(3):
            if kill:
                os.kill(c.worker_pid, signal.SIGKILL)
            offsets.append([lay.offset for lay in c.pipeline([calls.scroll(s, 100 * k + y) for y in range(0, 50, 10)])])
            replies = c.submit_many([calls.scroll(s, 1000 + 100 * k + y) for y in range(0, 50, 10)])
            if kill:
                os.kill(c.worker_pid, signal.SIGKILL)
            offsets.append([r.result().offset for r in replies])
        return offsets


def test_pipeline_and_recording_see_the_recovered_replies(worker_bin: str, tmp_path: Path) -> None:
    """A recovered call's reply is what pipeline() returns and what the
    recorder writes: the transcript of a run whose worker is killed six times
    is that of an uninterrupted run, byte for byte, with none of the
    recovery's own lines, and it replays."""
    killed, plain = str(tmp_path / "killed.jsonl"), str(tmp_path / "plain.jsonl")
    assert recorded_run(worker_bin, killed, kill=True) == recorded_run(worker_bin, plain, kill=False)
    assert Path(killed).read_text() == Path(plain).read_text()
    assert '~r' not in Path(killed).read_text()
    assert replay(killed, worker_bin) == []


def test_recover_false_reports_the_death(worker_bin: str) -> None:
    with Client(worker_bin, timeout=20, recover=False) as c:
        c.request(WORKLOAD[1]["method"], WORKLOAD[1]["params"])
        os.kill(c.worker_pid, signal.SIGKILL)
        with pytest.raises(WorkerDied):
            c.request("session.get", {"session": "phys"})


def test_snapshot_every_is_bounded(worker_bin: str) -> None:
    for bad in (0, 4097, 1.5, True):
        with pytest.raises(ValueError):
            Client(worker_bin, snapshot_every=bad)


@pytest.mark.parametrize("path", sorted(p for p in (REPO / "protocol" / "conformance").glob("*.jsonl")
                                        if p.name != "jsonrpc.jsonl"),  # raw framing: not what a client sends
                         ids=lambda p: p.stem)
def test_every_transcript_survives_a_kill_before_each_call(worker_bin: str, path: Path) -> None:
    """Restores are exact for every session kind: with a snapshot after every
    call and the worker killed before every call, each request of the
    transcript a client can send gets the transcript's reply, byte for byte."""
    lines = [json.loads(l) for l in path.read_text().splitlines()]
    args = lines.pop(0)["args"] if "args" in lines[0] else []
    got: Dict[int, bytes] = {}
    checked = 0
    with Client(worker_bin, args, timeout=20, snapshot_every=1) as c:
        assert c._recovery is not None
        record(c._recovery, got)
        for ex in lines:
            try:
                m = json.loads(ex["send"])
                encode_message(m)  # not NaN or infinity: a client cannot send those
            except ValueError:
                continue
            if (ex["expect"] is None or not isinstance(m, dict) or type(m.get("id")) is not int
                    or not isinstance(m.get("params", {}), dict) or set(m) - {"jsonrpc", "id", "method", "params"}):
                continue
            if m["method"] in ("shutdown", "exit"):
                break
            os.kill(c.worker_pid, signal.SIGKILL)
            f = c.submit(calls.call(m["method"], m.get("params")))
            try:
                f.result()
            except RpcError:
                pass
            prefix = b'{"jsonrpc":"2.0","id":%d,' % m["id"]
            reply = got[max(got)]
            assert prefix + reply[reply.index(b",", 22) + 1:].rstrip(b"\n") == ex["expect"].encode(), \
                "%s line %s after a kill" % (path.name, ex["send"][:120])
            checked += 1
    assert checked >= 4


def test_a_worker_killed_between_calls_twice_in_a_row_recovers_both_times(worker_bin: str) -> None:
    """No call was in flight at either death: not a second death on one call.
    The sync client has no reader thread, so the call after each kill is
    what finds the worker gone (the restart is told on the calling thread)."""
    restarts: List[Dict[str, Any]] = []
    with Client(worker_bin, timeout=20, on_worker_did_restart=restarts.append) as c:
        c.request(WORKLOAD[1]["method"], WORKLOAD[1]["params"])
        before = c.request("session.get", {"session": "phys"})
        killed = []
        for _ in range(2):
            killed.append(c.worker_pid)
            os.kill(c.worker_pid, signal.SIGKILL)
            assert c.request("session.get", {"session": "phys"}) == before
        assert [r["previousPid"] for r in restarts] == killed
