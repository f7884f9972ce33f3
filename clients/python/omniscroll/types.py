"""Native result types for OmniScroll replies.

Every type keeps members it does not know in ``extra`` (a dict), so protocol
additions never break the client; ``raw`` keeps the reply exactly as decoded.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Union

from ._generated import ChildKind, EventType, ScrollDirection, ScrollPhase

JSON = Any
Number = Union[int, float]


def _obj(value: JSON, what: str) -> Mapping[str, JSON]:
    if not isinstance(value, dict):
        raise ValueError("%s: expected a JSON object, got %r" % (what, type(value).__name__))
    return value


def _num(obj: Mapping[str, JSON], key: str, what: str) -> Number:
    value = obj.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError("%s.%s: expected a number, got %r" % (what, key, value))
    return value


def _extra(obj: Mapping[str, JSON], known: tuple) -> Dict[str, JSON]:
    return {k: v for k, v in obj.items() if k not in known}


@dataclass
class Rect:
    x: Number
    y: Number
    width: Number
    height: Number
    extra: Dict[str, JSON] = field(default_factory=dict)

    _KEYS = ("x", "y", "width", "height")

    @classmethod
    def from_json(cls, value: JSON) -> "Rect":
        o = _obj(value, "frame")
        return cls(_num(o, "x", "frame"), _num(o, "y", "frame"), _num(o, "width", "frame"),
                   _num(o, "height", "frame"), _extra(o, cls._KEYS))


@dataclass
class Point:
    x: Number
    y: Number
    extra: Dict[str, JSON] = field(default_factory=dict)

    _KEYS = ("x", "y")

    @classmethod
    def from_json(cls, value: JSON) -> "Point":
        o = _obj(value, "contentOffset")
        return cls(_num(o, "x", "contentOffset"), _num(o, "y", "contentOffset"), _extra(o, cls._KEYS))


@dataclass
class ContentView:
    top: Number
    height: Number
    extra: Dict[str, JSON] = field(default_factory=dict)

    _KEYS = ("top", "height")

    @classmethod
    def from_json(cls, value: JSON) -> "ContentView":
        o = _obj(value, "contentView")
        return cls(_num(o, "top", "contentView"), _num(o, "height", "contentView"), _extra(o, cls._KEYS))


@dataclass
class ChildLayout:
    id: str
    frame: Rect
    content_offset: Point
    visible_height: Number
    #: Collapsing children only: 0 expanded to 1 collapsed.
    collapse: Optional[Number] = None
    extra: Dict[str, JSON] = field(default_factory=dict)

    _KEYS = ("id", "frame", "contentOffset", "visibleHeight", "collapse")

    @classmethod
    def from_json(cls, value: JSON) -> "ChildLayout":
        o = _obj(value, "child")
        cid = o.get("id")
        if not isinstance(cid, str):
            raise ValueError("child.id: expected a string, got %r" % (cid,))
        return cls(cid, Rect.from_json(o.get("frame")), Point.from_json(o.get("contentOffset")),
                   _num(o, "visibleHeight", "child"),
                   _num(o, "collapse", "child") if "collapse" in o else None, _extra(o, cls._KEYS))


@dataclass
class Event:
    """One lifecycle event. ``child`` is None for container-wide events;
    every other member (``direction``, ``phase``, ``offset``…) is kept in
    ``extra``, as every type keeps the members it has no field for."""
    type: EventType
    child: Optional[str] = None
    extra: Dict[str, JSON] = field(default_factory=dict)

    @classmethod
    def from_json(cls, value: JSON) -> "Event":
        o = _obj(value, "event")
        t = o.get("type")
        if not isinstance(t, str):
            raise ValueError("event.type: expected a string, got %r" % (t,))
        child = o.get("child")
        return cls(t, child if isinstance(child, str) else None, _extra(o, ("type", "child")))


@dataclass
class Target:
    """``offset`` is None while the target is pending on an unknown size."""
    offset: Optional[Number]
    pending: bool
    extra: Dict[str, JSON] = field(default_factory=dict)

    @classmethod
    def from_json(cls, value: JSON) -> "Target":
        o = _obj(value, "target")
        offset = None if o.get("offset") is None else _num(o, "offset", "target")
        return cls(offset, bool(o.get("pending", False)), _extra(o, ("offset", "pending")))


@dataclass
class Motion:
    """The motion the engine runs (``session.endDragging`` with a velocity, a
    spring back, an animated scroll with physics): its rest and when, in
    seconds after its start."""
    target: Number
    duration: Number
    extra: Dict[str, JSON] = field(default_factory=dict)

    @classmethod
    def from_json(cls, value: JSON) -> "Motion":
        o = _obj(value, "motion")
        return cls(_num(o, "target", "motion"), _num(o, "duration", "motion"), _extra(o, ("target", "duration")))


@dataclass
class Layout:
    session: str
    revision: int
    offset: Number
    content_height: Number
    min_offset: Number
    max_offset: Number
    direction: Optional[ScrollDirection]
    phase: ScrollPhase
    active_child: Optional[str]
    content_view: ContentView
    children: List[ChildLayout]
    events: List[Event]
    motion: Optional[Motion] = None
    anchor_shift: Optional[Number] = None
    clamp_shift: Optional[Number] = None
    target: Optional[Target] = None
    #: Only in feed sessions (``options.feed``): the committed current child.
    current_child: Optional[str] = None
    #: Sessions with ``options.tracks`` only: track values by id, in declaration
    #: order (a delta session: only the values this call changed).
    tracks: Optional[Dict[str, Number]] = None
    extra: Dict[str, JSON] = field(default_factory=dict)
    raw: Dict[str, JSON] = field(default_factory=dict, repr=False, compare=False)

    _KEYS = ("session", "revision", "offset", "contentHeight", "minOffset", "maxOffset", "direction",
             "phase", "activeChild", "currentChild", "contentView", "children", "events", "motion", "tracks", "anchorShift",
             "clampShift", "target")

    @classmethod
    def from_json(cls, value: JSON) -> "Layout":
        o = _obj(value, "Layout")
        session = o.get("session")
        if not isinstance(session, str):
            raise ValueError("Layout.session: expected a string, got %r" % (session,))
        revision = _num(o, "revision", "Layout")
        children = o.get("children", [])
        events = o.get("events", [])
        if not isinstance(children, list) or not isinstance(events, list):
            raise ValueError("Layout.children and Layout.events must be arrays")
        anchor = o.get("anchorShift")
        clamp = o.get("clampShift")
        target = o.get("target")
        motion = o.get("motion")
        tracks = o.get("tracks")
        direction = o.get("direction")
        active = o.get("activeChild")
        current = o.get("currentChild")
        phase = o.get("phase")
        return cls(
            session=session,
            revision=int(revision),
            offset=_num(o, "offset", "Layout"),
            content_height=_num(o, "contentHeight", "Layout"),
            min_offset=_num(o, "minOffset", "Layout"),
            max_offset=_num(o, "maxOffset", "Layout"),
            direction=direction if isinstance(direction, str) else None,
            phase=phase if isinstance(phase, str) else "idle",
            active_child=active if isinstance(active, str) else None,
            content_view=ContentView.from_json(o.get("contentView")),
            children=[ChildLayout.from_json(c) for c in children],
            events=[Event.from_json(e) for e in events],
            motion=Motion.from_json(motion) if isinstance(motion, dict) else None,
            anchor_shift=anchor if isinstance(anchor, (int, float)) and not isinstance(anchor, bool) else None,
            clamp_shift=clamp if isinstance(clamp, (int, float)) and not isinstance(clamp, bool) else None,
            target=Target.from_json(target) if isinstance(target, dict) else None,
            current_child=current if isinstance(current, str) else None,
            tracks={k: _num(tracks, k, "Layout.tracks") for k in tracks} if isinstance(tracks, dict) else None,
            extra=_extra(o, cls._KEYS),
            raw=dict(o),
        )

    def child(self, child_id: str) -> ChildLayout:
        """The layout of one child; KeyError if the reply does not list it."""
        for c in self.children:
            if c.id == child_id:
                return c
        raise KeyError(child_id)

    def event_types(self) -> List[str]:
        return [e.type for e in self.events]


@dataclass
class TileCoordinate:
    """A tile's logical place; exact 64-bit integers however far the user travels."""
    col: int
    row: int

    @classmethod
    def from_json(cls, value: JSON) -> "TileCoordinate":
        o = _obj(value, "tile")
        return cls(int(_num(o, "col", "tile")), int(_num(o, "row", "tile")))


