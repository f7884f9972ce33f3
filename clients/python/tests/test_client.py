"""The synchronous Client against the real worker."""
from __future__ import annotations

import json
import os
import signal
from concurrent.futures import Future
from typing import Any, List

import pytest

import omniscroll
from omniscroll import (CallTimeout, Child, Client, ClientClosed, Event, Layout, RpcError, WorkerDied, calls)

SEED_CHILDREN = [Child.scroll("web", 2000), Child.scroll("list", 3000)]


def seed_session(c: Client) -> Layout:
    return c.create((375, 800), SEED_CHILDREN, insets=(0, 100))


def test_create_returns_a_typed_layout(client: Client) -> None:
    lay = seed_session(client)
    assert isinstance(lay, Layout)
    assert isinstance(lay.session, str) and lay.session
    assert lay.content_height == 5000
    assert lay.min_offset == 0 and lay.max_offset == 4300
    assert [ch.id for ch in lay.children] == ["web", "list"]
    web = lay.child("web")
    assert (web.frame.x, web.frame.width, web.frame.height) == (0, 375, 800)
    assert web.content_offset.y == 0 and web.visible_height == 800
    assert lay.active_child == "web"
    assert all(isinstance(e, Event) for e in lay.events)


@pytest.mark.parametrize("y, top, web, lst", [
    (600, 600, 600, 0), (1500, 1200, 1200, 0), (3000, 2200, 1200, 1000), (4300, 3400, 1200, 2200)])
def test_seed_golden_vectors(client: Client, y: float, top: float, web: float, lst: float) -> None:
    s = seed_session(client).session
    lay = client.scroll(s, y)
    assert lay.offset == y
    assert lay.content_view.top == top
    assert lay.content_view.height == 1600
    assert lay.child("web").content_offset.y == web
    assert lay.child("list").content_offset.y == lst


def test_overscroll_above_top_keeps_children_at_rest(client: Client) -> None:
    s = seed_session(client).session
    lay = client.scroll(s, -50)
    assert lay.content_view.top == 0
    assert lay.child("web").content_offset.y == 0 and lay.child("list").content_offset.y == 0


def test_revision_grows_and_get_reports_every_child(client: Client) -> None:
    first = seed_session(client)
    s = first.session
    a = client.scroll(s, 100)
    b = client.scroll(s, 200)
    assert first.revision < a.revision < b.revision
    got = client.get(s)
    assert got.offset == 200 and got.events == [] and len(got.children) == 2


def test_set_content_height_and_update(client: Client) -> None:
    s = seed_session(client).session
    lay = client.set_content_height(s, "list", 1000)
    assert lay.content_height == 3000 and lay.max_offset == 2300
    lay = client.update(s, sizes={"web": 500, "list": 300})
    assert lay.content_height == 800
    assert lay.max_offset == 100  # 800 + inset.bottom 100 - V 800
    assert lay.child("web").content_offset.y == 0


def test_viewport_insets_children(client: Client) -> None:
    s = seed_session(client).session
    lay = client.set_viewport(s, 320, 600)
    assert lay.child("web").frame.width == 320 and lay.child("web").frame.height == 600
    lay = client.set_insets(s, top=50, bottom=0)
    assert lay.min_offset == -50 and lay.max_offset == 5000 - 600
    lay = client.insert_children(s, [Child.fixed("header", 200)], index=0)
    assert [c.id for c in client.get(s).children] == ["header", "web", "list"]
    assert lay.content_height == 5200
    lay = client.remove_children(s, ["header"])
    assert [c.id for c in client.get(s).children] == ["web", "list"]


def test_sticky_bar_keeps_the_last_pixel_reachable(client: Client) -> None:
    lay = client.create({"width": 375, "height": 800},
                        [Child.fixed("header", 300), Child.sticky("tabs", 44), Child.scroll("list", 3000)])
    lay = client.scroll(lay.session, lay.max_offset)
    assert lay.child("list").content_offset.y == 3000 - (800 - 44)


