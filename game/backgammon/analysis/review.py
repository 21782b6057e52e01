"""Backgammon's part of a game review (:mod:`game.core.review.run`), :data:`REVIEW`: decision
kinds, GNU IDs, the units of the equity lost, which decisions the error rate counts
(:func:`review_rated`), the match winning chance for the graph (:func:`match_chance`), and
luck.  :class:`BackgammonReview` works the cube facts of a position out once
(:class:`ReviewedPosition`) and answers the review's questions from them.

**Resignations** are a kind of their own ("resign"): the offer made, against playing on, and
the opponent's accept or decline (:func:`..resignation.decide.resign_records`, already in the
cube's units: per unit of cube, EMG in a match), each counted in the error rate as GNU
Backgammon reviews a resignation.

**Units** (:func:`review_units`), as GNU Backgammon reports errors: in a money game per unit
of the current cube (the chequer search's values are cubeless equity times the cube); in a
match in EMG, "equivalent to money game" equity.  The match search values a position
``V = 2·MWC − 1`` (the mover's match winning chance), and GNU's ``mwc2eq`` is
``EMG = (2·MWC − (W + L)) / (W − L)`` with ``W``, ``L`` the mover's match winning chances
after winning and after losing a single game at the current cube, so a difference
``ΔV`` is ``ΔEMG = ΔV / (W − L)``, and a value ``V`` itself is ``EMG = (V + 1 − (W + L)) /
(W − L)`` (:meth:`ReviewedPosition.equity`, for the review's alternatives).  Cube records are
already in those units (:func:`.cube.play.cube_records`), so only chequer decisions are
scaled.  A cube decision's figures (:meth:`ReviewedPosition.cube`) are the ones its records
carry.

**Luck** of a roll for the player ``P`` who then plays: ``V(roll) − Σ p(r) · V(r)`` over the
chance node's outcomes ``r`` (the 21 rolls, doubles 1/36 and others 2/36; for the opening
roll, which also decides who starts, the 30 non-double rolls of either player, 1/30 each;
for a first roll with a fixed starter its 15 non-doubles), both from ``P``'s view.  ``V(r)``
is the value of the best play after ``r`` for the player it gives the turn to, turned to
``P``'s view (the values are zero-sum); a roll with no legal play is worth the position with
the turn passed, from ``P``'s view.  Values are 0-ply (the greedy search with the strongest
evaluator, whatever the review's level), for speed: the plays after all the node's rolls are
generated and valued in one batch (one a player for the opening roll).  Units: points in a
cubeless game and in a money game with the cube (so the luck-adjusted result is points −
luck), EMG in a match (the ``V`` difference divided by ``W − L`` at the position after the
roll, as above).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

import numpy as np

from ...core.analysis import display_score
from ...core.review.report import CubeFigures
from .. import formats
from ..board import CHECKERS, OFF
from ..cube.ai import CubeSearchRules, centred_outcomes, chances_of, match_value, met, value_weights
from ..cube.rules import cube_word, decision, game_number, game_over_points
from ..cube.state import BEAVER, DOUBLE, OVER, PASS, ROLL, TAKE, CubeState
from ..evaluators import get_evaluator
from ..evaluators.chances import weighted
from ..movegen_batch import plays_batch
from ..nets.encoding import flip_outputs
from ..position import match_info, parse_position
from ..resignation.rules import pending
from ..resignation.state import ResignAction
from ..rules import BackgammonRules
from ..state import BackgammonState
from .ai import strongest_evaluator
from .scale import CHANCES, DISPLAY_SCALE

ROLLS = tuple((f"{a}{b}", (1 if a == b else 2) / 36) for a in range(1, 7) for b in range(1, a + 1))
"""The 21 rolls with their probabilities."""
_RULES = BackgammonRules()
_SEARCH = CubeSearchRules()


def decision_kind(state: BackgammonState) -> str:
    """"cube" for a double/no double or take/pass decision, else "chequer"."""
    return "cube" if decision(state) in ("cube", "take") else "chequer"


def review_position(state: BackgammonState) -> tuple[str, str]:
    """GNU's position ID and match ID of ``state`` (the side on turn first); a cubeless game
    is written as a money game with a centred cube at 1."""
    turn = 0 if state.turn is None else state.turn
    position = formats.position_id(state.sides[turn], state.sides[1 - turn])
    cubed = state if state.cube is not None else replace(state, cube=CubeState())
    return position, formats.match_id(match_info(cubed))


CLOSE_CUBE = 0.16
"""A cube decision counts in the error rate when no double is within this much of doubling
(GNU Backgammon's "close or actual" cube decisions)."""


def review_rated(kind: str | None, records, played) -> bool:
    """Whether a decision of ``kind`` (:func:`.cube.rules.decision`) counts in the error rate
    (see :mod:`game.core.review.run`): every chequer play; a take or pass; a double; a no double
    only when close (the best action ahead of doubling by less than :data:`CLOSE_CUBE`, in the
    records' units)."""
    if kind != "cube" or played.move == DOUBLE:
        return True
    double = next((r for r in records if r.move == DOUBLE), None)
    return double is not None and records[0].value - double.value < CLOSE_CUBE


def emg_scale(state: BackgammonState, player: int | None = None) -> float:
    """``1 / (W − L)`` for ``player`` (by default the one on turn) in a match: turns a
    difference of ``2·MWC − 1`` values into EMG (see the module doc); 1 outside matches."""
    if state.cube is None or not state.cube.is_match:
        return 1.0
    outcomes = centred_outcomes(state.cube, state.turn if player is None else player)
    spread = float(outcomes[0] - outcomes[3])
    return 1.0 / spread if spread > 1e-9 else 1.0


def review_units(state: BackgammonState) -> float:
    """The factor from a chequer decision's ``-diff`` to GNU's units (see the module doc);
    cube decisions' records are already in them."""
    return _units(state, decision(state))


def _units(state: BackgammonState, kind: str | None) -> float:
    if state.cube is None or kind in ("cube", "take", "resign"):
        return 1.0
    return emg_scale(state) if state.cube.is_match else 1.0 / state.cube.value


def _after_rows(state: BackgammonState):
    """``(mover's exact value or None, after state)`` for every legal play of ``state`` (dice
    rolled), each play generated once (``successors``: listing the plays, then applying each,
    generated them twice)."""
    rules = _SEARCH if state.cube is not None else _RULES
    for _, after in _RULES.successors(state):
        if not rules.is_over(after):
            yield None, after
        elif state.cube is not None:
            yield _SEARCH.ended_value(after, state.turn), after
        else:
            yield _RULES.result(after)[state.turn], after


def _mover_values(states) -> list[float]:
    """The 0-ply value of the best play of each state (dice rolled) for its player on turn,
    as the greedy search with the strongest evaluator values it (cubeless equity; times the
    cube in money; ``2·MWC − 1`` with the cube centred in a match), all plays of all states
    generated (:func:`..movegen_batch.plays_batch`) and evaluated in one batch.  A roll with
    no legal play has the one play ``(no play)``: the position with the turn passed, valued
    from the roller's view.  A play that ends the game is worth its exact result
    (:func:`_after_rows`, whose plays are the batch's, row for row)."""
    boards = np.array([(s.on_roll, s.opponent) for s in states], dtype=np.int8)
    batch = plays_batch(boards, np.array([s.dice for s in states], dtype=np.int8))
    evaluator = get_evaluator(strongest_evaluator())
    after = batch.for_evaluator()
    if states[0].cube is None:
        values = -np.asarray(evaluator.equity(after), dtype=float)
    else:
        weights = np.array([value_weights(s.cube, s.turn) for s in states])[batch.owner]
        values = weighted(flip_outputs(chances_of(evaluator, after)), weights)
    ends = np.bincount(batch.owner, weights=batch.after[:, 0, OFF] == CHECKERS, minlength=len(states)) > 0
    for i in np.flatnonzero(ends):  # the finished games' exact values, as the state-by-state path gives them
        rows = batch.rows(i)
        exact = np.array([np.nan if value is None else value for value, _ in _after_rows(states[i])])
        values[rows] = np.where(np.isnan(exact), values[rows], exact)
    return [float(v) for v in np.maximum.reduceat(values, batch.offsets[:-1].astype(np.intp))]


def match_chance(state: BackgammonState, best) -> tuple[float, float] | None:
    """``(mover's match winning chance, its display score)`` after ``best`` (the best record
    at ``state``), from its cubeless chances at the score with the cube centred (the chequer
    search's own match value ``2·MWC − 1``), so chequer and cube decisions (whose records
    are in EMG) give one measure; ``None`` outside a match."""
    if state.cube is None or not state.cube.is_match or "lose_backgammon" not in best.details:
        return None
    chances = np.array([best.details[key] for key in CHANCES], dtype=float)
    weights = value_weights(state.cube, _RULES.to_move(state))
    mwc = float(np.clip((weights[:5] @ chances + weights[5] + 1.0) / 2.0, 0.0, 1.0))
    return mwc, display_score(2.0 * mwc - 1.0, DISPLAY_SCALE)


def _value(state: BackgammonState, player: int) -> float:
    """The value of ``state`` (just rolled) for ``player``: its best play's for the player
    on turn, negated for the other."""
    value = _mover_values([state])[0]
    return value if state.turn == player else -value


def luck(before: BackgammonState, after: BackgammonState, **_options) -> float | None:
    """The luck of the roll from ``before`` (a chance node) to ``after``; see the module doc."""
    if after.dice is None or after.turn is None:
        return None
    player = after.turn
    outcomes = _RULES.chance_outcomes(before)
    states = [_RULES.apply(before, roll) for roll, _ in outcomes]
    values = []
    for turn in sorted({s.turn for s in states}):  # one batch per player (their values' contexts)
        mine = [s for s in states if s.turn == turn]
        values += list(zip(mine, _mover_values(mine)))
    mine = [v if s.turn == player else -v for s, v in values]
    average = sum(p * v for (_, p), v in zip(outcomes, _reorder(states, values, mine)))
    rolled = next((v for (s, _), v in zip(values, mine) if s == after), None)
    if rolled is None:  # not one of the node's outcomes (not expected)
        rolled = _value(after, player)
    return (rolled - average) * emg_scale(after, player)


def _reorder(states, values, mine) -> list[float]:
    """``mine`` (in ``values``' order) back in the order of ``states``."""
    where = {id(s): v for (s, _), v in zip(values, mine)}
    return [where[id(s)] for s in states]


RATINGS = ((0.002, "Supernatural"), (0.005, "World class"), (0.008, "Expert"), (0.012, "Advanced"),
           (0.018, "Intermediate"), (0.026, "Casual player"), (0.035, "Beginner"), (math.inf, "Awful!"))
"""GNU Backgammon's words for an error rate: an average loss per rated decision (normalised:
EMG in a match, per unit of cube in money play) below ``0.002`` is "Supernatural", below
``0.005`` "World class", … , from ``0.035`` on "Awful!".

Source: GNU Backgammon's ``analysis.c``, ``aszRating`` and ``arThrsRating`` = ``{1e38, 0.035,
0.026, 0.018, 0.012, 0.008, 0.005, 0.002}`` with ``GetRating`` taking the best rating whose
threshold the error is strictly below (checked in the code corpus, hwatheod/gnubg-web
``gnubg/analysis.c`` at ba222dab, the 1.0x releases' table; the text above it keeps the older
``0.060 … 0.005``).  GNU Backgammon's development source has since moved to six words
(Beginner, Intermediate, Advanced, Master, Grandmaster, Super Grandmaster at 0.032, 0.020,
0.013, 0.008, 0.005: GitMirroring/gnubg at 4f52b7fb); the review keeps the eight words
players know from the released versions' statistics."""

CUBE_ERRORS = ("missed double", "wrong double", "wrong take", "wrong pass")
"""The cube errors the totals count by kind (:func:`cube_error`)."""


def cube_error(d) -> str | None:
    """Which cube error a reviewed decision ``d`` (:class:`~game.core.review.report.Decision`)
    is, from the action played and the best one, as GNU Backgammon's statistics count them:

    - "missed double": no double (``Roll``) where doubling was best;
    - "wrong double": a double where no double was best (too early, or too good to double:
      GNU Backgammon counts the two apart, the review together);
    - "wrong take": a take (or a beaver) where passing was best;
    - "wrong pass": a pass where taking (or beavering) was best.

    ``None`` for a chequer play, a decision that lost nothing, and the rest (a take where a
    beaver was best, or the other way round: errors, marked and counted in the cube's loss,
    but of none of these kinds)."""
    if d.kind != "cube" or d.equity_lost <= 0 or d.best is None:
        return None
    played, best = cube_word(d.played), cube_word(d.best)
    if played == ROLL and best == DOUBLE:
        return "missed double"
    if played == DOUBLE and best == ROLL:
        return "wrong double"
    if played in (TAKE, BEAVER) and best == PASS:
        return "wrong take"
    if played == PASS and best in (TAKE, BEAVER):
        return "wrong pass"
    return None


def game_result(start: BackgammonState, end: BackgammonState) -> tuple[float, float] | None:
    """What each player won in the game from ``start`` (its first state) to ``end`` (its last),
    in the units of the luck-adjusted result, as GNU Backgammon counts it: the points won
    (cube, gammons and Jacoby counted) in money and cubeless play; in a match the match
    winning chance after the game (1 or 0 once the match is won) minus before it, at the
    scores (the chosen table, :func:`.cube.ai.met`, the Crawford rule counted).  ``None`` while it goes on."""
    if end.cube is None or not end.cube.is_match:
        over = game_over_points(end)
        if over is None:
            return None
        winner, points = over
        return (float(points), -float(points)) if winner == 0 else (-float(points), float(points))
    if end.cube.phase != OVER:
        return None
    cube, length = start.cube, start.cube.match_length
    before = met().mwc(length - cube.score[0], length - cube.score[1], cube.post_crawford)
    after = (match_value(end, 0) + 1.0) / 2.0
    return after - before, before - after


def result_scale(state: BackgammonState) -> float:
    """The factor from the luck of the roll that led to ``state`` (its roller's, in the
    review's units) to the result's units: 1 in money and cubeless play (points); in a match
    ``(W − L) / 2`` (EMG to match winning chance, as GNU's ``eq2mwc``)."""
    if state.cube is None or not state.cube.is_match:
        return 1.0
    return 0.5 / emg_scale(state)


def mwc_scale(position_id: str, match_id: str | None) -> float | None:
    """What a unit of EMG lost is worth in match winning chance at the position the two IDs
    give (:func:`result_scale`, GNU's ``eq2mwc`` slope, by the match equity table chosen now:
    not remembered, since the table can change); ``None`` outside a match (or for IDs that do
    not read, which a report never holds)."""
    if not match_id:
        return None
    try:
        state = parse_position(f"{position_id}:{match_id}")
    except ValueError:
        return None
    return result_scale(state) if state.cube is not None and state.cube.is_match else None


@dataclass(frozen=True)
class ReviewedPosition:
    """The review's facts of one backgammon decision (:class:`~game.core.capabilities.ReviewedPosition`):
    which decision it is (:func:`.cube_rules.decision`, or a resignation: the offer ``played``
    or the answer to one) is worked out once, and the rest from it."""

    state: BackgammonState
    played: object = None

    @cached_property
    def _decision(self) -> str | None:
        if pending(self.state) or isinstance(self.played, ResignAction):
            return "resign"
        return decision(self.state)

    @property
    def kind(self) -> str:
        return self._decision if self._decision == "resign" else "cube" if self._decision in ("cube", "take") \
            else "chequer"

    @cached_property
    def _ids(self) -> tuple[str, str]:
        return review_position(self.state)

    @property
    def position_id(self) -> str:
        return self._ids[0]

    @property
    def match_id(self) -> str:
        return self._ids[1]

    @property
    def game(self) -> int:
        return game_number(self.state)

    @cached_property
    def units(self) -> float:
        return _units(self.state, self._decision)

    def rated(self, records, played) -> bool:
        return review_rated(self._decision, records, played)

    def match(self, best) -> tuple[float, float] | None:
        return match_chance(self.state, best)

    @cached_property
    def _offset(self) -> float:
        """``W + L − 1`` for a chequer play in a match (see the module doc), else 0."""
        state = self.state
        if self.kind == "cube" or state.cube is None or not state.cube.is_match:
            return 0.0
        outcomes = centred_outcomes(state.cube, state.turn)
        return float(outcomes[0] + outcomes[3]) - 1.0

    @property
    def offset(self) -> float:
        """``W + L − 1`` for a chequer play in a match, else 0: what :meth:`equity` takes off
        a value before scaling it."""
        return self._offset

    def equity(self, value: float) -> float:
        return (value - self._offset) * self.units

    def cube(self, records) -> CubeFigures | None:
        details = records[0].details if records and self.kind == "cube" else {}
        if "proper" not in details:
            return None
        mwc = [None if details.get(k) is None else round(float(details[k]), 6) for k in ("nd_mwc", "dt_mwc", "dp_mwc")]
        return CubeFigures(*(round(float(details[k]), 6) + 0.0 for k in ("nd", "dt", "dp")), str(details["proper"]), *mwc)


class BackgammonReview:
    """Backgammon's :class:`~game.core.capabilities.Review`: chequer and cube decisions,
    GNU Backgammon's marks (0.04, 0.08, 0.16 in its units), the luck of the dice, and close
    calls settled by rollout when asked (:mod:`.settle`)."""

    decision_kinds = ("chequer", "cube", "resign")
    thresholds = (0.04, 0.08, 0.16)
    measures_luck = True
    error_kinds = CUBE_ERRORS
    ratings = RATINGS

    def at(self, state: BackgammonState, played=None) -> ReviewedPosition:
        return ReviewedPosition(state, played)

    def game_number(self, state: BackgammonState) -> int:
        return game_number(state)

    def game_heading(self, state: BackgammonState) -> str:
        """"Game 3 — score 2–1": the score as the game began, White's first (as the status
        line's "Score 2-1"), in points; a session without a cube has no score."""
        cube = state.cube
        if cube is None:
            return f"Game {game_number(state)}"
        white, black = cube.score
        return f"Game {cube.game} — score {white}–{black}"

    def luck(self, before: BackgammonState, after: BackgammonState, **options) -> float | None:
        return luck(before, after, **options)

    def picture(self):
        """The board as SVG (:mod:`..view.svg`, pygame-free), for the review's HTML report."""
        from ..view.svg import PICTURE

        return PICTURE

    def error_kind(self, decision) -> str | None:
        return cube_error(decision)

    def result(self, start: BackgammonState, end: BackgammonState) -> tuple[float, float] | None:
        return game_result(start, end)

    def result_scale(self, state: BackgammonState) -> float:
        return result_scale(state)

    def mwc_scale(self, decision) -> float | None:
        return mwc_scale(decision.position_id, decision.match_id)

    def settle(self, at: Any, state: Any, played: Any, records: list, **settings: Any) -> Any:
        """A close call rolled out (:mod:`.settle`; ``at``: this review's :class:`ReviewedPosition`);
        ``None`` when it is not close."""
        from .settle import settle

        return settle(at, state, played, records, **settings)


REVIEW = BackgammonReview()
"""Backgammon's review, as ``info.ability(Review)`` loads it."""
