"""A :class:`~.run.Rollout` (its tally of blocks) as the shared, frozen
:class:`~game.core.rollout_figures.RolloutFigures`: what the game's rollouts hand ``progress``
and return, and what the reports (:mod:`.report`) and the hint rows (:mod:`.rows`) read.

Each candidate's seven quantities become estimates (NaN, no trials or fewer than two, becomes
``None``), the candidates ordered best first as :meth:`.results.Tally.order` ranks them, the
cube action where the rollout had a cube decision.  Nothing is rounded here: rounding is the
JSON's business.
"""

from __future__ import annotations

import math

from ...core.rollout_figures import CubeEstimate, Estimate, MoveEstimate, RolloutFigures
from .lockstep import CHANCES
from .results import Tally
from .run import Rollout


def _number(value: float) -> float | None:
    return None if math.isnan(value) else float(value)


def _estimate(tally: Tally, candidate: int, quantity: str) -> Estimate:
    e = tally.estimate(candidate, quantity)
    return Estimate(_number(e.mean), _number(e.se))


def move_estimate(tally: Tally, index: int) -> MoveEstimate:
    """Candidate ``index`` of the tally's spec as a :class:`MoveEstimate`."""
    spec = tally.spec
    candidate = spec.candidates[index]
    count = int(tally.counts[index])
    return MoveEstimate(move=candidate.move, notation=candidate.label, equity=_estimate(tally, index, "equity"),
                        cubeful=_estimate(tally, index, "cubeful") if spec.cubeful else None,
                        chances=tuple((name, _estimate(tally, index, name)) for name in CHANCES),
                        trials=count, seconds=float(tally.seconds[index]),
                        plies=float(tally.plies[index]) / max(count, 1))


def cube_estimate(tally: Tally) -> CubeEstimate | None:
    """The tally's cube action (:meth:`.results.Tally.cube_action`), ``None`` without one."""
    action = tally.cube_action()
    if action is None:
        return None
    match = tuple(float(action[k]) for k in ("nd_mwc", "dt_mwc", "dp_mwc")) if "nd_mwc" in action else None
    return CubeEstimate(no_double=Estimate(_number(action["nd"]), _number(action["nd_se"])),
                        double_take=Estimate(_number(action["dt"]), _number(action["dt_se"])),
                        double_pass=float(action["dp"]), proper=action["proper"], match_chances=match)


def figures_of(rollout: Rollout) -> RolloutFigures:
    """``rollout``'s figures (see the module doc)."""
    tally, spec = rollout.tally, rollout.spec
    return RolloutFigures(estimates=tuple(move_estimate(tally, c) for c in tally.order()),
                          trials_done=tally.trials, trials=spec.trials, stopped=rollout.stopped,
                          seconds=float(rollout.elapsed), cube=cube_estimate(tally), plan=spec)
