"""Money-game cubeful equity from cubeless chances: Rick Janowski's model.

Chances are the player on roll's five cubeless numbers, cumulative as in GNU Backgammon:
``(win, win_gammon, win_backgammon, lose_gammon, lose_backgammon)`` with backgammons
counted in the gammons.  Equities are per unit of the current cube, from the roller's view.

Janowski ("Take-points in money games", 1993; "Cubeful equities", bkgm.com) writes
W = average points of a game won = 1 + (wg + wbg) / p and L = average points of a game
lost = 1 + (lg + lbg) / (1 - p), with p the chance of winning, and lets the cube life
index x (0 = dead cube, 1 = fully live) say how much of the cube's value is kept:

- take point  TP = (L - 0.5) / (W + L + 0.5x)  (of the taker, with the taker's W and L);
- cash point  CP = (L + 1) / (W + L + 0.5x)  (where the cube owner's equity reaches +1).

Cubeful equity = (1 - x) E_dead + x E_live, with E_dead = p(W + L) - L the cubeless equity
and E_live the fully live (x = 1) broken line through
(0, -L), (TP, -1), (CP, +1), (1, W) for a centred cube,
(0, -L), (CP, +1), (1, W) for a cube I own and (0, -L), (TP, -1), (1, W) for a cube they own.
Under the Jacoby rule a centred cube's gammons count single: E_dead = 2p - 1 and the live
line is flat at -1 below TP and +1 above CP (as in GNU Backgammon).  Blending the owned-cube
line this way gives back Janowski's TP with x exactly: -L + p(W + L + 0.5x) = -1/2.
"""

from __future__ import annotations

import numpy as np

from .context import CENTRE, ME, OPPONENT
from .curve import piecewise

CONTACT_CUBE_LIFE = 0.68
"""GNU Backgammon's default cube efficiency for contact positions."""


def split(chances):
    """The five chances as arrays (last axis of ``chances``)."""
    arr = np.asarray(chances, dtype=float)
    if arr.shape[-1:] != (5,):
        raise ValueError(f"cube chances need 5 numbers (win, wg, wbg, lg, lbg), got shape {arr.shape}")
    return tuple(np.moveaxis(arr, -1, 0))


def average_values(chances):
    """(W, L): the average points of a game won and of a game lost (1 where none can be)."""
    p, wg, wbg, lg, lbg = split(chances)
    w = 1.0 + np.divide(wg + wbg, p, out=np.zeros_like(p), where=p > 0)
    lose = 1.0 - p
    l = 1.0 + np.divide(lg + lbg, lose, out=np.zeros_like(p), where=lose > 0)
    return w, l


def take_point(w, l, cube_life=CONTACT_CUBE_LIFE):
    """Janowski's take point (L - 0.5) / (W + L + 0.5x), with the *taker's* W and L."""
    return (np.asarray(l) - 0.5) / (np.asarray(w) + l + 0.5 * cube_life)


def cash_point(w, l, cube_life=CONTACT_CUBE_LIFE):
    """Janowski's cash point (L + 1) / (W + L + 0.5x), with the cube owner's W and L."""
    return (np.asarray(l) + 1.0) / (np.asarray(w) + l + 0.5 * cube_life)


def cubeless_equity(chances, jacoby=False):
    """Points won per unit cube with a dead cube; ``jacoby`` counts gammons single."""
    p, wg, wbg, lg, lbg = split(chances)
    if jacoby:
        return 2.0 * p - 1.0
    return 2.0 * p - 1.0 + wg + wbg - lg - lbg


def cubeful_equity(chances, owner=CENTRE, jacoby=False, cube_life=CONTACT_CUBE_LIFE):
    """Janowski's cubeful equity per unit cube for the roller; ``owner`` is centre/me/opponent.

    ``jacoby`` matters only for a centred cube (after a double gammons count again).
    """
    p = split(chances)[0]
    w, l = average_values(chances)
    jacoby = jacoby and owner == CENTRE
    tp, cp = take_point(w, l, 1.0), cash_point(w, l, 1.0)
    low, high = (-1.0, 1.0) if jacoby else (-l, w)
    if owner == CENTRE:
        knots = [(0.0, low), (tp, -1.0), (cp, 1.0), (1.0, high)]
    elif owner == ME:
        knots = [(0.0, -l), (cp, 1.0), (1.0, w)]
    elif owner == OPPONENT:
        knots = [(0.0, -l), (tp, -1.0), (1.0, w)]
    else:
        raise ValueError(f"cube owner must be {CENTRE!r}, {ME!r} or {OPPONENT!r}, not {owner!r}")
    live = piecewise(p, knots)
    return _plain((1.0 - cube_life) * cubeless_equity(chances, jacoby) + cube_life * live)


def cube_equities(chances, owner=CENTRE, jacoby=False, cube_life=CONTACT_CUBE_LIFE):
    """(ND, DT, DP) per unit of the current cube, as GNU Backgammon normalises them.

    ND keeps the cube where it is; DT is twice the equity with the opponent owning it; DP is
    +1.  Works on one chance vector (floats back) or an array of them (arrays back).
    """
    nd = cubeful_equity(chances, owner, jacoby, cube_life)
    dt = 2.0 * np.asarray(cubeful_equity(chances, OPPONENT, False, cube_life))
    return nd, _plain(dt), _plain(np.ones_like(dt))


def _plain(value):
    value = np.asarray(value, dtype=float)
    return float(value) if value.ndim == 0 else value


def optimal_equity(chances, owner=CENTRE, jacoby=False, cube_life=CONTACT_CUBE_LIFE):
    """The roller's equity after the right cube action, batch-friendly for search:
    min(DT, DP) when both are at least ND (a double, answered properly), else ND.
    ``owner`` must let the roller double (centre or me)."""
    if owner == OPPONENT:
        raise ValueError("the roller cannot double a cube the opponent owns")
    nd, dt, dp = (np.asarray(e) for e in cube_equities(chances, owner, jacoby, cube_life))
    return _plain(np.where((dt >= nd) & (dp >= nd), np.minimum(dt, dp), nd))
