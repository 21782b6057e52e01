"""Damaged and contradictory match files: every one is a clear error or a replay the user is
told about, never a crash, and whatever is accepted exports to a file that imports again."""

from __future__ import annotations

import json

import pytest

from game.backgammon.matfile import MatchFileError, read_match, write_match
from tests.cli.util import run

from .fuzz import MATCHES, games_of

HEAD = "3 point match\n\n Game 1\n a : 0                       b : 0\n"
RIGHT = 29  # where the right player's halves start (the score line's second name)


def _row(number: int, left: str = "", right: str = "") -> str:
    return (f"{number:3d}) {left}".ljust(RIGHT) + right).rstrip() + "\n"


def _wins(player: int, points: str) -> str:
    return " " * (6 if player == 0 else RIGHT + 1) + f"Wins {points} point\n"


def _resigns(winner: int, points: str) -> str:
    return " " * (6 if winner == 1 else RIGHT + 1) + f"Losses {points} point\n" + _wins(winner, points)


# a plays, b doubles, a drops: b wins game 1 (1 point).
GAME_ONE = HEAD + _row(1, "31: 8/5 6/5", "Doubles => 2") + _row(2, " Drops") + _wins(1, "1")


def _cases() -> dict[str, tuple[str, str, str]]:
    """name -> (file name, text, words the error must contain)."""
    deep = "(;" * 1000
    return {
        "mat: first action a take": ("t.mat", HEAD + "  1)  Takes\n", "before the game's opening roll"),
        "mat: first action a drop": ("t.mat", HEAD + "  1)  Drops\n", "before the game's opening roll"),
        "mat: first action a beaver": ("t.mat", HEAD + "  1)  Beavers\n", "before the game's opening roll"),
        "sgf: first action a take": ("t.sgf", "(;FF[4]GM[6]MI[length:3]PW[a]PB[b];W[take])",
                                     "before the game's opening roll"),
        "mat: a game line without its score line": ("t.mat", GAME_ONE + "\n Game 2\n",
                                                    "game 2: the file ends before the game's score line"),
        "sgf: nested 1,000 deep": ("t.sgf", deep, "nested more than 100 deep"),
        "mat: SGF-like nesting": ("t.mat", deep, "nested more than 100 deep"),
        "mat: a 5,000-digit length": ("t.mat", "9" * 5000 + " point match\n\n Game 1\n a : 0  b : 0\n",
                                      "-point match is beyond what Tabula plays"),
        "mat: a 5,000-digit score": ("t.mat", "3 point match\n\n Game 1\n a : " + "9" * 5000 + "  b : 0\n",
                                     "expected a score line"),
        "mat: a 5,000-digit resignation": ("t.mat", HEAD + _row(1, "31: 8/5 6/5") + _resigns(0, "9" * 5000),
                                           "expected 'Wins N point'"),
        "mat: a resignation beyond three times the cube": ("t.mat", HEAD + _row(1, "31: 8/5 6/5") + _resigns(0, "4"),
                                                           "wins 1 to 3 points, not 4"),
        "sgf: a 5,000-digit length": ("t.sgf", "(;FF[4]GM[6]MI[length:" + "9" * 5000 + "])",
                                      "a number beyond any match"),
        "sgf: a 5,000-digit result": ("t.sgf", "(;FF[4]GM[6]MI[length:3]RE[W+" + "9" * 5000 + "];W[31hefe])",
                                      "cannot read the result"),
        "sgf: a game after the match was won": (
            "t.sgf", "(;FF[4]GM[6]MI[length:1]PW[a]PB[b]RE[W+1R];W[31hefe])"
                     "(;FF[4]GM[6]MI[length:1]PW[a]PB[b];W[31hefe])", "game 2"),
    }


