"""The race network: ``net-full``'s shape, retrained for contact-free positions.

Once the sides have passed each other nothing but the dice and the bearing in and off
matter, and the one-sided bearoff database (:mod:`..evaluators.bearoff`) values the end of every race
exactly.  A network trained by self-play from the opening sees races only as the tail of
its games; this one learns them by **fitted value iteration** from the database:

1. ``positions``: the race positions (no contact, not both sides home) that greedy
   self-play of the starting network reaches, with some random plays for variety;
2. each round, every position's target is its exact 1-ply expectation: for each of the 21
   rolls the mover picks the play of highest cubeless equity, the position after it valued
   exactly (a finished game), from the database (both sides home) or by the network being
   trained; the network then fits those targets (cross-entropy, Adam), a few passes.

Targets near the end of a race are exact from the first round, and each round carries that
exactness one roll further back, so a race of ``n`` rolls settles in about ``n`` rounds.
Everything is seeded: the same arguments give the same weights (on the same BLAS).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np

from ..board import CHECKERS, OFF, START_SIDE
from ..evaluators.bearoff import in_bearoff, is_race
from ..movegen import legal_plays
from .choosers import NetChooser, candidates_array
from .encoding import ENCODERS, equity, flip_outputs
from .evaluator import side_on_roll_outputs
from .network import Network
from .td import Learner, scheduled_lr

__all__ = ["is_race", "race_positions", "Candidates", "expected_targets", "train_race"]

ROLLS = [(a, b, (1 if a == b else 2) / 36) for a in range(1, 7) for b in range(a, 7)]
CHUNK = 65536  # candidate positions valued in one batch


def race_positions(net: Network, encoding: str, games: int, seed: int, explore: float = 0.1,
                   in_flight: int = 64) -> np.ndarray:
    """``(M, 2, 26)`` int8: the distinct race positions (side on roll first) met in ``games``
    self-play games of ``net`` (greedy, a random play with chance ``explore``); a game is
    followed until both sides are home."""
    chooser = NetChooser(net, encoding, explore=explore, seed=seed)
    dice = random.Random(seed)
    found: dict[bytes, np.ndarray] = {}
    started, live = 0, []  # live: (side on roll, other side)
    while live or started < games:
        while len(live) < in_flight and started < games:
            live.append((START_SIDE, START_SIDE))
            started += 1
        requests, waiting = [], []
        rows = np.array(live, dtype=np.int8).reshape(-1, 2, 26)
        for row in rows[is_race(rows)]:
            found.setdefault(row.tobytes(), row)
        for me, opp in live:
            plays = legal_plays(me, opp, dice.randint(1, 6), dice.randint(1, 6))
            if plays:
                requests.append((me, opp, plays))
            else:
                waiting.append((opp, me))  # no play: the other side rolls
        live = waiting
        chosen = [plays[pick][1:] for (_, _, plays), pick in zip(requests, chooser.choose_many(requests))]
        if chosen:
            after = np.array(chosen, dtype=np.int8).reshape(-1, 2, 26)
            going = (after[:, 0, OFF] < CHECKERS) & ~in_bearoff(after)
            live += [(opp_after, mover_after) for (mover_after, opp_after), on in zip(chosen, going) if on]
    return np.array(list(found.values()), dtype=np.int8).reshape(-1, 2, 26)


class Candidates:
    """Every position's plays for each of the 21 rolls, generated once: per roll an
    ``(M, 2, 26)`` int8 array of the positions after the plays (the opponent on roll) and
    the start of each position's plays in it.  A roll with no play keeps the position."""

    def __init__(self, positions: np.ndarray) -> None:
        self.count = len(positions)
        sides = [(tuple(int(c) for c in row[0]), tuple(int(c) for c in row[1])) for row in positions]
        self.rolls = []
        for a, b, weight in ROLLS:
            requests = [(me, opp, legal_plays(me, opp, a, b) or [((), me, opp)]) for me, opp in sides]
            array, starts = candidates_array(requests)
            self.rolls.append((weight, array, starts))


def expected_targets(net: Network, encoding: str, candidates: Candidates) -> np.ndarray:
    """``(N, 5)``: each position's 1-ply expectation over the 21 rolls for the side on
    roll (see the module doc), the positions after the plays valued as the evaluator values
    them (:func:`.evaluator.side_on_roll_outputs`, with ``net`` for the races)."""
    targets = np.zeros((candidates.count, net.n_outputs))
    for weight, array, starts in candidates.rolls:
        mover = np.concatenate([flip_outputs(side_on_roll_outputs(net, encoding, array[lo:lo + CHUNK]))
                                for lo in range(0, len(array), CHUNK)])
        values = equity(mover)
        # The best play of each position: the largest value in its slice of ``values``.
        owner = np.repeat(np.arange(candidates.count), np.diff(starts))
        order = np.lexsort((-values, owner))
        best = order[starts[:-1]]
        targets += weight * mover[best]
    return targets


def train_race(net: Network, encoding: str, positions: np.ndarray, rounds: int, passes: int = 2,
               lr: float = 1e-3, lr_end: float = 1e-4, seed: int = 0, candidates: Candidates | None = None,
               after_round: Callable[[int, float], None] | None = None) -> Network:
    """Fit ``net`` (in place, and returned) to the positions' 1-ply targets, ``rounds``
    times, ``passes`` passes each at a rate falling from ``lr`` to ``lr_end`` (see the
    module doc); ``after_round(round, gap)`` after each, ``gap`` being the mean absolute
    difference between the network's outputs and that round's targets before the fit."""
    learner = Learner(net, encoding, seed=seed)
    candidates = Candidates(positions) if candidates is None else candidates
    encoded = ENCODERS[encoding](positions)
    for k in range(rounds):
        targets = expected_targets(net, encoding, candidates)
        gap = float(np.abs(net.forward(encoded) - targets).mean())
        for _ in range(passes):
            learner.learn(positions, targets, scheduled_lr(lr, lr_end, k, max(rounds - 1, 1)))
        if after_round:
            after_round(k + 1, gap)
    return net
