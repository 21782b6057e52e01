"""game/core/all_rolls.py: every roll of a position before the roll (the CLI's and the window's)."""

from __future__ import annotations

import pytest

from game.backgammon.rules import with_dice
from game.core.all_rolls import NotBeforeTheRoll, all_rolls, before_the_roll, rolls_of, summary
from game.core.protocol import CHANCE
from game.games import get_game

BACKGAMMON = get_game("backgammon")
MIDGAME = "sGfwATDgc/ABMA"
FORCED = "8lURiCIch3gEYg"
"""Two checkers on the bar: with 5-1 the only play is bar/24 bar/20."""
CUBE = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"


def test_the_rolls_are_the_chance_outcomes_with_their_positions_and_chances():
    state = BACKGAMMON.notation.parse_position(MIDGAME)
    rules = BACKGAMMON.rules()
    rolls = rolls_of(BACKGAMMON, state)
    assert len(rolls) == 21 and [r.dice for r in rolls][:3] == ["66", "65", "64"] and rolls[-1].dice == "11"
    assert sum(r.chance for r in rolls) == pytest.approx(1.0)
    assert all(r.state == rules.apply(state, r.outcome) and rules.to_move(r.state) == rules.to_move(rolls[0].state)
               for r in rolls)


@pytest.mark.slow
def test_the_table_is_each_rolls_best_record_and_their_weighted_average():
    state = BACKGAMMON.notation.parse_position(MIDGAME)
    analyze = BACKGAMMON.move_analysis().analyze
    table = all_rolls(BACKGAMMON, state, {"level": "intermediate"})
    rolls = rolls_of(BACKGAMMON, state)
    bests = [analyze(r.state, level="intermediate")[0] for r in rolls]
    assert table == summary(rolls, bests)
    assert [(row["best"], row["equity"]) for row in table["rolls"]] == [(b.notation, b.value) for b in bests]
    assert table["average"] == pytest.approx(sum(r.chance * b.value for r, b in zip(rolls, bests)))


def test_a_cube_decision_is_taken_as_no_double_and_other_decisions_are_refused():
    rules = BACKGAMMON.rules()
    cube = BACKGAMMON.notation.parse_position(CUBE)
    assert rules.to_move(cube) != CHANCE
    before = before_the_roll(BACKGAMMON, cube)
    assert rules.to_move(before) == CHANCE and before.cube.value == cube.cube.value
    # A position with the dice rolled whose only play is forced leads to the other player's
    # roll: that is not this position's roll.
    forced = with_dice(BACKGAMMON.notation.parse_position(FORCED), "51")
    assert len(rules.legal_moves(forced)) == 1
    with pytest.raises(NotBeforeTheRoll):
        before_the_roll(BACKGAMMON, forced)
    with pytest.raises(NotBeforeTheRoll):
        before_the_roll(BACKGAMMON, with_dice(BACKGAMMON.notation.parse_position(MIDGAME), "31"))
