"""What the Mandragora board on screen needs beyond the rules, with no pygame: the piece-by-piece
course of a move (for the animation) and the pieces each base has collected.

The state keeps scores, not scored pieces, so the pieces in a base are read from the game's
states: each move between two states is found again and its scored pieces added up
(:class:`CollectedTracker`).  Without a history (a position set up directly),
:func:`guess_collected` picks a split of the missing pieces that matches both scores.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from itertools import product
from typing import NamedTuple

from ..rules import legal_areas, step
from ..state import BASES, PATH_LENGTH, PATHS, PATTERNS, PIECES, MandragoraState, values_for

Collected = tuple[str, str]
"""The pieces in the Player's and the Opponent's base, in the order they arrived."""


class Sowing(NamedTuple):
    """One move, piece by piece: who sows, from where, and where each piece lands."""

    side: int
    source: int
    landings: tuple[tuple[str, int], ...]
    """``(piece, stop)`` in sowing order; the stop is an area 1..8 or the mover's base."""


def sowing(state: MandragoraState, area: int) -> Sowing:
    """The landings of sowing ``area`` in ``state`` (the same course as the rules' ``sow``)."""
    side, pile = state.turn, state.pile(area)
    path = PATHS[side]
    start = path.index(area) + 1
    landings = tuple((piece, path[(start + i) % PATH_LENGTH]) for i, piece in enumerate(reversed(pile)))
    return Sowing(side, area, landings)


def sowing_arrows(layout, move: Sowing) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """A sowing drawn as a chain of arrows from the area sown through each stop its pieces land
    on, in order (a base: the middle of the mover's base box); ``layout`` is the board's
    geometry (``centres`` of the areas, ``bases`` boxes).  What the review screen and the hint
    panel draw for a move."""
    def centre(stop: int) -> tuple[float, float]:
        if stop in BASES:
            x, y, w, h = layout.bases[move.side]
            return (x + w / 2, y + h / 2)
        return layout.centres[stop]

    points = [layout.centres[move.source]]
    for _, stop in move.landings:
        if centre(stop) != points[-1]:
            points.append(centre(stop))
    return list(zip(points, points[1:]))


class SowingAnimation:
    """A move being shown piece by piece from ``state``: one piece lands every ``seconds``;
    ``collected`` is what the bases held before it; ``banner`` is shown once it has ended
    (shown earlier, it would give the outcome away and hide the flying pieces)."""

    def __init__(self, state: MandragoraState, move: Sowing, collected, seconds: float, banner: str = "") -> None:
        self.state, self.move, self.collected = state, move, collected
        self.seconds, self.elapsed, self.banner = seconds, 0.0, banner

    @property
    def landed(self) -> int:
        return min(len(self.move.landings), int(self.elapsed / self.seconds + 1e-9))

    @property
    def done(self) -> bool:
        return self.elapsed >= self.seconds * len(self.move.landings) - 1e-9


def partial(state: MandragoraState, move: Sowing, landed: int) -> tuple[tuple[str, ...], str, str]:
    """The board while ``move`` is under way: the piles once the source is picked up and the first
    ``landed`` pieces have landed, the pieces scored so far, and the pieces still in hand."""
    piles = list(state.board)
    piles[move.source - 1] = ""
    scored = ""
    for piece, stop in move.landings[:landed]:
        if stop in BASES:
            scored += piece
        else:
            piles[stop - 1] += piece
    hand = "".join(piece for piece, _ in move.landings[landed:])
    return tuple(piles), scored, hand


def move_summary(state: MandragoraState, area: int, titles: Sequence[str]) -> str:
    """``Player sowed area 4: 3 pieces, scoring 3 points.`` and the extra turn, if the game goes on."""
    done, title = step(state, area), titles[state.turn]
    points = f", scoring {done.points} point{'s' if done.points != 1 else ''}" if done.points else ""
    count = len(state.pile(area))
    text = f"{title} sowed area {area}: {count} piece{'s' if count != 1 else ''}{points}."
    if extra_turn_banner(state, area, titles):
        return f"{text} Extra turn: {title} moves again."
    if done.extra:
        return f"{text} No area left for the extra turn: game over."
    return text


def extra_turn_banner(state: MandragoraState, area: int, titles: Sequence[str]) -> str:
    """The banner to show once ``area``'s sowing has landed: the extra turn, or ``""`` when
    there is none or the game ends (an extra turn with no area left to sow)."""
    done = step(state, area)
    if not done.extra or not legal_areas(done.state.board, done.state.turn):
        return ""
    return f"★ Extra turn — {titles[state.turn]} moves again"


def move_between(before: MandragoraState, after: MandragoraState) -> int | None:
    """The area whose sowing turns ``before`` into ``after`` (``None`` if no single move does)."""
    if before.setups:
        return None
    for area in legal_areas(before.board, before.turn):
        if step(before, area).state == after:
            return area
    return None


def add_scored(collected: Collected, side: int, pieces: str) -> Collected:
    return (collected[0] + pieces, collected[1]) if side == 0 else (collected[0], collected[1] + pieces)


class CollectedTracker:
    """The pieces in both bases after each state of a game, computed once per state.

    :meth:`collected` takes the game's states (first to current); the answer for a prefix
    already seen (the same state objects) is reused, so undo and new moves cost one step each.
    """

    def __init__(self) -> None:
        self._chain: list[tuple[MandragoraState, Collected]] = []

    def collected(self, states: Sequence[MandragoraState]) -> Collected:
        chain = self._chain
        keep = 0
        while keep < min(len(chain), len(states)) and chain[keep][0] is states[keep]:
            keep += 1
        del chain[keep:]
        for state in states[keep:]:
            if not chain:
                chain.append((state, guess_collected(state) if not state.setups else ("", "")))
                continue
            before, pieces = chain[-1]
            area = move_between(before, state)
            if area is None:
                pieces = ("", "") if state.setups else guess_collected(state)
            else:
                pieces = add_scored(pieces, before.turn, step(before, area).scored)
            chain.append((state, pieces))
        return chain[-1][1] if chain else ("", "")


