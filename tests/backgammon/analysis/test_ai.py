"""Backgammon levels and analysis: clear best moves, the record, cancellation, reproducibility."""

from __future__ import annotations

import threading

import pytest

from game.backgammon.analysis.ai import Level, analyze_position, level_player, search, state_evaluate, strongest_evaluator
from game.backgammon.board import make_side
from game.backgammon.evaluators import boards_to_array, get_evaluator
from game.backgammon.rules import BackgammonRules
from game.backgammon.state import BackgammonState
from game.core.match import play_game
from game.core.search import Limits, MoveFilter, SearchCancelled

RULES = BackgammonRules()
OPENING = {6: 5, 8: 3, 13: 5, 24: 2}


def position(me, opp, dice, me_bar=0):
    return BackgammonState.from_board(make_side(me, me_bar), make_side(opp), 0, dice)


@pytest.mark.parametrize(
    "me,opp,dice,me_bar,best,evaluator",
    [
        # The opening 3-1 makes the 5-point.
        (OPENING, OPENING, (3, 1), 0, "8/5 6/5", None),
        # Two blots to hit: the double hit beats pointing on the home-board blot (GNU
        # Backgammon's choice at 0, 1 and 2 ply: 24/20* 6/4* +0.27, 8/4* 6/4* +0.23 at 1 ply);
        # the seed evaluator BRAS, less subtle, points on the blot.
        (OPENING, {21: 1, 5: 1, 13: 4, 8: 3, 6: 4, 24: 2}, (4, 2), 0, "24/20* 6/4*", None),
        (OPENING, {21: 1, 5: 1, 13: 4, 8: 3, 6: 4, 24: 2}, (4, 2), 0, "8/4* 6/4*", "bras"),
        # Bearing off against an anchor: clear the 6-point, leave no blot.
        ({6: 2, 5: 3, 4: 2, 3: 2}, {24: 2, 6: 5, 8: 3, 13: 5}, (6, 1), 0, "6/5 6/off", None),
    ],
)
def test_advanced_ranks_the_clear_best_move_first(me, opp, dice, me_bar, best, evaluator):
    records = analyze_position(position(me, opp, dice, me_bar), "advanced", evaluator=evaluator)
    assert records[0].notation == best


def test_entering_from_the_bar_hits_the_blot_in_their_board():
    s = position({6: 5, 8: 3, 13: 5, 24: 1}, {6: 5, 8: 3, 13: 5, 5: 1, 24: 1}, (5, 2), me_bar=1)
    records = analyze_position(s, "advanced")
    assert records[0].notation.startswith("bar/20*")
    assert all(r.notation.startswith("bar/") for r in records)


def test_the_record_is_complete_and_consistent():
    s = position(OPENING, OPENING, (3, 1))
    records = analyze_position(s, "advanced")
    assert len(records) == len(RULES.legal_moves(s)) == 16
    assert [r.rank for r in records] == list(range(1, 17))
    best = records[0]
    assert best.diff == 0 and best.details["equity"] == best.value and 0 < best.details["win"] < 1
    assert -100 <= min(r.score for r in records) and max(r.score for r in records) <= 100
    # The factors explain the play's 0-ply value in points: they add up to it.
    names, _ = get_evaluator(strongest_evaluator()).play_factors(boards_to_array([(make_side(OPENING), make_side(OPENING))]))
    assert list(best.factors) == list(names)
    zero_ply = {r.notation: r.value for r in analyze_position(s, "intermediate")}
    # (to float32's precision: the network's results vary in the last bits with the batch)
    assert sum(best.factors.values()) == pytest.approx(zero_ply[best.notation], abs=1e-6)
    split = next(r for r in records if r.notation == "24/23 24/21")
    assert any(w.startswith("leaves 2 blots:") for w in split.warnings)
    assert any(w.endswith("worse than 8/5 6/5") for w in split.warnings)
    assert not best.warnings
    assert set(best.to_json()) >= {"move", "score", "value", "warnings", "factors"}


def test_an_included_play_is_valued_as_deep_as_the_best():
    """What a review asks: the play made, however poor, compared with the best at 1 ply."""
    s = position(OPENING, OPENING, (3, 1))
    plain = analyze_position(s, "advanced")
    worst = plain[-1]
    assert worst.plies == 0  # the level's filter leaves it at 0 ply
    records = analyze_position(s, "advanced", include=worst.move)
    played = next(r for r in records if r.move == worst.move)
    wide = Level("wide", "Wide", "1 ply", plies=1, reply_shortlist=4)  # Advanced's replies, every play
    values = {m.move: m.value for m in search(s, wide, get_evaluator(strongest_evaluator()))}
    # The same value but for float32 rounding (the network's batches are made up differently).
    assert played.plies == 1 and played.value == pytest.approx(values[worst.move], abs=1e-6)
    assert played.diff == pytest.approx(played.value - records[0].value, abs=1e-9)
    assert [(r.notation, r.plies) for r in records if r.move != worst.move] == [
        (r.notation, r.plies) for r in plain if r.move != worst.move]