@dataclass
class GridTile:
    col: int
    row: int
    #: In the scroll view's content coordinates.
    frame: Rect

    @classmethod
    def from_json(cls, value: JSON) -> "GridTile":
        o = _obj(value, "tile")
        return cls(int(_num(o, "col", "tile")), int(_num(o, "row", "tile")), Rect.from_json(o.get("frame")))


@dataclass
class GridLayout:
    """A grid session's reply (grid.create, grid.scroll, grid.update; session.get of a grid).

    ``tiles`` are the tiles in view plus overscan (a delta session: only the
    tiles added); ``added``/``removed`` are since the previous reply;
    ``recentered`` is ``(dx, dy)`` when the offset was moved back to the centre
    (every kept frame moves by it too)."""
    session: str
    revision: int
    offset: Point
    viewport: Dict[str, Number]
    phase: ScrollPhase
    tiles: List[GridTile]
    added: List[TileCoordinate]
    removed: List[TileCoordinate]
    recentered: Optional[Point] = None
    extra: Dict[str, JSON] = field(default_factory=dict)
    raw: Dict[str, JSON] = field(default_factory=dict, repr=False, compare=False)

    _KEYS = ("session", "revision", "offset", "viewport", "phase", "tiles", "added", "removed", "recentered")

    @classmethod
    def from_json(cls, value: JSON) -> "GridLayout":
        o = _obj(value, "GridLayout")
        session = o.get("session")
        if not isinstance(session, str):
            raise ValueError("GridLayout.session: expected a string, got %r" % (session,))
        lists = [o.get(k) for k in ("tiles", "added", "removed")]
        if not all(isinstance(v, list) for v in lists):
            raise ValueError("GridLayout.tiles, added and removed must be arrays")
        viewport = _obj(o.get("viewport"), "GridLayout.viewport")
        shift = o.get("recentered")
        return cls(
            session=session,
            revision=int(_num(o, "revision", "GridLayout")),
            offset=Point.from_json(o.get("offset")),
            viewport={"width": _num(viewport, "width", "viewport"), "height": _num(viewport, "height", "viewport")},
            phase=o.get("phase") if isinstance(o.get("phase"), str) else "idle",
            tiles=[GridTile.from_json(t) for t in lists[0]],
            added=[TileCoordinate.from_json(t) for t in lists[1]],
            removed=[TileCoordinate.from_json(t) for t in lists[2]],
            recentered=Point(_num(shift, "dx", "recentered"), _num(shift, "dy", "recentered"))
            if isinstance(shift, dict) else None,
            extra=_extra(o, cls._KEYS),
            raw=dict(o),
        )


