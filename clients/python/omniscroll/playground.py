"""``python -m omniscroll playground [--port N] [--templates FILE] [--open]``:
the playground (docs/playground.md). Serves, on 127.0.0.1 only, one
self-contained page that draws a live session with the trace page's drawing
code, and a JSON-RPC bridge to workers: ``POST /session`` starts one worker
for a page load and answers its token, ``POST /rpc?token=T`` writes one
message to that worker and answers its reply line byte for byte, ``POST
/close?token=T`` (the page's ``pagehide`` beacon) ends it, and a worker whose
page stopped its heartbeat is ended too. Standard library only.

Every request must name this server in ``Host`` (127.0.0.1:PORT or
localhost:PORT), so a DNS-rebound name cannot reach it, and every POST must
come from the page's own ``Origin``, so no other site can drive a worker.
"""
from __future__ import annotations

import argparse
import http.server
import json
import os
import secrets
import sys
import threading
import time
import webbrowser
from typing import Dict, List, Optional
from urllib.parse import parse_qs, urlsplit

from ._worker import resolve_binary
from .errors import CallTimeout, OmniScrollError, WorkerDied
from .transcript import RawWorker

HERE = os.path.dirname(os.path.abspath(__file__))
REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
# The page's own files ship with the package; the files it shares with the
# trace page and the built-in templates are copied into the wheel by
# scripts/package and read where they live in the repository.
PAGE_DIR = os.path.join(HERE, "playground_page")
SHARED_DIRS = (os.path.join(HERE, "playground_shared"),
               os.path.join(REPOSITORY, "Sources", "OmniScrollTrace", "Resources"))
TEMPLATE_DIRS = (os.path.join(HERE, "playground_templates"), os.path.join(REPOSITORY, "protocol", "templates"))
SHARED_FILES = ("trace.css", "errors.js", "draw.js")

# At most this many workers at once (one per open page).
MAX_WORKERS = 16
# The page beats every 10 s (playground.js); a worker whose page has been
# silent for IDLE_SECONDS is ended. Generous, since a browser throttles the
# timers of a hidden tab to once a minute.
IDLE_SECONDS = 150.0
REPLY_TIMEOUT = 30.0


def first_dir(candidates) -> str:
    for d in candidates:
        if os.path.isdir(d):
            return d
    raise OmniScrollError("playground files not found in %s: install the wheel scripts/package builds, "
                          "or run it in the repository (cd clients/python)" % " or ".join(candidates))


def read(path: str) -> str:
    with open(path, encoding="utf-8") as f:
        return f.read()


def builtin_templates() -> Dict[str, object]:
    d = first_dir(TEMPLATE_DIRS)
    return {name[:-5]: json.loads(read(os.path.join(d, name)))
            for name in sorted(os.listdir(d)) if name.endswith(".json")}


def script_json(value: object) -> str:
    """JSON safe inside a <script> element: no `<` can end it."""
    return json.dumps(value, sort_keys=False).replace("<", "\\u003c")


def page(custom_templates: Dict[str, object]) -> bytes:
    """The page: one HTML file with its style, scripts and data inline."""
    shared = first_dir(SHARED_DIRS)
    parts = {name: read(os.path.join(shared, name)) for name in SHARED_FILES}
    data = {"builtIn": builtin_templates(), "custom": custom_templates}
    html = read(os.path.join(PAGE_DIR, "page.html"))
    for key, value in (("/*STYLE*/", parts["trace.css"] + read(os.path.join(PAGE_DIR, "playground.css"))),
                       ("/*ERRORS*/", parts["errors.js"]),
                       ("/*DATA*/", script_json(data)),
                       ("/*SCRIPT*/", parts["draw.js"] + read(os.path.join(PAGE_DIR, "playground.js")))):
        html = html.replace(key, value, 1)
    return html.encode("utf-8")


def message_limit(binary: str) -> int:
    """The worker's own --max-message-bytes, as its `initialize` reports it
    (capabilities.limits.maxMessageBytes): a bigger body is refused unread."""
    with RawWorker(binary) as worker:
        worker.send(b'{"jsonrpc":"2.0","id":1,"method":"initialize"}\n')
        reply = json.loads(worker.read_reply(REPLY_TIMEOUT))
    return int(reply["result"]["capabilities"]["limits"]["maxMessageBytes"])


