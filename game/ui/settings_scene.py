"""The settings screen: what every game shares (sound, animation, hints, tutor...), then a
section per game with only that game's own settings (``GameInfo.all_settings()``: backgammon's
board direction, automatic bear-off and analysis strength), then the study library's: its file
(empty: the default one), "My names" (comma-separated) and whether finished games and reviews
go into it; then the drills': the loss that makes a card, the retention FSRS schedules for, the
losses rated Again, Hard and Good, the variations of a failed card and a sitting's length (each
a choice of sensible values, the one set kept among them).  A window too short for every row
scrolls them (the wheel, PgUp/PgDn).  Saved when the screen is left."""

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
from .theme import ACCENT, TEXT_DIM, ui_scale
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


MIN_STEP = 22
"""The least height of a row: its text whole."""
LEAST_TOP = 76
"""The title's least room above the rows (in a short window)."""
BELOW = 60
"""Room kept under the rows for "Back to the menu"."""

LIBRARY_SECTION = "Study library"
"""The heading of the library's rows (after the games' sections)."""
DRILL_SECTION = "Drills"
"""The heading of the drills' rows (after the library's)."""
DRILL_THRESHOLDS = {0.02: "0.02", 0.04: "0.04 (GNU's doubtful)", 0.06: "0.06", 0.08: "0.08 (GNU's bad)",
                    0.16: "0.16 (GNU's very bad)"}
DRILL_RETENTIONS = {0.8: "80%", 0.85: "85%", 0.9: "90%", 0.95: "95%"}
DRILL_RATINGS = {(0.08, 0.04, 0.01): "0.08 / 0.04 / 0.01", (0.04, 0.02, 0.005): "0.04 / 0.02 / 0.005 (strict)",
                 (0.16, 0.08, 0.02): "0.16 / 0.08 / 0.02 (lenient)"}
