"""Arguments are checked before sending, with the fault worded as every client
words it: the cases of clients/argument-faults.json (the Node client's tests
read the same file). No worker needed."""
from __future__ import annotations

import json
import os
import re
from typing import Any

import pytest

from omniscroll import Child, ComponentManager, InvalidArgument, calls

CASES = json.load(open(os.path.join(os.path.dirname(__file__), "..", "..", "argument-faults.json")))["cases"]


def value(v: Any) -> Any:
    if isinstance(v, dict):
        if set(v) == {"$number"}:
            return float(v["$number"].replace("Infinity", "inf"))
        return {k: value(x) for k, x in v.items()}
    if isinstance(v, list):
        return [value(x) for x in v]
    return v


def snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).lower()


@pytest.mark.parametrize("case", [c for c in CASES if c.get("only", "python") == "python"],
                         ids=lambda c: "%s-%s" % (c["call"], c["param"]))
def test_a_bad_argument_is_refused_naming_its_path(case: Any) -> None:
    build = getattr(calls, case["call"])
    named = {snake(k): value(v) for k, v in case.get("named", {}).items()}
    with pytest.raises(InvalidArgument) as e:
        build(*value(case["args"]), **named)
    assert (e.value.param, e.value.reason) == (case["param"], case["reason"])
    assert str(e.value).endswith("%s: %s" % (case["param"], case["reason"]))


def test_the_shorthands_make_the_contracts_objects() -> None:
    c = calls.create((375, 800), [Child.scroll("a", 100)], insets=[0, 100])
    assert c.params == {"viewport": {"width": 375, "height": 800},
                        "children": [{"id": "a", "kind": "scroll", "contentHeight": 100}],
                        "insets": {"top": 0, "bottom": 100}}
    assert calls.fling(0, 10, bounds=(0, 300)).params == {"position": 0, "velocity": 10, "bounds": {"min": 0, "max": 300}}


def test_the_hand_written_builders_make_what_the_contract_takes() -> None:
    """Child's builders and the component manager are written by hand: every
    member they can write is one ChildSpec (Component) declares, of the
    declared type and enum value, with the required ones present; together
    the builders reach every member ChildSpec declares."""
    from omniscroll._surface import SCHEMAS
    everything = [
        Child.scroll("s", 10), Child.scroll("s0"), Child.fixed("f", 20), Child.fixed("f0"), Child.sticky("t", 44, 10),
        Child.page("p"), Child.pager("g", {"a": 100, "b": None}, selected="b", offset_policy="sync", fill_viewport=False,
                                      page_snap={"threshold": 0.3, "minFlingVelocity": 80}),
        Child.collapsing("h", 300, 100, "floating", snap=True),
    ]
    for child in everything:
        calls.insert_children("s", [child])  # raises InvalidArgument on a member the contract does not take
    written = {k for child in everything for k in child.to_json()}
    assert written == set(SCHEMAS["ChildSpec"]["properties"])

    class Player:
        def on_child_did_show(self, event: Any) -> None: ...
        def pageDidSelect(self, event: Any) -> None: ...
    manager = ComponentManager().register("player", Player())
    c = calls.create((375, 800), [], components=manager.param())
    assert c.params is not None and c.params["components"] == [{"name": "player", "events": ["childDidShow", "pageDidSelect"]}]


def test_the_straight_check_of_scalar_params_passes_what_the_general_walk_passes_and_no_more() -> None:
    # _check._straight: a method of scalar params is checked by one compiled
    # function; it must return the walk's params and leave every fault to it.
    from omniscroll import _check, _surface
    straight = {m: _check._straight(m, s, _surface.SCHEMAS, _check._Compiler(_surface.SCHEMAS).object_checker(
        s, drop_none=True)) for m, s in _surface.PARAMS.items()}
    assert straight["session.scroll"] is not None and straight["session.pointer"] is not None
    general = _check._Compiler(_surface.SCHEMAS).object_checker(_surface.PARAMS["session.scroll"], drop_none=True)
    check = straight["session.scroll"]
    for given in ({"session": "s1", "offset": 600, "phase": None}, {"session": "s1", "offset": -2.5, "phase": "dragging"}):
        assert check(given, "params") == general(given, "params")
        assert list(check(given, "params")) == list(general(given, "params"))
    for bad in ({"session": "s1", "offset": float("nan"), "phase": None}, {"session": "s1", "offset": True, "phase": None},
                {"session": "s1", "offset": 1, "phase": "sideways"}, {"session": "s1", "offset": None, "phase": None},
                {"session": "s1", "offset": 1, "phase": None, "extra": 1}, {"session": "s1", "offset": 1, "phsae": "idle"}):
        with pytest.raises(_check._Fault) as e:
            check(bad, "params")
        with pytest.raises(_check._Fault) as g:
            general(bad, "params")
        assert (e.value.path, e.value.reason) == (g.value.path, g.value.reason)
