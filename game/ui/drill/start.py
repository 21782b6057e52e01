"""The Drill screen's start page: the cards due, a theme to drill (all cards, or one of
:data:`~game.core.drill.THEMES`), the sitting's cap (cards or minutes, kept in the settings),
Start; and the statistics: cards due and new, retention, the average loss on first answers
against later ones, the card streak, the variations, and the loss per theme over time drawn
as a chart (:mod:`game.ui.charts.themes`).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu

from ...core.drill import THEMES
from ..charts.themes import draw_theme_losses
from ..scene import Part
from ..theme import ACCENT, ERROR, PANEL, PANEL_EDGE, TEXT, TEXT_DIM, ui_scale
from ..widgets import draw_text, elide, wrap

ALL_CARDS = "All cards"
CARD_CAPS = (10, 20, 30, 50)
MINUTE_CAPS = (5, 10, 15, 30)


def cap_words(cap: str, cards: int, minutes: float) -> str:
    """A sitting's cap as the drop-down says it: "20 cards", "10 minutes"."""
    if cap == "minutes":
        return f"{minutes:g} minute{'s' * (minutes != 1)}"
    return f"{cards} card{'s' * (cards != 1)}"


def cap_choices(settings) -> list[str]:
    """The caps offered, the settings' own among them."""
    choices = [cap_words("cards", n, 0) for n in CARD_CAPS] + [cap_words("minutes", 0, m) for m in MINUTE_CAPS]
    own = cap_words(settings.drill_cap, settings.drill_cards, settings.drill_minutes)
    return choices if own in choices else [own, *choices]


def read_cap(settings, text: str) -> None:
    """The cap ``text`` names (a drop-down's choice) into ``settings``."""
    number, unit = text.split()[:2]
    if unit.startswith("minute"):
        settings.drill_cap, settings.drill_minutes = "minutes", float(number)
    else:
        settings.drill_cap, settings.drill_cards = "cards", int(number)


def percent(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.0f}%"


