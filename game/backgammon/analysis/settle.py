"""A review's close calls settled by rollout, as XG's "Roller" settles them: a decision whose
two best plays (or cube actions) are within :data:`CLOSE` of each other at the review's level
is rolled out, and its records, hence its mark and the player's totals, are the rollout's.

The rollout (:mod:`..rollout`) is truncated and variance-reduced: :data:`TRIALS` trials of
each line, each cut after :data:`TRUNCATE` plies and valued by the network there, played at
0 ply with the pruning network's shortlist (the rollout's defaults), cubeful where the
position has a cube.  Its dice's seed is the decision's own (:func:`seed_of`: its position,
match and roll), so a review replays exactly.

- A play: the search's best two plays and the play made when it is neither, each valued by
  its rollout equity (cubeful where there is a cube: per unit of the cube in money, EMG in a
  match, the review's units, turned back into the search's measure so the review reads it as
  it reads the search's); the plays not rolled out follow, their ``diff`` from the rolled
  best.
- A cube decision: no double and double/take rolled out from the doubler's side, as
  ``tabula rollout`` does it (double/pass is known); the actions' values follow as the
  search's do (:func:`..cube.play.cube_records`: double the lesser of double/take and
  double/pass, take and pass the taker's ``-dt`` and ``-dp``), and the cube figures the report
  shows are the rollout's.
- Resignations are never settled.

A stop signal (Ctrl-C, SIGTERM) during a rollout, which the rollout holds and stops at
(:mod:`..rollout.run`), is raised again as ``KeyboardInterrupt``: the review stops there,
keeping the decisions it finished, and never marks one by a rollout cut short.
"""

from __future__ import annotations

import zlib
from dataclasses import replace

from ...core.analysis import display_score
from ...core.review.report import Settled
from ..rollout.figures import figures_of
from ..rollout.plan import plan
from ..rollout.run import run
from .scale import DISPLAY_SCALE

CLOSE = 0.02
"""How near the two best plays (or cube actions) must be, in the review's units, to be settled."""
TRIALS = 360
"""Trials of each line rolled out (ten blocks of 36)."""
TRUNCATE = 7
"""Plies each trial is played before the network values it."""


def is_close(at, records: list, close: float = CLOSE) -> bool:
    """Whether the decision's two best records are within ``close`` of each other in the
    review's units (``at``: its :class:`.review.ReviewedPosition`)."""
    if at.kind == "resign" or len(records) < 2:
        return False
    return (records[0].value - records[1].value) * at.units <= close


def seed_of(at, dice) -> int:
    """The rollout's seed for a decision: from its position, match and roll, the same in every
    run and process."""
    return zlib.crc32(f"{at.position_id}:{at.match_id}:{dice}".encode())


def settle(at, state, played, records: list, trials: int | None = None, truncate: int | None = TRUNCATE,
           close: float = CLOSE) -> tuple[list, Settled] | None:
    """``(records revalued, how)`` for a close decision (see the module doc), ``None`` otherwise;
    ``trials`` by default :data:`TRIALS` (read when called: tests make it small)."""
    if not is_close(at, records, close):
        return None
    trials = TRIALS if trials is None else trials
    cube = at.kind == "cube"
    moves = None
    if not cube:
        moves = [r.notation for r in records[:2]]
        made = next((r for r in records if r.move == played), None)
        if made is not None and made.notation not in moves:
            moves.append(made.notation)
    try:
        spec = plan(state, moves, trials=trials, truncate=truncate, seed=seed_of(at, state.dice), early_stop=False)
    except ValueError:  # a play whose notation does not read back as one play: left as the search marks it
        return None
    figures = figures_of(run(spec))
    if figures.stopped in ("interrupted", "cancelled"):  # Ctrl-C or SIGTERM held by the rollout: the review's
        raise KeyboardInterrupt
    rows = _cube_rows(state, records, figures) if cube else _play_rows(at, records, figures)
    if rows is None:
        return None
    sign = -1.0 if cube and _taker(records) else 1.0  # a take decision's lines from the taker's side
    lines = tuple((e.notation, round(sign * e.value.mean, 6) + 0.0,
                   None if e.value.se is None else round(1.96 * e.value.se, 6))
                  for e in figures.estimates if e.value.mean is not None)
    return rows, Settled(figures.trials_done, truncate, lines, 0.0)


def _native(at, equity: float) -> float:
    """A rollout equity of a play (the review's units) in the search's measure (the inverse of
    :meth:`.review.ReviewedPosition.equity`)."""
    return equity / at.units + at.offset


def _play_rows(at, records: list, figures) -> list | None:
    rolled, others = [], []
    for record in records:
        estimate = figures.of_move(record.move)
        if estimate is None or estimate.value.mean is None:
            others.append(record)
            continue
        value = _native(at, estimate.value.mean)
        chances = {name: e.mean for name, e in estimate.chances if e.mean is not None}
        rolled.append(replace(record, value=value, score=display_score(value, DISPLAY_SCALE),
                              details={**record.details, **chances, "equity": value},
                              depth=f"R {estimate.trials}", half_width=_half(estimate.value.se, at.units)))
    return _ranked(rolled, others) if rolled else None


def _half(se: float | None, units: float) -> float | None:
    return None if se is None else 1.96 * se / units


def _cube_rows(state, records: list, figures) -> list | None:
    """The cube records revalued by the rollout's cube figures (the doubler's; the taker's
    negated at a take decision, as :func:`..cube.play.cube_records` writes them)."""
    action = figures.cube
    if action is None or action.no_double.mean is None or action.double_take.mean is None:
        return None
    nd, dt, dp = action.no_double.mean, action.double_take.mean, action.double_pass
    beavers = state.cube is not None and state.cube.beavers and not state.cube.is_match
    values = {"roll": nd, "double": min([dt, dp] + ([2 * dt] if beavers else [])), "take": -dt, "pass": -dp,
              "beaver": -2 * dt}
    taker = _taker(records)
    sign = -1.0 if taker else 1.0
    figures_shown = {"nd": sign * nd, "dt": sign * dt, "dp": sign * dp, "proper": action.proper}
    if action.match_chances is not None:
        figures_shown.update(zip(("nd_mwc", "dt_mwc", "dp_mwc"),
                                 (1.0 - m if taker else m for m in action.match_chances)))
    rows = [replace(r, value=float(values[r.move.kind]), score=display_score(values[r.move.kind], DISPLAY_SCALE),
                    details={**r.details, **figures_shown, "equity": float(values[r.move.kind])},
                    depth=f"R {figures.trials_done}") for r in records]
    return _ranked(rows, [])


def _taker(records: list) -> bool:
    """Whether cube ``records`` are a take decision's."""
    return any(r.move.kind in ("take", "pass", "beaver") for r in records)


def _ranked(rolled: list, others: list) -> list:
    """The rolled records best first, then the others; ranks and diffs from the rolled best."""
    rolled.sort(key=lambda r: -r.value)
    best = rolled[0].value
    best_score = rolled[0].score
    return [replace(r, rank=i, diff=r.value - best, score_diff=r.score - best_score)
            for i, r in enumerate(rolled + others, 1)]
