"""Buttons for a decision a human makes by choosing rather than on the board: backgammon's
Roll / Double before the roll (buttons on the board, where the dice will be) and Take / Pass
/ Beaver on a double (a dialog like :class:`~game.ui.confirm.ConfirmDialog`).

The view's decisions (``view.decisions``, :class:`~game.ui.gameview.Decisions`) say what the
choices are (``question(state)``: a question, ``(label, move, key letter)`` options and whether
to ask in a dialog) and where they go (``area(state)``: the rectangle the buttons on the board
share, or what a dialog must leave visible, the offered cube); this module only shows them and
reads the answer.

A dialog goes in the side panel where the scene gives one (``dialog_area``), at its foot
over the key help: the taker needs the whole board to decide, the doubler's home board as
much as the own, and the panel's top keeps the status and the hints' cube analysis in view.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIPanel

from .theme import ui_scale
from .widgets import wrap


class ChoiceButtons:
    """The buttons of one decision; :meth:`handle` returns the chosen move (a click on a
    button or its key), else ``None``, and lets every other event through."""

    def __init__(self, gui, choices, area: pygame.Rect, place=None, dialog_area: pygame.Rect | None = None) -> None:
        """``area``: the board; ``place``: the buttons' own rectangle (a Rect or ``(x, y, w,
        h)``), or for a dialog on the board what it keeps clear of (it goes below that, else
        above); ``dialog_area``: where a dialog goes instead, at its foot (the side panel)."""
        self.choices = choices
        self.keys = {pygame.key.key_code(option.key): option.move for option in choices.options}
        place = pygame.Rect(place) if place is not None else None
        self.panel: UIPanel | None = None
        self.buttons: list[tuple[UIButton, object]] = []
        count = len(choices.options)
        if choices.modal:
            self._dialog(gui, choices, area, place, dialog_area)
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

    def _dialog(self, gui, choices, area: pygame.Rect, place, dialog_area) -> None:
        """The question and its buttons in a panel: at the foot of ``dialog_area`` where one is
        given, else on the board clear of ``place`` (the offered cube); as large as the
        widgets' text, which grows with the window (``theme.ui_scale``)."""
        count = len(choices.options)
        scale = ui_scale(gui.window_resolution)
        line, button, gap = round(30 * scale), round(46 * scale), 8
        w = dialog_area.w if dialog_area is not None else min(round(460 * scale), max(300, area.w - 40))
        theme = gui.get_theme()
        lines = question_lines(choices.question, theme.get_font(["label"]), w - 30)
        widest = max(theme.get_font(["button"]).size(option.label)[0] for option in choices.options) + 20
        per_row = max(1, min(count, (w - 22 + gap) // (widest + gap)))  # a narrow panel stacks the buttons
        rows = -(-count // per_row)
        h = 10 + line * len(lines) + 6 + rows * (button + gap) + 10
        if dialog_area is not None:
            rect = pygame.Rect(dialog_area.x, 0, w, h)
            rect.bottom = dialog_area.bottom
        else:
            rect = pygame.Rect(0, 0, w, h)
            rect.center = area.center
            if place is not None and rect.colliderect(place):
                rect.top = place.bottom + 12
                if rect.bottom > area.bottom:
                    rect.bottom = place.top - 12
        self.panel = UIPanel(rect, starting_height=6, manager=gui)
        for i, text in enumerate(lines):
            UILabel(pygame.Rect(8, 10 + line * i, w - 22, line), text, gui, container=self.panel)
        bw = (w - 22 - gap * (per_row - 1)) // per_row
        top = 10 + line * len(lines) + 6
        for i, option in enumerate(choices.options):
            row, column = divmod(i, per_row)
            widget = UIButton(pygame.Rect(8 + column * (bw + gap), top + row * (button + gap), bw, button),
                              option.label, gui, container=self.panel, object_id="#primary" if i == 0 else None)
            self.buttons.append((widget, option.move))

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


def question_lines(question: str, font, width: int) -> list[str]:
    """A dialog's question wrapped to ``width`` pixels of ``font`` (the labels' own,
    :func:`~.widgets.wrap`), a new line at each sentence ("White doubles to 4." / "Black: take
    or pass?"), so it fits a narrow side panel."""
    return [line for line in wrap(font, question.replace(". ", ".\n").replace("? ", "?\n"), width) if line]