"""The losses rated Again / Hard / Good (below Good: Easy)."""
DRILL_SITTINGS = {**{("cards", n): f"{n} cards" for n in (10, 20, 30, 50)},
                  **{("minutes", m): f"{m:g} minutes" for m in (5.0, 10.0, 15.0, 30.0)}}

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
        self.scroll = 0
        """The first row shown, in a window too short for them all (the wheel scrolls them)."""
        self.hidden = (0, 0)
        """Rows left out above and below the ones shown."""
        self.top = 0
        self.rows_rect = pygame.Rect(0, 0, 0, 0)

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
        return rows + self._library_rows() + self._drill_rows()

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

    def _drill_rows(self) -> list[Row | str]:
        settings = self.app.settings

        def field(name: str, label: str, choices: dict[Any, str], words) -> Row:
            """A drop-down of ``choices`` for the setting ``name``, its own value among them."""
            value = getattr(settings, name)
            return Row(name, label, {**choices, **({} if value in choices else {value: words(value)})},
                       lambda: getattr(settings, name), lambda chosen: setattr(settings, name, chosen))

        def ratings() -> tuple[float, float, float]:
            return settings.drill_again, settings.drill_hard, settings.drill_good

        def set_ratings(chosen: tuple[float, float, float]) -> None:
            settings.drill_again, settings.drill_hard, settings.drill_good = chosen

        def sitting() -> tuple[str, float]:
            return (settings.drill_cap, settings.drill_cards if settings.drill_cap == "cards" else settings.drill_minutes)

        def set_sitting(chosen: tuple[str, float]) -> None:
            settings.drill_cap = chosen[0]
            if chosen[0] == "cards":
                settings.drill_cards = int(chosen[1])
            else:
                settings.drill_minutes = float(chosen[1])

        now_ratings, now_sitting = ratings(), sitting()
        return [DRILL_SECTION,
                field("drill_threshold", "A card from a loss of", DRILL_THRESHOLDS, lambda v: f"{v:g}"),
                field("drill_retention", "Retention to schedule for", DRILL_RETENTIONS, lambda v: f"{100 * v:g}%"),
                Row("drill_ratings", "Again / Hard / Good from a loss of",
                    {**DRILL_RATINGS, **({} if now_ratings in DRILL_RATINGS else
                                         {now_ratings: " / ".join(f"{v:g}" for v in now_ratings)})},
                    ratings, set_ratings),
                field("drill_variations", "Variations of a failed card", {n: str(n) for n in range(6)}, str),
                Row("drill_sitting", "A sitting lasts",
                    {**DRILL_SITTINGS, **({} if now_sitting in DRILL_SITTINGS else
                                          {now_sitting: f"{now_sitting[1]:g} {now_sitting[0]}"})},
                    sitting, set_sitting)]

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        cw = min(round(640 * ui_scale(size)), w - 40)  # as wide as its text, which grows with the window
        x = (w - cw) // 2
        label_w = cw * 0.5
        rows: list[Row | TextRow | str | None] = [*self.rows, *([None] if self.app.sounds.problem else [])]
        self.top = self._top(h)
        if len(rows) * MIN_STEP > h - self.top - BELOW:  # a short window: the title gives up room first
            self.top = max(LEAST_TOP, h - BELOW - len(rows) * MIN_STEP)
        room = h - self.top - BELOW
        step = max(MIN_STEP, min(42, room // len(rows)))  # the rows close up in a short window
        high = step - (0 if step < 24 else 2 if step < 32 else 6)  # and lose their gaps before their text is cut
        fit = max(1, room // step)
        self.scroll = max(0, min(self.scroll, len(rows) - fit))  # still too short: the rows scroll
        self.hidden = (self.scroll, len(rows) - fit - self.scroll)
        self.widgets = {}
        y = self.top
        for row in rows[self.scroll:self.scroll + fit]:
            if row is None:  # why there is no sound
                UILabel(pygame.Rect(x, y, cw, high), self.app.sounds.problem, self.gui, object_id="#dim")
            elif isinstance(row, str):  # a section: a game's own, or the library's
                title = row if row in (LIBRARY_SECTION, DRILL_SECTION) else f"{row} only"
                UILabel(pygame.Rect(x, y + 2, cw, high), title, self.gui, object_id="#section")
            else:
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
        self.rows_rect = pygame.Rect(x, self.top, cw, y - self.top)
        back = pygame.Rect(x, y + 12, cw, 42)
        if back.bottom > h:  # no room under the rows: beside the title, clear of them
            back = pygame.Rect(w - 16 - min(170, w // 4), 16, min(170, w // 4), 36)
        self.widgets["back"] = UIButton(back, "Back to the menu", self.gui, object_id="#primary")

    def _scroll(self, rows: int) -> None:
        """Scroll the rows by ``rows`` (a window too short for them all)."""
        if (rows < 0 and self.hidden[0]) or (rows > 0 and self.hidden[1]):
            self.scroll += rows
            self.app.rebuild()

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
        elif event.type == pygame.MOUSEWHEEL:
            self._scroll(-event.y)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self._scroll(-5 if event.key == pygame.K_PAGEUP else 5)

    def leave(self) -> None:
        problem = save_settings(self.app.settings)
        if problem:
            self.app.banner.show(problem, error=True)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        top = self.top
        draw_text(surface, self.app.fonts(max(24, min(48, h // 16, top // 2)), True), "Settings",
                  (w // 2, int(top * 0.42)), ACCENT, anchor="center")
        note = "Saved when you leave this screen." + (" Scroll for more." if any(self.hidden) else "")
        draw_text(surface, self.app.fonts(14), note, (w // 2, top - 16), TEXT_DIM, anchor="center")
        small, rows = self.app.fonts(13), self.rows_rect
        if self.hidden[0]:
            draw_text(surface, small, f"▲ {self.hidden[0]} more", (rows.x - 8, rows.y), TEXT_DIM, anchor="topright")
        if self.hidden[1]:
            draw_text(surface, small, f"▼ {self.hidden[1]} more", (rows.x - 8, rows.bottom), TEXT_DIM,
                      anchor="bottomright")