CASES = _cases()


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_damaged_match_file_is_one_clear_error(capsys, tmp_path, case):
    name, text, words = CASES[case]
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(MatchFileError, match=None) as caught:
        read_match(text, name)
    assert words in str(caught.value)
    code, out, err = run(capsys, "import", str(path))
    assert code == 2 and out == ""
    assert err.startswith("tabula: error: ") and err.count("\n") == 1 and len(err) < 400
    assert words in err


def _two_games(second_score: str) -> str:
    """Game 1 (b wins 1), then game 2 under ``second_score``'s header: a plays, b doubles, a drops."""
    return (GAME_ONE + "\n Game 2\n" + f" a : {second_score[0]}".ljust(RIGHT) + f"b : {second_score[2]}\n"
            + _row(1, "42: 8/4 6/4", "Doubles => 2") + _row(2, " Drops") + _wins(1, "1"))


def test_a_score_line_that_contradicts_the_replay_is_said_and_the_replay_wins(capsys, tmp_path):
    """Game 1 gives b 1 point; game 2's header says 0-2 (b one away: the Crawford game, where
    b's double would be illegal).  The replay's 0-1 is used, and said."""
    text = _two_games("0-2")
    assert read_match(_two_games("0-1"), "t.mat").notes == []
    match = read_match(text, "t.mat")
    assert [g.score for g in match.games] == [(0, 0), (0, 1)] and match.final_score == (0, 2)
    assert match.notes == ["game 2: the file gives the score as 0-2, but the games before it make it 0-1; "
                           "the replayed score is used"]
    path = tmp_path / "t.mat"
    path.write_text(text)
    code, out, err = run(capsys, "import", str(path))
    assert code == 0 and "note: game 2: the file gives the score as 0-2" in out
    code, out, _ = run(capsys, "import", "--json", str(path))
    assert json.loads(out)["notes"] == match.notes
    again = read_match(write_match(match, "t.mat"), "t.mat")  # the export imports, with nothing to say
    assert again.notes == [] and [g.score for g in again.games] == [(0, 0), (0, 1)]


# a plays, b doubles, a takes, b plays, a redoubles, b drops: a wins 2 points (a 2-point drop).
TWO_POINT_DROP = (HEAD + _row(1, "31: 8/5 6/5", "Doubles => 2") + _row(2, " Takes", "42: 8/4 6/4")
                  + _row(3, " Doubles => 4", " Drops"))


def result_file(suffix: str, result: str) -> str:
    """The 2-point drop with ``result`` as its result line: ``Wins N point`` (``.mat``; ``NR``
    a resignation, ``Losses N point`` before it), ``RE[...]`` (``.sgf``)."""
    if suffix == ".mat":
        points = result.rstrip("R")
        return TWO_POINT_DROP + (_resigns(0, points) if result.endswith("R") else _wins(0, points))
    sgf = write_match(read_match(TWO_POINT_DROP + _wins(0, "2"), "t.mat"), "t.sgf")
    assert "RE[W+2]" in sgf
    return sgf.replace("RE[W+2]", f"RE[{result}]")


CONTRADICTING = [(".mat", "999", "999 point(s)"), (".mat", "0", "0 point(s)"),
                 (".mat", "999R", "a resignation for 999 point(s)"), (".sgf", "W+999", "999 point(s)"),
                 (".sgf", "W+0", "0 point(s)"), (".sgf", "W+999R", "a resignation for 999 point(s)"),
                 (".sgf", "W+2R", "a resignation for 2 point(s)")]


