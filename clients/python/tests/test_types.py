"""Decoding of result types (no worker needed)."""
from __future__ import annotations

import pytest

from omniscroll import Child, Layout, RpcError, calls

SAMPLE = {
    "session": "s1", "revision": 3, "offset": 600, "contentHeight": 5000, "minOffset": 0, "maxOffset": 4300,
    "direction": "up", "phase": "dragging", "activeChild": "web", "contentView": {"top": 600, "height": 1600},
    "children": [{"id": "web", "frame": {"x": 0, "y": 600, "width": 375, "height": 800},
                  "contentOffset": {"x": 0, "y": 600}, "visibleHeight": 800, "future": 1}],
    "events": [{"type": "childWillHide", "child": "web", "offset": 600}, {"type": "scrollViewDidEndScrolling"}],
    "anchorShift": 20, "clampShift": -30, "target": {"offset": 2000, "pending": True}, "newMember": {"a": 1},
}


def test_layout_decodes_and_keeps_unknown_members() -> None:
    lay = Layout.from_json(SAMPLE)
    assert lay.session == "s1" and lay.revision == 3 and lay.direction == "up"
    assert lay.child("web").frame.y == 600 and lay.child("web").extra == {"future": 1}
    assert lay.events[0].child == "web" and lay.events[0].offset == 600 and lay.events[0].extra == {}
    assert lay.events[1].child is None
    assert lay.anchor_shift == 20 and lay.clamp_shift == -30 and lay.target is not None and lay.target.pending is True
    assert lay.extra == {"newMember": {"a": 1}}
    assert lay.raw["newMember"] == {"a": 1}


def test_layout_rejects_malformed() -> None:
    bad = dict(SAMPLE)
    del bad["offset"]
    with pytest.raises(ValueError, match="missing offset"):
        Layout.from_json(bad)
    with pytest.raises(ValueError):
        Layout.from_json([SAMPLE])


def test_params_omit_absent_fields() -> None:
    c = calls.create((375, 800), [Child.sticky("tabs", 44, 10)], insets=(0, 100))
    assert c.params == {"viewport": {"width": 375, "height": 800},
                        "children": [{"id": "tabs", "kind": "sticky", "height": 44, "pinOffset": 10}],
                        "insets": {"top": 0, "bottom": 100}}
    assert calls.set_content_height("s", "c", 0).params == {"session": "s", "child": "c", "contentHeight": 0}
    assert calls.scroll("s", 5).params == {"session": "s", "offset": 5}


def test_rpc_error_fields() -> None:
    e = RpcError.from_json({"code": -32602, "message": "Invalid params",
                            "data": {"param": "offset", "reason": "must be a finite number"}})
    assert (e.code, e.param, e.reason) == (-32602, "offset", "must be a finite number")


def test_every_type_keeps_unknown_members_in_extra() -> None:
    lay = Layout.from_json(SAMPLE)
    holders = [lay, lay.content_view, lay.children[0], lay.children[0].frame, lay.children[0].content_offset,
               lay.target] + lay.events
    assert all(isinstance(getattr(h, "extra"), dict) for h in holders)


def test_a_fixed_child_may_leave_its_height_unknown() -> None:
    c = calls.create((375, 800), [Child.fixed("ad"), Child.fixed("header", 260)])
    assert c.params is not None
    assert c.params["children"] == [{"id": "ad", "kind": "fixed"}, {"id": "header", "kind": "fixed", "height": 260}]


def test_windows_cut_requests_into_runs_and_let_notifications_ride() -> None:
    scroll = calls.scroll("s", 1)
    note = calls.scroll("s", 2).as_notification()
    runs = calls.windows([note, scroll, scroll, note, scroll, scroll, scroll], 2)
    assert [[c.notify for c in run] for run in runs] == [[True, False, False, True], [False, False], [False]]
    assert calls.windows([], 3) == []
