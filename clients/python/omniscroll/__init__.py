"""OmniScroll client: spawns the ``omniscroll`` worker and binds its
JSON-RPC 2.0 session API. Standard library only.

    from omniscroll import Client, Child
    with Client() as c:                     # path arg, else $OMNISCROLL_BIN, else PATH, else bundled
        s = c.create((375, 800), [Child.scroll("web", 2000), Child.scroll("list", 3000)])
        layout = c.scroll(s.session, 600)
"""
from __future__ import annotations

from . import _generated, calls
from ._generated import *  # noqa: F401,F403 - the method table, enums and error codes
from ._result import Result
from .aio import AsyncClient
from .calls import Call
from .components import ComponentManager
from .pointer import PointerForwarder, pointer_calls
from .client import Client, Reply
from .errors import (CallTimeout, ClientClosed, InvalidArgument, OmniScrollError, ProtocolViolation, RpcError,
                     WorkerDied)
from .transcript import Mismatch, RawWorker, replay
from .types import (Capabilities, Child, ChildLayout, ContentView, Event, FlingResult, GridLayout, GridTile,
                    InitializeResult, Layout, Limits, Motion, MotionSample, PageLayout, Point, Recentered, Rect,
                    ServerInfo, SessionInfo, Target, TemplateInfo, TileCoordinate, Viewport)
from ._worker import resolve_binary

__version__ = "0.1.0"  # the worker's (OmniScrollVersion.swift); scripts/version --check holds them equal

__all__ = ["AsyncClient", "Call", "CallTimeout", "Capabilities", "Child", "ChildLayout", "Client", "ClientClosed",
           "ComponentManager", "ContentView", "Event", "FlingResult", "GridLayout", "GridTile", "InitializeResult",
           "InvalidArgument", "Layout", "Limits", "Mismatch", "Motion", "MotionSample", "OmniScrollError", "PageLayout",
           "Point", "PointerForwarder", "ProtocolViolation", "RawWorker", "Recentered", "Rect", "Reply", "Result",
           "RpcError", "ServerInfo", "SessionInfo", "Target", "TemplateInfo", "TileCoordinate", "Viewport", "WorkerDied",
           "calls", "pointer_calls", "replay", "resolve_binary"] + _generated.__all__
