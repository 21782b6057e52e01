"""The Review screen's drawing (mixed into :class:`~game.ui.review_screen.ReviewScene`, whose
``view``, ``reviewed``, ``line``, ``graph``, ``alternatives``, ``panel`` and ``job`` it draws):
the board at the decision with the best play's and the play made's arrows and their legend,
the graph, the alternatives, the panel, and the progress box until the decisions are counted."""

from __future__ import annotations

import pygame

from .review_rollout import interval_of

from .gameview import decision_words
from .hints import draw_arrows
from .theme import ACCENT, PANEL_EDGE, TEXT, TEXT_DIM, ui_scale
from .widgets import draw_text, elide

BEST_ARROW, PLAYED_ARROW = (90, 210, 120), (225, 95, 215)
"""The best play's arrows and the play made: green and magenta (the board's own last-move
marks are orange), named in the legend under the board."""


class ReviewDrawing:
    """What the Review screen draws each frame."""

    def draw(self, surface: pygame.Surface) -> None:
        state, shown = self.session.states[self.state_index()], self.every_roll.board_state()
        self.view.draw(surface, state if shown is None else shown, self.labels)  # a roll's best play (W)
        if self.waiting:
            self._draw_progress(surface)
        else:
            if not self.every_roll.is_open:
                self._draw_arrows(surface, state)
            self.graph.draw(surface, self.graph_rect, self.reviewed, self.game, self.at)
            line = self.line
            decision, figures, note = self.rollouts.shown(line.decision if line is not None else None)
            self.alternatives.draw(surface, self.table_rect, decision, ui_scale(surface.get_size()), note,
                                   lambda move: interval_of(figures, move))
        self.panel.draw(surface)
        r, font = self.panel.rect, self.app.fonts(20, True)
        title = f"Review · {self.info.title}"
        draw_text(surface, font, title if font.size(title)[0] <= r.w - 28 else "Review", (r.x + 14, 14), ACCENT)
        self.every_roll.draw(surface)

    def _draw_arrows(self, surface: pygame.Surface, state) -> None:
        """The play made, then the best play over it (one set when they are the same), and
        the legend naming both under the board."""
        self.arrows = {}
        line = self.line
        if line is None:
            return
        best = self.reviewed.best_move(line)
        words = decision_words(self.view) or (lambda move: None)
        items = []
        if best is not None:
            items.append((BEST_ARROW, f"best: {words(best) or line.decision.best}"))
        if best is None or best != line.move:
            items.append((PLAYED_ARROW, f"played: {words(line.move) or line.played}"))
        else:
            items[0] = (BEST_ARROW, f"played the best: {words(best) or line.played}")
        drawn = False
        for colour, _ in reversed(items):
            move = best if colour == BEST_ARROW else line.move
            segments = self.view.move_arrows(state, move)
            draw_arrows(surface, segments, colour, width=5 if colour == BEST_ARROW else 4)
            drawn = drawn or bool(segments)
            self.arrows["best" if colour == BEST_ARROW else "played"] = move
        self._draw_legend(surface, items, swatches=drawn)

    def _draw_legend(self, surface: pygame.Surface, items, swatches: bool) -> None:
        font = self.app.fonts(self._legend_size())
        x, y = self.view.board_rect.x, self.graph_rect.y - font.get_linesize() - 4
        right = max(self.graph_rect.right, self.table_rect.right)
        for colour, text in items:
            if swatches:  # with no arrows (Mandragora, a cube action) the names alone
                mid = y + font.get_linesize() // 2
                pygame.draw.line(surface, colour, (x, mid), (x + 26, mid), 5)
                x += 32
            text = elide(font, text[0].upper() + text[1:], max(40, right - x))
            x = draw_text(surface, font, text, (x, y), TEXT).right + 22

    def _draw_progress(self, surface: pygame.Surface) -> None:
        area = self.view.board_rect
        shade = pygame.Surface(area.size, pygame.SRCALPHA)
        shade.fill((10, 16, 12, 170))
        surface.blit(shade, area)
        title = f"Reviewing the {self.info.title} game"
        font = self.app.fonts(max(16, area.h // 26), True)
        while font.size(title)[0] > area.w - 80 and font.get_height() > 12:
            font = self.app.fonts(font.get_height() - 2, True)
        small = self.app.fonts(max(13, area.h // 36))
        width = min(area.w - 20, max(font.size(title)[0] + 48, area.w // 2))
        box = pygame.Rect(0, 0, width, font.get_linesize() * 2 + small.get_linesize() * 2 + 50)
        box.center = area.center
        pygame.draw.rect(surface, (20, 30, 24), box, border_radius=8)
        pygame.draw.rect(surface, ACCENT, box, 2, border_radius=8)
        job = self.job
        y = draw_text(surface, font, title, (box.centerx, box.y + 12),
                      TEXT, anchor="midtop").bottom + 10
        bar = pygame.Rect(box.x + 24, y, box.w - 48, font.get_linesize())
        pygame.draw.rect(surface, PANEL_EDGE, bar, border_radius=4)
        if job.total:
            filled = bar.copy()
            filled.w = round(bar.w * job.done / job.total)
            pygame.draw.rect(surface, ACCENT, filled, border_radius=4)
        text = f"decision {job.done} of {job.total}" if job.total else "starting the analysis…"
        y = draw_text(surface, small, text, (box.centerx, bar.bottom + 8), TEXT, anchor="midtop").bottom + 4
        draw_text(surface, small, "Esc or Cancel to stop: what is finished is kept", (box.centerx, y), TEXT_DIM,
                  anchor="midtop")
