"""Race counts: the pip-count formulas players use at the table for cube decisions in a race,
each as its author defines it, beside the bearoff database's figures.

All of them read a race (no contact) from the side on roll (the *roller*, who considers
doubling) against the other side.  Each count's verdict is ``no_double``, ``double_take``
or ``double_pass`` for a centred cube, with ``redouble`` in place of ``double`` when the
roller owns the cube; ``None`` when the roller may not double (the other side owns the cube,
or the Crawford game).

- **Keith count** (Tom Keith, 2004; "Cube Handling In Noncontact Positions", bkgm.com): each
  side's pip count, plus 2 for each checker more than 1 on its 1-point, plus 1 for each
  checker more than 1 on its 2-point, plus 1 for each checker more than 3 on its 3-point,
  plus 1 for each empty point among its 4, 5 and 6; the roller's count is then increased by
  one seventh, rounded down.  Double when the roller's count exceeds the other's by no more
  than 4, redouble by no more than 3; take when it exceeds it by at least 2.
- **Thorp count** (Edward O. Thorp, popularised by Bill Robertie's *Advanced Backgammon*,
  vol. 2; as Simon Woodhead and Chuck Bower give it on rec.games.backgammon): each side's pip
  count, plus 2 for each of its checkers still on the board, plus 1 for each on its 1-point,
  minus 1 for each of its home points occupied; the roller's count L is increased by 10% when
  it is above 30 (not rounded, as Bower advises), the other's T is not.  Double when
  T ≥ L − 2, redouble when T ≥ L − 1, take when T ≤ L + 2 (at exactly 2, Bower's "take";
  GNU Backgammon says pass there).
- **The 8-9-12 rule** (the percentage method of long races, Robertie's *Advanced
  Backgammon*; as Woodhead gives it): the roller's lead as a percentage of the roller's pip
  count.  Double with a lead of 8% or more, redouble with 9% or more; take while it is 12%
  or less.
- **Kleinman's metric** (Danny Kleinman; the form Øystein Johansen gives on
  rec.games.backgammon, 2001): with D the other's pip count minus the roller's, plus 4 (the
  roll), and S the sum of the two counts minus 4, K = D² / S; the roller's cubeless winning
  chance is 0.5 + 0.267·√K below K = 1, 0.76 + 0.114·ln K from there (mirrored when the
  roller trails).  Double from K = 0.5, redouble from 0.7, take while K ≤ 1.2.
- **EPC** (effective pip count, Walter Trice): the mean number of rolls a side needs to bear
  off, from the one-sided bearoff database, times 49/6, the mean pips of a roll; wastage is
  EPC minus the pip count.  The database holds home boards only, so a side with a checker
  outside its home board has none (``None``).
- **Exact**: when both sides are home, the bearoff database's cubeless chances (its
  one-sided distributions, exact for sides that bear off as fast as they can on average)
  and the proper cube action from them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..board import BAR, CHECKERS, OFF, Side, pip_count
from ..evaluators.bearoff import mean_rolls, race_outcomes
from ..phase import BEAROFF, RACE, classify_sides

PIPS_PER_ROLL = 49 / 6
"""The mean pips of a roll (doubles count four times): 8.1667."""


@dataclass(frozen=True)
class Count:
    """One count's figures, from the roller's view.

    ``counts``: (roller, other) as the rule compares them (the roller's adjusted);
    ``double``, ``redouble``, ``take``: what the rule says of an initial double, a redouble
    and the other side's answer; ``figure``: the number the thresholds apply to, named by
    ``measure``."""

    name: str
    counts: tuple[float, float]
    measure: str
    figure: float
    double: bool
    redouble: bool
    take: bool

    def verdict(self, cube: str) -> str | None:
        """The rule's action for a ``cube`` that is ``"centred"``, ``"mine"`` (the roller
        owns it) or ``"theirs"`` (no action: ``None``)."""
        if cube == "theirs":
            return None
        word = "redouble" if cube == "mine" else "double"
        if not (self.redouble if cube == "mine" else self.double):
            return f"no_{word}"
        return f"{word}_take" if self.take else f"{word}_pass"


def home_points(side: Side) -> tuple[int, ...]:
    return tuple(side[1:7])


def checkers_left(side: Side) -> int:
    return 15 - side[OFF]


def keith(roller: Side, other: Side) -> Count:
    def raw(side: Side) -> int:
        return (pip_count(side) + 2 * max(side[1] - 1, 0) + max(side[2] - 1, 0) + max(side[3] - 3, 0)
                + sum(1 for p in (4, 5, 6) if side[p] == 0))

    mine, theirs = raw(roller), raw(other)
    mine += mine // 7
    lead = mine - theirs
    return Count("keith", (mine, theirs), "roller's count minus the other's", lead,
                 double=lead <= 4, redouble=lead <= 3, take=lead >= 2)


def thorp(roller: Side, other: Side) -> Count:
    def raw(side: Side) -> int:
        return pip_count(side) + 2 * checkers_left(side) + side[1] - sum(1 for p in range(1, 7) if side[p])

    mine, theirs = raw(roller), raw(other)
    leader = mine * 1.1 if mine > 30 else float(mine)
    gap = theirs - leader
    return Count("thorp", (round(leader, 2), theirs), "other's count minus the roller's", round(gap, 2),
                 double=gap >= -2, redouble=gap >= -1, take=gap <= 2)


def rule_8_9_12(roller: Side, other: Side) -> Count:
    mine, theirs = pip_count(roller), pip_count(other)
    lead = 100.0 * (theirs - mine) / mine if mine else 0.0
    return Count("rule_8_9_12", (mine, theirs), "roller's lead, % of the roller's count", round(lead, 2),
                 double=lead >= 8, redouble=lead >= 9, take=lead <= 12)


def kleinman_chance(k: float, roller_leads: bool) -> float:
    """Kleinman's cubeless winning chance of the roller from K (see the module doc)."""
    favourite = 0.5 + 0.267 * math.sqrt(k) if k < 1.0 else 0.76 + 0.114 * math.log(k)
    return min(favourite, 1.0) if roller_leads else max(1.0 - favourite, 0.0)


