"""Backgammon's :class:`~game.core.capabilities.Rollouts`, as ``info.ability(Rollouts)`` loads it."""

from __future__ import annotations

from .figures import figures_of
from .plan import SELECT_LEVEL, TRIAL_LEVEL, plan
from .report import lines, progress_line, to_json
from .rows import rolled_rows
from .run import run
from .spec import PRUNE_KEEP


class BackgammonRollouts:
    """Plans (:func:`.plan.plan`), runs (:func:`.run.run`, its rollouts handed on as
    :class:`~game.core.rollout_figures.RolloutFigures` by :func:`.figures.figures_of`) and
    reports (:mod:`.report`, :mod:`.rows`)."""

    defaults = {"trials": 1296, "level": TRIAL_LEVEL, "select_level": SELECT_LEVEL, "evaluator": None,
                "seed": 0, "truncate": None, "variance_reduction": True, "bearoff": True, "stop_ci": None,
                "early_stop": True, "prune": PRUNE_KEEP, "top": None,
                "cubeless": False}

    def plan(self, state, moves=None, **options):
        unknown = sorted(set(options) - set(self.defaults))
        if unknown:
            raise ValueError(f"unknown rollout option {unknown[0]!r}; options: {', '.join(self.defaults)}")
        return plan(state, moves, **options)

    def planned(self, plan) -> tuple[int, int]:
        return plan.trials, len(plan.candidates)

    def blocks(self, plan) -> int:
        return plan.blocks

    def run(self, plan, workers=1, cluster="local", address=None, progress=None, cancel=None):
        heard = None if progress is None else (lambda rollout: progress(figures_of(rollout)))
        return figures_of(run(plan, workers, cluster, address, heard, cancel))

    def to_json(self, figures) -> dict:
        return to_json(figures)

    def lines(self, figures) -> list[str]:
        return lines(figures)

    def rows(self, records, figures) -> list:
        return rolled_rows(records, figures)

    def progress_line(self, figures) -> str:
        return progress_line(figures)


ROLLOUTS = BackgammonRollouts()
