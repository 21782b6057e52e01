"""The dice of a rollout's trials: quasi-random first rolls, seeded later ones, the same for
every candidate (duplicate dice).

A roll is an index 0..35 into :data:`ORDERED` (the 36 ordered pairs of two dice); the
trials play it as the unordered roll :data:`ROLL21` names (``0..20`` into :data:`ROLLS`).

- **Quasi-random** (GNU Backgammon's dice rotation, for the first two rolls): trial ``t``'s
  first roll is ``first[t mod 36]`` and its second ``second[(t mod 36 + t div 36) mod 36]``,
  with ``first`` and ``second`` two permutations of the 36 rolls drawn from the seed.  So
  every 36 trials in a row starting at a multiple of 36 (one block, :mod:`.blocks`) throw
  every first roll once and every second roll once, and trials ``0..1295`` throw every
  (first, second) pair once: the luck of the first two rolls, most of a rollout's variance,
  is spread evenly.
- **Later rolls** come from a generator seeded with ``(seed, t)``: trial ``t`` throws the
  same dice whichever block, process or machine plays it.
- **Duplicate dice**: the streams depend only on the seed and the trial number, never on the
  candidate, so every candidate's trial ``t`` throws the same dice.
"""

from __future__ import annotations

import numpy as np

ORDERED = tuple((a, b) for a in range(1, 7) for b in range(1, 7))
"""The 36 ordered rolls."""
ROLLS = tuple((h, l) for h in range(6, 0, -1) for l in range(h, 0, -1))
"""The 21 rolls, higher die first, doubles included."""
ROLL_WEIGHTS = np.array([(1.0 if h == l else 2.0) / 36.0 for h, l in ROLLS])
"""The chance of each of :data:`ROLLS`."""
ROLL21 = np.array([ROLLS.index((max(a, b), min(a, b))) for a, b in ORDERED], dtype=np.intp)
"""The unordered roll (index into :data:`ROLLS`) of each ordered one."""
STRATUM = 36
"""Trials per stratum of first rolls: a block's size (:mod:`.blocks`)."""
_CHUNK = 64
"""Rolls drawn at a time for a trial's later plies (a trial longer than that draws more)."""
_ROTATION = 0x0D1CE
"""Mixed into the seed for the two permutations, apart from the trials' own streams."""


def rotations(seed: int) -> tuple[np.ndarray, np.ndarray]:
    """The two permutations of the 36 rolls the first and second rolls are read through."""
    rng = np.random.Generator(np.random.PCG64([_ROTATION, seed]))
    return rng.permutation(36), rng.permutation(36)


def first_rolls(seed: int, trials) -> tuple[np.ndarray, np.ndarray]:
    """``(first, second)``: the ordered roll (0..35) of each trial's first and second throw."""
    t = np.asarray(trials, dtype=np.int64)
    first, second = rotations(seed)
    i = t % STRATUM
    return first[i], second[(i + t // STRATUM) % STRATUM]


class DiceStreams:
    """The dice of some trials, by ply: ``roll(ply)`` is the ordered roll (0..35) each of
    ``trials`` throws at its ``ply``-th throw (0 the first)."""

    def __init__(self, seed: int, trials) -> None:
        self.seed = seed
        self.trials = np.asarray(trials, dtype=np.int64)
        self._first, self._second = first_rolls(seed, self.trials)
        self._generators = [np.random.Generator(np.random.PCG64([seed, int(t)])) for t in self.trials]
        self._later = np.empty((len(self.trials), 0), dtype=np.intp)

    def roll(self, ply: int) -> np.ndarray:
        """``(len(trials),)``: each trial's ordered roll at throw ``ply``."""
        if ply == 0:
            return self._first
        if ply == 1:
            return self._second
        k = ply - 2
        while k >= self._later.shape[1]:
            more = np.stack([g.integers(0, 36, _CHUNK) for g in self._generators]) if len(self.trials) else \
                np.empty((0, _CHUNK), dtype=np.intp)
            self._later = np.concatenate([self._later, more.astype(np.intp)], axis=1)
        return self._later[:, k]
