"""The Library screen's Player view: a player's page (:func:`game.core.library.player.player_page`).

- the player, picked from everyone who plays in the library (at first the first of "My
  names" who does, else the player with the most matches);
- the trend: each match's PR as a dot, the weighted PR as a line in its 95% band
  (:mod:`game.ui.charts.trend`); a click on a dot opens that match on the Review screen;
- PR and error rate with their intervals, the rating word, luck;
- the worst decisions: a double click (or Enter, or "Study") opens the position on the study
  board, "Review" the match at that decision;
- the fingerprint: every split's cells (kind, cube errors, phase, pip count, score), each with
  its decisions and PR with its interval, or "not enough decisions".
"""

from __future__ import annotations

import re
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel

from ...core.capabilities import Review
from ...core.library.player import PlayerPage, player_page
from ...core.library.store import Library
from ..charts.trend import TrendPoint, draw_trend
from ..scene import Part
from ..theme import ACCENT, TEXT, TEXT_DIM
from ..widgets import draw_text, elide
from .common import Context, rate_text, signed
from .table import Column, Row, Table

SPLIT_TITLES = {"kind": "By kind", "cube_error": "Cube errors", "phase": "By phase", "pips": "By pip count",
                "score": "By score"}
WORST_COLUMNS = (Column("Lost", right=True), Column("Dice"), Column("Played", flex=True), Column("Best", flex=True),
                 Column("Match", optional=True))
FINGERPRINT = (Column("Cell", flex=True), Column("Decisions", right=True, short="Dec."), Column("PR (95%)", right=True),
               Column("Error rate (mp/decision)", right=True, optional=True))
DOT_REACH = 9
"""How near a dot (in pixels) a click opens its match."""


def player_choices(library: Library, my_names: list[str]) -> tuple[list[str], str | None]:
    """Everyone who plays in ``library`` and the one to show first: the first of ``my_names``
    who plays there, else the player with the most matches."""
    players = library.players()
    mine = next((name for name in my_names if name in players), None)
    if mine is not None or not players:
        return players, mine
    row = library.connection.execute(
        "SELECT name, COUNT(*) FROM (SELECT player0 AS name FROM matches UNION ALL SELECT player1 FROM matches)"
        " GROUP BY name ORDER BY 2 DESC, name LIMIT 1").fetchone()
    return players, row[0]


def natural(cell: str) -> tuple:
    """A cell's name as it sorts for a reader: numbers by value ("51-100" after "1-50", "2-away"
    before "11-away")."""
    return tuple(int(part) if part.isdigit() else part for part in re.split(r"(\d+)", cell))


def fingerprint_rows(page: PlayerPage) -> list[Row]:
    """The fingerprint as table rows: a heading per split, then its cells in :func:`natural` order."""
    rows = []
    for split, cells in page.by.items():
        if not cells:
            continue
        rows.append(Row((SPLIT_TITLES.get(split, split),), heading=True))
        for cell, rates in sorted(cells.items(), key=lambda item: natural(item[0])):
            rows.append(Row((cell, f"{rates.decisions:,}", rate_text(rates.pr), rate_text(rates.error_rate)),
                            data=(split, cell), dim=not rates.enough))
    return rows


def worst_row(found: dict[str, Any], matches: dict[int, tuple[str | None, str]]) -> Row:
    """A worst decision as a row; ``matches``: each match's date and the player's opponent."""
    date, opponent = matches.get(found["match"], (None, "?"))
    return Row((f"{found['equity_lost']:.3f}", found["dice"] or "", found["played"], found["best"] or "",
                f"{date or 'undated'} vs {opponent}, game {found['game']}"), data=found)


