"""Backgammon rollouts (game/backgammon/rollout): the dice, the blocks, the figures against
exact values, truncation, variance reduction, stopping, cancelling.  Small trial counts and
short trials keep it quick."""

from __future__ import annotations

import numpy as np
import pytest

from game.backgammon.board import START_SIDE, make_side
from game.backgammon.evaluators import boards_to_array, get_evaluator
from game.backgammon.evaluators.bearoff import race_outcomes
from game.backgammon.rollout import valuing
from game.backgammon.rollout.dice import ORDERED, STRATUM, DiceStreams, first_rolls
from game.backgammon.rollout.lockstep import play_block
from game.backgammon.rollout.plan import WITHIN, plan
from game.backgammon.rollout.results import combine
from game.backgammon.rollout.run import run
from game.backgammon.rollout.spec import MIN_EARLY_STOP, Candidate, RolloutSpec
from game.backgammon.state import BackgammonState
from tests.interrupt import interrupt_after

OPENING_31 = BackgammonState.from_board(START_SIDE, START_SIDE, dice=(3, 1))


def opening(*moves, **options):
    options.setdefault("evaluator", "net-full")
    return plan(OPENING_31, list(moves), **options)


def test_each_block_throws_every_first_and_second_roll_once_and_1296_trials_every_pair():
    for seed in (0, 7):
        first, second = first_rolls(seed, range(1296))
        for block in range(36):
            rows = slice(block * STRATUM, (block + 1) * STRATUM)
            assert sorted(first[rows]) == list(range(36)) and sorted(second[rows]) == list(range(36))
        assert len(set(zip(first, second))) == 1296
    assert not np.array_equal(first_rolls(0, range(36))[0], first_rolls(7, range(36))[0])


def test_a_trials_later_rolls_depend_only_on_the_seed_and_the_trial():
    whole, part = DiceStreams(5, range(72)), DiceStreams(5, [40, 41])
    for ply in (2, 3, 70, 200):
        assert np.array_equal(whole.roll(ply)[40:42], part.roll(ply))
        assert ((0 <= part.roll(ply)) & (part.roll(ply) < len(ORDERED))).all()
    assert not np.array_equal(DiceStreams(6, [40]).roll(5), DiceStreams(5, [40]).roll(5)) or \
        not np.array_equal(DiceStreams(6, [40]).roll(6), DiceStreams(5, [40]).roll(6))


def test_blocks_are_pure_and_their_order_does_not_change_the_figures():
    spec = opening("8/5 6/5", "13/9", trials=82, truncate=3)
    assert spec.blocks == 3 and len(spec.block_trials(2)) == 10
    blocks = [play_block(spec, i) for i in range(3)]
    again = play_block(spec, 1)
    assert np.array_equal(again.sums, blocks[1].sums) and np.array_equal(again.squares, blocks[1].squares)
    ordered = combine(spec, blocks)
    shuffled = combine(spec, [blocks[2], blocks[0], blocks[1]])
    assert np.array_equal(ordered.sums, shuffled.sums) and np.array_equal(ordered.squares, shuffled.squares)
    assert ordered.trials == 82
    with pytest.raises(ValueError):
        ordered.add(blocks[0])


@pytest.mark.slow
def test_one_process_and_two_workers_give_the_same_bits():
    spec = opening("8/5 6/5", "24/20", trials=80, truncate=4)
    alone, shared = run(spec), run(spec, workers=2)
    assert alone.stopped == shared.stopped == "trials"
    assert np.array_equal(alone.tally.sums, shared.tally.sums)
    assert np.array_equal(alone.tally.squares, shared.tally.squares)


def test_every_candidate_throws_the_same_dice():
    start = opening("13/9", trials=36, truncate=6).candidates[0]
    twin = Candidate("twin", start.on_roll, start.other, start.root_on_roll)
    spec = RolloutSpec((start, twin), trials=36, evaluator="net-full", truncate=6)
    block = play_block(spec, 0)
    assert np.array_equal(block.sums[0], block.sums[1]) and block.plies[0] == block.plies[1]


