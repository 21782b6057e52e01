"""The code's own checks: ruff (pyflakes and import order, configured in pyproject.toml) passes
on ``game/`` and ``bench/``, and the check can fail."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

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
