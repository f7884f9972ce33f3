"""``python -m omniscroll ARGS...`` runs the worker itself (the one the client
would spawn: ``$OMNISCROLL_BIN``, else ``PATH``, else the one bundled in the
wheel) with ARGS and this process's stdin, stdout and stderr, so shell users
get the worker from ``pip install`` too. ``python -m omniscroll playground
...`` serves the playground instead (docs/playground.md)."""
import os
import sys

from ._worker import resolve_binary
from .errors import OmniScrollError


def main() -> None:
    if sys.argv[1:2] == ["playground"]:
        from .playground import main as playground
        playground(sys.argv[2:])
        return
    try:
        worker = resolve_binary()
    except OmniScrollError as e:
        sys.exit(f"omniscroll: {e}")
    os.execv(worker, [worker, *sys.argv[1:]])


if __name__ == "__main__":
    main()
