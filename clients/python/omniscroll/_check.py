"""The checks every call's params pass before they are sent, walking the
pruned schemas _surface.py generates from protocol/openrpc.json.

A fault raises InvalidArgument naming the method, the param's JSON path
(``params.viewport.width``, as the worker's -32602 data names it) and what
was expected; the Node client's check.js words every fault the same way.
Besides checking, the walk makes the params JSON: a ``to_json()`` object (a
``Child``) is its JSON, a tuple is a list, and an object whose members are
all numbers may be given as a sequence of them in declaration order
(``(375, 800)`` for a viewport). None in a top-level param means "not given".
"""
from __future__ import annotations

from typing import Any, Callable, Dict, List, Mapping, Optional

from .errors import InvalidArgument

JSON = Any
Checker = Callable[[JSON, str], JSON]


class _Fault(Exception):
    def __init__(self, path: str, reason: str) -> None:
        super().__init__(path, reason)
        self.path, self.reason = path, reason


def describe(v: JSON) -> str:
    """What a value is, in the words every client uses."""
    if v is None:
        return "null"
    if v is True or v is False:
        return "a boolean"
    if isinstance(v, (int, float)):
        if v != v:
            return "NaN"
        if v in (float("inf"), float("-inf")):
            return "Infinity" if v > 0 else "-Infinity"
        return "a number"
    if isinstance(v, str):
        return "a string"
    if isinstance(v, (list, tuple)):
        return "an array of %d item%s" % (len(v), "" if len(v) == 1 else "s")
    if isinstance(v, Mapping):
        return "an object"
    return "a %s" % type(v).__name__


_TYPE_WORDS = {"number": "a number", "integer": "an integer", "string": "a string", "boolean": "a boolean",
               "null": "null", "array": "an array", "object": "an object"}


def _quote(s: str) -> str:
    return '"%s"' % s.replace("\\", "\\\\").replace('"', '\\"')


