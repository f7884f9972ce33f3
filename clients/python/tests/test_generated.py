"""The generated table against protocol/openrpc.json, and a typed call for
every method of it (no worker needed)."""
from __future__ import annotations

import json
import typing
from pathlib import Path
from typing import Any, Iterator, List

import inspect
import re

from omniscroll import METHODS, AsyncClient, Client, RpcError, _generated
from omniscroll._surface import CALLS, PARAMS, SCHEMAS


def snake(name: str) -> str:
    name = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).lower()
    return name + "_" if name in ("from", "class", "global", "import") else name

DOCUMENT = json.loads((Path(__file__).resolve().parents[3] / "protocol" / "openrpc.json").read_text("utf-8"))

def sample(schema: Any) -> Any:
    """A value a check accepts, made from a pruned param schema (_surface.PARAMS, SCHEMAS)."""
    if "$ref" in schema:
        return sample(SCHEMAS[schema["$ref"]])
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        return schema["enum"][0]
    if "oneOf" in schema:
        return sample(schema["oneOf"][0])
    types = schema.get("type", "null")
    t = [x for x in (types if isinstance(types, list) else [types]) if x != "null"] or ["null"]
    if t[0] == "object":
        return {k: sample(schema["properties"][k]) for k in schema.get("required", [])}
    return {"number": 1, "integer": 1, "string": "s", "boolean": True, "null": None,
            "array": [sample(schema.get("items", {})) for _ in range(schema.get("minItems", 0))]}[t[0]]


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
    """Each method's builder takes every param of the contract (snake_case,
    required first, the optional ones defaulting to None) and sends each
    under its wire name; the Client and AsyncClient methods take the same."""
    assert set(CALLS) == set(METHODS)
    for name, build in CALLS.items():
        spec = METHODS[name]
        order = [p for p in spec.params if p.required] + [p for p in spec.params if not p.required]
        signature = inspect.signature(build).parameters
        assert [(k, v.default is None) for k, v in signature.items()] == [
            (snake(p.name), not p.required) for p in order], name
        for method in (getattr(Client, build.__name__), getattr(AsyncClient, build.__name__)):
            assert list(inspect.signature(method).parameters)[1:-1] == list(signature), name
        c = build(**{snake(p.name): sample(PARAMS[name]["properties"][p.name]) for p in spec.params})
        assert c.method == name
        assert set(c.params or {}) == {p.name for p in spec.params}, name
        assert c.notify == (spec.result is None), name
