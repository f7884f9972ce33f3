"""clients/README.md's call reference (written by scripts/generate-client-reference
from protocol/openrpc.json) is current, and every Python call it names is a
method of Client and of AsyncClient."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from typing import List, Tuple

from conftest import REPO

from omniscroll import AsyncClient, Client

README = REPO / "clients" / "README.md"
GENERATOR = REPO / "scripts" / "generate-client-reference"
ROW = re.compile(r"^\| \[`([\w.]+)`\]\(#[\w]+\) \| `(\w+)` \| `(\w+)` \|$", re.M)


def rows() -> List[Tuple[str, str, str]]:
    return ROW.findall(README.read_text(encoding="utf-8"))


def test_the_reference_is_what_the_contract_gives() -> None:
    run = subprocess.run([sys.executable, str(GENERATOR), "--check"], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr


def test_the_reference_lists_every_method_once() -> None:
    with open(REPO / "protocol" / "openrpc.json", encoding="utf-8") as f:
        methods = [m["name"] for m in json.load(f)["methods"]]
    assert [method for method, _, _ in rows()] == methods


def test_every_python_call_the_reference_names_exists() -> None:
    missing = [(cls.__name__, name) for _, name, _ in rows() for cls in (Client, AsyncClient)
               if not callable(getattr(cls, name, None))]
    assert rows() and not missing, "the reference names calls the client lacks: %s" % missing
