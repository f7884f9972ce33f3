"""Recording a client's session as a conformance transcript
(protocol/conformance/README format: an optional ``{"args": [...]}`` line,
then ``{"send", "expect"}`` per message sent, in send order), which
``omniscroll trace`` draws and every client's replayer replays byte for byte.

The transport tells the recorder each line it writes (and whether a reply
will answer it) and each reply line it reads; the worker answers in the
order it reads, so the oldest line still waiting is the one a reply answers.
"""
from __future__ import annotations

import json
import threading
from collections import deque
from typing import IO, Deque, List, Optional, Sequence, Union


class Recorder:
    def __init__(self, path: Union[str, "os.PathLike[str]"], args: Sequence[str] = ()) -> None:  # noqa: F821
        self._file: IO[str] = open(path, "w", encoding="utf-8", errors="surrogateescape")
        self._lock = threading.Lock()
        # Each sent line: [send text, expect text or None, answered?]
        self._lines: Deque[List[object]] = deque()
        if args:
            self._file.write(json.dumps({"args": list(args)}, ensure_ascii=False) + "\n")

    def sent(self, data: bytes, answered: Sequence[bool]) -> None:
        """``data``: the lines written at once, one ``answered`` flag per
        line (False: a notification, or a batch of notifications only)."""
        lines = data.split(b"\n")[:-1]
        with self._lock:
            for line, a in zip(lines, answered):
                self._lines.append([line.decode("utf-8", "surrogateescape"), None, not a])
            self._flush()

    def received(self, line: bytes) -> None:
        """A reply line (without its ``\\n``)."""
        with self._lock:
            for entry in self._lines:
                if not entry[2]:
                    entry[1] = line.decode("utf-8", "surrogateescape")
                    entry[2] = True
                    break
            self._flush()

    def _flush(self) -> None:
        while self._lines and self._lines[0][2]:
            send, expect, _ = self._lines.popleft()
            self._file.write(json.dumps({"send": send, "expect": expect}, ensure_ascii=False) + "\n")

    def close(self) -> None:
        """Writes what is left (a line never answered has ``expect`` null) and closes the file."""
        with self._lock:
            if self._file.closed:
                return
            for entry in self._lines:
                entry[2] = True
            self._flush()
            self._file.close()


def recorder(record: Optional[Union[str, "os.PathLike[str]"]], args: Sequence[str]) -> Optional[Recorder]:  # noqa: F821
    return None if record is None else Recorder(record, args)
