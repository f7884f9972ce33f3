"""The Swift client's result types (Sources/OmniScrollClient/Results.swift) and
async methods (Methods.swift) are written by scripts/generate-bindings from the
contract alone: every member a result schema declares, every method as a call,
and a member or method added to the contract appears with no change to the
generator (issue 27: grid.pointer and grid.tick came in by regenerating, not by
hand). No worker needed."""
from __future__ import annotations

import copy
import json
import re
from importlib.machinery import SourceFileLoader
from importlib.util import module_from_spec, spec_from_loader
from pathlib import Path
from typing import Any, Dict

REPO = Path(__file__).resolve().parents[3]
DOCUMENT = json.loads((REPO / "protocol" / "openrpc.json").read_text("utf-8"))


def generator() -> Any:
    loader = SourceFileLoader("generate_bindings", str(REPO / "scripts" / "generate-bindings"))
    module = module_from_spec(spec_from_loader("generate_bindings", loader))
    loader.exec_module(module)
    return module


def results(doc: Dict[str, Any]) -> str:
    g = generator()
    return g.swift_results(g.Protocol(doc), g.Surface(doc))


def methods(doc: Dict[str, Any]) -> str:
    g = generator()
    return g.swift_methods(g.Protocol(doc), g.Surface(doc))


def struct(text: str, name: str) -> str:
    m = re.search(r"public struct %s: .*?\n}\n" % name, text, re.S)
    assert m, "no struct %s" % name
    return m.group(0)


def test_every_declared_member_of_layout_and_its_parts_is_a_property() -> None:
    text = (REPO / "Sources" / "OmniScrollClient" / "Results.swift").read_text("utf-8")
    assert text == results(DOCUMENT), "Results.swift is stale: run scripts/generate-bindings"
    schemas = DOCUMENT["components"]["schemas"]
    for name in ("Layout", "ChildLayout", "Event", "GridLayout", "FlingResult"):
        body = struct(text, name)
        for member in schemas[name]["properties"]:
            assert re.search(r"public var `?%s`?: " % member, body), "%s.%s" % (name, member)
    assert "public var pages: [PageLayout]?" in struct(text, "ChildLayout")
    assert "public var recentered: Recentered?" in struct(text, "GridLayout")
    assert "public var dx: Double" in struct(text, "Recentered")


def test_a_member_and_a_method_added_to_the_contract_are_generated() -> None:
    doc = copy.deepcopy(DOCUMENT)
    grid = doc["components"]["schemas"]["GridLayout"]["properties"]
    grid["probe"] = {"type": "object", "description": "A member no contract has.",
                       "properties": {"state": {"type": "string", "enum": ["pending", "pan"]},
                                      "speed": {"type": "number"}}, "required": ["state"]}
    probe = copy.deepcopy(next(m for m in doc["methods"] if m["name"] == "grid.scroll"))
    probe["name"] = "grid.probe"
    probe["result"] = {"name": "layout", "schema": {"type": "object", "properties": {
        "session": {"type": "string"}, "frames": {"type": "array", "items": {"type": "integer"}}},
        "required": ["session", "frames"]}}
    doc["methods"].append(probe)
    text = results(doc)
    calls = methods(doc)
    assert ("    public func probe(session: String, x: Double, y: Double, phase: ScrollPhase? = nil, "
            "timeout: Double? = nil) async throws -> GridProbeResult {\n"
            "        try await typed(.probe(session: session, x: x, y: y, phase: phase), timeout: timeout, "
            "GridProbeResult.init(json:))\n") in calls
    assert "public var probe: GridLayoutProbe?" in struct(text, "GridLayout")
    member = struct(text, "GridLayoutProbe")
    assert "public var state: String\n" in member and "public var speed: Double?\n" in member
    assert 'state = try o.member("state", in: path)' in member
    probe_result = struct(text, "GridProbeResult")
    assert "public var frames: [Int]\n" in probe_result and "public var raw: JSONValue" in probe_result


def test_every_method_of_the_contract_is_an_async_method_with_its_params() -> None:
    text = (REPO / "Sources" / "OmniScrollClient" / "Methods.swift").read_text("utf-8")
    assert text == methods(DOCUMENT), "Methods.swift is stale: run scripts/generate-bindings"
    signatures = re.findall(r"public func `?(\w+)`?\((.*)\) async throws", text)
    assert len(signatures) == len(DOCUMENT["methods"])
    for (name, params), m in zip(signatures, DOCUMENT["methods"]):
        required = [p["name"] for p in m.get("params", []) if p.get("required")]
        optional = [p["name"] for p in m.get("params", []) if not p.get("required")]
        labels = re.findall(r"(\w+): ", re.sub(r"\([^()]*\)", "()", params))  # a tuple's labels aside
        assert labels == required + optional + ["timeout"], m["name"]
        assert "`%s`:" % m["name"] in text
    # Schemas a hand-written type stands for, and closed objects of numbers as tuples.
    assert "create(viewport: (width: Double, height: Double), children: [ChildSpec]? = nil, " \
           "insets: (top: Double?, bottom: Double?)? = nil" in text
    assert "snap: FlingSnap? = nil" in text and "components: [ComponentRegistration]? = nil" in text
    assert "public func get(session: String, timeout: Double? = nil) async throws -> AnyLayout {" in text
