"""The component manager: registration order, handlers by name, the
``components`` param built from them, and a real worker's replies."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, List, Tuple

import pytest

from omniscroll import AsyncClient, Child, Client, ComponentManager, Event, Layout
from omniscroll.components import handler_name

EXAMPLE = Path(__file__).resolve().parents[3] / "protocol" / "examples" / "feed-components.jsonl"
FEED = [Child.fixed("item%d" % i, 800) for i in range(20)]


class Recorder:
    """Appends (its name, the event type, the child) to a shared log."""

    def __init__(self, name: str, log: List[Tuple[str, str, Any]]) -> None:
        self.name = name
        self.log = log

    def record(self, event: Event) -> None:
        self.log.append((self.name, event.type, event.child))


class Player(Recorder):
    def on_child_did_become_active(self, event: Event) -> None:
        self.record(event)

    def on_child_did_resign_active(self, event: Event) -> None:
        self.record(event)


class Preloader(Recorder):
    def childDidShow(self, event: Event) -> None:  # named after the event type itself
        self.record(event)


class Analytics(Recorder):
    def on_child_did_show(self, event: Event) -> None:
        self.record(event)

    def on_child_did_hide(self, event: Event) -> None:
        self.record(event)


class Idle(Recorder):
    """Handles nothing: never called."""


def feed_manager(log: List[Tuple[str, str, Any]]) -> ComponentManager:
    m = ComponentManager()
    for name, cls in (("player", Player), ("preloader", Preloader), ("analytics", Analytics), ("idle", Idle)):
        m.register(name, cls(name, log))
    return m


def layout(events: List[dict]) -> Layout:
    return Layout.from_json({
        "session": "s", "revision": 1, "offset": 0, "contentHeight": 0, "minOffset": 0, "maxOffset": 0,
        "direction": "none", "phase": "idle", "activeChild": None, "contentView": {"top": 0, "height": 0},
        "children": [], "events": events})


def test_handler_names_are_snake_case() -> None:
    assert handler_name("childDidShow") == "on_child_did_show"
    assert handler_name("topVCDidAppear") == "on_top_vc_did_appear"
    assert handler_name("didScrollViewScroll") == "on_did_scroll_view_scroll"


def test_the_param_lists_what_each_component_handles_in_registration_order() -> None:
    assert feed_manager([]).param() == [
        {"name": "player", "events": ["childDidBecomeActive", "childDidResignActive"]},
        {"name": "preloader", "events": ["childDidShow"]},
        {"name": "analytics", "events": ["childDidShow", "childDidHide"]},
        {"name": "idle", "events": []},
    ]


def test_without_a_components_member_every_handler_is_called_in_registration_order() -> None:
    log: List[Tuple[str, str, Any]] = []
    feed_manager(log).dispatch(layout([{"type": "childDidShow", "child": "a"}, {"type": "phaseDidChange", "phase": "idle"},
                                       {"type": "childDidHide", "child": "b"}]))
    assert log == [("preloader", "childDidShow", "a"), ("analytics", "childDidShow", "a"), ("analytics", "childDidHide", "b")]


def test_the_worker_s_names_decide_who_is_called() -> None:
    log: List[Tuple[str, str, Any]] = []
    feed_manager(log).dispatch(layout([{"type": "childDidShow", "child": "a", "components": ["analytics"]}]))
    assert log == [("analytics", "childDidShow", "a")]


def test_a_duplicate_name_is_refused() -> None:
    m = ComponentManager().register("a", Idle("a", []))
    with pytest.raises(ValueError):
        m.register("a", Idle("a", []))


def test_a_real_worker_s_replies_reach_the_handlers_in_order(client: Client) -> None:
    log: List[Tuple[str, str, Any]] = []
    manager = feed_manager(log)
    client.components = manager
    s = client.create((375, 800), FEED, components=manager.param())
    assert log == [("preloader", "childDidShow", "item0"), ("analytics", "childDidShow", "item0"),
                   ("player", "childDidBecomeActive", "item0")]
    del log[:]
    client.scroll(s.session, 800)
    assert log == [("preloader", "childDidShow", "item1"), ("analytics", "childDidShow", "item1"),
                   ("player", "childDidResignActive", "item0"), ("player", "childDidBecomeActive", "item1"),
                   ("analytics", "childDidHide", "item0")]


def test_the_feed_example_names_the_components_the_manager_would_register(client: Client) -> None:
    lines = [json.loads(line) for line in EXAMPLE.read_text().splitlines() if line.strip()]
    assert lines[0]["params"]["components"] == feed_manager([]).param()[:3]


def test_the_async_client_dispatches_too(worker_bin: str) -> None:
    import asyncio

    async def run() -> List[Tuple[str, str, Any]]:
        log: List[Tuple[str, str, Any]] = []
        manager = feed_manager(log)
        async with AsyncClient(worker_bin, timeout=20) as c:
            c.components = manager
            await c.create((375, 800), FEED, components=manager.param())
        return log

    assert asyncio.run(run())[-1] == ("player", "childDidBecomeActive", "item0")
