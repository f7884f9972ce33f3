"""Request builders: one per method, shared by Client, AsyncClient and
batches, generated from protocol/openrpc.json (_surface.py).

``calls.scroll("s1", 600)`` checks its params and returns a :class:`Call`
carrying the method name, the params and the decoder of its result, so
``client.batch([...])`` returns typed results too.
"""
from __future__ import annotations

from typing import Any, List, Mapping, Optional, Union

from ._result import Call
from ._surface import *  # noqa: F401,F403 - a builder per method of the contract
from ._surface import CALLS
from .types import Child

JSON = Any
ChildSpec = Union[Child, Mapping[str, JSON]]

#: ``session.list``'s builder under a name that does not hide the builtin.
list_sessions = CALLS["session.list"]


def call(method: str, params: Optional[Mapping[str, JSON]] = None) -> Call:
    """An untyped call (the result is returned as decoded JSON; nothing is checked)."""
    return Call(method, dict(params) if params is not None else None)


def windows(many: List[Call], size: int) -> List[List[Call]]:
    """``many`` cut, in order, into runs of at most ``size`` requests each
    (notifications ride along: they take no in-flight slot). Empty for an
    empty list."""
    out: List[List[Call]] = []
    requests = 0
    for c in many:
        if not out or (not c.notify and requests == size):
            out.append([])
            requests = 0
        out[-1].append(c)
        requests += 0 if c.notify else 1
    return out
