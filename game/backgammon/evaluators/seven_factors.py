"""Seed 000's "seven factors" position evaluation (kleimeyer-dot-com ``evaluatePosition``).

The value E is the plain sum of seven weighted terms, for the side on roll P against O,
everything in each side's own numbering (the source's White numbering is absolute; its
Black is mirrored, which is why Black's key points 18 and 20 are own points 7 and 5):

- pip: (pips(O) − pips(P)) / 162 × 0.25, a bar checker counting 25 pips;
- blot: blot_sign × Σ over P's blots of (hitting rolls / 36 × hit impact) × 0.20;
- made: (#made(P) + 0.5 per made key point, 5 and 7) × 0.15;
- prime: L = longest run of P's made points, uncapped: (1.5 L if L ≥ 4 else L) × 0.12;
- home: (P's checkers on 1..6 × 0.1 + P's made points on 1..6 × 0.5) × 0.10;
- anchor: P's made points on 19..24 × 0.08;
- contact: in contact, ((#made(P) − #made(O)) × 0.3 + (#blots(O) − #blots(P)) × 0.2) × 0.10.

Decisions for Tabula (spec (a) and its "Decisions"): blot risk is a penalty
(``blot_sign=-1``; ``+1`` is the source's addition), hitting rolls are counted correctly
(:func:`.shots.hit_masks`; ``correct_blocking=False`` gives the source's counter, whose sum
over attackers is capped at 36), and contact means the sides have not passed each other:
P's furthest checker (bar = 25) is further back than O's furthest one, seen in P's
numbering.  ``blot_sign=+1, correct_blocking=False`` reproduces the spec's test vectors.
"""

from __future__ import annotations

import numpy as np

from .arrays import as_batch, flip, popcount, row_dot, slot_bits
from .base import Evaluator, through_univariate
from .shots import source_blot_risk, weighted_blot_risk

__all__ = ["SevenFactors", "SEVEN_FACTOR_NAMES", "seven_factor_terms", "playout_credit"]

SEVEN_FACTOR_NAMES = ("pip", "blot", "made", "prime", "home", "anchor", "contact")

_POINTS = np.uint32(((1 << 25) - 1) & ~1)
_HOME = np.uint32(0b111111 << 1)  # points 1..6
_FAR = np.uint32(0b111111 << 19)  # points 19..24
_KEY = np.uint32((1 << 5) | (1 << 7))  # key points 5 and 7
_ON = np.uint32(((1 << 26) - 1) & ~1)  # slots 1..25: points and bar
_PIPS = np.arange(1, 26, dtype=np.float64)


def _run_length(bits: np.ndarray) -> np.ndarray:
    """Longest run of consecutive set bits in each mask (uncapped)."""
    bits = bits.copy()
    length = np.zeros(bits.shape, dtype=np.int64)
    while bits.any():
        length += bits != 0
        bits &= bits >> np.uint32(1)
    return length


def _furthest(occupied_bits: np.ndarray) -> np.ndarray:
    """The highest set bit of each mask of slots 1..25 (bar = 25); 0 for an empty mask."""
    return np.maximum(np.frexp(occupied_bits.astype(np.float64))[1] - 1, 0)


def seven_factor_terms(batch: np.ndarray, blot_sign: float = -1.0, correct_blocking: bool = True) -> np.ndarray:
    """``(N, 7)``: the weighted terms of :data:`SEVEN_FACTOR_NAMES` for the side on roll."""
    batch = as_batch(batch)
    made = slot_bits(batch >= 2) & _POINTS  # (N, 2) bit masks, bit p = own point p
    made_count = popcount(made)
    blots = popcount(slot_bits(batch == 1) & _POINTS)
    pips = batch[:, :, 1:26].astype(np.float64) @ _PIPS
    furthest = _furthest(slot_bits(batch > 0) & _ON)
    me = made[:, 0]

    risk = weighted_blot_risk(batch) if correct_blocking else source_blot_risk(batch)
    prime = _run_length(me).astype(np.float64)
    contact = furthest[:, 0] + furthest[:, 1] > 25
    home_checkers = batch[:, 0, 1:7].sum(axis=1, dtype=np.int64)

    terms = np.empty((batch.shape[0], 7))
    terms[:, 0] = (pips[:, 1] - pips[:, 0]) / 162 * 0.25
    terms[:, 1] = blot_sign * risk * 0.20
    terms[:, 2] = (made_count[:, 0] + 0.5 * popcount(me & _KEY)) * 0.15
    terms[:, 3] = np.where(prime >= 4, 1.5 * prime, prime) * 0.12
    terms[:, 4] = (home_checkers * 0.1 + popcount(me & _HOME) * 0.5) * 0.10
    terms[:, 5] = popcount(me & _FAR) * 0.08
    made_diff, blot_diff = made_count[:, 0] - made_count[:, 1], blots[:, 1] - blots[:, 0]
    terms[:, 6] = np.where(contact, (made_diff * 0.3 + blot_diff * 0.2) * 0.10, 0.0)
    return terms


class SevenFactors(Evaluator):
    """Seed 000's evaluation E(side on roll): higher is better, typically −2..2.

    ``blot_sign`` (−1 penalty, +1 the source's addition) and ``correct_blocking`` (False: the
    source's quirky shot counter) select the variant; the defaults are Tabula's decisions.
    """

    higher_is_better = True
    factors = SEVEN_FACTOR_NAMES
    description = "Seed 000: seven weighted factors (pips, blot risk, points, prime, home, anchors, contact)"

    def __init__(self, blot_sign: float = -1.0, correct_blocking: bool = True, name: str = "seven-factors"):
        if blot_sign not in (-1, 1):
            raise ValueError("blot_sign must be -1 (penalty) or +1 (the source's sign)")
        self.blot_sign = float(blot_sign)
        self.correct_blocking = correct_blocking
        self.name = name

    def _contributions(self, batch: np.ndarray) -> np.ndarray:
        return seven_factor_terms(batch, self.blot_sign, self.correct_blocking)

    def evaluate(self, batch: np.ndarray) -> np.ndarray:
        return row_dot(self._contributions(batch), np.ones(7))

    def relative(self, batch: np.ndarray) -> np.ndarray:
        """``(N,)``: E(side on roll) − E(opponent), the difference the seed's playouts score."""
        return self.evaluate(batch) - self.evaluate(flip(batch))

    def raw_equity(self, batch: np.ndarray) -> np.ndarray:
        """The seed's playout credit as points: ``clamp((E(me) − E(opp)) / 2, −1, 1)``."""
        return 2.0 * playout_credit(self.relative(batch)) - 1.0

    def play_factors(self, batch: np.ndarray) -> tuple[tuple[str, ...], np.ndarray]:
        """Each term of E(mover) − E(opponent), through the equity's clamp(ΔE/2, ±1)
        (:func:`.base.through_univariate`; slope 1/2 at 0)."""
        batch = as_batch(batch)
        parts = self._contributions(batch) - self._contributions(flip(batch))
        return self.factors, through_univariate(parts, self.play_values(batch), 0.5 * self.curve_slope())


def playout_credit(relative: np.ndarray) -> np.ndarray:
    """Seed 000's credit for an unfinished playout: ``(clamp(ΔE / 2, −1, 1) + 1) / 2``."""
    return (np.clip(np.asarray(relative, dtype=np.float64) / 2, -1.0, 1.0) + 1) / 2
