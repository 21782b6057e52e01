"""A rollout's figures as ``tabula rollout``'s JSON and as text.

JSON: ``{"position", "dice", "trials", "truncate", "seed", "candidates": [...], ...}`` with
one entry per candidate, best first: ``"move"``, the five chances (``"win"``,
``"win_gammon"``, ``"win_backgammon"``, ``"lose_gammon"``, ``"lose_backgammon"``),
``"equity"`` (cubeless, money points per game) and ``"equity_se"``, ``"cubeful"`` and
``"cubeful_se"`` (``null`` without a cube: per unit of the cube in money, EMG in a match),
``"trials"`` done; and, added, each figure's ``"_se"`` and ``"_ci"`` (the 95% interval),
``"seconds"`` (the time spent on its trials) and ``"plies"`` (average plies a trial lasted).
The top level adds ``"trials_done"``, ``"stopped"``, ``"seconds"``, the settings
(``"level"``, ``"evaluator"``, ``"variance_reduction"``, ``"prune"``, ``"cubeful"``,
``"units"``) and, before the roll with a cube decision, ``"cube"``: ``{"nd", "nd_se", "dt",
"dt_se", "dp", "proper"}``, in a match also ``"nd_mwc"``, ``"dt_mwc"``, ``"dp_mwc"``.  Chances
are fractions (0..1); a standard error is ``null`` with fewer than two trials.
"""

from __future__ import annotations

import math

from ..analysis.levels import get_level
from .lockstep import QUANTITIES
from .run import Rollout

CHANCES = QUANTITIES[:5]


def _number(value: float, digits: int = 6):
    return None if math.isnan(value) else round(float(value), digits)


def candidate_json(rollout: Rollout, index: int) -> dict:
    tally = rollout.tally
    spec = tally.spec
    out = {"move": spec.candidates[index].label}
    for quantity in QUANTITIES:
        if quantity == "cubeful" and not spec.cubeful:
            out.update(cubeful=None, cubeful_se=None, cubeful_ci=None)
            continue
        e = tally.estimate(index, quantity)
        low, high = e.interval
        out[quantity] = _number(e.mean)
        out[f"{quantity}_se"] = _number(e.se)
        out[f"{quantity}_ci"] = None if math.isnan(e.se) else [_number(low), _number(high)]
    out["trials"] = int(tally.counts[index])
    out["seconds"] = round(float(tally.seconds[index]), 3)
    out["plies"] = round(float(tally.plies[index]) / max(int(tally.counts[index]), 1), 2)
    return out


def units(rollout: Rollout) -> str | None:
    stakes = rollout.spec.stakes
    if stakes is None:
        return None
    return "EMG" if stakes.is_match else "points per unit of the cube"


def to_json(rollout: Rollout) -> dict:
    """``tabula rollout --json`` (see the module doc)."""
    spec, tally = rollout.spec, rollout.tally
    out = {"position": spec.position, "dice": spec.dice, "trials": spec.trials, "truncate": spec.truncate,
           "seed": spec.seed, "candidates": [candidate_json(rollout, c) for c in tally.order()],
           "trials_done": tally.trials, "stopped": rollout.stopped, "seconds": round(rollout.elapsed, 3),
           "level": spec.level, "evaluator": spec.evaluator, "variance_reduction": spec.variance_reduction,
           "prune": spec.prune, "cubeful": spec.cubeful, "units": units(rollout)}
    cube = tally.cube_action()
    if cube is not None:
        out["cube"] = {k: (v if isinstance(v, str) else _number(v)) for k, v in cube.items()}
    return out


STOPPED = {"trials": "all trials played", "ci": "every 95% interval within --stop-ci",
           "clear": "the best play clearly ahead", "cancelled": "cancelled", "interrupted": "interrupted (Ctrl-C)"}


def lines(rollout: Rollout) -> list[str]:
    """The rollout as text: the settings, a table of the candidates, the cube action."""
    spec, tally = rollout.spec, rollout.tally
    level = get_level(spec.level)
    what = f"{spec.position}" + (f", dice {spec.dice}" if spec.dice else ", before the roll")
    cut = f"truncated at {spec.truncate} plies" if spec.truncate is not None else "played out"
    settings = [f"{level.plies}-ply play ({spec.level})", f"evaluator {spec.evaluator}", f"seed {spec.seed}",
                cut + (", bearoffs from the database" if spec.bearoff else ""),
                "variance reduction" if spec.variance_reduction else "no variance reduction",
                f"plays pruned to {spec.prune} a roll" if spec.prune else "no pruning"]
    out = [f"Rollout of {what}: {tally.trials} of {spec.trials} trials ({STOPPED.get(rollout.stopped, 'running')}, "
           f"{rollout.elapsed:.1f} s)", "  " + ", ".join(settings)]
    cubeful = spec.cubeful
    head = f"  {'#':>2}  {spec_column(spec):<22} {'Equity':>8} {'±95%':>6}"
    if cubeful:
        head += f" {'Cubeful':>8} {'±95%':>6}"
    head += "    Win  W(g) W(bg)  L(g) L(bg)  Trials"
    out.append(head)
    for rank, c in enumerate(tally.order(), 1):
        row = f"  {rank:>2}  {spec.candidates[c].label:<22} {_signed(tally.estimate(c, 'equity'))}"
        if cubeful:
            row += f" {_signed(tally.estimate(c, 'cubeful'))}"
        chances = "".join(f" {100 * tally.estimate(c, q).mean:5.1f}" for q in CHANCES)
        out.append(f"{row}  {chances} {int(tally.counts[c]):>7}")
    if cubeful:
        out.append(f"  Cubeful equity in {units(rollout)}; chances in % for the player "
                   + ("to play" if spec.decision == "play" else "on roll"))
    cube = tally.cube_action()
    if cube is not None:
        out.append(f"  No double {cube['nd']:+.3f}, double/take {cube['dt']:+.3f}, double/pass +1.000")
        if "nd_mwc" in cube:
            out.append("  As match winning chances: " + ", ".join(
                f"{words} {100 * cube[k]:.1f}%" for words, k in (("no double", "nd_mwc"), ("double/take", "dt_mwc"),
                                                                   ("double/pass", "dp_mwc"))))
        out.append(f"  Proper cube action: {cube['proper']}")
    return out


def spec_column(spec) -> str:
    return "Play" if spec.decision == "play" else "Line"


def _signed(e) -> str:
    width = "" if math.isnan(e.se) else f"{e.half_width:.3f}"
    return f"{e.mean:+8.3f} {width:>6}"
