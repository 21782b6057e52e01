"""Rollout settings: what the window's rollouts play, kept in the settings, and the dialog
that sets them (from the menu's Analysis → Rollout settings…, or "Settings…" on the Rollout
line under the hint table).

- **Trials**: per line (1,296 by default, as ``tabula rollout``);
- **Truncate after**: plies after which a trial is valued by the network (0: played out);
- **Checker play**: the level that plays the trials (the game's default: 0 ply);
- **Variance reduction**: on or off;
- **Seed**: the dice's seed, so the same rollout gives the same figures;
- **Cube**: cubeful (the game's cube, where it has one) or cubeless;
- **Plays**: the hint table's best N when none are chosen with Shift+click (at a cube
  decision the cube decision is rolled out).

:func:`rollout_options` turns the settings into the options of the game's
:meth:`~game.core.capabilities.Rollouts.plan` (only those the game knows).
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIDropDownMenu, UILabel, UIPanel, UITextEntryLine

from ...core.settings import number_range
from ..confirm import answer_buttons

DEFAULT_LEVEL = "the game's default"
ON_OFF = ("on", "off")
CUBE = ("cubeful", "cubeless")


def rollout_options(settings, defaults) -> dict:
    """The plan options the settings give, among the game's ``defaults`` (its Rollouts')."""
    options = {"trials": settings.rollout_trials, "seed": settings.rollout_seed,
               "variance_reduction": settings.rollout_variance_reduction, "cubeless": settings.rollout_cubeless,
               "truncate": settings.rollout_truncate or None}
    if settings.rollout_level:
        options["level"] = settings.rollout_level
    return {name: value for name, value in options.items() if name in defaults}


def settings_summary(settings) -> str:
    """One line of what a rollout will play: "1,296 trials · to the end · 0 ply · cubeful"."""
    depth = f"truncated at {settings.rollout_truncate}" if settings.rollout_truncate else "to the end"
    level = settings.rollout_level or "default level"
    cube = "cubeless" if settings.rollout_cubeless else "cubeful"
    reduction = "" if settings.rollout_variance_reduction else " · no variance reduction"
    return f"{settings.rollout_trials:,} trials · {depth} · {level} · {cube}{reduction} · seed {settings.rollout_seed}"


class RolloutSettingsDialog:
    """A modal panel centred on ``area`` with a row per setting (module doc), OK and Cancel.
    :meth:`handle` returns ``"ok"`` once the values are taken into ``settings`` (a bad one is
    said by :attr:`problem` and the dialog stays open), ``"cancel"``, or ``None``."""

    FIELDS = (("trials", "Trials per play"), ("truncate", "Truncate after (plies, 0: none)"),
              ("level", "Checker play"), ("variance", "Variance reduction"), ("seed", "Seed"),
              ("cube", "Cube"), ("top", "Plays (the best N)"))

    def __init__(self, gui, area: pygame.Rect, settings, levels: tuple[str, ...]) -> None:
        self.settings, self.problem = settings, ""
        row_h = 38
        w, h = min(520, max(300, area.w - 40)), 56 + row_h * len(self.FIELDS) + 84
        rect = pygame.Rect(0, 0, w, min(h, area.h - 10))
        rect.center = area.center
        self.panel = UIPanel(rect, starting_height=6, manager=gui)
        UILabel(pygame.Rect(10, 8, w - 26, 30), "Rollout settings", gui, container=self.panel)
        label_w = int((w - 30) * 0.55)
        field = pygame.Rect(12 + label_w, 0, w - label_w - 36, 32)
        now = {"trials": str(settings.rollout_trials), "truncate": str(settings.rollout_truncate),
               "seed": str(settings.rollout_seed), "top": str(settings.rollout_top)}
        choices = {"level": ((DEFAULT_LEVEL, *levels), settings.rollout_level or DEFAULT_LEVEL),
                   "variance": (ON_OFF, "on" if settings.rollout_variance_reduction else "off"),
                   "cube": (CUBE, "cubeless" if settings.rollout_cubeless else "cubeful")}
        self.widgets: dict = {}
        for i, (key, words) in enumerate(self.FIELDS):
            y = 44 + i * row_h
            UILabel(pygame.Rect(8, y, label_w, 32), words, gui, container=self.panel)
            at = field.move(0, y)
            if key in choices:
                options, chosen = choices[key]
                self.widgets[key] = UIDropDownMenu(list(options), chosen, at, gui, container=self.panel)
            else:
                entry = UITextEntryLine(at, gui, container=self.panel)
                entry.set_text(now[key])
                self.widgets[key] = entry
        self.ok, self.cancel = answer_buttons(gui, self.panel, w, rect.h, "OK (Enter)", "Cancel (Esc)")

    def handle(self, event: pygame.event.Event) -> str | None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.ok:
                return "ok" if self.take() else None
            if event.ui_element is self.cancel:
                return "cancel"
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return "cancel"
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return "ok" if self.take() else None
        return None

    def take(self) -> bool:
        """Put the dialog's values into the settings; False (and :attr:`problem` says which
        value is wrong) when one is not a whole number in its range, nothing changed then."""
        numbers = {}
        for key, name in (("trials", "rollout_trials"), ("truncate", "rollout_truncate"), ("seed", "rollout_seed"),
                          ("top", "rollout_top")):
            text = self.widgets[key].get_text().strip().replace(",", "")
            low, high = (int(x) for x in number_range(name))
            if not text.isdigit() or not low <= int(text) <= high:
                words = dict(self.FIELDS)[key]
                self.problem = f"{words}: a whole number from {low:,} to {high:,}, not {text!r}"
                return False
            numbers[name] = int(text)
        s = self.settings
        for name, value in numbers.items():
            setattr(s, name, value)
        level = self._chosen("level")
        s.rollout_level = "" if level == DEFAULT_LEVEL else level
        s.rollout_variance_reduction = self._chosen("variance") == "on"
        s.rollout_cubeless = self._chosen("cube") == "cubeless"
        self.problem = ""
        return True

    def _chosen(self, key: str) -> str:
        """The words chosen in the drop-down ``key`` (pygame_gui gives ``(text, id)`` or the text)."""
        option = self.widgets[key].selected_option
        return option[0] if isinstance(option, tuple) else option

    def close(self) -> None:
        self.panel.kill()
