"""Exceptions raised by the OmniScroll clients."""
from __future__ import annotations

from typing import Any, Optional

from ._generated import ErrorCodes


class OmniScrollError(Exception):
    """Base class of every error the client raises."""


class RpcError(OmniScrollError, ErrorCodes):
    """A JSON-RPC error reply. ``data`` for -32602 is ``{"param": ..., "reason": ...}``.
    The error codes are class attributes (``RpcError.SESSION_NOT_FOUND``),
    generated from protocol/openrpc.json."""

    def __init__(self, code: int, message: str, data: Any = None) -> None:
        super().__init__("%s (%d)%s" % (message, code, "" if data is None else ": %r" % (data,)))
        self.code = code
        self.message = message
        self.data = data

    @classmethod
    def from_json(cls, value: Any) -> "RpcError":
        if not isinstance(value, dict):
            return cls(cls.INTERNAL_ERROR, "malformed error object", value)
        code = value.get("code")
        if isinstance(code, bool) or not isinstance(code, int):
            code = cls.INTERNAL_ERROR
        return cls(code, str(value.get("message", "")), value.get("data"))

    @property
    def param(self) -> Optional[str]:
        """The JSON path of the rejected value, e.g. ``params.offset``."""
        return self.data.get("param") if isinstance(self.data, dict) else None

    @property
    def reason(self) -> Optional[str]:
        return self.data.get("reason") if isinstance(self.data, dict) else None


class WorkerDied(OmniScrollError):
    """The worker exited or crashed; carries its exit status and stderr tail.
    When recovery gave up (the worker died a second time on the same call),
    ``transcript`` is the path of a conformance transcript that reproduces
    the crash from a fresh worker (clients/README.md, "Recovery")."""

    def __init__(self, returncode: Optional[int], stderr_tail: str, detail: str = "",
                 transcript: Optional[str] = None) -> None:
        msg = "omniscroll worker is not running (exit status %s)%s" % (
            returncode, ": " + detail if detail else "")
        if stderr_tail:
            msg += "\n--- worker stderr (tail) ---\n" + stderr_tail
        super().__init__(msg)
        self.returncode = returncode
        self.stderr_tail = stderr_tail
        self.detail = detail
        self.transcript = transcript


class CallTimeout(OmniScrollError, TimeoutError):
    """No reply within the call's timeout. The worker keeps running."""

    def __init__(self, method: str, timeout: float) -> None:
        super().__init__("%s: no reply within %gs" % (method, timeout))
        self.method = method
        self.timeout = timeout


class ProtocolViolation(OmniScrollError):
    """The worker wrote something that is not a JSON-RPC reply (or a reply
    line over the client's size bound). The client closes the worker."""


class InvalidArgument(OmniScrollError, ValueError):
    """A param the contract does not take, found before sending: ``param`` is
    its JSON path (``params.viewport.width``), ``reason`` what was expected and
    what was given (worded as every client words it)."""

    def __init__(self, message: str, method: Optional[str] = None, param: Optional[str] = None,
                 reason: Optional[str] = None) -> None:
        super().__init__(message)
        self.method = method
        self.param = param
        self.reason = reason


class ClientClosed(OmniScrollError):
    """The client was closed."""
