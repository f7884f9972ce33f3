"""Synchronous client: a reader thread matches replies to requests by id."""
from __future__ import annotations

import heapq
import itertools
import json
import os
import subprocess
import threading
import time
from collections import OrderedDict
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any, Callable, Dict, Iterable, List, Mapping, Optional, Sequence, Set, Tuple, Union

from . import calls
from ._worker import DEFAULT_STDERR_TAIL, StderrTail, command
from .calls import Call, ChildSpec, windows
from .errors import (CallTimeout, ClientClosed, InvalidArgument, OmniScrollError, ProtocolViolation, RpcError,
                     WorkerDied)
from ._generated import Method, PhysicsFlingPreset, RecenterMode, ScrollPhase, ScrollPosition
from .components import ComponentManager
from .types import FlingResult, GridLayout, InitializeResult, Layout, Number, SessionInfo, TemplateInfo

JSON = Any
DEFAULT_TIMEOUT = 30.0
DEFAULT_MAX_IN_FLIGHT = 4096
DEFAULT_MAX_LINE = 64 * 1024 * 1024
DEFAULT_CLOSE_TIMEOUT = 5.0


def encode_message(obj: JSON) -> bytes:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode("utf-8") + b"\n"


def request_object(c: Call, id: Optional[int]) -> Dict[str, JSON]:
    msg: Dict[str, JSON] = {"jsonrpc": "2.0"}
    if id is not None:
        msg["id"] = id
    msg["method"] = c.method
    if c.params is not None:
        msg["params"] = c.params
    return msg


class _Pending:
    __slots__ = ("future", "call", "line", "deadline", "timeout")

    def __init__(self, future: "Future[Any]", call: Call, line: int, deadline: float, timeout: float) -> None:
        self.future = future
        self.call = call
        self.line = line
        self.deadline = deadline
        self.timeout = timeout


