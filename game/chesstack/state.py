"""Chesstack positions as immutable values: the board, both pockets and the log length.

The bottom of the package: it imports no other module of the game.  The colours, the piece
types in pocket order and the starting pockets are here because a state is written in them;
the pieces' values and movements are :mod:`.pieces`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

WHITE, BLACK = 0, 1
COLOURS = ("white", "black")

TYPES = ("K", "Q", "B", "N", "R", "P", "A", "G", "Kr", "W", "D", "L", "F", "C", "Cl", "Tr")
"""Every piece type, in the order of the upstream pocket arrays (§2)."""
START_POCKET = (1, 1, 2, 2, 2, 8) + (0,) * (len(TYPES) - 6)
"""Each side's pocket at the start, in :data:`TYPES` order: K1 Q1 B2 N2 R2 P8, fairies 0."""

Pocket = tuple[int, ...]
"""Counts per piece type, in :data:`TYPES` order."""


class Piece(NamedTuple):
    """A piece on the board with its stacks: ``stun`` > 0 cannot move; each move costs one
    ``move``; a ``royal`` piece is one its side must keep (losing the last one loses)."""

    colour: int
    kind: str
    stun: int = 0
    move: int = 0
    royal: bool = False


@dataclass(frozen=True)
class ChesstackState:
    """A position: ``board[sq]`` (``None`` or a :class:`Piece`), ``pockets[colour]`` and the
    number of actions played so far (``log_length``), whose parity names the side to move."""

    board: tuple[Piece | None, ...]
    pockets: tuple[Pocket, Pocket]
    log_length: int = 0
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.board, self.pockets, self.log_length)))

    def __hash__(self) -> int:
        return self._hash

    @property
    def turn(self) -> int:
        """The side to move: White when the log length is even."""
        return self.log_length % 2

    def royals(self, colour: int) -> int:
        return sum(1 for piece in self.board if piece is not None and piece.colour == colour and piece.royal)

    def pieces(self, colour: int) -> list[tuple[int, Piece]]:
        """``(square, piece)`` of ``colour``'s pieces on the board, by square."""
        return [(sq, piece) for sq, piece in enumerate(self.board) if piece is not None and piece.colour == colour]

    def pocket_count(self, colour: int, kind: str) -> int:
        return self.pockets[colour][TYPES.index(kind)]

    @staticmethod
    def start() -> "ChesstackState":
        """The empty board with full pockets, White to place its King."""
        return ChesstackState((None,) * 64, (START_POCKET, START_POCKET), 0)


def must_place_king(state: ChesstackState) -> bool:
    """True while the side to move must place its King: its first action (log length below 2),
    unless a position set up directly already has a royal of its on the board."""
    return state.log_length < 2 and not state.royals(state.turn)
