"""The doubling cube on screen without pygame: its words, its place, and the view's cube hooks.

Where the cube goes (the view's choice; the issue says "on the bar, or at its owner's side"):
centred, it sits in the middle of the bar and shows 64, as a real cube does; owned, it sits
at the owner's end of the bar, next to the owner's name strip, showing its value (the bar's
checkers stop 4.4 points short of that end, so it covers none); while a double is offered,
it stands larger, with the new value, in the middle of the doubled player's half of the
board, where that player's dice would be.  Cubeless games draw nothing here.

The decisions a human makes with buttons (Roll/Double before the roll, Take/Pass/Beaver on a
double, and Accept/Decline on a resignation, :mod:`..resignation.display`) are described here
as words, moves and key letters; the view turns them into the window's buttons.  Rectangles are ``(x, y, w, h)`` tuples (:mod:`.view.layout`).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..resignation import display as resign_display
from ..resignation.rules import pending
from ..resignation.state import ResignAction
from ..status import TITLES
from ..view.layout import BoardGeometry, Box, box_around
from . import rules as cube_rules
from .state import BEAVER, DECIDE, DOUBLE, OFFERED, OVER, PASS, ROLL, TAKE, CubeAction

CUBE_FACE, CUBE_EDGE = (250, 246, 236), (70, 56, 40)

CUBE_KEYS = (("R/D", "roll/double", "roll/double (backgammon with the cube, before the roll)"),
             ("T/P/B", "take/pass/beaver", "take/pass/beaver a double"))
OFFER_KEYS = (("Ctrl+R", "resign", "offer to resign a single game, a gammon or a backgammon (backgammon, on your turn)"),
              ("A/D", "accept/decline", "accept/decline an offer to resign"))
"""The decisions' keys for the window's key help, ``(keys, what they do, the README's words)``:
the cube's in a cube game, the resignation's in every game."""


class CubeOption(NamedTuple):
    """One answer to a cube decision: its button's words, the move it plays, its key's letter."""

    label: str
    move: Any
    key: str


class CubeQuestion(NamedTuple):
    """A cube decision a human answers with buttons (:meth:`CubeDecisions.question`).  ``modal``:
    asked in a dialog (a double to answer) rather than with buttons on the board (roll or double)."""

    question: str
    options: tuple[CubeOption, ...]
    modal: bool


def cube_question(state) -> CubeQuestion | None:
    """The cube decision open at ``state``, ``None`` where there is none (the rules roll by
    themselves when doubling is not allowed)."""
    cube = state.cube
    if cube is None or state.dice is not None or state.turn is None or pending(state):
        return None
    if cube.phase == OFFERED:
        doubler, taker = TITLES[state.turn], TITLES[1 - state.turn]
        options = [CubeOption("Take (T)", TAKE, "t"), CubeOption("Pass (P)", PASS, "p")]
        if cube.may_beaver():
            options.append(CubeOption("Beaver (B)", BEAVER, "b"))
        words = "take, pass or beaver" if cube.may_beaver() else "take or pass"
        return CubeQuestion(f"{doubler} doubles to {2 * cube.value}. {taker}: {words}?", tuple(options), True)
    if cube.phase == DECIDE:
        return CubeQuestion(f"{TITLES[state.turn]} to roll or double.",
                            (CubeOption("Roll (R)", ROLL, "r"), CubeOption("Double (D)", DOUBLE, "d")), False)
    return None


def decision_heading(state) -> str | None:
    """What a cube decision is, for ``tabula analyze``'s heading: "cube decision (double or no
    double)", "cube decision (take or pass)", "resignation (accept or decline)"; ``None``
    before a play (an ordinary move)."""
    if pending(state):
        return "resignation (accept or decline)"
    asked = cube_question(state)
    if asked is None:
        return None
    if asked.modal:
        return f"cube decision ({'take, pass or beaver' if len(asked.options) > 2 else 'take or pass'})"
    return "cube decision (double or no double)"


MOVE_WORDS = {"roll": "No double", "double": "Double", "take": "Take", "pass": "Pass", "beaver": "Beaver"}
"""Cube actions as the hint table names them (GNU Backgammon's words, not the match file's)."""


def move_words(move) -> str | None:
    """A cube action's or a resignation step's name in the hint table; ``None`` for a play
    (its notation is right)."""
    if isinstance(move, CubeAction):
        return MOVE_WORDS.get(move.kind)
    return resign_display.move_words(move)


def action_note(state, action) -> str:
    """A cube action in words, for the banner: "Black doubles to 2", "White takes",
    "White passes: Black wins 1 point", "Black beavers: the cube is at 4"."""
    cube, mover = state.cube, TITLES[state.turn]
    other = TITLES[1 - state.turn]
    if action == DOUBLE:
        return f"{mover} doubles to {2 * cube.value}"
    if action == TAKE:
        return f"{other} takes: the cube is at {2 * cube.value}"
    if action == BEAVER:
        return f"{other} beavers: the cube is at {4 * cube.value}"
    if action == PASS:
        points = cube.value
        return f"{other} passes: {mover} wins {points} point{'' if points == 1 else 's'}"
    return f"{mover} rolls"


def decision_note(state, move) -> str | None:
    """A decision by buttons in words for the banner (:func:`action_note`, or a resignation
    step's: "White resigns a gammon (2 points)", "Black accepts"); "" for no double, which
    is not said; ``None`` for a play."""
    if isinstance(move, CubeAction):
        return "" if move == ROLL else action_note(state, move)
    if isinstance(move, ResignAction):
        return resign_display.action_note(state, move)
    return None


def game_end_note(state) -> str | None:
    """The note between two games of a match: "White wins 2 points · score 5–2 (7-point
    match)"; ``None`` for any other state."""
    cube = state.cube
    if cube is None or cube.phase != OVER or not cube.is_match or cube.result is None:
        return None
    winner, points = cube.result
    resigned = resign_display.resigned_words(state)
    ended = resigned.rstrip(".") if resigned else f"{TITLES[winner]} wins {points} point{'' if points == 1 else 's'}"
    return f"{ended} · score {cube.score[0]}–{cube.score[1]} ({cube.match_length}-point match)"


