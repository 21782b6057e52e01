"""The display score is one monotone, bounded map; analysis records rank and explain every move."""

from __future__ import annotations

import dataclasses
import json

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.analysis import MoveAnalysis, analyze, display_score, value_from_win_probability
from game.core.search import alphabeta, expectiminimax, greedy, MoveFilter, trails
from tests.core.toygames import Race, RaceState, TakeAway, race_evaluate, take_evaluate

values = st.floats(allow_nan=False, allow_infinity=True)
scales = st.floats(min_value=1e-3, max_value=1e4)


@given(values, values, scales)
def test_display_score_is_monotone_and_bounded(a, b, scale):
    low, high = sorted((a, b))
    assert -100 <= display_score(low, scale) <= display_score(high, scale) <= 100


@given(st.floats(-3, 3), st.floats(1e-6, 1), scales)
def test_display_score_is_strictly_monotone_over_the_useful_range(x, step, scale):
    assert display_score(x * scale, scale) < display_score((x + step) * scale, scale)


@given(values, scales)
def test_display_score_is_antisymmetric(value, scale):
    assert display_score(-value, scale) == -display_score(value, scale)


def test_display_score_anchors():
    assert display_score(0.0, 0.5) == 0.0
    assert display_score(0.5, 0.5) == pytest.approx(50.0)
    assert display_score(-300, 300) == pytest.approx(-50.0)
    assert display_score(float("inf"), 1) == 100.0
    scores = display_score(np.array([-1.0, 0.0, 1.0]), 1.0)
    assert scores == pytest.approx([-50, 0, 50])
    with pytest.raises(ValueError):
        display_score(1.0, 0.0)


@given(st.floats(0, 1), st.floats(0, 1))
def test_win_probabilities_display_monotonically_around_even(p, q):
    low, high = sorted((p, q))
    assert display_score(value_from_win_probability(low), 1) <= display_score(value_from_win_probability(high), 1)
    assert display_score(value_from_win_probability(0.5), 1) == 0.0


def test_analysis_lists_every_move_best_first_with_notation_diff_and_score():
    rules = TakeAway()
    state = rules.initial_state()
    ranked = alphabeta(rules, state, take_evaluate, 3)
    rows = analyze(rules, state, ranked, scale=2.0)
    assert [r.move for r in rows] == [m.move for m in ranked]
    assert len(rows) == len(rules.legal_moves(state))
    assert [r.rank for r in rows] == list(range(1, len(rows) + 1))
    assert rows[0].diff == 0 and all(r.diff <= 0 for r in rows)
    assert [r.score for r in rows] == sorted((r.score for r in rows), reverse=True)
    for row in rows:
        assert rules.parse(state, row.notation) == row.move
        assert row.score == display_score(row.value, 2.0) and row.plies == 3 and row.exact


def test_callbacks_fill_factors_details_and_warnings():
    rules = Race()
    state = RaceState((5, 4), 0, 3)

    def explain(state, scored):
        return {"lead": scored.after.dist[1] - scored.after.dist[0], "tempo": 0.15}

    def details(state, scored):
        return {"win": (scored.value + 1) / 2}

    def warn(state, scored, best):
        return ["far worse than the best move"] if trails(scored, best) > 0.3 else []

    ranked = expectiminimax(rules, state, race_evaluate, 2, move_filter=MoveFilter(2))
    rows = analyze(rules, state, ranked, 0.5, explain=explain, details=details, warnings=warn)
    assert list(rows[0].factors) == ["lead", "tempo"] and rows[0].details["win"] > 0
    for row, scored in zip(rows, ranked):
        assert row.warnings == (("far worse than the best move",) if -row.diff > 0.3 else ())
        assert row.plies == scored.plies
        # Moves the filter dropped are compared with the best at the depth they reached.
        depth = min(scored.plies, ranked.best.plies)
        assert row.diff == pytest.approx(scored.value_at(depth) - ranked.best.value_at(depth))
    assert any(scored.plies < ranked.best.plies for scored in ranked)
    record = json.loads(json.dumps(rows[-1].to_json()))
    assert {"move", "score", "value", "warnings", "factors"} <= set(record)
    assert record["move"] == rows[-1].notation and record["details"] == rows[-1].details


def test_records_are_frozen_and_an_empty_ranking_gives_no_rows():
    rules = TakeAway()
    row = analyze(rules, rules.initial_state(), greedy(rules, rules.initial_state(), take_evaluate), 1.0)[0]
    assert isinstance(row, MoveAnalysis)
    with pytest.raises(dataclasses.FrozenInstanceError):
        row.score = 0
    assert analyze(rules, rules.initial_state(), [], 1.0) == []


def test_score_diff_is_the_display_gap_at_the_common_depth():
    rules, state = Race(), RaceState((6, 5), 0, 2)
    ranked = expectiminimax(rules, state, race_evaluate, 2, move_filter=MoveFilter(1))
    rows = analyze(rules, state, ranked, 0.5)
    best = ranked.best
    assert any(scored.plies < best.plies for scored in ranked)
    for row, scored in zip(rows, ranked):
        depth = min(scored.plies, best.plies)
        gap = display_score(scored.value_at(depth), 0.5) - display_score(best.value_at(depth), 0.5)
        assert row.score_diff == pytest.approx(gap) and row.to_json()["score_diff"] == row.score_diff
