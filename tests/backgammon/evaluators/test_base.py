"""The evaluator registry, the batch helpers and the random position generator."""

import numpy as np
import pytest

from game.backgammon.board import START_SIDE, check_board, make_side
from game.backgammon.evaluators import (
    Evaluator, boards_to_array, evaluator_names, flip, get_evaluator, random_positions, register,
)

NAMES = ["seven-factors", "bras", "phase-heuristic"]


def test_registry_names_and_lookup():
    assert evaluator_names()[:3] == NAMES
    for name in NAMES:
        evaluator = get_evaluator(name)
        assert isinstance(evaluator, Evaluator)
        assert evaluator.name == name
        assert evaluator.higher_is_better is True


def test_unknown_name_lists_known_ones():
    with pytest.raises(ValueError) as error:
        get_evaluator("gnubg")
    for name in NAMES:
        assert name in str(error.value)


def test_register_refuses_a_taken_name():
    with pytest.raises(ValueError):
        register(get_evaluator("bras"))
    assert register(get_evaluator("bras"), replace=True) is get_evaluator("bras")


def test_boards_to_array_layout():
    me, opp = make_side({6: 5, 8: 3}, bar=1), START_SIDE
    batch = boards_to_array([(me, opp), (opp, me)])
    assert batch.shape == (2, 2, 26)
    assert tuple(batch[0, 0]) == me and tuple(batch[0, 1]) == opp
    assert np.array_equal(flip(batch)[0], batch[1])
    assert boards_to_array([]).shape == (0, 2, 26)
    with pytest.raises(ValueError):
        boards_to_array([((0,) * 25, opp)])


def test_random_positions_are_legal_and_seeded():
    batch = random_positions(2000, seed=7)
    assert np.array_equal(batch, random_positions(2000, seed=7))
    assert not np.array_equal(batch, random_positions(2000, seed=8))
    for me, opp in batch:
        check_board(tuple(int(n) for n in me), tuple(int(n) for n in opp))
    assert (batch[:, :, 25] > 0).any() and (batch[:, :, 0] > 0).any()
    assert (batch[:, :, 1:25] == 1).any() and (batch[:, :, 1:25] > 5).any()


@pytest.mark.parametrize("name", NAMES)
def test_explain_adds_up_to_evaluate(name):
    evaluator = get_evaluator(name)
    batch = random_positions(50, seed=3)
    values = evaluator.evaluate(batch)
    assert values.shape == (50,) and values.dtype == np.float64
    for (me, opp), value in zip(batch, values):
        parts = evaluator.explain(tuple(me), tuple(opp))
        assert list(parts) == list(evaluator.factors) + ["total"]
        assert parts["total"] == value
        assert sum(v for k, v in parts.items() if k != "total") == pytest.approx(value, abs=1e-12)
        assert evaluator.evaluate_board(me, opp) == value


@pytest.mark.parametrize("name", NAMES)
def test_batch_equals_one_at_a_time_and_any_int_dtype(name):
    evaluator = get_evaluator(name)
    batch = random_positions(200, seed=11)
    values = evaluator.evaluate(batch)
    single = np.array([evaluator.evaluate(batch[i : i + 1])[0] for i in range(len(batch))])
    assert np.array_equal(values, single)
    for dtype in (np.uint8, np.int16, np.int64):
        assert np.array_equal(values, evaluator.evaluate(batch.astype(dtype)))
