"""The seed analyzer (seed 003) exactly as decided in the spec (§6): one scored record per move.

For the side ``s`` to move and each legal area, ascending:

- ``pts`` points the move scores, ``x`` = 1 if its last piece lands in ``s``'s base;
- deltas (after − before), all for ``s``: *presence* = pieces in ``s``'s own and shared areas
  plus those entering its base; *perfect* = legal moves of ``s`` ending in its base; *avg* =
  mean piece value in ``s``'s own and shared areas (0 if none); *flex* = legal moves of ``s``;
- ``immediate = 10·pts + 90·x + 5·Δpresence + 20·Δperfect + 20·Δavg + 3·Δflex``;
- threat, for the other side on the board before and after: more legal moves ending in its
  base → −100 and :data:`EXTRA_MOVE_WARNING`; else more legal moves scoring at least one
  piece → −80 and :data:`SCORING_WARNING`;
- look-ahead: ``future`` = the best value, for the next mover, among its moves, each valued
  by this same definition (immediate + penalty + its own look-ahead, unclamped) with
  alpha-beta up to :data:`DEPTH` moves beyond the move scored; ``+0.8·future`` when the next
  mover is ``s`` (extra turn), ``−0.8·future`` otherwise; 0 at the horizon or the game's end;
- ``value = immediate + penalty + look-ahead``; the display ``score`` is ``value`` normalized
  to −100..100 by :func:`normalize` (the seed's "normalized to a −100 to 100 scale"), then
  ``max(score, 0)`` without a penalty, ``min(score, 0)`` with one.

The normalization is the spec's clamp where the clamp changes nothing (|value| ≤
:data:`KNEE`: the score *is* the value, as in every number the spec and tests fix) and a
smooth squash beyond it instead of a cut at ±100: values reach ±350 (a penalty plus a
look-ahead that sees the opponent's extra turns), and a hard clamp showed a sixth of all
moves as −100, ties the hint table and the tutor could not tell apart.  The squash is
strictly increasing and never reaches ±100, so moves with different values keep different
scores (to a tenth of a point up to |value| ≈ 600).

Choices where the spec leaves a question:

- *avg* uses the first-mover table (M 1, K/P 2, C/A 3) for both sides, as V1 did: the golden
  Opponent-to-move vector (init-A/O) fixes Δavg that way while its points follow the real
  first mover, so "value (for s)" is read as "of s's pieces".
- The threat rule is mirrored for an Opponent to move (spec §5.8); upstream V1 checked only
  areas 2 and 4 there, so the golden init-A/O flags are not V1's.
- Records are best first by ``value`` (the total), then ascending area; ``rank``, ``diff``
  (value minus the best's, 0 or less) and the Analyzer player's choice all follow that one
  measure.  The seed ranks by its ``score``, but its sign rule shows every warned move with a
  positive total, and every unwarned move with a negative one, as 0 (about 45% of all moves
  in analyzer games), so ranking by it ordered those moves by an unseen tie-break and put a
  warned move of total +142 below an unwarned +75.  The total already holds the seed's
  penalty (−100/−80) and look-ahead; the sign rule only restates its verdict, which the
  ``score`` keeps as the seed defines it.  (In analyzer-against-analyzer games the total's
  order scored 6.7 points a game more than the score's.)  ``score_diff`` is the score minus
  the best-ranked move's score, so it may be positive.
- Explanation texts are the positive items of §2.1 with plural forms; the look-ahead item
  shows its signed contribution.
- At a chance node or a finished game the analysis is empty.
"""

from __future__ import annotations

import math
from dataclasses import replace
from functools import lru_cache
from math import inf
from typing import Any, NamedTuple

from ..core.analysis import MoveAnalysis
from ..core.capabilities import Analysis, TutorMargin
from .notation import format_move
from .rules import legal_areas, step
from .state import DISTANCE, FIRST_MOVER_VALUES, MOVABLE, PATH_LENGTH, Board, MandragoraState

EXTRA_MOVE_WARNING = "WARNING: grants opponent an extra move"
SCORING_WARNING = "WARNING: grants opponent scoring opportunity"
PENALTIES = {"": 0, "WX": -100, "WS": -80}
WARNINGS = {"": (), "WX": (EXTRA_MOVE_WARNING,), "WS": (SCORING_WARNING,)}
WEIGHTS = {"points": 10, "extra turn": 90, "presence": 5, "perfect moves": 20, "average value": 20, "flexibility": 3}
DISCOUNT = 0.8
DEPTH = 3
KNEE = 60.0
"""Up to this magnitude the display score is the value itself (the spec's clamp is the identity there)."""
TAIL = 250.0
"""Beyond :data:`KNEE` the score's remaining 40 points are ``tanh((|value| − KNEE) / TAIL)``:
a value of 100 shows as 66, 200 as 80, 350 as 93."""
EXTRA_TURN_TEXT = "★ EXTRA TURN - last piece lands in base"


