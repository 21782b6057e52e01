"""The tutor: stops a human before a move much worse than the best, with Play anyway / Rethink.

"Much worse" is measured on the display score, the one scale all games share: a move whose
score is :data:`MARGIN` or more below the best move's is stopped.  In backgammon 10 display
points near an even game are about 0.1 points of equity, GNU Backgammon's threshold between
a "doubtful" and a "bad" play.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextBox

MARGIN = 10.0
"""Display points behind the best move from which the tutor steps in."""


@dataclass(frozen=True)
class Verdict:
    """Why the tutor stepped in: the chosen and the best record, and how many moves there are."""

    chosen: Any
    best: Any
    count: int


def tutor_verdict(records: Sequence, notation: str, margin: float = MARGIN) -> Verdict | None:
    """A :class:`Verdict` when the move written ``notation`` scores ``margin`` or more display
    points below the best of ``records``, compared at the deepest depth both were searched to
    (the record's ``score_diff``); ``None`` when it is fine or not in the analysis."""
    chosen = next((r for r in records if r.notation == notation), None)
    if chosen is None or chosen is records[0]:
        return None
    return Verdict(chosen, records[0], len(records)) if chosen.score_diff <= -margin else None


def tutor_message(verdict: Verdict) -> str:
    """The dialog's text: both moves with their scores as the hint panel shows them, the gap
    where they were searched to different depths, and the chosen move's warnings."""
    chosen, best = verdict.chosen, verdict.best
    lines = [
        f"Your move {chosen.notation} scores {chosen.score:+.1f} (number {chosen.rank} of {verdict.count}).",
        f"The best move, {best.notation}, scores {best.score:+.1f}.",
    ]
    if chosen.plies != best.plies:
        lines.append(f"Compared at {min(chosen.plies, best.plies)} ply, where both were searched, "
                     f"yours is {-chosen.score_diff:.1f} points behind.")
    lines += [f"• {w}" for w in chosen.warnings]
    return "<br>".join(lines)


class TutorDialog:
    """A modal panel over the board; :meth:`handle` returns "play" or "rethink" once decided."""

    def __init__(self, gui, board: pygame.Rect, verdict: Verdict) -> None:
        self.verdict = verdict
        chosen = verdict.chosen
        w = min(520, board.w - 40)
        h = 200 + 22 * len(chosen.warnings) + (44 if chosen.plies != verdict.best.plies else 0)
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
