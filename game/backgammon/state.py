"""Backgammon positions as immutable values: both sides, whose turn, the dice, the cube and a
resignation; and a roll of the dice.

The bottom of the package's rules: of the game it imports only the plain layouts a state is
made of, the board (:mod:`.board`), the cube's state (:mod:`.cube.state`) and a resignation's
(:mod:`.resignation.state`), which import nothing of the game.  How a state changes is
:mod:`.rules`; its text is :mod:`.position`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .board import CHECKERS, OFF, Side, check_board
from .cube.state import CubeState
from .resignation.state import Resignation

COLOURS = ("white", "black")
TITLES = ("White", "Black")
"""The sides as the window and the reports name them."""


@dataclass(frozen=True, slots=True)
class Roll:
    """A roll of two dice, higher first; ``first`` names the starter at the opening roll."""

    high: int
    low: int
    first: int | None = None

    @staticmethod
    def of(die1: int, die2: int, first: int | None = None) -> "Roll":
        if not (1 <= die1 <= 6 and 1 <= die2 <= 6):
            raise ValueError(f"dice must be 1 to 6, got {die1} and {die2}")
        return Roll(max(die1, die2), min(die1, die2), first)

    @property
    def is_double(self) -> bool:
        return self.high == self.low

    def __str__(self) -> str:
        text = f"{self.high}{self.low}"
        return text if self.first is None else f"{COLOURS[self.first]} {text}"

    def __repr__(self) -> str:
        return f"Roll({self})"


@dataclass(frozen=True)
class BackgammonState:
    """An immutable position: both sides (each in its own numbering), whose turn, the dice.

    ``turn`` is ``None`` only before the opening roll; ``dice`` is ``None`` until the player
    on turn has rolled; ``opening`` marks the game's first roll (never a double); ``cube`` is
    ``None`` in cubeless play, else the cube, score and cube phase.  While a double is offered
    ``turn`` stays the doubler's (the one who then rolls); ``resign`` is the player on turn's
    offer to resign this turn (:class:`~.resignation.state.Resignation`: waiting for the
    answer, declined, or accepted and the game over), ``None`` without one.  The rules
    build states from legal plays only, so the constructor does not re-check the board (it
    is on the search's hot path); :meth:`from_board` checks boards that come from outside.
    """

    sides: tuple[Side, Side]
    turn: int | None
    dice: tuple[int, int] | None = None
    opening: bool = False
    cube: CubeState | None = field(default=None, hash=False)
    resign: Resignation | None = field(default=None, hash=False)

    @property
    def on_roll(self) -> Side:
        """The side whose turn it is."""
        return self.sides[self.turn]

    @property
    def opponent(self) -> Side:
        return self.sides[1 - self.turn]

    @property
    def winner(self) -> int | None:
        if self.sides[0][OFF] == CHECKERS:
            return 0
        return 1 if self.sides[1][OFF] == CHECKERS else None

    @staticmethod
    def from_board(me: Side, opp: Side, player: int = 0, dice: tuple[int, int] | None = None,
                   cube: CubeState | None = None) -> "BackgammonState":
        """A state with ``me`` (player ``player``) on roll against ``opp``; ``ValueError`` if invalid."""
        check_board(me, opp)
        if dice is not None:
            roll = Roll.of(*dice)
            dice = (roll.high, roll.low)
        sides = (me, opp) if player == 0 else (opp, me)
        return BackgammonState(sides, player, dice, False, cube)


def win_kind(state: BackgammonState) -> int:
    """1 single, 2 gammon, 3 backgammon (0 while the game is on)."""
    winner = state.winner
    if winner is None:
        return 0
    loser = state.sides[1 - winner]
    if loser[OFF]:
        return 1
    # The winner's home board is the loser's points 19..24.
    return 3 if any(loser[p] for p in range(19, 26)) else 2