def test_scroll_to_child_reports_target(client: Client) -> None:
    s = seed_session(client).session
    lay = client.scroll_to_child(s, "list")
    assert lay.target is not None
    assert lay.target.offset == 2000 and lay.target.pending is False


def test_pending_scroll_target_resolves_when_sizes_arrive(client: Client) -> None:
    s = client.create((375, 800), template="shortContainer").session
    lay = client.scroll_to_child(s, "list")
    assert lay.target is not None and lay.target.pending is True and lay.target.offset is None
    lay = client.update(s, sizes={"web": 2000, "list": 3000})
    assert "scrollTargetDidResolve" in lay.event_types() and lay.offset == 2000


def test_profile_page_keeps_each_tabs_offset(client: Client) -> None:
    """Issue 15: posts scrolled to 2000, likes, back to posts at 2000, the header never jumping."""
    s = client.create((375, 800), template="profileTabs").session
    client.update(s, sizes={"header": 300, "posts": 5000, "likes": 3000})
    assert client.scroll(s, 2300).child("tabs").content_offset.y == 2000
    likes = client.select_page(s, "tabs", "likes")
    assert likes.offset == 300 and likes.child("tabs").selected == "likes"
    assert "pageDidSelect" in likes.event_types()
    swipe = client.scroll_pager(s, "tabs", 187.5).child("tabs")
    assert swipe.page_progress == 0.5
    assert [(p.id, p.content_offset.y) for p in swipe.pages or []] == [("posts", 2000), ("likes", 0)]
    back = client.select_page(s, "tabs", "posts")
    assert back.offset == 2300 and back.child("tabs").content_offset.y == 2000
    assert back.child("header").visible_height == 0


def test_a_released_swipe_snaps_on_ticks_and_lands_its_page(client: Client) -> None:
    s = client.create((375, 800), template="profileTabs").session
    client.update(s, sizes={"header": 300, "posts": 5000, "likes": 3000})
    client.scroll(s, 2300)
    client.scroll_pager(s, "tabs", 120)
    released = client.end_pager_dragging(s, "tabs", 600, time=0).child("tabs")
    assert released.selected == "posts" and released.page_progress == 0.32
    mid = client.tick(s, 0.25).child("tabs")
    assert 0.32 < mid.page_progress < 1 and [p.id for p in mid.pages or []] == ["posts", "likes"]
    landed = client.tick(s, 1)
    assert landed.child("tabs").selected == "likes" and landed.child("tabs").page_progress == 1
    assert "pageDidSelect" in landed.event_types() and landed.offset == 300
    with pytest.raises(RpcError) as e:
        client.end_pager_dragging(s, "header", 100)
    assert e.value.code == -32602 and e.value.param == "params.child"


def test_pager_child_spec(client: Client) -> None:
    lay = client.create((375, 800), [Child.fixed("header", 100),
                                     Child.pager("tabs", {"a": 2000, "b": None}, selected="b", offset_policy="sync")])
    assert lay.child("tabs").selected == "b"
    assert lay.content_height == 100 + 800, "b unknown, padded to the viewport"


def test_phases(client: Client) -> None:
    s = seed_session(client).session
    assert client.begin_dragging(s).phase == "dragging"
    assert client.end_dragging(s, decelerate=True).phase == "decelerating"
    assert client.end_scrolling(s).phase == "idle"
    client.begin_dragging(s)
    assert client.end_dragging(s).phase == "idle"


def test_refresh_and_load_more_calls(client: Client) -> None:
    lay = client.create((375, 800), SEED_CHILDREN,
                        options={"refresh": {"threshold": 60, "height": 50}, "loadMore": {"distance": 300}})
    s = lay.session
    assert isinstance(client.end_refreshing(s), Layout)
    lay = client.scroll(s, lay.max_offset - 100)
    assert "loadMoreDidTrigger" in lay.event_types()
    assert isinstance(client.end_loading_more(s), Layout)


