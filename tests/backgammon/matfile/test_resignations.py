"""Resignations in match files: a Tabula match with resigned games written as ``.mat`` and
``.sgf`` reads back as the same games and score, and opens again as a record whose replay
resigns the same way; a declined offer is not written; the real Galaxy file's resignation is
played as the rules play one."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.backgammon.matfile import match_record, read_mat, read_sgf, write_mat, write_sgf
from game.backgammon.matfile.from_record import export_match
from game.backgammon.rules import BackgammonRules
from game.core.match import GameRecord, replay

RULES = BackgammonRules()
MATCHES = Path(__file__).parents[2] / "data" / "matches"


def first_plays(options: dict, script: list[str]) -> list[str]:
    """The actions of a game whose ``script`` names the rolls, cube actions and resignation
    steps; ``"play"`` plays the first legal play of the roll before it."""
    state, actions = RULES.initial_state(options), []
    for step in script:
        text = RULES.notation(state, RULES.legal_moves(state)[0]) if step == "play" else step
        actions.append(text)
        state = RULES.apply(state, RULES.parse(state, text))
    return actions


# A 7-point match: in game 1 Black doubles, White takes and later, owning the cube, resigns a
# gammon before the roll (4 points: 0-4); in game 2 Black offers a single game before its
# roll, White declines, and later Black resigns a backgammon (3 points: 3-4).
MATCH = {"match_length": 7}
SCRIPT = ["white 31", "play", "Doubles => 2", "Takes", "42", "play", "Resigns a gammon", "Accepts",
          "black 62", "play", "Roll", "53", "play", "Resigns a single game", "Declines", "Roll", "41", "play",
          "Roll", "66", "play", "Resigns a backgammon", "Accepts"]


def resigned_match() -> GameRecord:
    actions = first_plays(MATCH, SCRIPT)
    return GameRecord("backgammon", dict(MATCH), actions, ["human", "human"])


def summary(match):
    return [(g.number, g.score, g.crawford, g.winner, g.points, g.how,
             [(t.player, t.kind, t.dice, t.action) for t in g.turns]) for g in match.games]


def test_the_record_resigns_as_scripted():
    record = resigned_match()
    final = replay(RULES, record.options, record.actions)[-1]
    assert final.cube.score == (3, 4) and not RULES.is_over(final)  # game 2: Black resigned 3 at cube 1


@pytest.mark.parametrize("write, read", [(write_mat, read_mat), (write_sgf, read_sgf)])
def test_a_resigned_match_round_trips_through_match_files(write, read):
    exported, unfinished = export_match(resigned_match())
    assert not unfinished
    assert [(g.winner, g.points, g.how, g.crawford) for g in exported.games] == [(1, 4, "resign", False),
                                                                                  (0, 3, "resign", False)]
    text = write(exported)
    back = read(text)
    assert summary(back) == summary(exported) and back.final_score == exported.final_score == (3, 4)
    assert "Declines" not in text and "Resigns" not in text  # the declined offer has no place in a file
    if write is write_mat:
        assert "Losses 4 point" in text and "Wins 4 point" in text
    else:
        assert "RE[B+4R]" in text and "RE[W+3R]" in text
    record = match_record(back)  # opened in the window: the resignations are played again
    states = replay(RULES, record.options, record.actions)
    assert states[-1].cube.score == (3, 4)
    assert [a for a in record.actions if a.startswith("Resigns") or a == "Accepts"] == [
        "Resigns a gammon", "Accepts", "Resigns a backgammon", "Accepts"]


def test_a_cubeless_resigned_game_exports_as_a_money_game():
    actions = first_plays({}, ["white 31", "play", "42", "Resigns a gammon", "Accepts"])
    exported, _ = export_match(GameRecord("backgammon", {}, actions, ["human", "expert"]))
    (game,) = exported.games
    assert (game.winner, game.points, game.how) == (0, 2, "resign")
    back = read_mat(write_mat(exported))
    assert summary(back) == summary(exported)
    record = match_record(back)  # a money game: Black may double before its roll, so may resign there
    assert record.actions[-2:] == ["Resigns a gammon", "Accepts"] and record.result == (2.0, -2.0)


def test_the_real_galaxy_resignation_is_played_as_the_rules_play_one():
    record = match_record(read_mat(MATCHES / "5pt-b.mat"))
    assert record.actions[-2:] == ["Resigns a single game", "Accepts"]
    assert record.result == (-1.0, 1.0)  # ryanluna wins the match 5-4


ON_THE_WINNERS_TURN = """ 5 point match

 Game 1
 White : 0                       Black : 0
  1) 31: 8/5 6/5
      Losses 1 point
                                  Wins 1 point
"""
NEXT_GAME = """ Game 2
 White : 0                       Black : 1
  1) 31: 8/5 6/5                  Doubles => 2
  2)  Drops
                                  Wins 1 point
"""


def test_a_resignation_where_the_loser_had_no_decision_ends_only_the_last_game():
    # White resigns on Black's turn, after its own play: the rules take no offer there.
    last = read_mat(ON_THE_WINNERS_TURN)
    assert [(g.winner, g.points, g.how) for g in last.games] == [(1, 1, "resign")]
    record = match_record(last)
    assert "Accepts" not in record.actions and record.result is None  # the record ends there
    with pytest.raises(ValueError, match="game 1 ended by a resignation where its loser had no decision"):
        match_record(read_mat(ON_THE_WINNERS_TURN + NEXT_GAME))
