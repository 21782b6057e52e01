"""The settings screen: what every game shares (sound, animation, hints, tutor...), then a
section per game with only that game's own settings (``GameInfo.all_settings()``: backgammon's
board direction, automatic bear-off and analysis strength), then the study library's: its file
(empty: the default one), "My names" (comma-separated) and whether finished games and reviews
go into it.  Saved when the screen is left."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextEntryLine

from ..core.gameinfo import ON_OFF
from ..core.library import default_path
from ..core.settings import ANIMATION_SPEEDS, WATCH_SPEEDS, parse_names, save_settings
from ..games import all_games
from .gameview import has_view
from .scene import Scene
from .theme import ACCENT, TEXT_DIM
from .widgets import draw_text


@dataclass(frozen=True)
class Row:
    """One drop-down: its label, the choices (stored value -> words) and how to read and set it."""

    key: str
    label: str
    choices: Mapping[Any, str]
    get: Callable[[], Any]
    set: Callable[[Any], None]


@dataclass(frozen=True)
class TextRow:
    """One line of text to type: its label, a hint shown while it is empty, and how to read
    and set it (``set`` takes the text as typed)."""

    key: str
    label: str
    hint: str
    get: Callable[[], str]
    set: Callable[[str], None]


LIBRARY_SECTION = "Study library"
"""The heading of the library's rows (after the games' sections)."""

REVIEW_MARK_WORDS = {"strict": "Strict: half the usual amounts", "standard": "Standard (backgammon 0.04/0.08/0.16)",
                     "lenient": "Lenient: twice the usual amounts"}
"""The review marks' choices: each game's own thresholds (backgammon's are GNU Backgammon's), halved or doubled."""

SHARED = (("sound", "Sound", ON_OFF),
          ("animation", "Animation speed", {name: name.title() for name in ANIMATION_SPEEDS}),
          ("auto_forced", "Play forced moves automatically", ON_OFF),
          ("hints", "Show hints (H)", ON_OFF),
          ("tutor", "Tutor: question bad moves (T)", ON_OFF),
          ("graph", "Win-probability graph (G)", ON_OFF),
          ("watch_speed", "Watch mode speed", {name: name.title() for name in WATCH_SPEEDS}),
          ("review_marks", "Review marks", REVIEW_MARK_WORDS))
"""The settings every game shares: field, label, choices."""


class SettingsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.widgets: dict = {}
        self.rows: list[Row | TextRow | str] = self._rows()
        """Drop-downs, lines of text, and the title (a string) heading each section: a game's own
        ("Backgammon only"), then the library's (:data:`LIBRARY_SECTION`)."""
        self.texts = {row.key: row.get() for row in self.rows if isinstance(row, TextRow)}
        """Each line of text as typed (kept across a resize, which remakes the widgets)."""

    def _rows(self) -> list[Row | TextRow | str]:
        settings = self.app.settings
        rows: list[Row | str] = [
            Row(name, label, choices, lambda name=name: getattr(settings, name),
                lambda value, name=name: setattr(settings, name, value))
            for name, label, choices in SHARED
        ]
        for info in all_games():
            own = info.all_settings()
            if not own or not has_view(info):
                continue
            rows.append(info.title)
            rows += [Row(f"{info.name}:{name}", setting.label, setting.choices,
                         lambda info=info, name=name: settings.of(info)[name],
                         lambda value, info=info, name=name: settings.choose(info, name, value))
                     for name, setting in own.items()]
        return rows + self._library_rows()

    def _library_rows(self) -> list[Row | TextRow | str]:
        settings = self.app.settings

        def set_path(text: str) -> None:
            settings.library_path = text.strip()

        def set_names(text: str) -> None:
            settings.my_names = parse_names(text)

        return [LIBRARY_SECTION,
                TextRow("library_path", "Library file", f"default: {default_path()}", lambda: settings.library_path,
                        set_path),
                TextRow("my_names", "My names (comma-separated)", "the names you play under",
                        lambda: ", ".join(settings.my_names), set_names),
                Row("library_auto_add", "Add finished games and reviews", ON_OFF, lambda: settings.library_auto_add,
                    lambda value: setattr(settings, "library_auto_add", value))]

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        cw = min(640, w - 40)
        x, y = (w - cw) // 2, self._top(h)
        label_w = cw * 0.5
        count = len(self.rows) + (1 if self.app.sounds.problem else 0)
        step = max(22, min(42, (h - y - 60) // count))  # the rows close up in a short window
        high = step - (0 if step < 24 else 2 if step < 32 else 6)  # and lose their gaps before their text is cut
        self.widgets = {}
        for row in self.rows:
            if isinstance(row, str):  # a section: a game's own, or the library's
                title = row if row == LIBRARY_SECTION else f"{row} only"
                UILabel(pygame.Rect(x, y + 2, cw, high), title, self.gui, object_id="#section")
                y += step
                continue
            UILabel(pygame.Rect(x, y, label_w - 10, high), row.label, self.gui)
            field = pygame.Rect(x + label_w, y, cw - label_w, high)
            if isinstance(row, TextRow):
                entry = UITextEntryLine(field, self.gui, placeholder_text=row.hint)
                entry.set_text(self.texts[row.key])
                self.widgets[row.key] = entry
            else:
                self.widgets[row.key] = UIDropDownMenu(list(row.choices.values()), row.choices[row.get()], field,
                                                       self.gui)
            y += step
        if self.app.sounds.problem:
            UILabel(pygame.Rect(x, y, cw, high), self.app.sounds.problem, self.gui, object_id="#dim")
            y += step
        back = pygame.Rect(x, y + 12, cw, 42)
        if back.bottom > h:  # no room under the rows: beside the title, clear of them
            back = pygame.Rect(w - 16 - min(170, w // 4), 16, min(170, w // 4), 36)
        self.widgets["back"] = UIButton(back, "Back to the menu", self.gui, object_id="#primary")

    @staticmethod
    def _top(h: int) -> int:
        return max(86, min(136, int(h * 0.17)))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            for row in self.rows:
                if isinstance(row, Row) and self.widgets.get(row.key) is event.ui_element:
                    row.set(next(value for value, words in row.choices.items() if words == event.text))
            self.app.sounds.enabled = self.app.settings.sound
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            for row in self.rows:
                if isinstance(row, TextRow) and self.widgets.get(row.key) is event.ui_element:
                    self.texts[row.key] = event.text
                    row.set(event.text)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.widgets.get("back"):
            self.app.show_menu()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.show_menu()

    def leave(self) -> None:
        problem = save_settings(self.app.settings)
        if problem:
            self.app.banner.show(problem, error=True)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        top = self._top(h)
        draw_text(surface, self.app.fonts(max(28, min(48, h // 16)), True), "Settings", (w // 2, int(top * 0.42)),
                  ACCENT, anchor="center")
        draw_text(surface, self.app.fonts(14), "Saved when you leave this screen.", (w // 2, top - 18),
                  TEXT_DIM, anchor="center")
