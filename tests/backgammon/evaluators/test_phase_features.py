"""Seed 002's features, phases and per-phase heuristic: spec (c)'s computed vectors.

In (c) White starts 1:2 12:5 17:3 19:5 and moves up (White's own point = 25 - location);
Black moves down (own point = location).
"""

import numpy as np
import pytest

from game.backgammon.board import make_side
from game.backgammon.evaluators import (
    PhaseHeuristic, boards_to_array, extended_vector, game_phase, get_evaluator, phase_feature_vector, random_positions,
)
from game.backgammon.evaluators.phase_features import EARLY, LATE, MID, PHASE_FEATURES


def white(locations, bar=0):
    return make_side({25 - loc: n for loc, n in locations.items()}, bar)


def black(locations, bar=0):
    return make_side(locations, bar)


START = (white({1: 2, 12: 5, 17: 3, 19: 5}), black({6: 5, 8: 3, 13: 5, 24: 2}))
CONTACT = (white({1: 2, 12: 4, 17: 1, 18: 2, 19: 5}, bar=1), black({5: 1, 6: 4, 8: 3, 13: 5, 24: 2}))
BEAR_OFF = (white({19: 3, 20: 3, 21: 2, 22: 2, 23: 1, 24: 1}), black({1: 2, 2: 3, 3: 3, 4: 3, 5: 2, 6: 1}, bar=1))

START_RAW = [4, 0, 0, 0, 167, 77, 0, 15, 15, 0, 77, 167, 0, 0, 0, 4]

# (position seen by: White then Black) -> raw vectors, seed phases, later phases, heuristics
VECTORS = [
    (START, [START_RAW, START_RAW], [MID, MID], [EARLY, EARLY], [0.278793] * 2, [0.266824] * 2),
    (CONTACT,
     [[4, -1, 1, 17, 152, 68, 1, 14, 15, 1, 77, 166, 20, 0, 0, 4],
      [4, 0, 0, 20, 166, 77, 1, 15, 14, 1, 68, 152, 17, 1, -1, 4]],
     [MID, MID], [EARLY, EARLY], [0.253189, 0.282698], [0.248469, 0.269449]),
    (BEAR_OFF,
     [[4, 3, 0, 47, 50, 0, 2, 12, 14, 1, 0, 45, 19, 1, -1, 5],
      [5, -1, 1, 19, 45, 0, 1, 14, 12, 2, 0, 50, 47, 0, 3, 4]],
     [LATE, LATE], [LATE, LATE], [0.359282, 0.243657], [0.359282, 0.243657]),
]


def both_views(position):
    w, b = position
    return boards_to_array([(w, b), (b, w)])


@pytest.mark.parametrize("position, raw, seed_phase, later_phase, seed_value, later_value", VECTORS)
def test_computed_vectors(position, raw, seed_phase, later_phase, seed_value, later_value):
    batch = both_views(position)
    assert phase_feature_vector(batch).tolist() == raw
    assert list(game_phase(batch)) == seed_phase
    assert list(game_phase(batch, version="later")) == later_phase
    assert PhaseHeuristic().evaluate(batch) == pytest.approx(seed_value, abs=5e-7)
    assert PhaseHeuristic(version="later").evaluate(batch) == pytest.approx(later_value, abs=5e-7)


def test_normalised_start_vector():
    expected = [0.571429, 0, 0, 0, 0.463889, 0.285185, 0, 1, 1, 0, 0.285185, 0.463889, 0, 0, 0, 0.571429]
    assert phase_feature_vector(both_views(START), normalise=True)[0] == pytest.approx(expected, abs=5e-7)
    divisors = [7, 15, 15, 270, 360, 270, 15, 15, 15, 15, 270, 360, 270, 15, 15, 7]
    batch = random_positions(200, seed=1)
    assert np.array_equal(phase_feature_vector(batch, normalise=True), phase_feature_vector(batch) / divisors)


def test_borne_counts_the_bar_twice():
    side = make_side({6: 10}, bar=3)  # 2 really off
    raw = phase_feature_vector(boards_to_array([(side, side)]))[0]
    assert raw[PHASE_FEATURES.index("borne")] == 15 - 10 - 2 * 3
    assert raw[PHASE_FEATURES.index("bar")] == 3


def test_seed_phase_rules():
    opp = black({6: 5, 8: 3, 13: 5, 24: 2})
    # out = on - home - bar: 3 out with avg excess 18 -> EARLY unless the opponent has 3 at home.
    me = make_side({24: 3, 6: 12})  # exc = 3 * 18, avg 18
    assert game_phase(boards_to_array([(me, make_side({24: 15}))]))[0] == EARLY
    assert game_phase(boards_to_array([(me, opp)]))[0] == MID  # opponent: 5 on its 6 point
    # LATE needs out < 3 and avg < 12; the bar is subtracted again from ``out``.
    assert game_phase(boards_to_array([(make_side({13: 2, 6: 13}), opp)]))[0] == LATE
    assert game_phase(boards_to_array([(make_side({24: 2, 6: 13}), opp)]))[0] == MID  # avg 18
    assert game_phase(boards_to_array([(make_side({13: 4, 6: 9}, bar=2), opp)]))[0] == MID
    # 3 checkers outside home, but the bar checker is subtracted: out = 14 - 11 - 1 = 2, avg 4.5.
    assert game_phase(boards_to_array([(make_side({9: 3, 6: 11}, bar=1), opp)]))[0] == LATE
    assert game_phase(boards_to_array([(make_side({9: 3, 6: 12}), opp)]))[0] == MID  # out = 3
    # Later version: out = on - home only.
    batch = boards_to_array([(make_side({13: 9, 6: 6}), opp), (make_side({13: 8, 6: 7}), opp),
                             (make_side({13: 2, 6: 13}), opp)])
    assert list(game_phase(batch, version="later")) == [EARLY, MID, LATE]
    with pytest.raises(ValueError):
        game_phase(batch, version="newest")


def test_extended_vector_gates_by_phase():
    batch = np.concatenate([both_views(START), both_views(BEAR_OFF), random_positions(300, seed=2)])
    extended = extended_vector(batch)
    assert extended.shape == (len(batch), 48)
    phase = game_phase(batch)
    normalised = phase_feature_vector(batch, normalise=True)
    blocks = extended.reshape(len(batch), 3, 16)
    for k in (EARLY, MID, LATE):
        assert np.array_equal(blocks[phase == k, k], normalised[phase == k])
        assert not blocks[phase != k, k].any()
    later = extended_vector(batch, version="later").reshape(len(batch), 3, 16)
    assert np.array_equal(later.sum(axis=1), normalised)


def test_registered_heuristic_and_explain():
    evaluator = get_evaluator("phase-heuristic")
    assert evaluator.version == "seed"
    parts = evaluator.explain(*START)
    assert list(parts) == list(PHASE_FEATURES) + ["offset", "total"]
    assert parts["offset"] == 2.5 / 17
    assert parts["occ"] == pytest.approx(4 / 7 * 1.7 / 17)
    assert parts["o.on"] == 0 and parts["bar"] == 0
    assert parts["total"] == pytest.approx(0.278793, abs=5e-7)
    with pytest.raises(ValueError):
        PhaseHeuristic(version="newest")
