"""The Review screen's drawing: one function, :func:`draw_review`, over a small view-model,
:class:`ReviewFrame`, which the screen makes each frame from what is on show.

Drawn: the board at the decision (or every roll's play on show, W) with the best play's and the
play made's arrows and their legend, the graph, the alternatives, the panel, and the progress
box until the decisions are counted."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

import pygame

from ..analysis.hints import draw_arrows
from ..theme import ACCENT, PANEL_EDGE, TEXT, TEXT_DIM, ui_scale
from ..widgets import draw_text, elide
from .alternatives import FORCED, PENDING

BEST_ARROW, PLAYED_ARROW = (90, 210, 120), (225, 95, 215)
"""The best play's arrows and the play made: green and magenta (the board's own last-move
marks are orange), named in the legend under the board."""


class Arrow(NamedTuple):
    """A move drawn over the board: its colour, the move, and the legend's words for it."""

    colour: tuple[int, int, int]
    move: Any
    words: str


@dataclass(frozen=True)
class ReviewFrame:
    """What the Review screen shows this frame."""

    title: str
    """The game's title ("Backgammon")."""
    board: Any
    """The position on the board: the decision's, or a roll's best play on show (W)."""
    state: Any
    """The decision's position, which the arrows start from."""
    labels: tuple[str, ...]
    progress: tuple[int, int] | None
    """``(done, total)`` decisions while nothing can be shown yet (the progress box); ``None`` after."""
    arrows: tuple[Arrow, ...] = ()
    """The best play and the play made (one arrow when they are the same), the best first."""
    game: int = 1
    at: int = 0
    """The game on show and the index of the move on show in the reviewed lines (the graph's)."""
    alternatives: tuple[Any, Any, str] = (None, None, "")
    """``(the decision, a rollout's figures of it, the note under the table)``."""
    grid_open: bool = False
    """Every roll's grid is over the board: no arrows then."""


class ReviewParts(NamedTuple):
    """What draws the frame: the game's view, the graph, the alternatives table, the side panel,
    every roll's grid, the fonts, and where the graph and the table go."""

    view: Any
    graph: Any
    alternatives: Any
    panel: Any
    every_roll: Any
    fonts: Any
    graph_rect: pygame.Rect
    table_rect: pygame.Rect
    reviewed: Any
    legend_size: int


def review_arrows(reviewed, line, words) -> tuple[Arrow, ...]:
    """The best play and the play made at ``line`` of ``reviewed`` (one arrow when they are the
    same); ``words``: the view's names of decisions (``None``: their notation)."""
    if line is None:
        return ()
    best = reviewed.best_move(line)
    words = words or (lambda move: None)
    arrows = []
    if best is not None:
        arrows.append(Arrow(BEST_ARROW, best, f"best: {words(best) or line.decision.best}"))
    if best is None or best != line.move:
        arrows.append(Arrow(PLAYED_ARROW, line.move, f"played: {words(line.move) or line.played}"))
    else:
        arrows[0] = Arrow(BEST_ARROW, best, f"played the best: {words(best) or line.played}")
    return tuple(arrows)


def draw_review(surface: pygame.Surface, frame: ReviewFrame, parts: ReviewParts, interval) -> None:
    """Draw ``frame`` with ``parts``; ``interval(figures, move)``: a rolled-out move's 95% interval."""
    parts.view.draw(surface, frame.board, list(frame.labels))
    if frame.progress is not None:
        _draw_progress(surface, frame, parts)
    else:
        if not frame.grid_open:
            _draw_arrows(surface, frame, parts)
        parts.graph.draw(surface, parts.graph_rect, parts.reviewed, frame.game, frame.at)
        decision, figures, note = frame.alternatives
        lines = parts.reviewed.lines
        pending = 0 <= frame.at < len(lines) and parts.reviewed.is_pending(lines[frame.at])
        parts.alternatives.draw(surface, parts.table_rect, decision, ui_scale(surface.get_size()), note,
                                lambda move: interval(figures, move),
                                missing=PENDING if pending else FORCED)
    parts.panel.draw(surface)
    r, font = parts.panel.rect, parts.fonts(20, True)
    title = f"Review · {frame.title}"
    draw_text(surface, font, title if font.size(title)[0] <= r.w - 28 else "Review", (r.x + 14, 14), ACCENT)
    parts.every_roll.draw(surface)