def guess_collected(state: MandragoraState) -> Collected:
    """A split of the pieces missing from the board between the bases that matches both scores.

    The missing pieces are those of the first starting pattern with enough of each kind;
    among the splits matching the scores, the one giving the Player the fewest rare pieces
    is taken.  ``("", "")`` when nothing matches (then only the scores are known).
    """
    on_board = Counter("".join(state.board))
    for pattern in PATTERNS.values():
        missing = Counter("".join(pattern))
        missing.subtract(on_board)
        if min(missing.values(), default=0) < 0:
            continue
        split = _split(missing, state)
        if split is not None:
            return split
    return ("", "")


def _split(missing: Counter, state: MandragoraState) -> Collected | None:
    rare = [piece for piece in PIECES if piece != "M"]
    values = (values_for(0, state.first), values_for(1, state.first))
    for counts in product(*(range(missing[piece] + 1) for piece in rare)):
        mine = dict(zip(rare, counts))
        rest = state.scores[0] - sum(values[0][piece] * n for piece, n in mine.items())
        if not 0 <= rest <= missing["M"]:
            continue
        theirs = {piece: missing[piece] - mine[piece] for piece in rare}
        their_m = missing["M"] - rest
        if sum(values[1][piece] * n for piece, n in theirs.items()) + their_m == state.scores[1]:
            player = "M" * rest + "".join(piece * mine[piece] for piece in rare)
            opponent = "M" * their_m + "".join(piece * theirs[piece] for piece in rare)
            return (player, opponent)
    return None


# -- geometry of the board on screen (pixels, no pygame) ---------------------------------------
SQRT3 = math.sqrt(3)
GRID = {8: (0, 0), 7: (0, 1), 6: (0, 2), 2: (1, 0.5), 4: (1, 1.5), 1: (2, 0), 3: (2, 1), 5: (2, 2)}
"""Row (0 top) and column of each area with the Player at the bottom, as in the original game."""


def grid(bottom: int) -> dict[int, tuple[float, float]]:
    """Row and column of each area with ``bottom``'s areas in the bottom row (turned half round)."""
    return GRID if bottom == 0 else {area: (2 - row, 2 - col) for area, (row, col) in GRID.items()}


def hexagon(centre: tuple[float, float], r: float) -> list[tuple[float, float]]:
    """Corners of a pointy-top hexagon."""
    x, y = centre
    return [(x + r * math.cos(math.radians(a)), y + r * math.sin(math.radians(a))) for a in range(-90, 270, 60)]


def in_hexagon(pos, centre, r: float) -> bool:
    dx, dy = abs(pos[0] - centre[0]), abs(pos[1] - centre[1])
    return dx <= r * SQRT3 / 2 and dy <= r - dx / SQRT3


def pile_spots(centre, r: float, n: int) -> tuple[list[tuple[float, float]], float]:
    """Where ``n`` pieces sit in a hexagon (bottom row first, so the last is on top) and their size."""
    cols = 3 if n <= 9 else 4 if n <= 16 else 5
    rows = max(1, math.ceil(n / cols))
    d = min(1.2 * r / cols, 0.98 * r / rows, 0.4 * r)
    spots = []
    for i in range(n):
        row, col = divmod(i, cols)
        in_row = min(cols, n - row * cols)
        x = centre[0] + (col - (in_row - 1) / 2) * d
        y = centre[1] - 0.02 * r + ((rows - 1) / 2 - row) * d
        spots.append((x, y))
    return spots, d * 0.92


def badges(records: Sequence) -> list[tuple[int, bool, bool, float]]:
    """The overlay on each analysed area: ``(area, warned, best, total)``.  The total is the
    measure the records are ranked by (the hint table's "Total"), so the starred first record,
    the analyzer's pick, has the highest number on the board; the seed's score would show
    nearly half the areas as 0."""
    return [(record.move, bool(record.warnings), i == 0, record.value) for i, record in enumerate(records)]


def piece_shape(piece: str, c: float, h: float) -> list[tuple[float, float]]:
    """Corners of a piece drawn in a square of half-size ``h`` around (c, c): K square, P triangle,
    C diamond, A five-pointed star (M is a circle)."""
    if piece == "K":
        s = h * 0.86
        return [(c - s, c - s), (c + s, c - s), (c + s, c + s), (c - s, c + s)]
    if piece == "P":
        return [(c, c - h), (c + h, c + h * 0.8), (c - h, c + h * 0.8)]
    if piece == "C":
        return [(c, c - h), (c + h, c), (c, c + h), (c - h, c)]
    return [(c + (h if i % 2 == 0 else h * 0.5) * math.cos(math.radians(-90 + 36 * i)),
             c + (h if i % 2 == 0 else h * 0.5) * math.sin(math.radians(-90 + 36 * i))) for i in range(10)]


def counted_landings(landings) -> list[tuple[int, int]]:
    """``(stop, k)`` per landing: its stop and how many pieces landed there before it."""
    seen: dict[int, int] = {}
    out = []
    for _, stop in landings:
        seen[stop] = seen.get(stop, -1) + 1
        out.append((stop, seen[stop]))
    return out
