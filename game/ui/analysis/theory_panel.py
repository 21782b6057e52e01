"""The theory panel (K): the reference figures of the position on show, over the board, and its
score map (M there), for a game with a :class:`~game.core.capabilities.Theory` (backgammon: the
cube at this score, in a race the race counts).

- **Figures**: worked out in a worker process at the scene's analysis level (a
  :class:`~game.core.jobs.stream.StreamingJob`, so the window keeps drawing), shown as the
  game's sections of rows, their notes, and what is missing and why.
- **Score map**: the proper cube action at every score of a match (the position's own
  length, else 7; up to 11 here) and for money, computed in the background with a progress
  bar, drawn as eXtreme Gammon's map: rows the side on roll's away count, columns the other
  side's, each cell coloured by its action (the legend names the colours); where a side is 1
  away the cell's left half is the Crawford game (nobody doubles) and its right half a later game.
- The panel closes when the position on show changes; Esc goes back from the map to the
  figures, then closes; K closes at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from ...core.capabilities import Theory
from ...core.jobs.stream import StreamingJob
from ...core.jobs.tasks import theory_figures, theory_score_map
from ..theme import ACCENT, PANEL, PANEL_EDGE, TEXT, TEXT_DIM, ui_scale
from ..widgets import draw_text, elide
from .every_roll import toggle_key

PROCESSES = True
"""The jobs run in worker processes (tests may run them in a thread: the same job)."""
MAP_LENGTH_MAX = 11
"""The longest match the window's map shows (the command line's goes to 25)."""

ACTION_COLOURS = {"no_double": (58, 92, 140), "no_redouble": (58, 92, 140), "double_take": (44, 128, 70),
                  "redouble_take": (44, 128, 70), "double_pass": (184, 122, 34), "redouble_pass": (184, 122, 34),
                  "too_good": (160, 54, 48)}
BEAVER = (118, 74, 150)
"""The beaver forms' colour."""


def action_colour(action: str) -> tuple[int, int, int]:
    return ACTION_COLOURS.get(action, BEAVER if "beaver" in action else PANEL_EDGE)


