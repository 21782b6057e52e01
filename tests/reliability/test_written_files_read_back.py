"""What Tabula writes, it reads: players' names of any length and files near the size limit
survive an export and an import, in both formats."""

from __future__ import annotations

import dataclasses
import json

import pytest

from game.backgammon.matfile import read_match, write_match
from tests.cli.util import run

from .fuzz import MATCHES, games_of


def name_of(length: int) -> str:
    """A name of ``length`` characters with spaces inside ("Mary Ann Mary A…x")."""
    name = ("Mary Ann " * (length // 9 + 1))[:length]
    return name[:-1] + "x" if name.endswith(" ") else name


LENGTHS = [1, 26, 27, 29, 40, 100]


@pytest.mark.parametrize("length", LENGTHS)
@pytest.mark.parametrize("first, second", [(".sgf", ".mat"), (".mat", ".sgf")])
def test_a_name_of_any_length_survives_an_export_and_an_import(length, first, second):
    """A first player's name of 27 characters or more pushed the score line's second name past
    the column where the right player's halves were written, so the rows read as the wrong
    player's.  Either player's name, long or short, survives both formats."""
    original = read_match((MATCHES / "7pt-a.mat").read_text(), "7pt-a.mat")
    for names in ((name_of(length), "b"), ("a", name_of(length)), (name_of(length), name_of(length))):
        match = dataclasses.replace(original, players=names)
        once = read_match(write_match(match, "a" + first), "a" + first)
        twice = read_match(write_match(once, "b" + second), "b" + second)
        assert twice.players == once.players == names
        assert games_of(twice) == games_of(once) == games_of(original) and twice.notes == []


def test_tabula_s_export_of_an_sgf_with_a_long_name_imports(capsys, tmp_path):
    """The reproduction: an .sgf whose first player has a 40-character name, exported to .mat
    by the command, imports with the same games."""
    match = dataclasses.replace(read_match((MATCHES / "7pt-a.mat").read_text(), "7pt-a.mat"),
                                players=(name_of(40), "ivolas1"))
    source = tmp_path / "long.sgf"
    source.write_text(write_match(match, source.name))
    code, _, err = run(capsys, "export", str(source), str(tmp_path / "long.mat"))
    assert code == 0, err
    code, out, err = run(capsys, "import", "--json", str(tmp_path / "long.mat"))
    assert code == 0, err
    summary = json.loads(out)
    assert summary["players"] == [name_of(40), "ivolas1"] and summary["final_score"][name_of(40)] == 7
