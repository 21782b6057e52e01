"""GNU Backgammon's .sgf match files: the six real matches survive .mat → .sgf → read; the
spec's move letters; beavers, resignations, money; errors name the game and move; Tabula
records export to match files."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from game.backgammon.matfile import (MatchFileError, match_record, read_mat, read_match, read_sgf, write_mat,
                                     write_sgf)
from game.backgammon.matfile.from_record import record_match
from game.backgammon.matfile.sgf_syntax import parse
from game.core.saves import load_game
from game.games import imported_record, rules_for

MATCHES = Path(__file__).parents[2] / "data" / "matches"
SAVES = Path(__file__).parents[3] / "saves"


def games(match):
    """Everything a match file's games say: number, score, Crawford, result and every turn."""
    return [(g.number, g.score, g.crawford, g.winner, g.points, g.how,
             [(t.player, t.kind, t.dice, t.action) for t in g.turns]) for g in match.games]


@pytest.mark.parametrize("name", sorted(p.name for p in MATCHES.glob("*.mat")))
def test_real_matches_survive_sgf(name):
    match = read_mat(MATCHES / name)
    text = write_sgf(match)
    assert text.count("(;FF[4]GM[6]") == len(match.games)
    again = read_sgf(text)
    assert games(again) == games(match)
    assert again.players == match.players and again.match_length == match.match_length
    assert again.final_score == match.final_score
    assert games(read_mat(write_mat(again))) == games(match)


def test_letters_follow_the_spec():
    """W[31hefe] is White's 8/5 6/5; B[52lqac] Black's 13/8 24/22; a resigned game's RE[..R]."""
    text = ("(;FF[4]GM[6]MI[length:3][game:0][ws:0][bs:0]PW[Wanda]PB[Bob]RU[Crawford]RE[B+2R]"
            ";W[31hefe];B[52lqac])")
    match = read_sgf(text)
    (game,) = match.games
    assert match.players == ("Wanda", "Bob") and match.match_length == 3 and match.dialect == "sgf"
    assert [(t.player, t.dice, t.action) for t in game.turns] == [(0, "31", "8/5 6/5"), (1, "52", "24/22 13/8")]
    assert (game.winner, game.points, game.how) == (1, 2, "resign")
    written = write_sgf(match)
    assert re.search(r";W\[31(hefe|fehe)\]", written) and re.search(r";B\[52(lqac|aclq)\]", written)
    assert "RE[B+2R]" in written


def test_bar_entry_and_dance_letters():
    """y is the bar, z off; a roll with no letters is a dance (B[66] fails to enter)."""
    match = read_mat(MATCHES / "7pt-a.mat")
    text = write_sgf(match)
    assert re.search(r";[WB]\[\d\dy[a-x]", text), "a bar entry is written from y"
    assert re.search(r";[WB]\[\d\d[a-x]z", text), "a bear-off is written to z"
    entries = [t for g in match.games for t in g.turns if t.steps and t.steps[0][0] == 25]
    assert entries and any("bar" in t.action for t in entries)


def test_beaver_is_the_taker_doubling_and_the_doubler_taking():
    text = ("(;FF[4]GM[6]MI[length:0][game:0][ws:0][bs:0]PW[w]PB[b]RE[B+4R]"
            ";W[31hefe];B[double];W[double];B[take];B[52lqac])")
    match = read_sgf(text)
    (game,) = match.games
    assert match.money and [t.kind for t in game.turns] == ["play", "double", "beaver", "play"]
    assert game.turns[2].action == "Beavers => 4" and (game.winner, game.points) == (1, 4)
    assert ";W[double]\n;B[take]" in write_sgf(match)
    assert games(read_sgf(write_sgf(match))) == games(match)


def test_money_mat_is_zero_point_match():
    text = write_mat(read_sgf("(;FF[4]GM[6]MI[length:0]PW[w]PB[b]RE[W+1R];W[31hefe])"))
    assert "0 point match" in text
    assert read_mat(text).money and match_record(read_mat(text)).options["cube"] is True


