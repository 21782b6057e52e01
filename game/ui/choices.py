"""Buttons for a decision a human makes by choosing rather than on the board: backgammon's
Roll / Double before the roll (buttons on the board, where the dice will be) and Take / Pass
/ Beaver on a double (a dialog like :class:`~game.ui.confirm.ConfirmDialog`).

The view's decisions (``view.decisions``, :class:`~game.ui.gameview.Decisions`) say what the
choices are (``question(state)``: a question, ``(label, move, key letter)`` options and whether
to ask in a dialog) and where they go (``area(state)``: the rectangle the buttons on the board
share, or what a dialog must leave visible, the offered cube); this module only shows them and
reads the answer.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIPanel

from .theme import ui_scale


class ChoiceButtons:
    """The buttons of one decision; :meth:`handle` returns the chosen move (a click on a
    button or its key), else ``None``, and lets every other event through."""

    def __init__(self, gui, choices, area: pygame.Rect, place=None) -> None:
        """``area``: the board; ``place``: the buttons' own rectangle (a Rect or ``(x, y, w,
        h)``), or for a dialog what it keeps clear of (it goes below that, else above)."""
        self.choices = choices
        self.keys = {pygame.key.key_code(option.key): option.move for option in choices.options}
        place = pygame.Rect(place) if place is not None else None
        self.panel: UIPanel | None = None
        self.buttons: list[tuple[UIButton, object]] = []
        count = len(choices.options)
        if choices.modal:  # as large as the widgets' text, which grows with the window (theme.ui_scale)
            scale = ui_scale(gui.window_resolution)
            w, h = min(round(460 * scale), max(300, area.w - 40)), round(136 * scale)
            rect = pygame.Rect(0, 0, w, h)
            rect.center = area.center
            if place is not None and rect.colliderect(place):
                rect.top = place.bottom + 12
                if rect.bottom > area.bottom:
                    rect.bottom = place.top - 12
            self.panel = UIPanel(rect, starting_height=6, manager=gui)
            UILabel(pygame.Rect(10, 10, w - 26, round(34 * scale)), choices.question, gui, container=self.panel)
            bw = (w - 26 - 10 * (count - 1)) // count
            for i, option in enumerate(choices.options):
                button = UIButton(pygame.Rect(10 + i * (bw + 10), h - round(70 * scale), bw, round(46 * scale)),
                                  option.label, gui,
                                  container=self.panel, object_id="#primary" if i == 0 else None)
                self.buttons.append((button, option.move))
        else:
            if place is None:
                place = pygame.Rect(0, 0, 260, 42)
                place.center = area.center
            gap = 10
            bw = (place.w - gap * (count - 1)) // count
            for i, option in enumerate(choices.options):
                rect = pygame.Rect(place.x + i * (bw + gap), place.y, bw, place.h)
                button = UIButton(rect, option.label, gui, object_id="#primary" if i == 0 else None)
                self.buttons.append((button, option.move))

    @property
    def labels(self) -> list[str]:
        return [button.text for button, _ in self.buttons]

    def handle(self, event: pygame.event.Event):
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return next((move for button, move in self.buttons if button is event.ui_element), None)
        if event.type == pygame.KEYDOWN and not event.mod & pygame.KMOD_CTRL:
            return self.keys.get(event.key)
        return None

    def close(self) -> None:
        for button, _ in self.buttons:
            button.kill()
        if self.panel is not None:
            self.panel.kill()
        self.buttons, self.panel = [], None
