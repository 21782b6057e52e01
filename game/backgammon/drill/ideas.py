"""The idea of an answer, what makes two answers "the same idea" (:class:`Idea`), and the
card's tags.

A play's idea is read from the position before it and the checkers' journeys (the play's
steps, each checker's path read as its notation writes it: ``24/18 13/11``), all in the
mover's numbering: points 1..24 from the mover's ace point, 25 the bar; the opponent's home
board is the mover's 19..24.  As players mean the words:

- **hits**: an opposing checker is sent to the bar (the opponent has more checkers on the bar
  after the play than before).
- **makes**: the points 1..24 the mover holds with two or more checkers after the play and
  did not before (a point already held is not made again; borne-off checkers make nothing),
  highest first: "makes the 5-point" is ``makes == (5,)``.
- **slot**: the points 4..7 (the 4-, 5- and 6-points and the bar point, the ones players
  slot) that were empty before the play (no checker of either side) and hold exactly one of
  the mover's checkers after it, while an opposing checker can still hit it (one stands
  behind it: the opponent's rearmost checker, the bar counting, has yet to pass the point).
  Bearing in without contact slots nothing.
- **split**: a checker leaves a point of 19..24 that the mover held with two or more and
  ends its move on another point of 19..24, so that the checkers of that point stand apart
  (one stays behind, or two end on different points): ``24/23``, ``24/21 24/18``; moving the
  pair together (``24/20(2)``) is no split.
- **run**: a back checker escapes: fewer of the mover's checkers stand on 19..24 and the
  bar after the play than before (one went to 18 or lower; a checker entering from the bar
  and moving on counts).
- **break anchor**: a point of 19..24 held with two or more before holds fewer than two after.

Two plays have **the same idea** when all six are equal (:class:`Idea` compares them as one
value).  A cube card's idea is its proper action (:func:`cube_idea`): for a double card
``no-double``, ``double-take``, ``double-pass`` or ``too-good``; for a take card ``take`` or
``pass``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..board import BAR, OFF, Side
from ..movegen import rearmost

THEIR_HOME = range(19, 25)
"""The opponent's home board, in the mover's numbering."""
SLOT_POINTS = (4, 5, 6, 7)
"""The points players slot: the 4-, 5- and 6-points and the bar point."""
CUBE_IDEAS = ("no-double", "double-take", "double-pass", "too-good")
"""A double card's ideas (the proper action, as :func:`cube_idea` reads it)."""
TAKE_IDEAS = ("take", "pass")
"""A take card's ideas."""


@dataclass(frozen=True)
class Idea:
    """What a play does, as players name it (see the module doc)."""

    hits: bool = False
    makes: tuple[int, ...] = ()
    slot: tuple[int, ...] = ()
    split: bool = False
    run: bool = False
    break_anchor: bool = False

    def tags(self) -> tuple[str, ...]:
        """``hit`` or ``no-hit``, ``makes-N`` per point made and ``makes-point`` when any,
        ``slot``, ``split``, ``run``, ``break-anchor``."""
        found = ["hit" if self.hits else "no-hit"]
        found += [f"makes-{p}" for p in self.makes] + (["makes-point"] if self.makes else [])
        found += [tag for tag, on in (("slot", bool(self.slot)), ("split", self.split), ("run", self.run),
                                      ("break-anchor", self.break_anchor)) if on]
        return tuple(found)

    def words(self) -> str:
        """The idea in a few words ("hits, makes the 5-point"), for messages."""
        parts = ["hits" if self.hits else "no hit"]
        parts += [f"makes the {p}-point" for p in self.makes]
        parts += [f"slots the {p}-point" for p in self.slot]
        parts += [word for word, on in (("splits", self.split), ("runs", self.run),
                                        ("breaks an anchor", self.break_anchor)) if on]
        return ", ".join(parts)


def paths(steps: Sequence[tuple[int, int]]) -> list[list[int]]:
    """Each moving checker's points, from where it started to where it ended: a step from
    where a moving checker just arrived continues it (as the notation joins them)."""
    found: list[list[int]] = []
    for source, target in steps:
        for path in found:
            if path[-1] == source:
                path.append(target)
                break
        else:
            found.append([source, target])
    return found


def after(me: Side, opp: Side, steps: Sequence[tuple[int, int]]) -> tuple[Side, Side]:
    """Both sides after ``steps`` (a hit sends the opposing blot to the bar); no rule is checked."""
    mine, theirs = list(me), list(opp)
    for source, target in steps:
        mine[source] -= 1
        mine[target] += 1
        if target != OFF and theirs[25 - target] == 1:
            theirs[25 - target], theirs[BAR] = 0, theirs[BAR] + 1
    return tuple(mine), tuple(theirs)


def _split(me: Side, moved: list[list[int]]) -> bool:
    for point in THEIR_HOME:
        if me[point] < 2:
            continue
        ends = [path[-1] for path in moved if path[0] == point]
        if not any(end in THEIR_HOME and end != point for end in ends):
            continue
        if me[point] > len(ends) or len(set(ends)) > 1:
            return True
    return False


def play_idea(me: Side, opp: Side, steps: Sequence[tuple[int, int]]) -> Idea:
    """The idea of the play ``steps`` by the side ``me`` against ``opp`` (both in their own
    numbering, before the play; see the module doc)."""
    mine, theirs = after(me, opp, steps)
    back = rearmost(theirs)
    return Idea(
        hits=theirs[BAR] > opp[BAR],
        makes=tuple(p for p in range(24, 0, -1) if mine[p] >= 2 > me[p]),
        slot=tuple(p for p in SLOT_POINTS if me[p] == 0 and opp[25 - p] == 0 and mine[p] == 1 and p + back > 25),
        split=_split(me, paths(steps)),
        run=sum(mine[p] for p in range(19, 26)) < sum(me[p] for p in range(19, 26)),
        break_anchor=any(me[p] >= 2 > mine[p] for p in THEIR_HOME),
    )


def cube_idea(question: str, proper: str) -> str:
    """A cube card's idea from the proper action in GNU Backgammon's words ("Double, take",
    "Too good to redouble, pass", "No double, beaver", "Never double, take (dead cube)"):
    for a ``take`` card ``take`` (a beaver is a take) or ``pass``; for a ``double`` card
    ``too-good``, ``double-take`` (or beaver), ``double-pass`` or ``no-double``."""
    words = proper.lower()
    if question == "take":
        return "pass" if words.endswith("pass") else "take"
    if words.startswith("too good"):
        return "too-good"
    if words.startswith(("double", "redouble")):
        return "double-pass" if words.endswith("pass") else "double-take"
    return "no-double"
