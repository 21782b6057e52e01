"""The code's own checks, configured in pyproject.toml, pass and can fail: ruff (pyflakes and
import order) on ``game/`` and ``bench/``; mypy on ``game/core`` and on each game's abilities
against their protocols (``tests/typing/abilities.py``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def ruff(*arguments: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", *arguments], cwd=cwd,
                          capture_output=True, text=True, timeout=300)


def test_ruff_passes_on_game_and_bench():
    done = ruff("game", "bench")
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_finds_an_unused_import_and_imports_out_of_order(tmp_path):
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text())
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "bad.py").write_text("import sys\nimport os\n\nprint(os.sep)\n")
    done = ruff("game", cwd=tmp_path)
    assert done.returncode == 1 and "F401" in done.stdout and "I001" in done.stdout, done.stdout


def mypy(*arguments: str, cache: Path) -> subprocess.CompletedProcess:
    """mypy from the repository with its configuration (a cache of the test's own: runs may overlap)."""
    return subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(cache), *arguments], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)


@pytest.mark.slow
def test_mypy_passes_on_core_and_the_abilities(tmp_path):
    done = mypy(cache=tmp_path / "cache")
    assert done.returncode == 0 and "Success" in done.stdout, done.stdout + done.stderr


LACKING = """
import argparse

from game.core.capabilities import Training


class NoRun:
    help = "train nothing"

    def add_arguments(self, parser: argparse.ArgumentParser) -> None: ...


training: Training = NoRun()


def first(values: list[int] | None) -> int:
    return values[0]
"""


def test_mypy_finds_a_missing_protocol_member_and_an_unchecked_optional(tmp_path):
    (tmp_path / "lacking.py").write_text(LACKING)
    done = mypy(str(tmp_path / "lacking.py"), cache=tmp_path / "cache")
    assert done.returncode == 1, done.stdout + done.stderr
    assert 'missing following "Training" protocol member' in done.stdout and "    run" in done.stdout, done.stdout
    assert '"list[int] | None" is not indexable' in done.stdout, done.stdout
