"""asyncio client: an asyncio subprocess and a reader task matching replies by id."""
from __future__ import annotations

import asyncio
import itertools
import json
from collections import OrderedDict
import os
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Set, Union

from . import calls
from ._surface import AsyncClientMethods
from ._worker import DEFAULT_STDERR_TAIL, StderrTail, command
from .calls import Call
from .client import (DEFAULT_CLOSE_TIMEOUT, DEFAULT_MAX_IN_FLIGHT, DEFAULT_MAX_LINE, DEFAULT_TIMEOUT,
                     RECOVERY_REPLY, encode_message, encode_request, request_object, result_id)
from .components import ComponentManager
from .errors import (CallTimeout, ClientClosed, InvalidArgument, OmniScrollError, ProtocolViolation, RpcError,
                     WorkerDied)
from .recording import recorder
from .recovery import DEFAULT_SNAPSHOT_EVERY, Recovery
from .types import Layout

JSON = Any


class AsyncClient(AsyncClientMethods):
    """An asyncio OmniScroll client. Concurrent calls pipeline (use
    ``asyncio.gather``); every call has a timeout. ``record="session.jsonl"``
    writes every request and its reply as a conformance transcript.

    >>> async with AsyncClient() as c:
    ...     layout = await c.create((375, 800), [Child.scroll("web", 2000)])
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
        #: Recovery (clients/README.md): a worker that dies is replaced and
        #: every session restored; called on the event loop after each restart.
        self.on_worker_did_restart = on_worker_did_restart
        self._recovery = Recovery(args, snapshot_every) if recover else None
        self._argv = command(bin, args)
        self._recorder = recorder(record, args)
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
        self._proc = await self._spawn()
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
    def worker_pid(self) -> int:
        """The current worker's process id (a new one after each recovery)."""
        return self.pid

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

    async def _write(self, data: bytes, answered: List[bool], objs: List[JSON], as_batch: bool) -> None:
        """The one place request bytes are written: ``data`` holds whole
        lines; ``answered`` says, per line, whether a reply answers it;
        ``objs``, its requests for the recovery (:meth:`Recovery.sent`), which may add its own
        snapshot requests after them (the recorder sees only the caller's)."""
        assert self._proc is not None and self._proc.stdin is not None and self._wlock is not None
        if self._recorder is not None:
            self._recorder.sent(data, answered)
        try:
            self._proc.stdin.write(data)
            if self._recovery is not None:
                self._proc.stdin.write(self._recovery.sent([data], objs, True if as_batch else None))
            async with self._wlock:
                await self._proc.stdin.drain()
        except (BrokenPipeError, ConnectionResetError, OSError) as e:
            if self._recovery is not None and not self._recovery.stopping:
                return  # recorded: the reader re-sends it to the next worker
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
                objs.append(request_object(c, None) if as_batch else (None, c))
                continue
            rid = next(self._ids)
            fut: asyncio.Future[Any] = loop.create_future()
            self._pending[rid] = fut
            self._calls[rid] = c
            self._line_of[rid] = line
            ids.add(rid)
            futures.append(fut)
            objs.append(request_object(c, rid) if as_batch else (rid, c))
        if ids:
            self._line_ids[line] = ids
        try:
            try:
                data = encode_message(objs) if as_batch else encode_request(*objs[0])
            except (TypeError, ValueError) as e:
                raise InvalidArgument("%s: %s" % (batch[0].method, e)) from e
            self._check_usable()
            await self._write(data, [bool(ids)] if as_batch else [not batch[0].notify], objs, as_batch)
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
            if line[-1:] != b"\n":
                line = b""  # end of output, or a reply cut short by the worker's death
            if not line:
                if await self._restarted():
                    continue
                break
            if self._recorder is not None and not line.startswith(RECOVERY_REPLY):
                self._recorder.received(line.rstrip(b"\n"))
            rid = result_id(line)
            if rid is not None:
                if self._recovery is not None:
                    self._recovery.answered(rid, line)
                self._finish(rid, line)
                continue
            if self._recovery is not None and line.startswith(RECOVERY_REPLY):
                self._recovery.internal(line)  # no caller's: kept as bytes, never decoded
                continue
            try:
                msg = json.loads(line)
            except ValueError:
                self._dead = ProtocolViolation("worker wrote a non-JSON line: %r" % line[:200])
                self._fail_all(self._dead)
                self._proc.kill()
                return
            if self._recovery is not None:
                self._recovery.received(line, msg)
            self._dispatch(msg)
        if self._closed and not self._pending:
            return
        err = await self._died(detail)
        if self._dead is None:
            self._dead = err
        self._fail_all(self._dead)

    def _finish(self, rid: int, line: bytes) -> None:
        """A result line of request ``rid``, decoded only as far as its call's result type wants."""
        fut = self._pending.get(rid)
        if fut is None:
            return
        c = self._calls[rid]
        self._forget(rid)
        if fut.done():
            return
        try:
            fut.set_result(c.decode(line) if c.lazy else c.decode(json.loads(line)["result"]))
        except (ValueError, TypeError, KeyError) as e:
            fut.set_exception(ProtocolViolation("%s: unexpected result: %s" % (c.method, e)))

    async def _spawn(self) -> asyncio.subprocess.Process:
        try:
            return await asyncio.create_subprocess_exec(
                *self._argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE, limit=self._max_line, env=self._env)
        except OSError as e:
            raise WorkerDied(None, "", "cannot start %s: %s" % (self._argv[0], e)) from e

    async def _restarted(self) -> bool:
        """At the end of the worker's output: starts a new worker and writes
        it the recovery's replay (clients/README.md, "Recovery"). False when
        recovery is off or the client is stopping; a second death on the same
        call records the error and is False too."""
        rec = self._recovery
        if rec is None or rec.stopping or self._closed:
            return False
        old = self._proc
        assert old is not None
        if self._stderr_task is not None:
            await asyncio.wait({self._stderr_task}, timeout=1.0)
        try:
            await asyncio.wait_for(old.wait(), self.close_timeout)
        except asyncio.TimeoutError:
            old.kill()
        new: Optional[asyncio.subprocess.Process] = None
        try:
            new = await self._spawn()
            # No await from here to the write: every line sent so far is in the
            # replay, every later one follows it.
            plan = rec.restart()
        except WorkerDied as e:
            if new is not None:
                new.kill()
            self._dead = WorkerDied(old.returncode, self._tail.text(), e.detail, e.transcript)
            return False
        self._proc = new
        assert new.stdin is not None
        new.stdin.write(plan)
        self._stderr_task = asyncio.ensure_future(self._pump_stderr())
        if self.on_worker_did_restart is not None:
            self.on_worker_did_restart({"pid": new.pid, "previousPid": old.pid, "exitStatus": old.returncode,
                                        "sessions": len(rec.sessions), "resent": rec.resent})
        return True

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
                await self.notify("exit")
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
        if self._recorder is not None:
            self._recorder.close()
        return self._proc.returncode

    def kill(self) -> None:
        if self._proc is not None:
            self._proc.kill()

    # ------------------------------------------------------------------ typed API
