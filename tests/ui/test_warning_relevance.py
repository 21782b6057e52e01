"""Warnings only where a player could act on them (issue 17 item 9): a standard opening play
carries no "!" marker; a play meaningfully worse than the best keeps what is wrong with it."""

from __future__ import annotations

import pytest

from game.backgammon.rules import BackgammonRules
from game.backgammon.state import Roll
from game.backgammon.analysis.warnings import RELEVANT
from game.games import get_game

RULES, INFO = BackgammonRules(), get_game("backgammon")
OPENINGS = [(a, b) for a in range(1, 7) for b in range(1, a)]


def opening(a: int, b: int):
    return INFO.move_analysis().analyze(RULES.apply(RULES.initial_state({"first": 0}), Roll.of(a, b)), level="intermediate")


@pytest.mark.parametrize("roll", OPENINGS)
def test_no_warning_on_the_best_opening_play_or_one_close_to_it(roll):
    records = opening(*roll)
    for record in records:
        if -record.diff < RELEVANT:
            assert record.warnings == (), (roll, record.notation, record.warnings)


def test_31_makes_the_5_point_without_a_warning_and_running_is_warned():
    records = opening(3, 1)
    assert records[0].notation == "8/5 6/5" and records[0].warnings == ()
    run = next(r for r in records if r.notation == "24/20")
    assert -run.diff >= RELEVANT and any("blot" in w for w in run.warnings)
    assert any("worse than 8/5 6/5" in w for w in run.warnings)
