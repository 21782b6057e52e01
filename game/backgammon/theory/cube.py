"""The cube at this score: take and cash points, gammon values and where the position stands.

For the position's score and cube, from the side on roll (the *roller*, who considers
doubling) against the *taker*:

- **Take point**: the least winning chance with which the taker should take a double now
  (the taker's chance, gammons counted at the position's own gammon rates).  **Cash point**:
  the roller's winning chance from which the taker should pass, 1 − the take point.
- Both for a **dead** cube (the taker can never redouble) and a **live** one.  For money they
  are Rick Janowski's ("Take-points in money games", 1993): TP = (L − ½) / (W + L + ½x), W and
  L the taker's average points of a game won and lost, x the cube life index, 0 dead and 1
  fully live; ``cube_life`` adds the points at the x the analysis itself uses
  (GNU Backgammon's: 0.68 with contact, 0.6 to 0.7 in a race).  In a match the same model
  runs on match winning chances from the chosen match equity table (:mod:`..cube.match`).
- **Gammon values** (the roller's and the taker's): what winning a gammon adds to a single
  win, in units of a single game's swing, (win gammon − win) / (win − lose), and (lose −
  lose gammon) / (win − lose) for the taker, at the doubled cube the take decision is made
  at (money: ½ each; once the cube is turned gammons count, the Jacoby rule or not).
- **Where it stands**: the roller's winning chance against the cash point at the analysis's x.
"""

from __future__ import annotations

from ..cube import match as match_cube
from ..cube import money
from ..cube.ai import context_of, cube_life_of
from ..cube.met_choice import active

CHANCE_NAMES = ("win", "win_gammon", "win_backgammon", "lose_gammon", "lose_backgammon")


def _money_points(chances, life: float) -> float:
    """The taker's Janowski take point for the roller's ``chances``."""
    w, l = money.average_values(chances)
    return float(money.take_point(l, w, life))  # the taker's W is the roller's L, and back


def _match_points(chances, context, life: float) -> float:
    return float(match_cube.take_point(chances, context, life))


def with_cube(state):
    """``state``, a position with no cube (a bare position ID) taken as money, cube centred."""
    if state.cube is not None:
        return state
    from dataclasses import replace

    from ..cube.state import DECIDE, CubeState
    return replace(state, cube=CubeState(phase=DECIDE))


def gammon_values(state) -> tuple[float, float]:
    """(the roller's, the taker's) gammon values at the doubled cube (module doc)."""
    context = context_of(with_cube(state))
    if context.is_money:  # gammons count once the cube is turned, the Jacoby rule or not
        return 0.5, 0.5
    ws, wg, _, ls, lg, _ = match_cube.outcome_mwcs(context, 2 * context.value)
    swing = ws - ls
    return (round((wg - ws) / swing, 4), round((ls - lg) / swing, 4)) if swing > 0 else (0.0, 0.0)


def cube_theory(state, chances) -> dict:
    """The ``tabula cube --theory --json`` record of ``state`` (a cube decision) with the
    roller's cubeless ``chances`` (module doc); a position with no cube is money, cube centred."""
    state = with_cube(state)
    context = context_of(state)
    chances = tuple(float(c) for c in chances)
    x = cube_life_of(state.on_roll, state.opponent)

    def take(life: float) -> float:
        return _money_points(chances, life) if context.is_money else _match_points(chances, context, life)

    points = {name: take(life) for name, life in (("dead", 0.0), ("live", 1.0), ("x", x))}
    take_point = {k: round(v, 4) for k, v in points.items()}
    cash_point = {k: round(1.0 - v, 4) for k, v in points.items()}
    win = chances[0]
    past = win - cash_point["x"]
    where = (f"the position is {100 * past:.1f}% past the cash point" if past >= 0
             else f"the position is {100 * -past:.1f}% short of the cash point")
    return {"take_point": take_point, "cash_point": cash_point, "cube_life": round(x, 3),
            "gammon_values": list(gammon_values(state)),
            "chances": {name: round(c, 4) for name, c in zip(CHANCE_NAMES, chances)},
            "money": context.is_money, "cube": context.value,
            "met": None if context.is_money else active().name, "where": where + f" (cube life {x:.2f})"}
