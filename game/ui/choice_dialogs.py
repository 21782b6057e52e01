"""The play scene's decisions by buttons (mixed into :class:`~game.ui.play.PlayScene`, whose
``gui``, ``panel``, ``view``, ``session`` and ``choice`` it uses): roll or double on the board,
and the dialogs (a double to answer, a resignation to offer or answer), which stand in the
side panel above its buttons, leaving the whole board in view; the panel's sections make room
for a dialog rather than hide under it."""

from __future__ import annotations

import pygame

from .choices import ChoiceButtons

BUTTON_ROWS = 106
"""The height the side panel's foot keeps for its buttons (Review, New game, Save, Menu)."""


class ChoiceDialogs:
    """Opening and closing the scene's ``choice`` (:class:`~game.ui.choices.ChoiceButtons`)."""

    def _open_choice(self, choices) -> None:
        self._close_choice()
        if choices.modal:
            self._end_announcement()  # the dialog asks it: "White doubles to 2" would cover it
        self.choice = self._choice_buttons(choices)

    def _choice_buttons(self, choices) -> ChoiceButtons:
        """A decision's buttons, a dialog in the side panel above its buttons."""
        panel = self.panel.rect
        beside = pygame.Rect(panel.x + 8, panel.y + self.panel.reserved_top, panel.w - 16,
                             panel.h - self.panel.reserved_top - BUTTON_ROWS)
        buttons = ChoiceButtons(self.gui, choices, self.view.board_rect,
                                self.view.decisions.area(self.session.state), dialog_area=beside)
        if buttons.panel is not None:
            self.panel.reserved_bottom = BUTTON_ROWS + buttons.panel.rect.h + 6
        return buttons

    def _give_back_panel_room(self) -> None:
        self.panel.reserved_bottom = BUTTON_ROWS

    def _close_choice(self) -> None:
        if self.choice is not None:
            self.choice.close()
            self.choice = None
            self._give_back_panel_room()
