"""The worker bundled in the wheel: found when neither OMNISCROLL_BIN nor PATH
names one, and run by ``python -m omniscroll``. The package is copied beside a
``bin/omniscroll`` the way scripts/package lays out the wheel."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from conftest import HERE

PACKAGE = HERE.parent / "omniscroll"


def bundled_layout(root: Path, worker: str) -> Path:
    """``root/omniscroll`` with the worker at ``omniscroll/bin/omniscroll``; returns the worker's path."""
    package = root / "omniscroll"
    shutil.copytree(PACKAGE, package, ignore=shutil.ignore_patterns("__pycache__"))
    (package / "bin").mkdir()
    bundled = package / "bin" / "omniscroll"
    shutil.copy2(worker, bundled)
    return bundled


def run_python(root: Path, args: list, stdin: bytes = b"") -> subprocess.CompletedProcess:
    """Python in ``root``, with only ``root`` importable and no worker on PATH or in OMNISCROLL_BIN."""
    env = {"PYTHONPATH": str(root), "PATH": str(root / "empty")}
    return subprocess.run([sys.executable, *args], input=stdin, capture_output=True, env=env, cwd=root, timeout=30)


def test_bundled_worker_is_found_last(tmp_path: Path, worker_bin: str) -> None:
    bundled = bundled_layout(tmp_path, worker_bin)
    found = run_python(tmp_path, ["-c", "import omniscroll; print(omniscroll.resolve_binary())"])
    assert found.returncode == 0, found.stderr
    assert found.stdout.decode().strip() == str(bundled)


def test_no_worker_anywhere_is_an_error(tmp_path: Path) -> None:
    shutil.copytree(PACKAGE, tmp_path / "omniscroll", ignore=shutil.ignore_patterns("__pycache__"))
    found = run_python(tmp_path, ["-c", "import omniscroll; omniscroll.resolve_binary()"])
    assert found.returncode != 0
    assert b"install the wheel that bundles it" in found.stderr


def test_python_m_omniscroll_runs_the_worker_with_args_and_stdio(tmp_path: Path, worker_bin: str) -> None:
    bundled_layout(tmp_path, worker_bin)
    version = run_python(tmp_path, ["-m", "omniscroll", "--version"])
    assert version.returncode == 0, version.stderr
    assert version.stdout.decode().startswith("omniscroll ")
    reply = run_python(tmp_path, ["-m", "omniscroll"], b'{"jsonrpc":"2.0","id":7,"method":"session.list"}\n')
    assert reply.stdout == b'{"jsonrpc":"2.0","id":7,"result":{"sessions":[]}}\n'
    refused = run_python(tmp_path, ["-m", "omniscroll", "--no-such-flag"])
    assert refused.returncode != 0
    assert b"--no-such-flag" in refused.stderr
