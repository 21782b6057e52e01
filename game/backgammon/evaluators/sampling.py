"""Seeded samples of positions that real games reach, for tests, benchmarks and training."""

from __future__ import annotations

import random

from ..board import CHECKERS, OFF, START_SIDE, Side
from ..movegen import legal_plays


def selfplay_samples(games: int, seed: int) -> list[tuple[Side, Side, int, int]]:
    """``(side_on_roll, opponent, die1, die2)`` for every turn of random-vs-random games.

    Covers the opening, contact, hitting and bar play, races and bear-offs; the same seed
    always gives the same list.
    """
    rng = random.Random(seed)
    samples = []
    for _ in range(games):
        me, opp = START_SIDE, START_SIDE
        while True:
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            samples.append((me, opp, d1, d2))
            _, after, opp_after = rng.choice(legal_plays(me, opp, d1, d2))
            if after[OFF] == CHECKERS:
                break
            me, opp = opp_after, after
    return samples