class _Compiler:
    def __init__(self, schemas: Mapping[str, Any]) -> None:
        self.schemas = schemas
        self.refs: Dict[str, Checker] = {}
        self.ref_expected: Dict[str, str] = {}

    def expected(self, schema: Mapping[str, Any]) -> str:
        ref = schema.get("$ref")
        if ref is not None:
            return self.expected(self.schemas[ref])
        if "const" in schema:
            return _quote(schema["const"]) if isinstance(schema["const"], str) else str(schema["const"])
        if "enum" in schema:
            return "one of " + ", ".join(_quote(x) for x in schema["enum"])
        if "oneOf" in schema:
            return " or ".join(self.expected(s) for s in schema["oneOf"])
        types = schema.get("type")
        types = types if isinstance(types, list) else [types] if types else []
        words = []
        for t in types:
            if t == "object" and _tuple_members(schema):
                names = _tuple_members(schema)
                words.append("an object or an array of %d numbers [%s]" % (len(names), ", ".join(names)))
            else:
                words.append(_TYPE_WORDS[t])
        return " or ".join(words) or "any value"

    def compile(self, schema: Mapping[str, Any]) -> Checker:
        ref = schema.get("$ref")
        if ref is not None:
            return self.ref(ref)
        expected = self.expected(schema)
        if "const" in schema:
            const = schema["const"]

            def check_const(v: JSON, path: str) -> JSON:
                if v != const or type(v) is not type(const):
                    raise _Fault(path, "expected %s, got %s" % (expected, _got(v)))
                return v
            return check_const
        if "enum" in schema:
            values = frozenset(schema["enum"])

            def check_enum(v: JSON, path: str) -> JSON:
                if type(v) is not str or v not in values:
                    raise _Fault(path, "expected %s, got %s" % (expected, _got(v)))
                return v
            return check_enum
        if "oneOf" in schema:
            variants = [self.compile(s) for s in schema["oneOf"]]

            def check_one_of(v: JSON, path: str) -> JSON:
                deepest: Optional[_Fault] = None
                for c in variants:
                    try:
                        return c(v, path)
                    except _Fault as f:
                        if deepest is None or len(f.path) > len(deepest.path):
                            deepest = f
                if deepest is not None and len(deepest.path) > len(path):
                    raise deepest  # the variant the value came nearest to, and where it strayed
                raise _Fault(path, "expected %s, got %s" % (expected, describe(v)))
            return check_one_of
        types = schema.get("type")
        types = set(types if isinstance(types, list) else [types] if types else [])
        if not types:
            return _json
        if types == {"number"} or types == {"string"}:
            return _scalar(int if "number" in types else str, float if "number" in types else str, expected)
        obj = self.object_checker(schema) if "object" in types else None
        arr = self.array_checker(schema) if "array" in types else None
        number = "number" in types
        integer = "integer" in types
        string = "string" in types
        boolean = "boolean" in types
        null = "null" in types

        def check(v: JSON, path: str) -> JSON:
            t = type(v)
            if t is float or t is int:
                if v - v != 0:
                    raise _Fault(path, "expected %s, got %s" % (expected, describe(v)))
                if number or integer and (t is int or v.is_integer()):
                    return v
            elif t is str:
                if string:
                    return v
            elif t is bool:
                if boolean:
                    return v
            elif v is None:
                if null:
                    return v
            else:
                if hasattr(v, "to_json"):
                    return check(v.to_json(), path)
                if isinstance(v, Mapping):
                    if obj is not None:
                        return obj(v, path)
                elif isinstance(v, (list, tuple)) or (hasattr(v, "__iter__") and not isinstance(v, (bytes, str))):
                    v = list(v)
                    if arr is not None:
                        return arr(v, path)
                    if obj is not None and tuple_names is not None and len(v) == len(tuple_names):
                        return obj(dict(zip(tuple_names, v)), path)
                    raise _Fault(path, "expected %s, got %s" % (expected, describe(v)))
            raise _Fault(path, "expected %s, got %s" % (expected, _got(v)))
        tuple_names = _tuple_members(schema)
        return check

    def ref(self, name: str) -> Checker:
        c = self.refs.get(name)
        if c is None:
            box: List[Checker] = []
            self.refs[name] = lambda v, path: box[0](v, path)  # a schema may refer to itself
            box.append(self.compile(self.schemas[name]))
            c = self.refs[name] = box[0]
        return c

    def object_checker(self, schema: Mapping[str, Any], drop_none: bool = False) -> Checker:
        props = {k: self.compile(s) for k, s in schema.get("properties", {}).items()}
        expected = {k: self.expected(s) for k, s in schema.get("properties", {}).items()}
        required = list(schema.get("required", []))
        extra = schema.get("additionalProperties", True)
        extra_check = self.compile(extra) if isinstance(extra, dict) else None
        closed = extra is False
        known = ", ".join(props)

        def check_object(v: Mapping[str, JSON], path: str) -> Dict[str, JSON]:
            out: Dict[str, JSON] = {}
            for k, x in v.items():
                if drop_none and x is None:
                    continue
                c = props.get(k)
                if c is not None:
                    out[k] = c(x, path + "." + k)
                elif extra_check is not None:
                    out[k] = extra_check(x, path + "." + str(k))
                elif closed:
                    raise _Fault(path + "." + str(k), "unknown name (expected one of %s)" % known)
                else:
                    out[k] = x
            for k in required:
                if k not in out:
                    raise _Fault(path + "." + k, "missing (expected %s)" % expected[k])
            return out
        return check_object

    def array_checker(self, schema: Mapping[str, Any]) -> Checker:
        items = self.compile(schema.get("items", {}))
        lo, hi = schema.get("minItems"), schema.get("maxItems")

        def check_array(v: List[JSON], path: str) -> List[JSON]:
            if (lo is not None and len(v) < lo) or (hi is not None and len(v) > hi):
                raise _Fault(path, "expected an array of %s items, got %s" % (
                    lo if lo == hi else "%s to %s" % (lo or 0, hi if hi is not None else "any"), describe(v)))
            return [items(x, "%s[%d]" % (path, i)) for i, x in enumerate(v)]
        return check_array


def _scalar(a: type, b: type, expected: str) -> Checker:
    """A number's or a string's check, the common case made short (a bool is
    no int here: type() is exact)."""
    def check_scalar(v: JSON, path: str) -> JSON:
        t = type(v)
        if (t is a or t is b) and (t is str or v - v == 0):
            return v
        raise _Fault(path, "expected %s, got %s" % (expected, _got(v)))
    return check_scalar


