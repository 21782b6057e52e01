"""The pruning network's shortlist in rollouts' 0-ply play (game/backgammon/nets/pruning.py,
rollout/choice.py): what it keeps, that it only narrows the full evaluator's choice, and
that it is shipped and switched by the spec."""

from __future__ import annotations

import numpy as np
import pytest

from game.backgammon.board import START_SIDE
from game.backgammon.evaluators import get_evaluator
from game.backgammon.nets.prune_training import gather, misses
from game.backgammon.nets.pruning import pruning_network, shortlist
from game.backgammon.rollout import valuing
from game.backgammon.rollout.choice import expand
from game.backgammon.rollout.lockstep import play_block
from game.backgammon.rollout.plan import plan
from game.backgammon.rollout.spec import PRUNE_KEEP
from game.backgammon.state import BackgammonState

CUBELESS = np.array([[2.0, 1.0, 1.0, -1.0, -1.0, -1.0]])


def test_the_shortlist_keeps_each_groups_best_k_and_the_first_of_equals():
    values = np.array([0.1, 0.5, 0.3, 0.5, 0.2, 9.0, 1.0, 2.0])
    segment = np.array([0, 0, 0, 0, 0, 1, 2, 2])
    offsets = np.array([0, 5, 6])
    kept = shortlist(values, segment, offsets, 2)
    assert kept.tolist() == [False, True, False, True, False, True, True, True]
    assert shortlist(values, segment, offsets, 1).tolist() == [False, True, False, False, False, True, False, True]


def test_the_pruning_network_is_shipped_and_records_how_it_was_made():
    net = pruning_network()
    assert net is not None and net.sizes[0] == 215 and net.n_outputs == 5
    assert net.meta["training"] == "pruning" and "prune_training" in net.meta["command"]
    assert net.meta["check"][str(PRUNE_KEEP)]["miss"] < 0.05


@pytest.fixture(scope="module")
def positions():
    """Contact positions from a little 0-ply self-play (the side on roll to move)."""
    batch, _, _ = gather(get_evaluator("net-full"), 4, 1, 3, say=lambda _: None)
    return batch[valuing.contact(batch)][::40][:40]


def _expand(positions, prune):
    groups = np.repeat(np.arange(len(positions)), 21), np.tile(np.arange(21), len(positions))
    return expand(get_evaluator("net-full"), positions, CUBELESS, np.zeros(len(positions), np.intp), *groups, prune)


@pytest.mark.slow
def test_pruning_only_narrows_the_full_evaluators_choice(positions):
    whole, wide, pruned = _expand(positions, None), _expand(positions, 200), _expand(positions, 3)
    assert np.array_equal(whole.best, wide.best)
    full = valuing.equity(whole.mover_chances())
    kept = valuing.equity(pruned.mover_chances())
    assert (kept <= full + 1e-6).all()  # never better than the best of every play (float32 sums aside)
    assert (pruned.best != whole.best).any() and (pruned.best == whole.best).mean() > 0.8
    # every chosen play was valued by the full evaluator, and the rest of the pruned groups were not
    assert not np.isnan(pruned.chances[pruned.best]).any() and np.isnan(pruned.chances).any()


def test_a_spec_without_pruning_values_every_play_and_gets_other_figures():
    state = BackgammonState.from_board(START_SIDE, START_SIDE, dice=(3, 1))
    pruned = plan(state, ["8/5 6/5"], trials=36, truncate=4, evaluator="net-full")
    whole = plan(state, ["8/5 6/5"], trials=36, truncate=4, evaluator="net-full", prune=None)
    assert pruned.prune == PRUNE_KEEP and whole.prune is None
    a, b = play_block(pruned, 0), play_block(whole, 0)
    assert np.allclose(a.sums[0, 5] / 36, b.sums[0, 5] / 36, atol=0.05) and not np.array_equal(a.sums, b.sums)
    with pytest.raises(ValueError, match="at least one play"):
        plan(state, ["8/5 6/5"], trials=36, evaluator="net-full", prune=0)


def test_the_check_counts_misses_and_their_cost():
    chances = np.array([[0.3, 0, 0, 0, 0], [0.6, 0, 0, 0, 0], [0.5, 0, 0, 0, 0]])  # side on roll after each play
    batch = np.zeros((3, 2, 26), np.int8)
    net = pruning_network()
    report = misses(net, batch, chances, np.array([0, 0, 0]))
    assert report["groups"] == 1 and report["plays"] == 3
    # the three plays have the same board, so the net ties them: the first two are shortlisted
    assert report["2"]["miss"] == 0.0 and report["2"]["lost_per_group"] == 0.0