class PlayerView(Part):
    title = "Player"

    def __init__(self, context: Context) -> None:
        self.context = context
        self.players: list[str] = []
        self.player: str | None = None
        self.page: PlayerPage | None = None
        self.message = "Reading the library…"
        self.worst = Table(context.fonts, WORST_COLUMNS, sortable=False, empty="No analysed decision yet")
        self.fingerprint = Table(context.fonts, FINGERPRINT, sortable=False, empty="No analysed decision yet")
        self.widgets: dict[str, Any] = {}
        self.area = self.chart = self.rates = self.caption = pygame.Rect(0, 0, 0, 0)
        self.dots: list[tuple[float, float]] = []

    # -- layout -------------------------------------------------------------------------------
    def place(self, area: pygame.Rect) -> None:
        self.area, gui, c = area, self.context.gui, self.context
        high = max(28, c.text_size(28))
        UILabel(pygame.Rect(area.x, area.y, 70, high), "Player", gui)
        self.widgets = {"player": UIDropDownMenu(self.players or ["—"], self.player or (self.players or ["—"])[0],
                                                 pygame.Rect(area.x + 72, area.y, min(280, area.w // 3), high), gui)}
        if not self.players:
            self.widgets["player"].disable()
        size = c.text_size(13 if area.w < 1000 else 14)
        self.worst.size = self.fingerprint.size = size
        line = c.fonts(size).get_linesize()
        top = area.y + high + 10
        left_w = int(area.w * 0.58)
        right = pygame.Rect(area.x + left_w + 14, top, area.w - left_w - 14, area.bottom - top)
        self.fingerprint_caption = pygame.Rect(right.x, right.y, right.w, line + 6)
        self.fingerprint.rect = pygame.Rect(right.x, right.y + line + 8, right.w, right.h - line - 8)
        room = area.bottom - top
        self.chart = pygame.Rect(area.x, top, left_w, max(110, int(room * 0.36)))
        self.rates = pygame.Rect(area.x, self.chart.bottom + 6, left_w, 2 * line + 8)
        self.caption = pygame.Rect(area.x, self.rates.bottom + 6, left_w, high)
        button_w = max(84, c.text_size(96))
        self.widgets["review"] = UIButton(pygame.Rect(self.caption.right - button_w, self.caption.y, button_w, high),
                                          "Review", gui, tool_tip_text="The match on the Review screen, at this decision")
        self.widgets["study"] = UIButton(pygame.Rect(self.caption.right - 2 * button_w - 6, self.caption.y, button_w,
                                                     high), "Study", gui, tool_tip_text="The position on the study board")
        self.worst.rect = pygame.Rect(area.x, self.caption.bottom + 6, left_w, area.bottom - self.caption.bottom - 6)
        self._enable()
        if self.page is not None:
            self.fingerprint.set_rows(fingerprint_rows(self.page))

    def _enable(self) -> None:
        on = self.worst.selected_row is not None
        for key in ("study", "review"):
            button = self.widgets.get(key)
            if button is not None and on != button.is_enabled:
                button.enable() if on else button.disable()

    # -- data ---------------------------------------------------------------------------------
    def refresh(self) -> None:
        reader, my_names = self.context.reader, list(self.context.app.settings.my_names)
        review = self.context.info.ability(Review)
        ratings = review.ratings if review is not None else None
        chosen = self.player

        def page(library: Library) -> tuple[list[str], str | None, PlayerPage | None]:
            players, first = player_choices(library, my_names)
            name = chosen if chosen in players else first
            return players, name, player_page(library, name, ratings=ratings) if name is not None else None

        reader.ask("player", page)

    def answer(self, key: str, value: Any, error: str | None) -> bool:
        if key != "player":
            return False
        if error is not None:
            self.page, self.message = None, error
            self.worst.set_rows([])
            self.fingerprint.set_rows([])
            return True
        players, name, page = value
        rebuild = players != self.players or name != self.player
        self.players, self.player, self.page = players, name, page
        self.message = "" if page is not None else "No player in the library yet"
        matches = {p.match: (p.date, p.opponent) for p in page.trend} if page else {}
        self.worst.set_rows([worst_row(d, matches) for d in page.worst] if page else [],
                            same=lambda a, b: (a["match"], a["ply"]) == (b["match"], b["ply"]))
        self.fingerprint.set_rows(fingerprint_rows(page) if page else [])
        if rebuild:
            self.context.app.rebuild()
        return True

    # -- input --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.widgets.get("player"):
            self.player = event.text
            self.refresh()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            row = self.worst.selected_row
            if row is not None and event.ui_element is self.widgets.get("study"):
                self.context.study(row.data)
                return True
            if row is not None and event.ui_element is self.widgets.get("review"):
                self.context.open_match(row.data["match"], row.data["ply"])
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.chart.collidepoint(event.pos):
            return self._click_dot(event.pos)
        for table in (self.worst, self.fingerprint):
            done = table.handle_event(event) if event.type != pygame.KEYDOWN or table is self.worst else None
            if done is not None:
                if done == "open" and table is self.worst and table.selected_row is not None:
                    self.context.study(table.selected_row.data)
                self._enable()
                return True
        return False

    def _click_dot(self, pos) -> bool:
        if self.page is None or not self.dots:
            return False
        shown = [p for p in self.page.trend if p.moving.value is not None]
        nearest = min(range(len(self.dots)), key=lambda k: (self.dots[k][0] - pos[0]) ** 2 + (self.dots[k][1] - pos[1]) ** 2)
        x, y = self.dots[nearest]
        if (x - pos[0]) ** 2 + (y - pos[1]) ** 2 > DOT_REACH ** 2:
            return False
        self.context.open_match(shown[nearest].match, None)
        return True

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        c, page = self.context, self.page
        font = c.fonts(self.worst.size)
        if page is None:
            draw_text(surface, font, self.message, (self.area.x, self.chart.y + 10), TEXT_DIM)
            return
        names = f" ({', '.join(n for n in page.names if n != page.player)})" if len(page.names) > 1 else ""
        summary = (f"{page.player}{names}: {page.matches} match{'es' * (page.matches != 1)} analysed, "
                   f"{page.decisions:,} decisions")
        x = self.widgets["player"].rect.right + 14 if "player" in self.widgets else self.area.x
        draw_text(surface, font, elide(font, summary, self.area.right - x), (x, self.area.y + 6), TEXT)
        self.dots = draw_trend(surface, self.chart, c.fonts(c.text_size(12)),
                               [TrendPoint(p.pr.value, p.moving.value, p.moving.low, p.moving.high, p.date or "")
                                for p in page.trend])
        rating = f" · {page.rating}" if page.rating else ""
        lines = [f"PR {rate_text(page.pr)} · error rate {rate_text(page.error_rate)}{rating}",
                 f"Luck {signed(page.luck)} · luck-adjusted result {signed(page.luck_adjusted)}"
                 if page.luck is not None else "Luck: not measured"]
        for k, text in enumerate(lines):
            draw_text(surface, c.fonts(self.worst.size, k == 0), elide(font, text, self.rates.w),
                      (self.rates.x, self.rates.y + k * (font.get_linesize() + 4)), TEXT if k == 0 else TEXT_DIM)
        bold = c.fonts(self.worst.size, True)
        draw_text(surface, bold, "Worst decisions", (self.caption.x, self.caption.centery), ACCENT, anchor="midleft")
        draw_text(surface, bold, "Fingerprint", (self.fingerprint_caption.x, self.fingerprint_caption.y), ACCENT)
        self.worst.draw(surface)
        self.fingerprint.draw(surface)
