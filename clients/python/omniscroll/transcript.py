"""Raw byte access to a worker and conformance-transcript replay.

A transcript (``protocol/conformance/*.jsonl``) holds one exchange per line:
``{"send": "<raw request line>", "expect": "<exact reply line>" | null}``;
an optional first line ``{"args": [...]}`` gives the worker's flags
(otherwise it starts with none). Each file is replayed against a fresh worker. Every
``send`` goes out verbatim followed by ``\\n``; a non-null ``expect`` must be
the next reply byte for byte; a null ``expect`` means no reply, which is
checked by ordering (the next exchange's reply must come first) and, at the
end, by closing stdin and requiring no further output.
"""
from __future__ import annotations

import json
import os
import subprocess
import threading
import time
from dataclasses import dataclass
from typing import List, Optional, Sequence, Tuple

from ._worker import DEFAULT_STDERR_TAIL, StderrTail, command, encode_raw
from .errors import CallTimeout, WorkerDied

DEFAULT_MAX_BUFFER = 64 * 1024 * 1024


class RawWorker:
    """A worker spoken to in raw bytes (no JSON handling), with bounded reads."""

    def __init__(self, bin: Optional[str] = None, args: Sequence[str] = (), *,
                 max_buffer: int = DEFAULT_MAX_BUFFER, stderr_tail_bytes: int = DEFAULT_STDERR_TAIL) -> None:
        self._proc = subprocess.Popen(command(bin, args), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE)
        self._tail = StderrTail(stderr_tail_bytes)
        self._buf = bytearray()
        self._eof = False
        self._max = max_buffer
        self._cond = threading.Condition()
        self._threads = [
            threading.Thread(target=self._tail.pump, args=(self._proc.stderr,), daemon=True),
            threading.Thread(target=self._pump, daemon=True),
        ]
        for t in self._threads:
            t.start()

    def _pump(self) -> None:
        assert self._proc.stdout is not None
        fd = self._proc.stdout.fileno()
        try:
            while True:
                chunk = os.read(fd, 65536)
                if not chunk:
                    break
                with self._cond:
                    # Bound: stop buffering (and so stop reading) past max_buffer.
                    while len(self._buf) + len(chunk) > self._max and self._buf:
                        self._cond.wait(1.0)
                    self._buf += chunk
                    self._cond.notify_all()
        except OSError:
            pass
        with self._cond:
            self._eof = True
            self._cond.notify_all()

    @property
    def stderr_tail(self) -> str:
        return self._tail.text()

    @property
    def returncode(self) -> Optional[int]:
        return self._proc.poll()

    def send(self, data: bytes) -> None:
        assert self._proc.stdin is not None
        try:
            self._proc.stdin.write(data)
            self._proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError) as e:
            raise self._died("write failed: %s" % e)

    def close_input(self) -> None:
        try:
            if self._proc.stdin is not None:
                self._proc.stdin.close()
        except OSError:
            pass

    def _died(self, detail: str) -> WorkerDied:
        self._threads[0].join(1.0)
        try:
            rc: Optional[int] = self._proc.wait(1.0)
        except subprocess.TimeoutExpired:
            rc = None
        return WorkerDied(rc, self._tail.text(), detail)

    def _take(self, n: int) -> bytes:
        out = bytes(self._buf[:n])
        del self._buf[:n]
        self._cond.notify_all()
        return out

    def read_reply(self, timeout: float, lsp: bool = False) -> bytes:
        """The next reply: a line up to and excluding ``\\n`` or, with ``lsp``,
        one whole ``Content-Length`` frame (headers and body). Raises
        :class:`CallTimeout` or :class:`WorkerDied`."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while True:
                if lsp:
                    end = self._buf.find(b"\r\n\r\n")
                    if end >= 0:
                        length = None
                        for h in bytes(self._buf[:end]).split(b"\r\n"):
                            name, _, value = h.partition(b":")
                            if name.strip().lower() == b"content-length":
                                length = int(value.strip())
                        if length is not None and len(self._buf) >= end + 4 + length:
                            return self._take(end + 4 + length)
                else:
                    nl = self._buf.find(b"\n")
                    if nl >= 0:
                        return self._take(nl + 1)[:-1]
                if self._eof:
                    break
                left = deadline - time.monotonic()
                if left <= 0:
                    raise CallTimeout("read reply", timeout)
                self._cond.wait(left)
        raise self._died("end of output before a reply (buffered: %r)" % bytes(self._buf[:200]))

    def read_rest(self, timeout: float) -> bytes:
        """Everything the worker still writes until it closes stdout."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while not self._eof:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise CallTimeout("read to end of output", timeout)
                self._cond.wait(left)
            return self._take(len(self._buf))

    def close(self, timeout: float = 5.0) -> Optional[int]:
        self.close_input()
        try:
            self._proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait(timeout)
        for t in self._threads:
            t.join(timeout)
        for s in (self._proc.stdout, self._proc.stderr):
            if s is not None:
                s.close()
        return self._proc.returncode

    def __enter__(self) -> "RawWorker":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@dataclass