def _race(me, opp, **options):
    options.setdefault("evaluator", "net-full")
    state = BackgammonState.from_board(make_side(me), make_side(opp))
    exact = race_outcomes(boards_to_array([(state.on_roll, state.opponent)]))[0]
    return state, exact


def test_a_forced_bearoff_with_variance_reduction_comes_out_exact():
    """All checkers on the ace point: every roll has one play, the database is exact, and
    the luck of each roll is all there is."""
    state, exact = _race({1: 9}, {1: 9})
    result = run(plan(state, trials=72, bearoff=False, evaluator="net-full")).tally
    win = result.estimate(0, "win")
    assert win.mean == pytest.approx(exact[0], abs=1e-6) and win.se < 1e-6
    assert result.estimate(0, "equity").mean == pytest.approx(2 * exact[0] - 1, abs=2e-6)


def test_a_contact_free_rollout_agrees_with_the_bearoff_database():
    state, exact = _race({1: 2, 2: 2, 3: 1, 4: 2, 5: 1, 6: 2}, {2: 1, 3: 3, 4: 2, 5: 2, 6: 1})
    plain = run(plan(state, trials=288, seed=3, bearoff=False, variance_reduction=False,
                     evaluator="net-full")).tally.estimate(0, "win")
    low, high = plain.interval
    assert low <= exact[0] <= high
    # With variance reduction the interval is narrower than the database's own approximation
    # (each side's rolls taken as independent; GNU Backgammon's agree to about 2e-4 at 0 ply).
    reduced = run(plan(state, trials=72, seed=3, bearoff=False, evaluator="net-full")).tally.estimate(0, "win")
    assert abs(reduced.mean - exact[0]) < 0.005 and reduced.se < plain.se / 20


@pytest.mark.slow
def test_the_95_percent_intervals_cover_the_exact_value_about_95_percent_of_the_time():
    state, exact = _race({1: 9}, {1: 9})
    covered = 0
    seeds = 200
    for seed in range(seeds):
        tally = run(plan(state, trials=36, seed=seed, bearoff=False, variance_reduction=False,
                         evaluator="net-full")).tally
        low, high = tally.estimate(0, "win").interval
        covered += low <= exact[0] <= high
    assert 0.88 <= covered / seeds <= 0.99


def test_a_bearoff_ends_a_trial_with_the_database_unless_asked_to_play_it_out():
    state, exact = _race({1: 2, 2: 2, 3: 1, 4: 2, 5: 1, 6: 2}, {2: 1, 3: 3, 4: 2, 5: 2, 6: 1})
    tally = run(plan(state, trials=36)).tally
    assert tally.estimate(0, "win").mean == pytest.approx(exact[0], abs=1e-12) and tally.plies[0] == 0
    assert run(plan(state, trials=36, bearoff=False)).tally.plies[0] > 36


def test_truncation_at_0_plies_is_the_evaluators_value_and_later_ones_cut_the_trials():
    spec = opening("8/5 6/5", "13/9", trials=36, truncate=0)
    tally = run(spec).tally
    boards = boards_to_array([(c.on_roll, c.other) for c in spec.candidates])
    values = valuing.flip(valuing.chances(get_evaluator("net-full"), boards))
    for c in range(2):
        win = tally.estimate(c, "win")
        assert win.mean == pytest.approx(values[c, 0], abs=1e-12) and win.se == pytest.approx(0, abs=1e-12)
        assert tally.estimate(c, "equity").mean == pytest.approx(valuing.equity(values[c]), abs=1e-12)
    cut = run(opening("8/5 6/5", trials=36, truncate=3)).tally
    assert cut.plies[0] == 3 * 36


def test_variance_reduction_lowers_the_standard_error_on_the_same_trials():
    with_luck = run(opening("8/5 6/5", "24/20", trials=36, truncate=6)).tally
    without = run(opening("8/5 6/5", "24/20", trials=36, truncate=6, variance_reduction=False)).tally
    for c in range(2):
        assert with_luck.estimate(c, "equity").se < without.estimate(c, "equity").se / 2
        assert with_luck.estimate(c, "win").se < without.estimate(c, "win").se / 2
    assert np.array_equal(with_luck.plies, without.plies)  # the same games, only measured better