def _draw_arrows(surface: pygame.Surface, frame: ReviewFrame, parts: ReviewParts) -> None:
    """The play made, then the best play over it (one set when they are the same), and the
    legend naming both under the board."""
    if not frame.arrows:
        return
    drawn = False
    for arrow in reversed(frame.arrows):
        segments = parts.view.move_arrows(frame.state, arrow.move)
        draw_arrows(surface, segments, arrow.colour, width=5 if arrow.colour == BEST_ARROW else 4)
        drawn = drawn or bool(segments)
    font = parts.fonts(parts.legend_size)
    x, y = parts.view.board_rect.x, parts.graph_rect.y - font.get_linesize() - 4
    right = max(parts.graph_rect.right, parts.table_rect.right)
    for arrow in frame.arrows:
        if drawn:  # with no arrows (Mandragora, a cube action) the names alone
            mid = y + font.get_linesize() // 2
            pygame.draw.line(surface, arrow.colour, (x, mid), (x + 26, mid), 5)
            x += 32
        text = elide(font, arrow.words[0].upper() + arrow.words[1:], max(40, right - x))
        x = draw_text(surface, font, text, (x, y), TEXT).right + 22


def _draw_progress(surface: pygame.Surface, frame: ReviewFrame, parts: ReviewParts) -> None:
    area, fonts = parts.view.board_rect, parts.fonts
    shade = pygame.Surface(area.size, pygame.SRCALPHA)
    shade.fill((10, 16, 12, 170))
    surface.blit(shade, area)
    title = f"Reviewing the {frame.title} game"
    font = fonts(max(16, area.h // 26), True)
    while font.size(title)[0] > area.w - 80 and font.get_height() > 12:
        font = fonts(font.get_height() - 2, True)
    small = fonts(max(13, area.h // 36))
    width = min(area.w - 20, max(font.size(title)[0] + 48, area.w // 2))
    box = pygame.Rect(0, 0, width, font.get_linesize() * 2 + small.get_linesize() * 2 + 50)
    box.center = area.center
    pygame.draw.rect(surface, (20, 30, 24), box, border_radius=8)
    pygame.draw.rect(surface, ACCENT, box, 2, border_radius=8)
    done, total = frame.progress
    y = draw_text(surface, font, title, (box.centerx, box.y + 12), TEXT, anchor="midtop").bottom + 10
    bar = pygame.Rect(box.x + 24, y, box.w - 48, font.get_linesize())
    pygame.draw.rect(surface, PANEL_EDGE, bar, border_radius=4)
    if total:
        filled = bar.copy()
        filled.w = round(bar.w * done / total)
        pygame.draw.rect(surface, ACCENT, filled, border_radius=4)
    text = f"decision {done} of {total}" if total else "starting the analysis…"
    y = draw_text(surface, small, text, (box.centerx, bar.bottom + 8), TEXT, anchor="midtop").bottom + 4
    draw_text(surface, small, "Esc or Cancel to stop: what is finished is kept", (box.centerx, y), TEXT_DIM,
              anchor="midtop")


def arrows_on_show(frame: ReviewFrame) -> dict[str, object]:
    """The moves whose arrows ``frame`` shows: ``{"best": move, "played": move}`` (none while
    the review starts or the every-roll grid covers the board)."""
    if frame.progress is not None or frame.grid_open:
        return {}
    return {"best" if arrow.colour == BEST_ARROW else "played": arrow.move for arrow in frame.arrows}
