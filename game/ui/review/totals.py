"""The Review screen's totals: a table per player, of the game on show or of the whole match.

:func:`totals_view` picks what to show from a report (the rows are those ``tabula review``
prints, :func:`game.core.review.totals.table_rows`); :class:`TotalsSection` draws it in the
side panel.  Choices where the issue is silent:

- One scope at a time: the game on show, or (Tab, in a record of several games) the whole
  match; the heading names it.  Two scopes side by side would need four columns, more than
  the panel's width at 800×600.
- The section is the full table when the panel has room, else it collapses to one line per
  player (error rate and rating, or the average lost, and the marks) rather than
  disappearing: the panel squeezes it (``squeeze``) before the move list gives way.  T (or a
  click on it) expands it whatever the room: then the move list gives way instead.
- While the review runs the totals are those of the decisions finished so far ("so far" in
  the heading); results and the luck of forced turns come with the whole review.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ...core.review.plain import review_of
from ...core.review.report import Report
from ...core.review.totals import MARK_KEYS, amount_format, mwc_lost, table_rows
from ..theme import ACCENT, PANEL_EDGE, TEXT, TEXT_DIM
from ..widgets import draw_text, elide, wrap
from .data import MARK_SYMBOLS


@dataclass(frozen=True)
class TotalsView:
    """What the totals section shows: its heading, the players, the table's rows and the
    collapsed form (one line per player)."""

    title: str
    players: tuple[str, ...]
    rows: tuple[tuple[str, tuple[str, ...]], ...]
    compact: tuple[str, ...]


def totals_view(info, report: Report, game: int, whole: bool, so_far: bool = False,
                several: bool | None = None) -> TotalsView | None:
    """The totals of ``report`` for game number ``game`` (``whole``: for every game of the
    record); ``so_far``: the review is still running; ``several``: the record holds several
    games (by default: the report has several).  ``None`` when the report has none."""
    several = len(report.games) > 1 if several is None else several
    found = report.totals if whole or not several else report.totals_of(game)
    in_match = any(d.match_win_chance is not None for d in report.decisions)
    scope = "match" if whole and several else f"game {game}" if several else ""  # several games: a match
    title = " · ".join(part for part in ("Totals", scope, "so far" if so_far else "") if part)
    if found is None:
        return TotalsView(title, tuple(report.players), (), ("No decision analysed yet",)) if so_far else None
    game_review = review_of(info)
    amount = amount_format(info)
    decisions = report.decisions if whole or not several else dict(report.games).get(game, ())
    rows = table_rows(game_review, report.players, found, amount, in_match, mwc_lost(game_review, decisions))
    compact = []
    for player in report.players:
        t = found.get(player)
        if t is None:
            continue
        marks = " ".join(f"{sum(t.get(f'{kind}_{key}', 0) for kind in game_review.decision_kinds)}{symbol}"
                         for key, symbol in zip(MARK_KEYS, MARK_SYMBOLS.values()))
        if game_review.ratings is not None:
            rate = f"{t['error_rate']:.1f}{' ' + t['rating'] if t.get('rating') else ''}"
        else:
            rate = f"average {amount(t['average'])}"
        compact.append(f"{player}: {rate} · {marks}")
    return TotalsView(title, tuple(report.players), tuple((label, tuple(cells)) for label, cells in rows),
                      tuple(compact))


class TotalsSection:
    """The panel section of the totals (see the module doc): ``view()`` gives the
    :class:`TotalsView` on show (``None``: nothing yet); :attr:`expanded` keeps the full
    table whatever the room."""

    def __init__(self, fonts, view: Callable[[], TotalsView | None]) -> None:
        self.fonts, self.view = fonts, view
        self.expanded = False
        self.rect = pygame.Rect(0, 0, 0, 0)
        """Where it was drawn last (a click there expands or collapses it)."""
        self.collapsed = False
        """Whether it was drawn collapsed last."""

    # -- sizes --------------------------------------------------------------------------------
    def _title_height(self) -> int:
        return self.fonts(12, True).get_linesize() + 6

    def _font(self, view: TotalsView, width: int):
        """The table's font: 13 px, or smaller (down to 10) until its widest cells fit ``width``."""
        for size in (13, 12, 11, 10):
            font = self.fonts(size)
            label, cell = self._needs(view, font)
            if label + cell * len(view.players) <= width - 16:
                break
        return font

    @staticmethod
    def _needs(view: TotalsView, font) -> tuple[int, int]:
        """``(the label column's width, a player column's)`` that shows every word whole."""
        label = max(font.size(label)[0] for label, _ in view.rows) + 10
        cell = max([font.size(c)[0] for _, cells in view.rows for c in cells]
                   + [font.size(p)[0] for p in view.players]) + 8
        return label, cell

    def _full(self, view: TotalsView, width: int = 10_000) -> int:
        if not view.rows:
            return self._compact(view, width)
        return self._title_height() + (len(view.rows) + 1) * self._font(view, width).get_linesize() + 10

    def _compact(self, view: TotalsView, width: int) -> int:
        font = self.fonts(13)
        lines = sum(len(wrap(font, text, width - 16)) for text in view.compact)
        return self._title_height() + lines * font.get_linesize() + 10

    def height(self, width: int) -> int:
        view = self.view()
        return 0 if view is None else self._full(view, width)

    def squeeze(self, width: int, room: int) -> int:
        """The full table if ``room`` holds it (or it is expanded), else the collapsed form,
        which stays (the totals never leave the screen)."""
        view = self.view()
        if view is None:
            return 0
        if self.expanded or room >= self._full(view, width):
            return self._full(view, width)
        return self._compact(view, width)

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.rect = rect.copy()
        view = self.view()
        if view is None:
            return
        self.collapsed = rect.h < self._full(view, rect.w) or not view.rows
        hint = "T: table" if self.collapsed else "T: less" if self.expanded else ""
        bold = self.fonts(12, True)
        y = draw_text(surface, bold, view.title.upper(), (rect.x + 8, rect.y + 4), TEXT_DIM).bottom + 2
        if hint:
            draw_text(surface, self.fonts(11), hint, (rect.right - 6, rect.y + 5), TEXT_DIM, anchor="topright")
        font = self.fonts(13)
        step = font.get_linesize()
        if self.collapsed:
            for text in view.compact:
                for line in wrap(font, text, rect.w - 16):
                    draw_text(surface, font, line, (rect.x + 8, y), TEXT)
                    y += step
            return
        self._draw_table(surface, rect, view, self._font(view, rect.w), y)

    def _draw_table(self, surface: pygame.Surface, rect: pygame.Rect, view: TotalsView, font, y: int) -> None:
        """Labels on the left, one right-aligned column per player; the player's names over them.
        Where every cell fits the columns take what they need and the labels the rest, else the
        labels take at most half and the cells are elided."""
        step = font.get_linesize()
        inner = rect.w - 16
        label_need, cell_need = self._needs(view, font)
        columns = max(1, len(view.players))
        fits = label_need + cell_need * columns <= inner
        label_w = inner - cell_need * columns if fits else min(label_need, inner // 2)
        col_w = (inner - label_w) // columns
        x0 = rect.x + 8
        for k, player in enumerate(view.players):
            right = x0 + label_w + (k + 1) * col_w
            draw_text(surface, font, elide(font, player, col_w - 6), (right, y), ACCENT, anchor="topright")
        y += step
        pygame.draw.line(surface, PANEL_EDGE, (x0, y - 2), (x0 + inner, y - 2))
        for label, cells in view.rows:
            draw_text(surface, font, elide(font, label, label_w - 6), (x0, y), TEXT_DIM)
            for k, cell in enumerate(cells):
                right = x0 + label_w + (k + 1) * col_w
                draw_text(surface, font, elide(font, cell, col_w - 6), (right, y), TEXT, anchor="topright")
            y += step
