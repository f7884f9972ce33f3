from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Iterator, Optional

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # test the source tree, installed or not

REPO = HERE.parents[2]
CONFORMANCE = REPO / "protocol" / "conformance"


def find_worker() -> Optional[str]:
    env = os.environ.get("OMNISCROLL_BIN")
    if env:
        return env
    for rel in (".build/release/omniscroll", ".build/debug/omniscroll",
                ".build-clients/release/omniscroll", ".build-clients/debug/omniscroll"):
        p = REPO / rel
        if p.is_file() and os.access(p, os.X_OK):
            return str(p)
    return None


@pytest.fixture(scope="session")
def worker_bin() -> str:
    b = find_worker()
    if not b:
        pytest.fail("no omniscroll worker: build it (swift build) or set OMNISCROLL_BIN")
    return b


@pytest.fixture
def client(worker_bin: str) -> Iterator["object"]:
    from omniscroll import Client
    c = Client(worker_bin, timeout=20)
    try:
        yield c
    finally:
        c.close()
