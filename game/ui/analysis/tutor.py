"""The tutor: stops a human before a move much worse than the best, with Play anyway / Rethink.

"Much worse" is the game's own: ``Analysis.tutor_margin`` says how far behind the best a move
must be, in the game's units (backgammon: 0.10 points of equity; Mandragora: 10 points of its
analyzer's total), compared at the deepest depth both moves were searched to.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextBox

from ...core.gameinfo import TutorMargin


@dataclass(frozen=True)
class Verdict:
    """Why the tutor stepped in: the chosen and the best record, and how many moves there are."""

    chosen: Any
    best: Any
    count: int
    margin: TutorMargin


def tutor_verdict(records: Sequence, notation: str, margin: TutorMargin) -> Verdict | None:
    """A :class:`Verdict` when the move written ``notation`` trails the best of ``records`` by
    ``margin`` or more, compared at the deepest depth both were searched to (the record's
    ``diff`` or ``score_diff``, as the margin says); ``None`` when it is fine or not in the analysis."""
    chosen = next((r for r in records if r.notation == notation), None)
    if chosen is None or chosen is records[0]:
        return None
    return Verdict(chosen, records[0], len(records), margin) if margin.behind(chosen) >= margin.amount else None


def tutor_gap(verdict: Verdict, format_value: Callable[[float], str] | None = None) -> str:
    """How far the chosen move trails the best, the tutor's one measure of "how bad", in the
    margin's units ("0.123" points of equity, "25.0" points of a score, "180" centipawns)."""
    behind = verdict.margin.behind(verdict.chosen)
    if verdict.margin.measure == "value" and format_value is not None:
        return format_value(behind).lstrip("+")
    decimals = verdict.margin.decimals
    if decimals is None:
        decimals = 1 if verdict.margin.measure == "score" else 3
    return f"{behind:.{decimals}f}"


def tutor_message(verdict: Verdict, format_value: Callable[[float], str] | None = None) -> str:
    """The dialog's text: the move asked about, what it loses against the best in one measure
    (the game's tutor margin's units, the display score in brackets where that is another
    scale), the depth where both were compared if they differ, and the move's warnings."""
    chosen, best, margin = verdict.chosen, verdict.best, verdict.margin
    lines = [f"Your move <b>{chosen.notation}</b> is number {chosen.rank} of {verdict.count}."]
    bracket = f" (display score {chosen.score_diff:+.1f})" if margin.measure == "value" and margin.score_note else ""
    lines.append(f"It loses <b>{tutor_gap(verdict, format_value)} {margin.unit}</b>{bracket} "
                 f"against the best, <b>{best.notation}</b>.")
    if chosen.plies != best.plies:
        lines.append(f"Compared at {min(chosen.plies, best.plies)} ply, where both were searched.")
    lines.append(f"The tutor asks from {margin.amount:g} {margin.unit} on.")
    lines += [f"• {w}" for w in chosen.warnings]
    return "<br>".join(lines)


def dialog_place(size: tuple[int, int], window: pygame.Rect, board: pygame.Rect,
                 avoid: pygame.Rect | None) -> pygame.Rect:
    """Where the tutor's dialog of ``size`` goes: clear of ``avoid`` (the squares or points
    of the move it asks about), on the board if it can, else anywhere in the window (over
    the side panel too); where nothing is clear, where it covers the least of ``avoid``."""
    w, h = size
    rect = pygame.Rect(0, 0, w, h)
    spots = []
    for area in (board, window.inflate(-20, -20)):
        for point in ("center", "midtop", "midbottom", "midleft", "midright",
                      "topleft", "topright", "bottomleft", "bottomright"):
            spot = rect.copy()
            setattr(spot, point, getattr(area, point))
            spots.append(spot.clamp(window))
    if avoid is None:
        return spots[0]

    def covered(spot: pygame.Rect) -> int:
        part = spot.clip(avoid)
        return part.w * part.h

    return min(spots, key=covered)  # the first (board first, centre first) of the least covering


class TutorDialog:
    """A modal panel placed clear of the move it asks about (:func:`dialog_place`), the move's
    notation in its title; :meth:`handle` returns "play" or "rethink" once decided."""

    def __init__(self, gui, board: pygame.Rect, verdict: Verdict, avoid: pygame.Rect | None = None,
                 window: pygame.Rect | None = None, format_value: Callable[[float], str] | None = None) -> None:
        self.verdict, self.avoid, self.format_value = verdict, avoid, format_value
        chosen = verdict.chosen
        window = window or board
        w = max(300, min(460, board.w - 40, window.w - 20))
        chars = max(30, (w - 60) // 8)  # about how many characters a line of the text holds
        text = tutor_message(verdict, format_value).replace("<b>", "").replace("</b>", "").split("<br>")
        lines = sum(1 + len(line) // chars for line in text)
        h = min(120 + 28 * lines, window.h - 20)
        self.rect = dialog_place((w, h), window, board, avoid)
        self.panel = UIPanel(self.rect, starting_height=5, manager=gui)
        self.title = UILabel(pygame.Rect(10, 8, w - 26, 30), f"Tutor: play {chosen.notation}?", gui,
                             container=self.panel)
        UITextBox(tutor_message(verdict, format_value), pygame.Rect(10, 42, w - 26, h - 118), gui,
                  container=self.panel)
        bw = (w - 46) // 2
        self.play = UIButton(pygame.Rect(10, h - 66, bw, 44), "Play anyway", gui, container=self.panel)
        self.rethink = UIButton(pygame.Rect(24 + bw, h - 66, bw, 44), "Rethink", gui, container=self.panel,
                                object_id="#primary")

    def handle(self, event: pygame.event.Event) -> str | None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.play:
                return "play"
            if event.ui_element is self.rethink:
                return "rethink"
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return "rethink"
        return None

    def close(self) -> None:
        self.panel.kill()
