"""The asyncio client against the real worker."""
from __future__ import annotations

import asyncio
import os
import signal

import pytest

from omniscroll import AsyncClient, CallTimeout, Child, ClientClosed, InvalidArgument, Layout, RpcError, WorkerDied, calls


def run(coro):  # type: ignore[no-untyped-def]
    return asyncio.run(coro)


def test_async_session_roundtrip(worker_bin: str) -> None:
    async def main() -> None:
        async with AsyncClient(worker_bin) as c:
            lay = await c.create((375, 800), [Child.scroll("web", 2000), Child.scroll("list", 3000)],
                                 insets=(0, 100))
            assert isinstance(lay, Layout) and lay.max_offset == 4300
            lay = await c.scroll(lay.session, 3000)
            assert lay.content_view.top == 2200
            assert lay.child("list").content_offset.y == 1000
            with pytest.raises(RpcError) as e:
                await c.scroll("nope", 1)
            assert e.value.code == RpcError.SESSION_NOT_FOUND and e.value.param == "params.session"
            with pytest.raises(InvalidArgument) as bad:
                await c.scroll(lay.session, "x")  # type: ignore[arg-type]
            assert bad.value.param == "params.offset" and bad.value.reason == 'expected a number, got "x"'
    run(main())


def test_async_pipelining_and_batch(worker_bin: str) -> None:
    async def main() -> None:
        async with AsyncClient(worker_bin) as c:
            s = (await c.create((375, 800), [Child.scroll("a", 2000), Child.scroll("b", 3000)])).session
            offsets = [(i * 53) % 4200 for i in range(300)]
            layouts = await asyncio.gather(*(c.scroll(s, y) for y in offsets))
            assert [lay.offset for lay in layouts] == offsets
            out = await c.batch([calls.get(s), calls.scroll("nope", 0), calls.list_sessions()])
            assert isinstance(out[0], Layout) and isinstance(out[1], RpcError)
            assert [i.id for i in out[2]] == [s]
    run(main())


def test_async_timeout_and_death(worker_bin: str) -> None:
    async def main() -> None:
        c = AsyncClient(worker_bin, recover=False)  # the death itself is under test
        await c.start()
        try:
            os.kill(c.pid, signal.SIGSTOP)
            with pytest.raises(CallTimeout):
                await c.list(timeout=0.2)
            pending = asyncio.ensure_future(c.list(timeout=60))
            await asyncio.sleep(0)
            c.kill()
            with pytest.raises(WorkerDied) as e:
                await pending
            assert e.value.returncode == -signal.SIGKILL
        finally:
            await c.close()
        with pytest.raises(ClientClosed):
            await c.list()
    run(main())


def test_async_close_exit_code(worker_bin: str) -> None:
    async def main() -> None:
        c = await AsyncClient(worker_bin).start()
        await c.initialize()
        assert await c.close() == 0
    run(main())


def test_async_fling(worker_bin: str) -> None:
    async def main() -> None:
        async with AsyncClient(worker_bin) as c:
            fling = await c.fling(0, 1000, "iosFast", times=[0, 10])
            assert round(fling.target, 2) == 99.50
            assert fling.samples is not None and [s.time for s in fling.samples] == [0, 10]
            assert fling.samples[1].position == fling.target and fling.samples[1].velocity == 0
    asyncio.run(main())


def test_async_pager_swipe_snaps_on_ticks(worker_bin: str) -> None:
    async def main() -> None:
        async with AsyncClient(worker_bin) as c:
            s = (await c.create((375, 800), template="profileTabs")).session
            await c.update(s, sizes={"header": 300, "posts": 5000, "likes": 3000})
            await c.scroll_pager(s, "tabs", 250)
            back = await c.end_pager_dragging(s, "tabs", -600)
            assert back.child("tabs").page_progress == 250 / 375
            started = await c.tick(s, 5)
            assert started.child("tabs").page_progress == 250 / 375, "the first tick starts the clock"
            landed = await c.tick(s, 10)
            assert landed.child("tabs").selected == "posts" and landed.child("tabs").page_progress == 0
    run(main())
