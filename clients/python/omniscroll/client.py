"""Synchronous client: the thread that waits for a reply reads it.

There is no reader thread. Requests are written to a buffer that goes out
when a caller waits for a reply (or the buffer fills); a caller waiting for a
reply becomes the reader, reads reply lines from the worker's stdout and
files each under its request until its own has come, then hands the reading
over. One thread calling the client never hands a reply to another thread,
and a pipelined caller (:meth:`Client.pipeline`) writes its requests in one
write and reads their replies in one pass.

The transport's seam: :meth:`Client._write` is the one place request bytes
are written, :meth:`Client._read_line` the one place a reply line is read.
"""
from __future__ import annotations

import itertools
import json
from json.encoder import c_make_encoder, encode_basestring  # type: ignore[attr-defined]
import os
import select
import subprocess
import threading
import time
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from . import calls
from ._surface import ClientMethods
from ._worker import DEFAULT_STDERR_TAIL, StderrTail, command
from .calls import Call, windows
from .components import ComponentManager
from .errors import CallTimeout, ClientClosed, InvalidArgument, OmniScrollError, ProtocolViolation, RpcError, WorkerDied
from .recording import recorder
from .recovery import DEFAULT_SNAPSHOT_EVERY, Recovery
from .types import Layout

JSON = Any
DEFAULT_TIMEOUT = 30.0
DEFAULT_MAX_IN_FLIGHT = 4096
DEFAULT_MAX_LINE = 64 * 1024 * 1024
DEFAULT_CLOSE_TIMEOUT = 5.0
WRITE_BUFFER = 64 * 1024  # buffered request bytes go out at this size at the latest
READ_CHUNK = 64 * 1024  # under malloc's mmap threshold: a larger os.read maps and unmaps each call

# A reply of the worker starts so (docs/protocol.md: members in this order);
# its id and whether it is a result are read off the line without decoding it.
REPLY_PREFIX = b'{"jsonrpc":"2.0","id":'
# A reply to the recovery's own requests (recovery.py): no caller's, so not recorded.
RECOVERY_REPLY = REPLY_PREFIX + b'"~r'
RESULT_MARK = b',"result":'
_PREFIX_LEN = len(REPLY_PREFIX)


_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, allow_nan=False)
# json's C encoder, made once: JSONEncoder.encode makes one per call, a third
# of the cost of encoding a request's params. No circular-reference markers:
# params come fresh from the checks (_check.py), a tree.
_ENCODE_PARAMS = c_make_encoder(None, _ENCODER.default, encode_basestring, None, ":", ",", False, False,
                                False) if c_make_encoder is not None else None
_METHODS: Dict[str, bytes] = {}  # each method's '"method":"…"' bytes


def encode_message(obj: JSON) -> bytes:
    return _ENCODER.encode(obj).encode("utf-8") + b"\n"


def encode_request(id: Optional[int], c: Call) -> bytes:
    """A request line, as encode_message(request_object(c, id)) writes it
    (a request with params in one format: each concatenation copied the line)."""
    method = _METHODS.get(c.method)
    if method is None:
        method = _METHODS[c.method] = b'"method":' + _ENCODER.encode(c.method).encode("utf-8")
    if c.params is None:
        return (b'{"jsonrpc":"2.0",' if id is None else b'{"jsonrpc":"2.0","id":%d,' % id) + method + b"}\n"
    params = ("".join(_ENCODE_PARAMS(c.params, 0)) if _ENCODE_PARAMS is not None
              else _ENCODER.encode(c.params)).encode("utf-8")
    if id is None:
        return b'{"jsonrpc":"2.0",%s,"params":%s}\n' % (method, params)
    return b'{"jsonrpc":"2.0","id":%d,%s,"params":%s}\n' % (id, method, params)


def request_object(c: Call, id: Optional[int]) -> Dict[str, JSON]:
    msg: Dict[str, JSON] = {"jsonrpc": "2.0"}
    if id is not None:
        msg["id"] = id
    msg["method"] = c.method
    if c.params is not None:
        msg["params"] = c.params
    return msg


