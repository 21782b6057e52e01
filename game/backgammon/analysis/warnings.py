"""Plain-language warnings about a backgammon play, judged on the position it leaves.

Each warning is one short sentence with numbers, the kind a teacher would say:

- blots left and the opponent's rolls that hit them ("leaves 2 blots: 17 of 36 rolls hit");
- a made point or an anchor given up ("gives up the 5-point");
- the opponent's chances to close you out or prime you ("11 of 36 rolls close you out",
  "8 of 36 rolls trap a checker behind a 6-point prime"), or "you are closed out";
- heavy stacking or buried checkers (wasted pips).

The "far worse than the best play" warning needs the other plays' values, so the analysis
that ranks the plays adds it (:func:`worse_than_best`).

Definitions.  After the play the opponent is to roll.  Rolls are out of 36 (a double once,
any other roll twice), and a roll counts when *some* legal play of the opponent's with it
does the thing, under the full rules (:mod:`.movegen`: entering first, blocked points,
using both dice):

- *contact*: a checker of one side still has to pass a checker of the other's; a point
  of ours matters while an opponent's checker still has to pass it;
- *bearing off*: all our checkers were in our home board before the play;
- *hit*: the play sends one of our checkers to the bar;
- *close you out*: after the opponent's play all six of its home points are made (two or
  more checkers each) and we have a checker on the bar;
- *trap behind a prime*: after the opponent's play it holds six consecutive points, not
  its home board (that is the closeout), with a checker of ours on the bar or on a point
  behind them.  Not counted when we are trapped already (no play of ours changes that).

Points given up, stacking and burying are quiet in the bear-off and without contact.  The
sentences about the position left (blots, closeout and prime chances) are said only when
the play had a say in them: one that every other play of the same roll would get too is
about the position, not the play, and is left out (a forced play keeps them all).  The
chances enumerate the opponent's plays only for rolls that pass a cheap necessary
condition (:func:`_dice_needed`), so ordinary positions cost almost nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from ..board import BAR, Side
from ..evaluators.shots import ROLLS
from ..movegen import can_hit, legal_plays, rearmost

STACK_LIMIT = 6
"""A point holding this many checkers or more counts as a heavy stack."""
PRIME = 6
"""Consecutive made points that trap a checker (no die can jump them)."""
VALUABLE_POINTS = (21, 20, 19, 18, 13, 8, 7, 6, 5, 4)
"""Points whose loss is worth a warning: the midpoint, the bar point, the 4-, 5-, 6- and
8-points, and advanced anchors (the opponent's 4- to 7-points).  Giving up the deep
anchors or the ace and deuce points is routine (splitting the back checkers), not a warning."""
THEIR_HOME = tuple(range(19, 25))
"""The opponent's home board in our numbering."""
_PRIME_WINDOWS = tuple(tuple(range(k, k + PRIME)) for k in range(1, 25 - PRIME))
"""Our points a trapping prime can cover: every run of six but the opponent's home board."""
_UNREACHABLE = 99


def roll_weight(roll: tuple[int, int]) -> int:
    """How many of the 36 rolls ``roll`` stands for: 1 for a double, else 2."""
    return 1 if roll[0] == roll[1] else 2


def has_contact(me: Side, opp: Side) -> bool:
    """True while a checker of one side still has to pass a checker of the other's."""
    return rearmost(me) + rearmost(opp) > 25


def exposed_blots(me: Side, opp: Side) -> list[int]:
    """Our blots that an opponent's checker still has to pass (the only ones it can hit)."""
    opp_back = rearmost(opp)
    return [p for p in blots(me) if p + opp_back > 25]


@lru_cache(maxsize=4096)
def hitting_rolls(me: Side, opp: Side) -> tuple[tuple[int, int], ...]:
    """The rolls (of :data:`~.evaluators.shots.ROLLS`) with which ``opp`` can hit ``me``.

    ``me`` has just moved and the opponent ``opp`` is to roll.
    """
    if not exposed_blots(me, opp):
        return ()
    return tuple(roll for roll in ROLLS if can_hit(opp, me, *roll))


def shots(me: Side, opp: Side) -> int:
    """How many of the opponent's 36 rolls hit at least one of ``me``'s checkers."""
    return sum(map(roll_weight, hitting_rolls(me, opp)))


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


def closed_out(me: Side, opp: Side) -> bool:
    """True when we have a checker on the bar and the opponent holds all six home points."""
    return me[BAR] > 0 and all(opp[p] >= 2 for p in range(1, 7))


def trapped(me: Side, opp: Side) -> bool:
    """True when a checker of ours is behind six consecutive made points of the opponent's,
    other than its home board."""
    return longest_prime_before(opp, min(rearmost(me), 24)) >= PRIME


def _lacking(me: Side, opp: Side) -> list[int]:
    """For each of our points (index 1..24), the checkers the opponent lacks to make it;
    :data:`_UNREACHABLE` where we hold it."""
    return [0] + [_UNREACHABLE if me[q] >= 2 else max(0, 2 - opp[25 - q]) for q in range(1, 25)]


def _goal(opp: Side, points, sources: int, hits: tuple[int, ...] | None):
    """What the opponent must do to make all our ``points`` (none held by us): ``(sources,
    targets, hits)`` for :func:`_dice_needed`, in the opponent's numbering.

    ``sources`` marks the opponent's occupied points; only spare checkers (beyond two) on
    ``points`` stay sources: moving a needed one means bringing another in, which costs no
    fewer dice than bringing that one straight on.
    """
    targets = []
    for q in points:
        there = opp[25 - q]
        if there < 2:
            targets.append((25 - q, 2 - there))
        if there <= 2:
            sources &= ~(1 << (25 - q))
    return sources, tuple(targets), hits


def _distances(*dice: int) -> int:
    return sum(1 << d for d in dice)


_REACH = {
    (d1, d2): (_distances(d1), _distances(2 * d1), _distances(3 * d1), _distances(4 * d1)) if d1 == d2
    else (_distances(d1, d2), _distances(d1 + d2))
    for d1, d2 in ROLLS
}
"""For each roll, the distances one checker can cover with 1, 2, (3, 4) of its dice, as bits."""


def _dice_to_reach(behind: int, reach: tuple[int, ...]) -> int:
    """The fewest dice of a roll (its ``reach``) that bring a checker ``behind`` (bit ``d``: a
    checker ``d`` pips away) to the point, :data:`_UNREACHABLE` if none can."""
    for dice, distances in enumerate(reach, 1):
        if behind & distances:
            return dice
    return _UNREACHABLE


def _dice_needed(goal, roll: tuple[int, int]) -> int:
    """A lower bound on the dice the opponent must use with ``roll`` to achieve ``goal``
    (:func:`_goal`): fill its targets, hitting a checker of ours on one of the points ``hits``
    too (``None``: no hit needed).

    ``sources`` has bit ``p`` set where the opponent has a checker to move (25: its bar).
    Each lacking checker costs the fewest dice that bring a checker that far, ignoring blocks
    and how many stand there; a hit off the targets costs the dice to reach it on top of one
    per lacking checker.  When the bound exceeds the roll's dice, no legal play does it.
    """
    sources, targets, hits = goal
    reach = _REACH[roll]
    total = arrivals = 0
    for point, lacking in targets:
        total += lacking * _dice_to_reach(sources >> point, reach)
        arrivals += lacking
    if hits is not None and not any(point == h for point, _ in targets for h in hits):
        arrivals += min((_dice_to_reach(sources >> h, reach) for h in hits), default=_UNREACHABLE)
    return max(total, arrivals)


def _count_rolls(me: Side, opp: Side, rolls, goals_for, done) -> int:
    """Of ``rolls``, the 36ths after which some legal play of the opponent's leaves ``done``.

    ``goals_for(roll)`` lists the goals (:func:`_goal`) one of which the opponent must
    achieve for ``done`` to hold; rolls that can achieve none are not enumerated.
    """
    count = 0
    for roll in rolls:
        dice = 4 if roll[0] == roll[1] else 2
        if all(_dice_needed(goal, roll) > dice for goal in goals_for(roll)):
            continue
        if any(done(me_after, opp_after) for _, opp_after, me_after in legal_plays(opp, me, *roll)):
            count += roll_weight(roll)
    return count


def _blot_points(me: Side, opp: Side) -> tuple[int, ...]:
    """Our exposed blots as the opponent's points."""
    return tuple(25 - q for q in exposed_blots(me, opp))


def _occupied(side: Side) -> int:
    """Bit ``p`` set where ``side`` has a checker (25: the bar)."""
    return sum(1 << p for p in range(1, 26) if side[p])


def closeout_rolls(me: Side, opp: Side, lacking: list[int] | None = None) -> int:
    """How many of the opponent's 36 rolls close us out (see the module docstring);
    ``lacking`` is :func:`_lacking`'s list when the caller has it."""
    lacking = _lacking(me, opp) if lacking is None else lacking
    if sum(lacking[q] for q in THEIR_HOME) > 4:
        return 0
    on_bar = me[BAR] > 0
    goal = _goal(opp, THEIR_HOME, _occupied(opp), None if on_bar else _blot_points(me, opp))
    return _count_rolls(me, opp, ROLLS if on_bar else hitting_rolls(me, opp), lambda _: (goal,), closed_out)


def prime_rolls(me: Side, opp: Side, lacking: list[int] | None = None) -> int:
    """How many of the opponent's 36 rolls trap a checker of ours behind a new 6-point prime
    (see the module docstring); ``lacking`` as for :func:`closeout_rolls`."""
    lacking = _lacking(me, opp) if lacking is None else lacking
    windows, run = [], sum(lacking[1:PRIME])
    for window in _PRIME_WINDOWS:  # a running sum of lacking checkers over each window
        run += lacking[window[-1]]
        if run <= 4:
            windows.append(window)
        run -= lacking[window[0]]
    if not windows or trapped(me, opp):
        return 0
    rear = rearmost(me)
    blot_points = _blot_points(me, opp)
    sources = _occupied(opp)
    # A checker of ours behind the window, or one the play hits (it goes to the bar).
    goals = [(w[-1] < rear, _goal(opp, w, sources, None if w[-1] < rear else blot_points))
             for w in windows if w[-1] < rear or blot_points]
    if not goals:
        return 0
    hitting = set(hitting_rolls(me, opp))
    return _count_rolls(me, opp, ROLLS, lambda roll: [g for behind, g in goals if behind or roll in hitting], trapped)


@lru_cache(maxsize=4096)
def position_warnings(me: Side, opp: Side) -> tuple[str, ...]:
    """The warnings about the position a play leaves, ``(me, opp)`` with the opponent to
    roll: blots and shots, closed out, the closeout and prime chances."""
    found = []
    exposed = exposed_blots(me, opp)
    if exposed:
        hits = shots(me, opp)
        if hits:
            found.append(f"leaves {len(exposed)} blot{'s' if len(exposed) > 1 else ''}: {hits} of 36 rolls hit")
    if closed_out(me, opp):
        found.append("you are closed out")
    else:
        lacking = _lacking(me, opp)
        closeout, prime = closeout_rolls(me, opp, lacking), prime_rolls(me, opp, lacking)
        if closeout:
            found.append(f"{closeout} of 36 rolls close you out")
        if prime:
            found.append(f"{prime} of 36 rolls trap a checker behind a {PRIME}-point prime")
    return tuple(found)


def _point_name(p: int) -> str:
    return f"{p}-point"


RELEVANT = 0.04
"""Equity behind the best play below which a play gets no warning (GNU Backgammon's line for
a "doubtful" play): a sentence about a play this close to the best is nothing the player
could act on (31: 8/5 6/5, 64: 8/2 6/2 and every standard opening play get none)."""


def play_warnings(before: tuple[Side, Side], after: tuple[Side, Side],
                  others: Iterable[tuple[Side, Side]] = (), behind: float | None = None) -> list[str]:
    """Warnings about the position ``after`` a play, from the mover's side.

    ``before`` and ``after`` are ``(mover, opponent)`` pairs in each side's own numbering;
    ``others`` the positions the roll's other legal plays reach (the analysis has them).  A
    :func:`position_warnings` sentence that every other play would get too is about the
    position, not the play, and left out.  ``behind`` is how far (equity) the play trails the
    best one, where the analysis knows it: under :data:`RELEVANT` there is no warning at all.
    """
    if behind is not None and behind < RELEVANT:
        return []
    me0, _ = before
    me, opp = after
    found = list(position_warnings(me, opp))
    others = [other for other in others if other != after]
    if found and others:
        found = [w for w in found if any(w not in position_warnings(*other) for other in others)]
    bearing_off = rearmost(me0) <= 6
    if not bearing_off:
        opp_back = rearmost(opp)
        for p in VALUABLE_POINTS:
            if me0[p] >= 2 and me[p] < 2 and p + opp_back > 25:
                kind = f"anchor on the opponent's {_point_name(25 - p)}" if p >= 18 else f"the {_point_name(p)}"
                found.append(f"gives up {kind}")
    if not bearing_off and has_contact(me, opp):
        for p in range(1, 25):
            if me[p] >= STACK_LIMIT and me[p] > me0[p]:
                found.append(f"stacks {me[p]} checkers on the {_point_name(p)}")
        buried = me[1] + me[2] - me0[1] - me0[2]
        if buried > 0:
            found.append(f"buries {buried} checker{'s' if buried > 1 else ''} deep (wasted pips)")
    return found


def worse_than_best(diff: float, best_notation: str, threshold: float = 0.08) -> str | None:
    """A warning when a play is ``diff`` (in equity) worse than the best play, else ``None``."""
    if diff >= threshold:
        return f"{diff:.2f} worse than {best_notation}"
    return None