@pytest.mark.parametrize("suffix, result, said", CONTRADICTING)
def test_a_result_line_that_contradicts_the_replay_is_said_and_the_replay_wins(capsys, tmp_path, suffix, result,
                                                                                said):
    """The file says 999, 0 or resigned for a game its moves end in a 2-point drop: a note, as
    for a score line, and the replay's 2 points count (and are what an export writes)."""
    text = result_file(suffix, result)
    match = read_match(text, "t" + suffix)
    note = (f"game 1: the file gives the result as {said}, but the replay ends in a drop worth 2; "
            "the replayed result is used")
    assert match.notes == [note]
    assert [(g.winner, g.points, g.how) for g in match.games] == [(0, 2, "drop")] and match.final_score == (2, 0)
    path = tmp_path / ("t" + suffix)
    path.write_text(text)
    code, out, _ = run(capsys, "import", str(path))
    assert code == 0 and f"note: {note}\n" in out and "a wins 2 point(s), drop\n" in out
    code, out, _ = run(capsys, "import", "--json", str(path))
    assert code == 0 and json.loads(out)["notes"] == [note]
    for again in (".mat", ".sgf"):
        exported = read_match(write_match(match, "x" + again), "x" + again)
        assert exported.notes == [] and [(g.points, g.stated_points) for g in exported.games] == [(2, 2)]


@pytest.mark.parametrize("suffix, result", [(".mat", "2"), (".sgf", "W+2")])
def test_a_result_line_the_replay_agrees_with_gets_no_note(suffix, result):
    match = read_match(result_file(suffix, result), "t" + suffix)
    assert match.notes == [] and [(g.points, g.stated_points) for g in match.games] == [(2, 2)]


def test_galaxy_s_capped_figure_in_a_match_winning_game_is_no_contradiction():
    """A match-winning game may be written as at least what the winner needed, at most what it
    earned (Galaxy's ``Wins 3 point and the match`` for a 4-point gammon); fewer than needed is not."""
    text = (MATCHES / "3pt-a.mat").read_text()
    assert read_match(text, "3pt-a.mat").notes == []
    last = text.rindex("Wins 3 point and the match")
    short = read_match(text[:last] + "Wins 0" + text[last + len("Wins 3"):], "3pt-a.mat")
    assert len(short.notes) == 1 and short.notes[0].startswith("game 3: the file gives the result as 0 point(s)")


@pytest.mark.parametrize("suffix", [".mat", ".sgf"])
def test_an_accepted_contradictory_file_exports_to_one_that_imports(suffix):
    match = read_match(_two_games("0-2"), "t.mat")
    again = read_match(write_match(match, "x" + suffix), "x" + suffix)
    assert again.final_score == match.final_score == (0, 2) and again.notes == []
    assert [g.turns for g in again.games] == [g.turns for g in match.games]


@pytest.mark.parametrize("path", sorted(MATCHES.glob("*.mat")), ids=lambda p: p.stem)
@pytest.mark.parametrize("first, second", [(".mat", ".sgf"), (".sgf", ".mat"), (".mat", ".mat"), (".sgf", ".sgf")])
def test_every_real_match_round_trips_through_both_formats(path, first, second):
    original = read_match(path.read_text(), path.name)
    once = read_match(write_match(original, "a" + first), "a" + first)
    twice = read_match(write_match(once, "b" + second), "b" + second)
    assert games_of(once) == games_of(twice) == games_of(original)
    assert twice.players == original.players and twice.match_length == original.match_length
    assert twice.notes == once.notes == original.notes == []


def test_a_file_of_repeated_games_generates_each_position_s_plays_once(monkeypatch):
    """Reading is linear in the moves, and a position met again (a 2 MB file padded with one
    game over and over, every game's opening) costs no second move generation."""
    from game.backgammon.matfile import replay

    calls = []
    real = replay.legal_plays
    monkeypatch.setattr(replay, "legal_plays", lambda *position: calls.append(position) or real(*position))
    replay._plays.cache_clear()
    one = read_match((MATCHES / "money-a.mat").read_text(), "m.mat")
    tree = write_match(one, "m.sgf").replace("MI[length:16][game:0][ws:0][bs:0]", "MI[length:0]")
    tree = tree.replace("RU[Crawford]", "")
    session = read_match(tree * 50, "session.sgf")
    assert len(session.games) == 50 and session.final_score == (50 * one.final_score[0], 0)
    moves = sum(t.kind == "play" for t in one.games[0].turns)
    assert len(calls) == len(set(calls)) <= moves