def test_default_candidates_are_the_best_five_within_0_16_at_the_analysis_level():
    state = BackgammonState.from_board(START_SIDE, START_SIDE, dice=(6, 4))
    spec = plan(state, trials=36, evaluator="net-full", select_level="intermediate")
    from game.backgammon.analysis.ai import analyze_position
    records = analyze_position(state, "intermediate", "net-full", brief=True)
    expected = [r.notation for r in records if r.diff >= -WITHIN][:5]
    assert [c.label for c in spec.candidates] == expected and 2 <= len(expected) <= 5
    assert [c.label for c in opening(trials=36).candidates] == ["8/5 6/5"]  # nothing else within 0.16 at 1 ply


def test_bad_plans_are_refused():
    with pytest.raises(ValueError, match="same play"):
        opening("8/5 6/5", "6/5 8/5")
    with pytest.raises(ValueError, match="illegal"):
        opening("24/18")
    with pytest.raises(ValueError, match="need dice"):
        plan(BackgammonState.from_board(START_SIDE, START_SIDE), ["8/5 6/5"])
    with pytest.raises(ValueError, match="unknown level"):
        opening(level="supergrandmaster")


def test_a_money_cube_decision_gives_no_double_double_take_and_the_proper_action():
    from game.backgammon.position import parse_position
    state = parse_position("4HPwATDgc/ABMA:cAkAAAAAAAAA")  # the opening position, money, cube centred
    rollout = run(plan(state, trials=36, truncate=2, evaluator="net-full"))
    cube = rollout.tally.cube_action()
    assert [c.label for c in rollout.spec.candidates] == ["No double", "Double/take"]
    assert cube["dp"] == 1.0 and cube["dt"] < cube["nd"] < 0.3 and cube["proper"] == "No double, take"
    leader = BackgammonState.from_board(make_side({1: 2, 2: 2}), make_side({6: 5, 5: 5, 4: 5}),
                                        cube=state.cube)
    big = run(plan(leader, trials=36, truncate=2, evaluator="net-full")).tally.cube_action()
    assert big["proper"].startswith("Double, pass") or big["proper"].startswith("Too good")


def test_a_match_rollout_is_cubeful_in_emg():
    from game.backgammon.cube.state import DECIDE, CubeState
    from game.backgammon.position import format_position, parse_position
    match = BackgammonState.from_board(START_SIDE, START_SIDE, cube=CubeState(match_length=7, score=(2, 3), phase=DECIDE))
    state = parse_position(format_position(match))  # a 7-point match at 2-3, as a GNU ID
    assert state.cube == match.cube
    spec = plan(state, trials=36, truncate=2, evaluator="net-full")
    tally = run(spec).tally
    action = tally.cube_action()
    assert spec.stakes.is_match and action["dp"] == 1.0
    assert -1.5 < tally.estimate(0, "cubeful").mean < 1.5
    # the same figures as match winning chances: double/pass wins the doubler a point, 3-3 of 7
    from game.backgammon.cube.ai import met
    assert action["dp_mwc"] == pytest.approx(met().mwc(4, 4)) and 0 < action["nd_mwc"] < 1
    assert (action["dt_mwc"] > action["nd_mwc"]) == (action["dt"] > action["nd"])


def test_a_rollout_stops_early_at_the_asked_interval_or_when_the_best_is_clear():
    wide = run(opening("8/5 6/5", trials=360, truncate=2, stop_ci=0.5))
    assert wide.stopped == "ci" and wide.tally.trials == MIN_EARLY_STOP
    clear = run(opening("8/5 6/5", "24/21 8/7", trials=360, truncate=2))
    assert clear.stopped == "clear" and clear.tally.trials == MIN_EARLY_STOP
    full = run(opening("8/5 6/5", "24/21 8/7", trials=180, truncate=2, early_stop=False))
    assert full.stopped == "trials" and full.tally.trials == 180


