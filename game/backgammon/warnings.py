"""Plain-language warnings about a backgammon play, judged on the position it leaves.

Each warning is one short sentence with numbers, the kind a teacher would say:

- blots left and the opponent's rolls that hit them ("leaves 2 blots: 17 of 36 rolls hit");
- a made point or an anchor given up ("gives up the 5-point");
- the opponent's chances to close you out or prime you;
- heavy stacking or buried checkers (wasted pips).

The "far worse than the best play" warning needs the other plays' values, so the analysis
that ranks the plays adds it (:func:`worse_than_best`).

Shot counts are exact: a roll counts when some legal play of the opponent's with that roll
hits, under the full rules (entering from the bar first, blocked points, both dice).
"""

from __future__ import annotations

from .board import BAR, Side
from .movegen import can_hit

ROLLS = tuple((a, b) for a in range(1, 7) for b in range(1, a + 1))

STACK_LIMIT = 6
"""A point holding this many checkers or more counts as a heavy stack."""
PRIME_WARNING = 5
"""Warn when the opponent's prime in front of our back checkers reaches this length."""
VALUABLE_POINTS = (21, 20, 19, 18, 13, 8, 7, 6, 5, 4)
"""Points whose loss is worth a warning: the midpoint, the bar point, the 4-, 5-, 6- and
8-points, and advanced anchors (the opponent's 4- to 7-points).  Giving up the deep
anchors or the ace and deuce points is routine (splitting the back checkers), not a warning."""
CLOSEOUT_WARNING = 5
"""Warn about a closeout when the opponent holds this many home points and can hit us."""


def shots(me: Side, opp: Side) -> int:
    """How many of the opponent's 36 rolls hit at least one of ``me``'s checkers.

    ``me`` has just moved and the opponent ``opp`` is to roll.
    """
    return sum(1 if d1 == d2 else 2 for d1, d2 in ROLLS if can_hit(opp, me, d1, d2))


def blots(side: Side) -> list[int]:
    """The points where ``side`` has a single checker."""
    return [p for p in range(1, 25) if side[p] == 1]


def longest_prime_before(opp: Side, point: int) -> int:
    """Length of the opponent's longest run of made points that ``point``'s checker must pass.

    ``point`` is in our numbering; the opponent's made points in front of it are our points
    below it.
    """
    best = run = 0
    for p in range(point - 1, 0, -1):
        if opp[25 - p] >= 2:
            run += 1
            best = max(best, run)
        else:
            run = 0
    return best


def _point_name(p: int) -> str:
    return f"{p}-point"


def play_warnings(before: tuple[Side, Side], after: tuple[Side, Side]) -> list[str]:
    """Warnings about the position ``after`` a play, from the mover's side.

    ``before`` and ``after`` are ``(mover, opponent)`` pairs in each side's own numbering.
    """
    me0, _ = before
    me, opp = after
    found = []
    left = blots(me)
    if left and any(opp[1:]):
        hits = shots(me, opp)
        if hits:
            noun = "blot" if len(left) == 1 else "blots"
            found.append(f"leaves {len(left)} {noun}: {hits} of 36 rolls hit")
    for p in VALUABLE_POINTS:
        if me0[p] >= 2 and me[p] < 2:
            kind = "anchor on the opponent's " + _point_name(25 - p) if p >= 19 else "the " + _point_name(p)
            found.append(f"gives up {kind}")
    back = max((p for p in range(1, 26) if me[p]), default=0)
    contact = back + max((p for p in range(1, 26) if opp[p]), default=0) > 25
    if contact and back:
        prime = longest_prime_before(opp, back)
        if prime >= PRIME_WARNING:
            found.append(f"the opponent has a {prime}-point prime in front of your back checker")
        home_points = sum(1 for p in range(1, 7) if opp[p] >= 2)
        if home_points >= CLOSEOUT_WARNING and (me[BAR] or left):
            found.append(f"the opponent holds {home_points} home points: a hit may be closed out")
    for p in range(1, 25):
        if me[p] >= STACK_LIMIT and me[p] > me0[p]:
            found.append(f"stacks {me[p]} checkers on the {_point_name(p)}")
    buried = sum(me[p] - me0[p] for p in (1, 2) if me[p] > me0[p])
    if buried and contact:
        found.append(f"buries {buried} checker{'s' if buried > 1 else ''} deep (wasted pips)")
    return found


def worse_than_best(diff: float, best_notation: str, threshold: float = 0.08) -> str | None:
    """A warning when a play is ``diff`` (in equity) worse than the best play, else ``None``."""
    if diff >= threshold:
        return f"{diff:.2f} worse than {best_notation}"
    return None
