"""The fast move generators give exactly the reference search's plays, in its order."""

from __future__ import annotations

import random

import numpy as np
import pytest

from game.backgammon.board import BAR, START_SIDE, make_side
from game.backgammon.evaluators.sampling import selfplay_samples
from game.backgammon.movegen import legal_plays
from game.backgammon.movegen_batch import PlayBatch, load_kernel, pack_steps, plays_batch, unpack_steps

from .movegen_reference import legal_plays as reference

ROLLS = [(d1, d2) for d1 in range(1, 7) for d2 in range(1, 7)]


@pytest.fixture(scope="module")
def positions():
    """Positions from seeded self-play: openings, contact, bar play, races and bear-offs."""
    return [(me, opp) for me, opp, _, _ in selfplay_samples(games=12, seed=20261127)]


@pytest.mark.slow
def test_legal_plays_equal_the_reference_in_order_for_every_roll(positions):
    differences = [(me, opp, d1, d2) for me, opp in positions for d1, d2 in ROLLS
                   if legal_plays(me, opp, d1, d2) != reference(me, opp, d1, d2)]
    assert len(positions) * len(ROLLS) > 20_000
    assert not differences, f"{len(differences)} rolls differ, first: {differences[:2]}"


def _random_board(rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Both sides' 15 checkers scattered at random (points, bar, off): blots, closed points
    and bar play far more often than games reach them; sometimes the mover is all home."""
    me, opp = [0] * 26, [0] * 26
    home = rng.random() < 0.3
    for side, other in ((me, opp), (opp, me)):
        left = 15
        while left:
            r = rng.random()
            if r < 0.08:
                side[BAR] += 1
            elif r < 0.15:
                side[0] += 1
            else:
                point = rng.randint(1, 6 if home and side is me else 24)
                if other[25 - point]:
                    continue
                side[point] += 1
            left -= 1
    return tuple(me), tuple(opp)


@pytest.mark.slow
def test_random_boards_equal_the_reference():
    rng = random.Random(36)
    boards = [_random_board(rng) for _ in range(400)]
    boards = [(me, opp) for me, opp in boards if me[0] < 15 and opp[0] < 15]
    differences = [(me, opp, d1, d2) for me, opp in boards for d1, d2 in ROLLS
                   if legal_plays(me, opp, d1, d2) != reference(me, opp, d1, d2)]
    assert not differences, f"{len(differences)} rolls differ, first: {differences[:2]}"


@pytest.mark.parametrize("me, opp, dice", [
    (START_SIDE, START_SIDE, (6, 6)),
    (make_side({6: 2, 5: 2, 3: 1}), make_side({20: 2, 1: 2}), (6, 5)),  # bear-off, over-bearing
    (make_side({7: 1, 2: 3}), make_side({3: 2, 24: 2}), (6, 1)),  # coming home, then bearing off
    (make_side({24: 2}, bar=3), make_side({1: 2, 3: 2, 6: 2}), (2, 2)),  # three on the bar enter
    (make_side({24: 2}, bar=2), make_side({1: 2, 4: 2}), (4, 1)),  # one of two can enter
    (make_side({13: 15 - 1}, bar=1), make_side({p: 2 for p in range(1, 7)}), (5, 3)),  # closed out
    (make_side({8: 1, 1: 1}), make_side({2: 2, 3: 2, 4: 2, 5: 2}), (6, 5)),  # one die only
])
def test_edge_positions_equal_the_reference(me, opp, dice):
    for d1, d2 in (dice, dice[::-1]):
        assert legal_plays(me, opp, d1, d2) == reference(me, opp, d1, d2)


def _batch_inputs(positions):
    rng = np.random.default_rng(5)
    boards = np.array([[me, opp] for me, opp in positions], np.int8)
    dice = rng.integers(1, 7, size=(len(positions), 2))
    return boards, dice


def _assert_equals_legal_plays(batch: PlayBatch, boards, dice):
    assert batch.after.dtype == np.int8 and batch.after.shape[1:] == (2, 26)
    assert len(batch.offsets) == len(boards) + 1 and batch.offsets[-1] == len(batch.after)
    for k, ((me, opp), (d1, d2)) in enumerate(zip(boards.tolist(), dice.tolist())):
        plays = legal_plays(tuple(me), tuple(opp), d1, d2)
        rows = batch.rows(k)
        assert rows.stop - rows.start == len(plays)
        assert (batch.owner[rows] == k).all()
        for p, (steps, after, opp_after) in zip(range(rows.start, rows.stop), plays):
            assert batch.steps(p) == steps
            assert tuple(batch.after[p, 0].tolist()) == after and tuple(batch.after[p, 1].tolist()) == opp_after


def test_plays_batch_in_python_equals_legal_plays_play_by_play(positions):
    boards, dice = _batch_inputs(positions[:400])
    _assert_equals_legal_plays(plays_batch(boards, dice, compiled=False), boards, dice)


@pytest.mark.xdist_group("numba")
def test_compiled_plays_batch_equals_legal_plays_play_by_play(positions):
    if not load_kernel():
        pytest.skip("numba is not installed")
    boards, dice = _batch_inputs(positions)
    batch = plays_batch(boards, dice, compiled=True)
    _assert_equals_legal_plays(batch, boards, dice)
    python = plays_batch(boards, dice, compiled=False)
    for name in ("after", "owner", "offsets", "codes"):
        assert np.array_equal(getattr(batch, name), getattr(python, name)), name


def test_batch_for_evaluator_puts_the_opponent_on_roll():
    me = make_side({6: 5, 8: 3, 13: 5, 24: 1}, bar=1)
    batch = plays_batch(np.array([[me, START_SIDE]]), np.array([[6, 4]]), compiled=False)
    view = batch.for_evaluator()
    assert view.flags.c_contiguous and np.array_equal(view[:, 0], batch.after[:, 1])
    assert all(batch.after[p, 0, BAR] == 0 for p in range(len(batch.after)))  # the bar checker entered


def test_steps_pack_and_unpack():
    for steps in [(), ((25, 20),), ((24, 18), (13, 11)), ((6, 0), (6, 0), (5, 0), (4, 0))]:
        assert unpack_steps(pack_steps(steps)) == steps


def test_plays_batch_checks_its_shapes():
    with pytest.raises(ValueError):
        plays_batch(np.zeros((2, 26)), np.zeros((2, 2)))


def test_successors_states_equal_applying_each_play(positions):
    from game.backgammon.rules import BackgammonRules, Play
    from game.backgammon.state import BackgammonState

    rules = BackgammonRules()
    for i, (me, opp) in enumerate(positions[:300]):
        state = BackgammonState.from_board(me, opp, i % 2, (1 + i % 6, 1 + (i // 6) % 6))
        successors = rules.successors(state)
        assert [play for play, _ in successors] == [Play(steps) for steps, _, _ in legal_plays(me, opp, *state.dice)]
        for play, after in successors:
            expected = rules.apply(state, play)
            assert after == expected and after.turn == expected.turn and after.cube is None and after.resign is None


def test_best_rows_are_each_positions_first_highest_play():
    positions = np.array([[START_SIDE, START_SIDE]] * 2, np.int8)
    batch = plays_batch(positions, np.array([[3, 1], [6, 6]]))
    values = np.zeros(len(batch.owner))
    first, second = batch.rows(0), batch.rows(1)
    values[first.start + 1] = values[first.start + 2] = 1.0  # a tie: the first of the two wins
    values[second.stop - 1] = 2.0
    assert batch.best_rows(values).tolist() == [first.start + 1, second.stop - 1]