def test_variations_follow_the_main_line_and_escapes():
    trees = parse("(;GM[6]C[a \\] b](;W[31hefe];B[52lqac])(;W[42hdfd]))")
    (tree,) = trees
    assert tree[0] == [("GM", ["6"]), ("C", ["a ] b"])]
    assert [node[0][1] for node in tree[1:]] == [["31hefe"], ["52lqac"]]


@pytest.mark.parametrize("text, words", [
    ("hello", "not an SGF file"),
    ("(;GM[1]FF[4];B[aa])", "no game tree has GM[6]"),
    ("(;GM[6]MI[length:3]PW[a]PB[b];W[31hefe", "not closed"),
    ("(;GM[6]MI[length:30]PW[a]PB[b];W[31hefe])", "beyond what Tabula plays"),
    ("(;GM[6]MI[length:3]PW[a]PB[b]CV[2];W[31hefe])", "automatic doubles"),
    ("(;GM[6]MI[length:3]PW[a]PB[b];AE[a:y]AW[a];W[31hefe])", "set-up position"),
    ("(;GM[6]MI[length:3]PW[a]PB[b];W[31hefe])", "no result"),
    ("(;GM[6]MI[length:3]PW[a]PB[b]RE[X+1];W[31hefe];B[52lqac])", "cannot read the result"),
])
def test_bad_files_say_why(text, words):
    with pytest.raises(MatchFileError, match=re.escape(words)):
        read_sgf(text)


def test_illegal_move_names_game_and_move_and_keeps_what_was_read():
    text = write_sgf(read_mat(MATCHES / "3pt-a.mat"))
    trees = text.split("(;")
    second = trees[2].split("\n;")
    second[3] = second[3][:2] + "zz" + second[3][4:]  # the third move of game 2: nonsense letters
    bad = "(;".join(trees[:2] + ["\n;".join(second)] + trees[3:])
    with pytest.raises(MatchFileError) as caught:
        read_sgf(bad)
    error = caught.value
    assert (error.game, error.move) == (2, 3) and "game 2, move 3" in str(error)
    assert "1 game(s) read before it" in str(error) and len(error.partial.games) == 1


def test_load_dialog_route_reads_sgf_like_mat(tmp_path):
    sgf = tmp_path / "m.sgf"
    sgf.write_text(write_sgf(read_mat(MATCHES / "7pt-a.mat")))
    assert imported_record(sgf) == imported_record(MATCHES / "7pt-a.mat")
    assert read_match(sgf.read_text(), "no-suffix").players == ("lasse", "ivolas1")


@pytest.mark.parametrize("name", ["7pt-a.mat", "17pt-a.mat"])
def test_tabula_record_exports_to_the_same_games(name):
    match = read_mat(MATCHES / name)
    exported = record_match(match_record(match), match.players)
    assert games(exported) == games(match)
    assert games(read_sgf(write_sgf(exported))) == games(match)


def test_cubeless_tabula_game_exports_as_money(tmp_path):
    shutil.copy(SAVES / "hard-vs-medium-finished.json", tmp_path / "g.json")
    record = load_game(tmp_path / "g.json", rules_for)
    match = record_match(record)
    assert match.money and match.players == ("White (hard)", "Black (medium)")
    (game,) = match.games
    assert game.how == "single" and all(t.kind == "play" for t in game.turns)
    again = read_mat(write_mat(match))
    assert games(again) == games(match) and games(read_sgf(write_sgf(match))) == games(match)


def test_game_in_progress_is_not_exported(tmp_path):
    shutil.copy(SAVES / "human-vs-hard-midgame.json", tmp_path / "g.json")
    with pytest.raises(MatchFileError, match="no finished game"):
        record_match(load_game(tmp_path / "g.json", rules_for))
