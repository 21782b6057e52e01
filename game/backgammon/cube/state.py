"""The doubling cube and the match score as values: :class:`CubeState` and :class:`CubeAction`.

A :class:`~..state.BackgammonState` carries one ``CubeState`` in its ``cube`` field when the
game is played with the cube (a money game or a match); ``cube is None`` is cubeless play,
exactly as before (training and tournaments).  Everything here is immutable and cheap.

Choices:

- **Phase.**  ``phase`` says what the next step of a turn is while the dice are not rolled:
  :data:`DECIDE` (the player on turn chooses :data:`ROLL` or :data:`DOUBLE`), :data:`OFFERED`
  (a double is offered: the opponent chooses :data:`TAKE`, :data:`PASS` or :data:`BEAVER`),
  :data:`ROLLING` (the dice decide next: the player chose to roll, or may not double), or
  :data:`OVER` (the game has ended; in a match that is not decided the next game's opening
  roll follows).  Once the dice are rolled the phase is :data:`ROLLING`.
- **Value while a double is offered.**  ``value`` stays the value before the double until it
  is taken (as GNU Backgammon's match ID keeps it); a pass scores that value.
- **Crawford.**  ``crawford`` marks the Crawford game (the game after a side first reaches
  ``match_length - 1``; nobody may double).  Post-Crawford is not stored: it is any later game
  with a side at ``match_length - 1`` (:attr:`CubeState.post_crawford`), as in gnubg.
- **Score.**  ``score`` always includes every finished game, the current one too once it is
  over; a side may finish a match above ``match_length``.
"""

from __future__ import annotations

from dataclasses import dataclass

DECIDE = "decide"
OFFERED = "offered"
ROLLING = "rolling"
OVER = "over"
PHASES = (DECIDE, OFFERED, ROLLING, OVER)

MAX_CUBE = 64
"""The highest cube value, in money games and matches: no double nor beaver beyond it, and no
position text (GNU ID or XGID) is read with a higher cube."""
MAX_MATCH_LENGTH = 25


@dataclass(frozen=True, slots=True)
class CubeAction:
    """A cube decision: ``kind`` is ``"roll"`` (no double), ``"double"``, ``"take"``,
    ``"pass"`` (drop) or ``"beaver"`` (take and redouble at once, keeping the cube)."""

    kind: str

    def __str__(self) -> str:
        return self.kind

    def __repr__(self) -> str:
        return f"CubeAction({self.kind})"


ROLL = CubeAction("roll")
DOUBLE = CubeAction("double")
TAKE = CubeAction("take")
PASS = CubeAction("pass")
BEAVER = CubeAction("beaver")
CUBE_ACTIONS = (ROLL, DOUBLE, TAKE, PASS, BEAVER)


@dataclass(frozen=True, slots=True)
class CubeState:
    """The cube, the score and the cube phase of one game of a money session or a match.

    ``owner`` is ``None`` for a centred cube, else the player (0 White, 1 Black) who may
    redouble.  ``match_length`` is 0 in money play.  ``jacoby`` and ``beavers`` are money
    rules.  ``game`` numbers the games of a match from 1.  ``result`` is ``(winner, points)``
    of this game once it is over (``phase`` :data:`OVER`), the points already in ``score``.
    """

    value: int = 1
    owner: int | None = None
    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    crawford: bool = False
    jacoby: bool = False
    beavers: bool = False
    phase: str = ROLLING
    game: int = 1
    result: tuple[int, int] | None = None

    @property
    def is_match(self) -> bool:
        return self.match_length > 0

    @property
    def centred(self) -> bool:
        return self.owner is None

    @property
    def post_crawford(self) -> bool:
        """A game after the Crawford game (a side is one point from winning the match)."""
        return self.is_match and not self.crawford and max(self.score) == self.match_length - 1

    @property
    def match_winner(self) -> int | None:
        """The player who has won the match (``None`` while it goes on, and in money play)."""
        if not self.is_match:
            return None
        for player in (0, 1):
            if self.score[player] >= self.match_length:
                return player
        return None

    @property
    def finished(self) -> bool:
        """The whole protocol game is over: the money game ended, or the match is decided."""
        return self.phase == OVER and (not self.is_match or self.match_winner is not None)

    def may_double(self, player: int) -> bool:
        """Whether ``player`` may double at the start of a turn, cube-wise (not the Crawford
        game, the cube centred or theirs, below :data:`MAX_CUBE`, the game still on)."""
        return (not self.crawford and self.value < MAX_CUBE and self.owner in (None, player)
                and self.phase != OVER)

    def may_beaver(self) -> bool:
        """Whether a double just offered may be beavered (money play with beavers, and the
        redoubled cube within :data:`MAX_CUBE`)."""
        return self.beavers and not self.is_match and self.value * 4 <= MAX_CUBE

    def points(self, kind: int) -> int:
        """What a win of ``kind`` (1 single, 2 gammon, 3 backgammon) scores with this cube.
        Jacoby: in money play, gammons and backgammons count single while the cube is centred."""
        if self.jacoby and self.owner is None and not self.is_match:
            kind = 1
        return kind * self.value