class Worker:
    """One page's worker: its messages go one at a time, in order."""

    def __init__(self, binary: str) -> None:
        self.raw = RawWorker(binary)
        self.lock = threading.Lock()
        self.seen = time.monotonic()

    def call(self, message: bytes, expects_reply: bool) -> Optional[bytes]:
        with self.lock:
            self.seen = time.monotonic()
            self.raw.send(message + b"\n")
            return self.raw.read_reply(REPLY_TIMEOUT) if expects_reply else None

    def close(self) -> None:
        self.raw.close(2.0)


def expects_reply(message: bytes) -> bool:
    """Whether the worker answers the message: everything but a notification
    (a request without `id`) or a batch of them. A message that is not JSON
    gets its parse error."""
    try:
        value = json.loads(message)
    except ValueError:
        return True
    if isinstance(value, list):
        return not value or any(not isinstance(v, dict) or "id" in v for v in value)
    return not isinstance(value, dict) or "id" in value


class Bridge:
    """The workers by token, and the host names this server answers to."""

    def __init__(self, binary: str, custom_templates: Dict[str, object], idle_seconds: float = IDLE_SECONDS) -> None:
        self.binary = binary
        self.max_message_bytes = message_limit(binary)
        self.custom_templates = custom_templates
        self.idle_seconds = idle_seconds
        self.workers: Dict[str, Worker] = {}
        self.lock = threading.Lock()
        self.hosts: List[str] = []

    def bind(self, port: int) -> None:
        self.hosts = ["127.0.0.1:%d" % port, "localhost:%d" % port]

    def open(self) -> Optional[str]:
        with self.lock:
            if len(self.workers) >= MAX_WORKERS:
                return None
            token = secrets.token_hex(16)
            self.workers[token] = Worker(self.binary)
        log("worker started (%d running)" % len(self.workers))
        return token

    def get(self, token: str) -> Optional[Worker]:
        with self.lock:
            return self.workers.get(token)

    def close(self, token: str, why: str) -> bool:
        with self.lock:
            worker = self.workers.pop(token, None)
            left = len(self.workers)
        if worker is None:
            return False
        worker.close()
        log("worker ended: %s (%d running)" % (why, left))
        return True

    def reap(self) -> None:
        """Ends the workers whose page went silent, for ever (runs on a thread)."""
        while True:
            time.sleep(min(5.0, self.idle_seconds / 2))
            self.reap_silent(time.monotonic())

    def reap_silent(self, now: float) -> int:
        """Ends the workers last heard of more than idle_seconds before ``now``; how many."""
        with self.lock:
            silent = [t for t, w in self.workers.items() if now - w.seen > self.idle_seconds]
        for token in silent:
            self.close(token, "the page stopped its heartbeat")
        return len(silent)

    def close_all(self) -> None:
        for token in list(self.workers):
            self.close(token, "the playground stopped")


def log(text: str) -> None:
    print("playground: " + text, file=sys.stderr, flush=True)


