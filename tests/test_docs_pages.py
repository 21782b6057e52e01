"""The guide's pages (``docs/*.md``): every ``tabula`` command in a page's shell blocks runs
as written (``tabula play`` as far as it goes without a window), in the page's order, in one fresh Tabula home, from a folder that holds the test
data the commands name (so one command can use what an earlier one made), the real matches'
Intermediate reviews cached beside them as ``tabula review`` leaves them.  A command ending
in ``< FILE`` reads that file as its input; any other reads an empty input."""

from __future__ import annotations

import io
import re
import shlex
import shutil
import sys
from pathlib import Path

import pytest

from game.cli import main

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted((ROOT / "docs").glob("*.md"))


def _commands(page: Path) -> list[str]:
    """The page's ``tabula`` commands in its shell blocks, but the patterns: a command with a
    placeholder (``HEAD:6379``, ``DIR``: :data:`tests.test_readme.PLACEHOLDER`) is one to adapt."""
    from tests.test_readme import PLACEHOLDER

    blocks = re.findall(r"```sh\n(.*?)```", page.read_text(encoding="utf-8"), re.S)
    found = [line.strip() for block in blocks for line in block.splitlines() if line.strip().startswith("tabula ")]
    return [text for text in found if not PLACEHOLDER.search(re.sub(r'"[^"]*"', "", text.partition(" < ")[0][7:]))]


WITH_COMMANDS = [page for page in PAGES if _commands(page)]


def test_the_library_and_drill_pages_are_among_the_pages_checked():
    assert {ROOT / "docs" / "library.md", ROOT / "docs" / "drills.md"} <= set(WITH_COMMANDS)


@pytest.mark.slow
@pytest.mark.parametrize("page", WITH_COMMANDS, ids=lambda p: p.name)
def test_a_pages_commands_run_in_order(page, tmp_path, monkeypatch, capsys, reviewed_matches):
    shutil.copytree(ROOT / "tests" / "data", tmp_path / "tests" / "data")
    shutil.copytree(ROOT / "saves", tmp_path / "saves")  # the example games a page may open
    for cache in reviewed_matches[0].glob("*.review"):  # as if `tabula review` had run: no analysis again
        shutil.copyfile(cache, tmp_path / "tests" / "data" / "matches" / cache.name)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TABULA_HOME", str(tmp_path / "home"))
    for command in _commands(page):
        argv, _, source = command.partition(" < ")
        if shlex.split(argv)[1] == "play":  # opens a window: check everything it checks before that
            from game.cli import build_parser
            from game.cli.play import setup_from_args

            assert setup_from_args(build_parser().parse_args(shlex.split(argv)[1:])).game
            continue
        monkeypatch.setattr(sys, "stdin", io.StringIO(Path(source.strip()).read_text() if source else ""))
        assert main(shlex.split(argv)[1:]) == 0, f"{command}: {capsys.readouterr().err}"
