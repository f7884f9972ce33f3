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


def test_a_recorded_flick_on_a_grid_pans_flings_and_recenters_at_rest(client):
    created = client.grid_create(viewport=(300, 400), tile=(100, 100), id="g", options={"physics": {"preset": "ios"}})
    centre = (created.offset.x, created.offset.y)
    flick = [("pointerdown", 220, 400, 1000), ("pointermove", 210, 390, 1008), ("pointermove", 190, 360, 1016),
             ("pointermove", 160, 320, 1024), ("pointermove", 130, 280, 1032), ("pointerup", 130, 280, 1036)]
    replies = [client.call(c) for c in pointer_calls("g", flick, time_scale=0.001, origin=(20, 100), engine="grid")]
    assert [r.pointer.state for r in replies[:-1]] == ["pending", "pan", "pan", "pan", "pan"]
    assert (replies[3].offset.x, replies[3].offset.y) == (centre[0] + 50, centre[1] + 70), "both axes, no lock"
    released = replies[-1]
    assert released.phase == "decelerating" and released.motion.duration > 0
    time, reply = 1.036, released
    while reply.phase != "idle":
        time += 0.25
        reply = client.grid_tick("g", time)
    assert reply.recentered is not None and (reply.offset.x, reply.offset.y) == centre


def test_a_grid_touch_within_the_slop_taps_a_tile():
    forwarder = PointerForwarder("g", engine="grid")
    assert forwarder.call(("began", 10, 20, 1)).method == "grid.pointer"
    try:
        PointerForwarder("g", engine="table")
    except ValueError as error:
        assert "engine" in str(error)
    else:
        raise AssertionError("an unknown engine is refused")
