"""Replays every protocol/conformance/*.jsonl transcript through the client's
RawWorker, plus self-checks of the replay machinery against the real worker."""
from __future__ import annotations

import json
from pathlib import Path
from typing import List

import pytest

from conftest import CONFORMANCE
from omniscroll import RawWorker, replay
from omniscroll.transcript import load

FILES = sorted(CONFORMANCE.glob("*.jsonl"))


def test_conformance_transcripts_exist() -> None:
    assert FILES, "protocol/conformance/*.jsonl is empty: nothing to replay"


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_conformance(path: Path, worker_bin: str) -> None:
    mismatches = replay(str(path), worker_bin)
    assert not mismatches, "\n".join(str(m) for m in mismatches)


SENDS: List[str] = [
    '{"jsonrpc":"2.0","id":1,"method":"session.create","params":{"viewport":{"width":375,"height":800},'
    '"children":[{"id":"a","kind":"scroll","contentHeight":2000},{"id":"b","kind":"scroll","contentHeight":3000}]}}',
    '{"jsonrpc":"2.0","method":"session.scroll","params":{"session":"s1","offset":100}}',  # notification
    '{"jsonrpc":"2.0","id":"x","method":"session.scroll","params":{"session":"s1","offset":600}}',
    '{"jsonrpc":"2.0","id":3,"method":"no.such.method"}',
    '{"jsonrpc":"2.0","id":4,"method":',  # invalid JSON
    '[{"jsonrpc":"2.0","id":5,"method":"session.get","params":{"session":"s1"}},'
    '{"jsonrpc":"2.0","method":"session.get","params":{"session":"s1"}}]',
]


def _record(worker_bin: str, tmp_path: Path) -> Path:
    """Record a transcript from one worker (notifications get null)."""
    path = tmp_path / "recorded.jsonl"
    with RawWorker(worker_bin) as w, path.open("w", encoding="utf-8") as f:
        for s in SENDS:
            w.send(s.encode() + b"\n")
            is_notification = s.startswith("{") and '"id"' not in s
            reply = None if is_notification else w.read_reply(10).decode()
            f.write(json.dumps({"send": s, "expect": reply}) + "\n")
    return path


def test_replay_own_transcript_is_deterministic(worker_bin: str, tmp_path: Path) -> None:
    path = _record(worker_bin, tmp_path)
    exchanges = load(str(path))
    assert [e.expect is None for e in exchanges] == [False, True, False, False, False, False]
    # ids round-trip byte for byte; errors for bad method / bad JSON.
    assert json.loads(exchanges[2].expect or "")["id"] == "x"
    assert json.loads(exchanges[3].expect or "")["error"]["code"] == -32601
    parse_error = json.loads(exchanges[4].expect or "")
    assert parse_error["error"]["code"] == -32700 and parse_error["id"] is None
    batch = json.loads(exchanges[5].expect or "")
    assert isinstance(batch, list) and [r["id"] for r in batch] == [5]
    # A fresh worker gives the same bytes.
    assert replay(str(path), worker_bin) == []


def test_replay_detects_a_wrong_reply(worker_bin: str, tmp_path: Path) -> None:
    path = _record(worker_bin, tmp_path)
    lines = path.read_text().splitlines()
    ex = json.loads(lines[2])
    assert '"id":"x"' in ex["expect"]
    ex["expect"] = ex["expect"].replace('"id":"x"', '"id":"y"')
    lines[2] = json.dumps(ex)
    path.write_text("\n".join(lines) + "\n")
    mismatches = replay(str(path), worker_bin)
    assert len(mismatches) == 1 and mismatches[0].line == 3


def test_replay_detects_a_reply_to_a_null_expect(worker_bin: str, tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    req = '{"jsonrpc":"2.0","id":9,"method":"session.list"}'
    with RawWorker(worker_bin) as w:
        w.send(req.encode() + b"\n")
        reply = w.read_reply(10).decode()
    # Claim the request is unanswered: the replay must notice its reply.
    path.write_text(json.dumps({"send": req, "expect": None}) + "\n")
    assert len(replay(str(path), worker_bin)) == 1
    # And in the middle of a file, by ordering.
    path.write_text(json.dumps({"send": req, "expect": None}) + "\n" +
                    json.dumps({"send": req, "expect": reply}) + "\n")
    assert len(replay(str(path), worker_bin)) == 1
    path.write_text(json.dumps({"send": req, "expect": reply}) + "\n")
    assert replay(str(path), worker_bin) == []