class SideStats(NamedTuple):
    """Counts for one side on one board (own and shared areas only)."""

    presence: int
    """Pieces in the side's own and shared areas."""
    perfect: int
    """Legal moves whose last piece lands in the side's base."""
    scoring: int
    """Legal moves that score at least one piece."""
    flex: int
    """Legal moves."""
    avg: float
    """Mean first-mover-table value of the presence pieces (0 if none)."""


@lru_cache(maxsize=1 << 16)
def side_stats(board: Board, side: int) -> SideStats:
    """:class:`SideStats` of ``side`` on ``board`` (cached: the look-ahead revisits boards)."""
    presence = value = perfect = scoring = flex = 0
    distance = DISTANCE[side]
    for area in MOVABLE[side]:
        pile = board[area - 1]
        if pile:
            count, to_base = len(pile), distance[area]
            presence += count
            value += sum(FIRST_MOVER_VALUES[piece] for piece in pile)
            flex += 1
            perfect += count % PATH_LENGTH == to_base
            scoring += count >= to_base
    return SideStats(presence, perfect, scoring, flex, value / presence if presence else 0.0)


class _Static(NamedTuple):
    """The parts of a move's value that need no look-ahead."""

    after: MandragoraState
    details: dict[str, Any]
    immediate: float
    threat: str


def _static(state: MandragoraState, area: int) -> _Static:
    side, other = state.turn, 1 - state.turn
    done = step(state, area)
    board, after = state.board, done.state.board
    mine, mine_after = side_stats(board, side), side_stats(after, side)
    theirs, theirs_after = side_stats(board, other), side_stats(after, other)
    details = {
        "pts": done.points,
        "extra": int(done.extra),
        "pieces": len(done.scored),
        "dPresence": mine_after.presence - mine.presence + len(done.scored),
        "dPerfect": mine_after.perfect - mine.perfect,
        "dAvg": mine_after.avg - mine.avg,
        "dFlex": mine_after.flex - mine.flex,
    }
    immediate = (
        10 * details["pts"] + 90 * details["extra"] + 5 * details["dPresence"]
        + 20 * details["dPerfect"] + 20 * details["dAvg"] + 3 * details["dFlex"]
    )
    if theirs_after.perfect > theirs.perfect:
        threat = "WX"
    elif theirs_after.scoring > theirs.scoring:
        threat = "WS"
    else:
        threat = ""
    return _Static(done.state, details, immediate, threat)


def _best(state: MandragoraState, depth: int, horizon: int, alpha: float, beta: float) -> float:
    """Fail-soft alpha-beta: the best move value for the side to move (``-inf`` if none)."""
    best = -inf
    for area in legal_areas(state.board, state.turn):
        static = _static(state, area)
        base = static.immediate + PENALTIES[static.threat]
        value = base + _lookahead(static.after, state.turn, base, depth, horizon, max(alpha, best), beta)
        if value > best:
            best = value
            if best >= beta:
                break
    return best


def _lookahead(after: MandragoraState, mover: int, base: float, depth: int, horizon: int,
               alpha: float = -inf, beta: float = inf) -> float:
    """The signed look-ahead term of a move at ``depth`` whose value must fall in (alpha, beta).

    The move's value is ``base ± DISCOUNT·future``; the window is mapped onto ``future``.
    """
    if depth >= horizon or not legal_areas(after.board, after.turn):
        return 0.0
    if after.turn == mover:
        return DISCOUNT * _best(after, depth + 1, horizon, (alpha - base) / DISCOUNT, (beta - base) / DISCOUNT)
    return -DISCOUNT * _best(after, depth + 1, horizon, (base - beta) / DISCOUNT, (base - alpha) / DISCOUNT)


def _plain_best(state: MandragoraState, depth: int, horizon: int) -> float:
    """The same search without pruning (a reference for tests)."""
    values = []
    for area in legal_areas(state.board, state.turn):
        static = _static(state, area)
        value = static.immediate + PENALTIES[static.threat]
        after = static.after
        if depth < horizon and legal_areas(after.board, after.turn):
            sign = 1 if after.turn == state.turn else -1
            value += sign * DISCOUNT * _plain_best(after, depth + 1, horizon)
        values.append(value)
    return max(values, default=-inf)


