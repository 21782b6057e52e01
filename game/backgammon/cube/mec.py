"""A match equity table computed by Zadeh's method as Claes Thornberg's ``mec`` (1996) computes
it, the "match equity calculator" GNU Backgammon ships (its ``met/mec.xml``).

The parameters, stated (:class:`MecParameters`):

- ``gammon_rate`` g: the share of games won (and lost) that are gammons, the same for both
  players at every score; backgammons are not counted;
- ``win_rate`` w: the chance that the first player wins a game (0.5: equal players);
- ``free_drop_2`` and ``free_drop_4``: what the trailer's free drop is worth after the
  Crawford game at 2-away and at 4-away (GNU Backgammon's 0.015 and 0.004; 0 in ``mec``'s
  own standalone program).

The table is built in three steps, each from the one before:

1. **After the Crawford game** (the trailer t away, the leader 1 away): the trailer doubles at
   once, so a game is worth one game at twice the stake.  At an odd t the trailer wins the
   match with chance w and otherwise is 2 or, with a gammon, 4 points nearer losing it:
   T(t) = w·((1 − g)·T(t − 2) + g·T(t − 4)) for the trailer, with T = 1 once t ≤ 0; the
   leader's is 1 − T(t).  At an even t the trailer wastes a point (the leader
   passes the double for free), so the equity is that of t − 1, less what the free drop is
   worth to the leader (GNU Backgammon's own ``mec.c`` adds the 4-away value to the trailer,
   against its comment and its ``matchequity.c``, which give it to the leader; here it is the
   leader's at both).
2. **The Crawford game** (no cube): the leader 1 away wins the match with chance w and
   otherwise goes on post-Crawford 1 or 2 points nearer the trailer's win.
3. **Before the Crawford game**, for every score i, j ≥ 2 away: Zadeh's doubling points.
   For the side to double (with a cube of 2, then the recubes 4, 8, ... until a single win
   at that cube finishes the match) the chance at which the other side is indifferent between
   taking and passing is found backwards from the highest cube: on the straight line between
   winning every game from here (the doubler's equity if it wins all, at the cube) and the
   opponent's own redouble point, the point where the taker's equity equals passing.  The
   match equity at i, j is then read off the line between the two sides' initial doubling
   points at the game-winning chance w.

:func:`mec_values` gives the table's values; the tests check them against the
pre-Crawford table GNU Backgammon distributes as ``met/mec26.xml`` (``mec`` at g = 0.26).
"""

from __future__ import annotations

from dataclasses import dataclass

SIZE = 25
"""Away counts the table covers, as the shipped tables."""


@dataclass(frozen=True)
class MecParameters:
    gammon_rate: float = 0.26
    win_rate: float = 0.5
    free_drop_2: float = 0.015
    free_drop_4: float = 0.004

    def __post_init__(self) -> None:
        for name in ("gammon_rate", "win_rate"):
            if not 0.0 <= getattr(self, name) <= 1.0:
                raise ValueError(f"mec: {name.replace('_', ' ')} must be between 0 and 1")
        if not 0.5 <= self.win_rate < 1.0:
            raise ValueError("mec: the win rate is the favourite's, from 0.5 up to (not including) 1")
        for name in ("free_drop_2", "free_drop_4"):
            if not 0.0 <= getattr(self, name) <= 0.1:
                raise ValueError(f"mec: {name.replace('_', ' ')} must be between 0 and 0.1")


class _Equities:
    """E[p][o]: the favourite's chance of the match p away against o away (p, o ≥ 0)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.rows = [[0.0] * (size + 1) for _ in range(size + 1)]
        for n in range(1, size + 1):
            self.rows[0][n], self.rows[n][0] = 1.0, 0.0

    def __call__(self, p: int, o: int) -> float:
        return self.rows[max(p, 0)][max(o, 0)]

    def set(self, p: int, o: int, value: float) -> None:
        self.rows[p][o] = value


def _post_crawford(e: _Equities, g: float, w: float, fd2: float, fd4: float) -> None:
    """The trailer's chances after the Crawford game, t away against 1 away (the trailer the
    side that wins a game with chance ``w``); the leader's are their complements."""
    for t in range(1, e.size + 1):
        if t % 2 == 0:  # the free drop: the odd count below, less what the free drop is worth to the leader
            e.set(t, 1, e(t - 1, 1) - (fd2 if t == 2 else fd4 if t == 4 else 0.0))
        else:
            e.set(t, 1, (1 - w) * e(t, 0) + w * ((1 - g) * e(t - 2, 1) + g * e(t - 4, 1)))
        e.set(1, t, 1.0 - e(t, 1))


def _crawford(e: _Equities, g: float, w: float) -> None:
    for t in range(e.size, 1, -1):  # downwards: each step reads post-Crawford values below it
        e.set(1, t, w * e(0, t) + (1 - w) * ((1 - g) * e(1, t - 1) + g * e(1, t - 2)))
        e.set(t, 1, (1 - w) * e(t, 0) + w * ((1 - g) * e(t - 1, 1) + g * e(t - 2, 1)))


def _opponents_equity(e: _Equities, mine: int, theirs: int, favourite: bool) -> float:
    """The opponent's (``theirs`` away) chance with the doubler ``mine`` away."""
    return 1.0 - e(mine, theirs) if favourite else e(theirs, mine)


def _double_point(e: _Equities, p: int, o: int, cube: int, g: float, w: float) -> tuple[float, float]:
    """``(equity, chance)`` of ``p`` (``p`` away, winning games with chance ``w``) at the point
    where ``o`` is indifferent between taking ``p``'s double to ``cube`` and passing."""
    if p <= cube // 2:  # a single win at the present cube finishes the match: no double
        return 1.0, 1.0
    redouble_e, redouble_w = _double_point(e, o, p, 2 * cube, g, 1 - w)
    favourite = w > 0.5
    # o's equity if p wins every game from here on the cube, and if o passes now
    sweep = ((1 - g) * _opponents_equity(e, p - cube, o, favourite)
             + g * _opponents_equity(e, p - 2 * cube, o, favourite))
    passed = _opponents_equity(e, p - cube // 2, o, favourite)
    chance = (passed - sweep) * redouble_w / (redouble_e - sweep)
    return 1.0 - passed, 1.0 - chance


def _pre_crawford(e: _Equities, g: float, w: float) -> None:
    def at(i: int, j: int) -> float:
        fav_e, fav_w = _double_point(e, i, j, 2, g, w)
        und_e, und_w = _double_point(e, j, i, 2, g, 1 - w)
        und_e, und_w = 1.0 - und_e, 1.0 - und_w
        return und_e + (fav_e - und_e) * (w - und_w) / (fav_w - und_w)

    for i in range(2, e.size + 1):
        for j in range(i, e.size + 1):
            e.set(i, j, at(i, j))
            if i != j:
                e.set(j, i, at(j, i))


def mec_values(parameters: MecParameters = MecParameters(), size: int = SIZE) -> tuple[list[list[float]], list[float]]:
    """``(pre, post)``: the pre-Crawford table (row i, column j: i away against j away) and
    the post-Crawford trailer's chances that ``mec`` computes with ``parameters`` (see the
    module doc), ``size`` away."""
    g, w = parameters.gammon_rate, parameters.win_rate
    e = _Equities(size)
    _post_crawford(e, g, w, parameters.free_drop_2, parameters.free_drop_4)
    post = [e(t, 1) for t in range(1, size + 1)]  # the trailer's, t away, after the Crawford game
    _crawford(e, g, w)
    _pre_crawford(e, g, w)
    return [[e(i, j) for j in range(1, size + 1)] for i in range(1, size + 1)], post
