"""The computer's cube: decisions at the levels' depths, and search in games with a cube.

**Chances.**  Every evaluator gives the cubeless chances of the side on roll *before it
rolls* (the networks are trained on the position with that side on roll; a state after a
play has the opponent on roll): the networks their five outputs (:data:`.analysis.scale.CHANCES`),
the others only a win estimate read off their equity, ``(clip(e, −1, 1) + 1) / 2``, with no
gammons (:func:`chances_of`).

**Cube decisions at depth** (:func:`cube_decision`), as GNU Backgammon's n-ply cube
decisions: 0 ply decides on the position's own chances; 1 ply plays each of the 21 rolls
(the best play by 0-ply cubeless equity) and averages, over the rolls, the *cubeful* value
of the position reached — once with the cube as it is (no double) and once with the cube
doubled and owned by the opponent (double, take) — each valued by Janowski's model from the
side then on roll with its own best cube action (:func:`leaf_values`); 2 plies does the
same two rolls deep (each reply the best at 0 ply).  Between the two rolls the opponent,
then on roll, makes their cube decision as GNU Backgammon's n-ply does: on their 1-ply
values of no double and of double/take (the leaves valued with me on roll, at the cube
as it stands and at the cube they doubled, which I then own), I take or pass their
double, whichever leaves me more (:func:`_their_turns`; the beaver is left out there).  DP
is exact.  Every position is valued with its own cube life index, GNU Backgammon's
(:func:`cube_life_of`: 0.68 with contact, 0.6..0.7 by pip count in a race, 0.6 in a
bearoff).  A game that ends in the look-ahead counts its points (money) or the match
equity of the score it leaves.  The shown chances are the averaged cubeless chances, and
the take point is :func:`~.cube.decide`'s from them.  A match's leaves are valued all at
once (:func:`.cube.match.cube_mwcs`, in numpy), so a match decision costs about what a
money one does, where valuing each leaf on its own took twice as long (measured by
``python -m bench.speed.cube``: ``bench/RESULTS.md``).

**Search in cube games** (:class:`CubeSearchRules`): the chequer search sees only plays and
dice: a turn that starts with a cube decision is a chance node (the roll is implied), and a
game that has ended (:data:`~.cube.state.OVER`) is a leaf worth its points.  Leaves and
ended games are valued in one unit per kind of game (:func:`cube_evaluate`):

- money: points, the cubeless equity times the cube (the cube's own value is left out, a
  documented simplification: GNU Backgammon values chequer plays cubefully);
- match: ``2·MWC − 1`` with MWC the dead-cube match winning chance at the current cube and
  score from the Kazaross table (so a finished game is its exact MWC after the score).
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

import numpy as np

from ...core.protocol import CHANCE
from ..analysis import lookahead
from ..analysis.warnings import has_contact
from ..board import CHECKERS, OFF, pip_count
from ..evaluators import Evaluator, boards_to_array
from ..evaluators.chances import chances_of, weighted
from ..movegen import rearmost
from ..nets.encoding import flip_outputs
from ..rollout import dice
from ..rules import BackgammonRules, BackgammonState, Roll
from . import match as match_cube
from . import money
from .context import CubeContext, may_double
from .decision import CubeDecision, classify, decide
from .met_choice import active, on_change
from .state import DECIDE, OFFERED, OVER, ROLLING

ROLLS = [((h, low), float(chance)) for (h, low), chance in zip(dice.ROLLS, dice.ROLL_WEIGHTS)]
"""The 21 rolls and their chances, in the order the look-ahead answers them (:mod:`..rollout.dice`)."""


# --------------------------------------------------------------------------- chances


def _won(kind: int) -> np.ndarray:
    return np.array([1.0, kind >= 2, kind >= 3, 0.0, 0.0])


def _kind(loser) -> int:
    if loser[OFF]:
        return 1
    return 3 if any(loser[p] for p in range(19, 26)) else 2


REPLY_SHORTLIST = 4
"""Plays of each roll the pruning network shortlists for the full network, as in the levels'
chequer search (:mod:`..analysis.lookahead`)."""


def best_replies(mover, other, evaluator: Evaluator) -> list:
    """For each of :data:`ROLLS`, the best play of ``mover`` by 0-ply cubeless equity (among the
    pruning network's :data:`REPLY_SHORTLIST` best with a five-output network), all valued in
    one batch: ``(after_mover, after_other, kind, chances)`` with ``kind`` the points won when
    the play bears the last checker off (then ``chances`` is None), else 0 and ``chances``
    those of ``other``, then on roll."""
    return best_replies_of([(mover, other)], evaluator)[0]


def best_replies_of(positions, evaluator: Evaluator) -> list[list]:
    """:func:`best_replies` of each ``(mover, other)`` position, all in one batch."""
    if not positions:
        return []
    shortlist = REPLY_SHORTLIST if lookahead.supported(evaluator) else None
    search = lookahead.Lookahead(evaluator, np.stack([lookahead.MONEY, lookahead.MONEY]), shortlist)
    boards = np.array(positions, dtype=np.int8)
    replies, _, chances = search.best_replies(boards, np.zeros(len(boards), dtype=np.intp))
    out = []
    for board, reply_chances in zip(replies, chances):
        theirs, mine = tuple(board[0].tolist()), tuple(board[1].tolist())
        done = mine[OFF] == CHECKERS
        out.append((mine, theirs, _kind(theirs) if done else 0, None if done else reply_chances))
    return [out[k:k + len(ROLLS)] for k in range(0, len(out), len(ROLLS))]


# --------------------------------------------------------------------------- cube life


@lru_cache(maxsize=1 << 16)
def cube_life_of(me, opp) -> float:
    """The cube life index (Janowski's x) of a position with ``me`` on roll, as GNU
    Backgammon's EvalEfficiency sets it: 0.68 with contact; in a race
    ``0.55 + 0.00125 · (my pips)`` kept within 0.6..0.7 (a long race keeps the cube more
    alive than a short one, where few rolls are left to use it); 0.6 once both sides bear
    off from their home boards (GNU's bearoff classes; the n-ply look-ahead then sees the
    last rolls exactly)."""
    if has_contact(me, opp):
        return money.CONTACT_CUBE_LIFE
    if rearmost(me) <= 6 and rearmost(opp) <= 6:
        return 0.6
    return min(0.7, max(0.6, 0.55 + 0.00125 * pip_count(me)))


# --------------------------------------------------------------------------- contexts


def context_of(state: BackgammonState, player: int | None = None) -> CubeContext:
    """The :class:`CubeContext` of ``player`` (by default the player on turn) at ``state``."""
    return _context(state.cube, state.turn if player is None else player)


def _context(cube, player: int) -> CubeContext:
    owner = "centre" if cube.owner is None else "me" if cube.owner == player else "opponent"
    if not cube.is_match:
        return CubeContext(value=cube.value, owner=owner, jacoby=cube.jacoby, beavers=cube.beavers)
    score = (cube.score[player], cube.score[1 - player])
    return CubeContext.from_score(score, cube.match_length, value=cube.value, owner=owner,
                                  crawford=cube.crawford, post_crawford=cube.post_crawford)


def _swap(context: CubeContext, value: int, owner: str) -> CubeContext:
    """The opponent's context at cube ``value`` owned by ``owner`` (seen from the opponent)."""
    away = None if context.away is None else context.away[::-1]
    return replace(context, away=away, value=value, owner=owner)


def _flip_owner(owner: str) -> str:
    return {"me": "opponent", "opponent": "me"}.get(owner, owner)


# --------------------------------------------------------------------------- leaf values


class _RememberedTable:
    """A match equity table with its look-ups remembered: a 2-ply match decision asks it tens
    of thousands of times for a few dozen scores."""

    def __init__(self, table) -> None:
        self.table = table
        self.seen: dict = {}

    def mwc(self, away_me: int, away_opp: int, post_crawford: bool = False) -> float:
        key = (away_me, away_opp, post_crawford)
        found = self.seen.get(key)
        if found is None:
            found = self.seen[key] = self.table.mwc(away_me, away_opp, post_crawford)
        return found

    def __getattr__(self, name):
        return getattr(self.table, name)


_remembered: _RememberedTable | None = None


def met() -> _RememberedTable:
    """The chosen match equity table (:func:`.met.active`) with its look-ups remembered."""
    global _remembered
    table = active()
    if _remembered is None or _remembered.table is not table:
        _remembered = _RememberedTable(table)
    return _remembered


def _forget_the_table() -> None:
    """Another table was chosen: what was remembered from the old one goes (the outcomes'
    match winning chances and the search's value weights read from it)."""
    for cached in (_outcomes, centred_outcomes, value_weights):
        cached.cache_clear()


on_change(_forget_the_table)


def leaf_values(chances: np.ndarray, context: CubeContext, cube_life=money.CONTACT_CUBE_LIFE) -> np.ndarray:
    """The cubeful value of positions for their side on roll, with that side's best cube
    action: money in points (per unit of cube 1), match in MWC.  ``cube_life``: one index
    for all rows or one per row."""
    if len(chances) == 0:
        return np.zeros(0)
    cube_life = np.broadcast_to(np.asarray(cube_life, dtype=float), (len(chances),))
    if context.is_money:
        if may_double(context):
            per_cube = money.optimal_equity(chances, context.owner, context.jacoby, cube_life)
        else:
            per_cube = money.cubeful_equity(chances, context.owner, context.jacoby, cube_life)
        return np.asarray(per_cube, dtype=float) * context.value
    if not may_double(context):
        return match_cube.cubeful_mwcs(chances, context, cube_life, met())
    nd, dt, dp = match_cube.cube_mwcs(chances, context, cube_life, met())
    return nd if context.dead_for_me else np.maximum(nd, np.minimum(dt, dp))


def _won_value(kind: int, context: CubeContext, value: int) -> float:
    """What I get for winning ``kind`` at cube ``value``: points, or the MWC after it."""
    if context.is_money:
        single = context.jacoby and context.owner == "centre" and value == context.value
        return float((1 if single else kind) * value)
    return match_cube.outcome_mwcs(context, value, met())[kind - 1]


def _negate(values, context: CubeContext):
    return -values if context.is_money else 1.0 - values


def _lookahead(me, opp, plies: int, evaluator: Evaluator, scenarios, life):
    """Averaged (cubeless chances of ``me``, [value of each scenario for me]) with ``me`` on
    roll looked at ``plies`` (1 or 2) rolls deep.  ``scenarios`` are (my context with me on
    roll, the opponent's with them on roll) at one cube; ``life(on_roll, other)`` is a
    leaf's cube life index."""
    total = np.zeros(5)
    values = np.zeros(len(scenarios))
    replies = best_replies(me, opp, evaluator)
    if plies == 2:  # the opponent's replies to each of my plays, and their leaves, in one batch
        second = iter(_their_turns(best_replies_of([(theirs, mine) for mine, theirs, kind, _ in replies if not kind],
                                                   evaluator), scenarios, life))
    if plies == 1:  # every leaf of a scenario valued in one batch, added roll by roll below
        live = [(theirs, mine, chances) for mine, theirs, kind, chances in replies if not kind]
        if live:
            rows, lives = np.array([chances for _, _, chances in live]), [life(t, m) for t, m, _ in live]
            leaves = iter(np.array([_negate(leaf_values(rows, opp_ctx, lives), opp_ctx)
                                    for _, opp_ctx in scenarios]).T)
    for (_, weight), (mine, theirs, kind, chances) in zip(ROLLS, replies):
        if kind:
            total += weight * _won(kind)
            values += weight * np.array([_won_value(kind, my_ctx, my_ctx.value) for my_ctx, _ in scenarios])
        elif plies == 1:
            total += weight * flip_outputs(chances)
            values += weight * next(leaves)
        else:
            sub_total, sub_values = next(second)
            total += weight * sub_total
            values += weight * sub_values
    return total, values


def _their_turns(reply_sets, scenarios, life) -> list[tuple[np.ndarray, np.ndarray]]:
    """The opponent on roll between the two rolls of a 2-ply look-ahead, after each of my
    plays (``reply_sets``: their :func:`best_replies` to each), as in GNU Backgammon's n-ply:
    for each scenario, their cube action judged on the 1-ply values of no double and
    double/take (:func:`_replies`) — they double when that costs me more than not doubling,
    and I then take or pass, whichever leaves me more.  For each play: the averaged chances
    and my value for each scenario.  (The beaver is left out here.)"""
    doubled = [_doubled_by(their_ctx) for _, their_ctx in scenarios]
    contexts = [my_ctx for my_ctx, _ in scenarios] + [d for d in doubled if d is not None]
    totals, values = _replies(reply_sets, contexts, life)
    out = []
    for total, row in zip(totals, values):
        mine, taken = row[: len(scenarios)].copy(), iter(row[len(scenarios):])
        for i, ((_, their_ctx), take) in enumerate(zip(scenarios, doubled)):
            if take is not None:
                take_value = next(taken)
                mine[i] = min(mine[i], max(take_value, _pass_value(their_ctx)))
        out.append((total, mine))
    return out


def _doubled_by(their_ctx: CubeContext) -> CubeContext | None:
    """My context, on roll, after the opponent (``their_ctx``, on roll) doubles and I take;
    None when they may not double or gain nothing by it (a dead cube in a match)."""
    if not may_double(their_ctx) or their_ctx.dead_for_me:
        return None
    return _swap(their_ctx, 2 * their_ctx.value, "me")


def _pass_value(their_ctx: CubeContext) -> float:
    """My value when I pass the opponent's double: they win a single game at the cube as it
    stands."""
    return _negate(_won_value(1, their_ctx, their_ctx.value), their_ctx)


def _replies(reply_sets, contexts, life) -> tuple[np.ndarray, np.ndarray]:
    """The opponent on roll replies at 0 ply, after each of my plays (``reply_sets``: their
    :func:`best_replies` to each); averaged over their 21 rolls, my chances ``(R, 5)`` and my
    value for each of my cube ``contexts`` ``(R, C)``, with me then on roll.  The leaves of
    all the plays are valued together, one call a context."""
    totals = np.zeros((len(reply_sets), 5))
    values = np.zeros((len(reply_sets), len(contexts)))
    leaves, weights, lives, owners = [], [], [], []
    for r, replies in enumerate(reply_sets):
        for (_, weight), (theirs, mine, kind, chances) in zip(ROLLS, replies):
            if kind:
                totals[r] += weight * flip_outputs(_won(kind)[None])[0]
                values[r] += weight * np.array([_negate(_won_value(kind, _swap(ctx, ctx.value, _flip_owner(ctx.owner)),
                                                                   ctx.value), ctx) for ctx in contexts])
            else:
                leaves.append(chances)
                weights.append(weight)
                lives.append(life(mine, theirs))
                owners.append(r)
    if leaves:
        w, chances, owner = np.array(weights), np.array(leaves), np.array(owners)
        for k in range(5):
            totals[:, k] += np.bincount(owner, weights=w * chances[:, k], minlength=len(reply_sets))
        for c, ctx in enumerate(contexts):
            values[:, c] += np.bincount(owner, weights=w * leaf_values(chances, ctx, lives), minlength=len(reply_sets))
    return totals, values


def cube_decision(state: BackgammonState, plies: int, evaluator: Evaluator,
                  cube_life: float | None = None) -> CubeDecision:
    """The cube decision of the doubler at ``state`` (the player on turn, deciding or having
    offered) looked ``plies`` rolls ahead (0, 1 or 2; see the module doc).  ``cube_life``
    None: each position's own (:func:`cube_life_of`); a number: that index everywhere."""
    context = context_of(state)
    me, opp = state.on_roll, state.opponent
    life = cube_life_of if cube_life is None else (lambda mine, theirs: cube_life)
    cube_life = life(me, opp)
    if plies == 0:
        chances = chances_of(evaluator, boards_to_array([(me, opp)]))[0]
        return decide(chances, context, cube_life)
    v = context.value
    nd_mine, dt_mine = context, replace(context, value=2 * v, owner="opponent")
    scenarios = [(nd_mine, _swap(context, v, _flip_owner(context.owner))),
                 (dt_mine, _swap(context, 2 * v, "me"))]
    chances, (nd, dt) = _lookahead(me, opp, plies, evaluator, scenarios, life)
    chances = tuple(float(c) for c in np.clip(chances, 0.0, 1.0))
    static = decide(chances, context, cube_life, met())
    if context.is_money:
        nd, dt, mwc = nd / v, dt / v, None
    else:
        mwc = (float(nd), float(dt), static.mwc[2])
        nd, dt = match_cube.emg(nd, context, met()), match_cube.emg(dt, context, met())
    verdict = classify(nd, dt, static.dp, can_gammon=chances[1] > 0, beavers=static.beavers,
                       dead=not context.is_money and context.dead_for_me)
    return replace(static, nd=float(nd), dt=float(dt), verdict=verdict, mwc=mwc)


# --------------------------------------------------------------------------- search in cube games


@lru_cache(maxsize=4096)
def _outcomes(context: CubeContext) -> np.ndarray:
    return np.array(match_cube.outcome_mwcs(context, None, met()))


def match_value(state: BackgammonState, player: int) -> float:
    """``2·MWC − 1`` of ``player`` at a finished game of a match (the score it leaves)."""
    cube = state.cube
    winner = cube.match_winner
    if winner is not None:
        return 1.0 if winner == player else -1.0
    length = cube.match_length
    won_by, points = cube.result
    before = list(cube.score)
    before[won_by] -= points
    post = max(before) == length - 1
    mwc = met().mwc(length - cube.score[player], length - cube.score[1 - player], post)
    return 2.0 * mwc - 1.0


@lru_cache(maxsize=4096)
def centred_outcomes(cube, player: int) -> np.ndarray:
    """``player``'s match winning chances after this game's six results (winning a single
    game, a gammon, a backgammon; losing them) at ``cube``'s value, the cube centred: the
    match values the chequer search and the review's EMG are read from (cached)."""
    return _outcomes(replace(_context(cube, player), owner="centre"))


@lru_cache(maxsize=4096)
def value_weights(cube, player: int) -> np.ndarray:
    """``w`` with ``value = w[:5] · chances + w[5]`` for ``player``'s cubeless chances with
    ``cube``: what the chequer search values a position at (money: cubeless equity times
    the cube; match: ``2·MWC − 1`` at the score, the cube centred), written as a linear map
    (cached: a search asks it of the same few cubes for every position)."""
    if not cube.is_match:
        return np.array([2.0, 1.0, 1.0, -1.0, -1.0, -1.0]) * cube.value
    ws, wg, wbg, ls, lg, lbg = centred_outcomes(cube, player)
    # MWC = (w−g)·ws + (g−bg)·wg + bg·wbg + (1−w−lg)·ls + (lg−lbg)·lg' + lbg·lbg'
    mwc = np.array([ws - ls, wg - ws, wbg - wg, lg - ls, lbg - lg, ls])
    return np.append(2.0 * mwc[:5], 2.0 * mwc[5] - 1.0)


def _cube_values(states, player: int, chances: np.ndarray | None) -> np.ndarray:
    """:func:`cube_evaluate`'s values, the live states' ``chances`` given (in their order)."""
    out = np.zeros(len(states))
    live = [i for i, s in enumerate(states) if s.cube.phase != OVER]
    for i, s in enumerate(states):
        if s.cube.phase == OVER:
            out[i] = CubeSearchRules.ended_value(s, player)
    if live:
        weights = np.array([value_weights(states[i].cube, states[i].turn) for i in live])
        sign = np.array([1.0 if states[i].turn == player else -1.0 for i in live])
        out[live] = sign * weighted(chances, weights)
    return out


def cube_evaluate(evaluator: Evaluator):
    """The search's evaluate callback for states with a cube (see the module doc)."""

    def evaluate(states, player: int) -> np.ndarray:
        live = [s for s in states if s.cube.phase != OVER]
        chances = chances_of(evaluator, boards_to_array([(s.on_roll, s.opponent) for s in live])) if live else None
        return _cube_values(states, player, chances)

    return evaluate


def cube_valuer(evaluator: Evaluator):
    """The search's valuer for states with a cube: :func:`cube_evaluate`'s values and the
    cubeless chances, both for player 0 (as :func:`.ai.state_valuer`), from one evaluation."""

    def valuer(states) -> tuple[np.ndarray, np.ndarray]:
        chances = chances_of(evaluator, boards_to_array([(s.on_roll, s.opponent) for s in states]))
        live = np.array([s.cube.phase != OVER for s in states])
        values = _cube_values(states, 0, chances[live])
        second = np.array([s.turn == 1 for s in states])
        chances[second] = flip_outputs(chances[second])
        return values, chances

    return valuer


class CubeSearchRules(BackgammonRules):
    """The rules as the chequer search of a cube game sees them (see the module doc): a cube
    decision before the roll is a chance node with the roll implied, an ended game a leaf."""

    def to_move(self, state: BackgammonState) -> int:
        if state.cube is not None and state.dice is None:
            return CHANCE
        return super().to_move(state)

    def is_over(self, state: BackgammonState) -> bool:
        if state.cube is not None:
            return state.cube.phase == OVER
        return super().is_over(state)

    def apply(self, state: BackgammonState, action):
        if isinstance(action, Roll) and state.cube is not None and state.cube.phase in (DECIDE, OFFERED):
            state = replace(state, cube=replace(state.cube, phase=ROLLING))
        return super().apply(state, action)

    @staticmethod
    def ended_value(state: BackgammonState, player: int) -> float:
        """An ended game's value for ``player``: points (money) or ``2·MWC − 1`` (match)."""
        if state.cube.is_match:
            return match_value(state, player)
        winner, points = state.cube.result
        return float(points if winner == player else -points)

    def result(self, state: BackgammonState) -> tuple[float, float]:
        if state.cube is not None:
            return (self.ended_value(state, 0), self.ended_value(state, 1))
        return super().result(state)
