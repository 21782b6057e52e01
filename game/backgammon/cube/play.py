"""Cube actions for the computer players and the analysis records of cube decisions.

- How far each level looks before a cube decision (:func:`.ai.cube_decision`) is its
  ``cube_plies`` (:mod:`..analysis.levels`).  Beginner and Intermediate add their chequer noise (in points) to ND and DT before
  choosing, so they also misjudge the cube now and then.
- :func:`bras_cube_action`: seed 001's money thresholds for ``greedy:bras``, decided on the
  *calibrated* win chance ``p`` of the player on roll (BRAS's S through the fitted curve
  shipped in ``assets/backgammon/calibration/``, see :mod:`.evaluators.calibrated`): double
  when ``100·p ≥ 62`` (``S_live_low``, the low end of the seed's "62–65"), and the taker
  passes when the doubler's ``100·p ≥ 80`` (``S_drop``), else takes.  The seed reads S as
  a win chance and asks for S to be calibrated before its thresholds are trusted, so its
  numbers are kept and read as the win chances they stand for (without a shipped curve
  ``p = S/100`` and this is the seed's rule on S exactly).  The seed gives no "too good"
  zone and no match thresholds; its thresholds are used at every score.
- :func:`cube_records`: one :class:`~game.core.analysis.MoveAnalysis` per legal cube action,
  best first, valued as GNU Backgammon normalises cube equities (per unit of the current
  cube for money, EMG for a match): No double → ND, Double → min(DT, DP) (the opponent's
  best answer), Take → −DT, Pass → −DP, Beaver → −2·DT (the taker's view).  Each record's
  ``details`` also hold the decision's figures from the deciding player's view (the
  taker's: negated), for the review's cube figures: ``nd``, ``dt``, ``dp``, ``proper`` (the
  proper action in words, a string) and in a match ``nd_mwc``, ``dt_mwc``, ``dp_mwc``.
"""

from __future__ import annotations

import random

import numpy as np

from ...core.analysis import CUBE, MoveAnalysis, display_score
from ..analysis.scale import CHANCES, DISPLAY_SCALE
from ..evaluators import Evaluator, boards_to_array
from ..nets.encoding import flip_outputs
from ..rules import BackgammonRules, BackgammonState
from .ai import context_of, cube_decision
from .decision import CubeDecision, classify
from .rules import decision
from .state import BEAVER, DOUBLE, PASS, ROLL, TAKE, CubeAction

BRAS_DOUBLE, BRAS_DROP = 62.0, 80.0
"""Seed 001's money-game thresholds ``S_live_low`` and ``S_drop``, read as the calibrated win
chance in percent (module doc)."""


def with_noise(d: CubeDecision, noise: float, rng: random.Random) -> CubeDecision:
    """``d`` with Gaussian noise added to ND and DT and the action classified again."""
    if not noise:
        return d
    nd, dt = d.nd + rng.gauss(0.0, noise), d.dt + rng.gauss(0.0, noise)
    verdict = classify(nd, dt, d.dp, can_gammon=d.chances[1] > 0, beavers=d.beavers, dead=d.verdict.dead)
    return CubeDecision(nd, dt, d.dp, verdict, d.take_point, d.chances, d.redouble, d.beavers, d.mwc)


def action_from(d: CubeDecision, state: BackgammonState) -> CubeAction:
    """The action ``d`` advises at ``state`` (a beaver only where the rules allow one)."""
    if decision(state) == "cube":
        return DOUBLE if d.best_double_action() == "double" else ROLL
    answer = {"take": TAKE, "pass": PASS, "beaver": BEAVER}[d.best_take_action()]
    return answer if answer in BackgammonRules().legal_moves(state) else TAKE


def level_cube_action(state: BackgammonState, plies: int, evaluator: Evaluator, noise: float = 0.0,
                      rng: random.Random | None = None) -> CubeAction:
    """A level's cube action at a cube or take decision."""
    d = cube_decision(state, plies, evaluator)
    return action_from(with_noise(d, noise, rng or random.Random(0)), state)


