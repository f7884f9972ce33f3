"""Components (seed 003's ControllerKit): objects registered in order, each
implementing only the events it cares about, called for each event of a
reply in registration order.

A component handles an event type with a method named ``on_<snake_case>``
(``on_child_did_show``) or named after the type (``childDidShow``); the
method receives the :class:`~omniscroll.types.Event`. A component with no
handler for a type is never called for it::

    class Player:
        def on_child_did_become_active(self, event): ...
        def on_child_did_resign_active(self, event): ...

    manager = ComponentManager()
    manager.register("player", Player())
    layout = client.create((375, 800), children, components=manager.param())
    manager.dispatch(layout)           # or: client.components = manager

``param()`` builds ``session.create``'s ``components`` from the handlers, so
the worker names exactly the components this manager calls: when an event
carries ``components`` the manager calls those, in that order; an event
without it (a session created without components) reaches every registered
component that handles its type, in registration order.
"""
from __future__ import annotations

import re
from typing import Any, Callable, Dict, List, Optional, Tuple, get_args

from ._generated import EventType
from .types import JSON, Event, Layout

EVENT_TYPES: Tuple[str, ...] = get_args(EventType)

Handler = Callable[[Event], Any]


def handler_name(event_type: str) -> str:
    """``childDidShow`` -> ``on_child_did_show``; ``topVCDidAppear`` -> ``on_top_vc_did_appear``."""
    return "on_" + re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", event_type).lower()


def handlers_of(component: object) -> Dict[str, Handler]:
    """The event types ``component`` handles, with its handler for each."""
    found: Dict[str, Handler] = {}
    for t in EVENT_TYPES:
        h = getattr(component, handler_name(t), None) or getattr(component, t, None)
        if callable(h):
            found[t] = h
    return found


class ComponentManager:
    """Registered components, in registration order."""

    def __init__(self) -> None:
        self._order: List[str] = []
        self._handlers: Dict[str, Dict[str, Handler]] = {}
        self._components: Dict[str, object] = {}

    def register(self, name: str, component: object) -> "ComponentManager":
        """Adds ``component`` after those registered before. Names are unique."""
        if name in self._handlers:
            raise ValueError("a component named %r is already registered" % name)
        self._order.append(name)
        self._components[name] = component
        self._handlers[name] = handlers_of(component)
        return self

    def __getitem__(self, name: str) -> object:
        return self._components[name]

    @property
    def names(self) -> List[str]:
        return list(self._order)

    def param(self) -> List[Dict[str, JSON]]:
        """``session.create``'s ``components``: each component with the types it handles."""
        return [{"name": n, "events": list(self._handlers[n])} for n in self._order]

    def dispatch(self, layout: Layout) -> None:
        """Calls, for each event of ``layout`` in order, the handlers of the
        components it reaches, in registration order."""
        for event in layout.events:
            self.dispatch_event(event)

    def dispatch_event(self, event: Event) -> None:
        named: Optional[JSON] = event.components
        names = named if isinstance(named, list) else self._order
        for name in names:
            h = self._handlers.get(name, {}).get(event.type) if isinstance(name, str) else None
            if h is not None:
                h(event)
