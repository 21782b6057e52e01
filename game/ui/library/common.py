"""What the Library screen's views share: the :class:`Context` they are built with, and how a
rate, an amount and a level read."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import pygame

from ...core.gameinfo import ANALYSIS_LEVEL, GameInfo
from ...core.library.rating import Rate
from ..theme import ui_scale
from .reader import Reader


@dataclass
class Context:
    """The window (its fonts, widgets, settings and banner), the library's reader, the game
    whose library it is, and what a view may open: a match on the Review screen
    (``open_match(id, ply or None)``) and a found decision's position (``study(found)``)."""

    app: Any
    reader: Reader
    info: GameInfo
    open_match: Callable[[int, int | None], None]
    study: Callable[[dict[str, Any]], None]

    @property
    def gui(self):
        return self.app.gui

    def fonts(self, size: int, bold: bool = False) -> pygame.font.Font:
        return self.app.fonts(size, bold)

    def text_size(self, base: int = 14) -> int:
        """A text size of ``base`` pixels at 1280×800, larger in a larger window."""
        return round(base * ui_scale(self.app.screen.get_size()))

    def level_words(self) -> dict[str, str]:
        """The analysis levels as the settings name them: ``intermediate`` → ``Intermediate (0 ply)``."""
        setting = self.info.all_settings().get(ANALYSIS_LEVEL)
        return dict(setting.choices) if setting is not None else {name: name for name in self.info.analysis_level_names}


class View(Protocol):
    """What the screen asks of each of its views (each a :class:`~game.ui.scene.Part` too: events
    come to it as to any part)."""

    title: str

    def place(self, area: pygame.Rect) -> None:
        """Lay the view out in ``area`` and make its widgets (the scene's were just remade)."""

    def refresh(self) -> None:
        """Ask the reader again for what the view shows (the library changed, or a choice)."""

    def answer(self, key: str, value: Any, error: str | None) -> bool:
        """Take the reader's answer under ``key``; whether it was this view's."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Whether the view took ``event``."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw everything but the widgets."""


def rate_text(rate: Rate, digits: int = 1, enough: bool = True) -> str:
    """``12.3 (8.1–16.5)``; ``—`` without a value; with ``enough``, a rate with too few
    decisions says so."""
    if rate.value is None:
        return "—"
    if rate.low is None or rate.high is None:
        return f"{rate.value:.{digits}f}, not enough decisions"
    text = f"{rate.value:.{digits}f} ({rate.low:.{digits}f}–{rate.high:.{digits}f})"
    return text if rate.enough or not enough else f"{rate.value:.{digits}f}, not enough decisions"


def number(value: float | None, digits: int = 1) -> str:
    return "—" if value is None else f"{value:.{digits}f}"


def signed(value: float | None, digits: int = 3) -> str:
    return "—" if value is None else f"{value:+.{digits}f}"


def match_words(match: dict[str, Any]) -> str:
    """A found decision's match in a few words: ``2024-04-01 lasse – trovander, game 2``."""
    players = " – ".join(match["players"])
    return f"{match['date'] or 'undated'} {players}, game {match['game']}"
