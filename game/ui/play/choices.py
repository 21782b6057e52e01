"""The play screen's questions: decisions by buttons (roll or double on the board; a double to
answer, a resignation to offer or answer in a dialog) and "Start a new game?".

A decision's dialog stands in the side panel above its buttons, leaving the whole board in
view; the panel's sections make room for it rather than hide under it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from ..choices import ChoiceButtons
from ..confirm import ConfirmDialog
from ..scene import Part

BUTTON_ROWS = 106
"""The height the side panel's foot keeps for its buttons (Review, New game, Save, Menu)."""


def decision_buttons(app, panel, view, state, choices) -> ChoiceButtons:
    """A decision's buttons: on the board, or a dialog in the side panel above its buttons
    (the panel's foot then keeps room for it)."""
    rect = panel.rect
    beside = pygame.Rect(rect.x + 8, rect.y + panel.reserved_top, rect.w - 16,
                         rect.h - panel.reserved_top - BUTTON_ROWS)
    buttons = ChoiceButtons(app.gui, choices, view.board_rect, view.decisions.area(state), dialog_area=beside)
    if buttons.panel is not None:
        panel.reserved_bottom = BUTTON_ROWS + buttons.panel.rect.h + 6
    return buttons


class Choices(Part):
    """The decision by buttons open now (:attr:`current`), answered by a click or its key while
    ``accepting()``; the answer goes to ``decide(move)``."""

    def __init__(self, app, panel, view, session, announcements, accepting: Callable[[], bool],
                 decide: Callable[[Any], None]) -> None:
        self.app, self.panel, self.view, self.session = app, panel, view, session
        self.announcements, self.accepting, self.decide = announcements, accepting, decide
        self.current: ChoiceButtons | None = None

    def open(self, choices) -> None:
        self.close()
        if choices.modal:
            self.announcements.end()  # the dialog asks it: "White doubles to 2" would cover it
        self.current = decision_buttons(self.app, self.panel, self.view, self.session.state, choices)

    def close(self) -> None:
        if self.current is not None:
            self.current.close()
            self.current = None
            self.panel.reserved_bottom = BUTTON_ROWS

    def show(self, shown: bool) -> None:
        """Show or hide the buttons (replay mode shows an earlier position: none of this one)."""
        if self.current is None:
            return
        for button, _ in self.current.buttons:
            button.show() if shown else button.hide()
        if self.current.panel is not None and self.current.panel.visible != shown:
            self.current.panel.show() if shown else self.current.panel.hide()

    def build(self, size: tuple[int, int]) -> None:
        if self.current is not None:
            self.open(self.current.choices)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.current is None or not self.accepting():
            return False
        move = self.current.handle(event)
        if move is None:
            return False
        self.decide(move)
        return True


class Confirmation(Part):
    """A yes/no question over the board (:class:`~game.ui.confirm.ConfirmDialog`), modal while
    open; ``yes()`` runs on Yes."""

    def __init__(self, app, view, question: tuple[str, str]) -> None:
        self.app, self.view, self.question = app, view, question
        self.dialog: ConfirmDialog | None = None
        self._yes: Callable[[], None] | None = None

    def ask(self, yes: Callable[[], None]) -> None:
        if self.dialog is None:
            self.dialog, self._yes = ConfirmDialog(self.app.gui, self.view.board_rect, *self.question), yes

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.dialog is None:
            return False
        answer = self.dialog.handle(event)
        if answer is not None:
            yes = self._yes
            self.close()
            if answer == "yes":
                yes()
        return True

    def build(self, size: tuple[int, int]) -> None:
        if self.dialog is not None:  # the widgets were recreated: so is the question
            self.dialog = ConfirmDialog(self.app.gui, self.view.board_rect, *self.question)

    def close(self) -> None:
        if self.dialog is not None:
            self.dialog.close()
            self.dialog = self._yes = None
