"""A card's question answered on the board, as in a game: the position drawn by the game's view
(the score, the cube, the dice; a double offered for a take), the play built with the same
clicks and drags and played with Done (Enter, or a click on the dice), Undo taking back a step,
or the cube's buttons pressed (Double / No double, Take / Pass).  Nothing lists the answers, and
nothing shows the best one first.

The cube's buttons are the game's own decision (``view.decisions.question``), named as the hint
table names the actions (``decisions.words``: "No double" for backgammon's Roll) with their
first letters as keys; they stand in the side panel where Done and Undo are for a play (the
board's own place for them is narrow for these words), and a take is asked in a dialog at the
foot of the side panel, as in play.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, NamedTuple

import pygame

from ..choices import ChoiceButtons
from ..gameview import Option
from ..play.board import MOUSE
from ..scene import Part


class Asked(NamedTuple):
    """A decision by buttons as the drill asks it (the :class:`~game.ui.gameview.Choices` shape)."""

    question: str
    options: tuple[Option, ...]
    modal: bool


def drill_choices(choices, words: Callable[[Any], str | None]) -> Asked:
    """``choices`` (the view's decision) with each button named by ``words`` ("No double" rather
    than "Roll") and keyed by its name's first letter (another letter where two would share one)."""
    options, keys = [], set()
    for option in choices.options:
        name = words(option.move) or option.label
        key = next((c for c in name.lower() + option.key if c.isalpha() and c not in keys), option.key)
        keys.add(key)
        options.append(Option(name, option.move, key))
    return Asked(choices.question, tuple(options), choices.modal)


def key_names(asked: Asked | None) -> str:
    """The buttons' keys as the prompt says them: "N or D"."""
    return " or ".join(option.key.upper() for option in asked.options) if asked is not None else ""


class Question(Part):
    """The card on show being answered: :meth:`ask` opens it, ``answered(move, duration_ms)``
    gets the move made (a play built on the board, or a cube action by its button).

    ``view``: the game's view; ``places()``: where the buttons go and where a modal question's
    dialog goes (the side panel's button row and its free part); ``settings()``: the game's own,
    for the view."""

    def __init__(self, app, view, rules, places: Callable[[], tuple[pygame.Rect, pygame.Rect]],
                 settings: Callable[[], dict], answered: Callable[[Any, int], None]) -> None:
        self.app, self.view, self.rules = app, view, rules
        self.places, self.settings, self.answered = places, settings, answered
        self.state: Any = None
        self.open = False
        """Whether the question waits for its answer."""
        self.buttons: ChoiceButtons | None = None
        self.asked: Asked | None = None
        self._started = 0.0

    # -- the question -------------------------------------------------------------------------
    def ask(self, state) -> None:
        """Show ``state`` with the player to answer at the bottom of the board, and wait."""
        self.close()
        self.state, self.open, self._started = state, True, time.monotonic()
        self.view.configure(bottom=max(0, self.rules.to_move(state)), settings=self.settings())
        decisions = self.view.decisions
        choices = decisions.question(state) if decisions is not None else None
        self.asked = drill_choices(choices, decisions.words) if choices is not None else None
        if self.asked is None:
            self.view.begin_turn(state, min(0.12, self.app.settings.seconds_per_step))
        self.build(self.app.screen.get_size())

    @property
    def on_board(self) -> bool:
        """The answer is a play built on the board (not a cube button)."""
        return self.open and self.asked is None

    def build(self, size: tuple[int, int]) -> None:
        """The cube's buttons (again, after the widgets were recreated)."""
        if self.buttons is not None:
            self.buttons.close()
            self.buttons = None
        if self.open and self.asked is not None:
            row, dialog = self.places()
            self.buttons = ChoiceButtons(self.app.gui, self.asked, self.view.board_rect, row, dialog_area=dialog)

    def close(self) -> None:
        """No answer is taken any more (answered, or the screen left)."""
        if self.open and self.asked is None:
            self.view.end_turn()
        self.open = False
        if self.buttons is not None:
            self.buttons.close()
            self.buttons = None

    # -- answering ----------------------------------------------------------------------------
    def ready(self) -> bool:
        """Done can be pressed: a whole play is built."""
        return self.on_board and self.view.ready_move() is not None

    def can_undo(self) -> bool:
        return self.on_board and self.view.can_undo()

    def undo(self) -> None:
        if self.can_undo():
            self.view.undo()

    def done(self) -> None:
        """Done: the play built is the answer (nothing while it is incomplete)."""
        move = self.view.ready_move() if self.on_board else None
        if move is not None:
            self._answer(move)

    def _answer(self, move) -> None:
        duration = round(1000 * (time.monotonic() - self._started))
        self.close()
        self.answered(move, duration)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.open:
            return False
        if self.buttons is not None:
            move = self.buttons.handle(event)
            if move is not None:
                self._answer(move)
                return True
        if event.type in MOUSE and self.on_board:
            if self.view.handle_event(event) == "confirm":
                self.done()
            return True
        if event.type == pygame.KEYDOWN and self.on_board:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.done()
                return True
            if event.key == pygame.K_BACKSPACE or (event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL):
                self.undo()
                return True
        return False

    def status(self) -> str:
        """The position in words and the play built so far."""
        if self.state is None:
            return ""
        text = self.view.partial_notation() if self.on_board else ""
        return self.view.describe(self.state) + (f"\nYour play: {text}" if text else "")
