"""The playground's bridge (docs/playground.md) without a browser: what it
serves, whom it refuses, how it carries one page's messages to its worker and
when it ends the worker. scripts/test-playground-browser drives the page itself."""
from __future__ import annotations

import http.client
import json
import threading
from pathlib import Path
from typing import Dict, Iterator, Tuple

import pytest

from conftest import REPO
from omniscroll import playground

SHARED = REPO / "Sources" / "OmniScrollTrace" / "Resources"


@pytest.fixture
def bridge(worker_bin: str) -> Iterator[Tuple[playground.Bridge, int]]:
    b = playground.Bridge(worker_bin, {"mine": {"children": [{"id": "only", "kind": "fixed", "height": 10}]}})
    server = playground.serve(b, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield b, server.server_address[1]
    server.shutdown()
    server.server_close()
    b.close_all()


def request(port: int, method: str, path: str, headers: Dict[str, str], body: bytes = b"") -> Tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    connection.putrequest(method, path, skip_host=True)
    for name, value in headers.items():
        connection.putheader(name, value)
    connection.putheader("Content-Length", str(len(body)))
    connection.endheaders()
    connection.send(body)
    response = connection.getresponse()
    out = response.status, response.read()
    connection.close()
    return out


def own(port: int) -> Dict[str, str]:
    return {"Host": "127.0.0.1:%d" % port, "Origin": "http://127.0.0.1:%d" % port}


def open_worker(port: int) -> str:
    status, body = request(port, "POST", "/session", own(port))
    assert status == 200
    return json.loads(body)["token"]


def test_the_page_inlines_the_trace_pages_drawing_and_loads_nothing(bridge: Tuple[playground.Bridge, int]) -> None:
    _, port = bridge
    status, body = request(port, "GET", "/", {"Host": "localhost:%d" % port})
    assert status == 200
    page = body.decode()
    for name in ("draw.js", "errors.js", "trace.css"):
        assert (SHARED / name).read_text(encoding="utf-8") in page, name + " is not served as it is in the source"
    for reference in ("src=", "href=", "@import", "url(", "http:", "https:"):
        assert reference not in page, reference
    data = json.loads(page.split('<script id="playground-data" type="application/json">')[1].split("</script>")[0])
    assert sorted(data["builtIn"]) == sorted(p.stem for p in (REPO / "protocol" / "templates").glob("*.json"))
    assert list(data["custom"]) == ["mine"]


@pytest.mark.parametrize("headers, status", [
    ({"Origin": "http://evil.example"}, 403),
    ({}, 403),
    ({"Origin": "http://127.0.0.1:1"}, 403),
])
def test_a_post_from_another_origin_is_refused(bridge: Tuple[playground.Bridge, int], headers: Dict[str, str],
                                               status: int) -> None:
    b, port = bridge
    assert request(port, "POST", "/session", dict({"Host": "127.0.0.1:%d" % port}, **headers))[0] == status
    assert b.workers == {}


@pytest.mark.parametrize("host", ["evil.example", "evil.example:%d", "127.0.0.1", "0.0.0.0:%d"])
def test_another_host_name_is_refused_as_a_dns_rebound_one_would_be(bridge: Tuple[playground.Bridge, int],
                                                                   host: str) -> None:
    b, port = bridge
    name = host % port if "%d" in host else host
    assert request(port, "GET", "/", {"Host": name})[0] == 421
    assert request(port, "POST", "/session", {"Host": name, "Origin": "http://" + name})[0] == 421
    assert b.workers == {}


def test_a_message_over_the_workers_limit_is_refused_unread(bridge: Tuple[playground.Bridge, int]) -> None:
    b, port = bridge
    assert b.max_message_bytes == 16 * 1024 * 1024  # the worker's default (docs/protocol.md)
    token = open_worker(port)
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    connection.putrequest("POST", "/rpc?token=" + token, skip_host=True)
    for name, value in own(port).items():
        connection.putheader(name, value)
    connection.putheader("Content-Length", str(b.max_message_bytes + 1))
    connection.endheaders()
    assert connection.getresponse().status == 413
    connection.close()


def test_messages_reach_the_pages_own_worker_and_replies_come_back_byte_for_byte(
        bridge: Tuple[playground.Bridge, int], worker_bin: str) -> None:
    _, port = bridge
    first, second = open_worker(port), open_worker(port)
    create = b'{"jsonrpc":"2.0","id":1,"method":"session.create","params":{"id":"a","viewport":{"width":10,"height":10},' \
             b'"children":[{"id":"c","kind":"fixed","height":30}]}}'
    status, reply = request(port, "POST", "/rpc?token=" + first, own(port), create)
    assert status == 200
    from omniscroll.transcript import RawWorker
    with RawWorker(worker_bin) as raw:
        raw.send(create + b"\n")
        assert reply == raw.read_reply(10.0)
    # The other page's worker has no session "a".
    status, reply = request(port, "POST", "/rpc?token=" + second, own(port),
                            b'{"jsonrpc":"2.0","id":2,"method":"session.list"}')
    assert json.loads(reply)["result"]["sessions"] == []
    # A notification gets no reply; two messages in one body are refused.
    assert request(port, "POST", "/rpc?token=" + first, own(port), b'{"jsonrpc":"2.0","method":"$/anything"}') == (200, b"")
    assert request(port, "POST", "/rpc?token=" + first, own(port), b'{}\n{}')[0] == 400
    assert request(port, "POST", "/rpc?token=nobody", own(port), b'{}')[0] == 410


def test_closing_the_page_ends_its_worker(bridge: Tuple[playground.Bridge, int]) -> None:
    b, port = bridge
    token = open_worker(port)
    worker = b.workers[token]
    assert request(port, "POST", "/close?token=" + token, own(port))[0] == 200
    assert b.workers == {}
    assert worker.raw.returncode is not None
    assert request(port, "POST", "/rpc?token=" + token, own(port), b'{"jsonrpc":"2.0","id":1,"method":"session.list"}')[0] == 410


def test_a_worker_whose_page_stopped_beating_is_ended(bridge: Tuple[playground.Bridge, int]) -> None:
    b, port = bridge
    token = open_worker(port)
    seen = b.workers[token].seen
    assert b.reap_silent(seen + b.idle_seconds) == 0
    assert request(port, "POST", "/heartbeat?token=" + token, own(port))[0] == 200
    beat = b.workers[token].seen
    assert beat >= seen
    assert b.reap_silent(beat + b.idle_seconds + 1) == 1
    assert b.workers == {}


@pytest.mark.parametrize("message, expected", [
    (b'{"jsonrpc":"2.0","id":1,"method":"session.list"}', True),
    (b'{"jsonrpc":"2.0","method":"exit"}', False),
    (b'[{"jsonrpc":"2.0","method":"exit"}]', False),
    (b'[{"jsonrpc":"2.0","method":"exit"},{"jsonrpc":"2.0","id":null,"method":"session.list"}]', True),
    (b'[]', True),
    (b'{oops', True),
    (b'42', True),
])
def test_only_a_notification_goes_unanswered(message: bytes, expected: bool) -> None:
    assert playground.expects_reply(message) is expected


def test_a_templates_file_that_is_not_templates_is_a_usage_error(tmp_path: Path) -> None:
    bad = tmp_path / "t.json"
    bad.write_text("[1]")
    with pytest.raises(SystemExit, match="not an object of templates"):
        playground.load_templates(str(bad))
    assert playground.load_templates(str(REPO / "protocol" / "examples" / "templates.json")).keys() >= {"recommend", "follow"}
