"""asyncio client: an asyncio subprocess and a reader task matching replies by id."""
from __future__ import annotations

import asyncio
import itertools
import json
from collections import OrderedDict
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Set, Tuple, Union

from . import calls
from ._worker import DEFAULT_STDERR_TAIL, StderrTail, command
from .calls import Call, ChildSpec
from .client import (DEFAULT_CLOSE_TIMEOUT, DEFAULT_MAX_IN_FLIGHT, DEFAULT_MAX_LINE, DEFAULT_TIMEOUT,
                     encode_message, request_object)
from .errors import (CallTimeout, ClientClosed, InvalidArgument, OmniScrollError, ProtocolViolation, RpcError,
                     WorkerDied)
from ._generated import Method, PhysicsFlingPreset, RecenterMode, ScrollPhase, ScrollPosition
from .components import ComponentManager
from .types import FlingResult, GridLayout, InitializeResult, Layout, Number, SessionInfo, TemplateInfo

JSON = Any


class AsyncClient:
    """An asyncio OmniScroll client. Concurrent calls pipeline (use
    ``asyncio.gather``); every call has a timeout.

    >>> async with AsyncClient() as c:
    ...     layout = await c.create((375, 800), [Child.scroll("web", 2000)])
    """

    def __init__(self, bin: Optional[str] = None, args: Sequence[str] = (), *,
                 timeout: float = DEFAULT_TIMEOUT,
                 max_in_flight: int = DEFAULT_MAX_IN_FLIGHT,
                 max_line_bytes: int = DEFAULT_MAX_LINE,
                 stderr_tail_bytes: int = DEFAULT_STDERR_TAIL,
                 close_timeout: float = DEFAULT_CLOSE_TIMEOUT,
                 env: Optional[Mapping[str, str]] = None) -> None:
        self._argv = command(bin, args)
        self._env = dict(env) if env is not None else None
        self.timeout = timeout
        self.close_timeout = close_timeout
        #: Opt-in: when set, every Layout that :meth:`call` (and each typed
        #: method) returns is dispatched to it before the call returns.
        self.components: Optional[ComponentManager] = None
        self._max_in_flight = max(1, max_in_flight)
        self._max_line = max(1024, max_line_bytes)
        self._tail = StderrTail(stderr_tail_bytes)
        self._proc: Optional[asyncio.subprocess.Process] = None
        self._ids = itertools.count(1)
        self._lines = itertools.count(1)
        self._pending: Dict[int, "asyncio.Future[Any]"] = {}
        self._calls: Dict[int, Call] = {}
        self._line_of: Dict[int, int] = {}
        self._line_ids: "OrderedDict[int, Set[int]]" = OrderedDict()
        self._slots: Optional[asyncio.Semaphore] = None
        self._wlock: Optional[asyncio.Lock] = None
        self._dead: Optional[OmniScrollError] = None
        self._closed = False
        self._reader: Optional["asyncio.Task[None]"] = None
        self._stderr_task: Optional["asyncio.Task[None]"] = None
        self.unmatched_errors: List[RpcError] = []

    async def start(self) -> "AsyncClient":
        if self._proc is not None:
            return self
        self._slots = asyncio.Semaphore(self._max_in_flight)
        self._wlock = asyncio.Lock()
        try:
            self._proc = await asyncio.create_subprocess_exec(
                *self._argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE, limit=self._max_line, env=self._env)
        except OSError as e:
            raise WorkerDied(None, "", "cannot start %s: %s" % (self._argv[0], e)) from e
        self._stderr_task = asyncio.ensure_future(self._pump_stderr())
        self._reader = asyncio.ensure_future(self._read_loop())
        return self

    async def __aenter__(self) -> "AsyncClient":
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def pid(self) -> int:
        assert self._proc is not None
        return self._proc.pid

    @property
    def returncode(self) -> Optional[int]:
        return self._proc.returncode if self._proc is not None else None

    @property
    def stderr_tail(self) -> str:
        return self._tail.text()

    # ------------------------------------------------------------------ core
    def _check_usable(self) -> None:
        if self._proc is None:
            raise ClientClosed("client not started (use `async with` or `await start()`)")
        if self._closed:
            raise ClientClosed("client is closed")
        if self._dead is not None:
            raise self._dead

    async def _write(self, data: bytes) -> None:
        assert self._proc is not None and self._proc.stdin is not None and self._wlock is not None
        try:
            self._proc.stdin.write(data)
            async with self._wlock:
                await self._proc.stdin.drain()
        except (BrokenPipeError, ConnectionResetError, OSError) as e:
            if self._reader is not None:
                await asyncio.wait({self._reader}, timeout=self.close_timeout)
            raise self._dead or await self._died("writing failed: %s" % e)

    async def _send(self, batch: List[Call], as_batch: bool) -> "List[Optional[asyncio.Future[Any]]]":
        self._check_usable()
        assert self._slots is not None
        n = sum(1 for c in batch if not c.notify)
        if n > self._max_in_flight:
            raise ValueError("batch of %d requests exceeds max_in_flight=%d" % (n, self._max_in_flight))
        for _ in range(n):
            await self._slots.acquire()
        loop = asyncio.get_running_loop()
        line = next(self._lines)
        futures: List[Optional[asyncio.Future[Any]]] = []
        objs: List[JSON] = []
        ids: Set[int] = set()
        for c in batch:
            if c.notify:
                futures.append(None)
                objs.append(request_object(c, None))
                continue
            rid = next(self._ids)
            fut: asyncio.Future[Any] = loop.create_future()
            self._pending[rid] = fut
            self._calls[rid] = c
            self._line_of[rid] = line
            ids.add(rid)
            futures.append(fut)
            objs.append(request_object(c, rid))
        if ids:
            self._line_ids[line] = ids
        try:
            try:
                data = encode_message(objs if as_batch else objs[0])
            except (TypeError, ValueError) as e:
                raise InvalidArgument("%s: %s" % (batch[0].method, e)) from e
            self._check_usable()
            await self._write(data)
        except BaseException:
            for rid in ids:
                self._forget(rid)
            raise
        return futures

    def _forget(self, rid: int) -> None:
        if self._pending.pop(rid, None) is None:
            return
        self._calls.pop(rid, None)
        line = self._line_of.pop(rid, None)
        ids = self._line_ids.get(line) if line is not None else None
        if ids is not None:
            ids.discard(rid)
            if not ids:
                del self._line_ids[line]  # type: ignore[arg-type]
        assert self._slots is not None
        self._slots.release()

    async def _await(self, fut: "asyncio.Future[Any]", rid_method: str, timeout: float) -> Any:
        try:
            return await asyncio.wait_for(asyncio.shield(fut), timeout)
        except asyncio.TimeoutError:
            for rid, f in list(self._pending.items()):
                if f is fut:
                    self._forget(rid)
            if not fut.done():
                fut.cancel()
            raise CallTimeout(rid_method, timeout) from None

    async def call(self, c: Call, timeout: Optional[float] = None) -> Any:
        fut = (await self._send([c], False))[0]
        if fut is None:
            return None
        result = await self._await(fut, c.method, self.timeout if timeout is None else timeout)
        if self.components is not None and isinstance(result, Layout):
            self.components.dispatch(result)
        return result

    async def request(self, method: str, params: Optional[Mapping[str, JSON]] = None,
                      timeout: Optional[float] = None) -> JSON:
        return await self.call(calls.call(method, params), timeout)

    async def notify(self, method: str, params: Optional[Mapping[str, JSON]] = None) -> None:
        await self._send([Call(method, dict(params) if params is not None else None, notify=True)], False)

    async def batch(self, batch: Sequence[Call], timeout: Optional[float] = None) -> List[Any]:
        """One JSON-RPC batch; per entry the decoded result or the
        :class:`RpcError` instance (not raised); notifications give None."""
        if not batch:
            raise ValueError("a batch needs at least one call")
        t = self.timeout if timeout is None else timeout
        futures = await self._send(list(batch), True)
        out: List[Any] = []
        for c, f in zip(batch, futures):
            if f is None:
                out.append(None)
                continue
            try:
                out.append(await self._await(f, c.method, t))
            except RpcError as e:
                out.append(e)
        return out

    # ------------------------------------------------------------------ reading
    async def _pump_stderr(self) -> None:
        assert self._proc is not None and self._proc.stderr is not None
        while True:
            chunk = await self._proc.stderr.read(65536)
            if not chunk:
                return
            self._tail.feed(chunk)

    async def _died(self, detail: str) -> WorkerDied:
        assert self._proc is not None
        if self._stderr_task is not None:
            await asyncio.wait({self._stderr_task}, timeout=1.0)
        try:
            rc: Optional[int] = await asyncio.wait_for(self._proc.wait(), 1.0)
        except asyncio.TimeoutError:
            rc = None
        return WorkerDied(rc, self._tail.text(), detail)

    def _fail_all(self, err: BaseException) -> None:
        for rid, fut in list(self._pending.items()):
            self._forget(rid)
            if not fut.done():
                fut.set_exception(err)
                fut.exception()  # mark retrieved: callers may have timed out already

    async def _read_loop(self) -> None:
        assert self._proc is not None and self._proc.stdout is not None
        detail = "end of output"
        while True:
            try:
                line = await self._proc.stdout.readline()
            except (ValueError, asyncio.LimitOverrunError):
                self._dead = ProtocolViolation("reply line longer than max_line_bytes=%d" % self._max_line)
                self._fail_all(self._dead)
                self._proc.kill()
                return
            except OSError as e:
                detail = "reading stdout failed: %s" % e
                break
            if not line:
                break
            try:
                msg = json.loads(line)
            except ValueError:
                self._dead = ProtocolViolation("worker wrote a non-JSON line: %r" % line[:200])
                self._fail_all(self._dead)
                self._proc.kill()
                return
            self._dispatch(msg)
        if self._closed and not self._pending:
            return
        err = await self._died(detail)
        if self._dead is None:
            self._dead = err
        self._fail_all(self._dead)

    def _dispatch(self, msg: JSON) -> None:
        for item in (msg if isinstance(msg, list) else [msg]):
            if not isinstance(item, dict):
                continue
            rid = item.get("id")
            targets: List[int] = []
            if isinstance(rid, int) and not isinstance(rid, bool):
                if rid in self._pending:
                    targets = [rid]
            elif rid is None and "error" in item:
                if self._line_ids:
                    targets = list(next(iter(self._line_ids.values())))
                else:
                    self.unmatched_errors.append(RpcError.from_json(item.get("error")))
                    del self.unmatched_errors[:-16]
            for r in targets:
                fut = self._pending[r]
                c = self._calls[r]
                self._forget(r)
                if fut.done():
                    continue
                if "error" in item:
                    fut.set_exception(RpcError.from_json(item["error"]))
                    continue
                try:
                    fut.set_result(c.decode(item.get("result")))
                except (ValueError, TypeError, KeyError) as e:
                    fut.set_exception(ProtocolViolation("%s: unexpected result: %s" % (c.method, e)))

    # ------------------------------------------------------------------ close
    async def close(self) -> Optional[int]:
        """``shutdown`` + ``exit``, wait (bounded), then kill."""
        if self._proc is None or self._closed:
            return self.returncode
        if self._dead is None:
            try:
                await self.call(calls.shutdown(), self.close_timeout)
                await self.notify(Method.EXIT)
            except OmniScrollError:
                pass
        self._closed = True
        try:
            if self._proc.stdin is not None:
                self._proc.stdin.close()
        except OSError:
            pass
        try:
            await asyncio.wait_for(self._proc.wait(), self.close_timeout)
        except asyncio.TimeoutError:
            self._proc.kill()
            await asyncio.wait_for(self._proc.wait(), self.close_timeout)
        tasks = {t for t in (self._reader, self._stderr_task) if t is not None}
        if tasks:
            _, pending = await asyncio.wait(tasks, timeout=self.close_timeout)
            for t in pending:
                t.cancel()
        self._fail_all(ClientClosed("client closed"))
        return self._proc.returncode

    def kill(self) -> None:
        if self._proc is not None:
            self._proc.kill()

    # ------------------------------------------------------------------ typed API
    async def initialize(self, client_info: Optional[Mapping[str, JSON]] = None,
                         capabilities: Optional[Mapping[str, JSON]] = None, *,
                         timeout: Optional[float] = None) -> InitializeResult:
        return await self.call(calls.initialize(client_info, capabilities), timeout)

    async def shutdown(self, *, timeout: Optional[float] = None) -> None:
        await self.call(calls.shutdown(), timeout)

    async def exit(self) -> None:
        await self.notify(Method.EXIT)

    async def discover(self, *, timeout: Optional[float] = None) -> Dict[str, JSON]:
        return await self.call(calls.discover(), timeout)

    async def create(self, viewport: Union[Mapping[str, Number], Sequence[Number]],
                     children: Optional[Iterable[ChildSpec]] = None, *,
                     insets: Optional[Union[Mapping[str, Number], Sequence[Number]]] = None,
                     offset: Optional[Number] = None, id: Optional[str] = None,
                     template: Optional[str] = None, options: Optional[Mapping[str, JSON]] = None,
                     components: Optional[Sequence[Mapping[str, JSON]]] = None,
                     timeout: Optional[float] = None) -> Layout:
        return await self.call(calls.create(viewport, children, insets=insets, offset=offset, id=id,
                                            template=template, options=options, components=components), timeout)

    async def scroll(self, session: str, offset: Number, phase: Optional[ScrollPhase] = None, *,
                     timeout: Optional[float] = None) -> Layout:
        return await self.call(calls.scroll(session, offset, phase), timeout)

    async def set_content_height(self, session: str, child: str, content_height: Number, *,
                                 timeout: Optional[float] = None) -> Layout:
        return await self.call(calls.set_content_height(session, child, content_height), timeout)

    async def update(self, session: str, *, sizes: Optional[Mapping[str, Number]] = None,
                     viewport: Optional[Union[Mapping[str, Number], Sequence[Number]]] = None,
                     insets: Optional[Union[Mapping[str, Number], Sequence[Number]]] = None,
                     offset: Optional[Number] = None, phase: Optional[ScrollPhase] = None,
                     timeout: Optional[float] = None) -> Layout:
        return await self.call(calls.update(session, sizes=sizes, viewport=viewport, insets=insets,
                                            offset=offset, phase=phase), timeout)

    async def set_viewport(self, session: str, width: Number, height: Number, *,
                           timeout: Optional[float] = None) -> Layout:
        return await self.call(calls.set_viewport(session, width, height), timeout)

    async def set_insets(self, session: str, top: Optional[Number] = None, bottom: Optional[Number] = None, *,
                         timeout: Optional[float] = None) -> Layout:
        return await self.call(calls.set_insets(session, top, bottom), timeout)

    async def insert_children(self, session: str, children: Iterable[ChildSpec], index: Optional[int] = None, *,
                              timeout: Optional[float] = None) -> Layout:
        return await self.call(calls.insert_children(session, children, index), timeout)

    async def remove_children(self, session: str, children: Iterable[str], *,
                              timeout: Optional[float] = None) -> Layout:
        return await self.call(calls.remove_children(session, children), timeout)

    async def scroll_to_child(self, session: str, child: str, position: Optional[ScrollPosition] = None,
                              animated: Optional[bool] = None, *, timeout: Optional[float] = None) -> Layout:
        return await self.call(calls.scroll_to_child(session, child, position, animated), timeout)

    async def select_page(self, session: str, child: str, page: str, *, timeout: Optional[float] = None) -> Layout:
        return await self.call(calls.select_page(session, child, page), timeout)

    async def scroll_pager(self, session: str, child: str, offset: float, *,
                           timeout: Optional[float] = None) -> Layout:
        return await self.call(calls.scroll_pager(session, child, offset), timeout)

    async def begin_dragging(self, session: str, *, timeout: Optional[float] = None) -> Layout:
        return await self.call(calls.begin_dragging(session), timeout)

    async def drag(self, session: str, translation: Number, *, timeout: Optional[float] = None) -> Layout:
        return await self.call(calls.drag(session, translation), timeout)

    async def end_pager_dragging(self, session: str, child: str, velocity: Number, time: Optional[Number] = None, *,
                                 timeout: Optional[float] = None) -> Layout:
        return await self.call(calls.end_pager_dragging(session, child, velocity, time), timeout)

    async def end_dragging(self, session: str, decelerate: Optional[bool] = None, velocity: Optional[Number] = None,
                           time: Optional[Number] = None, *, timeout: Optional[float] = None) -> Layout:
        return await self.call(calls.end_dragging(session, decelerate, velocity, time), timeout)

    async def tick(self, session: str, time: Number, *, timeout: Optional[float] = None) -> Layout:
        return await self.call(calls.tick(session, time), timeout)

    async def pointer(self, session: str, phase: str, x: Number, y: Number, time: Number, *,
                      timeout: Optional[float] = None) -> Layout:
        return await self.call(calls.pointer(session, phase, x, y, time), timeout)

    async def end_scrolling(self, session: str, *, timeout: Optional[float] = None) -> Layout:
        return await self.call(calls.end_scrolling(session), timeout)

    async def end_refreshing(self, session: str, *, timeout: Optional[float] = None) -> Layout:
        return await self.call(calls.end_refreshing(session), timeout)

    async def end_loading_more(self, session: str, page: Optional[str] = None, *,
                               timeout: Optional[float] = None) -> Layout:
        return await self.call(calls.end_loading_more(session, page), timeout)

    async def get(self, session: str, *, timeout: Optional[float] = None) -> "Union[Layout, GridLayout]":
        return await self.call(calls.get(session), timeout)

    async def list(self, *, timeout: Optional[float] = None) -> "List[SessionInfo]":
        return await self.call(calls.list_sessions(), timeout)

    async def destroy(self, session: str, *, timeout: Optional[float] = None) -> str:
        return await self.call(calls.destroy(session), timeout)

    async def snapshot(self, session: str, *, timeout: Optional[float] = None) -> JSON:
        return await self.call(calls.snapshot(session), timeout)

    async def restore(self, snapshot: JSON, id: Optional[str] = None, *,
                      timeout: Optional[float] = None) -> "Union[Layout, GridLayout]":
        return await self.call(calls.restore(snapshot, id), timeout)

    async def define_template(self, name: str, template: Mapping[str, JSON], *,
                    timeout: Optional[float] = None) -> "List[TemplateInfo]":
        """``session.defineTemplate``: names a template (``{"children", "options"?, "insets"?,
        "components"?}``) that ``create(..., template=name)`` starts from."""
        return await self.call(calls.define_template(name, template), timeout)

    async def templates(self, *, timeout: Optional[float] = None) -> "List[TemplateInfo]":
        """``session.templates``: the built-in templates, then the defined ones."""
        return await self.call(calls.templates(), timeout)

    async def grid_create(self, viewport: Union[Mapping[str, Number], Sequence[Number]],
                    tile: Union[Mapping[str, Number], Sequence[Number]], *, overscan: Optional[int] = None,
                    content_size: Optional[Union[Mapping[str, Number], Sequence[Number]]] = None,
                    recenter: Optional[RecenterMode] = None, threshold: Optional[Number] = None,
                    id: Optional[str] = None, delta: Optional[bool] = None,
                    timeout: Optional[float] = None) -> GridLayout:
        """``grid.create``: an endless tile grid session."""
        return await self.call(calls.grid_create(viewport, tile, overscan=overscan, content_size=content_size,
                                           recenter=recenter, threshold=threshold, id=id, delta=delta), timeout)

    async def grid_scroll(self, session: str, x: Number, y: Number, phase: Optional[ScrollPhase] = None, *,
                    timeout: Optional[float] = None) -> GridLayout:
        return await self.call(calls.grid_scroll(session, x, y, phase), timeout)

    async def grid_update(self, session: str, *, viewport: Optional[Union[Mapping[str, Number], Sequence[Number]]] = None,
                    x: Optional[Number] = None, y: Optional[Number] = None, phase: Optional[ScrollPhase] = None,
                    timeout: Optional[float] = None) -> GridLayout:
        return await self.call(calls.grid_update(session, viewport=viewport, x=x, y=y, phase=phase), timeout)
    async def fling(self, position: Number, velocity: Number, preset: Optional[PhysicsFlingPreset] = None, *,
                    bounds: Optional[Tuple[Number, Number]] = None, viewport: Optional[Number] = None,
                    snap: Optional[Mapping[str, JSON]] = None, drag_start: Optional[Number] = None,
                    sample_interval: Optional[Number] = None, times: Optional[Sequence[Number]] = None,
                    timeout: Optional[float] = None) -> FlingResult:
        """``physics.fling``: see :func:`omniscroll.calls.fling`."""
        return await self.call(calls.fling(position, velocity, preset, bounds, viewport, snap, drag_start,
                                           sample_interval, times), timeout)
