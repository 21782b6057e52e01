"""Offers in the play screen: what a human on turn may do besides moving (backgammon: offer to
resign), asked in a dialog on Ctrl+R.

The view's decisions say what may be offered (``decisions.offer(state)``, a question with its
options, only those the rules still allow); this part shows the dialog (the same as a take or
pass, :class:`~game.ui.choices.ChoiceButtons`), plays the chosen offer as the human's move
(the opponent then answers it as any decision: a computer in its worker, a second human in a
dialog) and closes on Esc or a click beside the dialog, playing nothing.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..choices import ChoiceButtons
from ..scene import Part
from .choices import BUTTON_ROWS, decision_buttons


class Offers(Part):
    """The offer dialog (:attr:`dialog` while it is open), modal: it takes every event.  It may
    open while ``allowed()`` (not in replay mode, nor while the tutor asks)."""

    def __init__(self, app, panel, view, session, mover, allowed: Callable[[], bool]) -> None:
        self.app, self.panel, self.view, self.session = app, panel, view, session
        self.mover, self.allowed = mover, allowed
        self.dialog: ChoiceButtons | None = None

    def open(self) -> None:
        """Ask the human on turn what to offer (Ctrl+R), in a dialog; the banner says so
        where nothing may be offered."""
        decisions, state = self.view.decisions, self.session.state
        if decisions is None or not self.allowed():
            return
        asked = decisions.offer(state) if self.mover.human else None
        self.close()
        if asked is None:
            self.app.banner.show("Nothing to offer now: resign on your own turn", seconds=2)
            return
        self.dialog = decision_buttons(self.app, self.panel, self.view, state, asked)  # as a double's answer

    def close(self) -> None:
        if self.dialog is not None:
            self.dialog.close()
            self.dialog = None
            self.panel.reserved_bottom = BUTTON_ROWS

    def build(self, size: tuple[int, int]) -> None:
        if self.dialog is not None:
            self.open()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.dialog is None:
            return False
        move = self.dialog.handle(event)
        beside = event.type == pygame.MOUSEBUTTONDOWN and not self.dialog.panel.rect.collidepoint(event.pos)
        if move is not None or beside or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.close()
            human, session = self.mover.human, self.session
            if move is not None and human and session.rules.is_legal(session.state, move):
                self.mover.play_human(move)
        return True
