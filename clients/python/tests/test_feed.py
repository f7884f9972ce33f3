"""A Douyin-style feed from a template: page children, the current child
committed at rest, the preload window, and a player and an analytics
component receiving their events in order; templates from configuration."""
from __future__ import annotations

from pathlib import Path
from typing import Any, List, Tuple

import pytest

from omniscroll import Child, Client, ComponentManager, Event, RpcError

TEMPLATES = Path(__file__).resolve().parents[3] / "protocol" / "examples" / "templates.json"


class Player:
    def __init__(self, log: List[Tuple[str, str, Any]]) -> None:
        self.log = log

    def on_child_did_become_current(self, event: Event) -> None:
        self.log.append(("player", "play", event.child))

    def on_child_did_resign_current(self, event: Event) -> None:
        self.log.append(("player", "pause", event.child))


class Analytics:
    def __init__(self, log: List[Tuple[str, str, Any]]) -> None:
        self.log = log

    def on_child_did_show(self, event: Event) -> None:
        self.log.append(("analytics", "show", event.child))

    def on_child_did_become_current(self, event: Event) -> None:
        self.log.append(("analytics", "current", event.child))


def manager(log: List[Tuple[str, str, Any]]) -> ComponentManager:
    return ComponentManager().register("player", Player(log)).register("analytics", Analytics(log))


def test_the_feed_template_plays_the_item_at_rest_and_reports_in_registration_order(client: Client) -> None:
    log: List[Tuple[str, str, Any]] = []
    client.components = manager(log)
    created = client.create((375, 800), template="feed", id="f")
    assert created.current_child == "item0"
    assert log == [("analytics", "show", "item0"), ("player", "play", "item0"), ("analytics", "current", "item0")]
    del log[:]
    client.begin_dragging("f")
    dragged = client.scroll("f", 500)
    assert dragged.current_child == "item0", "a swipe in progress never switches the playing item"
    assert log == [("analytics", "show", "item1")]
    del log[:]
    rested = client.end_dragging("f")
    assert rested.current_child == "item1"
    assert log == [("player", "pause", "item0"), ("player", "play", "item1"), ("analytics", "current", "item1")]
    assert [c.id for c in rested.children] == [], "a delta reply lists only what changed"


def test_a_paging_flick_turns_one_item_and_plays_it_when_the_motion_ends(client: Client) -> None:
    log: List[Tuple[str, str, Any]] = []
    client.components = manager(log)
    client.create((375, 800), template="feed", id="f")
    del log[:]
    client.begin_dragging("f")
    client.drag("f", -120)
    assert log == [("analytics", "show", "item1")]
    del log[:]
    time = 0.0
    layout = client.end_dragging("f", velocity=2000, time=time)
    assert layout.motion is not None and layout.motion.target == 800, "a flick turns one item"
    while layout.phase != "idle":
        assert log == [] and layout.current_child == "item0", "nothing plays while the motion runs"
        time += 1 / 60
        layout = client.tick("f", time)
    assert (layout.offset, layout.current_child) == (800, "item1")
    assert log == [("player", "pause", "item0"), ("player", "play", "item1"), ("analytics", "current", "item1")]


def test_a_defined_template_is_listed_and_used(client: Client) -> None:
    names = [t.name for t in client.define_template("follow", {"children": [Child.page("a"), Child.page("b")],
                                                               "options": {"feed": {"preload": {"ahead": 1}}}})]
    assert names == ["shortContainer", "stickyTabs", "feed", "profileTabs", "collapsingNav", "follow"]
    assert [(t.name, t.built_in) for t in client.templates()][-1] == ("follow", False)
    assert client.create((375, 800), template="follow").current_child == "a"
    with pytest.raises(RpcError) as bad:
        client.define_template("x", {"children": [{"id": "a", "kind": "page", "height": 1}]})
    assert bad.value.data["param"] == "params.template.children[0].height"


def test_the_templates_file_defines_its_containers(worker_bin: str) -> None:
    with Client(worker_bin, ["--templates", str(TEMPLATES)], timeout=20) as c:
        assert [t.name for t in c.templates() if not t.built_in] == ["recommend", "follow"]
        assert c.create((375, 800), template="recommend").current_child == "rec0"
