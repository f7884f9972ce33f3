"""docs/figures/*.svg are drawn from real worker replies by
scripts/generate-concepts-figures; a checked-in figure that differs from what
the worker draws today is stale (and docs/concepts.md with it)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from conftest import REPO

FIGURES = REPO / "docs" / "figures"
GENERATOR = REPO / "scripts" / "generate-concepts-figures"


def test_concepts_figures_are_current(worker_bin: str, tmp_path: Path) -> None:
    env = dict(os.environ, OMNISCROLL_BIN=worker_bin)
    subprocess.run([sys.executable, str(GENERATOR), "--out", str(tmp_path)], env=env, check=True,
                   capture_output=True, timeout=120)
    fresh = sorted(p.name for p in tmp_path.glob("*.svg"))
    checked_in = sorted(p.name for p in FIGURES.glob("*.svg"))
    assert fresh, "the generator wrote no figure"
    assert fresh == checked_in, "docs/figures holds %s, the generator draws %s" % (checked_in, fresh)
    stale = [name for name in fresh if (tmp_path / name).read_bytes() != (FIGURES / name).read_bytes()]
    assert not stale, "stale figures %s: run scripts/generate-concepts-figures and review them" % stale

