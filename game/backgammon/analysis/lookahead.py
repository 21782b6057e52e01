"""Backgammon's look-ahead on arrays: the search tree below the root, a ply at a time.

Inside the tree every level answers each roll with the one reply best at 0 ply, as GNU
Backgammon's n-ply does (its move filters keep one move below the root).  So a position's
value ``n`` plies deep, for its side on roll, is

- ``n = 0``: the evaluator's value of the position;
- ``n ≥ 1``: over the 21 rolls (their chances as weights), minus the ``(n − 1)``-ply value of
  the reply the side on roll likes best at 0 ply, valued for the other side, now on roll.

The generic search (:mod:`game.core.search.expectiminimax`) walks that tree one state at a
time; :class:`Lookahead` computes the same values for many positions at once: one move
generation (:func:`..movegen_batch.plays_batch`) and one forward pass for every roll of every
position a ply.  The values and chances equal the generic search's (the tests compare them)
but for the rounding of sums.

**Values** are linear in the cubeless chances of the side on roll: ``w[:5] · chances + w[5]``
with ``w`` the weights of the player then on roll (:attr:`Lookahead.weights`): cubeless equity
for money without a cube, the cube search's values otherwise (:func:`..cube.ai.value_weights`).
A finished game has exact chances (the evaluator's) and is valued by :attr:`Lookahead.ended`
(the same weights unless the rules count its gammons otherwise: Jacoby's rule), so it is worth
its points.

**Shortlist** (``shortlist=k``): GNU Backgammon's pruning nets.  The pruning network
(:mod:`..nets.pruning`) values every reply of a roll where some keep contact, and only the
``k`` it likes best of each roll's (and every reply that leaves no contact: those are valued
cheaply anyway) are valued by the full evaluator, which picks the reply among them.  This changes the values a little where
the pruning network misses the full one's choice (``bench/RESULTS.md``); without a pruning
network installed nothing is pruned.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..board import CHECKERS, OFF
from ..evaluators import Evaluator
from ..evaluators.chances import chances_of, weighted
from ..movegen_batch import plays_batch
from ..nets.encoding import flip_outputs
from ..nets.pruning import pruned, pruning_network
from ..rollout.choice import ROLL_DICE, roll_means
from ..rollout.valuing import contact

CHUNK = 256
"""Positions rolled at once: some 256 × 21 × 20 replies, their inputs under 100 MB."""
MONEY = np.array([2.0, 1.0, 1.0, -1.0, -1.0, -1.0])
"""Cubeless equity as weights on the chances (win, win gammon, win backgammon, lose gammon,
lose backgammon) and a constant."""
SINGLE = np.array([2.0, 0.0, 0.0, 0.0, 0.0, -1.0])
"""The points of a finished game whose gammons count single (Jacoby's rule)."""


def supported(evaluator: Evaluator) -> bool:
    """Whether ``evaluator`` gives all five chances, which the look-ahead values from."""
    return len(getattr(evaluator, "output_names", ())) == len(MONEY) - 1


def finished(boards: np.ndarray) -> np.ndarray:
    """``(N,)`` bool: a side has borne off every chequer."""
    return (boards[:, 0, OFF] == CHECKERS) | (boards[:, 1, OFF] == CHECKERS)


@dataclass
class Lookahead:
    """Values of positions searched ``plies`` deep (see the module doc).

    ``weights`` is ``(2, 6)``: row ``p`` values a position for player ``p`` on roll from
    that side's chances; ``ended`` (``weights`` when not given) does the same for finished
    games, whose chances are exact.  ``count(n)`` is told of every ``n`` states generated (rolls and
    replies), so a search can enforce its limits and cancellation between batches.
    """

    evaluator: Evaluator
    weights: np.ndarray
    shortlist: int | None = None
    count: Callable[[int], None] = lambda n: None
    ended: np.ndarray | None = None

    def leaf(self, boards: np.ndarray, players: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """0-ply values and chances of positions for their side on roll (``players``)."""
        chances = chances_of(self.evaluator, boards)
        w = self.weights[players]
        if self.ended is not None:
            w = np.where(finished(boards)[:, None], self.ended[players], w)
        return weighted(chances, w), chances

    def values(self, boards: np.ndarray, players: np.ndarray, plies: int) -> tuple[np.ndarray, np.ndarray]:
        """``(N,)`` values and ``(N, 5)`` chances of ``boards`` (``(N, 2, 26)``: the side on
        roll, before its roll, then the other) for the side on roll, player ``players[i]``,
        searched ``plies`` deep."""
        boards = np.ascontiguousarray(boards, dtype=np.int8)
        players = np.asarray(players, dtype=np.intp)
        if plies == 0:
            return self.leaf(boards, players)
        values, chances = np.empty(len(boards)), np.empty((len(boards), 5))
        over = finished(boards)
        if over.any():
            values[over], chances[over] = self.leaf(boards[over], players[over])
        live = np.flatnonzero(~over)
        for start in range(0, len(live), CHUNK):  # a bounded batch: a 3-ply tree has millions of replies
            rows = live[start:start + CHUNK]
            values[rows], chances[rows] = self._rolled(boards[rows], players[rows], plies)
        return values, chances

    def _rolled(self, boards: np.ndarray, players: np.ndarray, plies: int) -> tuple[np.ndarray, np.ndarray]:
        """:meth:`values` of unfinished positions: every roll, the reply chosen, averaged."""
        replies, reply_values, reply_chances = self.best_replies(boards, players)
        if plies > 1:
            others = np.repeat(1 - players, len(ROLL_DICE))
            reply_values, reply_chances = self.values(replies, others, plies - 1)
        return -roll_means(reply_values), flip_outputs(roll_means(reply_chances))

    def best_replies(self, boards: np.ndarray, players: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """For each position and each of the 21 rolls (:data:`..rollout.choice.ROLL_DICE`, position by position), the
        play its side on roll likes best at 0 ply: the position it leaves (``(N·21, 2, 26)``,
        the other side on roll), and that position's 0-ply value and chances for the other
        side.  The first of equals in the move generator's order."""
        self.count(len(boards) * len(ROLL_DICE))
        batch = plays_batch(np.repeat(boards, len(ROLL_DICE), axis=0), np.tile(ROLL_DICE, (len(boards), 1)))
        self.count(len(batch.after))
        replies = batch.for_evaluator()  # the other side on roll
        groups = batch.owner.astype(np.intp)
        movers = np.repeat(players, len(ROLL_DICE))[groups]
        rows = self._valued(replies, groups, batch.offsets, movers)
        values, chances = self.leaf(replies[rows], 1 - movers[rows])
        # The mover's best play leaves the other side the least.
        order = np.lexsort((rows, values, groups[rows]))
        first = order[np.r_[True, groups[rows][order][1:] != groups[rows][order][:-1]]]
        return replies[rows[first]], values[first], chances[first]

    def _valued(self, replies: np.ndarray, groups: np.ndarray, offsets: np.ndarray,
                movers: np.ndarray) -> np.ndarray:
        """The rows of the replies the full evaluator values: all, or the shortlist's."""
        keep_best = self.shortlist
        net = pruning_network() if keep_best else None
        if net is None or keep_best is None:
            return np.arange(len(replies))
        touching = contact(replies)  # the others are valued cheaply (race network, bearoff database)
        # a group is ranked when a reply keeps contact and it has more replies than are kept
        ranked = ((np.bincount(groups, weights=touching, minlength=len(offsets) - 1) > 0)
                  & (np.diff(offsets) > keep_best))[groups]
        return np.flatnonzero(pruned(net, replies, groups, offsets, self.weights[movers], keep_best, ranked)
                              | ~touching)
