"""Client(record=...) writes the session as a conformance transcript that the
replayer replays byte for byte and `omniscroll trace` draws as it ran,
templates file included (issue 27 item 4)."""
from __future__ import annotations

import asyncio
import json
import os
import subprocess
from typing import Any, List

from omniscroll import AsyncClient, Client, RpcError, calls, replay

TEMPLATES = {"follow": {"children": [{"id": "a", "kind": "page"}, {"id": "b", "kind": "page"}],
                        "options": {"feed": {"preload": {"ahead": 1}}}}}


def templates_file(tmp: Any) -> str:
    path = os.path.join(str(tmp), "templates.json")
    with open(path, "w") as f:
        json.dump(TEMPLATES, f)
    return path


def lines(path: str) -> List[Any]:
    with open(path) as f:
        return [json.loads(line) for line in f]


def assert_replays_and_traces(worker_bin: str, record: str, templates: str) -> None:
    recorded = lines(record)
    assert recorded[0] == {"args": ["--templates", templates]}
    assert recorded[-1]["expect"] is None and '"exit"' in recorded[-1]["send"], "exit is a notification: no reply"
    assert replay(record, worker_bin) == []
    traced = subprocess.run([worker_bin, "trace", record], capture_output=True, timeout=120)
    assert traced.returncode == 0, traced.stderr
    page = traced.stdout.decode()
    assert "the reply differs from the recorded one" not in page and "ignored" not in page


def test_a_recorded_session_replays_byte_for_byte_and_traces(worker_bin: str, tmp_path: Any) -> None:
    templates = templates_file(tmp_path)
    record = os.path.join(str(tmp_path), "session.jsonl")
    with Client(worker_bin, ["--templates", templates], record=record) as c:
        s = c.create((375, 800), template="follow").session
        assert c.scroll(s, 400).current_child == "a"
        out = c.batch([calls.scroll(s, 800, "idle"), calls.scroll("nope", 1), calls.get(s).as_notification()])
        assert isinstance(out[1], RpcError)
        c.notify("session.scroll", {"session": s, "offset": 0})
        assert [lay.offset for lay in c.pipeline([calls.scroll(s, y) for y in (100, 200, 300)])] == [100, 200, 300]
    sent = [json.loads(x["send"]) for x in lines(record)[1:]]
    assert [m.get("method") if isinstance(m, dict) else "batch" for m in sent] == [
        "session.create", "session.scroll", "batch", "session.scroll", "session.scroll", "session.scroll",
        "session.scroll", "shutdown", "exit"]
    assert_replays_and_traces(worker_bin, record, templates)


def test_the_async_client_records_too(worker_bin: str, tmp_path: Any) -> None:
    templates = templates_file(tmp_path)
    record = os.path.join(str(tmp_path), "async.jsonl")

    async def main() -> None:
        async with AsyncClient(worker_bin, ["--templates", templates], record=record) as c:
            s = (await c.create((375, 800), template="follow")).session
            await asyncio.gather(*(c.scroll(s, y) for y in (100, 900, 1700)))
            await c.notify("session.scroll", {"session": s, "offset": 0})
    asyncio.run(main())
    assert len(lines(record)) == 1 + 1 + 3 + 1 + 2
    assert_replays_and_traces(worker_bin, record, templates)