def result_id(line: bytes) -> Optional[int]:
    """The id of a reply line that is a result with an integer id, read off
    the line without decoding it; None for any other line."""
    if not line.startswith(REPLY_PREFIX):
        return None
    comma = line.find(b",", _PREFIX_LEN)
    if comma < 0 or not line.startswith(RESULT_MARK, comma):
        return None
    try:
        return int(line[_PREFIX_LEN:comma])
    except ValueError:
        return None


class Reply:
    """The future result of one request (:meth:`Client.submit`). Waiting on
    it reads replies in the waiting thread."""
    __slots__ = ("_client", "call", "line", "deadline", "timeout", "_done", "_value", "_error")

    def __init__(self, client: "Client", call: Call, line: int, deadline: float, timeout: float) -> None:
        self._client = client
        self.call = call
        self.line = line
        self.deadline = deadline
        self.timeout = timeout
        self._done = False
        self._value: Any = None
        self._error: Optional[BaseException] = None

    def done(self) -> bool:
        return self._done

    def _set(self, value: Any, error: Optional[BaseException]) -> None:
        self._value, self._error, self._done = value, error, True

    def result(self, timeout: Optional[float] = None) -> Any:
        """The decoded result; raises :class:`RpcError`, :class:`CallTimeout`
        or :class:`WorkerDied`. ``timeout`` only shortens the call's own."""
        if not self._done:
            self._client._wait(self, timeout)
        if self._error is not None:
            raise self._error
        return self._value

    def exception(self, timeout: Optional[float] = None) -> Optional[BaseException]:
        try:
            self.result(timeout)
        except OmniScrollError as e:
            return e
        return None


