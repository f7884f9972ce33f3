"""A tile grid session through the Python clients (sync and async): typed
GridLayout replies, idle recentering that keeps every tile on screen, delta
replies, and session.get of a grid."""
import asyncio

from omniscroll import AsyncClient, Client, GridLayout, RpcError


def screen_positions(layout: GridLayout):
    return {(t.col, t.row): (t.frame.x - layout.offset.x, t.frame.y - layout.offset.y) for t in layout.tiles}


def test_a_drag_then_idle_recenters_and_keeps_every_tile_on_screen(worker_bin) -> None:
    with Client(worker_bin) as c:
        first = c.grid_create((375, 800), (100, 100), id="g")
        assert isinstance(first, GridLayout)
        assert {(a.col, a.row) for a in first.added} == {(t.col, t.row) for t in first.tiles}
        dragged = c.grid_scroll("g", first.offset.x + 250, first.offset.y - 130, "dragging")
        assert dragged.recentered is None and dragged.added and dragged.removed
        rest = c.grid_scroll("g", dragged.offset.x, dragged.offset.y, "idle")
        assert rest.recentered is not None
        assert (rest.offset.x, rest.offset.y) == (first.offset.x, first.offset.y)
        assert screen_positions(rest) == screen_positions(dragged)
        got = c.get("g")
        assert isinstance(got, GridLayout) and got.tiles == rest.tiles and got.added == []
        assert [s.engine for s in c.list()] == ["grid"]


def test_delta_replies_carry_only_the_added_tiles(worker_bin) -> None:
    with Client(worker_bin) as c:
        c.grid_create((200, 200), (100, 100), overscan=0, content_size=(1000, 1000), id="d", options={"delta": True})
        moved = c.grid_scroll("d", 460, 400)
        assert [(t.col, t.row) for t in moved.tiles] == [(a.col, a.row) for a in moved.added] == [(2, -1), (2, 0), (2, 1)]
        assert [(r.col, r.row) for r in moved.removed] == [(-1, -1), (-1, 0), (-1, 1)]


def test_a_grid_method_on_a_container_names_the_session(worker_bin) -> None:
    with Client(worker_bin) as c:
        c.create((375, 800), [], id="c")
        try:
            c.grid_scroll("c", 0, 0)
        except RpcError as e:
            assert e.code == -32602 and e.data["param"] == "params.session"
        else:
            raise AssertionError("grid.scroll on a container succeeded")


def test_the_async_client_drives_a_grid(worker_bin) -> None:
    async def run() -> None:
        async with AsyncClient(worker_bin) as c:
            first = await c.grid_create((375, 800), (100, 100), recenter="threshold", threshold=300, id="t")
            far = await c.grid_scroll("t", first.offset.x + 301, first.offset.y)
            assert far.recentered is not None and far.recentered.dx == -301 and far.recentered.dy == 0
            updated = await c.grid_update("t", viewport=(800, 375))
            assert isinstance(updated, GridLayout) and updated.viewport == {"width": 800, "height": 375}
    asyncio.run(run())