def test_brief_records_are_the_full_ones_without_factors_and_warnings():
    """What a review asks (``Analysis.brief``): the same values, ranks and details, nothing to explain."""
    s = position(OPENING, OPENING, (6, 2))
    full = analyze_position(s, "advanced")
    brief = analyze_position(s, "advanced", brief=True)
    assert [(r.notation, r.value, r.rank, r.diff, r.plies, r.details) for r in brief] == [
        (r.notation, r.value, r.rank, r.diff, r.plies, r.details) for r in full]
    assert any(r.factors for r in full) and any(r.warnings for r in full)
    assert all(not r.factors and not r.warnings for r in brief)


@pytest.mark.slow
def test_world_class_searches_gnus_2ply_candidates_where_expert_narrows_to_two():
    """GNU Backgammon's 2-ply analysis: every play within 0.16 of the best at 0 ply, at most
    8, is valued 2 plies deep; Expert keeps 5 of them for 1 ply and 2 for 2 plies."""
    s = position(OPENING, OPENING, (6, 4))
    zero = analyze_position(s, "intermediate")
    candidates = {r.notation for r in zero[:8] if r.value >= zero[0].value - 0.16}
    assert len(candidates) > 2
    world = analyze_position(s, "worldclass")
    assert {r.notation for r in world if r.plies == 2} == candidates
    assert all(r.plies == 0 for r in world if r.notation not in candidates)
    expert = analyze_position(s, "expert")
    assert sum(r.plies == 2 for r in expert) == 2 and sum(r.plies == 1 for r in expert) == min(5, len(candidates)) - 2


def test_scores_follow_values_among_equally_deep_moves():
    records = analyze_position(position(OPENING, OPENING, (6, 4)), "beginner")
    by_value = sorted(records, key=lambda r: r.value)
    assert [r.score for r in by_value] == sorted(r.score for r in records)


def test_state_evaluate_is_antisymmetric():
    s = position(OPENING, {21: 1, 5: 1, 13: 4, 8: 3, 6: 4, 24: 2}, (4, 2))
    evaluate = state_evaluate(get_evaluator("bras"))
    afters = [after for _, after in RULES.successors(s)]
    assert (evaluate(afters, 0) == -evaluate(afters, 1)).all()


def test_cancellation_from_another_thread_stops_an_expert_search():
    s = position(OPENING, {21: 1, 5: 1, 13: 4, 8: 3, 6: 4, 24: 2}, (4, 2))
    limits = Limits()
    outcome = {}

    def think():
        try:
            search(s, Level("deep", "Deep", "3 ply", plies=3, move_filter=MoveFilter(8, 1.0)), get_evaluator("bras"), limits)
            outcome["result"] = "finished"
        except SearchCancelled:
            outcome["result"] = "cancelled"

    worker = threading.Thread(target=think)
    worker.start()
    worker.join(timeout=0.2)  # let it get deep into the search (a 3-ply search takes minutes)
    limits.cancel.set()
    worker.join(timeout=10)
    assert not worker.is_alive() and outcome["result"] == "cancelled"


@pytest.mark.slow
def test_seeded_levels_replay_their_games():
    for name in ("beginner", "intermediate"):
        first, _ = play_game(RULES, [level_player(name, 3), level_player(name, 4)], seed=9, max_plies=40)
        again, _ = play_game(RULES, [level_player(name, 3), level_player(name, 4)], seed=9, max_plies=40)
        assert first.actions == again.actions
    noisy = {tuple(play_game(RULES, [level_player("beginner", s), level_player("beginner", s + 1)], seed=9, max_plies=30)[0].actions) for s in range(4)}
    assert len(noisy) > 1  # the noise really changes choices


@pytest.mark.parametrize("evaluator", ["bras", "seven-factors", "phase-heuristic", "net-full", "net-phase48"])
def test_a_play_that_ends_the_game_counts_its_real_points_and_says_so(evaluator):
    # Bearing off the last two checkers against a side with none off: a gammon, 2 points,
    # whatever the evaluator (net-phase48 has no gammon output) and at every depth.
    s = position({1: 1, 2: 1}, {12: 2, 13: 5, 8: 5, 6: 3}, (2, 1))
    for level in ("intermediate", "advanced"):
        finishing = next(r for r in analyze_position(s, level, evaluator=evaluator) if r.notation == "2/off 1/off")
        assert finishing.value == 2.0 and finishing.factors == {"wins a gammon": 2.0}
        assert finishing.details["win"] == 1.0