def test_collapsing_nav_template(client: Client) -> None:
    """Seed 004's navigation bar: title and button tracks, then the bar collapsing and pinning."""
    lay = client.create((375, 667), template="collapsingNav", id="nav")
    assert lay.tracks == {"titleSize": 36, "buttonSize": 20}
    assert lay.child("navBar").collapse == 0
    client.set_content_height("nav", "list", 2400)
    lay = client.scroll("nav", -113.5)
    assert (lay.tracks["titleSize"], lay.tracks["buttonSize"]) == (28, 16)
    lay = client.scroll("nav", 22)
    bar, lst = lay.child("navBar"), lay.child("list")
    assert (bar.collapse, bar.frame.height, lst.frame.y, lst.frame.height) == (0.5, 66, 88, 601)
    assert lst.collapse is None
    lay = client.scroll("nav", 300)
    assert lay.child("navBar").collapse == 1 and lay.child("navBar").frame.y == 300
    assert lay.child("list").frame.y == 344
    assert lay.tracks == {"titleSize": 20, "buttonSize": 16}
    assert seed_session(client).tracks is None


def test_list_destroy_snapshot_restore(client: Client) -> None:
    a = seed_session(client).session
    b = client.create((375, 800), [Child.fixed("h", 10)], id="mine").session
    assert b == "mine"
    assert {i.id for i in client.list()} == {a, b}
    assert {i.engine for i in client.list()} == {"container"}
    client.scroll(a, 1234)
    snap = client.snapshot(a)
    assert snap["engine"] == "container"
    assert client.destroy(a) == a
    assert {i.id for i in client.list()} == {b}
    restored = client.restore(snap, id="again")
    assert restored.session == "again" and restored.offset == 1234
    assert [c.id for c in restored.children] == ["web", "list"]


# Session s1 of protocol/conformance/sessions.jsonl (the seed pair at 3000,
# dragging up) as a worker writing format 1 snapshots recorded it.
FORMAT_1_SNAPSHOT = {
    "format": 1, "session": "s1", "delta": False, "viewport": {"width": 375, "height": 800},
    "insets": {"top": 0, "bottom": 100},
    "options": {"anchoring": True, "seedEvents": True, "refresh": None, "loadMore": None},
    "children": [{"id": "top", "kind": "scroll", "contentHeight": 2000},
                 {"id": "bottom", "kind": "scroll", "contentHeight": 3000}],
    "offset": 3000, "phase": "dragging", "direction": "up", "revision": 2,
    "state": {"visible": ["bottom"], "active": "bottom", "leaving": "bottom", "pinned": [], "refresh": "idle",
              "loadMoreTriggeredAt": None, "loadingMore": False, "pendingTarget": None}}


def test_snapshots_are_format_2_with_each_behaviors_part(client: Client) -> None:
    s = seed_session(client).session
    client.scroll(s, 1234)
    snap = client.snapshot(s)
    assert snap["format"] == 2
    assert snap["state"] == {"motion": {"running": None, "dragStart": None}, "refresh": "idle",
                             "target": {"pending": None}, "pagers": [], "headerScroll": [],
                             "loadMore": {"triggeredAt": None, "loading": False, "pages": []},
                             "feed": {"current": None}, "pointer": None}


def test_a_format_1_snapshot_restores_and_answers_as_the_live_session(client: Client) -> None:
    live = client.create((375, 800), [Child.scroll("top", 2000), Child.scroll("bottom", 3000)],
                         insets=(0, 100)).session
    client.scroll(live, 3000, "dragging")
    assert client.restore(FORMAT_1_SNAPSHOT, id="old").offset == 3000
    for y in (1500, 4300, -20):
        a, b = client.scroll(live, y), client.scroll("old", y)
        assert {**b.raw, "session": live} == a.raw
    assert client.snapshot("old")["state"] == client.snapshot(live)["state"]


