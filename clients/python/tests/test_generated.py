"""The generated table against protocol/openrpc.json, and a typed call for
every method of it (no worker needed)."""
from __future__ import annotations

import json
import typing
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List

from omniscroll import METHODS, Call, Child, RpcError, _generated, calls

DOCUMENT = json.loads((Path(__file__).resolve().parents[3] / "protocol" / "openrpc.json").read_text("utf-8"))

# Each method's typed call with every param it can send given.
TYPED_CALLS: Dict[str, Callable[[], Call]] = {
    "initialize": lambda: calls.initialize({"name": "t"}, {}),
    "shutdown": calls.shutdown,
    "exit": calls.exit,
    "rpc.discover": calls.discover,
    "session.create": lambda: calls.create((375, 800), [Child.scroll("a", 1)], insets=(0, 100), offset=0, id="s",
                                           template="shortContainer", options={},
                                           components=[{"name": "player", "events": ["childDidShow"]}]),
    "session.scroll": lambda: calls.scroll("s", 1, "dragging"),
    "session.setContentHeight": lambda: calls.set_content_height("s", "a", 1),
    "session.update": lambda: calls.update("s", sizes={"a": 1}, viewport=(375, 800), insets=(0, 0), offset=1,
                                           phase="idle"),
    "session.setViewport": lambda: calls.set_viewport("s", 375, 800),
    "session.setInsets": lambda: calls.set_insets("s", 0, 100),
    "session.insertChildren": lambda: calls.insert_children("s", [Child.fixed("b", 10)], 0),
    "session.removeChildren": lambda: calls.remove_children("s", ["a"]),
    "session.scrollToChild": lambda: calls.scroll_to_child("s", "a", "center", True),
    "session.selectPage": lambda: calls.select_page("s", "tabs", "likes"),
    "session.scrollPager": lambda: calls.scroll_pager("s", "tabs", 187.5),
    "session.endPagerDragging": lambda: calls.end_pager_dragging("s", "tabs", 600, 0),
    "session.beginDragging": lambda: calls.begin_dragging("s"),
    "session.drag": lambda: calls.drag("s", -10),
    "session.endDragging": lambda: calls.end_dragging("s", True, 1000, 0.5),
    "session.tick": lambda: calls.tick("s", 0.5),
    "session.pointer": lambda: calls.pointer("s", "down", 10, 20, 0.5),
    "session.endScrolling": lambda: calls.end_scrolling("s"),
    "session.endRefreshing": lambda: calls.end_refreshing("s"),
    "session.endLoadingMore": lambda: calls.end_loading_more("s", "posts"),
    "session.get": lambda: calls.get("s"),
    "session.list": calls.list_sessions,
    "session.destroy": lambda: calls.destroy("s"),
    "session.snapshot": lambda: calls.snapshot("s"),
    "session.restore": lambda: calls.restore({"format": 1}, "s2"),
    "session.defineTemplate": lambda: calls.define_template("follow", {"children": [Child.page("a")]}),
    "session.templates": calls.templates,
    "grid.create": lambda: calls.grid_create((375, 800), (100, 100), overscan=1, content_size=(10000, 10000),
                                             recenter="threshold", threshold=100, id="g", delta=True),
    "grid.scroll": lambda: calls.grid_scroll("g", 1, 2, "dragging"),
    "grid.update": lambda: calls.grid_update("g", viewport=(800, 375), x=1, y=2, phase="idle"),
    "physics.fling": lambda: calls.fling(0, 1000, "ios", (0, 300), 800, {"interval": 100}, 0, 0.1, [0, 0.5]),
}


def string_enums(schema: Any) -> Iterator[List[str]]:
    """Every string enum anywhere in a schema, and every string const as a
    list of one (a oneOf's variants tell themselves apart by consts)."""
    if isinstance(schema, dict):
        values = schema.get("enum")
        if isinstance(values, list) and values and all(isinstance(v, str) for v in values):
            yield values
        if isinstance(schema.get("const"), str):
            yield [schema["const"]]
        for v in schema.values():
            yield from string_enums(v)
    elif isinstance(schema, list):
        for v in schema:
            yield from string_enums(v)


def test_method_table_matches_the_document() -> None:
    documented = {m["name"]: m for m in DOCUMENT["methods"]}
    assert list(METHODS) == list(documented)
    for name, spec in METHODS.items():
        m = documented[name]
        assert [(p.name, p.required) for p in spec.params] == \
            [(p["name"], p.get("required", False)) for p in m["params"]], name
        assert (spec.result is None) == ("result" not in m), name


def test_error_codes_match_the_document() -> None:
    documented = {e["code"] for e in DOCUMENT["components"]["errors"].values()}
    generated = {v for k, v in vars(_generated.ErrorCodes).items() if k.isupper()}
    assert generated == documented
    assert RpcError.SESSION_NOT_FOUND == DOCUMENT["components"]["errors"]["SessionNotFound"]["code"]
    assert RpcError.INVALID_PARAMS == DOCUMENT["components"]["errors"]["InvalidParams"]["code"]


def test_enums_match_the_document() -> None:
    found = [v for v in string_enums(DOCUMENT["components"])]
    found += [v for m in DOCUMENT["methods"] for v in string_enums([m["params"], m.get("result")])]
    generated = {typing.get_args(getattr(_generated, n)) for n in _generated.__all__
                 if typing.get_origin(getattr(_generated, n)) is typing.Literal}
    assert {tuple(v) for v in found if len(v) > 1} <= generated
    assert {v for values in generated for v in values} <= {v for values in found for v in values}


def test_every_method_has_a_typed_call_sending_every_param() -> None:
    assert set(TYPED_CALLS) == set(METHODS)
    for name, make in TYPED_CALLS.items():
        c = make()
        assert c.method == name
        assert set(c.params or {}) == {p.name for p in METHODS[name].params}, name
        assert c.notify == (METHODS[name].result is None), name
