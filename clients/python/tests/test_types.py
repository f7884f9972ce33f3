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
    "anchorShift": 20, "target": {"offset": 2000, "pending": True}, "newMember": {"a": 1},
}


def test_layout_decodes_and_keeps_unknown_members() -> None:
    lay = Layout.from_json(SAMPLE)
    assert lay.session == "s1" and lay.revision == 3 and lay.direction == "up"
    assert lay.child("web").frame.y == 600 and lay.child("web").extra == {"future": 1}
    assert lay.events[0].child == "web" and lay.events[0].data == {"offset": 600}
    assert lay.events[1].child is None
    assert lay.anchor_shift == 20 and lay.target is not None and lay.target.pending is True
    assert lay.extra == {"newMember": {"a": 1}}
    assert lay.raw["newMember"] == {"a": 1}


def test_layout_rejects_malformed() -> None:
    bad = dict(SAMPLE)
    bad["offset"] = "600"
    with pytest.raises(ValueError):
        Layout.from_json(bad)


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
