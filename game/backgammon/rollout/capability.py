"""Backgammon's :class:`~game.core.capabilities.Rollouts`, as ``info.ability(Rollouts)`` loads it."""

from __future__ import annotations

from .plan import SELECT_LEVEL, TRIAL_LEVEL, plan
from .report import lines, to_json
from .results import EQUITY
from .rows import rolled_rows
from .run import run
from .spec import PRUNE_KEEP


class BackgammonRollouts:
    """Plans (:func:`.plan.plan`), runs (:func:`.run.run`) and reports (:mod:`.report`)."""

    defaults = {"trials": 1296, "level": TRIAL_LEVEL, "select_level": SELECT_LEVEL, "evaluator": None,
                "seed": 0, "truncate": None, "variance_reduction": True, "bearoff": True, "stop_ci": None,
                "early_stop": True, "prune": PRUNE_KEEP}

    def plan(self, state, moves=None, **options):
        unknown = sorted(set(options) - set(self.defaults))
        if unknown:
            raise ValueError(f"unknown rollout option {unknown[0]!r}; options: {', '.join(self.defaults)}")
        return plan(state, moves, **options)

    def blocks(self, plan) -> int:
        return plan.blocks

    def run(self, plan, workers=1, cluster="local", address=None, progress=None, cancel=None):
        return run(plan, workers, cluster, address, progress, cancel)

    def to_json(self, rollout) -> dict:
        return to_json(rollout)

    def lines(self, rollout) -> list[str]:
        return lines(rollout)

    def rows(self, records, figures) -> list:
        return rolled_rows(records, figures)

    def progress_line(self, rollout) -> str:
        tally = rollout.tally
        spec = tally.spec
        if not tally.trials:
            return f"rollout: 0/{spec.trials} trials"
        best = tally.order()[0]
        e = tally.estimate(best, tally.ranked_by)
        width = "" if e.se != e.se else f" ±{e.half_width:.3f}"
        what = "cubeful" if tally.ranked_by != EQUITY else "equity"
        return (f"rollout: {tally.trials}/{spec.trials} trials, {rollout.elapsed:.0f} s; best "
                f"{spec.candidates[best].label} {what} {e.mean:+.3f}{width}")


ROLLOUTS = BackgammonRollouts()
