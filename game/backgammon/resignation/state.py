"""A resignation as values: :class:`ResignAction` (offer, accept, decline) and
:class:`Resignation`, what a :class:`~..state.BackgammonState` carries in its ``resign``
field (``None`` when nobody has offered to resign this turn).

Choices:

- **Levels.**  A player offers to resign a single game (1), a gammon (2) or a backgammon
  (3); accepted, the offer scores that many times the cube's value (1 without a cube), as
  GNU Backgammon scores a resignation (the Jacoby rule does not turn it into a single game).
- **Who.**  The resigner is the player on turn (``state.turn`` stays theirs while the offer
  waits, as it stays the doubler's while a double waits); the opponent answers.
- **A declined offer** stays on the state for the rest of the resigner's turn
  (``answer == "declined"``): the resigner may then only offer more (GNU Backgammon's
  computer likewise offers nothing it was just refused), so a computer that resigns can
  never ask the same question twice in a turn.  The next play ends the turn and clears it.
- **Accepted**, the offer stays on the state (``answer == "accepted"``) so the words of the
  result can say the game was resigned.
"""

from __future__ import annotations

from dataclasses import dataclass

SINGLE, GAMMON, BACKGAMMON = 1, 2, 3
LEVELS = (SINGLE, GAMMON, BACKGAMMON)
LEVEL_WORDS = {SINGLE: "a single game", GAMMON: "a gammon", BACKGAMMON: "a backgammon"}
"""A resignation's level in words ("White resigns a gammon")."""

OFFERED, DECLINED, ACCEPTED = None, "declined", "accepted"


@dataclass(frozen=True, slots=True)
class ResignAction:
    """A resignation step: ``kind`` ``"resign"`` (an offer of ``level`` 1, 2 or 3),
    ``"accept"`` or ``"decline"`` (the opponent's answer; ``level`` 0)."""

    kind: str
    level: int = 0

    def __str__(self) -> str:
        return f"resign {self.level}" if self.kind == "resign" else self.kind

    def __repr__(self) -> str:
        return f"ResignAction({self})"


OFFERS = tuple(ResignAction("resign", level) for level in LEVELS)
"""The three offers, single game first."""
ACCEPT = ResignAction("accept")
DECLINE = ResignAction("decline")


@dataclass(frozen=True, slots=True)
class Resignation:
    """The resignation of the player on turn: its ``level`` and the ``answer`` so far
    (:data:`OFFERED` ``None`` while it waits, :data:`DECLINED` or :data:`ACCEPTED`)."""

    level: int
    answer: str | None = OFFERED

    @property
    def pending(self) -> bool:
        return self.answer is OFFERED

    @property
    def accepted(self) -> bool:
        return self.answer == ACCEPTED

    @property
    def declined(self) -> bool:
        return self.answer == DECLINED
