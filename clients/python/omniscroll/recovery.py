"""Recovery: the bookkeeping that lets a session outlive its worker.

Both the sync :class:`~omniscroll.Client` and the :class:`~omniscroll.AsyncClient`
keep one :class:`Recovery` and call it at three seams: :meth:`Recovery.sent`
where request lines are written, :meth:`Recovery.received` where a reply line
is read, and :meth:`Recovery.restart` when the worker's output ends (it died,
was killed, or its pipe broke). clients/README.md ("Recovery") describes the
behaviour; this module holds all of it.

Per live session it keeps the latest snapshot (``base``) and the successful
calls replied since (``calls``); after :data:`DEFAULT_SNAPSHOT_EVERY` such
calls it asks the worker for a fresh ``session.snapshot`` (an id of its own,
sent before the next request line), so a journal never holds more than about
2N calls (replied calls are filed into their sessions' journals N at a time,
so the hot path pays a list append per reply). A new worker gets, in this order: ``session.create``/``destroy`` pairs
that bring its generated-id counter (``s<n>``) to where the dead worker's was,
the ``session.defineTemplate`` calls, each session's ``session.restore`` (or
the call that created it) and journal in creation order, and last the request
lines that had no reply, byte for byte. Requests run in order and the engine
is deterministic, so the re-sent lines get the replies the dead worker would
have written. Replay requests carry string ids (``"~r<n>"``) that the clients'
own integer ids never equal, so their replies are recognised and dropped.
"""
from __future__ import annotations

import json
import os
import tempfile
from collections import deque
from typing import Any, Dict, List, Optional, Sequence

from ._result import Call
from .errors import WorkerDied

JSON = Any

#: Calls journaled per session before a fresh snapshot is asked for.
DEFAULT_SNAPSHOT_EVERY = 64
#: Bounds of ``snapshot_every``: at least every call, at most this many.
MAX_SNAPSHOT_EVERY = 4096

_PREFIX = "~r"
_CREATING = frozenset(("session.create", "grid.create", "session.restore"))
# Calls whose result the journal keeps: a session's creation, a snapshot.
_KEEPS_RESULT = _CREATING | {"session.snapshot"}
_STOPPING = frozenset(("shutdown", "exit"))
# A session's calls that end its journal rather than join it.
_ENDS_JOURNAL = frozenset(("session.destroy", "session.snapshot"))
# Generated ids bumped past on a new worker: a client that let the worker
# name more sessions than this has its counter restored only this far.
_MAX_ID_BUMP = 100_000
# A throwaway session: the smallest create the worker accepts.
_DUMMY = {"viewport": {"width": 1, "height": 1}, "children": []}


def check_snapshot_every(n: int) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_SNAPSHOT_EVERY:
        raise ValueError("snapshot_every must be an integer from 1 to %d" % MAX_SNAPSHOT_EVERY)
    return n


