"""The settings screen: sound, animation, direction of play, automatic moves, hints and tutor."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel

from ..core.settings import ANIMATION_SPEEDS, WATCH_SPEEDS, save_settings
from .scene import Scene
from .theme import ACCENT, TEXT_DIM
from .widgets import draw_text

ON_OFF = ["On", "Off"]
DIRECTIONS = {"right": "Home board on the right", "left": "Home board on the left"}
LEVELS = {"intermediate": "Quick (0 ply)", "advanced": "Advanced (1 ply)", "expert": "Expert (2 ply, slower)"}

# (settings field, label, choices shown, value -> shown, shown -> value)
ROWS = [
    ("sound", "Sound", ON_OFF, lambda v: ON_OFF[not v], lambda t: t == "On"),
    ("animation", "Animation speed", [n.title() for n in ANIMATION_SPEEDS], str.title, str.lower),
    ("home_side", "Direction", list(DIRECTIONS.values()), DIRECTIONS.get,
     lambda t: next(k for k, v in DIRECTIONS.items() if v == t)),
    ("auto_forced", "Play forced moves automatically", ON_OFF, lambda v: ON_OFF[not v], lambda t: t == "On"),
    ("auto_bearoff", "Bear off automatically in a race", ON_OFF, lambda v: ON_OFF[not v], lambda t: t == "On"),
    ("hints", "Show hints (H)", ON_OFF, lambda v: ON_OFF[not v], lambda t: t == "On"),
    ("tutor", "Tutor: question bad moves (T)", ON_OFF, lambda v: ON_OFF[not v], lambda t: t == "On"),
    ("graph", "Win-probability graph (G)", ON_OFF, lambda v: ON_OFF[not v], lambda t: t == "On"),
    ("analysis_level", "Analysis strength", list(LEVELS.values()), LEVELS.get,
     lambda t: next(k for k, v in LEVELS.items() if v == t)),
    ("watch_speed", "Watch mode speed", [n.title() for n in WATCH_SPEEDS], str.title, str.lower),
]


class SettingsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.widgets: dict = {}

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        cw = min(640, w - 40)
        x, y = (w - cw) // 2, self._top(h)
        label_w = cw * 0.5
        rows = len(ROWS) + (1 if self.app.sounds.problem else 0)
        step = max(24, min(42, (h - y - 60) // rows))  # the rows close up in a short window
        self.widgets = {}
        for name, label, choices, shown, _ in ROWS:
            UILabel(pygame.Rect(x, y, label_w - 10, step - 6), label, self.gui)
            current = shown(getattr(self.app.settings, name))
            self.widgets[name] = UIDropDownMenu(choices, current, pygame.Rect(x + label_w, y, cw - label_w, step - 6),
                                                self.gui)
            y += step
        if self.app.sounds.problem:
            UILabel(pygame.Rect(x, y, cw, step - 6), self.app.sounds.problem, self.gui, object_id="#dim")
            y += step
        self.widgets["back"] = UIButton(pygame.Rect(x, min(y + 12, h - 48), cw, 42), "Back to the menu", self.gui,
                                        object_id="#primary")

    @staticmethod
    def _top(h: int) -> int:
        return max(86, min(136, int(h * 0.17)))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            for name, _, _, _, value in ROWS:
                if self.widgets.get(name) is event.ui_element:
                    setattr(self.app.settings, name, value(event.text))
            self.app.sounds.enabled = self.app.settings.sound
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
