"""Turns a platform's pointer events into ``session.pointer`` calls, or a grid's
``grid.pointer`` calls (docs/pointer.md).

A recorded touch (a test harness's, a terminal UI's mouse, a canvas's) is a
sequence of ``(phase, x, y, time)`` tuples or mappings with those keys.
``PointerForwarder`` keeps one finger: it maps the platform's phase names
(UIKit's ``began``/``moved``/``ended``/``cancelled``, the DOM's
``pointerdown``…, Android's ``ACTION_DOWN``…) onto the protocol's, scales the
times to seconds, moves the points into the viewport, and drops what the
engine would refuse (a move with no finger down, a second ``down``), so a
replayed recording never fails on a stray event.
"""
from __future__ import annotations

from typing import Iterable, List, Mapping, Optional, Sequence, Tuple, Union

from . import calls
from .calls import Call

Number = Union[int, float]
PointerEvent = Union[Sequence, Mapping]

PHASES = {
    "down": "down", "began": "down", "pointerdown": "down", "touchstart": "down", "action_down": "down",
    "move": "move", "moved": "move", "pointermove": "move", "touchmove": "move", "action_move": "move",
    "up": "up", "ended": "up", "pointerup": "up", "touchend": "up", "action_up": "up",
    "cancel": "cancel", "cancelled": "cancel", "pointercancel": "cancel", "touchcancel": "cancel",
    "action_cancel": "cancel",
}


def _fields(event: PointerEvent) -> Tuple[str, Number, Number, Number]:
    if isinstance(event, Mapping):
        return event["phase"], event["x"], event["y"], event["time"]
    phase, x, y, time = event
    return phase, x, y, time


class PointerForwarder:
    """One finger on one session. ``time_scale`` turns the platform's times
    into seconds (``0.001`` for milliseconds); ``origin`` is the viewport's
    top-left in the platform's coordinates; ``engine`` is the session's
    (``"grid"`` sends ``grid.pointer``)."""

    def __init__(self, session: str, *, time_scale: float = 1.0, origin: Tuple[Number, Number] = (0, 0),
                 engine: str = "container") -> None:
        if engine not in ("container", "grid"):
            raise ValueError(f"engine must be 'container' or 'grid', not {engine!r}")
        self.session = session
        self.time_scale = time_scale
        self.origin = origin
        self.down = False
        self._call = calls.grid_pointer if engine == "grid" else calls.pointer

    def call(self, event: PointerEvent) -> Optional[Call]:
        """The call for one event, or None for one the engine would refuse or an unknown phase."""
        name, x, y, time = _fields(event)
        phase = PHASES.get(str(name).lower())
        if phase is None or (phase == "down") == self.down:
            return None
        self.down = phase in ("down", "move")
        return self._call(self.session, phase, x - self.origin[0], y - self.origin[1], time * self.time_scale)


def pointer_calls(session: str, events: Iterable[PointerEvent], *, time_scale: float = 1.0,
                  origin: Tuple[Number, Number] = (0, 0), engine: str = "container") -> List[Call]:
    """Every call a recorded gesture gives, in order (see ``PointerForwarder``)."""
    forwarder = PointerForwarder(session, time_scale=time_scale, origin=origin, engine=engine)
    return [c for c in map(forwarder.call, events) if c is not None]
