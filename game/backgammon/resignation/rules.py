"""The resignation steps of :class:`~..rules.BackgammonRules` and their words (no numpy).

A player on turn with a decision of their own (a play, or roll-or-double before the roll)
may offer to resign (:func:`offers`); the opponent then decides, accepting or declining
(:func:`pending`, and the rules' ``legal_moves`` are those two).  Accepting ends the game:
the opponent wins the offer's level times the cube (in a match scored as any game end:
:func:`~..cube.rules.end_game`, so the next game's Crawford rule follows from the score);
declining gives the turn back to the resigner where they were (dice, cube decision), who may
then only offer more this turn (:mod:`.state`).  Offers are no legal *moves*: searches,
analyses and move lists never see them; the rules list them apart
(:meth:`~game.core.protocol.Rules.offers`) and accept them from a player.

Notation (what saves and the move list write; read in any case): ``Resigns a single game``,
``Resigns a gammon``, ``Resigns a backgammon``, ``Accepts``, ``Declines``.  Parsing also takes
``resign`` with ``normal``/``single``/``n``/``1``, ``gammon``/``g``/``2``,
``backgammon``/``b``/``3`` (GNU Backgammon's words), and ``agree``/``accept``,
``decline``/``reject``/``refuse`` with or without an ``s``.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ...core.protocol import IllegalMoveError, InvalidMoveError
from ...core.untrusted import shown
from ..cube import rules as cube_rules
from ..cube.state import DECIDE, OFFERED, OVER
from .state import ACCEPT, ACCEPTED, DECLINE, DECLINED, LEVEL_WORDS, OFFERS, ResignAction, Resignation

_LEVEL_NAMES = {"single": 1, "single game": 1, "normal": 1, "n": 1, "1": 1, "gammon": 2, "g": 2, "2": 2,
                "backgammon": 3, "b": 3, "3": 3}
_OFFER_TEXT = re.compile(r"\s*resigns?\s+(?:a\s+)?(single game|[a-z0-9]+)\s*")
_ANSWERS = {"accept": ACCEPT, "accepts": ACCEPT, "agree": ACCEPT, "agrees": ACCEPT,
            "decline": DECLINE, "declines": DECLINE, "reject": DECLINE, "rejects": DECLINE,
            "refuse": DECLINE, "refuses": DECLINE}


# --------------------------------------------------------------------------- questions


def pending(state) -> bool:
    """True while an offer to resign waits for the opponent's answer."""
    return state.resign is not None and state.resign.pending


def accepted(state) -> Resignation | None:
    """The accepted resignation that ended the game at ``state``, else ``None``."""
    resign = state.resign
    return resign if resign is not None and resign.accepted else None


def points(state, level: int) -> int:
    """What a resignation of ``level`` scores: the level times the cube (1 without one)."""
    return level * (1 if state.cube is None else state.cube.value)


def _on_turn_decides(state) -> bool:
    """The player on turn has a decision of their own: a play, or roll or double."""
    if state.turn is None:
        return False
    if state.cube is None:
        return state.dice is not None and state.winner is None
    return state.dice is not None or state.cube.phase == DECIDE


def offers(state) -> tuple[ResignAction, ...]:
    """The resignations the player on turn may offer at ``state`` (see the module doc): all
    three at their own decision, only those above a level declined this turn, none at the
    opponent's decision, at a chance node or once the game is over."""
    resign = state.resign
    if (resign is not None and not resign.declined) or not _on_turn_decides(state):
        return ()
    refused = resign.level if resign is not None else 0
    return tuple(offer for offer in OFFERS if offer.level > refused)


def _why_not(state) -> str:
    resign = state.resign
    if resign is not None and resign.pending:
        return "a resignation is offered: accept or decline it"
    if resign is not None and resign.accepted or (state.cube is not None and state.cube.phase == OVER) \
            or (state.cube is None and state.winner is not None):
        return "the game is over"
    if resign is not None and resign.declined and resign.level == 3:
        return "a backgammon was declined this turn: there is nothing more to resign"
    if resign is not None and resign.declined:
        return f"{LEVEL_WORDS[resign.level]} was declined this turn: only more may be offered"
    if state.cube is not None and state.cube.phase == OFFERED and state.dice is None:
        return "a double is offered: take or pass it"
    return "a player resigns at their own decision (a play, or roll or double)"


# --------------------------------------------------------------------------- the step


def apply_action(state, action: ResignAction):
    """The state after ``action``; :class:`IllegalMoveError` if it is not open here."""
    if pending(state):
        if action not in (ACCEPT, DECLINE):
            raise IllegalMoveError(f"{action} is not possible here ({_why_not(state)})")
        level = state.resign.level
        if action == DECLINE:
            return replace(state, resign=Resignation(level, DECLINED))
        over = replace(state, dice=None, resign=Resignation(level, ACCEPTED))
        if state.cube is None:
            return over
        return cube_rules.end_game(over, 1 - state.turn, points(state, level))
    if action not in offers(state):
        raise IllegalMoveError(f"{action} is not possible here ({_why_not(state)})")
    return replace(state, resign=Resignation(action.level))


# --------------------------------------------------------------------------- notation


def notation(state, action: ResignAction) -> str:
    """``Resigns a gammon``, ``Accepts`` or ``Declines``."""
    if action.kind == "resign":
        return f"Resigns {LEVEL_WORDS[action.level]}"
    return "Accepts" if action == ACCEPT else "Declines"


def _read(text: str) -> ResignAction | None:
    lowered = " ".join(text.lower().split())
    if lowered in _ANSWERS:
        return _ANSWERS[lowered]
    found = _OFFER_TEXT.fullmatch(lowered)
    if found and found.group(1) in _LEVEL_NAMES:
        return OFFERS[_LEVEL_NAMES[found.group(1)] - 1]
    return None


def is_offer_word(text: str) -> bool:
    """Whether ``text`` is written as an offer to resign ("Resigns a gammon"), in any state
    (an answer, "Accepts", is read as one only while an offer waits: it also takes a double)."""
    action = _read(text)
    return action is not None and action.kind == "resign"


def parse(state, text: str) -> ResignAction:
    """The resignation step ``text`` names at ``state`` (any case); :class:`InvalidMoveError`
    for text that is none, :class:`IllegalMoveError` for one not open here."""
    action = _read(text)
    if action is None:
        expected = "Accepts or Declines" if pending(state) else "e.g. 'Resigns a gammon'"
        raise InvalidMoveError(f"{shown(text)} is no resignation step; expected {expected}")
    if pending(state) != (action.kind != "resign") or (action.kind == "resign" and action not in offers(state)):
        raise IllegalMoveError(f"{shown(text)} is not possible here ({_why_not(state)})")
    return action
