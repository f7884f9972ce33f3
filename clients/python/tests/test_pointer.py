"""The pointer helper against the worker: a recorded flick becomes a drag and a fling, a tap a tap."""
from __future__ import annotations

from omniscroll import PointerForwarder, pointer_calls

CHILDREN = [{"id": "header", "kind": "fixed", "height": 300},
            {"id": "list", "kind": "scroll", "contentHeight": 5000}]

# A flick upward recorded in milliseconds in page coordinates, the viewport at (20, 100);
# a hover move before the finger and a stray second "began" that the forwarder drops.
FLICK = [("pointermove", 220, 800, 990), ("began", 220, 800, 1000), ("moved", 220, 796, 1008),
         ("moved", 221, 780, 1016), ("began", 0, 0, 1017), ("moved", 221, 700, 1024),
         ("moved", 220, 600, 1032), ("ended", 220, 600, 1040)]


def test_a_recorded_flick_drags_then_flings(client):
    client.create(viewport=(375, 800), children=CHILDREN, id="f")
    replies = [client.call(c) for c in pointer_calls("f", FLICK, time_scale=0.001, origin=(20, 100))]
    assert len(replies) == 6, "the hover move and the second down are dropped"
    assert [r.pointer.state for r in replies[:-1]] == ["pending", "pending", "vertical", "vertical", "vertical"]
    assert replies[3].offset == 80, "follows the finger from the sample that started the drag"
    released = replies[-1]
    assert released.pointer.state == "released" and released.pointer.axis == "vertical"
    assert released.phase == "decelerating" and released.motion is not None and released.motion.target > 180


def test_a_touch_that_never_moves_past_the_slop_is_a_tap(client):
    client.create(viewport=(375, 800), children=CHILDREN, id="t")
    forwarder = PointerForwarder("t")
    client.call(forwarder.call({"phase": "down", "x": 50, "y": 400, "time": 1}))
    tapped = client.call(forwarder.call({"phase": "up", "x": 52, "y": 403, "time": 1.05}))
    taps = [e for e in tapped.events if e.type == "tap"]
    assert [(e.child, e.x, e.y) for e in taps] == [("list", 52, 103)]
    assert forwarder.call(("moved", 1, 1, 2)) is None, "no finger down: nothing to send"