class TheoryPanel:
    """One scene's panel: closed, showing the figures, or the score map.

    ``level()``: the scene's analysis level; ``history()``: the game's states up to the one on
    show; ``area()``: where the panel is drawn (the board's)."""

    def __init__(self, app, info, level: Callable[[], str | None], history: Callable[[], Sequence[Any]],
                 area: Callable[[], pygame.Rect]) -> None:
        self.app, self.info, self.level, self.history, self.area = app, info, level, history, area
        self.theory = info.ability(Theory)
        self.source: Any = None
        """The position on show the panel was opened for (``None``: closed)."""
        self.job: StreamingJob | None = None
        self.figures = None
        self.error: str | None = None
        self.map_job: StreamingJob | None = None
        self.map = None
        self.map_error: str | None = None
        self.map_progress = (0, 1)
        self.showing_map = False
        self.map_wanted = False
        """The map was asked for before the figures came (the menu's Score map): shown when they do."""
        self.button: pygame.Rect | None = None
        self.cells: list[tuple[tuple[int, int, str], pygame.Rect]] = []

    @property
    def offered(self) -> bool:
        return self.theory is not None and self.level() is not None

    @property
    def is_open(self) -> bool:
        return self.source is not None

    # -- opening and closing ----------------------------------------------------------------
    def open(self) -> bool:
        if not self.offered:
            return False
        self.close()
        self.source = self.history()[-1]
        self.job = StreamingJob(theory_figures, _lookup(), self.info.name, self.source, self.level(), name="theory",
                                processes=PROCESSES)
        return True

    def open_with_map(self) -> None:
        """Open the panel at its score map (the menu's Score map): at once if the figures are
        in, else as soon as they come."""
        if not self.is_open and not self.open():
            return
        if self.figures is None:
            self.map_wanted = True
        else:
            self.open_map()

    def open_map(self) -> None:
        """Show the score map, computing it first if it is not yet done or under way."""
        self.map_wanted = False
        if self.figures is None or not self.figures.map_offered:
            self.app.banner.show("Score map: " + (self.figures.missing if self.figures is not None and
                                                  self.figures.missing else "no cube decision here"), seconds=2.5)
            return
        self.showing_map = True
        if self.map is None and self.map_job is None:
            length = min(self.theory.map_length(self.source), MAP_LENGTH_MAX)
            self.map_progress = (0, 1)
            self.map_job = StreamingJob(theory_score_map, _lookup(), self.info.name, self.source, length,
                                        self.level(), name="score-map", processes=PROCESSES)

    def close(self) -> None:
        for job in (self.job, self.map_job):
            if job is not None and job.status == "running":
                job.cancel()
        self.source = self.job = self.figures = self.error = None
        self.map_job = self.map = self.map_error = None
        self.showing_map = self.map_wanted = False

    def update(self) -> None:
        """Close when the position on show changed; take in what the jobs sent."""
        if self.source is None:
            return
        if self.history()[-1] is not self.source:
            self.close()
            return
        if self.job is not None:
            self.job.poll()
            if self.job.status == "done":
                self.figures, self.job = self.job.result, None
                if self.map_wanted:
                    self.open_map()
            elif self.job.status in ("failed", "cancelled"):
                self.error, self.job = self.job.error or "cancelled", None
        if self.map_job is not None:
            for message in self.map_job.poll():
                if message[0] == "progress":
                    self.map_progress = (message[1], message[2])
            if self.map_job.status == "done":
                self.map, self.map_job = self.map_job.result, None
            elif self.map_job.status in ("failed", "cancelled"):
                self.map_error, self.map_job = self.map_job.error or "cancelled", None

    # -- input --------------------------------------------------------------------------------
    def handle_event(self, event) -> bool:
        """K opens or closes; while open, M (or the button) shows the score map, Esc steps back,
        and clicks are the panel's.  True when taken."""
        toggled = toggle_key(event, pygame.K_k, self)
        if toggled is not None:
            return toggled
        if not self.is_open:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.showing_map:
                self.showing_map = False
            else:
                self.close()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_m:
            self.open_map()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.button is not None and self.button.collidepoint(event.pos):
                if self.showing_map:
                    self.showing_map = False
                else:
                    self.open_map()
                return True
            return self.area().collidepoint(event.pos)
        return False

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.update()
        if self.source is None:
            return
        box = self.area().inflate(-24, -24)
        scale = ui_scale(surface.get_size())
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        layer.fill((*PANEL, 244))
        surface.blit(layer, box)
        pygame.draw.rect(surface, PANEL_EDGE, box, 2, border_radius=6)
        fonts = self.app.fonts
        title = "Score map" if self.showing_map else "Cube and race theory"
        x, y = box.x + 16, box.y + 12
        heading = draw_text(surface, fonts(round(18 * scale), True), title, (x, y), ACCENT)
        hint = "M score map · K or Esc close" if not self.showing_map else "Esc back · K close"
        small = fonts(round(12 * scale))
        words = f"level {self.level()} · {hint}"
        if heading.right + 16 + small.size(words)[0] <= box.right - 16:  # beside the title, else under it
            draw_text(surface, small, words, (box.right - 16, y + 4), TEXT_DIM, anchor="topright")
        else:
            y = heading.bottom + 2
            draw_text(surface, small, words, (x, y), TEXT_DIM)
            y -= round(24 * scale) - small.get_linesize()
        y += round(30 * scale)
        if self.showing_map:
            self._draw_map(surface, box, y, scale)
        else:
            self._draw_figures(surface, box, y, scale)

    def _draw_figures(self, surface, box: pygame.Rect, y: int, scale: float) -> None:
        fonts = self.app.fonts
        body, bold, small = fonts(round(14 * scale)), fonts(round(15 * scale), True), fonts(round(13 * scale))
        x = box.x + 16
        if self.figures is None:
            words = f"Could not work out the figures: {self.error}" if self.error else "Working out the figures…"
            draw_text(surface, body, words, (x, y), TEXT_DIM)
            self.button = None
            return
        label_width = max((body.size(label)[0] for s in self.figures.sections for label, _ in s.rows), default=0)
        for section in self.figures.sections:
            draw_text(surface, bold, section.heading, (x, y), ACCENT)
            y += bold.get_linesize() + 2
            for label, value in section.rows:
                draw_text(surface, body, label, (x + 8, y), TEXT_DIM)
                room = box.right - 16 - (x + 24 + label_width)
                draw_text(surface, body, elide(body, value, room), (x + 24 + label_width, y), TEXT)
                y += body.get_linesize()
            if section.note:
                draw_text(surface, small, elide(small, section.note, box.w - 40), (x + 8, y + 2), TEXT)
                y += small.get_linesize() + 4
            y += round(8 * scale)
        if self.figures.missing:
            draw_text(surface, small, elide(small, f"No cube figures: {self.figures.missing}", box.w - 32), (x, y),
                      TEXT_DIM)
            y += small.get_linesize()
        self.button = None
        if self.figures.map_offered:
            self.button = self._button(surface, "Score map (M)", box)

    def _button(self, surface, words: str, box: pygame.Rect) -> pygame.Rect:
        font = self.app.fonts(round(14 * ui_scale(surface.get_size())), True)
        w, h = font.size(words)
        rect = pygame.Rect(0, 0, w + 24, h + 12)
        rect.bottomright = (box.right - 16, box.bottom - 12)
        pygame.draw.rect(surface, PANEL_EDGE, rect, border_radius=5)
        draw_text(surface, font, words, rect.center, TEXT, anchor="center")
        return rect

    def _draw_map(self, surface, box: pygame.Rect, y: int, scale: float) -> None:
        fonts = self.app.fonts
        body, small = fonts(round(14 * scale)), fonts(round(12 * scale))
        x = box.x + 16
        self.button = self._button(surface, "Figures (Esc)", box)
        if self.map is None:
            done, total = self.map_progress
            if self.map_error:
                draw_text(surface, body, f"Could not make the score map: {self.map_error}", (x, y), TEXT_DIM)
                return
            draw_text(surface, body, f"Working out every score: {done} of {total}", (x, y), TEXT_DIM)
            bar = pygame.Rect(x, y + body.get_linesize() + 6, box.w - 32, 12)
            pygame.draw.rect(surface, PANEL_EDGE, bar, 1, border_radius=4)
            fill = bar.inflate(-4, -4)
            fill.w = round(fill.w * done / max(total, 1))
            pygame.draw.rect(surface, ACCENT, fill, border_radius=3)
            return
        found = self.map
        length = found.length
        actions = {(c.away[0], c.away[1], c.kind): c.action for c in found.cells}
        legend_h = small.get_linesize() * 2 + 8
        room_h = box.bottom - 12 - legend_h - self.button.h - 8 - y - body.get_linesize()
        side = max(12, min((box.w - 32 - 60) // length, room_h // (length + 1)))
        left = x + 56
        draw_text(surface, small, "other side away →", (left, y), TEXT_DIM)
        y += small.get_linesize()
        self.cells = []
        for b in range(1, length + 1):
            draw_text(surface, small, str(b), (left + (b - 1) * side + side // 2, y), TEXT_DIM, anchor="midtop")
        y += small.get_linesize()
        for a in range(1, length + 1):
            draw_text(surface, small, f"{a}-away", (left - 6, y + (a - 1) * side + side // 2), TEXT_DIM,
                      anchor="midright")
            for b in range(1, length + 1):
                rect = pygame.Rect(left + (b - 1) * side, y + (a - 1) * side, side - 2, side - 2)
                if a >= 2 and b >= 2 or a == b == 1:
                    kind = "pre" if a >= 2 else "post_crawford"
                    pygame.draw.rect(surface, action_colour(actions[(a, b, kind)]), rect, border_radius=2)
                    self.cells.append(((a, b, kind), rect))
                else:
                    half = rect.w // 2
                    crawford, later = pygame.Rect(rect.x, rect.y, half, rect.h), pygame.Rect(rect.x + half, rect.y,
                                                                                            rect.w - half, rect.h)
                    pygame.draw.rect(surface, action_colour(actions[(a, b, "crawford")]), crawford)
                    pygame.draw.rect(surface, action_colour(actions[(a, b, "post_crawford")]), later)
                    pygame.draw.line(surface, PANEL, later.topleft, later.bottomleft, 2)
                    self.cells += [((a, b, "crawford"), crawford), ((a, b, "post_crawford"), later)]
        abbreviations = {key: short for key, _, short in self.theory.actions}
        for (a, b, kind), rect in self.cells:  # the abbreviation where it fits
            words = abbreviations.get(actions[(a, b, kind)], "")
            if rect.w >= small.size(words)[0] + 4 and rect.h >= small.get_linesize():
                draw_text(surface, small, words, rect.center, TEXT, anchor="center")
        y += length * side + 6
        labels = {key: label for key, label, _ in self.theory.actions}
        shown = [key for key in labels if key in set(actions.values()) | {found.money}]
        cx = x
        for key in shown:
            words = labels[key]
            pygame.draw.rect(surface, action_colour(key), (cx, y + 3, 14, 14), border_radius=2)
            draw_text(surface, small, words, (cx + 18, y + 2), TEXT)
            cx += 18 + small.size(words)[0] + 16
        y += small.get_linesize() + 6
        words = (f"Money: {labels.get(found.money, found.money)} · where a side is 1 away: left the Crawford "
                 "game, right a later game")
        draw_text(surface, small, elide(small, words, box.right - 16 - x), (x, y), TEXT_DIM)


def _lookup():
    from ...games import get_game
    return get_game
