"""The Library screen's Positions view: the reviewed decisions that match the filters
(:func:`game.core.library.positions.search`, at most :data:`LIMIT`, worst or newest first),
the selected one's position drawn on a small board with what was played and what was best.
A double click (or Enter, or "Study") opens the position on the study board; "Review" opens
its match on the Review screen at that decision.

The filters: the player deciding, the phase, the kind of decision, the mark, the least
equity lost, the roll and the order.  Each change asks again at once.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextEntryLine

from ...core.library.positions import Filters, search
from ..gameview import load_view
from ..scene import Part
from ..theme import PANEL_EDGE, TEXT, TEXT_DIM
from ..widgets import draw_text, elide, wrap
from .common import Context, match_words
from .table import Column, Row, Table

LIMIT = 300
"""The most decisions one search lists (the query stays bounded however large the library)."""
ANY = "Any"
CHOICES = {"phase": ("contact", "crashed", "race", "bearoff"), "kind": ("chequer", "cube"),
           "mark": ("doubtful", "bad", "very bad")}
SORTS = {"Worst first": "loss", "Newest first": "date"}
COLUMNS = (Column("Lost", right=True), Column("Player", flex=True), Column("Dice"), Column("Played", flex=True),
           Column("Best", flex=True), Column("Mark", optional=True), Column("Phase", optional=True))


def found_row(found: dict[str, Any]) -> Row:
    return Row((f"{found['equity_lost']:.3f}", found["player"], found["dice"] or "", found["played"],
                found["best"] or "", found["mark"] or "", found["phase"] or ""),
               (found["equity_lost"], found["player"].lower(), found["dice"], found["played"], found["best"],
                found["mark"], found["phase"]), found)


def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return (a["match"]["id"], a["match"]["ply"]) == (b["match"]["id"], b["match"]["ply"])


def read_loss(text: str) -> float | None:
    """The least equity lost as typed (``ValueError`` for what is no amount from 0 to 10)."""
    text = text.strip().replace(",", ".")
    if not text:
        return None
    value = float(text)
    if not 0 <= value <= 10:
        raise ValueError(text)
    return value


def read_dice(text: str) -> str | None:
    """The roll as typed, ``31`` or ``13`` (high first as stored); ``ValueError`` for another."""
    text = text.strip()
    if not text:
        return None
    if len(text) == 2 and all(ch in "123456" for ch in text):
        return "".join(sorted(text, reverse=True))
    raise ValueError(text)


class PositionsView(Part):
    title = "Positions"

    def __init__(self, context: Context) -> None:
        self.context = context
        self.chosen: dict[str, str] = {"player": ANY, "phase": ANY, "kind": ANY, "mark": ANY, "sort": "Worst first"}
        self.texts = {"min_loss": "", "dice": ""}
        self.players: list[str] = []
        self.problem = ""
        """What is wrong with a filter as typed ("" when nothing is)."""
        self.table = Table(context.fonts, COLUMNS, empty="No analysed decision matches the filters")
        self.widgets: dict[str, Any] = {}
        self.area = self.board_rect = self.words = pygame.Rect(0, 0, 0, 0)
        self.count = 0
        self.view = load_view(context.info, context.fonts)
        self._state: tuple[str, Any] | None = None  # (position text, its state) of the board on show

    # -- layout -------------------------------------------------------------------------------
    def place(self, area: pygame.Rect) -> None:
        self.area, gui, c = area, self.context.gui, self.context
        high = max(28, c.text_size(28))
        font = gui.get_theme().get_font(["label"])
        x, y = area.x, area.y
        self.widgets = {}
        fields = [("player", "Player", [ANY, *self.players], 1.6), ("phase", "Phase", [ANY, *CHOICES["phase"]], 1.1),
                  ("kind", "Kind", [ANY, *CHOICES["kind"]], 1.1), ("mark", "Mark", [ANY, *CHOICES["mark"]], 1.1),
                  ("min_loss", "Lost at least", None, 0.8), ("dice", "Roll", None, 0.6),
                  ("sort", "Order", list(SORTS), 1.3)]
        unit = c.text_size(84)
        for key, label, choices, share in fields:
            label_w, field_w = font.size(label)[0] + 10, int(unit * share)
            if x + label_w + field_w > area.right:  # the next line
                x, y = area.x, y + high + 6
            UILabel(pygame.Rect(x, y, label_w, high), label, gui)
            rect = pygame.Rect(x + label_w, y, field_w, high)
            if choices is None:
                entry = UITextEntryLine(rect, gui, placeholder_text="any")
                entry.set_text(self.texts[key])
                self.widgets[key] = entry
            else:
                now = self.chosen[key] if self.chosen[key] in choices else ANY
                self.widgets[key] = UIDropDownMenu(choices, now, rect, gui)
            x += label_w + field_w + 12
        top = y + high + 10
        size = c.text_size(13 if area.w < 1000 else 14)
        self.table.size = size
        line = c.fonts(size).get_linesize()
        left_w = int(area.w * 0.6)
        self.table.rect = pygame.Rect(area.x, top, left_w, area.bottom - top - line - 6)
        right = pygame.Rect(area.x + left_w + 14, top, area.w - left_w - 14, area.bottom - top)
        button_w = (right.w - 8) // 2
        self.widgets["study"] = UIButton(pygame.Rect(right.x, right.bottom - high, button_w, high), "Study position",
                                         gui, tool_tip_text="The position on the study board, to analyse and play on")
        self.widgets["review"] = UIButton(pygame.Rect(right.x + button_w + 8, right.bottom - high, button_w, high),
                                          "Review at it", gui, tool_tip_text="The match on the Review screen, at this decision")
        words_h = 3 * line + 12
        board_h = max(80, min(right.h - high - words_h - 20, int(right.w * 0.8)))
        self.board_rect = pygame.Rect(right.x, right.y, right.w, board_h)
        self.words = pygame.Rect(right.x, self.board_rect.bottom + 8, right.w, words_h)
        self.view.set_rect(self.board_rect)
        self._enable()

    def _enable(self) -> None:
        on = self.table.selected_row is not None
        for key in ("study", "review"):
            button = self.widgets.get(key)
            if button is not None and on != button.is_enabled:
                button.enable() if on else button.disable()

    # -- data ---------------------------------------------------------------------------------
    def filters(self) -> Filters:
        """The filters as chosen and typed; ``ValueError`` naming a bad one."""
        chosen = {key: None if value == ANY else value for key, value in self.chosen.items() if key != "sort"}
        try:
            loss = read_loss(self.texts["min_loss"])
        except ValueError:
            raise ValueError(f"lost at least: {self.texts['min_loss']!r} is no amount from 0 to 10") from None
        try:
            dice = read_dice(self.texts["dice"])
        except ValueError:
            raise ValueError(f"roll: {self.texts['dice']!r} is no roll such as 31") from None
        return Filters(player=chosen["player"], phase=chosen["phase"], kind=chosen["kind"], mark=chosen["mark"],
                       min_loss=loss, dice=dice, sort=SORTS[self.chosen["sort"]], limit=LIMIT)

    def refresh(self) -> None:
        try:
            filters = self.filters()
        except ValueError as error:
            self.problem = str(error)
            return
        self.problem = ""
        self.context.reader.ask("positions", lambda library: (search(library, filters), library.players()))

    def answer(self, key: str, value: Any, error: str | None) -> bool:
        if key != "positions":
            return False
        if error is not None:
            self.problem = error
            self.table.set_rows([])
        else:
            found, players = value
            self.table.set_rows([found_row(d) for d in found], same=_same)
            self.count = len(found)
            if players != self.players:
                self.players = players
                self.context.app.rebuild()
        if self.table.selected_row is None and self.table.rows:
            self.table.select(0)
        self._enable()
        return True

    # -- input --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            key = next((k for k, w in self.widgets.items() if w is event.ui_element), None)
            if key in self.chosen:
                self.chosen[key] = event.text
                self.refresh()
                return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            key = next((k for k, w in self.widgets.items() if w is event.ui_element), None)
            if key in self.texts:
                self.texts[key] = event.text
                self.refresh()
                return True
        row = self.table.selected_row
        if event.type == pygame_gui.UI_BUTTON_PRESSED and row is not None:
            if event.ui_element is self.widgets.get("study"):
                self.context.study(row.data)
                return True
            if event.ui_element is self.widgets.get("review"):
                self.context.open_match(row.data["match"]["id"], row.data["match"]["ply"])
                return True
        if event.type == pygame.KEYDOWN and any(w.is_focused for w in self.widgets.values()
                                                 if isinstance(w, UITextEntryLine)):
            return False  # typing in a filter
        done = self.table.handle_event(event)
        if done == "open" and self.table.selected_row is not None:
            self.context.study(self.table.selected_row.data)
        self._enable()
        return done is not None

    # -- drawing ------------------------------------------------------------------------------
    def _board_state(self, found: dict[str, Any]):
        info = self.context.info
        text = found["xgid"] or ":".join(p for p in (found["position_id"], found["match_id"]) if p)
        if self._state is None or self._state[0] != text:
            try:
                state = info.notation.parse_position(text)
            except ValueError:
                state = None
            self._state = (text, state)
            side = 0 if found["player"] == found["match"]["players"][0] else 1
            self.view.configure(bottom=side, settings=self.context.app.settings.of(info))
            self.view.set_rect(self.board_rect)
            self.view.use_history(lambda: [state] if state is not None else [])
        return self._state[1]

    def draw(self, surface: pygame.Surface) -> None:
        c = self.context
        self.table.draw(surface)
        font = c.fonts(self.table.size)
        note = self.problem or (f"{self.count} decision{'s' * (self.count != 1)}"
                                + (f" (the first {LIMIT})" if self.count >= LIMIT else "")
                                + " · double-click one to study its position")
        draw_text(surface, font, elide(font, note, self.table.rect.w), (self.area.x, self.table.rect.bottom + 4),
                  TEXT_DIM)
        row = self.table.selected_row
        pygame.draw.rect(surface, PANEL_EDGE, self.board_rect, 1)
        if row is None:
            return
        found = row.data
        state = self._board_state(found)
        if state is not None:
            clip = surface.get_clip()
            surface.set_clip(self.board_rect)
            self.view.draw(surface, state, list(found["match"]["players"]))
            surface.set_clip(clip)
        mark = f" ({found['mark']})" if found["mark"] else ""
        lines = [f"{found['player']} {'rolled ' + found['dice'] if found['dice'] else 'on a cube decision'}: "
                 f"played {found['played']}",
                 f"Best {found['best'] or '—'}, lost {found['equity_lost']:.3f}{mark}",
                 match_words(found["match"])]
        y = self.words.y
        for k, text in enumerate(lines):
            for part in wrap(font, text, self.words.w, 1):
                draw_text(surface, font, part, (self.words.x, y), TEXT if k < 2 else TEXT_DIM)
                y += font.get_linesize() + 2
