"""The search's look-ahead on arrays against the same search walked state by state."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from game.backgammon.analysis import ai, lookahead
from game.backgammon.analysis.levels import get_level
from game.backgammon.board import make_side
from game.backgammon.cube.state import CubeState
from game.backgammon.evaluators import get_evaluator
from game.backgammon.state import BackgammonState
from game.core.search import Limits

OPENING = {6: 5, 8: 3, 13: 5, 24: 2}
POSITIONS = [
    # A middle game with blots on both sides.
    (OPENING, {21: 1, 5: 1, 13: 4, 8: 3, 6: 4, 24: 2}, (4, 2), 0),
    # On the bar against a two-point board.
    ({6: 5, 8: 3, 13: 5, 24: 1}, {6: 5, 8: 3, 13: 5, 5: 1, 24: 1}, (5, 2), 1),
    # Bearing off against a lone back chequer: gammons in play.
    ({6: 2, 5: 3, 4: 2, 3: 2}, {24: 2, 6: 5, 8: 3, 13: 5}, (6, 1), 0),
    # Both sides a roll or two from home: many replies end the game.
    ({2: 1, 1: 2}, {1: 1, 2: 1, 3: 1}, (2, 1), 0),
    ({1: 2}, {6: 2, 5: 1}, (5, 4), 0),
]
CUBES = {
    "no cube": None,
    "money, cube 2 theirs": CubeState(value=2, owner=1),
    "money, Jacoby, centred": CubeState(jacoby=True),
    "5-point match at 2-3": CubeState(match_length=5, score=(2, 3)),
    "5-point match, post-Crawford": CubeState(match_length=5, score=(2, 4), crawford=False),
}


def exact(name):
    """A level without its reply shortlist: what the state-by-state search computes too."""
    return dataclasses.replace(get_level(name), reply_shortlist=None)


def state(me, opp, dice, bar, cube, player=0):
    return BackgammonState.from_board(make_side(me, bar), make_side(opp), player, dice, cube)


def both_ways(monkeypatch, s, level, **options):
    """The search of ``s`` with the look-ahead on arrays, then walked state by state."""
    evaluator = get_evaluator("net-full")
    arrays = ai.search(s, level, evaluator, **options)
    with monkeypatch.context() as patch:
        patch.setattr(lookahead, "supported", lambda e: False)
        states = ai.search(s, level, evaluator, **options)
    return arrays, states


def assert_same(arrays, states):
    assert [m.move for m in arrays] == [m.move for m in states]
    for a, b in zip(arrays, states):
        assert a.plies == b.plies
        assert a.value == pytest.approx(b.value, abs=1e-6)
        assert a.details == pytest.approx(b.details, abs=1e-6)


@pytest.mark.parametrize("cube", CUBES.values(), ids=CUBES.keys())
def test_the_arrays_value_every_play_as_the_state_search_does(monkeypatch, cube):
    player = list(CUBES.values()).index(cube) % 2  # both players' views across the cubes
    for me, opp, dice, bar in POSITIONS:
        assert_same(*both_ways(monkeypatch, state(me, opp, dice, bar, cube, player), exact("advanced"),
                               with_chances=True))


@pytest.mark.parametrize("cube", [CUBES["no cube"], CUBES["5-point match at 2-3"]], ids=["no cube", "match"])
def test_two_plies_deep_too(monkeypatch, cube):
    for me, opp, dice, bar in POSITIONS[2:]:  # the bearoffs: small trees, games ending inside them
        assert_same(*both_ways(monkeypatch, state(me, opp, dice, bar, cube, 1), exact("expert"), with_chances=True))


def test_a_game_ended_inside_the_tree_counts_its_points(monkeypatch):
    # They are on roll with three chequers (6, 6, 5) against my last one on my 1-point: only
    # 6-6 bears all three off (the game ends a ply below); every other roll leaves me to
    # bear off my last.  Exactly: they win 1 in 36, no gammon either way.
    evaluator = get_evaluator("net-full")
    boards = np.array([[make_side({6: 2, 5: 1}), make_side({1: 1})]])
    values, chances = lookahead.Lookahead(evaluator, np.stack([lookahead.MONEY] * 2)).values(boards, [1], 1)
    assert chances[0] == pytest.approx([1 / 36, 0, 0, 0, 0], abs=1e-6)
    assert values[0] == pytest.approx(2 / 36 - 1, abs=1e-6)
    arrays, states = both_ways(monkeypatch, state({1: 2}, {6: 2, 5: 1}, (5, 4), 0, None), exact("advanced"))
    assert arrays.best.value == pytest.approx(states.best.value, abs=1e-9)


def test_the_shortlist_without_a_limit_changes_nothing(monkeypatch):
    wide = dataclasses.replace(get_level("advanced"), reply_shortlist=99)
    for me, opp, dice, bar in POSITIONS[:3]:
        arrays, states = both_ways(monkeypatch, state(me, opp, dice, bar, None), wide)
        assert [m.value for m in arrays] == pytest.approx([m.value for m in states], abs=1e-6)


def test_the_shortlist_values_fewer_replies_with_the_full_network(monkeypatch):
    evaluator = get_evaluator("net-full")
    rows = []
    original = lookahead.chances_of

    def counted(e, boards):
        rows.append(len(boards))
        return original(e, boards)

    monkeypatch.setattr(lookahead, "chances_of", counted)
    s = state(*POSITIONS[0][:3], 0, None)
    everything = ai.search(s, exact("advanced"), evaluator)
    full = sum(rows)
    rows.clear()
    pruned = ai.search(s, dataclasses.replace(get_level("advanced"), reply_shortlist=3), evaluator)
    assert sum(rows) < full / 2
    assert pruned.best.move == everything.best.move  # a clear best play survives the shortlist


def test_limits_still_stop_the_search_between_plies():
    s = state(*POSITIONS[0][:3], 0, None)
    result = ai.search(s, get_level("expert"), get_evaluator("net-full"), limits=Limits(max_nodes=2_000))
    assert result.stopped and result.plies == 1