def kleinman(roller: Side, other: Side) -> tuple[Count, float]:
    """The count and the roller's cubeless winning chance by it."""
    mine, theirs = pip_count(roller), pip_count(other)
    d, s = theirs - mine + 4, mine + theirs - 4
    k = d * d / s if s > 0 else math.inf
    leads = d > 0
    count = Count("kleinman", (mine, theirs), "K", round(k, 4), double=leads and k >= 0.5,
                  redouble=leads and k >= 0.7, take=not leads or k <= 1.2)
    return count, round(kleinman_chance(k, leads), 4) if math.isfinite(k) else float(leads)


def all_home(side: Side) -> bool:
    return side[BAR] == 0 and not any(side[7:25])


def epc(side: Side) -> float | None:
    """The side's effective pip count (``None`` with a checker outside its home board)."""
    if not all_home(side):
        return None
    return round(float(mean_rolls(np.array(home_points(side)))) * PIPS_PER_ROLL, 2)


def is_race(roller: Side, other: Side) -> bool:
    """No contact (GNU Backgammon's race or bearoff class, :func:`..phase.classify_sides`),
    and neither side has finished."""
    return roller[OFF] < CHECKERS and other[OFF] < CHECKERS and classify_sides(roller, other) in (RACE, BEAROFF)


def exact_chances(roller: Side, other: Side) -> tuple[float, ...] | None:
    """The bearoff database's five cubeless chances for the roller when both sides are home."""
    if not (all_home(roller) and all_home(other)):
        return None
    row = race_outcomes(np.array([[roller, other]]))[0]
    return tuple(round(float(x), 4) for x in row)


def cube_side(state) -> str:
    """``"centred"``, ``"mine"`` (the roller owns the cube) or ``"theirs"`` (the roller may
    not double: the other side owns it, or this is the Crawford game)."""
    from ..cube.rules import cube_owner, is_crawford
    if state.cube is None:
        return "centred"
    if is_crawford(state):
        return "theirs"
    owner = cube_owner(state)
    return "centred" if owner is None else "mine" if owner == state.turn else "theirs"


def race_report(state, action=None) -> dict:
    """The ``tabula race --json`` record of a race position (``ValueError`` "not a race" when
    the sides are in contact).  ``action(state)``: the proper cube action's key of a position
    before the roll, asked only when both sides are home (the command's level decides it)."""
    if state.turn is None or not is_race(state.on_roll, state.opponent):
        raise ValueError("not a race: the sides are in contact (or the game is over)")
    roller, other = state.on_roll, state.opponent
    cube = cube_side(state)
    klein, chance = kleinman(roller, other)
    counts = {count.name: _count_json(count, cube) for count in (keith(roller, other), thorp(roller, other),
                                                                  rule_8_9_12(roller, other), klein)}
    counts["kleinman"]["win"] = chance
    epcs = [epc(roller), epc(other)]
    pips = [pip_count(roller), pip_count(other)]
    chances = exact_chances(roller, other)
    exact = None
    if chances is not None:
        exact = {"win": chances[0], "win_gammon": chances[1], "lose_gammon": chances[3],
                 "action": action(state) if action is not None and cube != "theirs" else None}
    return {"pips": pips, **counts, "epc": epcs,
            "wastage": [None if e is None else round(e - p, 2) for e, p in zip(epcs, pips)],
            "exact": exact, "cube": cube}


def _count_json(count: Count, cube: str) -> dict:
    return {"counts": list(count.counts), "verdict": count.verdict(cube), "measure": count.measure,
            "figure": count.figure, "double": count.double, "redouble": count.redouble, "take": count.take}
