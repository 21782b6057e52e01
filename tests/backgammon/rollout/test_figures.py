"""Backgammon's rollouts as the shared, frozen RolloutFigures (game/backgammon/rollout/figures.py):
what ``run`` hands ``progress`` and returns, the same numbers as the tally, picklable, the
moves matched by value, and the cube's figures."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from game.backgammon.board import START_SIDE
from game.backgammon.rollout.capability import ROLLOUTS
from game.backgammon.rollout.figures import figures_of
from game.backgammon.rollout.run import run
from game.backgammon.rules import BackgammonRules, BackgammonState
from game.core.rollout_figures import RolloutFigures

OPENING_31 = BackgammonState.from_board(START_SIDE, START_SIDE, dice=(3, 1))


def test_progress_hears_frozen_figures_after_each_block_and_run_returns_the_last():
    plan = ROLLOUTS.plan(OPENING_31, ["24/21 6/5", "8/5 6/5"], trials=72, truncate=1, evaluator="net-full")
    heard: list = []
    final = ROLLOUTS.run(plan, progress=heard.append)
    assert all(isinstance(f, RolloutFigures) for f in [*heard, final])
    assert [f.trials_done for f in heard] == [36, 72] and final.trials == 72 and final.stopped == "trials"
    assert heard[-1].estimates == final.estimates and not final.partial
    with pytest.raises(dataclasses.FrozenInstanceError):
        final.trials_done = 0
    assert pickle.loads(pickle.dumps(final)) == final  # what the window's worker process sends

    rules = BackgammonRules()
    best = final.estimates[0]
    assert best.notation == "8/5 6/5" and best.move == rules.parse_play(OPENING_31, "8/5 6/5")
    assert final.of_move(rules.parse_play(OPENING_31, "24/21 6/5")) is final.estimates[1]
    assert final.of_notation("8/5 6/5") is best and final.of_notation("13/10 6/5") is None
    assert best.cubeful is None and best.value is best.equity and final.cube is None
    assert [e.value.mean for e in final.estimates] == sorted((e.value.mean for e in final.estimates), reverse=True)


def test_the_figures_are_the_tallys_numbers():
    spec = ROLLOUTS.plan(OPENING_31, ["8/5 6/5"], trials=36, truncate=1, evaluator="net-full")
    rollout = run(spec)
    figures = figures_of(rollout)
    tally = rollout.tally
    estimate = figures.estimates[0]
    for name in ("equity", "win", "lose_gammon"):
        e = tally.estimate(0, name)
        mine = estimate.equity if name == "equity" else estimate.chance(name)
        assert (mine.mean, mine.se, mine.half_width, mine.interval) == (e.mean, e.se, e.half_width, e.interval)
    assert estimate.trials == 36 and figures.seconds == rollout.elapsed and figures.plan is spec


def test_a_cube_decision_has_the_cubes_figures():
    from game.backgammon.position import parse_position

    state = parse_position("4HPwATDgc/ABMA:cAkAAAAAAAAA")  # the opening position, money, cube centred
    figures = ROLLOUTS.run(ROLLOUTS.plan(state, trials=36, truncate=2, evaluator="net-full"))
    cube = figures.cube
    assert [e.notation for e in figures.estimates] == ["No double", "Double/take"]
    assert all(e.move is None and e.cubeful is not None for e in figures.estimates)
    assert cube.no_double == figures.of_notation("No double").cubeful
    assert cube.double_take == figures.of_notation("Double/take").cubeful
    assert cube.double_pass == 1.0 and cube.proper == "No double, take" and cube.match_chances is None
