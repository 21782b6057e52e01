"""A rollout's figures put into the hint table's rows, as GNU Backgammon's hint window shows
a rolled-out play: its equity and chances replaced, its depth "R 1296" (the trials done) and
the 95% interval's half-width beside the equity.

- A play rolled out (its notation a candidate's) takes the candidate's cubeful equity where
  the rollout has a cube, else its cubeless equity, and the candidate's chances.
- A cube decision takes the rollout's cube figures, which are the doubler's: no double (the
  ``roll`` action) ``nd``; double the better of take and pass for the taker, ``min(dt, dp)``;
  take and pass, seen by the taker, ``-dt`` and ``-dp`` with the chances turned round.
- The rows rolled out come first, best first by their new value, ranked and their ``diff``
  measured from the best of them; the rows not rolled out follow as they were, their ``diff``
  from that best too (GNU's window also mixes depths, saying each row's).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .lockstep import QUANTITIES

CHANCES = QUANTITIES[:5]
TURNED = {"win": "win", "win_gammon": "lose_gammon", "win_backgammon": "lose_backgammon",
          "lose_gammon": "win_gammon", "lose_backgammon": "win_backgammon"}
"""Each chance seen by the other side (``win`` becomes one minus itself)."""


def _value_of(candidate: dict) -> tuple[float | None, float | None]:
    """``(value, standard error)`` of a candidate: cubeful where there is a cube."""
    if candidate.get("cubeful") is not None:
        return candidate["cubeful"], candidate.get("cubeful_se")
    return candidate.get("equity"), candidate.get("equity_se")


def _chances(candidate: dict, turned: bool = False) -> dict[str, float]:
    if not turned:
        return {name: candidate[name] for name in CHANCES if candidate.get(name) is not None}
    out = {TURNED[name]: candidate[name] for name in CHANCES if candidate.get(name) is not None}
    if "win" in out:
        out["win"] = 1.0 - out["win"]
    return out


def _cube_figures(figures: dict, kind: str) -> tuple[float | None, float | None, dict]:
    """``(value, standard error, chances)`` of a cube action from the rollout's cube figures."""
    cube = figures.get("cube") or {}
    by_move = {c["move"]: c for c in figures.get("candidates", [])}
    no_double, double = by_move.get("No double", {}), by_move.get("Double/take", {})
    nd, dt, dp = cube.get("nd"), cube.get("dt"), cube.get("dp")
    if kind == "roll" and nd is not None:
        return nd, cube.get("nd_se"), _chances(no_double)
    if kind == "double" and dt is not None and dp is not None:
        return min(dt, dp), cube.get("dt_se") if dt <= dp else None, _chances(double)
    if kind == "take" and dt is not None:
        return -dt, cube.get("dt_se"), _chances(double, turned=True)
    if kind == "pass" and dp is not None:
        return -dp, None, {}
    return None, None, {}


def rolled_rows(records: list, figures: dict) -> list:
    """``records`` (the hint table's, best first) with the rollout's figures in the rows it
    rolled out (see the module doc); the records unchanged when it rolled out none of them."""
    trials = int(figures.get("trials_done") or 0)
    by_move = {c["move"]: c for c in figures.get("candidates", [])}
    rolled, others = [], []
    for record in records:
        kind = getattr(record.move, "kind", None)
        if record.notation in by_move:
            candidate = by_move[record.notation]
            value, se = _value_of(candidate)
            chances = _chances(candidate)
        elif figures.get("cube") and kind is not None:
            value, se, chances = _cube_figures(figures, kind)
        else:
            value = None
        if value is None:
            others.append(record)
            continue
        details: dict[str, Any] = {**record.details, **chances, "equity": value}
        rolled.append(replace(record, value=value, details=details, depth=f"R {trials}",
                              half_width=None if se is None else 1.96 * se, exact=True))
    if not rolled:
        return list(records)
    rolled.sort(key=lambda r: -r.value)
    best = rolled[0].value
    ranked = [replace(r, rank=i, diff=r.value - best) for i, r in enumerate(rolled, 1)]
    return ranked + [replace(r, rank=len(ranked) + i, diff=r.value - best) for i, r in enumerate(others, 1)]
