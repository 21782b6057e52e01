"""Chesstack's pieces (spec §5): names, values, placement stuns and how each one moves (the
types themselves, in pocket order, are :mod:`.state`'s).

Squares are numbers 0..63, ``rank * 8 + file`` with file 0..7 = a..h and rank 0..7 = 1..8
(a1 = 0, h1 = 7, a8 = 56).  Every movement pattern is precomputed per square as *rays*: the
squares a piece may reach along one line, nearest first.  A rider's ray runs to the board's
edge and stops before its own piece or on the first enemy; a leaper's rays are one square
long.  Pawns and the Grasshopper have rules of their own (:func:`destinations`).

The Samurai (added upstream on 10 January, after the baseline) is left out, as the issue
allows; every other type of §5 exists, the fairy ones starting at 0 in the pockets.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.untrusted import shown
from .state import TYPES, WHITE

INDEX = {kind: i for i, kind in enumerate(TYPES)}
NAMES = {"K": "King", "Q": "Queen", "B": "Bishop", "N": "Knight", "R": "Rook", "P": "Pawn", "A": "Amazon",
         "G": "Grasshopper", "Kr": "Knightrider", "W": "Archbishop", "D": "Dabbaba", "L": "Alfil", "F": "Ferz",
         "C": "Centaur", "Cl": "Camel", "Tr": "Tempest rook"}
VALUES = {"K": 400, "Q": 900, "B": 330, "N": 320, "R": 500, "P": 100, "A": 1400, "G": 280, "Kr": 650, "W": 800,
          "D": 250, "L": 250, "F": 150, "C": 700, "Cl": 450, "Tr": 700}
"""The evaluators' values in centipawns (§5, "Eval value")."""
STUNS = {"K": 4, "Q": 9, "B": 3, "N": 3, "R": 5, "A": 13, "G": 4, "Kr": 7, "W": 6, "D": 2, "L": 2, "F": 1,
         "C": 5, "Cl": 3, "Tr": 7}
"""Stun given on placement (§5); a pawn's depends on its rank (:func:`placement_stun`)."""
PROMOTIONS = ("Q", "R", "B", "N", "A")
"""What a pawn reaching its last rank must become (HEAD engine: Q, R, B, N or Amazon)."""
ROYAL_CAPTURE_STUN = 3
"""Stun every remaining piece of a side gets when one of its royals is captured (§4)."""


def square(file: int, rank: int) -> int:
    return rank * 8 + file


def square_name(sq: int) -> str:
    return "abcdefgh"[sq % 8] + str(sq // 8 + 1)


def parse_square(text: str) -> int:
    """``"e4"`` → 28; ``ValueError`` for anything that is not a square a1..h8."""
    text = text.strip().lower()
    if len(text) != 2 or text[0] not in "abcdefgh" or text[1] not in "12345678":
        raise ValueError(f"bad square {shown(text)}: expected a1 to h8")
    return square("abcdefgh".index(text[0]), int(text[1]) - 1)


def parse_type(text: str) -> str:
    """A piece letter in its canonical case (``"kr"`` → ``"Kr"``); ``ValueError`` otherwise."""
    for kind in TYPES:
        if text.strip().lower() == kind.lower():
            return kind
    raise ValueError(f"unknown piece type {shown(text)}; types: {' '.join(TYPES)}")


def last_rank(colour: int) -> int:
    """The rank (0-based) where ``colour``'s pawns promote."""
    return 7 if colour == WHITE else 0


def placement_stun(kind: str, colour: int, sq: int) -> int:
    """Stun of a piece placed on ``sq``: its type's, or a pawn's by rank (White 8 − r, Black r + 1)."""
    if kind == "P":
        rank = sq // 8
        return 8 - rank if colour == WHITE else rank + 1
    return STUNS[kind]


# -- movement tables -----------------------------------------------------------------------------
KING_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
ORTHOGONAL, DIAGONAL = KING_STEPS[:4], KING_STEPS[4:]
KNIGHT = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))
CAMEL = ((1, 3), (3, 1), (-1, 3), (-3, 1), (1, -3), (3, -1), (-1, -3), (-3, -1))
DABBABA = ((2, 0), (-2, 0), (0, 2), (0, -2))
ALFIL = ((2, 2), (2, -2), (-2, 2), (-2, -2))