def test_template_with_seed_events(client: Client) -> None:
    lay = client.create((375, 800), template="shortContainer")
    s = lay.session
    assert [c.id for c in lay.children] == ["web", "list"]
    client.update(s, sizes={"web": 2000, "list": 3000})
    lay = client.scroll(s, 3000)
    assert any(e.child == "web" for e in lay.events), lay.events
    assert client.scroll(s, 3000).events == []  # nothing changed: no events


def test_initialize_and_discover_cover_every_bound_method(client: Client) -> None:
    init = client.initialize({"name": "pytest"})
    assert init.server_info.name == "omniscroll"
    doc = client.discover()
    names = {m["name"] for m in doc["methods"]}
    bound = {"initialize", "shutdown", "exit", "rpc.discover", "session.create", "session.scroll",
             "session.setContentHeight", "session.update", "session.setViewport", "session.setInsets",
             "session.insertChildren", "session.removeChildren", "session.scrollToChild",
             "session.selectPage", "session.scrollPager", "session.endPagerDragging", "session.beginDragging", "session.drag", "session.endDragging", "session.tick", "session.pointer", "session.endScrolling",
             "session.endRefreshing",
             "session.endLoadingMore", "session.get", "session.list", "session.destroy", "session.snapshot",
             "session.restore", "session.defineTemplate", "session.templates"}
    missing = {n for n in names if n.startswith("session.")} - bound
    assert not missing, "session methods the client does not bind: %s" % sorted(missing)


def test_rpc_errors_carry_code_message_data(client: Client) -> None:
    s = seed_session(client).session
    with pytest.raises(RpcError) as e:
        client.request("session.scroll", {"session": s, "offset": "far"})
    assert e.value.code == RpcError.INVALID_PARAMS
    assert e.value.param == "params.offset" and isinstance(e.value.reason, str) and e.value.reason
    with pytest.raises(RpcError) as e:
        client.set_content_height(s, "list", -5)
    assert e.value.code == -32602 and e.value.param == "params.contentHeight"
    # A size once known stays known: null is not a size (refused before sending, named as the worker names it).
    with pytest.raises(omniscroll.InvalidArgument) as bad:
        client.set_content_height(s, "list", None)  # type: ignore[arg-type]
    assert bad.value.param == "params.contentHeight"
    with pytest.raises(omniscroll.InvalidArgument) as bad:
        client.update(s, sizes={"list": None})  # type: ignore[dict-item]
    assert bad.value.param == "params.sizes.list" and bad.value.reason == "expected a number, got null"
    with pytest.raises(RpcError) as e:
        client.request("session.noSuchMethod", {})
    assert e.value.code == RpcError.METHOD_NOT_FOUND and e.value.message
    with pytest.raises(RpcError) as e:
        client.scroll("no-such-session", 10)
    assert e.value.code == RpcError.SESSION_NOT_FOUND and e.value.param == "params.session"
    with pytest.raises(RpcError) as e:
        client.set_content_height(s, "no-such-child", 10)
    assert e.value.code == RpcError.CHILD_NOT_FOUND and e.value.message
    with pytest.raises(omniscroll.InvalidArgument):
        client.scroll(s, float("nan"))  # JSON cannot carry NaN: refused before sending
    # The worker carries on.
    assert client.scroll(s, 10).offset == 10


def test_pipelining_matches_replies_by_id(client: Client) -> None:
    s = seed_session(client).session
    offsets = [(i * 37) % 4300 for i in range(500)]
    futures: List["Future[Any]"] = [client.submit(calls.scroll(s, y)) for y in offsets]
    layouts = [f.result() for f in futures]
    assert [lay.offset for lay in layouts] == offsets
    revisions = [lay.revision for lay in layouts]
    assert revisions == sorted(revisions) and len(set(revisions)) == len(revisions)