class Client:
    """A synchronous OmniScroll client. Thread-safe: any number of threads may
    call it at once, and :meth:`submit` pipelines requests (many in flight).

    >>> with Client() as c:
    ...     layout = c.create((375, 800), [Child.scroll("web", 2000)])
    """

    def __init__(self, bin: Optional[str] = None, args: Sequence[str] = (), *,
                 timeout: float = DEFAULT_TIMEOUT,
                 max_in_flight: int = DEFAULT_MAX_IN_FLIGHT,
                 max_line_bytes: int = DEFAULT_MAX_LINE,
                 stderr_tail_bytes: int = DEFAULT_STDERR_TAIL,
                 close_timeout: float = DEFAULT_CLOSE_TIMEOUT,
                 env: Optional[Mapping[str, str]] = None) -> None:
        self.timeout = timeout
        self.close_timeout = close_timeout
        #: Opt-in: when set, every Layout that :meth:`call` (and each typed
        #: method) returns is dispatched to it on the calling thread, before
        #: the call returns. Futures from :meth:`submit` are not dispatched.
        self.components: Optional[ComponentManager] = None
        self._max_in_flight = max(1, max_in_flight)
        self._max_line = max(1024, max_line_bytes)
        self._tail = StderrTail(stderr_tail_bytes)
        argv = command(bin, args)
        try:
            self._proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                          stderr=subprocess.PIPE, env=dict(env) if env is not None else None)
        except OSError as e:
            raise WorkerDied(None, "", "cannot start %s: %s" % (argv[0], e)) from e
        self._ids = itertools.count(1)
        self._lines = itertools.count(1)
        self._lock = threading.Condition()
        self._wlock = threading.Lock()
        self._pending: Dict[int, _Pending] = {}
        self._line_ids: "OrderedDict[int, Set[int]]" = OrderedDict()
        self._deadlines: List[Tuple[float, int]] = []
        self._slot_waiters = 0
        self._dead: Optional[OmniScrollError] = None
        self._closed = False
        self._unmatched_errors: List[RpcError] = []
        self._stderr_thread = threading.Thread(target=self._tail.pump, args=(self._proc.stderr,),
                                               name="omniscroll-stderr", daemon=True)
        self._reader = threading.Thread(target=self._read_loop, name="omniscroll-reader", daemon=True)
        self._reaper = threading.Thread(target=self._reap_loop, name="omniscroll-timeouts", daemon=True)
        self._stderr_thread.start()
        self._reader.start()
        self._reaper.start()

    # ------------------------------------------------------------------ context
    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def pid(self) -> int:
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
        with self._lock:
            return list(self._unmatched_errors)

    # ------------------------------------------------------------------ core
    def submit(self, c: Call, timeout: Optional[float] = None) -> "Future[Any]":
        """Send ``c`` now and return a Future of its decoded result (pipelining).
        The Future fails with :class:`RpcError`, :class:`CallTimeout` or
        :class:`WorkerDied`. Notifications resolve to None at once."""
        return self._send([c], timeout)[0]

    def call(self, c: Call, timeout: Optional[float] = None) -> Any:
        """Send ``c`` and wait for its decoded result."""
        result = self.submit(c, timeout).result()  # the reaper enforces the timeout
        if self.components is not None and isinstance(result, Layout):
            self.components.dispatch(result)
        return result

    def request(self, method: str, params: Optional[Mapping[str, JSON]] = None,
                timeout: Optional[float] = None) -> JSON:
        """An untyped request; returns the decoded JSON result."""
        return self.call(calls.call(method, params), timeout)

    def notify(self, method: str, params: Optional[Mapping[str, JSON]] = None) -> None:
        self._send([Call(method, dict(params) if params is not None else None, notify=True)], None)

    def submit_many(self, many: Sequence[Call], timeout: Optional[float] = None) -> "List[Future[Any]]":
        """Send several calls as separate messages (pipelining without a
        JSON-RPC batch); one Future per call, in order. A list of more than
        ``max_in_flight`` requests goes out in windows of ``max_in_flight``,
        each written at once as soon as the worker has answered enough of the
        ones before it to free the slots."""
        futures: List[Future[Any]] = []
        for window in windows(list(many), self._max_in_flight):
            futures.extend(self._send(window, timeout))
        return futures

    def submit_batch(self, batch: Sequence[Call], timeout: Optional[float] = None) -> "List[Future[Any]]":
        if not batch:
            raise ValueError("a batch needs at least one call")
        return self._send(list(batch), timeout, as_batch=True)

    def batch(self, batch: Sequence[Call], timeout: Optional[float] = None) -> List[Any]:
        """Send ``batch`` as one JSON-RPC batch. Returns, per entry in order, the
        decoded result or the :class:`RpcError` instance (not raised);
        notifications give None. Timeouts and a dead worker raise."""
        futures = self.submit_batch(batch, timeout)
        out: List[Any] = []
        for f in futures:
            try:
                out.append(f.result())
            except RpcError as e:
                out.append(e)
        return out

    def _send(self, batch: List[Call], timeout: Optional[float], as_batch: bool = False) -> "List[Future[Any]]":
        t = self.timeout if timeout is None else timeout
        n = sum(1 for c in batch if not c.notify)
        if n > self._max_in_flight:
            raise ValueError("batch of %d requests exceeds max_in_flight=%d" % (n, self._max_in_flight))
        futures: List[Future[Any]] = []
        objs: List[JSON] = []
        deadline = time.monotonic() + t
        with self._lock:
            self._check_usable()
            while len(self._pending) + n > self._max_in_flight:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise CallTimeout(batch[0].method + " (waiting for an in-flight slot)", t)
                self._slot_waiters += 1
                try:
                    self._lock.wait(left)
                finally:
                    self._slot_waiters -= 1
                self._check_usable()
            # A batch is one line; otherwise every call is its own line (message).
            line = next(self._lines)
            used = [line]
            ids: Set[int] = set()
            for k, c in enumerate(batch):
                if k and not as_batch:
                    line = next(self._lines)
                    used.append(line)
                fut: Future[Any] = Future()
                futures.append(fut)
                if c.notify:
                    objs.append(request_object(c, None))
                    fut.set_result(None)
                    continue
                rid = next(self._ids)
                ids.add(rid)
                self._pending[rid] = _Pending(fut, c, line, deadline, t)
                self._line_ids.setdefault(line, set()).add(rid)
                objs.append(request_object(c, rid))
            if ids:
                earliest = self._deadlines[0][0] if self._deadlines else None
                if len(self._deadlines) > 2 * len(self._pending) + 1024:
                    # Bound the heap: drop entries of answered requests.
                    self._deadlines = [(p.deadline, r) for r, p in self._pending.items()]
                    heapq.heapify(self._deadlines)
                else:
                    for rid in ids:
                        heapq.heappush(self._deadlines, (deadline, rid))
                if earliest is None or deadline < earliest:
                    self._lock.notify_all()  # wake the reaper for the new deadline
        try:
            data = encode_message(objs) if as_batch else b"".join(encode_message(o) for o in objs)
        except (TypeError, ValueError) as e:
            with self._lock:
                for ln in used:
                    self._drop_line(ln)
            raise InvalidArgument("%s: %s" % (batch[0].method, e)) from e
        try:
            with self._wlock:
                assert self._proc.stdin is not None
                self._proc.stdin.write(data)
                self._proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            self._reader.join(self.close_timeout)  # let the reader record the death
            with self._lock:
                err = self._dead or self._died("the worker's stdin is closed")
                self._fail_all(err)
            raise err
        return futures

    def _check_usable(self) -> None:
        if self._closed:
            raise ClientClosed("client is closed")
        if self._dead is not None:
            raise self._dead

    def _drop_line(self, line: int) -> None:
        for rid in self._line_ids.pop(line, ()):
            self._pending.pop(rid, None)
        self._lock.notify_all()

    def _resolve(self, rid: int) -> Optional[_Pending]:
        p = self._pending.pop(rid, None)
        if p is None:
            return None
        ids = self._line_ids.get(p.line)
        if ids is not None:
            ids.discard(rid)
            if not ids:
                del self._line_ids[p.line]
        if self._slot_waiters:
            self._lock.notify_all()
        return p

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
        self._deadlines.clear()
        self._lock.notify_all()
        for p in pending:
            if not p.future.done():
                p.future.set_exception(err)

    # ------------------------------------------------------------------ threads
    def _read_loop(self) -> None:
        stream = self._proc.stdout
        assert stream is not None
        detail = "end of output"
        try:
            while True:
                line = stream.readline(self._max_line + 1)
                if not line:
                    break
                if len(line) > self._max_line and not line.endswith(b"\n"):
                    detail = "reply line longer than max_line_bytes=%d" % self._max_line
                    with self._lock:
                        self._dead = ProtocolViolation(detail)
                        self._fail_all(self._dead)
                    self._proc.kill()
                    return
                try:
                    msg = json.loads(line)
                except ValueError:
                    with self._lock:
                        self._dead = ProtocolViolation("worker wrote a non-JSON line: %r" % line[:200])
                        self._fail_all(self._dead)
                    self._proc.kill()
                    return
                self._dispatch(msg)
        except (OSError, ValueError) as e:
            detail = "reading stdout failed: %s" % e
        with self._lock:
            if self._closed and not self._pending:
                return
        err = self._died(detail)
        with self._lock:
            if self._dead is None:
                self._dead = err
            self._fail_all(self._dead)

    def _dispatch(self, msg: JSON) -> None:
        items = msg if isinstance(msg, list) else [msg]
        done: List[Tuple[_Pending, JSON]] = []
        with self._lock:
            for item in items:
                if not isinstance(item, dict):
                    continue
                rid = item.get("id")
                if isinstance(rid, int) and not isinstance(rid, bool):
                    p = self._resolve(rid)
                    if p is not None:
                        done.append((p, item))
                elif rid is None and "error" in item:
                    # Replies come in request order: an id-less error answers the
                    # oldest line still waiting (e.g. a rejected batch).
                    if self._line_ids:
                        line = next(iter(self._line_ids))
                        for r in list(self._line_ids[line]):
                            p = self._resolve(r)
                            if p is not None:
                                done.append((p, item))
                    else:
                        self._unmatched_errors.append(RpcError.from_json(item.get("error")))
                        del self._unmatched_errors[:-16]
        for p, item in done:
            if p.future.done():
                continue
            if "error" in item:
                p.future.set_exception(RpcError.from_json(item["error"]))
                continue
            try:
                p.future.set_result(p.call.decode(item.get("result")))
            except (ValueError, TypeError, KeyError) as e:
                p.future.set_exception(ProtocolViolation("%s: unexpected result: %s" % (p.call.method, e)))

    def _reap_loop(self) -> None:
        with self._lock:
            while not (self._closed and not self._pending) and self._dead is None:
                now = time.monotonic()
                expired: List[_Pending] = []
                while self._deadlines and self._deadlines[0][0] <= now:
                    _, rid = heapq.heappop(self._deadlines)
                    p = self._pending.get(rid)
                    if p is not None and p.deadline <= now:
                        self._resolve(rid)
                        expired.append(p)
                for p in expired:
                    if not p.future.done():
                        p.future.set_exception(CallTimeout(p.call.method, p.timeout))
                wait = (self._deadlines[0][0] - now) if self._deadlines else None
                self._lock.wait(wait if wait is None else max(wait, 0.001))

    # ------------------------------------------------------------------ close
    def close(self) -> Optional[int]:
        """``shutdown`` + ``exit``, then wait (bounded), then kill. Returns the
        worker's exit status. Safe to call twice."""
        with self._lock:
            if self._closed:
                return self._proc.poll()
            alive = self._dead is None
        if alive:
            try:
                self.call(calls.shutdown(), timeout=self.close_timeout)
                self.notify(Method.EXIT)
            except OmniScrollError:
                pass
        with self._lock:
            self._closed = True
            self._lock.notify_all()
        try:
            with self._wlock:
                if self._proc.stdin is not None:
                    self._proc.stdin.close()
        except OSError:
            pass
        try:
            self._proc.wait(self.close_timeout)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait(self.close_timeout)
        self._reader.join(self.close_timeout)
        self._stderr_thread.join(self.close_timeout)
        with self._lock:
            self._fail_all(ClientClosed("client closed"))
            self._lock.notify_all()
        self._reaper.join(self.close_timeout)
        for s in (self._proc.stdout, self._proc.stderr):
            try:
                if s is not None:
                    s.close()
            except OSError:
                pass
        return self._proc.returncode

    def kill(self) -> None:
        """Kill the worker at once (for tests of crash reporting)."""
        self._proc.kill()

    # ------------------------------------------------------------------ typed API
    def initialize(self, client_info: Optional[Mapping[str, JSON]] = None,
                   capabilities: Optional[Mapping[str, JSON]] = None, *,
                   timeout: Optional[float] = None) -> InitializeResult:
        return self.call(calls.initialize(client_info, capabilities), timeout)

    def shutdown(self, *, timeout: Optional[float] = None) -> None:
        self.call(calls.shutdown(), timeout)

    def exit(self) -> None:
        self.notify(Method.EXIT)

    def discover(self, *, timeout: Optional[float] = None) -> Dict[str, JSON]:
        """``rpc.discover``: the OpenRPC document."""
        return self.call(calls.discover(), timeout)

    def create(self, viewport: Union[Mapping[str, Number], Sequence[Number]],
               children: Optional[Iterable[ChildSpec]] = None, *,
               insets: Optional[Union[Mapping[str, Number], Sequence[Number]]] = None,
               offset: Optional[Number] = None, id: Optional[str] = None,
               template: Optional[str] = None, options: Optional[Mapping[str, JSON]] = None,
               components: Optional[Sequence[Mapping[str, JSON]]] = None,
               timeout: Optional[float] = None) -> Layout:
        return self.call(calls.create(viewport, children, insets=insets, offset=offset, id=id,
                                      template=template, options=options, components=components), timeout)

    def scroll(self, session: str, offset: Number, phase: Optional[ScrollPhase] = None, *,
               timeout: Optional[float] = None) -> Layout:
        return self.call(calls.scroll(session, offset, phase), timeout)

    def set_content_height(self, session: str, child: str, content_height: Number, *,
                           timeout: Optional[float] = None) -> Layout:
        return self.call(calls.set_content_height(session, child, content_height), timeout)

    def update(self, session: str, *, sizes: Optional[Mapping[str, Number]] = None,
               viewport: Optional[Union[Mapping[str, Number], Sequence[Number]]] = None,
               insets: Optional[Union[Mapping[str, Number], Sequence[Number]]] = None,
               offset: Optional[Number] = None, phase: Optional[ScrollPhase] = None,
               timeout: Optional[float] = None) -> Layout:
        return self.call(calls.update(session, sizes=sizes, viewport=viewport, insets=insets,
                                      offset=offset, phase=phase), timeout)

    def set_viewport(self, session: str, width: Number, height: Number, *,
                     timeout: Optional[float] = None) -> Layout:
        return self.call(calls.set_viewport(session, width, height), timeout)

    def set_insets(self, session: str, top: Optional[Number] = None, bottom: Optional[Number] = None, *,
                   timeout: Optional[float] = None) -> Layout:
        return self.call(calls.set_insets(session, top, bottom), timeout)

    def insert_children(self, session: str, children: Iterable[ChildSpec], index: Optional[int] = None, *,
                        timeout: Optional[float] = None) -> Layout:
        return self.call(calls.insert_children(session, children, index), timeout)

    def remove_children(self, session: str, children: Iterable[str], *,
                        timeout: Optional[float] = None) -> Layout:
        return self.call(calls.remove_children(session, children), timeout)

    def scroll_to_child(self, session: str, child: str, position: Optional[ScrollPosition] = None,
                        animated: Optional[bool] = None, *, timeout: Optional[float] = None) -> Layout:
        return self.call(calls.scroll_to_child(session, child, position, animated), timeout)

    def select_page(self, session: str, child: str, page: str, *, timeout: Optional[float] = None) -> Layout:
        return self.call(calls.select_page(session, child, page), timeout)

    def scroll_pager(self, session: str, child: str, offset: float, *, timeout: Optional[float] = None) -> Layout:
        return self.call(calls.scroll_pager(session, child, offset), timeout)

    def end_pager_dragging(self, session: str, child: str, velocity: Number, time: Optional[Number] = None, *,
                           timeout: Optional[float] = None) -> Layout:
        return self.call(calls.end_pager_dragging(session, child, velocity, time), timeout)

    def begin_dragging(self, session: str, *, timeout: Optional[float] = None) -> Layout:
        return self.call(calls.begin_dragging(session), timeout)

    def drag(self, session: str, translation: Number, *, timeout: Optional[float] = None) -> Layout:
        return self.call(calls.drag(session, translation), timeout)

    def end_dragging(self, session: str, decelerate: Optional[bool] = None, velocity: Optional[Number] = None,
                           time: Optional[Number] = None, *, timeout: Optional[float] = None) -> Layout:
        return self.call(calls.end_dragging(session, decelerate, velocity, time), timeout)

    def tick(self, session: str, time: Number, *, timeout: Optional[float] = None) -> Layout:
        return self.call(calls.tick(session, time), timeout)

    def pointer(self, session: str, phase: str, x: Number, y: Number, time: Number, *,
                timeout: Optional[float] = None) -> Layout:
        return self.call(calls.pointer(session, phase, x, y, time), timeout)

    def end_scrolling(self, session: str, *, timeout: Optional[float] = None) -> Layout:
        return self.call(calls.end_scrolling(session), timeout)

    def end_refreshing(self, session: str, *, timeout: Optional[float] = None) -> Layout:
        return self.call(calls.end_refreshing(session), timeout)

    def end_loading_more(self, session: str, page: Optional[str] = None, *,
                         timeout: Optional[float] = None) -> Layout:
        return self.call(calls.end_loading_more(session, page), timeout)

    def get(self, session: str, *, timeout: Optional[float] = None) -> "Union[Layout, GridLayout]":
        return self.call(calls.get(session), timeout)

    def list(self, *, timeout: Optional[float] = None) -> "List[SessionInfo]":
        return self.call(calls.list_sessions(), timeout)

    def destroy(self, session: str, *, timeout: Optional[float] = None) -> str:
        return self.call(calls.destroy(session), timeout)

    def snapshot(self, session: str, *, timeout: Optional[float] = None) -> JSON:
        return self.call(calls.snapshot(session), timeout)

    def restore(self, snapshot: JSON, id: Optional[str] = None, *, timeout: Optional[float] = None) -> "Union[Layout, GridLayout]":
        return self.call(calls.restore(snapshot, id), timeout)

    def define_template(self, name: str, template: Mapping[str, JSON], *,
                    timeout: Optional[float] = None) -> "List[TemplateInfo]":
        """``session.defineTemplate``: names a template (``{"children", "options"?, "insets"?,
        "components"?}``) that ``create(..., template=name)`` starts from."""
        return self.call(calls.define_template(name, template), timeout)

    def templates(self, *, timeout: Optional[float] = None) -> "List[TemplateInfo]":
        """``session.templates``: the built-in templates, then the defined ones."""
        return self.call(calls.templates(), timeout)

    def grid_create(self, viewport: Union[Mapping[str, Number], Sequence[Number]],
                    tile: Union[Mapping[str, Number], Sequence[Number]], *, overscan: Optional[int] = None,
                    content_size: Optional[Union[Mapping[str, Number], Sequence[Number]]] = None,
                    recenter: Optional[RecenterMode] = None, threshold: Optional[Number] = None,
                    id: Optional[str] = None, delta: Optional[bool] = None,
                    timeout: Optional[float] = None) -> GridLayout:
        """``grid.create``: an endless tile grid session."""
        return self.call(calls.grid_create(viewport, tile, overscan=overscan, content_size=content_size,
                                           recenter=recenter, threshold=threshold, id=id, delta=delta), timeout)

    def grid_scroll(self, session: str, x: Number, y: Number, phase: Optional[ScrollPhase] = None, *,
                    timeout: Optional[float] = None) -> GridLayout:
        return self.call(calls.grid_scroll(session, x, y, phase), timeout)

    def grid_update(self, session: str, *, viewport: Optional[Union[Mapping[str, Number], Sequence[Number]]] = None,
                    x: Optional[Number] = None, y: Optional[Number] = None, phase: Optional[ScrollPhase] = None,
                    timeout: Optional[float] = None) -> GridLayout:
        return self.call(calls.grid_update(session, viewport=viewport, x=x, y=y, phase=phase), timeout)
    def fling(self, position: Number, velocity: Number, preset: Optional[PhysicsFlingPreset] = None, *,
              bounds: Optional[Tuple[Number, Number]] = None, viewport: Optional[Number] = None,
              snap: Optional[Mapping[str, JSON]] = None, drag_start: Optional[Number] = None,
              sample_interval: Optional[Number] = None, times: Optional[Sequence[Number]] = None,
              timeout: Optional[float] = None) -> FlingResult:
        """``physics.fling``: see :func:`omniscroll.calls.fling`."""
        return self.call(calls.fling(position, velocity, preset, bounds, viewport, snap, drag_start,
                                     sample_interval, times), timeout)