def match_words(state, short: bool = False) -> str:
    """The match on the name strip: "7-point match", with "· Crawford" or "· post-Crawford";
    ``short``: "7 pt", "· CR", "· post-CR" for a narrow strip; "" outside a match."""
    cube = state.cube
    if cube is None or not cube.is_match:
        return ""
    mark = ""  # between games neither: the game that ended may have made the next one Crawford
    if cube.crawford and cube.phase != OVER:
        mark = "CR" if short else "Crawford"
    elif cube.post_crawford and cube.phase != OVER:
        mark = "post-CR" if short else "post-Crawford"
    text = f"{cube.match_length} pt" if short else f"{cube.match_length}-point match"
    return f"{text} · {mark}" if mark else text


def deciding(state) -> int | None:
    """Whose strip is marked "to play": the player on turn, the taker while a double is
    offered, nobody between two games of a match."""
    cube = state.cube
    if cube is not None and cube.phase == OVER:
        return None
    if pending(state):
        return 1 - state.turn
    return 1 - state.turn if cube is not None and cube.phase == OFFERED else state.turn


def player_score(state, player: int) -> str:
    """``player``'s match score as the name strip shows it ("3 points"); "" outside a match."""
    cube = state.cube
    if cube is None or not cube.is_match:
        return ""
    return f"{cube.score[player]} point{'' if cube.score[player] == 1 else 's'}"


def cube_box(layout: BoardGeometry, state, bottom: int) -> Box | None:
    """Where the cube is drawn (see the module doc); ``None`` without a cube."""
    cube = state.cube
    if cube is None:
        return None
    u, mid = layout.u, (layout.top + layout.bottom) / 2
    if cube.phase == OFFERED:
        size = u * 1.15
        x, y = layout.dice_centre(1 - state.turn == bottom)
    else:
        size = u * 0.9
        x, y = layout.bar_x, mid
        if cube.owner is not None:
            reach = (layout.bottom - layout.top) / 2 - u * 0.55
            y = mid + reach if cube.owner == bottom else mid - reach
    return box_around((round(x), round(y)), round(size), round(size))


def choice_box(layout: BoardGeometry, state, bottom: int) -> Box:
    """The buttons' rectangle (roll or double): the middle of the roller's half of the board,
    where the dice will be; while a double is offered, the cube (a dialog leaves it in view)."""
    if state.cube is not None and state.cube.phase == OFFERED:
        return cube_box(layout, state, bottom)
    u = layout.u
    x, y = layout.dice_centre(state.turn == bottom)
    middle = layout.play_left + (10 if x > layout.bar_x else 3) * u  # that half's middle
    return box_around((round(middle), round(y)), round(5.4 * u), round(max(1.1 * u, 32)))


def cube_face(state) -> int:
    """The number on the cube: 64 centred at 1, the new value while a double is offered."""
    cube = state.cube
    if cube.phase == OFFERED:
        return 2 * cube.value
    return 64 if cube.owner is None and cube.value == 1 else cube.value


class CubeDecisions:
    """Backgammon's decisions by buttons, the view's ``decisions`` (the window's ``Decisions``
    protocol, ``game.ui.gameview``): roll or double, take or pass.  ``view``: the backgammon
    view, whose layout places the buttons and which shows a held note (:meth:`hold_before_chance`)."""

    HOLD_SECONDS = 2.4
    """How long a match's game result stays on show before the next game's opening roll."""

    def __init__(self, view) -> None:
        self.view = view
        self._held = None  # the last game-over state of a match held on show

    words = staticmethod(move_words)

    @staticmethod
    def question(state):
        """The decision open at ``state``: accept or decline a resignation, roll or double,
        take or pass; ``None`` where the board takes the move."""
        return resign_display.answer_question(state) or cube_question(state)

    @staticmethod
    def offer(state):
        """What the human on turn may offer besides moving: a resignation
        (:func:`..resignation.display.offer_question`), ``None`` where none is allowed."""
        return resign_display.offer_question(state)

    def area(self, state) -> Box:
        """Where the Roll and Double buttons go; for a double to answer, the offered cube."""
        return choice_box(self.view.layout, state, self.view.bottom)

    @staticmethod
    def unlisted(state, text: str) -> bool:
        """True for "no double" (``Roll``): the move list gives it no line of its own, as GNU
        Backgammon and eXtreme Gammon show only the roll and the play made on it and real cube
        actions ("Doubles => 2", "Takes", "Drops").  A review still reviews the decision."""
        cube = state.cube
        return (cube is not None and cube.phase == DECIDE and state.dice is None
                and text == cube_rules.notation(state, ROLL))

    @staticmethod
    def keys(state) -> tuple[tuple[str, str, str], ...]:
        """The keys of the decisions in the game ``state`` belongs to: the cube's in a cube
        game, but not a match's Crawford game, where nobody may double; the resignation's always."""
        cube = state.cube is not None and not state.cube.crawford
        return (CUBE_KEYS if cube else ()) + OFFER_KEYS

    def hold_before_chance(self, state) -> bool:
        """A game of a match just ended: True once, announcing the result and new score and
        holding it on show before the next game's opening roll."""
        note = game_end_note(state)
        if note is None or self._held is state:
            return False
        self._held = state
        self.view.hold(note, self.HOLD_SECONDS)
        return True