class Handler(http.server.BaseHTTPRequestHandler):
    server_version = "omniscroll-playground"
    bridge: Bridge

    def log_message(self, format: str, *args: object) -> None:  # the worker events are the log
        pass

    def answer(self, status: int, body: bytes, content_type: str = "application/json") -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        # The page loads nothing from anywhere: inline style and scripts only.
        self.send_header("Content-Security-Policy",
                         "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
                         "connect-src 'self'; img-src data: blob:")
        self.end_headers()
        self.wfile.write(body)

    def refuse(self, status: int, reason: str) -> None:
        self.answer(status, json.dumps({"error": reason}).encode())

    def trusted_host(self) -> bool:
        if self.headers.get("Host") not in self.bridge.hosts:
            self.refuse(421, "Host must be one of " + ", ".join(self.bridge.hosts))
            return False
        return True

    def do_GET(self) -> None:
        if not self.trusted_host():
            return
        if urlsplit(self.path).path != "/":
            self.refuse(404, "not found")
            return
        self.answer(200, page(self.bridge.custom_templates), "text/html; charset=utf-8")

    def do_POST(self) -> None:
        if not self.trusted_host():
            return
        if self.headers.get("Origin") not in ["http://" + h for h in self.bridge.hosts]:
            self.refuse(403, "Origin must be this page's")
            return
        try:
            length = int(self.headers.get("Content-Length", "0"))
        except ValueError:
            self.refuse(400, "Content-Length is not a number")
            return
        limit = self.bridge.max_message_bytes
        if length < 0 or length > limit:
            self.refuse(413, "a message is at most %d bytes (the worker's --max-message-bytes)" % limit)
            self.close_connection = True
            return
        body = self.rfile.read(length)
        url = urlsplit(self.path)
        token = parse_qs(url.query).get("token", [""])[0]
        if url.path == "/session":
            token = self.bridge.open()
            if token is None:
                self.refuse(429, "at most %d workers at once" % MAX_WORKERS)
            else:
                self.answer(200, json.dumps({"token": token, "maxMessageBytes": self.bridge.max_message_bytes}).encode())
        elif url.path == "/close":
            self.bridge.close(token, "the page closed")
            self.answer(200, b"{}")
        elif url.path in ("/rpc", "/heartbeat"):
            worker = self.bridge.get(token)
            if worker is None:
                self.refuse(410, "no worker for this token (ended)")
            elif url.path == "/heartbeat":
                worker.seen = time.monotonic()
                self.answer(200, b"{}")
            elif b"\n" in body or b"\r" in body:
                self.refuse(400, "one message, on one line")
            else:
                self.forward(token, worker, body)
        else:
            self.refuse(404, "not found")

    def forward(self, token: str, worker: Worker, message: bytes) -> None:
        try:
            reply = worker.call(message, expects_reply(message))
        except (WorkerDied, CallTimeout) as e:
            self.bridge.close(token, "the worker failed: %s" % e)
            self.refuse(502, str(e))
            return
        self.answer(200, reply if reply is not None else b"")


def serve(bridge: Bridge, port: int) -> http.server.ThreadingHTTPServer:
    """The server for ``bridge`` on 127.0.0.1:``port`` (0: any free port), not yet serving."""
    handler = type("BridgeHandler", (Handler,), {"bridge": bridge})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.daemon_threads = True
    bridge.bind(server.server_address[1])
    return server


def load_templates(path: Optional[str]) -> Dict[str, object]:
    """--templates FILE: a JSON object of templates by name (as the worker's --templates reads)."""
    if not path:
        return {}
    try:
        value = json.loads(read(path))
    except (OSError, ValueError) as e:
        raise SystemExit("omniscroll playground: --templates %s: %s" % (path, e))
    if not isinstance(value, dict) or not all(isinstance(t, dict) for t in value.values()):
        raise SystemExit("omniscroll playground: --templates %s: not an object of templates by name" % path)
    return value


def main(argv: List[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m omniscroll playground",
                                     description="Try every seed screen live in a browser (docs/playground.md).")
    parser.add_argument("--port", type=int, default=8765, help="port on 127.0.0.1 (0: any free one); default 8765")
    parser.add_argument("--templates", metavar="FILE", help="also offer the templates of FILE (as omniscroll --templates)")
    parser.add_argument("--open", action="store_true", help="open the page in the default browser")
    parser.add_argument("--idle-timeout", type=float, default=IDLE_SECONDS, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    try:
        binary = resolve_binary()
    except OmniScrollError as e:
        raise SystemExit("omniscroll playground: %s" % e)
    bridge = Bridge(binary, load_templates(args.templates), args.idle_timeout)
    page({})  # fails now, not at the first page load, when the files are missing
    server = serve(bridge, args.port)
    threading.Thread(target=bridge.reap, daemon=True).start()
    url = "http://127.0.0.1:%d/" % server.server_address[1]
    print("omniscroll playground: %s" % url, flush=True)
    if args.open:
        webbrowser.open(url)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        bridge.close_all()
