"""The result types (generated from protocol/openrpc.json in _surface.py,
every member the contract declares, snake_case) and the hand-written
``Child`` builder of ``session.create``'s children.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, Mapping, Optional, Union

from ._generated import ChildKind
from ._surface import (Capabilities, ChildLayout, ContentView, Event, FlingResult, GridLayout, GridTile,  # noqa: F401
                       InitializeResult, Layout, Limits, Motion, MotionSample, PageLayout, Point, Recentered, Rect,
                       ServerInfo, SessionInfo, Target, TemplateInfo, TileCoordinate, Viewport)

JSON = Any
Number = Union[int, float]


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
              offset_policy: Optional[str] = None, fill_viewport: Optional[bool] = None,
              page_snap: Optional[Mapping[str, Number]] = None) -> "Child":
        """A pager of ``pages`` (id -> content height, None while unknown), in
        order; its own height is its selected page's. ``page_snap``:
        ``{"threshold", "minFlingVelocity"}``, the release rule of a swipe."""
        extra: Dict[str, JSON] = {"pages": [{"id": p} if h is None else {"id": p, "contentHeight": h}
                                            for p, h in pages.items()]}
        for key, value in (("selected", selected), ("offsetPolicy", offset_policy), ("fillViewport", fill_viewport),
                           ("pageSnap", dict(page_snap) if page_snap is not None else None)):
            if value is not None:
                extra[key] = value
        return cls(id, "pager", extra=extra)

    @classmethod
    def collapsing(cls, id: str, max_height: Number, min_height: Number = 0, mode: str = "pinned",
                   snap: Optional[bool] = None) -> "Child":
        """A header collapsing from ``max_height`` to ``min_height`` (``pinned``, ``scroll`` or
        ``floating``); ``snap``: a header left partly collapsed settles to the nearer end."""
        extra: Dict[str, JSON] = {"maxHeight": max_height, "minHeight": min_height, "mode": mode}
        if snap is not None:
            extra["snap"] = snap
        return cls(id, "collapsing", extra=extra)

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


