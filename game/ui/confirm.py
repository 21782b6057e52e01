"""A small modal Yes/No question (e.g. "Start a new game?"), by mouse or by Y / N / Esc."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIPanel

NEW_GAME_QUESTION = ("Start a new game?", "The game in progress will be lost.")


def answer_buttons(gui, panel: UIPanel, w: int, h: int, yes: str, no: str) -> tuple[UIButton, UIButton]:
    """A dialog's two answers side by side along the foot of ``panel`` (``w`` × ``h``), the
    first the primary one."""
    bw = (w - 46) // 2
    return (UIButton(pygame.Rect(10, h - 66, bw, 44), yes, gui, container=panel, object_id="#primary"),
            UIButton(pygame.Rect(24 + bw, h - 66, bw, 44), no, gui, container=panel))


class ConfirmDialog:
    """A panel centred on ``area``; :meth:`handle` returns ``"yes"`` or ``"no"`` once answered
    (it takes every event while open: the caller passes them all here first)."""

    def __init__(self, gui, area: pygame.Rect, question: str, detail: str = "") -> None:
        self.question, self.detail = question, detail
        w, h = min(420, max(260, area.w - 40)), 150
        rect = pygame.Rect(0, 0, w, h)
        rect.center = area.center
        self.panel = UIPanel(rect, starting_height=6, manager=gui)
        UILabel(pygame.Rect(10, 10, w - 26, 30), question, gui, container=self.panel)
        UILabel(pygame.Rect(10, 40, w - 26, 26), detail, gui, container=self.panel)
        self.yes, self.no = answer_buttons(gui, self.panel, w, h, "Yes (Y)", "No (N)")

    def handle(self, event: pygame.event.Event) -> str | None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.yes:
                return "yes"
            if event.ui_element is self.no:
                return "no"
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_y:
                return "yes"
            if event.key in (pygame.K_n, pygame.K_ESCAPE):
                return "no"
        return None

    def close(self) -> None:
        self.panel.kill()
