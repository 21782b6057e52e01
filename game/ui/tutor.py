"""The tutor: stops a human before a move much worse than the best, with Play anyway / Rethink.

"Much worse" is the game's own: ``GameInfo.tutor_margin`` says how far behind the best a move
must be, in the game's units (backgammon: 0.10 points of equity; Mandragora: 10 points of its
analyzer's score), compared at the deepest depth both moves were searched to.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextBox

from ..core.gameinfo import TutorMargin

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


def tutor_message(verdict: Verdict) -> str:
    """The dialog's text: both moves with their scores as the hint panel shows them, the gap
    where they were searched to different depths, and the chosen move's warnings."""
    chosen, best = verdict.chosen, verdict.best
    lines = [
        f"Your move {chosen.notation} scores {chosen.score:+.1f} (number {chosen.rank} of {verdict.count}).",
        f"The best move, {best.notation}, scores {best.score:+.1f}.",
    ]
    behind = verdict.margin.behind(chosen)
    decimals = verdict.margin.decimals
    if decimals is None:
        decimals = 1 if verdict.margin.measure == "score" else 3
    gap = f"{behind:.{decimals}f}"
    where = f"Compared at {min(chosen.plies, best.plies)} ply, where both were searched, yours" \
        if chosen.plies != best.plies else "Yours"
    lines.append(f"{where} is {gap} {verdict.margin.unit} behind (the tutor's margin: {verdict.margin.amount:g}).")
    lines += [f"• {w}" for w in chosen.warnings]
    return "<br>".join(lines)


class TutorDialog:
    """A modal panel over the board; :meth:`handle` returns "play" or "rethink" once decided."""

    def __init__(self, gui, board: pygame.Rect, verdict: Verdict) -> None:
        self.verdict = verdict
        chosen = verdict.chosen
        w = min(520, board.w - 40)
        h = 244 + 22 * len(chosen.warnings) + (22 if chosen.plies != verdict.best.plies else 0)
        rect = pygame.Rect(0, 0, w, h)
        rect.center = board.center
        self.panel = UIPanel(rect, starting_height=5, manager=gui)
        UILabel(pygame.Rect(10, 8, w - 26, 30), "Tutor: is this the move you want?", gui, container=self.panel)
        UITextBox(tutor_message(verdict), pygame.Rect(10, 42, w - 26, h - 118), gui,
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