def bras_cube_action(state: BackgammonState, evaluator: Evaluator) -> CubeAction:
    """Seed 001's thresholds (see the module doc) on the doubler's win chance in percent,
    ``50·(1 + equity)``: ``evaluator`` is BRAS, whose equity is ``2p − 1`` with ``p`` its
    calibrated win chance (``S/100`` without a curve)."""
    doubler_chance = 50.0 * (1.0 + float(evaluator.equity(boards_to_array([(state.on_roll, state.opponent)]))[0]))
    if decision(state) == "cube":
        return DOUBLE if doubler_chance >= BRAS_DOUBLE else ROLL
    return PASS if doubler_chance >= BRAS_DROP else TAKE


# --------------------------------------------------------------------------- analysis


def _units(d: CubeDecision) -> str:
    return "EMG" if d.mwc is not None else "equity per unit of cube"


def _double_warning(d: CubeDecision, action: CubeAction) -> list[str]:
    lost = d.error("double" if action == DOUBLE else "no double")
    if lost <= 0.0005:
        return []
    if action == DOUBLE:
        reason = "too good to double" if d.verdict.too_good else "doubling now is too early"
        return [f"{reason[0].upper()}{reason[1:]}: doubling loses {lost:.3f}"]
    return [f"Not doubling loses {lost:.3f} ({d.action})"]


def cube_records(state: BackgammonState, plies: int, evaluator: Evaluator) -> list[MoveAnalysis]:
    """The analysis of a cube decision (see the module doc), best first."""
    d = cube_decision(state, plies, evaluator)
    kind = decision(state)
    chances = np.array(d.chances)
    if kind == "cube":
        rows = [(ROLL, d.nd, "No redouble" if d.redouble else "No double"),
                (DOUBLE, min([d.dt, d.dp] + ([2 * d.dt] if d.beavers else [])), None)]
    else:
        chances = flip_outputs(chances[None])[0]
        legal = BackgammonRules().legal_moves(state)
        rows = [(a, v, None) for a, v in ((TAKE, -d.dt), (PASS, -d.dp), (BEAVER, -2 * d.dt)) if a in legal]
    rows.sort(key=lambda row: -row[1])
    sign = 1.0 if kind == "cube" else -1.0
    figures = {"nd": sign * float(d.nd), "dt": sign * float(d.dt), "dp": sign * float(d.dp), "proper": d.action}
    if d.mwc is not None:
        figures.update(zip(("nd_mwc", "dt_mwc", "dp_mwc"), (float(m if kind == "cube" else 1.0 - m) for m in d.mwc)))
    best = rows[0][1]
    rules = BackgammonRules()
    explanation = (f"Proper cube action: {d.action}",
                   f"No double {d.nd:+.3f}, double/take {d.dt:+.3f}, double/pass {d.dp:+.3f} ({_units(d)}"
                   + (f"; MWC {d.mwc[0]:.1%}, {d.mwc[1]:.1%}, {d.mwc[2]:.1%}" if d.mwc else "") + ")",
                   f"Take point {d.take_point:.1%} (the taker's least winning chance)")
    records = []
    for rank, (action, value, words) in enumerate(rows, 1):
        if kind == "cube":
            warnings = _double_warning(d, action)
        else:
            warning = d.warning(action.kind)
            warnings = [warning] if warning else []
        records.append(MoveAnalysis(
            move=action, notation=words or rules.notation(state, action),
            score=display_score(value, DISPLAY_SCALE), value=float(value),
            details={"equity": float(value), **dict(zip(CHANCES, map(float, chances))), **figures},
            warnings=tuple(warnings), factors={}, rank=rank, diff=float(value - best),
            plies=plies, exact=True, explanation=explanation,
            score_diff=display_score(value, DISPLAY_SCALE) - display_score(best, DISPLAY_SCALE), kind=CUBE))
    return records


def cube_summary(state: BackgammonState, plies: int, evaluator: Evaluator, level: str) -> dict:
    """The ``tabula cube --json`` record: proper action, ND/DT/DP, cubeless chances, take point."""
    d = cube_decision(state, plies, evaluator)
    summary = {"proper": d.action, "nd": round(d.nd, 4), "dt": round(d.dt, 4), "dp": round(d.dp, 4),
               "cubeless": {k: round(float(c), 4) for k, c in zip(CHANCES, d.chances)},
               "take_point": round(d.take_point, 4), "level": level, "plies": plies,
               "decision": decision(state), "money": context_of(state).is_money}
    if d.mwc is not None:
        summary["mwc"] = {k: round(v, 4) for k, v in zip(("nd", "dt", "dp"), d.mwc)}
    return summary

