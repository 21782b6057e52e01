"""The backgammon board as plain tuples: the one layout every backgammon module shares.

A *side* is a tuple of 26 checker counts in that player's own numbering:

- ``side[0]`` checkers borne off,
- ``side[1]`` .. ``side[24]`` points 1..24, counted from the player's own ace point
  (1..6 is the player's home board; checkers move from 24 towards 1),
- ``side[25]`` checkers on the bar.

A player's point ``p`` is the opponent's point ``25 - p``.  Every side holds 15 checkers in
all (``sum(side) == 15``).  A *board* is the pair ``(side_on_roll, opponent)``; numpy
evaluators take an ``(N, 2, 26)`` array of such pairs, always seen from the side on roll.
"""

from __future__ import annotations

OFF = 0
BAR = 25
CHECKERS = 15
SLOTS = 26

Side = tuple[int, ...]

START_SIDE: Side = (0,) + tuple({6: 5, 8: 3, 13: 5, 24: 2}.get(p, 0) for p in range(1, 25)) + (0,)


def make_side(points: dict[int, int] | None = None, bar: int = 0) -> Side:
    """A side from ``{point: count}`` and a bar count; the rest of the 15 are borne off."""
    points = points or {}
    counts = [0] * SLOTS
    for point, count in points.items():
        if not 1 <= point <= 24:
            raise ValueError(f"point {point} is not in 1..24")
        counts[point] = count
    counts[BAR] = bar
    on_board = sum(counts)
    if on_board > CHECKERS:
        raise ValueError(f"{on_board} checkers on one side; at most {CHECKERS}")
    counts[OFF] = CHECKERS - on_board
    return tuple(counts)


def pip_count(side: Side) -> int:
    """Pips the side still has to travel (a bar checker counts 25)."""
    return sum(p * side[p] for p in range(1, 26))


def check_board(me: Side, opp: Side) -> None:
    """Raise ``ValueError`` unless ``(me, opp)`` is a board a real game could reach."""
    for name, side in (("side on roll", me), ("opponent", opp)):
        if len(side) != SLOTS:
            raise ValueError(f"{name}: expected {SLOTS} slots, got {len(side)}")
        if any(n < 0 for n in side):
            raise ValueError(f"{name}: negative checker count")
        if sum(side) != CHECKERS:
            raise ValueError(f"{name}: {sum(side)} checkers; each side has exactly {CHECKERS}")
    for p in range(1, 25):
        if me[p] and opp[25 - p]:
            raise ValueError(f"point {p} holds checkers of both sides")
    if me[BAR] == opp[BAR] == CHECKERS:  # the last hit left the hitter's checker on the board
        raise ValueError("both sides have every checker on the bar, which no game can reach")
    if me[OFF] == opp[OFF] == CHECKERS:  # the game ends when the first side is off
        raise ValueError("both sides have borne off every checker, which no game can reach")