def test_a_cancelled_or_interrupted_rollout_keeps_the_blocks_it_finished():
    spec = opening("8/5 6/5", trials=144, truncate=2)
    heard = []
    cancelled = run(spec, progress=heard.append, cancel=lambda: bool(heard))  # asked between plies too
    assert cancelled.stopped == "cancelled" and cancelled.tally.trials == 36 and len(heard) == 1
    assert run(spec, cancel=lambda: True).tally.trials == 0
    heard = interrupt_after(2)
    interrupted = run(spec, progress=heard)
    assert interrupted.stopped == "interrupted" and interrupted.tally.trials == 72
    assert [r.tally.trials for r in heard.seen] == [36, 72]


@pytest.mark.slow
def test_the_level_searches_each_trials_play_at_its_depth():
    from game.backgammon.analysis.ai import search
    from game.backgammon.analysis.levels import get_level
    spec = opening("8/5 6/5", trials=6, truncate=1, level="advanced", variance_reduction=False)
    tally = run(spec).tally
    start, rolls = spec.candidates[0], first_rolls(spec.seed, range(6))[0]
    evaluator = get_evaluator("net-full")
    wins = []
    for roll in rolls:
        state = BackgammonState.from_board(start.on_roll, start.other, dice=ORDERED[roll])
        after = search(state, get_level("advanced"), evaluator).best.after
        wins.append(valuing.chances(evaluator, boards_to_array([(after.sides[1], after.sides[0])]))[0, 0])
    assert tally.estimate(0, "win").mean == pytest.approx(np.mean(wins), abs=1e-6)  # float32 sums: batch sizes


def test_a_stop_signal_is_held_to_the_next_ply_and_the_ended_trials_of_the_cut_block_count():
    """A real SIGINT, raised while a block plays, never interrupts it mid-ply: the block ends
    at the next ply with the trials that had ended (a race where trials end at different plies)."""
    import signal

    race = BackgammonState.from_board(make_side({6: 3, 5: 3, 4: 3, 3: 3, 2: 3}), make_side({6: 3, 5: 3, 4: 3, 3: 3}),
                                      dice=(3, 1))
    spec = plan(race, ["6/3 4/3"], evaluator="net-full", trials=72, bearoff=False, early_stop=False)
    whole = play_block(spec, 0)
    assert whole.complete and whole.counts == (36,)
    plies = []

    def stop_later():
        plies.append(1)
        if len(plies) == 16:
            signal.raise_signal(signal.SIGINT)  # held: no KeyboardInterrupt here
        return False

    from game.backgammon.rollout import run as running

    real = running.play_block

    def asking(spec, index, cancel=None, stop=None, partial=None):
        return real(spec, index, lambda: stop_later() or (cancel is not None and cancel()), stop, partial)

    running.play_block = asking
    try:
        stopped = run(spec)
    finally:
        running.play_block = real
    assert stopped.stopped == "interrupted" and stopped.tally.blocks == 1
    assert 0 < stopped.tally.trials < 36  # the block's ended trials, not nothing


def test_a_cubeless_plan_of_a_cube_game_plays_without_the_cube():
    from game.backgammon.position import parse_position
    from game.backgammon.rollout.plan import BEFORE_ROLL, DOUBLE_TAKE, NO_DOUBLE

    before = parse_position("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10")  # money, White may double
    cubeful = plan(before)
    assert [c.label for c in cubeful.candidates] == [NO_DOUBLE, DOUBLE_TAKE] and cubeful.decision == "cube"
    cubeless = plan(before, cubeless=True)
    assert [c.label for c in cubeless.candidates] == [BEFORE_ROLL] and cubeless.decision == "position"
    assert cubeless.stakes is None and cubeful.stakes is not None
    after = parse_position("XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10")
    assert plan(after, ["8/5 6/5"], cubeless=True).stakes is None and plan(after, ["8/5 6/5"]).stakes is not None
