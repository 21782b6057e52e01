"""A rollout's figures (:class:`~game.core.rollout_figures.RolloutFigures`, :mod:`.figures`) as
``tabula rollout``'s JSON, as text, and as a progress line.

JSON: ``{"position", "dice", "trials", "truncate", "seed", "candidates": [...], ...}`` with
one entry per candidate, best first: ``"move"``, the five chances (``"win"``,
``"win_gammon"``, ``"win_backgammon"``, ``"lose_gammon"``, ``"lose_backgammon"``),
``"equity"`` (cubeless, money points per game) and ``"equity_se"``, ``"cubeful"`` and
``"cubeful_se"`` (``null`` without a cube: per unit of the cube in money, EMG in a match),
``"trials"`` done; and, added, each figure's ``"_se"`` and ``"_ci"`` (the 95% interval),
``"seconds"`` (the time spent on its trials), ``"plies"`` (average plies a trial lasted) and
``"diff"`` (its cubeful equity with a cube, else its cubeless one, less the best's).
The top level adds ``"trials_done"``, ``"stopped"``, ``"seconds"``, the settings
(``"level"``, ``"evaluator"``, ``"variance_reduction"``, ``"prune"``, ``"cubeful"``,
``"units"``) and, before the roll with a cube decision, ``"cube"``: ``{"nd", "nd_se", "dt",
"dt_se", "dp", "proper"}``, in a match also ``"nd_mwc"``, ``"dt_mwc"``, ``"dp_mwc"``.  Chances
are fractions (0..1); a standard error is ``null`` with fewer than two trials.
"""

from __future__ import annotations

import math

from ...core.rollout_figures import Estimate, MoveEstimate, RolloutFigures
from ..analysis.levels import get_level
from .lockstep import CHANCES, QUANTITIES


def _number(value: float | None, digits: int = 6):
    return None if value is None or math.isnan(value) else round(float(value), digits)


def candidate_json(estimate: MoveEstimate) -> dict:
    out = {"move": estimate.notation}
    by_name = {**dict(estimate.chances), "equity": estimate.equity, "cubeful": estimate.cubeful}
    for quantity in QUANTITIES:
        e = by_name[quantity]
        if e is None:  # no cube
            out.update({quantity: None, f"{quantity}_se": None, f"{quantity}_ci": None})
            continue
        interval = e.interval
        out[quantity] = _number(e.mean)
        out[f"{quantity}_se"] = _number(e.se)
        out[f"{quantity}_ci"] = None if e.se is None else [_number(interval[0]), _number(interval[1])]
    out["trials"] = estimate.trials
    out["seconds"] = round(estimate.seconds, 3)
    out["plies"] = round(estimate.plies, 2)
    return out


def units(figures: RolloutFigures) -> str | None:
    stakes = figures.plan.stakes
    if stakes is None:
        return None
    return "EMG" if stakes.is_match else "points per unit of the cube"


def to_json(figures: RolloutFigures) -> dict:
    """``tabula rollout --json`` (see the module doc)."""
    spec = figures.plan
    out = {"position": spec.position, "dice": spec.dice, "trials": spec.trials, "truncate": spec.truncate,
           "seed": spec.seed, "candidates": _with_diffs([candidate_json(e) for e in figures.estimates], figures),
           "trials_done": figures.trials_done, "stopped": figures.stopped, "seconds": round(figures.seconds, 3),
           "level": spec.level, "evaluator": spec.evaluator, "variance_reduction": spec.variance_reduction,
           "prune": spec.prune, "cubeful": spec.cubeful, "units": units(figures)}
    cube = figures.cube
    if cube is not None:
        out["cube"] = {"nd": _number(cube.no_double.mean), "nd_se": _number(cube.no_double.se),
                       "dt": _number(cube.double_take.mean), "dt_se": _number(cube.double_take.se),
                       "dp": _number(cube.double_pass), "proper": cube.proper}
        if cube.match_chances is not None:
            out["cube"].update(zip(("nd_mwc", "dt_mwc", "dp_mwc"), map(_number, cube.match_chances)))
    return out


def _with_diffs(candidates: list[dict], figures: RolloutFigures) -> list[dict]:
    """Each candidate with ``"diff"``: its value (cubeful with a cube, else cubeless) less the best's."""
    key = "cubeful" if figures.plan.cubeful else "equity"
    best = candidates[0][key] if candidates else None
    for row in candidates:
        row["diff"] = None if best is None or row[key] is None else _number(row[key] - best)
    return candidates