def normalize(value: float) -> float:
    """The value on the display scale −100..100 (sign rule not applied): itself up to ±:data:`KNEE`,
    squashed smoothly and strictly increasingly beyond, never reaching ±100."""
    size = abs(value)
    if size <= KNEE:
        return float(value)
    return math.copysign(KNEE + (100.0 - KNEE) * math.tanh((size - KNEE) / TAIL), value)


def display_score(value: float, penalized: bool) -> float:
    """The record's ``score``: :func:`normalize`, then at most 0 with a penalty, at least 0 without."""
    score = normalize(value)
    return min(score, 0.0) if penalized else max(score, 0.0)


def record_text(record: MoveAnalysis) -> str:
    """``Area N: item, item | WARNING: …`` as one line."""
    items = ", ".join(record.explanation) or "no gain"
    return " | ".join((f"Area {record.move}: {items}",) + record.warnings)


def _plural(count: float, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _explain(details: dict[str, Any], look: float) -> tuple[str, ...]:
    items = []
    if details["pts"] > 0:
        items.append(f"gains {_plural(details['pts'], 'point')}")
    if details["extra"]:
        items.append(EXTRA_TURN_TEXT)
    if details["dPresence"] > 0:
        items.append(f"controls {details['dPresence']} more {'piece' if details['dPresence'] == 1 else 'pieces'}")
    if details["dPerfect"] > 0:
        items.append(f"sets up {details['dPerfect']} new perfect {'move' if details['dPerfect'] == 1 else 'moves'}")
    if details["dAvg"] > 0:
        items.append(f"increases avg piece value by {details['dAvg']:.2f}")
    if details["dFlex"] > 0:
        items.append(f"adds {details['dFlex']} new valid {'move' if details['dFlex'] == 1 else 'moves'}")
    if look > 0:
        items.append(f"strong future position ({look:.1f})")
    return tuple(items)


def analyze_move(state: MandragoraState, area: int, depth: int = DEPTH) -> MoveAnalysis:
    """The record of one legal ``area`` for the side to move (``depth`` moves of look-ahead)."""
    static = _static(state, area)
    penalty = PENALTIES[static.threat]
    after = static.after
    future = 0.0
    look = 0.0
    if depth > 0 and legal_areas(after.board, after.turn):
        future = _best(after, 1, depth, -inf, inf)
        look = DISCOUNT * future if after.turn == state.turn else -DISCOUNT * future
    details = dict(static.details, penalty=static.threat, future=future)
    factors = {
        "points": 10 * details["pts"],
        "extra turn": 90 * details["extra"],
        "presence": 5 * details["dPresence"],
        "perfect moves": 20 * details["dPerfect"],
        "average value": 20 * details["dAvg"],
        "flexibility": 3 * details["dFlex"],
        "threat": penalty,
        "look-ahead": look,
    }
    value = static.immediate + penalty + look
    score = display_score(value, bool(penalty))
    notation = format_move(state.turn, area)
    warnings = WARNINGS[static.threat]
    return MoveAnalysis(
        area, notation, score, value, details=details, warnings=warnings, factors=factors,
        plies=depth, explanation=_explain(details, look),
    )


def analyze(state: MandragoraState, depth: int = DEPTH) -> list[MoveAnalysis]:
    """One record per legal move of the side to move, best first (see the module docstring)."""
    if state.setups:
        return []
    records = [analyze_move(state, area, depth) for area in legal_areas(state.board, state.turn)]
    ranked = sorted(records, key=lambda record: -record.value)  # stable: ties keep ascending areas
    best = ranked[0].value if ranked else 0.0
    top = ranked[0].score if ranked else 0.0
    return [replace(r, rank=number, diff=r.value - best, score_diff=r.score - top) for number, r in enumerate(ranked, 1)]


def one_decimal(value: float) -> str:
    """The analyzer's total value as its tables print it, like the original's "Total Value: 12.5"."""
    return f"{value:+.1f}"


LEGEND = "Ranked by Total: gains, threats, look-ahead.\nSeed: the seed's score, ≤0 if warned, else ≥0."
"""What the hint table's and ``tabula analyze``'s numbers are (under the table)."""

ANALYSIS = Analysis(analyze, tutor_margin=TutorMargin(10.0, "value", "points of the analyzer's total", decimals=1,
                                                      score_note=False),
                    value_heading="Total", format_value=one_decimal, score_heading="Seed", legend=LEGEND)
"""The seed analyzer's, with no options and no extra columns (it gives no win chance).  One
measure ranks everything: the analyzer's total value ("Total", one decimal), by which the
records come best first, the Analyzer player picks, ``diff`` measures, the board's badges
count and the tutor judges (a move 10 or more below the best is questioned).  The seed's own
score (the record's ``score``, "Seed") is shown beside it but ranks nothing: its sign rule
shows nearly half of all moves as 0 (see the module docstring)."""
