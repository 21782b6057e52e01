"""A rollout's figures put into the hint table's rows, as GNU Backgammon's hint window shows
a rolled-out play: its equity and chances replaced, its depth "R 1296" (the trials done) and
the 95% interval's half-width beside the equity.

- One unit per column: the search values plays by their cubeless equity (and cube actions by
  their cubeful one), so a play rolled out (the record's move one of the figures' estimates)
  takes the rollout's cubeless equity and its chances, and its cubeful equity, where the
  rollout had a cube, goes beside them (``details["cubeful"]``), never into the column the
  other rows are compared in: a Diff is never taken across units.
- A cube decision takes the rollout's cube figures, which are the doubler's: no double (the
  ``roll`` action) ``nd``; double the better of take and pass for the taker, ``min(dt, dp)``;
  take and pass, seen by the taker, ``-dt`` and ``-dp`` with the chances turned round.  Its
  explanation says the rollout's no double, double/take and double/pass, not the search's.
- The rows rolled out come first, best first by their new value, ranked and their ``diff``
  measured from the best of them; the rows not rolled out follow as they were, their ``diff``
  from that best too (GNU's window also mixes depths, saying each row's).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...core.analysis import CUBE
from ...core.rollout_figures import MoveEstimate, RolloutFigures
from .lockstep import CHANCES
from .plan import DOUBLE_TAKE, NO_DOUBLE

TURNED = {"win": "win", "win_gammon": "lose_gammon", "win_backgammon": "lose_backgammon",
          "lose_gammon": "win_gammon", "lose_backgammon": "win_backgammon"}
"""Each chance seen by the other side (``win`` becomes one minus itself)."""


def _chances(estimate: MoveEstimate | None, turned: bool = False) -> dict[str, float]:
    if estimate is None:
        return {}
    found = {name: e.mean for name, e in estimate.chances if name in CHANCES and e.mean is not None}
    if not turned:
        return found
    out = {TURNED[name]: value for name, value in found.items()}
    if "win" in out:
        out["win"] = 1.0 - out["win"]
    return out


def _cube_figures(figures: RolloutFigures, kind: str) -> tuple[float | None, float | None, dict]:
    """``(value, standard error, chances)`` of a cube action from the rollout's cube figures."""
    cube = figures.cube
    no_double, double = figures.of_notation(NO_DOUBLE), figures.of_notation(DOUBLE_TAKE)
    nd, dt, dp = cube.no_double.mean, cube.double_take.mean, cube.double_pass
    if kind == "roll" and nd is not None:
        return nd, cube.no_double.se, _chances(no_double)
    if kind == "double" and dt is not None:
        return min(dt, dp), cube.double_take.se if dt <= dp else None, _chances(double)
    if kind == "take" and dt is not None:
        return -dt, cube.double_take.se, _chances(double, turned=True)
    if kind == "pass":
        return -dp, None, {}
    return None, None, {}


def _cube_words(figures: RolloutFigures, explanation) -> tuple:
    """A cube row's explanation with the search's figures replaced by the rollout's."""
    cube = figures.cube
    nd, dt = cube.no_double.mean, cube.double_take.mean
    if nd is None or dt is None:
        return tuple(explanation)
    said = (f"Proper cube action: {cube.proper} (rolled out, {figures.trials_done} trials)",
            f"No double {nd:+.3f}, double/take {dt:+.3f}, double/pass {cube.double_pass:+.3f} (rolled out)")
    return said + tuple(line for line in explanation
                        if not line.startswith(("Proper cube action", "No double")))


def rolled_rows(records: list, figures: RolloutFigures) -> list:
    """``records`` (the hint table's, best first) with the rollout's figures in the rows it
    rolled out (see the module doc); the records unchanged when it rolled out none of them."""
    rolled, others = [], []
    for record in records:
        kind = record.move.kind if record.kind == CUBE else None  # the cube action's: roll, double, take, pass
        estimate = figures.of_move(record.move)
        explanation = record.explanation
        if estimate is not None:
            value, se = estimate.equity.mean, estimate.equity.se
            chances = _chances(estimate)
            if estimate.cubeful is not None and estimate.cubeful.mean is not None:
                chances["cubeful"] = estimate.cubeful.mean
        elif figures.cube is not None and kind is not None:
            value, se, chances = _cube_figures(figures, kind)
            explanation = _cube_words(figures, explanation)
        else:
            value = None
        if value is None:
            others.append(record)
            continue
        details: dict[str, Any] = {**record.details, **chances, "equity": value}
        rolled.append(replace(record, value=value, details=details, depth=f"R {figures.trials_done}",
                              half_width=None if se is None else 1.96 * se, exact=True, explanation=explanation))
    if not rolled:
        return list(records)
    rolled.sort(key=lambda r: -r.value)
    best = rolled[0].value
    ranked = [replace(r, rank=i, diff=r.value - best) for i, r in enumerate(rolled, 1)]
    return ranked + [replace(r, rank=len(ranked) + i, diff=r.value - best) for i, r in enumerate(others, 1)]