def _line(rid: str, method: str, params: JSON) -> bytes:
    msg: Dict[str, JSON] = {"jsonrpc": "2.0", "id": rid, "method": method}
    if params is not None:
        msg["params"] = params
    return json.dumps(msg, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode("utf-8") + b"\n"


class _Session:
    __slots__ = ("base", "calls", "snapshotting")

    def __init__(self, creating: Call) -> None:
        self.base: JSON = None
        self.calls: List[Call] = [creating]
        self.snapshotting = False


class Recovery:
    """Journal of one client's sessions; not thread-safe: the sync client
    calls :meth:`sent` under its write lock and :meth:`received` from its one
    reader thread, and the two share only counters they each own, plus the
    dicts that CPython updates atomically."""

    def __init__(self, args: Sequence[str], snapshot_every: int = DEFAULT_SNAPSHOT_EVERY) -> None:
        self.args = list(args)
        self.every = check_snapshot_every(snapshot_every)
        self.sessions: Dict[str, _Session] = {}  # in creation order
        self.templates: List[JSON] = []
        self.next_generated = 1
        #: Set once ``shutdown`` or ``exit`` is sent: a worker ending then is not revived.
        self.stopping = False
        self._inflight: Dict[int, bytes] = {}  # unanswered lines by their first id, in send order
        self._requests: Dict[int, JSON] = {}  # unanswered requests by id
        self._left: Dict[int, int] = {}  # a batch line's unanswered requests
        self._line_of: Dict[int, int] = {}  # a batch's later requests: the line's first id
        self._internal: Dict[str, Any] = {}  # replay / snapshot id -> its session (or None)
        self._queued: "deque[str]" = deque()
        self._ids = 0
        # What the last death left: the oldest unanswered line, and whether the
        # worker was a restarted one that died before answering all it was sent.
        self._last_head: Optional[int] = None
        self._last_failed = False
        self._replay: Optional[List[bytes]] = None  # what the current worker was sent by `restart`
        self._replies: List[bytes] = []
        self._answered = 0  # lines the current worker answered
        # Calls replied (results not kept) and not yet filed per session: filed
        # every `every` calls, and before anything that reads the journals.
        self._replied: List[Call] = []

    # ------------------------------------------------------------------ seams
    def sent(self, lines: Sequence[bytes], requests: Sequence[Any], as_batch: bool) -> bytes:
        """Records request lines about to be written; returns the bytes to
        write before them (queued snapshot requests; b"" mostly). ``requests``: per line its
        ``(id, Call)`` (id None for a notification), or for a batch the
        request objects of its one line. The journal keeps the calls and the
        encoded lines as they are, nothing copied or encoded again (the hot
        path: one request a line). A line is known by the id of its first request."""
        queued = [self._snapshot_line(self._queued.popleft()) for _ in range(len(self._queued))] \
            if self._queued else None
        if as_batch:
            self._sent_batch(lines[0], requests)
        else:
            inflight, pending = self._inflight, self._requests
            for data, (rid, c) in zip(lines, requests):
                if rid is not None:
                    pending[rid] = c
                    inflight[rid] = data
                if c.method in _STOPPING:
                    self.stopping = True
        return b"".join(queued) if queued else b""

    def sent_one(self, rid: int, c: Call, data: bytes) -> bytes:
        """``sent`` for one request line (a one-at-a-time caller's), without
        the lists ``sent`` takes."""
        self._requests[rid] = c
        self._inflight[rid] = data
        if c.method in _STOPPING:
            self.stopping = True
        if not self._queued:
            return b""
        return b"".join([self._snapshot_line(self._queued.popleft()) for _ in range(len(self._queued))])

    def _sent_batch(self, data: bytes, objs: Sequence[JSON]) -> None:
        key = None
        for o in objs:
            if o["method"] in _STOPPING:
                self.stopping = True
            rid = o.get("id")
            if rid is None:
                continue
            self._requests[rid] = Call(o["method"], o.get("params"))
            if key is None:
                key = rid
                self._inflight[key] = data
                self._left[key] = 0
            else:
                self._line_of[rid] = key
            self._left[key] += 1

    def received(self, raw: bytes, msg: JSON) -> None:
        """Observes one reply line (already parsed) before the client dispatches it."""
        self._answered += 1
        if self._replay is not None and len(self._replies) < len(self._replay):
            self._replies.append(raw)
        for item in ((msg,) if type(msg) is dict else msg if type(msg) is list else ()):
            if type(item) is not dict:
                continue
            rid = item.get("id")
            if type(rid) is int:
                request = self._requests.pop(rid, None)
                if request is None:
                    continue
                self._answer_line(self._line_of.pop(rid, rid) if self._line_of else rid)
                if "result" in item:
                    self._file()
                    self._journal(request, item["result"])
            elif type(rid) is str:
                if rid.startswith(_PREFIX):
                    self._internal_reply(rid, item)
            elif rid is None and self._inflight:  # an id-less error answers the oldest line
                self._answer_line(next(iter(self._inflight)), every=True)

    def answered(self, rid: int, raw: bytes) -> None:
        """Observes a result line of request ``rid``, read off its bytes (the
        clients' lazy path): decoded only when the journal keeps the result
        (a session's creation, a snapshot)."""
        self._answered += 1
        if self._replay is not None and len(self._replies) < len(self._replay):
            self._replies.append(raw)
        request = self._requests.pop(rid, None)
        if request is None:
            return
        if self._line_of or self._left:
            self._answer_line(self._line_of.pop(rid, rid))
        else:
            self._inflight.pop(rid, None)
        if request.method in _KEEPS_RESULT:
            self._file()
            self._journal(request, json.loads(raw)["result"])
        else:
            self._replied.append(request)
            if len(self._replied) >= self.every:
                self._file()

    def _answer_line(self, key: int, every: bool = False) -> None:
        left = self._left.get(key) if self._left else None
        if left is None or left <= 1 or every:
            self._inflight.pop(key, None)
            self._left.pop(key, None)
        else:
            self._left[key] = left - 1

    def restart(self) -> bytes:
        """The bytes for a new worker, or raises :class:`WorkerDied` (with a
        transcript) on a second death on the same call: the oldest unanswered
        line was that at the previous death too. Two restarted workers in a
        row that die before answering all they were sent (a worker that dies
        at start, a replay that crashes it) end it too."""
        head = next(iter(self._inflight), None)
        failed = self._replay is not None and (self._answered == 0 or self._answered < len(self._replay))
        if (head is not None and head == self._last_head) or (failed and self._last_failed):
            raise self._died_twice()
        self._last_head, self._last_failed = head, failed
        self._file()
        self._internal.clear()
        self._queued.clear()
        for s in self.sessions.values():
            s.snapshotting = False
        lines: List[bytes] = []
        for k in range(1, min(self.next_generated, _MAX_ID_BUMP)):
            lines.append(self._internal_line("session.create", _DUMMY))
            lines.append(self._internal_line("session.destroy", {"session": "s%d" % k}))
        for t in self.templates:
            lines.append(self._internal_line(t.method, t.params))
        for s in self.sessions.values():
            if s.base is not None:
                lines.append(self._internal_line("session.restore", {"snapshot": s.base}))
            for c in s.calls:
                lines.append(self._internal_line(c.method, c.params))
        lines.extend(self._inflight.values())
        self._replay = lines
        self._replies = []
        self._answered = 0
        return b"".join(lines)

    @property
    def resent(self) -> int:
        """Request lines re-sent by the last :meth:`restart`."""
        return len(self._inflight)

    # ------------------------------------------------------------------ journal
    def _journal(self, request: Call, result: JSON) -> None:
        params = request.params
        sid = params.get("session") if type(params) is dict else None
        if type(sid) is str:
            method = request.method
            if method == "session.destroy":
                self.sessions.pop(sid, None)
                return
            s = self.sessions.get(sid)
            if s is None:
                return
            if method == "session.snapshot":  # the caller's own snapshot is as good as ours
                s.base, s.calls = result, []
                return
            self._replied.append(request)  # joins the journal when filed
            return
        method = request.method
        if method in _CREATING and isinstance(params, dict) and isinstance(result, dict) \
                and isinstance(result.get("session"), str):
            sid = result["session"]
            self.sessions.pop(sid, None)
            # Replayed with the id the worker gave, so it names the same session.
            self.sessions[sid] = _Session(Call(method, {**params, "id": sid}))
            if method != "session.restore" and "id" not in params:
                n = sid[1:]
                if sid.startswith("s") and n.isdigit():
                    self.next_generated = max(self.next_generated, int(n) + 1)
        elif method == "session.defineTemplate":
            self.templates.append(request)

    def _file(self) -> None:
        """Files the calls replied since the last filing into their
        sessions' journals, in reply order (what :meth:`_journal` does for
        each, the plain calls of a live session without a call per call)."""
        replied, self._replied = self._replied, []
        sessions, every = self.sessions, self.every
        for c in replied:
            params = c.params
            sid = params.get("session") if type(params) is dict else None
            s = sessions.get(sid) if type(sid) is str else None
            if s is None or c.method in _ENDS_JOURNAL:
                self._journal(c, None)
                continue
            s.calls.append(c)
            if len(s.calls) >= every and not s.snapshotting:
                s.snapshotting = True
                self._queued.append(sid)

    def _internal_line(self, method: str, params: JSON, session: Any = None) -> bytes:
        self._ids += 1
        rid = "%s%d" % (_PREFIX, self._ids)
        self._internal[rid] = session
        return _line(rid, method, params)

    def _snapshot_line(self, sid: str) -> bytes:
        s = self.sessions.get(sid)
        return self._internal_line("session.snapshot", {"session": sid}, s) if s is not None else b""

    def _internal_reply(self, rid: str, item: JSON) -> None:
        s = self._internal.pop(rid, None)
        if not isinstance(s, _Session):
            return
        self._file()
        s.snapshotting = False
        # Replies come in request order: every call journaled so far was sent
        # before the snapshot request, so the snapshot holds them all.
        if "result" in item:
            s.base, s.calls = item["result"], []

    # ------------------------------------------------------------------ second death
    def _died_twice(self) -> WorkerDied:
        path = self.write_transcript()
        return WorkerDied(None, "", "the worker died again on the same call; transcript of the crash: %s" % path,
                          transcript=path)

    def write_transcript(self) -> str:
        """A conformance transcript (protocol/conformance/) of what the last
        worker was sent, up to the line it never answered: from a fresh
        worker it reproduces the crash (``omniscroll trace``)."""
        fd, path = tempfile.mkstemp(prefix="omniscroll-crash-", suffix=".jsonl")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(json.dumps({"args": self.args}, separators=(",", ":")) + "\n")
            for i, sent in enumerate(self._replay or ()):
                expect = self._replies[i].rstrip(b"\n").decode("utf-8", "surrogateescape") if i < len(self._replies) else None
                f.write(json.dumps({"send": sent[:-1].decode("utf-8", "surrogateescape"), "expect": expect},
                                   separators=(",", ":"), ensure_ascii=False) + "\n")
                if expect is None:
                    break
        return path