def any_layout_from_json(value: JSON) -> Union[Layout, GridLayout]:
    """session.get's result: a grid session's GridLayout (it has ``tiles``) or a container's Layout."""
    if isinstance(value, dict) and "tiles" in value:
        return GridLayout.from_json(value)
    return Layout.from_json(value)


@dataclass
class SessionInfo:
    id: str
    #: What the session lays out: "container" (the stack of children) or "grid" (a tile grid).
    engine: str
    children: JSON
    revision: int
    extra: Dict[str, JSON] = field(default_factory=dict)

    @classmethod
    def from_json(cls, value: JSON) -> "SessionInfo":
        o = _obj(value, "session")
        return cls(str(o.get("id")), str(o.get("engine")), o.get("children"), int(_num(o, "revision", "session")),
                   _extra(o, ("id", "engine", "children", "revision")))


def session_list_from_json(value: JSON) -> List[SessionInfo]:
    o = _obj(value, "session.list result")
    sessions = o.get("sessions", [])
    if not isinstance(sessions, list):
        raise ValueError("session.list: sessions must be an array")
    return [SessionInfo.from_json(s) for s in sessions]


@dataclass
class TemplateInfo:
    """One entry of ``session.templates``: a name ``session.create`` takes."""
    name: str
    #: True for the templates compiled into the worker; False for defined ones.
    built_in: bool
    extra: Dict[str, JSON] = field(default_factory=dict)

    @classmethod
    def from_json(cls, value: JSON) -> "TemplateInfo":
        o = _obj(value, "template")
        return cls(str(o.get("name")), o.get("builtIn") is True, _extra(o, ("name", "builtIn")))


def template_list_from_json(value: JSON) -> List[TemplateInfo]:
    o = _obj(value, "TemplateList")
    templates = o.get("templates", [])
    if not isinstance(templates, list):
        raise ValueError("TemplateList.templates must be an array")
    return [TemplateInfo.from_json(t) for t in templates]


def destroyed_from_json(value: JSON) -> str:
    o = _obj(value, "session.destroy result")
    s = o.get("session")
    if not isinstance(s, str):
        raise ValueError("session.destroy: expected {session: string}")
    return s


