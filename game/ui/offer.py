"""Offers in the play scene: what a human on turn may do besides moving (backgammon: offer to
resign), asked in a dialog on Ctrl+R.

The view's decisions say what may be offered (``decisions.offer(state)``, a question with its
options, only those the rules still allow); this part shows the dialog (the same as a take or
pass, :class:`~game.ui.choices.ChoiceButtons`), plays the chosen offer as the human's move
(the opponent then answers it as any decision: a computer in its worker, a second human in a
dialog) and closes on Esc or a click beside the dialog, playing nothing.
"""

from __future__ import annotations

import pygame

from .choices import ChoiceButtons


class OfferDialog:
    """The play scene's offers (mixed into :class:`~game.ui.play.PlayScene`, whose ``session``,
    ``view``, ``overlays``, ``human_turn`` and ``play_human`` it uses)."""

    offer: ChoiceButtons | None = None
    """The dialog while it is open."""

    def _open_offer(self) -> None:
        """Ask the human on turn what to offer (Ctrl+R), in a dialog; the banner says so
        where nothing may be offered."""
        decisions, state = self.view.decisions, self.session.state
        if decisions is None or self.replaying or self.overlays.tutor is not None:
            return
        asked = decisions.offer(state) if self.human_turn else None
        self._close_offer()
        if asked is None:
            self.app.banner.show("Nothing to offer now: resign on your own turn", seconds=2)
            return
        self.offer = self._choice_buttons(asked)  # in the side panel, as a double's answer

    def _close_offer(self) -> None:
        if self.offer is not None:
            self.offer.close()
            self.offer = None
            self._give_back_panel_room()

    def _offer_event(self, event: pygame.event.Event) -> bool:
        """True when the dialog is open and took ``event`` (it is modal: it takes every one)."""
        if self.offer is None:
            return False
        move = self.offer.handle(event)
        beside = event.type == pygame.MOUSEBUTTONDOWN and not self.offer.panel.rect.collidepoint(event.pos)
        if move is not None or beside or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self._close_offer()
            if move is not None and self.human_turn and self.session.rules.is_legal(self.session.state, move):
                self.play_human(move)
        return True