def _ray(sq: int, step: tuple[int, int], first: tuple[int, int] | None = None, limit: int = 7) -> tuple[int, ...]:
    """Squares from ``sq`` (or from ``first`` steps away) repeating ``step``, up to ``limit``."""
    f, r = sq % 8, sq // 8
    if first is not None:
        f, r = f + first[0] - step[0], r + first[1] - step[1]
    squares = []
    for _ in range(limit):
        f, r = f + step[0], r + step[1]
        if not (0 <= f < 8 and 0 <= r < 8):
            break
        squares.append(square(f, r))
    return tuple(squares)


def _tempest(sq: int) -> list[tuple[int, ...]]:
    """From each diagonal neighbour, the two orthogonal rays pointing away from the piece; the
    neighbour itself is neither a destination nor a blocker (§5)."""
    rays = []
    for dx, dy in DIAGONAL:
        rays.append(_ray(sq, (0, dy), first=(dx, 2 * dy)))  # (f+dx, r+dy+dy*k)
        rays.append(_ray(sq, (dx, 0), first=(2 * dx, dy)))  # (f+dx+dx*k, r+dy)
    return rays


def _rays(kind: str, sq: int) -> list[tuple[int, ...]]:
    riders = {"Q": KING_STEPS, "R": ORTHOGONAL, "B": DIAGONAL, "A": KING_STEPS, "W": DIAGONAL, "Kr": KNIGHT}
    leapers = {"K": KING_STEPS, "N": KNIGHT, "A": KNIGHT, "W": KNIGHT, "D": DABBABA, "L": ALFIL, "F": DIAGONAL,
               "C": KING_STEPS + KNIGHT, "Cl": CAMEL}
    rays = [_ray(sq, step) for step in riders.get(kind, ())]
    rays += [_ray(sq, step, limit=1) for step in leapers.get(kind, ())]
    if kind == "Tr":
        rays += _tempest(sq)
    return [ray for ray in rays if ray]


RAYS: dict[str, tuple[tuple[tuple[int, ...], ...], ...]] = {
    kind: tuple(tuple(_rays(kind, sq)) for sq in range(64)) for kind in TYPES if kind not in ("P", "G")
}
"""Piece type → per square → its rays (riders and leapers; pawns and the Grasshopper aside)."""
QUEEN_LINES = tuple(tuple(_ray(sq, step) for step in KING_STEPS if _ray(sq, step)) for sq in range(64))
"""Per square, the eight queen lines: where a Grasshopper looks for its hurdle."""


def destinations(board: Sequence, sq: int, kind: str, colour: int) -> list[int]:
    """Every square a piece of ``kind`` and ``colour`` on ``sq`` may move to by its pattern,
    captures included, whatever its stacks (the evaluators' "potential moves").

    ``board[s]`` is ``None`` or a piece with a ``colour``.  A promotion is one destination
    here; the evaluators count it once per promotion choice (:func:`promotes`)."""
    found = []
    if kind == "P":
        f, r = sq % 8, sq // 8
        ahead = r + (1 if colour == WHITE else -1)
        if 0 <= ahead < 8:
            if board[square(f, ahead)] is None:
                found.append(square(f, ahead))
            for df in (-1, 1):
                if 0 <= f + df < 8:
                    target = board[square(f + df, ahead)]
                    if target is not None and target.colour != colour:
                        found.append(square(f + df, ahead))
        return found
    if kind == "G":
        for line in QUEEN_LINES[sq]:
            for i, s in enumerate(line):
                if board[s] is not None:  # the hurdle: land just beyond it
                    if i + 1 < len(line):
                        beyond = board[line[i + 1]]
                        if beyond is None or beyond.colour != colour:
                            found.append(line[i + 1])
                    break
        return found
    for ray in RAYS[kind][sq]:
        for s in ray:
            occupant = board[s]
            if occupant is None:
                found.append(s)
                continue
            if occupant.colour != colour:
                found.append(s)
            break
    return found


def promotes(kind: str, colour: int, target: int) -> bool:
    """True when a move of ``kind`` to ``target`` is a promotion (a pawn reaching its last rank)."""
    return kind == "P" and target // 8 == last_rank(colour)
