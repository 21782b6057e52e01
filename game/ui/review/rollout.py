"""Rolling out a reviewed decision from the Review screen (O, "roll out this decision"): the
decision's alternatives (the top five and the play made) or its cube decision, in a worker
process (:class:`~game.ui.jobs.rollout.RolloutJob`); the alternatives table then shows the rollout's
figures in place of the review's, re-ranked, each value with its 95% interval ("+0.123 ±0.011"),
and its title says how far the rollout has come.  O again stops, keeping what finished; each
decision keeps its latest figures while the screen is open.  No pygame here.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...core.capabilities import Rollouts
from ...core.review.report import Decision
from ...core.rollout_figures import RolloutFigures
from ..analysis.rollout_settings import rollout_options
from ..jobs.rollout import RolloutJob, follow

CHANCES = ("win", "win_gammon", "win_backgammon", "lose_gammon", "lose_backgammon")


def rolled_decision(decision: Decision, figures: RolloutFigures) -> Decision:
    """``decision`` with a rollout's figures: the cube's no double, double/take and double/pass
    and proper action at a cube decision, else the alternatives it rolled out, re-ranked by
    their rollout's cubeless equity, the unit of the review's other alternatives (a Diff is
    never taken across units), first; the others after them."""
    cube = figures.cube
    if decision.cube is not None and cube is not None:
        nd_mwc, dt_mwc, dp_mwc = cube.match_chances or (None, None, None)
        return replace(decision, cube=replace(decision.cube, nd=cube.no_double.mean, dt=cube.double_take.mean,
                                              dp=cube.double_pass, proper=cube.proper or decision.cube.proper,
                                              nd_mwc=nd_mwc, dt_mwc=dt_mwc, dp_mwc=dp_mwc))
    rolled, others = [], []
    for a in decision.alternatives:
        estimate = figures.of_notation(a.move)  # an alternative's move is its notation
        if estimate is None or estimate.equity.mean is None:
            others.append(a)
            continue
        means = {name: e.mean for name, e in estimate.chances if e.mean is not None}
        chances = tuple((k, means[k]) for k, _ in a.chances if k in means) or tuple(
            (k, means[k]) for k in CHANCES[:3] if k in means)
        rolled.append(replace(a, equity=estimate.equity.mean, chances=chances))  # cubeless, as the others
    if not rolled:
        return decision
    rolled.sort(key=lambda a: -a.equity)
    best = rolled[0].equity
    ranked = [replace(a, rank=i, diff=a.equity - best) for i, a in enumerate(rolled + others, 1)]
    return replace(decision, alternatives=tuple(ranked))


def interval_of(figures: RolloutFigures | None, move: str) -> float | None:
    """The 95% half-width of ``move``'s rollout equity (cubeless) in ``figures``, if it was rolled out."""
    estimate = figures.of_notation(move) if figures is not None else None
    if estimate is None or estimate.equity.se is None:
        return None
    return 1.96 * estimate.equity.se


class ReviewRollouts:
    """The Review screen's rollouts: one job at a time, the figures of each decision by ply."""

    options: dict[str, Any] = {}
    """Rollout options over the Rollout settings' (:mod:`..analysis.rollout_settings`; tests make it short)."""
    processes = True

    def __init__(self, info, banner, settings) -> None:
        self.info, self.banner, self.settings = info, banner, settings
        self.offered = info.has(Rollouts)
        self.job: RolloutJob | None = None
        self.ply: int | None = None
        self.figures: dict[int, RolloutFigures] = {}
        """Ply → the latest figures of its decision's rollout."""

    def toggle(self, decision: Decision | None, state) -> None:
        """O: stop the rollout running, else roll out ``decision`` (at ``state``)."""
        if not self.offered:
            return
        if self.job is not None and self.job.running:
            self.job.cancel()
            self._keep()
            self.banner.show(self.job.kept_words(), seconds=4)
            return
        if decision is None or (decision.cube is None and not decision.alternatives):
            self.banner.show("A forced move: nothing to roll out.", seconds=3)
            return
        moves = None
        if decision.cube is None:
            chosen = [a.move for a in decision.alternatives[:self.settings.rollout_top]]
            played = decision.played_alternative
            moves = chosen + ([played.move] if played is not None and played.move not in chosen else [])
        self.ply = decision.ply
        options = {**rollout_options(self.settings, self.info.ability(Rollouts).defaults), **self.options}
        self.job = RolloutJob(self.info, state, moves, options, processes=self.processes)

    def update(self) -> None:
        self.job = follow(self.job, self.banner, self._keep)

    def _keep(self, job: RolloutJob | None = None) -> None:
        job = job or self.job
        if job is not None and job.figures is not None:
            self.figures[self.ply] = job.figures

    def shown(self, decision: Decision | None) -> tuple[Decision | None, RolloutFigures | None, str]:
        """``(the decision as the table shows it, its rollout's figures, the title's note)``."""
        if decision is None:
            return None, None, ""
        figures = self.figures.get(decision.ply)
        running = self.job is not None and self.job.running and self.ply == decision.ply
        if running:
            note = f"rolling out {self.job.progress_words()}"
        elif figures is not None:
            stopped = ", stopped" if figures.partial else ""
            note = f"rollout {figures.trials_done} trials{stopped}"
        else:
            return decision, None, ""
        return (decision if figures is None else rolled_decision(decision, figures)), figures, note

    def close(self) -> None:
        if self.job is not None and self.job.running:
            self.job.cancel()
