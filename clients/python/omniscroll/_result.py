"""What the generated typed surface (_surface.py) is built on: the call a
method builder returns, and the base of every result type.

A result type wraps the reply's JSON object and reads each member when asked
(snake_case names, docs/protocol.md gives each member). A result that is the
only one of its reply line keeps the line and decodes it on first read: a
pipelined caller that looks at few members pays for no JSON decoding it does
not use.
"""
from __future__ import annotations

import json
from typing import Any, Callable, Dict, List, Optional, Tuple, Type

JSON = Any


class Call:
    """One request: the method, its checked params, the decoder of its result
    (``lazy``: the decoder takes the whole reply line) and whether it is a
    notification."""
    __slots__ = ("method", "params", "decode", "notify", "lazy")

    def __init__(self, method: str, params: Optional[Dict[str, JSON]] = None,
                 decode: Callable[[JSON], Any] = lambda v: v, notify: bool = False, lazy: bool = False) -> None:
        self.method = method
        self.params = params
        self.decode = decode
        self.notify = notify
        self.lazy = lazy

    def as_notification(self) -> "Call":
        return Call(self.method, self.params, _null, True)

    def __repr__(self) -> str:
        return "Call(%r, %r)" % (self.method, self.params)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Call) and (self.method, self.params, self.notify) == (
            other.method, other.params, other.notify)


def _null(v: JSON) -> None:
    return None


class Result:
    """A result object of the contract. ``raw`` is the JSON object as
    received; ``extra`` holds the members this client's contract does not
    declare (so protocol additions never break it)."""
    __slots__ = ("_v",)
    MEMBERS: frozenset = frozenset()
    REQUIRED: Tuple[str, ...] = ()

    def __init__(self, value: JSON) -> None:
        self._v = value

    @property
    def _o(self) -> Dict[str, JSON]:
        v = self._v
        if type(v) is not dict:
            # The reply line ({"jsonrpc","id","result"}): decoded on first read.
            v = self._v = json.loads(v)["result"]
        return v

    @classmethod
    def from_json(cls, value: JSON) -> Any:
        """``value`` as this type; ValueError unless it is an object with every required member.
        (Members are read when asked: a reply line is never decoded further than used.)"""
        if not isinstance(value, dict):
            raise ValueError("%s: expected a JSON object, got %s" % (cls.__name__, type(value).__name__))
        missing = [k for k in cls.REQUIRED if k not in value]
        if missing:
            raise ValueError("%s: missing %s" % (cls.__name__, ", ".join(missing)))
        return cls(value)

    @property
    def raw(self) -> Dict[str, JSON]:
        return self._o

    @property
    def extra(self) -> Dict[str, JSON]:
        return {k: v for k, v in self._o.items() if k not in self.MEMBERS}

    def to_json(self) -> Dict[str, JSON]:
        return self._o

    def __eq__(self, other: object) -> bool:
        """Equal to a result of the same type with the same members, or to its JSON object."""
        if isinstance(other, dict):
            return self._o == other
        return type(other) is type(self) and other._o == self._o  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return id(self)

    def __repr__(self) -> str:
        return "%s(%s)" % (type(self).__name__, json.dumps(self._o, separators=(",", ":"))[:300])


class LayoutHelpers:
    """What a Layout offers beside its members."""
    __slots__ = ()

    def child(self, child_id: str) -> Any:
        """The layout of one child; KeyError if the reply does not list it."""
        for c in self.children:  # type: ignore[attr-defined]
            if c.id == child_id:
                return c
        raise KeyError(child_id)

    def event_types(self) -> List[str]:
        return [e["type"] for e in self._o["events"]]  # type: ignore[attr-defined]


# Hand-written helpers a generated result type also derives from, by its name.
HELPERS: Dict[str, type] = {"Layout": LayoutHelpers}


def bases(name: str) -> Tuple[type, ...]:
    helper = HELPERS.get(name)
    return (helper, Result) if helper is not None else (Result,)


def union(value: JSON, types: Tuple[Type[Result], ...]) -> Result:
    """A result of one of several types: the first whose required members
    are all present (session.get: a Layout, or a grid's GridLayout)."""
    if not isinstance(value, dict):
        raise ValueError("expected a JSON object, got %s" % type(value).__name__)
    for t in types:
        if all(k in value for k in t.REQUIRED):
            return t(value)
    raise ValueError("a result of none of %s" % ", ".join(t.__name__ for t in types))