class Client(ClientMethods):
    """A synchronous OmniScroll client. Thread-safe: any number of threads may
    call it at once; :meth:`submit` and :meth:`pipeline` keep many requests
    in flight.

    ``record="session.jsonl"`` writes every request and its reply as a
    conformance transcript (``omniscroll trace`` draws it; every client's
    replayer replays it).

    >>> with Client() as c:
    ...     layout = c.create((375, 800), [Child.scroll("web", 2000)])
    """

    def __init__(self, bin: Optional[str] = None, args: Sequence[str] = (), *,
                 timeout: float = DEFAULT_TIMEOUT,
                 max_in_flight: int = DEFAULT_MAX_IN_FLIGHT,
                 max_line_bytes: int = DEFAULT_MAX_LINE,
                 stderr_tail_bytes: int = DEFAULT_STDERR_TAIL,
                 close_timeout: float = DEFAULT_CLOSE_TIMEOUT,
                 env: Optional[Mapping[str, str]] = None,
                 record: Optional[Union[str, "os.PathLike[str]"]] = None,
                 recover: bool = True, snapshot_every: int = DEFAULT_SNAPSHOT_EVERY,
                 on_worker_did_restart: Optional[Callable[[Dict[str, JSON]], None]] = None) -> None:
        self.timeout = timeout
        self.close_timeout = close_timeout
        #: Opt-in: when set, every Layout that :meth:`call` (and each typed
        #: method) returns is dispatched to it on the calling thread, before
        #: the call returns. Results of :meth:`submit` are not dispatched.
        self.components: Optional[ComponentManager] = None
        self._max_in_flight = max(1, max_in_flight)
        self._max_line = max(1024, max_line_bytes)
        self._tail = StderrTail(stderr_tail_bytes)
        #: Recovery (clients/README.md): a worker that dies is replaced and
        #: every session restored; called on the reading thread after each restart.
        self.on_worker_did_restart = on_worker_did_restart
        self._recovery = Recovery(args, snapshot_every) if recover else None
        self._argv = command(bin, args)
        self._env = dict(env) if env is not None else None
        self._proc = self._spawn()
        self._recorder = recorder(record, args)
        self._ids = itertools.count(1)
        self._lines = itertools.count(1)
        # The state below. `with self._mutex` where no one waits: the
        # Condition's own __enter__/__exit__ are Python calls, the RLock's are not.
        self._mutex = threading.RLock()
        self._lock = threading.Condition(self._mutex)
        self._sleepers = 0  # threads in self._lock.wait
        self._wlock = threading.Lock()       # the worker's stdin
        self._pending: Dict[int, Reply] = {}
        self._line_ids: Dict[int, List[int]] = {}  # request line -> its ids still waiting, in send order
        self._outbox: List[bytes] = []
        self._outbox_bytes = 0
        self._outbox_answered: List[bool] = []
        # With recovery on, per message buffered: its lines, its request objects, whether a batch.
        self._outbox_journal: Optional[List[Tuple[List[bytes], List[JSON], Optional[bool]]]] = \
            [] if self._recovery is not None else None
        self._reading = False
        self._rbuf = b""  # bytes read, not yet split into lines from _rpos on
        self._rpos = 0
        self._dead: Optional[OmniScrollError] = None
        self._closed = False
        self._unmatched_errors: List[RpcError] = []
        self._stderr_thread = self._pump_stderr()

    # ------------------------------------------------------------------ context
    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def pid(self) -> int:
        return self._proc.pid

    @property
    def worker_pid(self) -> int:
        """The current worker's process id (a new one after each recovery)."""
        return self._proc.pid

    @property
    def returncode(self) -> Optional[int]:
        return self._proc.poll()

    @property
    def stderr_tail(self) -> str:
        return self._tail.text()

    @property
    def unmatched_errors(self) -> List[RpcError]:
        """Error replies with ``id: null`` that matched no request (bounded)."""
        with self._mutex:
            return list(self._unmatched_errors)

    # ------------------------------------------------------------------ core
    def submit(self, c: Call, timeout: Optional[float] = None) -> Reply:
        """Queue ``c`` and return its :class:`Reply` (pipelining). The request
        goes out when any reply is waited for, or sooner. Notifications
        resolve to None at once."""
        return self._send([c], timeout)[0]

    def call(self, c: Call, timeout: Optional[float] = None) -> Any:
        """Send ``c`` and wait for its decoded result."""
        r = self._call_alone(c, timeout)
        result = (r if r is not None else self._send([c], timeout)[0]).result()
        if self.components is not None and isinstance(result, Layout):
            self.components.dispatch(result)
        return result

    def request(self, method: str, params: Optional[Mapping[str, JSON]] = None,
                timeout: Optional[float] = None) -> JSON:
        """An untyped request; returns the decoded JSON result."""
        return self.call(calls.call(method, params), timeout)

    def notify(self, method: str, params: Optional[Mapping[str, JSON]] = None) -> None:
        self._send([Call(method, dict(params) if params is not None else None, notify=True)], None)
        self._flush()

    def submit_many(self, many: Sequence[Call], timeout: Optional[float] = None) -> List[Reply]:
        """Send several calls as separate messages (pipelining without a
        JSON-RPC batch); one :class:`Reply` per call, in order. A list of
        more than ``max_in_flight`` requests goes out in windows."""
        out: List[Reply] = []
        for window in windows(list(many), self._max_in_flight):
            out.extend(self._send(window, timeout))
        return out

    def pipeline(self, many: Sequence[Call], timeout: Optional[float] = None) -> List[Any]:
        """Send several calls as separate messages and wait for every reply,
        read in this thread. Returns, per call in order, the decoded result
        or the :class:`RpcError` instance (not raised), as :meth:`batch`."""
        replies = self.submit_many(many, timeout)
        return [_outcome(r) for r in replies]

    def submit_batch(self, batch: Sequence[Call], timeout: Optional[float] = None) -> List[Reply]:
        if not batch:
            raise ValueError("a batch needs at least one call")
        return self._send(list(batch), timeout, as_batch=True)

    def batch(self, batch: Sequence[Call], timeout: Optional[float] = None) -> List[Any]:
        """Send ``batch`` as one JSON-RPC batch. Returns, per entry in order, the
        decoded result or the :class:`RpcError` instance (not raised);
        notifications give None. Timeouts and a dead worker raise."""
        return [_outcome(r) for r in self.submit_batch(batch, timeout)]

    def _send(self, batch: List[Call], timeout: Optional[float], as_batch: bool = False) -> List[Reply]:
        t = self.timeout if timeout is None else timeout
        n = sum(1 for c in batch if not c.notify)
        if n > self._max_in_flight:
            raise ValueError("batch of %d requests exceeds max_in_flight=%d" % (n, self._max_in_flight))
        deadline = time.monotonic() + t
        replies: List[Reply] = []
        with self._mutex:
            self._check_usable()
            while len(self._pending) + n > self._max_in_flight:
                # Free slots by reading replies (of any caller) in this thread.
                oldest = self._pending[next(iter(self._pending))]
                self._mutex.release()
                try:
                    self._wait(oldest, max(0.0, deadline - time.monotonic()), raise_timeout=False)
                finally:
                    self._mutex.acquire()
                if time.monotonic() >= deadline and len(self._pending) + n > self._max_in_flight:
                    raise CallTimeout(batch[0].method + " (waiting for an in-flight slot)", t)
                self._check_usable()
            objs: List[JSON] = []
            answered: List[bool] = []
            line = next(self._lines)
            for k, c in enumerate(batch):
                if k and not as_batch:
                    line = next(self._lines)
                r = Reply(self, c, line, deadline, t)
                replies.append(r)
                if c.notify:
                    objs.append(request_object(c, None) if as_batch else (None, c))
                    r._set(None, None)
                    answered.append(False)
                    continue
                rid = next(self._ids)
                self._pending[rid] = r
                self._line_ids.setdefault(line, []).append(rid)
                objs.append(request_object(c, rid) if as_batch else (rid, c))
                answered.append(True)
            try:
                if as_batch:
                    lines = [encode_message(objs)]
                    answered = [any(answered)]
                else:
                    lines = [encode_request(rid, c) for rid, c in objs]
            except (TypeError, ValueError) as e:
                for r in replies:
                    self._forget_line(r.line)
                raise InvalidArgument("%s: %s" % (batch[0].method, e)) from e
            data = lines[0] if len(lines) == 1 else b"".join(lines)
            journal = self._outbox_journal
            if journal is not None:
                # Recovery.sent's kinds: a batch line, lines of one request
                # with an id each (the hot path), or lines with notifications.
                kind = True if as_batch else False if n == len(batch) else None
                if kind is False and journal and journal[-1][2] is False:
                    # Separate messages in a row: one entry, one Recovery.sent for them all.
                    journal[-1][0].extend(lines)
                    journal[-1][1].extend(objs)
                else:
                    journal.append((lines, objs, kind))
            self._outbox.append(data)
            self._outbox_answered.extend(answered)
            self._outbox_bytes += len(data)
            full = self._outbox_bytes >= WRITE_BUFFER
        if full:
            self._flush()
        return replies

    def _call_alone(self, c: Call, timeout: Optional[float]) -> Optional[Reply]:
        """A call while nothing else is in flight (a one-at-a-time caller):
        its request written at once and its reply read on this thread, with
        no outbox between. None when the client is busy (a request in
        flight, buffered or being read by another thread): :meth:`_send`
        then. The caller waits on the returned reply as on any other.

        The hot path of a one-at-a-time caller, so written out in one place:
        a lock taken once before the write and once after the read, the
        write and the read inline (clients/python/bench.py's "client one"
        figure is this method's cost beside a raw pipe's)."""
        mutex = self._mutex
        with mutex:
            if self._pending or self._reading or self._outbox or c.notify or self._closed or self._dead is not None:
                return None
            t = self.timeout if timeout is None else timeout
            rid, line = next(self._ids), next(self._lines)
            r = self._pending[rid] = Reply(self, c, line, time.monotonic() + t, t)
            self._line_ids[line] = [rid]
            try:
                data = encode_request(rid, c)
            except (TypeError, ValueError) as e:
                self._forget_line(line)
                raise InvalidArgument("%s: %s" % (c.method, e)) from e
            self._reading = True
        reply = None
        try:
            with self._wlock:
                try:
                    self._write_one(rid, c, data)
                except (BrokenPipeError, OSError, ValueError):
                    self._write_failed()
            reply = self._read_alone(r, rid)
            if reply is None:
                self._read_until(r, r.deadline)
        finally:
            with mutex:
                if reply is not None and self._pending.pop(rid, None) is None:
                    reply = None  # failed meanwhile (closed, say): the failure stands
                if reply is not None:
                    del self._line_ids[line]
                self._reading = False
                if self._sleepers:
                    self._lock.notify_all()
        if reply is not None:
            self._finish(r, reply)
        return r

    def _read_alone(self, r: Reply, rid: int) -> Optional[bytes]:
        """The one-at-a-time caller's reply line: when nothing is buffered and
        the next read brings exactly the result line of request ``rid``, it
        is taken here, without _read_until's general loop (a third of a
        call's client time went to that loop, a reply's id parsed, its line
        split off the buffer). None, anything read left buffered, otherwise:
        _read_until reads on."""
        if self._rpos != len(self._rbuf) or self._eof:
            return None
        left = r.deadline - time.monotonic()
        if left <= 0 or not self._readable.poll(left * 1000.0 + 1.0):
            return None
        chunk = os.read(self._out_fd, READ_CHUNK)
        end = len(chunk) - 1
        if end < 0 or chunk.find(b"\n") != end or not chunk.startswith(b'{"jsonrpc":"2.0","id":%d,"result":' % rid):
            self._rbuf, self._rpos, self._eof = chunk, 0, not chunk
            return None
        line = chunk[:end]
        if self._recorder is not None:
            self._recorder.received(line)
        if self._recovery is not None:
            self._recovery.answered(rid, line)
        return line

    def _flush(self) -> None:
        """Writes the buffered requests."""
        with self._wlock:
            with self._mutex:
                if not self._outbox:
                    return
                data = b"".join(self._outbox)
                answered = self._outbox_answered
                journal = self._outbox_journal
                self._outbox, self._outbox_answered, self._outbox_bytes = [], [], 0
                if journal is not None:
                    self._outbox_journal = []
            try:
                self._write(data, answered, journal)
            except (BrokenPipeError, OSError, ValueError):
                self._write_failed()

    def _write_failed(self) -> None:
        """The worker's stdin broke under a write (called holding the write lock)."""
        if self._recovery is not None and not self._recovery.stopping:
            return  # journaled: the reading thread re-sends it to the next worker
        with self._mutex:
            err = self._dead or self._died("the worker's stdin is closed")
            self._dead = err
            self._fail_all(err)

    def _write(self, data: bytes, answered: List[bool],
               journal: Optional[List[Tuple[List[bytes], List[JSON], Optional[bool]]]] = None) -> None:
        """The one place request bytes are written: ``data`` holds whole
        lines; ``answered`` says, per line, whether a reply answers it;
        ``journal``, the same messages for the recovery, which may add its
        own snapshot requests after them (the recorder sees only the caller's)."""
        if self._recorder is not None:
            self._recorder.sent(data, answered)
        if journal is not None and self._recovery is not None:
            snapshots = b"".join([self._recovery.sent(*message) for message in journal])
            if snapshots:
                data += snapshots
        self._write_all(data)

    def _write_one(self, rid: int, c: Call, data: bytes) -> None:
        """_write for one request line (a one-at-a-time caller's), its
        recovery journal entry made without the lists _write takes."""
        if self._recorder is not None:
            self._recorder.sent(data, (True,))
        if self._recovery is not None:
            snapshots = self._recovery.sent_one(rid, c, data)
            if snapshots:
                data += snapshots
        try:
            written = os.write(self._in_fd, data)
        except BlockingIOError:
            written = 0
        if written != len(data):
            self._write_all(data[written:])

    def _write_all(self, data: bytes) -> None:
        """Writes ``data`` whole to the worker's stdin (non-blocking: while
        it is full, the worker's stdout is drained)."""
        try:
            written = os.write(self._in_fd, data)
        except BlockingIOError:
            written = 0
        if written == len(data):  # the usual case: the pipe took it all
            return
        view = memoryview(data)[written:]
        while view:
            try:
                view = view[os.write(self._in_fd, view):]
                continue
            except BlockingIOError:
                pass
            with self._mutex:
                drain = not self._reading
                self._reading = True
            try:
                if not drain:  # the reading thread drains the worker's stdout
                    select.select([], [self._in_fd], [], 0.05)
                elif select.select([self._out_fd], [self._in_fd], [], 1.0)[0]:
                    chunk = os.read(self._out_fd, READ_CHUNK)
                    self._rbuf = self._rbuf[self._rpos:] + chunk
                    self._rpos = 0
                    self._eof = not chunk
                    if self._eof:
                        raise BrokenPipeError("the worker closed its output")
            finally:
                if drain:
                    with self._mutex:
                        self._reading = False
                        self._wake()

    def _read_line(self, deadline: Optional[float]) -> Optional[bytes]:
        """The one place a reply line is read: the next line without its
        ``\\n``; None at the deadline (deadline None: when no whole line is
        buffered); b"" at the end of the worker's output. Called by the
        reading thread only."""
        pos = self._rpos
        nl = self._rbuf.find(b"\n", pos)
        while nl < 0:
            buf = self._rbuf[pos:]
            if len(buf) > self._max_line:
                raise ProtocolViolation("reply line longer than max_line_bytes=%d" % self._max_line)
            self._rbuf, self._rpos, pos = buf, 0, 0
            if self._eof:
                return b""
            if deadline is None:
                return None
            left = deadline - time.monotonic()
            # poll, registered once per worker: a third cheaper than select's lists per wait.
            if left <= 0 or not self._readable.poll(left * 1000.0 + 1.0):
                return None
            chunk = os.read(self._out_fd, READ_CHUNK)
            if not chunk:
                self._eof = True
                return b""
            self._rbuf = buf + chunk
            nl = self._rbuf.find(b"\n", len(buf))
        line = self._rbuf[pos:nl]
        self._rpos = nl + 1
        if self._recorder is not None and not line.startswith(RECOVERY_REPLY):
            self._recorder.received(line)
        return line

    def _wait(self, reply: Reply, timeout: Optional[float] = None, raise_timeout: bool = True) -> None:
        """Until ``reply`` is done: read replies in this thread, or wait while
        another thread reads. Times the request out at its deadline."""
        self._flush()
        deadline = reply.deadline if timeout is None else min(reply.deadline, time.monotonic() + timeout)
        with self._mutex:
            while not reply._done:
                if self._reading:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        break
                    self._sleepers += 1
                    try:
                        self._lock.wait(left)
                    finally:
                        self._sleepers -= 1
                    continue
                self._reading = True
                self._mutex.release()
                try:
                    self._read_until(reply, deadline)
                finally:
                    self._mutex.acquire()
                    self._reading = False
                    self._wake()
                break
            if reply._done or not raise_timeout:
                return
            if time.monotonic() < reply.deadline and timeout is not None:
                raise CallTimeout(reply.call.method, timeout)
            # The request's own deadline: it is dropped (a late reply is ignored).
            for rid, r in list(self._pending.items()):
                if r is reply:
                    self._resolve(rid)
            reply._set(None, CallTimeout(reply.call.method, reply.timeout))

    def _read_until(self, reply: Reply, deadline: float) -> None:
        """Reads until ``reply`` is done, then files the replies already
        read too (no more reading: their callers find them done)."""
        while True:
            if reply._done and self._rpos == len(self._rbuf):
                return  # nothing more read (a one-at-a-time caller's case)
            try:
                line = self._read_line(None if reply._done else deadline)
            except ProtocolViolation as e:
                self._violation(e)
                return
            if line is None:
                return
            if not line:
                if self._restarted():
                    continue
                if reply._done:
                    return
                err = self._died("end of output")
                with self._mutex:
                    self._dead = self._dead or err
                    self._fail_all(self._dead)
                return
            self._dispatch_line(line)

    def _dispatch_line(self, line: bytes) -> None:
        rid = result_id(line)
        if rid is not None:
            if self._recovery is not None:
                self._recovery.answered(rid, line)
            with self._mutex:
                r = self._resolve(rid)
            if r is not None:
                self._finish(r, line)
            return
        if self._recovery is not None and line.startswith(RECOVERY_REPLY):
            self._recovery.internal(line)  # no caller's: kept as bytes, never decoded
            return
        try:
            msg = json.loads(line)
        except ValueError:
            self._violation(ProtocolViolation("worker wrote a non-JSON line: %r" % line[:200]))
            return
        if self._recovery is not None:
            self._recovery.received(line, msg)
        self._dispatch(msg)

    def _finish(self, r: Reply, line: bytes) -> None:
        c = r.call
        try:
            r._set(c.decode(line) if c.lazy else c.decode(json.loads(line)["result"]), None)
        except (ValueError, TypeError, KeyError) as e:
            r._set(None, ProtocolViolation("%s: unexpected result: %s" % (c.method, e)))

    def _dispatch(self, msg: JSON) -> None:
        items = msg if isinstance(msg, list) else [msg]
        done: List[tuple] = []
        with self._mutex:
            for item in items:
                if not isinstance(item, dict):
                    continue
                rid = item.get("id")
                if isinstance(rid, int) and not isinstance(rid, bool):
                    r = self._resolve(rid)
                    if r is not None:
                        done.append((r, item))
                elif rid is None and "error" in item:
                    # Replies come in request order: an id-less error answers the
                    # oldest line still waiting (e.g. a rejected batch).
                    if self._line_ids:
                        for r2 in list(self._line_ids[next(iter(self._line_ids))]):
                            r = self._resolve(r2)
                            if r is not None:
                                done.append((r, item))
                    else:
                        self._unmatched_errors.append(RpcError.from_json(item.get("error")))
                        del self._unmatched_errors[:-16]
        for r, item in done:
            if "error" in item:
                r._set(None, RpcError.from_json(item["error"]))
                continue
            try:
                r._set(r.call.decode(item.get("result")), None)
            except (ValueError, TypeError, KeyError) as e:
                r._set(None, ProtocolViolation("%s: unexpected result: %s" % (r.call.method, e)))

    def _resolve(self, rid: int) -> Optional[Reply]:
        r = self._pending.pop(rid, None)
        if r is None:
            return None
        ids = self._line_ids.get(r.line)
        if ids is not None:
            ids.remove(rid)
            if not ids:
                del self._line_ids[r.line]
        return r

    def _forget_line(self, line: int) -> None:
        for rid in self._line_ids.pop(line, ()):
            self._pending.pop(rid, None)

    def _spawn(self) -> "subprocess.Popen[bytes]":
        """Starts a worker (again after each recovery) and takes its pipes."""
        try:
            proc = subprocess.Popen(self._argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, env=self._env)
        except OSError as e:
            raise WorkerDied(None, "", "cannot start %s: %s" % (self._argv[0], e)) from e
        assert proc.stdin is not None and proc.stdout is not None
        self._in = proc.stdin
        self._in_fd = self._in.fileno()
        # Writes never block: while the worker's stdin is full, the writer
        # drains its stdout (replies it cannot take back otherwise).
        os.set_blocking(self._in_fd, False)
        self._out_fd = proc.stdout.fileno()
        self._readable = select.poll()
        self._readable.register(self._out_fd, select.POLLIN)
        self._eof = False
        self._rbuf, self._rpos = b"", 0  # a reply cut short by a death: its line is re-sent
        return proc

    def _pump_stderr(self) -> threading.Thread:
        t = threading.Thread(target=self._tail.pump, args=(self._proc.stderr,), name="omniscroll-stderr", daemon=True)
        t.start()
        return t

    def _restarted(self) -> bool:
        """On the reading thread, at the end of the worker's output: starts a
        new worker and writes it the recovery's replay (clients/README.md,
        "Recovery"). False when recovery is off or the client is stopping;
        a second death on the same call records the error and is False too."""
        rec = self._recovery
        if rec is None or rec.stopping or self._closed:
            return False
        old = self._proc
        self._stderr_thread.join(1.0)
        try:
            old.wait(self.close_timeout)
        except subprocess.TimeoutExpired:
            old.kill()
        self._wlock.acquire()  # released by the replay's writer once the replay is written
        try:
            plan = rec.restart()
            self._proc = self._spawn()
        except WorkerDied as e:
            self._wlock.release()
            with self._mutex:
                self._dead = WorkerDied(old.returncode, self._tail.text(), e.detail, e.transcript)
                self._fail_all(self._dead)
            return False
        self._stderr_thread = self._pump_stderr()
        # A thread writes: the worker's replies to a long replay must be read meanwhile.
        threading.Thread(target=self._write_replay, args=(self._in_fd, plan), name="omniscroll-replay",
                         daemon=True).start()
        _close_quietly(old.stdin, old.stdout, old.stderr)
        if self.on_worker_did_restart is not None:
            self.on_worker_did_restart({"pid": self._proc.pid, "previousPid": old.pid, "exitStatus": old.returncode,
                                        "sessions": len(rec.sessions), "resent": rec.resent})
        return True

    def _write_replay(self, fd: int, plan: bytes) -> None:
        view = memoryview(plan)
        try:
            while view:
                try:
                    view = view[os.write(fd, view):]
                except BlockingIOError:
                    select.select([], [fd], [], 1.0)  # the reading thread drains the replies
        except OSError:
            pass  # the reading thread sees this worker's end too
        finally:
            self._wlock.release()

    def _wake(self) -> None:
        """Wakes the threads waiting for the state to change (holding the
        lock). Condition.notify_all is Python code: skipped when none waits,
        as for a one-at-a-time caller."""
        if self._sleepers:
            self._lock.notify_all()

    def _check_usable(self) -> None:
        if self._closed:
            raise ClientClosed("client is closed")
        if self._dead is not None:
            raise self._dead

    def _violation(self, err: ProtocolViolation) -> None:
        with self._mutex:
            self._dead = err
            self._fail_all(err)
        self._proc.kill()

    def _died(self, detail: str) -> WorkerDied:
        self._stderr_thread.join(1.0)
        rc: Optional[int]
        try:
            rc = self._proc.wait(0.5)
        except subprocess.TimeoutExpired:
            rc = None
        return WorkerDied(rc, self._tail.text(), detail)

    def _fail_all(self, err: Exception) -> None:
        pending = list(self._pending.values())
        self._pending.clear()
        self._line_ids.clear()
        self._wake()
        for r in pending:
            if not r._done:
                r._set(None, err)

    # ------------------------------------------------------------------ close
    def close(self) -> Optional[int]:
        """``shutdown`` + ``exit``, then wait (bounded), then kill. Returns the
        worker's exit status. Safe to call twice."""
        with self._mutex:
            if self._closed:
                return self._proc.poll()
            alive = self._dead is None
        if alive:
            try:
                self.call(calls.shutdown(), timeout=self.close_timeout)
                self.notify("exit")
            except OmniScrollError:
                pass
        with self._mutex:
            self._closed = True
        try:
            with self._wlock:
                self._in.close()
        except OSError:
            pass
        try:
            self._proc.wait(self.close_timeout)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait(self.close_timeout)
        self._stderr_thread.join(self.close_timeout)
        with self._mutex:
            self._fail_all(ClientClosed("client closed"))
        _close_quietly(self._proc.stdout, self._proc.stderr)
        if self._recorder is not None:
            self._recorder.close()
        return self._proc.returncode

    def kill(self) -> None:
        """Kill the worker at once (for tests of crash reporting)."""
        self._proc.kill()


def _close_quietly(*streams: Any) -> None:
    """Closes a worker's pipes, whichever are open; a pipe already broken is no error here."""
    for s in streams:
        try:
            if s is not None:
                s.close()
        except OSError:
            pass


def _outcome(r: Reply) -> Any:
    try:
        return r.result()
    except RpcError as e:
        return e
