"""Request builders: one per method, shared by Client, AsyncClient and batches.

``calls.scroll("s1", 600)`` returns a :class:`Call` carrying the method name,
named params and the decoder of its result, so ``client.batch([...])`` returns
typed results too.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

from ._generated import Method, PhysicsFlingPreset, RecenterMode, ScrollPhase, ScrollPosition
from .types import (Child, FlingResult, GridLayout, InitializeResult, Layout, Number, SessionInfo, TemplateInfo,
                    any_layout_from_json, destroyed_from_json, session_list_from_json, template_list_from_json)

JSON = Any
ChildSpec = Union[Child, Mapping[str, JSON]]


def _identity(value: JSON) -> JSON:
    return value


def _null(value: JSON) -> None:
    return None


@dataclass
class Call:
    method: str
    params: Optional[Dict[str, JSON]] = None
    decode: Callable[[JSON], Any] = field(default=_identity, repr=False)
    notify: bool = False

    def as_notification(self) -> "Call":
        return Call(self.method, self.params, _null, True)


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


def _params(**kw: Any) -> Dict[str, JSON]:
    return {k: v for k, v in kw.items() if v is not None}


def _children(children: Optional[Iterable[ChildSpec]]) -> Optional[List[JSON]]:
    if children is None:
        return None
    return [c.to_json() if isinstance(c, Child) else dict(c) for c in children]


def _size(size: Optional[Union[Mapping[str, Number], Sequence[Number]]], a: str, b: str) -> Optional[JSON]:
    if size is None:
        return None
    if isinstance(size, Mapping):
        return dict(size)
    w, h = size
    return {a: w, b: h}


def call(method: str, params: Optional[Mapping[str, JSON]] = None) -> Call:
    """An untyped call (the result is returned as decoded JSON)."""
    return Call(method, dict(params) if params is not None else None)


def initialize(client_info: Optional[Mapping[str, JSON]] = None,
               capabilities: Optional[Mapping[str, JSON]] = None) -> Call:
    return Call(Method.INITIALIZE, _params(clientInfo=client_info, capabilities=capabilities),
                InitializeResult.from_json)


def shutdown() -> Call:
    return Call(Method.SHUTDOWN, None, _null)


def exit() -> Call:  # noqa: A001 - protocol name
    return Call(Method.EXIT, None, _null, notify=True)


def discover() -> Call:
    return Call(Method.RPC_DISCOVER, None, _identity)


def create(viewport: Union[Mapping[str, Number], Sequence[Number]],
           children: Optional[Iterable[ChildSpec]] = None, *,
           insets: Optional[Union[Mapping[str, Number], Sequence[Number]]] = None,
           offset: Optional[Number] = None, id: Optional[str] = None,
           template: Optional[str] = None, options: Optional[Mapping[str, JSON]] = None,
           components: Optional[Sequence[Mapping[str, JSON]]] = None) -> Call:
    """``viewport`` is ``{"width", "height"}`` or ``(width, height)``;
    ``insets`` is ``{"top", "bottom"}`` or ``(top, bottom)``; ``components``
    is ``[{"name", "events"}]``, e.g. ``ComponentManager.param()``."""
    return Call(Method.SESSION_CREATE, _params(
        viewport=_size(viewport, "width", "height"), children=_children(children),
        insets=_size(insets, "top", "bottom"), offset=offset, id=id, template=template,
        options=dict(options) if options is not None else None,
        components=[dict(c) for c in components] if components is not None else None), Layout.from_json)


def scroll(session: str, offset: Number, phase: Optional[ScrollPhase] = None) -> Call:
    return Call(Method.SESSION_SCROLL, _params(session=session, offset=offset, phase=phase), Layout.from_json)


def set_content_height(session: str, child: str, content_height: Number) -> Call:
    # A size once known stays known: the worker takes numbers only (no null).
    return Call(Method.SESSION_SET_CONTENT_HEIGHT,
                {"session": session, "child": child, "contentHeight": content_height}, Layout.from_json)


def update(session: str, *, sizes: Optional[Mapping[str, Number]] = None,
           viewport: Optional[Union[Mapping[str, Number], Sequence[Number]]] = None,
           insets: Optional[Union[Mapping[str, Number], Sequence[Number]]] = None,
           offset: Optional[Number] = None, phase: Optional[ScrollPhase] = None) -> Call:
    return Call(Method.SESSION_UPDATE, _params(
        session=session, sizes=dict(sizes) if sizes is not None else None,
        viewport=_size(viewport, "width", "height"), insets=_size(insets, "top", "bottom"),
        offset=offset, phase=phase), Layout.from_json)


def set_viewport(session: str, width: Number, height: Number) -> Call:
    return Call(Method.SESSION_SET_VIEWPORT, _params(session=session, width=width, height=height), Layout.from_json)


def set_insets(session: str, top: Optional[Number] = None, bottom: Optional[Number] = None) -> Call:
    return Call(Method.SESSION_SET_INSETS, _params(session=session, top=top, bottom=bottom), Layout.from_json)


def insert_children(session: str, children: Iterable[ChildSpec], index: Optional[int] = None) -> Call:
    return Call(Method.SESSION_INSERT_CHILDREN, _params(session=session, children=_children(children), index=index),
                Layout.from_json)


def remove_children(session: str, children: Iterable[str]) -> Call:
    return Call(Method.SESSION_REMOVE_CHILDREN, _params(session=session, children=list(children)), Layout.from_json)


def scroll_to_child(session: str, child: str, position: Optional[ScrollPosition] = None,
                    animated: Optional[bool] = None) -> Call:
    return Call(Method.SESSION_SCROLL_TO_CHILD,
                _params(session=session, child=child, position=position, animated=animated), Layout.from_json)


def select_page(session: str, child: str, page: str) -> Call:
    """A tab tap: select ``page`` of pager ``child`` at once (its offset policy places it)."""
    return Call(Method.SESSION_SELECT_PAGE, {"session": session, "child": child, "page": page}, Layout.from_json)


def scroll_pager(session: str, child: str, offset: float) -> Call:
    """A horizontal swipe: pager ``child`` at horizontal ``offset`` (page k rests at k * width)."""
    return Call(Method.SESSION_SCROLL_PAGER, {"session": session, "child": child, "offset": offset}, Layout.from_json)


def end_pager_dragging(session: str, child: str, velocity: Number, time: Optional[Number] = None) -> Call:
    """A swipe of pager ``child`` released at ``velocity`` (points/s, toward later pages positive): it snaps to
    a page on ``tick``; ``time`` is the release on the client's clock (default: the first tick's)."""
    return Call(Method.SESSION_END_PAGER_DRAGGING, _params(session=session, child=child, velocity=velocity, time=time),
                Layout.from_json)


def begin_dragging(session: str) -> Call:
    return Call(Method.SESSION_BEGIN_DRAGGING, {"session": session}, Layout.from_json)


def drag(session: str, translation: Number) -> Call:
    """The finger's travel since ``begin_dragging`` (UIKit's pan translation: negative moves the offset up)."""
    return Call(Method.SESSION_DRAG, {"session": session, "translation": translation}, Layout.from_json)


def end_dragging(session: str, decelerate: Optional[bool] = None, velocity: Optional[Number] = None,
                 time: Optional[Number] = None) -> Call:
    """With ``velocity`` (points/s, the offset growing positive) the engine runs the release as a
    motion; ``time`` is the release on the client's clock (default: the first tick's)."""
    return Call(Method.SESSION_END_DRAGGING,
                _params(session=session, decelerate=decelerate, velocity=velocity, time=time), Layout.from_json)


def tick(session: str, time: Number) -> Call:
    """The client's frame clock: the running motion's position at ``time`` (seconds)."""
    return Call(Method.SESSION_TICK, {"session": session, "time": time}, Layout.from_json)


def pointer(session: str, phase: str, x: Number, y: Number, time: Number) -> Call:
    """One sample of one finger (``down``, ``move``, ``up``, ``cancel``; viewport points, seconds):
    the engine applies the slop, locks the axis, drags, swipes, flings and taps (docs/pointer.md)."""
    return Call(Method.SESSION_POINTER, {"session": session, "phase": phase, "x": x, "y": y, "time": time},
                Layout.from_json)


def end_scrolling(session: str) -> Call:
    return Call(Method.SESSION_END_SCROLLING, {"session": session}, Layout.from_json)


def end_refreshing(session: str) -> Call:
    return Call(Method.SESSION_END_REFRESHING, {"session": session}, Layout.from_json)


def end_loading_more(session: str, page: Optional[str] = None) -> Call:
    """``page``: the pager page whose load ended; None: the list at the end now."""
    return Call(Method.SESSION_END_LOADING_MORE, _params(session=session, page=page), Layout.from_json)


def get(session: str) -> Call:
    """A container's Layout, or a grid's GridLayout."""
    return Call(Method.SESSION_GET, {"session": session}, any_layout_from_json)


def list_sessions() -> Call:
    return Call(Method.SESSION_LIST, None, session_list_from_json)


def destroy(session: str) -> Call:
    return Call(Method.SESSION_DESTROY, {"session": session}, destroyed_from_json)


def snapshot(session: str) -> Call:
    """The snapshot is opaque: pass it back to :func:`restore` unchanged."""
    return Call(Method.SESSION_SNAPSHOT, {"session": session}, _identity)


def restore(snapshot: JSON, id: Optional[str] = None) -> Call:
    return Call(Method.SESSION_RESTORE, _params(snapshot=snapshot, id=id), Layout.from_json)


def define_template(name: str, template: Mapping[str, JSON]) -> Call:
    """``template`` is ``{"children", "options"?, "insets"?, "components"?}``
    (``Child`` objects accepted in ``children``); answers every template then known."""
    body = dict(template)
    if "children" in body:
        body["children"] = _children(body["children"])
    return Call(Method.SESSION_DEFINE_TEMPLATE, {"name": name, "template": body}, template_list_from_json)


def templates() -> Call:
    return Call(Method.SESSION_TEMPLATES, None, template_list_from_json)


def grid_create(viewport: Union[Mapping[str, Number], Sequence[Number]],
                tile: Union[Mapping[str, Number], Sequence[Number]], *, overscan: Optional[int] = None,
                content_size: Optional[Union[Mapping[str, Number], Sequence[Number]]] = None,
                recenter: Optional[RecenterMode] = None, threshold: Optional[Number] = None,
                id: Optional[str] = None, delta: Optional[bool] = None) -> Call:
    """``viewport``, ``tile`` and ``content_size`` are ``{"width", "height"}`` or ``(width, height)``."""
    return Call(Method.GRID_CREATE, _params(
        viewport=_size(viewport, "width", "height"), tile=_size(tile, "width", "height"), overscan=overscan,
        contentSize=_size(content_size, "width", "height"), recenter=recenter, threshold=threshold, id=id,
        options={"delta": delta} if delta is not None else None), GridLayout.from_json)


def grid_scroll(session: str, x: Number, y: Number, phase: Optional[ScrollPhase] = None) -> Call:
    return Call(Method.GRID_SCROLL, _params(session=session, x=x, y=y, phase=phase), GridLayout.from_json)


def grid_update(session: str, *, viewport: Optional[Union[Mapping[str, Number], Sequence[Number]]] = None,
                x: Optional[Number] = None, y: Optional[Number] = None,
                phase: Optional[ScrollPhase] = None) -> Call:
    return Call(Method.GRID_UPDATE, _params(
        session=session, viewport=_size(viewport, "width", "height"), x=x, y=y, phase=phase), GridLayout.from_json)


def fling(position: Number, velocity: Number, preset: Optional[PhysicsFlingPreset] = None,
          bounds: Optional[Tuple[Number, Number]] = None, viewport: Optional[Number] = None,
          snap: Optional[Mapping[str, JSON]] = None, drag_start: Optional[Number] = None,
          sample_interval: Optional[Number] = None, times: Optional[Sequence[Number]] = None) -> Call:
    """``physics.fling`` (stateless): ``bounds`` is ``(min, max)``; ``snap`` is
    ``{"points": [...]}`` or ``{"interval": n}`` with an optional ``mode``
    (``mandatory``, ``proximity`` + ``distance``, ``paging`` + ``minFlingVelocity``).
    Give ``sample_interval`` or ``times``, not both."""
    return Call(Method.PHYSICS_FLING,
                _params(preset=preset, position=position, velocity=velocity,
                        bounds=None if bounds is None else {"min": bounds[0], "max": bounds[1]},
                        viewport=viewport, snap=None if snap is None else dict(snap), dragStart=drag_start,
                        sampleInterval=sample_interval, times=None if times is None else list(times)),
                FlingResult.from_json)


__all__ = ["Call", "call", "initialize", "shutdown", "exit", "discover", "create", "scroll",
           "set_content_height", "update", "set_viewport", "set_insets", "insert_children",
           "remove_children", "scroll_to_child", "select_page", "scroll_pager", "end_pager_dragging", "begin_dragging", "drag", "end_dragging", "tick", "end_scrolling",
           "end_refreshing", "end_loading_more", "get", "list_sessions", "destroy", "snapshot", "restore",
           "define_template", "templates", "grid_create", "grid_scroll", "grid_update",
           "fling",
           "SessionInfo", "TemplateInfo"]
