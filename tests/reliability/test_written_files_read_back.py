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


@pytest.mark.parametrize("path", sorted(MATCHES.glob("*.mat")), ids=lambda p: p.stem)
def test_an_export_of_a_real_match_grows_by_less_than_the_limit_allows(path):
    """The read limit is ``LARGEST_REAL × GROWTH``: a real match's file of up to ``LARGEST_REAL``
    bytes exports, either way, to a file the reader takes (the .mat of an .sgf is about 2.1×)."""
    from game.backgammon.matfile import limits

    assert limits.MAX_BYTES >= limits.LARGEST_REAL * limits.GROWTH
    match = read_match(path.read_text(), path.name)
    for source in (".mat", ".sgf"):
        text = write_match(match, "a" + source)
        for target in (".mat", ".sgf"):
            assert len(write_match(read_match(text, "a" + source), "b" + target)) <= limits.GROWTH * len(text)


def long_named_session(games: int, name: int) -> str:
    """An .sgf money session of ``games`` short games whose first player has a ``name``-character
    name: its .mat pads every row to the name's width, so it is far larger than the .sgf."""
    tree = "(;FF[4]GM[6]MI[length:0]{names}RE[W+1];W[31hefe];B[42qusu];W[double];B[drop])\n"
    return tree.format(names=f"PW[{name_of(name)}]PB[b]") + tree.format(names="") * (games - 1)


def test_an_export_larger_than_the_old_limit_imports(capsys, tmp_path):
    """The reproduction: an accepted file whose export is larger than 2 MB (here a 60 kB .sgf
    whose .mat is 3.8 MB).  Import used to refuse what export wrote; it reads it now."""
    source = tmp_path / "s.sgf"
    source.write_text(long_named_session(21, 60_000))
    code, _, err = run(capsys, "export", str(source), str(tmp_path / "s.mat"))
    assert code == 0, err
    assert 2_000_000 < (tmp_path / "s.mat").stat().st_size
    code, out, err = run(capsys, "import", "--json", str(tmp_path / "s.mat"))
    assert code == 0, err
    assert json.loads(out)["final_score"] == {name_of(60_000): 21, "b": 0}


def test_an_export_the_reader_would_refuse_is_not_written(capsys, tmp_path, monkeypatch):
    """Past the limit the export is one clear line and no file; below it, what is written imports."""
    from game.backgammon.matfile import limits

    monkeypatch.setattr(limits, "MAX_BYTES", 50_000)
    source = tmp_path / "s.sgf"
    source.write_text(long_named_session(20, 1_000))  # 2.4 kB; its .mat 61 kB, its .sgf 22 kB
    code, out, err = run(capsys, "export", str(source), str(tmp_path / "s.mat"))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err == (f"tabula: error: {source}: the .mat file would be larger than 50,000 bytes, the largest match "
                   "file Tabula reads, so it is not written\n")
    assert not (tmp_path / "s.mat").exists()
    code, _, err = run(capsys, "export", str(source), str(tmp_path / "s2.sgf"))
    assert code == 0, err
    code, _, err = run(capsys, "import", str(tmp_path / "s2.sgf"))
    assert code == 0, err
