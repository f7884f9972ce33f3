"""Runs the examples of docs/concepts.md against the real worker, so the page
cannot promise what the worker does not do.

- A ```jsonl block is a list of requests, piped into a fresh worker; every
  request must get a result, not an error. When the next block is ```json, it
  holds abridged replies, one a line: each must match the reply with the same
  id, where an object may leave members out and an array may leave items out
  (the items it keeps match in order).
- A recipe is a ```python block and a ```js block (either first) followed by
  one ```text block: each is run with its client, and what it prints must be
  exactly that text. Here the Python ones run;
  clients/node/test/concepts-recipes.test.js runs the Node ones, so the two
  languages are held to the same output.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest

from conftest import REPO

PAGE = REPO / "docs" / "concepts.md"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.M | re.S)


def blocks() -> List[Tuple[str, str]]:
    return [(m.group(1), m.group(2)) for m in FENCE.finditer(PAGE.read_text(encoding="utf-8"))]


def follows(kind: str, then: str, over: Tuple[str, ...] = ()) -> List[Tuple[str, str]]:
    """(block, next block or "") pairs for every block of language ``kind``;
    the next block counts only when its language is ``then``, looking past
    blocks whose language is in ``over`` (a recipe's other language)."""
    found = blocks()
    pairs = []
    for i, (lang, body) in enumerate(found):
        if lang == kind:
            rest = found[i + 1:]
            while rest and rest[0][0] in over:
                rest.pop(0)
            nxt = rest[0] if rest else ("", "")
            pairs.append((body, nxt[1] if nxt[0] == then else ""))
    return pairs


def matches(expected: Any, actual: Any) -> bool:
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(k in actual and matches(v, actual[k]) for k, v in expected.items())
    if isinstance(expected, list):
        if not isinstance(actual, list):
            return False
        rest = iter(actual)
        return all(any(matches(e, a) for a in rest) for e in expected)
    return type(expected) is type(actual) and expected == actual or (
        isinstance(expected, (int, float)) and not isinstance(expected, bool)
        and isinstance(actual, (int, float)) and not isinstance(actual, bool) and expected == actual)


def test_matches_is_strict_where_it_must_be() -> None:
    assert matches({"a": [1, 3]}, {"a": [1, 2, 3], "b": 0})
    assert not matches({"a": [3, 1]}, {"a": [1, 2, 3]})
    assert not matches({"a": 1}, {"b": 1})
    assert not matches({"a": None}, {"a": 0})
    assert not matches(True, 1)


JSONL = follows("jsonl", "json")
PYTHON = follows("python", "text", over=("js",))
JS = follows("js", "text", over=("python",))


def test_page_has_examples() -> None:
    assert JSONL and PYTHON, "docs/concepts.md lost its runnable examples"
    assert all(expect for _, expect in JSONL), "every request block is followed by its abridged replies"
    assert all(expect for _, expect in PYTHON + JS), "every recipe is followed by the text it prints"
    assert len(PYTHON) == len(JS), "every recipe is in Python and in Node"


@pytest.mark.parametrize("requests,expect", JSONL, ids=["jsonl%d" % i for i in range(len(JSONL))])
def test_jsonl_example(requests: str, expect: str, worker_bin: str) -> None:
    out = subprocess.run([worker_bin], input=requests.encode(), capture_output=True, timeout=60, check=True).stdout
    replies: Dict[Any, Any] = {}
    for line in out.decode().splitlines():
        reply = json.loads(line)
        assert "result" in reply, "%s\nanswered %s" % (requests, line)
        replies[reply["id"]] = reply
    for line in expect.splitlines():
        abridged = json.loads(line)
        assert abridged["id"] in replies, "no reply with id %r" % abridged["id"]
        assert matches(abridged, replies[abridged["id"]]), "page says %s\nworker says %s" % (
            line, json.dumps(replies[abridged["id"]], separators=(",", ":")))


@pytest.mark.parametrize("code,expect", PYTHON, ids=["python%d" % i for i in range(len(PYTHON))])
def test_python_example(code: str, expect: str, worker_bin: str, tmp_path: Path) -> None:
    env = dict(os.environ, OMNISCROLL_BIN=worker_bin, PYTHONPATH=str(REPO / "clients" / "python"))
    run = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout == expect
