"""The Library screen's Matches view: every match of the library in a sortable table (date,
players, length, result, each side's PR, the level it was analysed at), newest first, with
a player to keep the matches of; a double click (or Enter) opens the match on the Review
screen.  The list is :func:`game.core.library.listing.match_list`'s, read off the frame."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIDropDownMenu, UILabel

from ...core.library.listing import match_list
from ..scene import Part
from ..theme import TEXT_DIM
from ..widgets import draw_text, elide
from .common import Context, number
from .table import Column, Row, Table

ALL_PLAYERS = "All players"
COLUMNS = (Column("Date"), Column("Players", flex=True), Column("Length", right=True), Column("Result", right=True),
           Column("PR 1st", right=True), Column("PR 2nd", right=True), Column("Analysed", optional=True))
HINT = "Double-click a match (or Enter) to review it · click a title to sort"


def match_row(match: dict[str, Any], levels: dict[str, str]) -> Row:
    """One match as the table's row (see :data:`COLUMNS`)."""
    first, second = match["players"]
    points = match["result"]["points"]
    prs = [match["pr"].get(first), match["pr"].get(second)]
    length = f"{match['length']} pt" if match["length"] else "money"
    level = levels.get(match["level"], match["level"]) if match["level"] else "—"
    level = level.split(" (")[0]
    return Row((match["date"] or "—", f"{first} – {second}", length, f"{points[0]}–{points[1]}", number(prs[0]),
                number(prs[1]), level),
               (match["date"], f"{first} – {second}".lower(), match["length"], tuple(points), prs[0], prs[1],
                match["level"]),
               match["id"])


class MatchesView(Part):
    title = "Matches"

    def __init__(self, context: Context) -> None:
        self.context = context
        self.table = Table(context.fonts, COLUMNS, empty="No matches yet: finished games and completed reviews "
                           "are added by themselves; tabula library add adds match files")
        self.table.sort_by(0, descending=True)
        self.player: str | None = None
        """The player whose matches are shown (``None``: everyone's)."""
        self.players: list[str] = []
        self.count = 0
        self.filter: UIDropDownMenu | None = None
        self.area = pygame.Rect(0, 0, 0, 0)

    def place(self, area: pygame.Rect) -> None:
        self.area = area
        gui, high = self.context.gui, max(28, self.context.text_size(28))
        UILabel(pygame.Rect(area.x, area.y, 70, high), "Player", gui)
        choices = [ALL_PLAYERS, *self.players]
        self.filter = UIDropDownMenu(choices, self.player or ALL_PLAYERS,
                                     pygame.Rect(area.x + 72, area.y, min(260, area.w // 3), high), gui)
        self.table.size = self.context.text_size(14 if area.w >= 900 else 13)
        self.hint_size = self.context.text_size(12)
        hint = self.context.fonts(self.hint_size).get_linesize() + 4
        self.table.rect = pygame.Rect(area.x, area.y + high + 8, area.w, area.h - high - 8 - hint)

    def refresh(self) -> None:
        player = self.player
        self.context.reader.ask("matches", lambda library: (match_list(library, player), library.players()))

    def answer(self, key: str, value: Any, error: str | None) -> bool:
        if key != "matches":
            return False
        if error is not None:
            self.table.empty = error
            self.table.set_rows([])
            return True
        matches, players = value
        levels = self.context.level_words()
        self.table.set_rows([match_row(m, levels) for m in matches])
        self.count = len(matches)
        if players != self.players:
            self.players = players
            self.context.app.rebuild()  # the filter's choices
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.filter:
            self.player = None if event.text == ALL_PLAYERS else event.text
            self.refresh()
            return True
        done = self.table.handle_event(event)
        if done == "open":
            self.open_selected()
        return done is not None

    def open_selected(self) -> None:
        row = self.table.selected_row
        if row is not None:
            self.context.open_match(row.data, None)

    def draw(self, surface: pygame.Surface) -> None:
        self.table.draw(surface)
        font = self.context.fonts(self.hint_size)
        shown = f"{self.count} match{'es' * (self.count != 1)} · {HINT}"
        draw_text(surface, font, elide(font, shown, self.area.w), (self.area.x, self.table.rect.bottom + 4), TEXT_DIM)
