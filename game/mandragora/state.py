"""Mandragora Mania positions as immutable values, and the board and pieces they are written in.

The bottom of the package: it imports no other module of the game.  The board's facts (its
areas, bases and each side's sowing path, spec §1), the pieces and their values, and the
starting patterns are here because a state is written in them; how a move sows is
:mod:`.rules`.
"""

from __future__ import annotations

from dataclasses import dataclass

PLAYER, OPPONENT = 0, 1
SIDES = ("player", "opponent")
SIDE_TITLES = ("Player", "Opponent")
SIDE_LETTERS = "PO"
AREA_COUNT = 8
TOTAL_PIECES = 24
BASES = (0, 9)
SHARED_AREAS = (2, 4)
OWN_AREAS = ((1, 3, 5), (6, 7, 8))
MOVABLE = ((1, 2, 3, 4, 5), (2, 4, 6, 7, 8))
"""Areas each side may sow (own and shared), in ascending order: the order of legal moves."""
PATHS = ((1, 2, 3, 4, 5, 0, 6, 4, 7, 2, 8), (6, 4, 7, 2, 8, 9, 1, 2, 3, 4, 5))
PATH_LENGTH = 11
DISTANCE = tuple(
    {area: path.index(BASES[side]) - path.index(area) for area in MOVABLE[side]} for side, path in enumerate(PATHS)
)
"""Stops from each usable area to the side's own base (Player 1:5 … 5:1, Opponent 6:5 … 8:1)."""

PIECES = "MKPCA"
PIECE_NAMES = {"M": "Mandragora", "K": "Korrigan", "P": "Pachypodium", "C": "Citrillus", "A": "Adenium"}
FIRST_MOVER_VALUES = {"M": 1, "K": 2, "P": 2, "C": 3, "A": 3}
SECOND_MOVER_VALUES = {"M": 1, "K": 3, "P": 3, "C": 4, "A": 4}

PATTERNS = {
    "A": ("MCM", "MMM", "PMP", "MMM", "MMM", "MAM", "KMK", "MMM"),
    "B": ("MMM", "MCM", "MMM", "MAM", "PMP", "MMM", "MMM", "KMK"),
    "C": ("MMM", "MCM", "PMP", "MAM", "MMM", "MMM", "KMK", "MMM"),
    "D": ("MMM", "PMK", "MCM", "KMK", "MMM", "MMM", "MAM", "MMM"),
    "E": ("PMP", "MMM", "MCM", "MMM", "MMM", "KMK", "MAM", "MMM"),
}
"""Starting patterns (upstream HEAD code table), areas 1..8, each pile bottom to top."""

Board = tuple[str, ...]
"""Eight piles, area 1 first; each pile lists its pieces bottom to top (the last is sown first)."""


def values_for(side: int, first: int) -> dict[str, int]:
    """The piece values ``side`` scores with when ``first`` moved first."""
    return FIRST_MOVER_VALUES if side == first else SECOND_MOVER_VALUES


@dataclass(frozen=True, slots=True)
class Setup:
    """A chance outcome: the starting pattern and the side that moves first."""

    pattern: str
    first: int

    def __str__(self) -> str:
        return f"{self.pattern}/{SIDES[self.first]}"


@dataclass(frozen=True, slots=True)
class MandragoraState:
    """An immutable position.

    ``board`` holds the eight piles; ``turn`` is the side to move (0 Player, 1 Opponent);
    ``first`` is the real first mover (it fixes the piece values); ``scores`` are the points
    each side has scored.  ``setups`` is non-empty only at the chance node before the game,
    listing the equally likely :class:`Setup` outcomes.
    """

    board: Board
    turn: int = PLAYER
    first: int = PLAYER
    scores: tuple[int, int] = (0, 0)
    setups: tuple[Setup, ...] = ()

    def pile(self, area: int) -> str:
        """The pieces in ``area`` (1..8), bottom to top."""
        return self.board[area - 1]

    @staticmethod
    def start(pattern: str = "A", first: int = PLAYER) -> "MandragoraState":
        """The starting position of ``pattern`` with ``first`` to move."""
        return MandragoraState(PATTERNS[pattern], first, first)

