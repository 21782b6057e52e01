"""A non-editable install carries every asset and the ``tabula`` entry point, and no bench."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def _files(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts}


@pytest.mark.slow
def test_installed_package_finds_every_asset(tmp_path):
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
         "--target", str(target), str(REPO)],
        check=True,
        cwd=tmp_path,
    )
    probe = (
        "import game, json; from game.core.resources import assets_dir; from game.core.saves import examples_dir;"
        "print(json.dumps([game.__file__, str(assets_dir()), str(examples_dir())]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=tmp_path,
        env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"},
    )
    package_file, assets, examples = json.loads(done.stdout)
    assert Path(package_file).is_relative_to(target), "the installed copy, not the checkout, was imported"
    assert Path(assets).is_relative_to(target)
    assert _files(REPO / "assets") == _files(Path(assets))
    # The example games come along, for the window's Load dialog.
    assert Path(examples).is_relative_to(target) and _files(REPO / "saves") == _files(Path(examples))
    assert (target / "bin" / "tabula").exists()
    # The benches are the checkout's, not the program's: the wheel holds the game package only.
    assert not (target / "bench").exists()
