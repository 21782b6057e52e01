"""Dice entered by hand ("manual dice"): the player on roll types or clicks the dice instead of
the program rolling them, to play over a real board or to replay a match from paper.

A game whose chance outcomes are dice declares how they are entered, a :class:`DiceEntry` in
its :class:`~.gameinfo.Chance`; it then has the setting :data:`~.gameinfo.MANUAL_DICE`
("Dice: rolled by the program / entered by hand") and the window's Ctrl+D.  Nothing here
knows a game: the declaration says whose roll a chance node is, what its dice are called and
which chance outcome the dice make.  No pygame: the window collects keys and clicks into a
:class:`DiceTyping` and plays what it returns (:meth:`~.session.GameSession.roll`).

Choices written down:

- **Whose rolls.**  Only a human's: the chance node's roller (:attr:`DiceEntry.roller`) is a
  human seat; a roll of every side (backgammon's opening roll, one die each) is entered in any
  game with a human, since it is one outcome that decides both sides and the people at the
  board have both dice in front of them.  The computer's own rolls are drawn as always.
- **Never elsewhere.**  Tournaments, the command line and the headless match runner draw
  every outcome; they do not read the window's settings.
- **The seeded dice stream.**  An entered roll uses up the draw the program's roll would
  have used (:meth:`~.session.GameSession.roll`), so the *k*-th chance node of a game always
  takes the seed's *k*-th draw, entered or not.  A game reloaded from its record (whose
  action list holds the entered dice like any others) rewinds the generator by one draw per
  chance node, and so continues exactly as the game in the window would have; undo and redo
  keep it in step the same way.  The computer's later rolls are thus those the seed gives at
  their nodes, whatever was entered before them.
- **Refusals.**  A character that is not a die (a letter, 0, 7) is refused as it is typed;
  dice the rules do not allow there (equal dice at backgammon's opening roll) are refused
  when the last die is in, with the declaration's sentence, and all the dice are entered
  again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .protocol import Rules


def _nameless(state: Any) -> tuple[str, ...]:
    return ("", "")


@dataclass(frozen=True)
class DiceEntry:
    """How a game's chance outcome is entered as dice (its part of manual dice)."""

    outcome: Callable[[Any, tuple[int, ...]], Any]
    """``outcome(state, dice)``: the chance outcome the entered ``dice`` (in the order entered)
    make at the chance node ``state``; ``ValueError`` with a sentence for the player when the
    rules refuse them there (backgammon: equal dice at the opening roll)."""
    roller: Callable[[Any], int | None]
    """The player whose roll the chance node ``state`` is; ``None``: every player's at once (an
    opening roll of one die each), entered whenever a human plays."""
    dice: Callable[[Any], tuple[str, ...]] = _nameless
    """Whose each die to enter is at ``state`` (``("White", "Black")`` at the opening roll;
    ``""`` for the roller's own); how many there are is how many dice are entered."""
    question: Callable[[Any], str] | None = None
    """What the player is asked for at ``state`` in one sentence ("Opening roll: one die each;
    the higher starts."); ``None``: "<roller> to roll." from the game's player titles."""
    faces: int = 6

    def asks(self, state: Any, is_human: Callable[[int], bool], players: int) -> bool:
        """True when the chance node ``state`` is a human's roll (by hand if the setting says so)."""
        roller = self.roller(state)
        return any(is_human(p) for p in range(players)) if roller is None else is_human(roller)


class DiceTyping:
    """The dice entered so far at one chance node, one die at a time (a key or a click).

    :meth:`type` and :meth:`face` return the chance outcome once the last die is in and the
    rules allow it, else ``None``; a refusal is left in :attr:`message` (the next accepted
    die clears it)."""

    def __init__(self, entry: DiceEntry, rules: Rules, state: Any) -> None:
        self.entry, self.rules, self.state = entry, rules, state
        self.names: tuple[str, ...] = tuple(entry.dice(state))
        self.dice: list[int] = []
        self.message = ""

    @property
    def count(self) -> int:
        return len(self.names)

    def type(self, char: str) -> Any | None:
        """A typed character: a digit 1 to :attr:`DiceEntry.faces` is a die; anything else is refused."""
        faces = self.entry.faces
        if len(char) == 1 and char.isdigit() and faces < 10:
            if not 1 <= int(char) <= faces:
                self.message = f"{char} is no die: dice show 1 to {faces}."
                return None
            return self.face(int(char))
        if char.isprintable() and char.strip():
            self.message = f"'{char}' is not a die: type the dice as digits 1 to {faces}."
        else:
            self.message = f"Type the dice as digits 1 to {faces}."
        return None

    def face(self, value: int) -> Any | None:
        """A die showing ``value`` (a clicked face); the outcome when it is the last one."""
        if not 1 <= value <= self.entry.faces:
            self.message = f"{value} is no die: dice show 1 to {self.entry.faces}."
            return None
        self.message = ""
        self.dice.append(value)
        if len(self.dice) < self.count:
            return None
        dice, self.dice = tuple(self.dice), []
        try:
            return outcome_of(self.entry, self.rules, self.state, dice)
        except ValueError as error:
            self.message = str(error)
            return None

    def back(self) -> bool:
        """Take back the last die entered; False when there is none."""
        if not self.dice:
            return False
        self.dice.pop()
        self.message = ""
        return True

    def clear(self) -> bool:
        """Take back every die entered; False when there is none."""
        had = bool(self.dice)
        self.dice, self.message = [], ""
        return had


def outcome_of(entry: DiceEntry, rules: Rules, state: Any, dice: Sequence[int]) -> Any:
    """The chance outcome ``dice`` make at ``state``, checked against the rules' outcomes there;
    ``ValueError`` with a sentence for the player when the game or the rules refuse them."""
    faces = entry.faces
    bad = next((d for d in dice if not 1 <= d <= faces), None)
    if bad is not None:
        raise ValueError(f"{bad} is no die: dice show 1 to {faces}.")
    if len(dice) != len(entry.dice(state)):
        raise ValueError(f"Enter {len(entry.dice(state))} dice, not {len(dice)}.")
    outcome = entry.outcome(state, tuple(dice))
    if outcome not in [possible for possible, _ in rules.chance_outcomes(state)]:
        raise ValueError(f"{'-'.join(map(str, dice))} is no roll the rules allow here.")
    return outcome


def read_dice(entry: DiceEntry, rules: Rules, state: Any, text: str) -> Any:
    """The chance outcome typed as ``text`` ("31": each character one die, as the window reads
    keys); ``ValueError`` with the window's refusal for the first thing wrong."""
    typing = DiceTyping(entry, rules, state)
    for i, char in enumerate(text):
        outcome = typing.type(char)
        if typing.message:
            raise ValueError(typing.message)
        if outcome is not None:
            if text[i + 1:]:
                break
            return outcome
    raise ValueError(f"Enter {typing.count} dice, not {len(text)}.")