def test_submit_many_writes_separate_messages(client: Client) -> None:
    s = seed_session(client).session
    futures = client.submit_many([calls.scroll(s, 10), calls.scroll("nope", 1), calls.get(s)])
    assert futures[0].result().offset == 10
    with pytest.raises(RpcError) as e:
        futures[1].result()
    assert e.value.code == RpcError.SESSION_NOT_FOUND
    assert futures[2].result().offset == 10


def test_submit_many_splits_a_long_list_into_windows(worker_bin: str) -> None:
    with Client(worker_bin, max_in_flight=4) as c:
        s = seed_session(c).session
        offsets = list(range(0, 2000, 100))
        futures = c.submit_many([calls.scroll(s, y) for y in offsets])
        assert [f.result().offset for f in futures] == offsets


def test_a_fixed_child_of_unknown_height_is_accepted(client: Client) -> None:
    lay = client.create((375, 800), [Child.fixed("ad"), Child.scroll("list", 3000)])
    assert lay.child("ad").frame.height == 0 and lay.child("list").frame.y == 0


def test_batch_returns_per_entry_results_or_errors(client: Client) -> None:
    s = seed_session(client).session
    out = client.batch([calls.scroll(s, 600), calls.scroll("nope", 1), calls.scroll(s, 700).as_notification(),
                        calls.get(s), calls.call("session.bogus")])
    assert isinstance(out[0], Layout) and out[0].offset == 600
    assert isinstance(out[1], RpcError)
    assert out[2] is None
    assert isinstance(out[3], Layout) and out[3].offset == 700  # the notification ran, in order
    assert isinstance(out[4], RpcError) and out[4].code == -32601


def test_notifications_are_not_answered(client: Client) -> None:
    s = seed_session(client).session
    client.notify("session.scroll", {"session": s, "offset": 321})
    assert client.get(s).offset == 321


def test_timeout_then_late_reply_is_dropped(client: Client) -> None:
    s = seed_session(client).session
    os.kill(client.pid, signal.SIGSTOP)
    try:
        with pytest.raises(CallTimeout):
            client.scroll(s, 100, timeout=0.3)
        with pytest.raises(TimeoutError):  # CallTimeout is a TimeoutError too
            client.get(s, timeout=0.1)
    finally:
        os.kill(client.pid, signal.SIGCONT)
    lay = client.scroll(s, 200)
    assert lay.offset == 200


def test_dead_worker_fails_pending_calls_with_stderr_tail(worker_bin: str) -> None:
    c = Client(worker_bin, recover=False)  # the death itself is under test
    try:
        s = seed_session(c).session
        os.kill(c.pid, signal.SIGSTOP)
        fut = c.submit(calls.scroll(s, 100), timeout=60)
        c.kill()
        with pytest.raises(WorkerDied) as e:
            fut.result(timeout=30)
        assert e.value.returncode == -signal.SIGKILL
        with pytest.raises(WorkerDied):
            c.get(s)
    finally:
        c.close()


def test_worker_that_exits_at_start_reports_its_stderr(worker_bin: str) -> None:
    c = Client(worker_bin, ["--no-such-flag-xyz"])
    try:
        with pytest.raises(WorkerDied) as e:
            c.list()
        assert e.value.returncode not in (0, None)
        assert e.value.stderr_tail.strip(), "expected the worker's usage error on stderr"
        assert "--- worker stderr" in str(e.value)
    finally:
        c.close()


def test_missing_binary_is_reported(tmp_path: "os.PathLike[str]") -> None:
    with pytest.raises(WorkerDied) as e:
        Client(os.path.join(str(tmp_path), "no-such-omniscroll"))
    assert "cannot start" in str(e.value)


def test_close_is_clean_and_final(worker_bin: str) -> None:
    c = Client(worker_bin)
    seed_session(c)
    assert c.close() == 0
    assert c.close() == 0
    with pytest.raises(ClientClosed):
        c.list()


