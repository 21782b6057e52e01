"""Match-play cubeful equity from cubeless chances and a match equity table (MET).

Everything is a match winning chance (MWC) of the player on roll until the last step, which
also gives GNU Backgammon's "EMG" (equivalent-to-money-game) normalisation:
EMG = 2 (MWC - MWC(lose the cube)) / (MWC(win the cube) - MWC(lose the cube)) - 1,
so a double/pass is +1 and the opponent cashing is -1, as at money.

The model (shaped like GNU Backgammon's Cl2CfMatch; its take points are solved exactly
within the model, where GNU's own GetPoints may differ slightly):

- Dead cube: each outcome (single, gammon, backgammon, won or lost at the cube value)
  is looked up in the MET; after the Crawford game or a post-Crawford game, a 1-away
  leader is looked up in the post-Crawford row.
- Live cube: like Janowski's money model, a broken line in the roller's chance p through
  (0, lose), (opponent's cash point, opponent cashes), (my cash point, I cash), (1, win),
  keeping only the cash points of a player who can use the cube; the cubeful MWC is
  (1 - x) dead + x live, with x the cube life index.
- Take points are exact for that model, computed recursively up the cube: the taker's
  cubeful MWC after taking (owning the doubled cube, with the live line through the
  taker's own cash point one level up) equals the pass value.  A player cannot use the
  cube in the Crawford game, when one game won at the current cube already wins them the
  match (so the post-Crawford leader never doubles), or when doubling would pass the limit.
  With no gammons, x = 0 and a dead recube this is the textbook
  TP = (pass - lose) / (win - lose) read from the table.

:func:`cube_equities` and :func:`cubeful_mwc` value one position; :func:`cube_mwcs` and
:func:`cubeful_mwcs` many at once, in numpy, by the same arithmetic (the cube look-ahead's
leaves, :func:`game.backgammon.cube.ai.leaf_values`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .context import CENTRE, ME, OPPONENT, CubeContext, check_chances
from .curve import piecewise
from .met import MatchEquityTable
from .met_choice import active


@dataclass(frozen=True)
class _Game:
    """The match from one player's side: away counts, gammon shares of wins and losses.

    The shares and the cube life ``x`` are numbers for one position or equal-length arrays
    for many (:func:`cube_mwcs`); every method then answers in kind, by the same arithmetic."""

    met: MatchEquityTable
    a: int  # points I need
    b: int  # points the opponent needs
    post: bool  # the game is the Crawford game or after it: 1-away leaders use the post table
    crawford: bool
    shares: tuple  # gammon-only and backgammon shares of my wins, my losses (floats or arrays)
    x: float | np.ndarray
    max_value: int

    def flip(self) -> _Game:
        gw, bw, gl, bl = self.shares
        return _Game(self.met, self.b, self.a, self.post, self.crawford, (gl, bl, gw, bw), self.x, self.max_value)

    def score(self, mine: int, theirs: int) -> float:
        """My MWC after the game if I score ``mine`` points and they score ``theirs``."""
        return self.met.mwc(self.a - mine, self.b - theirs, self.post)

    def win(self, cube: int) -> float:
        gw, bw, _, _ = self.shares
        return (1 - gw - bw) * self.score(cube, 0) + gw * self.score(2 * cube, 0) + bw * self.score(3 * cube, 0)

    def lose(self, cube: int) -> float:
        _, _, gl, bl = self.shares
        return (1 - gl - bl) * self.score(0, cube) + gl * self.score(0, 2 * cube) + bl * self.score(0, 3 * cube)

    def can_double(self, cube: int) -> bool:
        return not self.crawford and self.a > cube and 2 * cube <= self.max_value

    def cash_point(self, cube: int) -> float:
        """My chance above which the opponent should pass my double from ``cube``."""
        return 1.0 - self.flip().take_point(2 * cube) if self.can_double(cube) else 1.0

    def take_point(self, cube: int) -> float:
        """The least chance with which I should take a double to ``cube`` (then mine)."""
        low, high = self.lose(cube), self.win(cube)
        knots = [(0.0, low), (1.0, high)]
        if self.can_double(cube):
            knots.insert(1, (self.cash_point(cube), self.score(cube, 0)))
        values = [(1 - self.x) * (low + (high - low) * q) + self.x * y for q, y in knots]
        return _solve([q for q, _ in knots], values, self.score(0, cube // 2))

    def cubeful(self, p: float, dead: float, cube: int, owner: str) -> float:
        """My cubeful MWC with winning chance ``p`` and dead-cube MWC ``dead``."""
        knots = [(0.0, self.lose(cube)), (1.0, self.win(cube))]
        mine = self.cash_point(cube) if owner in (CENTRE, ME) and self.can_double(cube) else None
        if owner in (CENTRE, OPPONENT) and self.flip().can_double(cube):
            theirs = 1.0 - self.flip().cash_point(cube)
            if mine is not None:
                theirs = np.minimum(theirs, mine) if np.ndim(mine) else min(theirs, mine)
            knots.insert(1, (theirs, self.score(0, cube)))
        if mine is not None:
            knots.insert(-1, (mine, self.score(cube, 0)))
        return _number((1 - self.x) * dead + self.x * piecewise(p, knots))


def _solve(xs: list, ys: list, target: float):
    """Where the rising broken line through (xs, ys) reaches ``target`` (clamped to [0, 1]);
    knots that are arrays (one line per row) give one answer per row (:func:`_solve_rows`)."""
    if any(np.ndim(v) for v in (*xs, *ys)):
        return _solve_rows(xs, ys, target)
    if target <= ys[0]:
        return 0.0
    for x0, x1, y0, y1 in zip(xs, xs[1:], ys, ys[1:]):
        if target <= y1:
            return x0 if y1 <= y0 else x0 + (x1 - x0) * (target - y0) / (y1 - y0)
    return 1.0


def _solve_rows(xs: list, ys: list, target: float) -> np.ndarray:
    """:func:`_solve` for knots given as arrays, by the same arithmetic row by row."""
    xs, ys = [np.asarray(x, dtype=float) for x in xs], [np.asarray(y, dtype=float) for y in ys]
    shape = np.broadcast(*xs, *ys).shape
    out, todo = np.ones(shape), np.ones(shape, dtype=bool)
    below = np.broadcast_to(target <= ys[0], shape)
    out[below], todo = 0.0, todo & ~below
    for x0, x1, y0, y1 in zip(xs, xs[1:], ys, ys[1:]):
        reached = todo & (target <= y1)
        flat = y1 <= y0
        rise = np.where(flat, 1.0, y1 - y0)
        out = np.where(reached, np.where(flat, x0, x0 + (x1 - x0) * (target - y0) / rise), out)
        todo = todo & ~reached
    return out


def _number(value):
    """A 0-d result as a float (one position), an array as it is (many)."""
    return float(value) if np.ndim(value) == 0 else value


def _game(chances, context: CubeContext, cube_life: float, met: MatchEquityTable | None) -> _Game:
    if context.is_money:
        raise ValueError("match cube equities need a match context (away counts)")
    win, wg, wbg, lg, lbg = check_chances(chances)
    lose = 1.0 - win
    shares = ((wg - wbg) / win if win > 0 else 0.0, wbg / win if win > 0 else 0.0,
              (lg - lbg) / lose if lose > 0 else 0.0, lbg / lose if lose > 0 else 0.0)
    a, b = context.away
    return _Game(met or active(), a, b, context.crawford or context.post_crawford, context.crawford,
                 shares, cube_life, context.max_value)


def outcome_mwcs(context: CubeContext, cube: int | None = None, met: MatchEquityTable | None = None):
    """Dead-cube MWCs of the roller for (win single, gammon, backgammon, lose single, gammon,
    backgammon) at ``cube`` (the context's cube by default)."""
    g = _game((0.5, 0, 0, 0, 0), context, 0.0, met)
    cube = cube or context.value
    return tuple(g.score(k * cube, 0) for k in (1, 2, 3)) + tuple(g.score(0, k * cube) for k in (1, 2, 3))


def dead_mwc(chances, context: CubeContext, cube: int | None = None, met: MatchEquityTable | None = None) -> float:
    """The roller's MWC with a dead cube at ``cube`` (the context's cube by default)."""
    return float(_dead_mwcs(np.array([check_chances(chances)]), context, cube, met)[0])


def cubeful_mwc(chances, context: CubeContext, cube_life: float = 0.68, met=None) -> float:
    """The roller's cubeful MWC with the cube as it stands (no double now)."""
    g = _game(chances, context, cube_life, met)
    return g.cubeful(chances[0], dead_mwc(chances, context, None, met), context.value, context.owner)


def take_point(chances, context: CubeContext, cube_life: float = 0.68, met=None) -> float:
    """The opponent's take point (their least winning chance) if the roller doubles now."""
    return _game(chances, context, cube_life, met).flip().take_point(2 * context.value)


def emg(mwc: float, context: CubeContext, met: MatchEquityTable | None = None) -> float:
    """An MWC as GNU Backgammon's normalised money equity at the context's cube."""
    win, _, _, lose, _, _ = outcome_mwcs(context, None, met)
    return 2.0 * (mwc - lose) / (win - lose) - 1.0 if win > lose else 0.0


def _rows_game(chances: np.ndarray, context: CubeContext, cube_life, met) -> _Game:
    """:func:`_game` for an ``(N, 5)`` array of chances (trusted: a network's outputs) and one
    cube life per row (or one for all)."""
    if context.is_money:
        raise ValueError("match cube equities need a match context (away counts)")
    win, wg, wbg, lg, lbg = np.asarray(chances, dtype=float).T
    lose = 1.0 - win
    won, lost = win > 0, lose > 0
    safe_win, safe_lose = np.where(won, win, 1.0), np.where(lost, lose, 1.0)
    shares = (np.where(won, (wg - wbg) / safe_win, 0.0), np.where(won, wbg / safe_win, 0.0),
              np.where(lost, (lg - lbg) / safe_lose, 0.0), np.where(lost, lbg / safe_lose, 0.0))
    a, b = context.away
    x = np.broadcast_to(np.asarray(cube_life, dtype=float), win.shape)
    return _Game(met or active(), a, b, context.crawford or context.post_crawford, context.crawford,
                 shares, x, context.max_value)


def _dead_mwcs(chances: np.ndarray, context: CubeContext, cube: int | None, met) -> np.ndarray:
    """:func:`dead_mwc` of each row of ``chances``."""
    win, wg, wbg, lg, lbg = np.asarray(chances, dtype=float).T
    ws, wgam, wbgm, ls, lgam, lbgm = outcome_mwcs(context, cube, met)
    return ((win - wg) * ws + (wg - wbg) * wgam + wbg * wbgm
            + (1 - win - lg) * ls + (lg - lbg) * lgam + lbg * lbgm)


def cube_mwcs(chances: np.ndarray, context: CubeContext, cube_life, met=None) -> tuple[np.ndarray, np.ndarray, float]:
    """ND and DT (one per row of the ``(N, 5)`` ``chances``) and DP in MWC, as
    :func:`cube_equities` gives them one position at a time, for many positions at once
    (the cube look-ahead's leaves)."""
    g = _rows_game(chances, context, cube_life, met)
    v, p = context.value, np.asarray(chances, dtype=float)[:, 0]
    nd = g.cubeful(p, _dead_mwcs(chances, context, v, met), v, context.owner)
    dt = g.cubeful(p, _dead_mwcs(chances, context, 2 * v, met), 2 * v, OPPONENT)
    return np.asarray(nd, dtype=float), np.asarray(dt, dtype=float), g.score(v, 0)


def cubeful_mwcs(chances: np.ndarray, context: CubeContext, cube_life, met=None) -> np.ndarray:
    """:func:`cubeful_mwc` of each row of the ``(N, 5)`` ``chances``."""
    g = _rows_game(chances, context, cube_life, met)
    p = np.asarray(chances, dtype=float)[:, 0]
    return np.asarray(g.cubeful(p, _dead_mwcs(chances, context, None, met), context.value, context.owner),
                      dtype=float)


@dataclass(frozen=True)
class MatchCube:
    """No double, double/take and double/pass in MWC and in EMG, and the taker's take point."""

    nd_mwc: float
    dt_mwc: float
    dp_mwc: float
    nd: float
    dt: float
    dp: float
    take_point: float


def cube_equities(chances, context: CubeContext, cube_life: float = 0.68, met=None) -> MatchCube:
    """ND, DT and DP for the roller (DT: the opponent owns the doubled cube)."""
    g = _game(chances, context, cube_life, met)
    v = context.value
    nd = g.cubeful(chances[0], dead_mwc(chances, context, v, met), v, context.owner)
    dt = g.cubeful(chances[0], dead_mwc(chances, context, 2 * v, met), 2 * v, OPPONENT)
    dp = g.score(v, 0)
    tp = g.flip().take_point(2 * v)
    return MatchCube(nd, dt, dp, emg(nd, context, met), emg(dt, context, met), emg(dp, context, met), tp)
