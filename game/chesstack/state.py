"""Chesstack positions as immutable values: the board, both pockets and the log length."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from .pieces import BLACK, START_POCKET, TYPES, WHITE

Pocket = tuple[int, ...]
"""Counts per piece type, in :data:`~.pieces.TYPES` order."""


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


__all__ = ["BLACK", "WHITE", "ChesstackState", "Piece", "Pocket"]
