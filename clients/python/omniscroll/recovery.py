"""Recovery: the bookkeeping that lets a session outlive its worker.

Both the sync :class:`~omniscroll.Client` and the :class:`~omniscroll.AsyncClient`
keep one :class:`Recovery` and call it at three seams: :meth:`Recovery.sent`
where request lines are written, :meth:`Recovery.answered` (a result read off
its bytes), :meth:`Recovery.internal` (a reply to the recovery's own request)
and :meth:`Recovery.received` (any other line, parsed) where a reply line is
read, and :meth:`Recovery.restart` when the worker's output ends (it died,
was killed, or its pipe broke). clients/README.md ("Recovery") describes the
behaviour; this module holds all of it.

Per live session it keeps the latest snapshot (``base``, the bytes the worker
wrote: never decoded, sent back verbatim) and the successful calls replied
since (``calls``); after :data:`DEFAULT_SNAPSHOT_EVERY` such calls it asks the
worker for a fresh ``session.snapshot`` (an id of its own, sent after the
next request lines), so a journal never holds more than about 2N calls. The
worker answers lines in the order they were written, so the hot path is a
log: a write extends it (two list extends per window of lines), a reply moves
its head one line on, and every N replies the calls answered are filed into
their sessions' journals at once. A new worker gets, in this order: ``session.create``/``destroy`` pairs
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
from itertools import repeat
from operator import attrgetter, itemgetter
from typing import Any, Dict, List, Optional, Sequence, Union

from ._result import Call
from .errors import WorkerDied

JSON = Any

#: Calls journaled per session before a fresh snapshot is asked for.
DEFAULT_SNAPSHOT_EVERY = 1024
#: Bounds of ``snapshot_every``: at least every call, at most this many.
MAX_SNAPSHOT_EVERY = 4096

_PREFIX = "~r"
# A reply to the recovery's own request starts so; a result's member follows its id.
_OWN_REPLY = b'{"jsonrpc":"2.0","id":"~r'
_RESULT = b',"result":'
# A request line of the clients starts so, its id next (client.encode_request).
_REQUEST_PREFIX = b'{"jsonrpc":"2.0","id":'
_CREATING = frozenset(("session.create", "grid.create", "session.restore"))
_STOPPING = frozenset(("shutdown", "exit"))
# Calls noted as they are answered: those whose result the journal keeps (a
# session's creation, a snapshot) and those after which a dead worker stays dead.
_NOTED = _CREATING | {"session.snapshot"} | _STOPPING
# A session's calls that end its journal rather than join it.
_ENDS_JOURNAL = frozenset(("session.destroy", "session.snapshot"))
# Generated ids bumped past on a new worker: a client that let the worker
# name more sessions than this has its counter restored only this far.
_MAX_ID_BUMP = 100_000
# A log entry's call, a call's params and method (the filing's C loops).
_CALL_OF = itemgetter(1)
_PARAMS_OF = attrgetter("params")
_METHOD_OF = attrgetter("method")
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


def _raw_result(line: bytes) -> bytes:
    """The result of a reply line as the worker wrote it (docs/protocol.md:
    ``result`` is the line's last member), never decoded."""
    start = line.index(_RESULT) + len(_RESULT)
    return line[start:line.rindex(b"}")]


def _encoded(value: JSON) -> bytes:
    return value if type(value) is bytes else json.dumps(
        value, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode("utf-8")


class _Session:
    __slots__ = ("base", "calls", "snapshotting")

    def __init__(self, creating: Call) -> None:
        self.base: Optional[bytes] = None  # the latest snapshot, as the worker wrote it
        # The calls since: each as the line it was sent as (bytes: no objects
        # for the garbage collector to walk while the journal keeps them),
        # or as a Call (its creation, a batch's request).
        self.calls: List[Union[bytes, Call]] = [creating]
        self.snapshotting = False


class _Batch:
    """A batch line's requests (by id, in order): its one reply line answers them all."""
    __slots__ = ("calls", "first")

    def __init__(self, calls: Dict[int, Call]) -> None:
        self.calls = calls
        self.first = next(iter(calls))


class Recovery:
    """Journal of one client's sessions; not thread-safe: the sync client
    calls :meth:`sent` under its write lock and :meth:`answered` /
    :meth:`received` / :meth:`internal` from the one thread reading, and the
    two share only the log lists (appended by the writer, cut at the front by
    the reader, both whole operations under the GIL) and the snapshot queue."""

    def __init__(self, args: Sequence[str], snapshot_every: int = DEFAULT_SNAPSHOT_EVERY) -> None:
        self.args = list(args)
        self.every = check_snapshot_every(snapshot_every)
        self.sessions: Dict[str, _Session] = {}  # in creation order
        self.templates: List[Call] = []
        self.next_generated = 1
        self._stopping = False
        # The log: every line written whose reply is not yet filed, in write
        # order, and per line what it asked: ``(id, Call)`` for a request, a
        # _Batch, a _Session for the recovery's own snapshot request (its
        # line b"": not re-sent), None once handled. The worker answers lines
        # in order, so the reply read next answers line ``_head``.
        self._out: List[bytes] = []
        self._slots: List[Any] = []
        self._head = 0
        self._internal: Dict[str, Any] = {}  # replay id -> None, snapshot id -> its _Session
        self._queued: "deque[str]" = deque()
        self._ids = 0
        # What the last death left: the oldest unanswered line's first id, and
        # whether the worker was a restarted one that died before answering
        # all it was sent.
        self._last_head: Optional[int] = None
        self._last_failed = False
        self._replay: Optional[List[bytes]] = None  # what the current worker was sent by `restart`
        self._replies: List[bytes] = []
        self._capture = 0  # replies still to see before the current worker answered all of the replay
        self._resent = 0

    @property
    def stopping(self) -> bool:
        """Whether ``shutdown`` or ``exit`` was sent: a worker ending then is
        not revived. Read on a death only, so the hot path never looks."""
        if not self._stopping:
            self._stopping = any(type(e) is tuple and e[1].method in _STOPPING for e in self._slots)
        return self._stopping

    # ------------------------------------------------------------------ seams
    def sent(self, lines: Sequence[bytes], requests: Sequence[Any], as_batch: Optional[bool]) -> bytes:
        """Records request lines about to be written; returns the bytes to
        write after them (queued snapshot requests; b"" mostly: after, so the
        worker answers the lines before it takes the snapshot, which then
        holds them too). ``as_batch`` False: one request with an id per
        line, ``requests`` their ``(id, Call)`` (the hot path: two list
        extends); None: the same, ids None for notifications; True: one
        batch line, ``requests`` its request objects."""
        if as_batch is False:
            self._out += lines
            self._slots += requests
        elif as_batch:
            self._sent_batch(lines[0], requests)
        else:
            for data, (rid, c) in zip(lines, requests):
                if c.method in _STOPPING:
                    self._stopping = True
                if rid is not None:
                    self._out.append(data)
                    self._slots.append((rid, c))
        return self._snapshot_lines() if self._queued else b""

    def sent_one(self, rid: int, c: Call, data: bytes) -> bytes:
        """``sent`` for one request line (a one-at-a-time caller's), without
        the lists ``sent`` takes."""
        self._out.append(data)
        self._slots.append((rid, c))
        return self._snapshot_lines() if self._queued else b""

    def _snapshot_lines(self) -> bytes:
        return b"".join([self._snapshot_line(self._queued.popleft()) for _ in range(len(self._queued))])

    def _sent_batch(self, data: bytes, objs: Sequence[JSON]) -> None:
        requests: Dict[int, Call] = {}
        for o in objs:
            if o["method"] in _STOPPING:
                self._stopping = True
            rid = o.get("id")
            if rid is not None:
                requests[rid] = Call(o["method"], o.get("params"))
        if requests:  # a batch of notifications only gets no reply
            self._out.append(data)
            self._slots.append(_Batch(requests))

    def answered(self, rid: int, raw: bytes) -> None:
        """Observes a result line of request ``rid``, read off its bytes (the
        clients' lazy path, the hot one): it answers line ``_head``. Decoded
        only when the journal keeps the result (a session's creation); a
        snapshot is kept as its bytes."""
        if self._capture:
            self._captured(raw)
        h = self._head
        try:
            c = self._slots[h][1]
        except (IndexError, TypeError):
            return  # no line of the log waits for it: not a reply to a journaled request
        self._head = h + 1
        if c.method in _NOTED:
            self._slots[h] = None
            self._file()
            self._journal(c, _raw_result(raw) if c.method == "session.snapshot" else json.loads(raw)["result"])
        elif h + 1 >= self.every:
            self._file()

    def internal(self, raw: bytes) -> None:
        """Observes a reply to the recovery's own request (its id ``"~r<n>"``),
        read off its bytes: a snapshot's result is kept as the worker wrote it."""
        if self._capture:
            self._captured(raw)
        end = raw.find(b'"', len(_OWN_REPLY))
        rid = raw[len(_OWN_REPLY) - len(_PREFIX):end].decode("ascii", "replace")
        self._internal_reply(rid, _raw_result(raw) if raw.startswith(_RESULT, end + 1) else None)

    def received(self, raw: bytes, msg: JSON) -> None:
        """Observes one reply line (already parsed) that is no plain result:
        an error, a batch's replies, an id-less error, a reply to the
        recovery's own request."""
        if self._capture:
            self._captured(raw)
        if type(msg) is dict:
            rid = msg.get("id")
            if type(rid) is str:
                if rid.startswith(_PREFIX):
                    self._internal_reply(rid, _encoded(msg["result"]) if "result" in msg else None)
                return
            if self._head >= len(self._slots) or not (rid is None or type(rid) is int):
                return
            h = self._head
            e = self._slots[h]
            self._head = h + 1
            if type(e) is tuple and "result" in msg and e[1].method in _NOTED:
                self._slots[h] = None
                self._file()
                self._journal(e[1], msg["result"])
            elif type(e) is not tuple or "result" not in msg:
                if type(e) is tuple and e[1].method in _STOPPING:
                    self._stopping = True
                self._slots[h] = None  # answered with an error: changed nothing, not kept
        elif type(msg) is list and self._head < len(self._slots):
            h = self._head
            e = self._slots[h]
            self._slots[h] = None
            self._head = h + 1
            self._file()
            if type(e) is not _Batch:
                return
            for item in msg:
                if type(item) is dict and "result" in item:
                    c = e.calls.get(item.get("id"))  # type: ignore[arg-type]
                    if c is not None:
                        self._journal(c, item["result"])

    def _captured(self, raw: bytes) -> None:
        self._capture -= 1
        if self._replay is not None and len(self._replies) < len(self._replay):
            self._replies.append(raw.rstrip(b"\n"))

    def restart(self) -> bytes:
        """The bytes for a new worker, or raises :class:`WorkerDied` (with a
        transcript) on a second death on the same call: the oldest unanswered
        line was that at the previous death too. Two restarted workers in a
        row that die before answering all they were sent (a worker that dies
        at start, a replay that crashes it) end it too."""
        self._file()
        # The lines still unanswered, but the recovery's own snapshot requests.
        kept = [(data, e) for data, e in zip(self._out, self._slots) if data]
        first = kept[0][1] if kept else None
        head = first[0] if type(first) is tuple else first.first if type(first) is _Batch else None
        failed = self._replay is not None and self._capture > 0
        if (head is not None and head == self._last_head) or (failed and self._last_failed):
            raise self._died_twice()
        self._last_head, self._last_failed = head, failed
        self._internal.clear()
        self._queued.clear()
        lines: List[bytes] = []
        for k in range(1, min(self.next_generated, _MAX_ID_BUMP)):
            lines.append(self._internal_line("session.create", _DUMMY))
            lines.append(self._internal_line("session.destroy", {"session": "s%d" % k}))
        for t in self.templates:
            lines.append(self._internal_line(t.method, t.params))
        for s in self.sessions.values():
            s.snapshotting = False
            if s.base is not None:
                lines.append(self._restore_line(s.base))
            for c in s.calls:
                lines.append(self._resent_line(c) if type(c) is bytes else self._internal_line(c.method, c.params))
        self._out = [data for data, _ in kept]
        self._slots = [e for _, e in kept]
        self._head = 0
        self._resent = len(kept)
        lines.extend(self._out)
        self._replay = lines
        self._replies = []
        self._capture = max(1, len(lines))
        return b"".join(lines)

    @property
    def resent(self) -> int:
        """Request lines re-sent by the last :meth:`restart`."""
        return self._resent

    # ------------------------------------------------------------------ journal
    def _journal(self, request: Call, result: JSON, line: Optional[bytes] = None) -> None:
        """Journals one call answered with ``result`` (a session.snapshot's:
        its bytes), after every call answered before it; ``line``: the line
        it was sent as, if it was sent alone."""
        params = request.params
        method = request.method
        if method in _STOPPING:
            self._stopping = True
            return
        sid = params.get("session") if type(params) is dict else None
        if type(sid) is str:
            if method == "session.destroy":
                self.sessions.pop(sid, None)
                return
            s = self.sessions.get(sid)
            if s is None:
                return
            if method == "session.snapshot":  # the caller's own snapshot is as good as ours
                if result is not None:
                    s.base, s.calls = _encoded(result), []
                return
            s.calls.append(request if line is None else line)
            self._check_size(s, sid)
            return
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
        """Files the calls of the lines answered since the last filing into
        their sessions' journals, in reply order, and cuts those lines off
        the log. The common case, plain calls of one live session, in one
        list extend (a few C loops over the lines, no Python code per call);
        any other, call by call."""
        end = self._head
        if not end:
            return
        answered = self._slots[:end]
        out = self._out[:end]
        del self._slots[:end]
        del self._out[:end]
        self._head = 0
        try:
            done = list(map(_CALL_OF, answered))
            sids = set(map(dict.get, map(_PARAMS_OF, done), repeat("session")))
        except TypeError:  # a line handled when answered, or a call without params
            done, sids = [e[1] for e in answered if type(e) is tuple], set()
        s = self.sessions.get(sids.pop()) if len(sids) == 1 else None
        if s is not None and _ENDS_JOURNAL.isdisjoint(map(_METHOD_OF, done)) and len(done) == end:
            s.calls += out
            self._check_size(s, done[0].params["session"])
            return
        for e, line in zip(answered, out):
            if type(e) is tuple:
                self._journal(e[1], None, line)

    def _check_size(self, s: _Session, sid: str) -> None:
        if len(s.calls) >= self.every and not s.snapshotting:
            s.snapshotting = True
            self._queued.append(sid)

    def _internal_line(self, method: str, params: JSON) -> bytes:
        return _line(self._internal_id(None), method, params)

    def _resent_line(self, line: bytes) -> bytes:
        """A journaled line with an id of the recovery's own: the bytes after
        its id as they were sent."""
        return b'{"jsonrpc":"2.0","id":"%s"' % self._internal_id(None).encode("ascii") + \
            line[line.index(b",", len(_REQUEST_PREFIX)):]

    def _internal_id(self, session: Optional[_Session]) -> str:
        self._ids += 1
        rid = "%s%d" % (_PREFIX, self._ids)
        self._internal[rid] = session
        return rid

    def _restore_line(self, snapshot: bytes) -> bytes:
        """A session.restore of a snapshot kept as the worker wrote it: sent back verbatim."""
        rid = self._internal_id(None)
        return b'{"jsonrpc":"2.0","id":"%s","method":"session.restore","params":{"snapshot":%s}}\n' % (
            rid.encode("ascii"), snapshot)

    def _snapshot_line(self, sid: str) -> bytes:
        """A snapshot request of the recovery's own, logged in its place (a
        line of its own, answered in order, never re-sent)."""
        s = self.sessions.get(sid)
        if s is None:
            return b""
        self._out.append(b"")
        self._slots.append(s)
        return _line(self._internal_id(s), "session.snapshot", {"session": sid})

    def _internal_reply(self, rid: str, result: Optional[bytes]) -> None:
        s = self._internal.pop(rid, None)
        if s is None:
            return  # a replayed call's reply: dropped
        # A snapshot request answers the line at the head of the log.
        if self._head < len(self._slots) and self._slots[self._head] is s:
            self._slots[self._head] = None
            self._head += 1
        self._file()
        s.snapshotting = False
        # Replies come in request order: every call journaled so far was sent
        # before the snapshot request, so the snapshot holds them all.
        if result is not None:
            s.base, s.calls = result, []

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
