"""Locating and spawning the worker; the bounded stderr tail."""
from __future__ import annotations

import os
import shutil
import threading
from typing import IO, List, Optional, Sequence

from .errors import OmniScrollError

DEFAULT_STDERR_TAIL = 16 * 1024

# Where the wheel built by scripts/package puts the worker (absent in the source tree).
BUNDLED_BINARY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bin", "omniscroll")


def resolve_binary(bin: Optional[str] = None) -> str:
    """The worker path: ``bin`` if given, else ``$OMNISCROLL_BIN``, else
    ``omniscroll`` on ``PATH``, else the worker bundled in the wheel."""
    if bin:
        return bin
    env = os.environ.get("OMNISCROLL_BIN")
    if env:
        return env
    found = shutil.which("omniscroll")
    if found:
        return found
    if os.path.isfile(BUNDLED_BINARY) and os.access(BUNDLED_BINARY, os.X_OK):
        return BUNDLED_BINARY
    raise OmniScrollError("omniscroll worker not found: pass its path, set OMNISCROLL_BIN, "
                          "put omniscroll on PATH, or install the wheel that bundles it")


def command(bin: Optional[str], args: Sequence[str]) -> List[str]:
    return [resolve_binary(bin), *args]


def encode_raw(text: str) -> bytes:
    """Bytes of a transcript string. Lone surrogates U+DC80..U+DCFF stand for
    raw bytes 0x80..0xFF (Python's ``surrogateescape``), so transcripts can
    carry invalid UTF-8."""
    try:
        return text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogatepass")


class StderrTail:
    """Keeps the last ``limit`` bytes written to the worker's stderr."""

    def __init__(self, limit: int = DEFAULT_STDERR_TAIL) -> None:
        self._limit = max(1, limit)
        self._buf = bytearray()
        self._lock = threading.Lock()

    def feed(self, chunk: bytes) -> None:
        with self._lock:
            self._buf += chunk
            if len(self._buf) > self._limit:
                del self._buf[: len(self._buf) - self._limit]

    def text(self) -> str:
        with self._lock:
            return self._buf.decode("utf-8", "replace")

    def pump(self, stream: IO[bytes]) -> None:
        """Read ``stream`` to EOF (run on a thread)."""
        fd = stream.fileno()
        try:
            while True:
                chunk = os.read(fd, 65536)
                if not chunk:
                    break
                self.feed(chunk)
        except (OSError, ValueError):
            pass
