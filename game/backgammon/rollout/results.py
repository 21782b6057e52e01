"""Adding up blocks of trials into estimates with standard errors, and when to stop.

Blocks are added in the order of their numbers (:class:`Tally` keeps only the unbroken run
from block 0; :func:`combine` sorts first), so the sums, and every figure and stopping
decision made from them, are the same bits however many processes played the blocks and in
whatever order they finished.

Each trial gives one value of each of :data:`~.lockstep.QUANTITIES`; an estimate is their
mean, its standard error ``s/√n`` (``s`` the sample standard deviation; the quasi-random
dice make the real error a little smaller, so the intervals are on the safe side) and the
95% interval ``mean ± 1.96·se``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from ..cube.decision import classify
from .cubeful import ROOT
from .lockstep import QUANTITIES, BlockResult
from .spec import CLEAR_LEAD, MIN_EARLY_STOP, RolloutSpec

Z95 = 1.959963984540054
"""The normal distribution's two-sided 95% point."""
EQUITY, CUBEFUL = QUANTITIES.index("equity"), QUANTITIES.index("cubeful")


@dataclass(frozen=True)
class Estimate:
    """A mean, its standard error (NaN with fewer than two trials) and its 95% interval."""

    mean: float
    se: float

    @property
    def half_width(self) -> float:
        return Z95 * self.se

    @property
    def interval(self) -> tuple[float, float]:
        return self.mean - self.half_width, self.mean + self.half_width


@dataclass
class Tally:
    """The sums of the blocks added so far (block 0 onwards, in order), per candidate."""

    spec: RolloutSpec
    blocks: int = 0
    counts: np.ndarray = field(default=None)
    sums: np.ndarray = field(default=None)
    squares: np.ndarray = field(default=None)
    plies: np.ndarray = field(default=None)
    seconds: np.ndarray = field(default=None)

    def __post_init__(self) -> None:
        c = len(self.spec.candidates)
        if self.counts is None:
            self.counts = np.zeros(c, dtype=np.int64)
            self.sums, self.squares = np.zeros((c, len(QUANTITIES))), np.zeros((c, len(QUANTITIES)))
            self.plies, self.seconds = np.zeros(c, dtype=np.int64), np.zeros(c)

    def add(self, block: BlockResult) -> None:
        """Add the next block (it must be block number :attr:`blocks`)."""
        if block.index != self.blocks:
            raise ValueError(f"block {block.index} added where block {self.blocks} is due")
        self.blocks += 1
        self.counts += np.array(block.counts)
        self.sums += block.sums
        self.squares += block.squares
        plies = np.array(block.plies)
        self.plies += plies
        self.seconds += block.seconds * plies / max(int(plies.sum()), 1)

    def with_block(self, block: BlockResult) -> Tally:
        """A copy with ``block`` (the next, often part of one still going) added."""
        found = self.copy()
        found.add(block)
        return found

    def copy(self) -> Tally:
        """A copy that later blocks do not change (what progress reports hand out)."""
        return Tally(self.spec, self.blocks, self.counts.copy(), self.sums.copy(), self.squares.copy(),
                     self.plies.copy(), self.seconds.copy())

    # ------------------------------------------------------------------ figures

    @property
    def trials(self) -> int:
        """Trials every candidate has played."""
        return int(self.counts.min()) if len(self.counts) else 0

    def estimate(self, candidate: int, quantity: str | int) -> Estimate:
        q = QUANTITIES.index(quantity) if isinstance(quantity, str) else quantity
        n = int(self.counts[candidate])
        if n == 0:
            return Estimate(math.nan, math.nan)
        s, ss = self.sums[candidate, q], self.squares[candidate, q]
        mean = s / n
        if n < 2:
            return Estimate(float(mean), math.nan)
        variance = max(ss - s * s / n, 0.0) / (n - 1)
        return Estimate(float(mean), math.sqrt(variance / n))

    @property
    def ranked_by(self) -> int:
        """The quantity candidates are ranked by: cubeful equity where there is a cube."""
        return CUBEFUL if self.spec.cubeful else EQUITY

    def order(self) -> list[int]:
        """The candidates, best first (ties in the given order)."""
        means = [self.estimate(c, self.ranked_by).mean for c in range(len(self.counts))]
        return sorted(range(len(means)), key=lambda c: (-means[c] if not math.isnan(means[c]) else math.inf, c))

    def stop_reason(self) -> str | None:
        """Why the rollout stops here: ``"trials"`` (all played), ``"ci"`` (every 95% half-width
        at most ``stop_ci``), ``"clear"`` (the best leads by :data:`CLEAR_LEAD` standard errors);
        ``None`` to go on."""
        spec, n = self.spec, self.trials
        if n >= spec.trials:
            return "trials"
        if n < min(MIN_EARLY_STOP, spec.trials):
            return None
        found = [self.estimate(c, self.ranked_by) for c in range(len(self.counts))]
        if spec.stop_ci is not None and all(e.half_width <= spec.stop_ci for e in found):
            return "ci"
        if spec.early_stop and len(found) > 1:
            best = self.order()[0]
            if all(found[best].mean - e.mean > CLEAR_LEAD * math.hypot(found[best].se, e.se)
                   for c, e in enumerate(found) if c != best):
                return "clear"
        return None

    def cube_action(self) -> dict | None:
        """Before the roll with a cube decision: no double, double/take and double/pass
        (cubeful, in the units of :meth:`~.cubeful.Stakes.normalise`) and the proper action in
        GNU Backgammon's words; ``None`` otherwise."""
        spec = self.spec
        if spec.decision != "cube" or self.trials == 0:
            return None
        nd, dt = self.estimate(0, CUBEFUL), self.estimate(1, CUBEFUL)
        stakes = spec.stakes
        context = stakes.context(True, stakes.value, stakes.owner)
        verdict = classify(nd.mean, dt.mean, 1.0, can_gammon=self.estimate(0, "win_gammon").mean > 0,
                           beavers=context.beavers and context.is_money,
                           dead=not context.is_money and context.dead_for_me)
        action = {"nd": nd.mean, "nd_se": nd.se, "dt": dt.mean, "dt_se": dt.se, "dp": 1.0,
                  "proper": verdict.words(redouble=stakes.owner == ROOT)}
        if stakes.is_match:  # the same figures as match winning chances, as the cube analysis shows them
            action.update({f"{k}_mwc": stakes.mwc(action[k]) for k in ("nd", "dt", "dp")})
        return action


def combine(spec: RolloutSpec, blocks) -> Tally:
    """The tally of ``blocks`` (any order; they must be blocks 0..k−1 of ``spec``)."""
    tally = Tally(spec)
    for block in sorted(blocks, key=lambda b: b.index):
        tally.add(block)
    return tally
