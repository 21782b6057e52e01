"""The Library screen (the menu's Library button): the study library (:mod:`game.core.library`)
in three views, and its bulk analysis.

- **Matches** (:mod:`.matches`): every match in a sortable table; a double click reviews it.
- **Player** (:mod:`.player`): a player's trend, rates, worst decisions and fingerprint.
- **Positions** (:mod:`.positions`): the reviewed decisions found by filters, each position
  drawn; opened on the study board or at its decision on the Review screen.
- **Drills** (D): the Drill screen over this one, one's own errors asked again (:mod:`game.ui.drill`).
- **Analyse**: every match not yet reviewed at the chosen level, reviewed in a worker process
  (:class:`~game.ui.jobs.library_analysis.LibraryAnalysis`) with a progress bar (matches done
  of all, decisions a second, time left) and Cancel (the finished matches are kept); the
  views read the library again as matches finish.

Nothing here reads on the drawing thread: the views ask :class:`~.reader.Reader`'s thread and
show its answers as they come.  A match or a position opens over this screen
(:mod:`.opening`), which waits under it as it was, its analysis going on; Back (or Esc) there
comes back here.  A library that cannot be opened is said in the banner and on the screen.
"""

from __future__ import annotations

import time
from weakref import WeakKeyDictionary

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu

from ...core.capabilities import Drill
from ...core.gameinfo import ANALYSIS_LEVEL
from ...core.library.sources import library_games
from ...core.tournament.progress import format_duration
from ...games import all_games
from ..jobs.library_analysis import LibraryAnalysis
from ..scene import Scene
from ..theme import ACCENT, ERROR, PANEL, PANEL_EDGE, TEXT, TEXT_DIM, ui_scale
from ..widgets import draw_text, elide
from .common import Context, View
from .matches import MatchesView
from .opening import open_match, prepare, study
from .player import PlayerView
from .positions import PositionsView
from .reader import Reader

VIEWS = ("matches", "player", "positions")
REFRESH_SECONDS = 1.0
"""While the analysis runs, the views read the library again at most this often."""

_SHOWN: WeakKeyDictionary = WeakKeyDictionary()
"""App → the view last shown, so the screen opens again where it was left."""


def counts(library, level: str) -> tuple[int, int, int]:
    """``(matches, analysed at any level, not yet at level)`` of the library."""
    db = library.connection
    matches = db.execute("SELECT COUNT(*) FROM matches").fetchone()[0]
    analysed = db.execute("SELECT COUNT(DISTINCT match) FROM reviews").fetchone()[0]
    return matches, analysed, len(library.unreviewed(level))


class LibraryScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.info = library_games(all_games())[0]
        self.path = app.settings.library_file
        self.reader = Reader(self.path)
        self.context = Context(app, self.reader, self.info, self.open_match, self.study)
        self.views: dict[str, View] = {"matches": MatchesView(self.context), "player": PlayerView(self.context),
                                       "positions": PositionsView(self.context)}
        self.shown = _SHOWN.get(app, "matches")
        self.level = app.settings.of(self.info).get(ANALYSIS_LEVEL) or self.info.analysis_level_names[0]
        self.analysis: LibraryAnalysis | None = None
        self.counts: tuple[int, int, int] | None = None
        self.widgets: dict = {}
        self._refreshed = 0.0
        self._told = False  # the banner said the library cannot be opened
        self.refresh()

    @property
    def view(self) -> View:
        return self.views[self.shown]

    # -- layout -------------------------------------------------------------------------------
    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        gui, scale = self.gui, ui_scale(size)
        high = round(34 * scale)
        self.title_font = self.app.fonts(round(26 * scale), True)
        x = 20 + self.title_font.size("Library")[0] + 24
        tab_w = round(min(120 * scale, (w - x - 250 * scale) / 3 - 8))
        self.widgets = {}
        for name in VIEWS:
            button = UIButton(pygame.Rect(x, 12, tab_w, high), self.views[name].title, gui,
                              object_id="#primary" if name == self.shown else None)
            self.widgets[name] = button
            x += tab_w + 8
        back_w = round(110 * scale)
        self.widgets["back"] = UIButton(pygame.Rect(w - 16 - back_w, 12, back_w, high), "Back", gui)
        if self.info.has(Drill):
            self.widgets["drills"] = UIButton(pygame.Rect(w - 24 - 2 * back_w, 12, back_w, high), "Drills", gui,
                                              tool_tip_text="Your errors asked again (D)")
        strip = pygame.Rect(20, 12 + high + 10, w - 40, round(30 * scale))
        self.strip = strip
        words = self.context.level_words()
        level_w, button_w = round(200 * scale), round(150 * scale)
        running = self.analysis is not None and self.analysis.running
        if running:
            self.widgets["cancel"] = UIButton(pygame.Rect(strip.right - button_w, strip.y, button_w, strip.h),
                                              "Cancel", gui)
        else:
            self.widgets["level"] = UIDropDownMenu([words[n] for n in words], words.get(self.level, self.level),
                                                   pygame.Rect(strip.right - button_w - 8 - level_w, strip.y, level_w,
                                                               strip.h), gui)
            self.widgets["analyse"] = UIButton(pygame.Rect(strip.right - button_w, strip.y, button_w, strip.h),
                                               "Analyse", gui, tool_tip_text="Review every match not yet analysed "
                                               "at this level, in the background")
        self.area = pygame.Rect(20, strip.bottom + 14, w - 40, h - strip.bottom - 14 - 14)
        self.view.place(self.area)

    # -- the library --------------------------------------------------------------------------
    def refresh(self) -> None:
        """Read the library again for the view on show and the counts."""
        self._refreshed = time.monotonic()
        level = self.level
        self.reader.ask("counts", lambda library: counts(library, level))
        self.view.refresh()

    def _take_answers(self) -> None:
        for key, (value, error) in self.reader.take().items():
            if key == "counts":
                self.counts = value
            elif key == "open":
                self._open(value, error)
            else:
                for view in self.views.values():
                    if view.answer(key, value, error):
                        break
        if self.reader.error and not self._told:
            self._told = True
            self.app.banner.show(f"The library cannot be opened: {self.reader.error}", error=True)

    def open_match(self, match_id: int, ply: int | None) -> None:
        """Open match ``match_id`` on the Review screen (at the decision of ``ply``) once its file
        is ready (:func:`~.opening.prepare`, off the frame)."""
        self.reader.ask("open", lambda library: prepare(library, match_id, ply))

    def _open(self, prepared, error: str | None) -> None:
        if error is not None:
            self.app.banner.show(f"Cannot open the match: {error}", error=True)
        elif self.app.scene is self:
            open_match(self.app, prepared)

    def study(self, found) -> None:
        study(self.app, self.info, found)

    # -- the analysis -------------------------------------------------------------------------
    def analyse(self) -> None:
        if self.reader.error:
            self.app.banner.show(f"The library cannot be opened: {self.reader.error}", error=True)
            return
        if self.counts is not None and self.counts[2] == 0:
            self.app.banner.show(f"Every match is analysed at {self._level_title()} already", seconds=3)
            return
        self.analysis = LibraryAnalysis(self.path, self.level)
        self.app.rebuild()  # Cancel in place of Analyse

    def _level_title(self) -> str:
        return self.context.level_words().get(self.level, self.level).split(" (")[0]

    def _follow_analysis(self) -> None:
        analysis = self.analysis
        if analysis is None or not analysis.running:
            return
        grown = analysis.poll()
        if not analysis.running:
            self._analysis_ended(analysis)
            self.refresh()
            self.app.rebuild()  # Analyse again in place of Cancel
        elif grown and time.monotonic() - self._refreshed >= REFRESH_SECONDS:
            self.refresh()

    def _analysis_ended(self, analysis: LibraryAnalysis) -> None:
        progress = analysis.progress
        if analysis.status == "failed":
            self.app.banner.show(f"The analysis failed: {analysis.error}", error=True)
        elif progress is not None and progress.failed:
            first = progress.failed[0]
            self.app.banner.show(f"{len(progress.failed)} match(es) could not be analysed (match {first[0]}: "
                                 f"{first[1]})", error=True)

    # -- input --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            key = next((k for k, b in self.widgets.items() if b is event.ui_element), None)
            if key is not None:
                self.command(key)
                return
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.widgets.get("level"):
            self.level = next((n for n, words in self.context.level_words().items() if words == event.text),
                              self.level)
            self.refresh()
            return
        if self.view.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.command("back")
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_d:
            self.command("drills")
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            self.command(VIEWS[(VIEWS.index(self.shown) + step) % len(VIEWS)])

    def command(self, key: str) -> None:
        if key in VIEWS:
            if key != self.shown:
                self.shown = _SHOWN[self.app] = key
                self.app.rebuild()
                self.view.refresh()
        elif key == "back":
            self.app.show_menu()
        elif key == "drills" and self.info.has(Drill):
            self.app.push("drill")  # this screen waits under it, its analysis going on
        elif key == "analyse":
            self.analyse()
        elif key == "cancel" and self.analysis is not None:
            self.analysis.cancel()
            done = self.analysis.finished
            self.app.banner.show(f"Analysis stopped: {done} match{'es' * (done != 1)} finished and kept", seconds=4)
            self.refresh()
            self.app.rebuild()

    # -- each frame ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self._take_answers()
        self._follow_analysis()

    def leave(self) -> None:
        if self.analysis is not None and self.analysis.running:
            self.analysis.cancel()  # the finished matches are kept; the next run goes on
        self.reader.close()

    def draw(self, surface: pygame.Surface) -> None:
        draw_text(surface, self.title_font, "Library", (20, 12 + self.widgets["back"].rect.h // 2), ACCENT,
                  anchor="midleft")
        self._draw_strip(surface)
        self.view.draw(surface)

    def _draw_strip(self, surface: pygame.Surface) -> None:
        """The library's counts, or the analysis' progress bar while it runs."""
        strip, font = self.strip, self.app.fonts(self.context.text_size(13))
        analysis = self.analysis
        right = min(b.rect.x for k, b in self.widgets.items() if k in ("level", "analyse", "cancel")) - 14
        room = pygame.Rect(strip.x, strip.y, right - strip.x, strip.h)
        if analysis is not None and analysis.running:
            progress = analysis.progress
            fraction = progress.done / progress.total if progress is not None and progress.total else 0.0
            bar = pygame.Rect(room.x, room.y + 2, room.w * 0.38, room.h - 4)
            pygame.draw.rect(surface, PANEL, bar, border_radius=5)
            if fraction > 0:
                pygame.draw.rect(surface, ACCENT, (bar.x, bar.y, max(8, bar.w * fraction), bar.h), border_radius=5)
            pygame.draw.rect(surface, PANEL_EDGE, bar, 1, border_radius=5)
            if progress is None:
                text = f"Analysing at {self._level_title()}: starting…"
            else:
                left = "" if progress.left is None else f" · {format_duration(progress.left)} left"
                text = (f"{progress.done} of {progress.total} matches · {progress.per_second:.1f} decisions/s{left}")
            draw_text(surface, font, elide(font, text, room.right - bar.right - 12), (bar.right + 12, room.centery),
                      TEXT, anchor="midleft")
            return
        if self.reader.error:
            text, colour = f"The library cannot be opened: {self.reader.error}", ERROR
        elif self.counts is None:
            text, colour = f"Reading {self.path}…", TEXT_DIM
        else:
            matches, analysed, left = self.counts
            text = (f"{matches} match{'es' * (matches != 1)}, {analysed} analysed · {left} not yet at "
                    f"{self._level_title()} · {self.path}")
            colour = TEXT_DIM
        draw_text(surface, font, elide(font, text, room.w), (room.x, room.centery), colour, anchor="midleft")