def test_shutdown_then_requests_are_invalid(worker_bin: str) -> None:
    with Client(worker_bin) as c:
        c.shutdown()
        with pytest.raises(RpcError) as e:
            c.list()
        assert e.value.code == -32600


def test_binary_from_environment(worker_bin: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OMNISCROLL_BIN", worker_bin)
    assert omniscroll.resolve_binary() == worker_bin
    with Client() as c:
        assert c.list() == []
    monkeypatch.delenv("OMNISCROLL_BIN")
    monkeypatch.setenv("PATH", os.path.dirname(os.path.abspath(worker_bin)))
    assert os.path.basename(omniscroll.resolve_binary()) == "omniscroll"


def test_in_flight_bound(worker_bin: str) -> None:
    with Client(worker_bin, max_in_flight=4) as c:
        with pytest.raises(ValueError):
            c.batch([calls.list_sessions()] * 5)
        futures = [c.submit(calls.list_sessions()) for _ in range(50)]  # waits for free slots
        assert all(f.result() == [] for f in futures)


def test_raw_replies_are_json_rpc(worker_bin: str) -> None:
    with omniscroll.RawWorker(worker_bin) as w:
        w.send(b'{"jsonrpc":"2.0","id":null,"method":"session.list"}\n')
        reply = json.loads(w.read_reply(10))
        assert reply == {"jsonrpc": "2.0", "id": None, "result": {"sessions": []}}


def test_fling_golden_and_samples(client: Client) -> None:
    ios = client.fling(0, 1000)
    assert round(ios.target, 2) == 499.50 and round(ios.duration, 2) == 3.45 and ios.samples is None
    android = client.fling(0, 8000, "android")
    assert round(android.target, 2) == 7186.36 and round(android.duration, 4) == 2.1184
    bounded = client.fling(0, 1000, bounds=(0, 300), viewport=800, sample_interval=1 / 60)
    assert bounded.target == 300
    assert bounded.samples is not None and bounded.samples[-1].time == bounded.duration
    assert bounded.samples[-1].position == 300 and bounded.samples[-1].velocity == 0
    assert max(s.position for s in bounded.samples) > 300  # overshoots, then springs back
    snapped = client.fling(0, 1000, snap={"interval": 200})
    assert snapped.target == 400
    with pytest.raises(RpcError) as err:
        client.fling(0, 1000, sample_interval=0.1, times=[0])
    assert err.value.code == RpcError.INVALID_PARAMS and err.value.data["param"] == "params.times"


def test_session_motion_forwards_drags_release_and_ticks(client: Client) -> None:
    """A client with no scroll view: drags, a release velocity and a 60 Hz clock; the worker runs the
    physics, and its ticks follow physics.fling with the same inputs, ending exactly on the snap point."""
    client.create((375, 800), [Child.scroll("a", 2000), Child.scroll("b", 3000)], insets=(0, 100), id="m",
                  options={"physics": {"preset": "ios"}, "snap": {"interval": 400}})
    client.begin_dragging("m")
    assert client.drag("m", -100).offset == 100
    released = client.end_dragging("m", velocity=1000, time=0)
    assert released.phase == "decelerating" and released.motion is not None and released.motion.target == 400
    fling = client.fling(100, 1000, bounds=(0, 4300), viewport=800, snap={"interval": 400}, sample_interval=1 / 60)
    assert fling.samples is not None
    replies = [client.tick("m", s.time) for s in fling.samples[1:]]
    assert [r.offset for r in replies] == [s.position for s in fling.samples[1:]]
    assert replies[-1].offset == 400 and replies[-1].phase == "idle" and replies[-1].motion is None
    with pytest.raises(RpcError) as err:
        client.tick("m", 10)
    assert err.value.code == RpcError.INVALID_PARAMS and err.value.data["param"] == "params.time"