def _json(v: JSON, path: str) -> JSON:
    return v.to_json() if hasattr(v, "to_json") else v


def _got(v: JSON) -> str:
    return _quote(v) if isinstance(v, str) else describe(v)


def _tuple_members(schema: Mapping[str, Any]) -> Optional[List[str]]:
    props = schema.get("properties")
    if not props or schema.get("additionalProperties") is not False:
        return None
    names = list(props)
    return names if all(p.get("type") == "number" for p in props.values()) else None


# A scalar param's test on the straight path (_straight), by its schema: the
# exact types the general check passes unchanged, nothing it would convert.
_STRAIGHT_TESTS = {"string": "type({v}) is str", "boolean": "type({v}) is bool", "integer": "type({v}) is int",
                   "number": "(type({v}) is float or type({v}) is int) and {v} - {v} == 0"}


def _straight_test(schema: Mapping[str, Any], schemas: Mapping[str, Any], v: str,
                   enums: Dict[str, frozenset]) -> Optional[str]:
    while "$ref" in schema:
        schema = schemas[schema["$ref"]]
    if schema.get("type") == "string" and "enum" in schema and set(schema) <= {"type", "enum", "description"}:
        enums["E_" + v] = frozenset(schema["enum"])
        return "type({v}) is str and {v} in E_{v}".format(v=v)
    if set(schema) <= {"type", "description"} and schema.get("type") in _STRAIGHT_TESTS:
        return _STRAIGHT_TESTS[schema["type"]].format(v=v)
    return None


def _straight(method: str, schema: Mapping[str, Any], schemas: Mapping[str, Any],
              general: Checker) -> Optional[Checker]:
    """For a method whose params are all scalars (session.scroll, tick,
    drag, pointer, grid.scroll ...): one function, compiled from the schema
    once, that passes well-formed params in one expression, with no walk,
    no path built and no call per param (the general walk was a tenth of a
    one-at-a-time call's client CPU). Anything else it hands to the general
    check, so every fault is found and worded by the one walker. None when
    a param is not a plain scalar."""
    props = schema.get("properties", {})
    if schema.get("additionalProperties") is not False or not props:
        return None
    required = set(schema.get("required", []))
    enums: Dict[str, frozenset] = {}
    names = ["p%d" % i for i in range(len(props))]
    tests = []
    for (k, s), v in zip(props.items(), names):
        test = _straight_test(s, schemas, v, enums)
        if test is None:
            return None
        tests.append("(%s)" % test if k in required else "(%s is None or %s)" % (v, test))
    body = ["def straight(v, path):",
            "    if len(v) != %d:" % len(props),
            "        return general(v, path)",
            "    try:"]
    body += ["        %s = v[%r]" % (v, k) for k, v in zip(props, names)]
    body += ["    except KeyError:",
            "        return general(v, path)",
            "    if not (%s):" % " and ".join(tests),
            "        return general(v, path)"]
    if required == set(props):
        body.append("    return {%s}" % ", ".join("%r: %s" % (k, v) for k, v in zip(props, names)))
    else:
        body.append("    out = {%s}" % ", ".join("%r: %s" % (k, v) for k, v in zip(props, names) if k in required))
        for k, v in zip(props, names):
            if k not in required:
                body.append("    if %s is not None:" % v)
                body.append("        out[%r] = %s" % (k, v))
        body.append("    return out")
    scope: Dict[str, Any] = dict(enums, general=general)
    exec(compile("\n".join(body), "<params of %s>" % method, "exec"), scope)
    return scope["straight"]


_compiled: Dict[str, Checker] = {}


def check_params(method: str, given: Dict[str, JSON], params: Mapping[str, Any],
                 schemas: Mapping[str, Any]) -> Dict[str, JSON]:
    """``given`` (None: not given) checked against ``method``'s params, as JSON."""
    c = _compiled.get(method)
    if c is None:
        general = _Compiler(schemas).object_checker(params[method], drop_none=True)
        c = _compiled[method] = _straight(method, params[method], schemas, general) or general
    try:
        return c(given, "params")
    except _Fault as f:
        raise InvalidArgument("%s: %s: %s" % (method, f.path, f.reason), method, f.path, f.reason) from None
