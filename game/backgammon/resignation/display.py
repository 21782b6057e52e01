"""A resignation on screen without pygame: its words, the question a human answers and the
offer a human makes.

- The opponent of a resigner answers with buttons in a dialog (:func:`answer_question`:
  "White resigns a gammon (2 points). Black: accept or decline?", Accept (A) / Decline (D)).
- A human on turn offers with Ctrl+R: a dialog asks which resignation (:func:`offer_question`:
  "White resigns at cube 2: 2, 4 or 6 points? Esc cancels.", Single (1) / Gammon (2) /
  Backgammon (3)), only those the rules still allow this turn; Esc or a click beside the
  dialog takes the question back (three buttons fit the narrowest dialog, four do not).
- The result says who resigned what and who accepted (:func:`resigned_words`: "White resigns
  a gammon; Black accepts (2 points)."), the status line while an offer waits or after one was
  declined (:func:`resign_status`).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .rules import accepted, offers, pending, points
from .state import ACCEPT, DECLINE, LEVEL_WORDS, ResignAction

TITLES = ("White", "Black")
SHORT = {1: "Single", 2: "Gammon", 3: "Backgammon"}


class ResignOption(NamedTuple):
    """One button: its words, the move it plays, its key's letter."""

    label: str
    move: Any
    key: str


class ResignQuestion(NamedTuple):
    """A question asked in a dialog (the window's ``Choices``)."""

    question: str
    options: tuple[ResignOption, ...]
    modal: bool = True


def _points(n: int) -> str:
    return f"{n} point{'' if n == 1 else 's'}"


def offer_words(state, level: int) -> str:
    """"White resigns a gammon (2 points)" for the player on turn at ``state``."""
    return f"{TITLES[state.turn]} resigns {LEVEL_WORDS[level]} ({_points(points(state, level))})"


def answer_question(state) -> ResignQuestion | None:
    """The question the resigner's opponent answers while an offer waits, else ``None``."""
    if not pending(state):
        return None
    other = TITLES[1 - state.turn]
    return ResignQuestion(f"{offer_words(state, state.resign.level)}. {other}: accept or decline?",
                          (ResignOption("Accept (A)", ACCEPT, "a"), ResignOption("Decline (D)", DECLINE, "d")))


def offer_question(state) -> ResignQuestion | None:
    """What the player on turn may resign at ``state`` (see the module doc), ``None`` when
    the rules allow no offer there."""
    allowed = offers(state)
    if not allowed:
        return None
    options = tuple(ResignOption(f"{SHORT[o.level]} ({o.level})", o, str(o.level)) for o in allowed)
    worth = [str(points(state, o.level)) for o in allowed]
    worth = worth[0] if len(worth) == 1 else f"{', '.join(worth[:-1])} or {worth[-1]}"
    cube = state.cube.value if state.cube is not None else 1
    at = f" at cube {cube}" if cube > 1 else ""
    return ResignQuestion(f"{TITLES[state.turn]} resigns{at}: {worth} points? Esc cancels.", options)


def resigned_words(state) -> str | None:
    """"White resigns a gammon; Black accepts (2 points)." for a game ended by resignation
    (the cube's value when above 1), else ``None``."""
    resigned = accepted(state)
    if resigned is None:
        return None
    loser, level = state.turn, resigned.level
    cube = state.cube.value if state.cube is not None else 1
    at = f", cube {cube}" if cube > 1 else ""
    return (f"{TITLES[loser]} resigns {LEVEL_WORDS[level]}; {TITLES[1 - loser]} accepts "
            f"({_points(level * cube)}{at}).")


def resign_status(state) -> str:
    """The status line's words on a resignation this turn: the question while it waits, the
    refusal after it was declined; "" without one."""
    resign = state.resign
    if resign is None or resign.accepted:
        return ""
    if resign.pending:
        return f"{offer_words(state, resign.level)}: {TITLES[1 - state.turn]} to accept or decline."
    return f"{TITLES[1 - state.turn]} declined {LEVEL_WORDS[resign.level]}."


def action_note(state, action: ResignAction) -> str:
    """A resignation step in words, for the banner: "White resigns a gammon (2 points)",
    "Black accepts", "Black declines"."""
    if action.kind == "resign":
        return offer_words(state, action.level)
    return f"{TITLES[1 - state.turn]} {'accepts' if action == ACCEPT else 'declines'}"


MOVE_WORDS = {"resign": None, "accept": "Accept", "decline": "Decline"}


def move_words(move) -> str | None:
    """A resignation step's name in the hint table and review ("Accept", "Decline",
    "Resign a gammon"); ``None`` for any other move."""
    if not isinstance(move, ResignAction):
        return None
    return f"Resign {LEVEL_WORDS[move.level]}" if move.kind == "resign" else MOVE_WORDS[move.kind]