STOPPED = {"trials": "all trials played", "ci": "every 95% interval within --stop-ci",
           "clear": "the best play clearly ahead", "cancelled": "cancelled", "interrupted": "interrupted"}


def lines(figures: RolloutFigures) -> list[str]:
    """The rollout as text: the settings, a table of the candidates, the cube action."""
    spec = figures.plan
    level = get_level(spec.level)
    what = f"{spec.position}" + (f", dice {spec.dice}" if spec.dice else ", before the roll")
    cut = f"truncated at {spec.truncate} plies" if spec.truncate is not None else "played out"
    settings = [f"{level.plies}-ply play ({spec.level})", f"evaluator {spec.evaluator}", f"seed {spec.seed}",
                cut + (", bearoffs from the database" if spec.bearoff else ""),
                "variance reduction" if spec.variance_reduction else "no variance reduction",
                f"plays pruned to {spec.prune} a roll" if spec.prune else "no pruning"]
    out = [f"Rollout of {what}: {figures.trials_done} of {spec.trials} trials "
           f"({STOPPED.get(figures.stopped, 'running')}, {figures.seconds:.1f} s)", "  " + ", ".join(settings)]
    cubeful = spec.cubeful
    head = f"  {'#':>2}  {spec_column(spec):<22} {'Equity':>8} {'±95%':>6}"
    if cubeful:
        head += f" {'Cubeful':>8} {'±95%':>6}"
    head += f" {'Diff':>7}  " + "  ".join(f"{title:>10}" for title in CHANCE_TITLES) + "  Trials"
    out.append(head)
    ranked = [e.value for e in figures.estimates]
    best = _mean(ranked[0]) if ranked else math.nan
    for rank, (e, value) in enumerate(zip(figures.estimates, ranked), 1):
        row = f"  {rank:>2}  {e.notation:<22} {_signed(e.equity)}"
        if cubeful:
            row += f" {_signed(e.cubeful)}"
        row += " " + ("" if rank == 1 else f"{_mean(value) - best:+.3f}").rjust(7)
        chances = "  ".join(_percent(e.chance(q)) for q in CHANCES)
        out.append(f"{row}  {chances} {e.trials:>7}")
    out.append("  Diff: " + ("cubeful" if cubeful else "cubeless") + " equity behind the best; each ±95% is the "
               "half-width of the 95% interval")
    if cubeful:
        out.append(f"  Cubeful equity in {units(figures)}; chances in % for the player "
                   + ("to play" if spec.decision == "play" else "on roll"))
    cube = figures.cube
    if cube is not None:
        out.append(f"  No double {_mean(cube.no_double):+.3f}, double/take {_mean(cube.double_take):+.3f}, "
                   "double/pass +1.000")
        if cube.match_chances is not None:
            out.append("  As match winning chances: " + ", ".join(
                f"{words} {100 * value:.1f}%" for words, value in zip(("no double", "double/take", "double/pass"),
                                                                     cube.match_chances)))
        out.append(f"  Proper cube action: {cube.proper}")
    return out


def progress_line(figures: RolloutFigures) -> str:
    """One line on a run in progress: trials done, time, the best so far."""
    if not figures.trials_done:
        return f"rollout: 0/{figures.trials} trials"
    best = figures.estimates[0]
    e = best.value
    width = "" if e.se is None else f" ±{e.half_width:.3f}"
    what = "cubeful" if best.cubeful is not None else "equity"
    return (f"rollout: {figures.trials_done}/{figures.trials} trials, {figures.seconds:.0f} s; best "
            f"{best.notation} {what} {_mean(e):+.3f}{width}")


def spec_column(spec) -> str:
    return "Play" if spec.decision == "play" else "Line"


def _mean(e: Estimate | None) -> float:
    return math.nan if e is None or e.mean is None else e.mean


CHANCE_TITLES = ("Win", "W(g)", "W(bg)", "L(g)", "L(bg)")


def _percent(e: Estimate | None) -> str:
    """A chance in % with its 95% half-width: ``52.3±1.1`` (10 wide)."""
    width = "" if e is None or e.se is None else f"±{100 * e.half_width:.1f}"
    return f"{100 * _mean(e):.1f}{width}".rjust(10)


def _signed(e: Estimate) -> str:
    width = "" if e.se is None else f"{e.half_width:.3f}"
    return f"{_mean(e):+8.3f} {width:>6}"