@dataclass
class InitializeResult:
    server_name: str
    server_version: str
    protocol_version: JSON
    capabilities: Dict[str, JSON]
    extra: Dict[str, JSON] = field(default_factory=dict)

    @classmethod
    def from_json(cls, value: JSON) -> "InitializeResult":
        o = _obj(value, "initialize result")
        info = o.get("serverInfo") if isinstance(o.get("serverInfo"), dict) else {}
        caps = o.get("capabilities") if isinstance(o.get("capabilities"), dict) else {}
        return cls(str(info.get("name", "")), str(info.get("version", "")), o.get("protocolVersion"),
                   dict(caps), _extra(o, ("serverInfo", "protocolVersion", "capabilities")))


@dataclass
class Child:
    """A child declaration for ``session.create`` / ``session.insertChildren``.
    Plain dicts are accepted everywhere too."""
    id: str
    kind: ChildKind = "scroll"
    content_height: Optional[Number] = None
    height: Optional[Number] = None
    pin_offset: Optional[Number] = None
    extra: Dict[str, JSON] = field(default_factory=dict)

    @classmethod
    def scroll(cls, id: str, content_height: Optional[Number] = None) -> "Child":
        return cls(id, "scroll", content_height=content_height)

    @classmethod
    def fixed(cls, id: str, height: Optional[Number] = None) -> "Child":
        """``height`` None (left out) means "not known yet", as for a scroll child."""
        return cls(id, "fixed", height=height)

    @classmethod
    def sticky(cls, id: str, height: Number, pin_offset: Optional[Number] = None) -> "Child":
        return cls(id, "sticky", height=height, pin_offset=pin_offset)

    @classmethod
    def page(cls, id: str) -> "Child":
        """A full-screen feed item: exactly one viewport tall, it takes no size."""
        return cls(id, "page")

    @classmethod
    def pager(cls, id: str, pages: Dict[str, Optional[Number]], selected: Optional[str] = None,
              offset_policy: Optional[str] = None, fill_viewport: Optional[bool] = None) -> "Child":
        """A pager of ``pages`` (id -> content height, None while unknown), in
        order; its own height is its selected page's."""
        extra: Dict[str, JSON] = {"pages": [{"id": p} if h is None else {"id": p, "contentHeight": h}
                                            for p, h in pages.items()]}
        for key, value in (("selected", selected), ("offsetPolicy", offset_policy), ("fillViewport", fill_viewport)):
            if value is not None:
                extra[key] = value
        return cls(id, "pager", extra=extra)

    @classmethod
    def collapsing(cls, id: str, max_height: Number, min_height: Number = 0, mode: str = "pinned") -> "Child":
        """A header collapsing from ``max_height`` to ``min_height`` (``pinned``, ``scroll`` or ``floating``)."""
        return cls(id, "collapsing", extra={"maxHeight": max_height, "minHeight": min_height, "mode": mode})

    def to_json(self) -> Dict[str, JSON]:
        out: Dict[str, JSON] = {"id": self.id, "kind": self.kind}
        if self.content_height is not None:
            out["contentHeight"] = self.content_height
        if self.height is not None:
            out["height"] = self.height
        if self.pin_offset is not None:
            out["pinOffset"] = self.pin_offset
        out.update(self.extra)
        return out


@dataclass
class MotionSample:
    """Where a fling is at one time (``physics.fling``'s ``samples``)."""
    time: Number
    position: Number
    velocity: Number
    extra: Dict[str, JSON] = field(default_factory=dict)

    _KEYS = ("time", "position", "velocity")

    @classmethod
    def from_json(cls, value: JSON) -> "MotionSample":
        o = _obj(value, "sample")
        return cls(_num(o, "time", "sample"), _num(o, "position", "sample"), _num(o, "velocity", "sample"),
                   _extra(o, cls._KEYS))


@dataclass
class FlingResult:
    """``physics.fling``'s answer: where the motion rests, when, and the
    samples asked for (``None`` when none were)."""
    target: Number
    duration: Number
    samples: Optional[List[MotionSample]] = None
    extra: Dict[str, JSON] = field(default_factory=dict)

    _KEYS = ("target", "duration", "samples")

    @classmethod
    def from_json(cls, value: JSON) -> "FlingResult":
        o = _obj(value, "FlingResult")
        samples = o.get("samples")
        if samples is not None and not isinstance(samples, list):
            raise ValueError("FlingResult.samples: expected an array, got %r" % (samples,))
        return cls(_num(o, "target", "FlingResult"), _num(o, "duration", "FlingResult"),
                   None if samples is None else [MotionSample.from_json(v) for v in samples], _extra(o, cls._KEYS))