class Exchange:
    line: int
    send: str
    expect: Optional[str]


@dataclass
class Mismatch:
    file: str
    line: int
    send: str
    expected: Optional[str]
    got: Optional[str]
    detail: str = ""

    def __str__(self) -> str:
        exp, got = self.expected, self.got
        where = ""
        if exp is not None and got is not None:
            i = next((k for k, (a, b) in enumerate(zip(exp, got)) if a != b), min(len(exp), len(got)))
            where = " (first difference at character %d)" % i
            lo = max(0, i - 80)
            exp, got = exp[lo:i + 80], got[lo:i + 80]
        return "%s:%d: %s%s\n  send:     %r\n  expected: %r\n  got:      %r" % (
            self.file, self.line, self.detail or "mismatch", where, self.send[:300],
            exp[:400] if exp is not None else None, got[:400] if got is not None else None)


def load(path: str) -> List[Exchange]:
    """The exchanges of a transcript (see :func:`load_with_args`)."""
    return load_with_args(path)[1]


def load_with_args(path: str) -> Tuple[List[str], List[Exchange]]:
    """The worker flags (from an optional first line ``{"args": [...]}``) and
    the exchanges of a transcript."""
    out: List[Exchange] = []
    args: List[str] = []
    with open(path, "r", encoding="utf-8", errors="surrogateescape") as f:
        for n, text in enumerate(f, 1):
            if not text.strip():
                continue
            obj = json.loads(text)
            if not out and isinstance(obj, dict) and "args" in obj and "send" not in obj:
                if not isinstance(obj["args"], list) or not all(isinstance(a, str) for a in obj["args"]):
                    raise ValueError("%s:%d: args must be an array of strings" % (path, n))
                args = list(obj["args"])
                continue
            if not isinstance(obj, dict) or not isinstance(obj.get("send"), str) or \
                    not (obj.get("expect") is None or isinstance(obj.get("expect"), str)):
                raise ValueError("%s:%d: not a transcript exchange" % (path, n))
            out.append(Exchange(n, obj["send"], obj.get("expect")))
    return args, out


def replay(path: str, bin: Optional[str] = None, *, timeout: float = 10.0) -> List[Mismatch]:
    """Replay one transcript against a fresh worker; returns the mismatches
    (empty when the worker conforms). Stops at the first mismatch, since
    later replies would be misaligned."""
    name = os.path.basename(path)
    args, exchanges = load_with_args(path)
    with RawWorker(bin, args) as w:
        last_send = ""
        for ex in exchanges:
            try:
                w.send(encode_raw(ex.send) + b"\n")
            except WorkerDied as e:
                if ex.expect is None:
                    continue  # e.g. after `exit`: nothing more is read
                return [Mismatch(name, ex.line, ex.send, ex.expect, None, str(e))]
            last_send = ex.send
            if ex.expect is None:
                continue
            expected = encode_raw(ex.expect)
            lsp = expected.startswith(b"Content-Length:")
            try:
                got = w.read_reply(timeout, lsp=lsp)
            except (CallTimeout, WorkerDied) as e:
                return [Mismatch(name, ex.line, ex.send, ex.expect, None, str(e))]
            if got != expected:
                return [Mismatch(name, ex.line, ex.send, ex.expect, got.decode("utf-8", "surrogateescape"),
                                 "reply differs (a null expect before this line may have been answered)")]
        w.close_input()
        try:
            rest = w.read_rest(timeout)
        except CallTimeout as e:
            return [Mismatch(name, exchanges[-1].line if exchanges else 0, last_send, None, None, str(e))]
        if rest:
            return [Mismatch(name, exchanges[-1].line if exchanges else 0, last_send, None,
                             rest.decode("utf-8", "surrogateescape"), "unexpected output after the last exchange")]
    return []
