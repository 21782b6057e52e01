"""What is wrong with a backgammon position set up by hand, in plain sentences.

:func:`problems` lists every reason a :class:`~.draft.Draft` cannot be played on, the board's
first: the window shows them as the draft is edited and refuses Done until there are none.
Points are named as each colour counts them ("White's 5-point", which is Black's 20-point).
"""

from __future__ import annotations

from ..board import BAR, CHECKERS, OFF
from ..cube.state import MAX_CUBE, MAX_MATCH_LENGTH
from ..status import TITLES
from .draft import CUBELESS, KINDS, MATCH, Draft


def problems(draft: Draft) -> list[str]:
    """Every problem of ``draft``, most basic first; empty when it can be played."""
    found = board_problems(draft)
    found += dice_problems(draft)
    found += cube_problems(draft)
    if draft.kind == MATCH:
        found += match_problems(draft)
    return found


def _breakdown(side: list[int]) -> str:
    """Where a side's checkers are: "12 on the points, 1 on the bar, 3 borne off"."""
    points = sum(side[1:BAR])
    parts = [f"{points} on the points"] if points else []
    if side[BAR]:
        parts.append(f"{side[BAR]} on the bar")
    if side[OFF]:
        parts.append(f"{side[OFF]} borne off")
    return ", ".join(parts) or "none placed"


def board_problems(draft: Draft) -> list[str]:
    """The checkers: 15 a side, one colour to a point, a bar and trays a game can reach."""
    found = []
    for colour, name in enumerate(TITLES):
        side, total = draft.sides[colour], draft.total(colour)
        if total > CHECKERS:
            found.append(f"{name} has {total} checkers ({_breakdown(side)}): a side has {CHECKERS}, "
                         f"so take {total - CHECKERS} away.")
        elif total < CHECKERS:
            found.append(f"{name} has only {total} checkers ({_breakdown(side)}): a side has {CHECKERS}, "
                         f"so add {CHECKERS - total} (a checker put in the tray counts as borne off).")
    white, black = draft.sides
    for point in range(1, 25):
        if white[point] and black[25 - point]:
            found.append(f"White's {point}-point (Black's {25 - point}-point) holds checkers of both sides: "
                         "a point belongs to one side at a time.")
    if found:
        return found
    if white[BAR] == black[BAR] == CHECKERS:
        found.append("Both sides have all 15 checkers on the bar, which no game reaches: the side that hit "
                     "last still has its checker on the board.")
    for colour, name in enumerate(TITLES):
        if draft.sides[colour][OFF] == CHECKERS:
            found.append(f"{name} has borne off all 15 checkers: that game is over, so there is nothing to "
                         "play on.")
    return found


def dice_problems(draft: Draft) -> list[str]:
    try:
        draft.dice
    except ValueError:
        return [f"The dice {draft.dice_text!r} are not a roll: give two dice from 1 to 6 (such as 31), "
                "or none for a turn not yet rolled."]
    return []


def cube_problems(draft: Draft) -> list[str]:
    """The cube: a power of two up to the highest, owned once turned, absent in cubeless play."""
    value, owner = draft.cube, draft.owner
    if draft.kind not in KINDS:
        return [f"{draft.kind!r} is not a kind of game: choose cubeless, a money game or a match."]
    if draft.kind == CUBELESS:
        if value != 1 or owner is not None:
            held = "in the middle" if owner is None else f"owned by {TITLES[owner]}"
            return [f"Cubeless play has no cube, but the cube is at {value}, {held}: put it back at 1 in the "
                    "middle, or choose a money game or a match."]
        return []
    if value < 1 or value > MAX_CUBE or value & (value - 1):
        return [f"A cube of {value} does not exist: the cube shows 1, 2, 4 … up to {MAX_CUBE}."]
    if owner is None and value > 1:
        return [f"The cube is at {value} but in the middle: once doubled, the cube belongs to the side "
                "that took it, so choose its owner (or put it back at 1)."]
    if owner is not None and value == 1:
        return [f"{TITLES[owner]} owns a cube at 1: a side owns the cube only once it has been doubled, "
                "so turn it to 2 or more (or put it in the middle)."]
    return []


def match_problems(draft: Draft) -> list[str]:
    """The score below the length, and the Crawford game only where it can be."""
    length, score = draft.length, draft.score
    if not 1 <= length <= MAX_MATCH_LENGTH:
        return [f"A match is 1 to {MAX_MATCH_LENGTH} points long, not {length}."]
    found = []
    for colour, name in enumerate(TITLES):
        if not 0 <= score[colour] < length:
            found.append(f"{name}'s score of {score[colour]} is not below the match length, {length}: "
                         "that match is already over.")
    if found or not draft.crawford:
        return found
    point = length - 1
    if score[0] == score[1] == point:
        return [f"Both sides are at match point ({point}–{point}), so the Crawford game has been played: "
                "turn Crawford off."]
    if point not in score:
        return [f"The Crawford game is the first game after a side reaches match point ({point} in a "
                f"{length}-point match), and neither score is {point}: turn Crawford off."]
    if draft.cube != 1 or draft.owner is not None:
        return ["Nobody may double in the Crawford game: the cube stays at 1 in the middle."]
    return []