def loss(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"


def stats_lines(stats) -> list[tuple[str, str]]:
    """The statistics as ``(label, value)`` lines (``stats`` ``None``: the labels alone)."""
    if stats is None:
        return [(label, "") for label in STATS_LABELS]
    return [("Cards", f"{stats.cards} ({stats.new} new)"),
            ("Due now", str(stats.due)),
            ("Retention", percent(stats.retention)),
            ("Loss on first answers", loss(stats.first_loss)),
            ("Loss on later answers", loss(stats.later_loss)),
            ("Streak", f"{stats.streak} (best {stats.best_streak})"),
            ("Variations", str(stats.variations))]


STATS_LABELS = ("Cards", "Due now", "Retention", "Loss on first answers", "Loss on later answers", "Streak",
                "Variations")


def about(settings) -> str:
    """How the drills work, with the settings' own figures."""
    return (f"A card is made of each decision of yours (\"My names\") that lost {settings.drill_threshold:g} or "
            f"more. An answer losing {settings.drill_again:g} or more is rated Again, {settings.drill_hard:g} Hard, "
            f"{settings.drill_good:g} Good, less Easy; the card comes back when FSRS expects you to remember it "
            f"{100 * settings.drill_retention:.0f}% of the time. A failed card gets up to "
            f"{settings.drill_variations} variations that keep its idea. The figures are the Settings' (Drills).")


class StartPage(Part):
    """The start page's widgets and drawing; ``start()`` on Start (or Enter), ``changed()`` when
    the theme is chosen (the counts are read again); ``overview()`` the latest
    :class:`~.store.Overview` (``None`` until read), ``note()`` a line under the form (the
    library, "My names", what the last sitting did)."""

    def __init__(self, app, overview: Callable, note: Callable[[], tuple[str, bool]], start: Callable[[], None],
                 changed: Callable[[], None]) -> None:
        self.app, self.overview, self.note, self.start, self.changed = app, overview, note, start, changed
        self.theme: str | None = None
        """The theme chosen (a name of :data:`THEMES`), ``None``: every card."""
        self.widgets: dict = {}
        self.stats_rect = self.chart_rect = self.about_rect = self.form = pygame.Rect(0, 0, 0, 0)
        self.legend: list = []

    def theme_words(self) -> dict[str, str | None]:
        return {ALL_CARDS: None, **{description: name for name, (_, description) in THEMES.items()}}

    def build(self, size: tuple[int, int], top: int) -> None:
        w, h = size
        scale, gui, settings = ui_scale(size), self.app.gui, self.app.settings
        high = round(34 * scale)
        top += self.app.fonts(round(12 * scale)).get_linesize() + 2  # the drop-downs' labels above them
        self.form = pygame.Rect(20, top, w - 40, high)
        start_w, cap_w = round(150 * scale), round(150 * scale)
        theme_w = min(round(300 * scale), self.form.w - start_w - cap_w - 16)
        now = next(words for words, name in self.theme_words().items() if name == self.theme)
        self.widgets = {
            "theme": UIDropDownMenu(list(self.theme_words()), now, pygame.Rect(self.form.x, top, theme_w, high), gui),
            "cap": UIDropDownMenu(cap_choices(settings), cap_words(settings.drill_cap, settings.drill_cards,
                                                                   settings.drill_minutes),
                                  pygame.Rect(self.form.x + theme_w + 8, top, cap_w, high), gui),
            "start": UIButton(pygame.Rect(self.form.x + theme_w + cap_w + 16, top, start_w, high), "Start", gui,
                              object_id="#primary"),
        }
        body = top + high + round(44 * scale)
        left = max(round(w * 0.34), round(260 * scale))
        font = self.app.fonts(round(14 * scale))
        lines = len(stats_lines(None)) * (font.get_linesize() + round(4 * scale))
        stats_h = min(h - body - 20, self.app.fonts(round(13 * scale), True).get_linesize() + 26 + lines)
        self.stats_rect = pygame.Rect(20, body, left, stats_h)
        self.about_rect = pygame.Rect(20, body + stats_h + 12, left, h - body - stats_h - 32)
        self.chart_rect = pygame.Rect(20 + left + 16, body, w - 56 - left, h - body - 20)

    def close(self) -> None:
        self.widgets = {}

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.widgets.get("theme"):
                self.theme = self.theme_words().get(event.text)
                self.changed()
                return True
            if event.ui_element is self.widgets.get("cap"):
                read_cap(self.app.settings, event.text)
                return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        fonts, scale = self.app.fonts, ui_scale(surface.get_size())
        text = fonts(round(14 * scale))
        overview = self.overview()
        y = self.form.bottom + 10
        start = self.widgets.get("start")
        x = (start.rect.right if start is not None else self.form.x) + 16
        if overview is not None:
            due = overview.due
            words = f"{due} card{'s' * (due != 1)} due" if due else "No card is due"
            big = fonts(round(18 * scale), True)
            if x + big.size(words)[0] <= self.form.right:
                draw_text(surface, big, words, (x, self.form.centery), ACCENT, anchor="midleft")
            else:  # a narrow window: above the form's right end, beside the drop-downs' labels
                draw_text(surface, fonts(round(14 * scale), True), words, (self.form.right, self.form.y - 2), ACCENT,
                          anchor="bottomright")
        note, error = self.note()
        for i, line in enumerate(wrap(text, note, self.form.w, 2)):
            draw_text(surface, text, line, (self.form.x, y + i * text.get_linesize()), ERROR if error else TEXT_DIM)
        small = fonts(round(12 * scale))
        for key, label in (("theme", "Theme"), ("cap", "A sitting")):
            widget = self.widgets.get(key)
            if widget is not None:
                draw_text(surface, small, label.upper(), (widget.rect.x + 2, widget.rect.y - 2), TEXT_DIM,
                          anchor="bottomleft")
        self._draw_stats(surface, overview, scale)
        self._draw_about(surface, scale)
        self._draw_chart(surface, overview, scale)

    def _draw_about(self, surface: pygame.Surface, scale: float) -> None:
        font = self.app.fonts(round(13 * scale))
        head = self.app.fonts(round(13 * scale), True).get_linesize() + 18
        fits = max(1, (self.about_rect.h - head - 10) // font.get_linesize())  # a short window: "…" at the end
        lines = wrap(font, about(self.app.settings), self.about_rect.w - 24, fits)
        rect = self.about_rect.copy()
        rect.h = min(rect.h, head + len(lines) * font.get_linesize() + 10)  # as tall as its text
        if rect.h < 60:
            return
        y = self._box(surface, rect, "How drills work", scale)
        for line in lines:
            if y + font.get_linesize() > rect.bottom - 6:
                break
            draw_text(surface, font, line, (rect.x + 12, y), TEXT_DIM)
            y += font.get_linesize()

    def _box(self, surface: pygame.Surface, rect: pygame.Rect, title: str, scale: float) -> int:
        pygame.draw.rect(surface, PANEL, rect, border_radius=8)
        pygame.draw.rect(surface, PANEL_EDGE, rect, 1, border_radius=8)
        head = self.app.fonts(round(13 * scale), True)
        return draw_text(surface, head, title.upper(), (rect.x + 12, rect.y + 10), TEXT_DIM).bottom + 8

    def _draw_stats(self, surface: pygame.Surface, overview, scale: float) -> None:
        rect = self.stats_rect
        if rect.h < 40:
            return
        y = self._box(surface, rect, "Statistics", scale)
        font = self.app.fonts(round(14 * scale))
        if overview is None:
            draw_text(surface, font, "Reading the cards…", (rect.x + 12, y), TEXT_DIM)
            return
        step = font.get_linesize() + round(4 * scale)
        for label, value in stats_lines(overview.stats):
            if y + step > rect.bottom - 6:
                break
            value_w = font.size(value)[0]
            draw_text(surface, font, elide(font, label, rect.w - value_w - 40), (rect.x + 12, y), TEXT_DIM)
            draw_text(surface, font, value, (rect.right - 12, y), TEXT, anchor="topright")
            y += step

    def _draw_chart(self, surface: pygame.Surface, overview, scale: float) -> None:
        rect = self.chart_rect
        if rect.h < 60 or rect.w < 120:
            return
        y = self._box(surface, rect, "Loss per theme, week by week", scale)
        if overview is None:
            return
        names = {tag: description for tag, description in THEMES.values()}
        area = pygame.Rect(rect.x + 8, y, rect.w - 16, rect.bottom - y - 8)
        self.legend = draw_theme_losses(surface, area, self.app.fonts(round(12 * scale)), overview.stats.by_theme, names)
