"""How the play scene ends a game: the view's announcements, a match's game results, the result box.

What a game's end means on the board is the view's: its announcements (a pass, an extra turn,
a match's game result) go to the window's banner the moment the view makes them, and a view may
hold the next chance node back while it shows a match's game result before the next game
(its decisions' ``hold_before_chance``).  When the whole game is over (or stalled) the scene
says how it ended, plays the end sound once and enters replay mode at the last position; the
result box over the board repeats the ending until a new game starts.

The result box fits any window: its text wraps within the board (less a margin), and its
font shrinks until the ending takes at most :data:`RESULT_LINES` lines, so a long ending
("White wins a single game with the cube at 8 (8 points).") is never cut at 800x600.
"""

from __future__ import annotations

import pygame

from .theme import ACCENT, TEXT_DIM
from .widgets import draw_text, wrap

RESULT_LINES = 3
"""The most lines the result box's ending takes before its font shrinks."""
RESULT_HINT = "N or New game to play again"


def result_box(fonts, area: pygame.Rect, screen: pygame.Rect, text: str):
    """``(box, font, lines, hint_font)``: the result box for ``text`` centred on the board
    ``area``, as wide as its text needs and never wider than the board less a margin (nor the
    screen), the ending wrapped to fit it (see the module doc)."""
    width = max(120, min(area.w, screen.w) - 40)
    size = max(16, area.h // 18)
    while True:
        font = fonts(size, True)
        lines = wrap(font, text, width - 40)
        if len(lines) <= RESULT_LINES or size <= 12:
            break
        size -= 2
    hint_font = fonts(max(12, min(size, area.h // 40)))
    widest = max([font.size(line)[0] for line in lines] + [hint_font.size(RESULT_HINT)[0]])
    box = pygame.Rect(0, 0, min(width, widest + 40), font.get_linesize() * len(lines) + hint_font.get_linesize() + 34)
    box.center = area.center
    box.clamp_ip(screen)
    return box, font, lines, hint_font


class GameEnd:
    """The play scene's game-end part (mixed into :class:`~game.ui.play.PlayScene`, whose
    ``session``, ``view``, ``app``, ``status``, ``ended``, ``announced`` and ``cursor`` it uses)."""

    def _show_announcements(self) -> None:
        """Put the view's new announcements in the banner, where the view wants them."""
        for message in self.view.announcements():
            self.app.banner.show(message, seconds=2, at=self.view.note_anchor())
            self.announced = message

    def _end_announcement(self) -> None:
        """A move is being played: the last one's announcement (an extra turn) is over."""
        if self.announced and self.app.banner.text == self.announced:
            self.app.banner.clear()
        self.announced = ""

    def _ended_now(self) -> bool:
        """True when the game is over or stalled; the first time, say how it ended, play the end
        sound and enter replay mode at the last position (a finished game is shown in it)."""
        session = self.session
        if not (session.is_over or session.stalled):
            return False
        if not self.ended:
            self.ended = True
            self.status = session.ending or self.view.describe(session.state)
            self.app.sounds.play("end")
            self.cursor = self.last_stop
        return True

    def _holding_before_chance(self) -> bool:
        """True while the view shows something before the dice are drawn (a match's game result
        before the next game starts)."""
        decisions = self.view.decisions
        return decisions is not None and decisions.hold_before_chance(self.session.state)

    def _draw_result_if_over(self, surface: pygame.Surface) -> None:
        """The result box, over a finished game shown at its last position once the last move has
        been shown."""
        at_end = self.cursor is None or self.cursor == self.last_stop
        if self.finished and at_end and not self.view.animating:
            self._draw_result(surface)

    def _draw_result(self, surface: pygame.Surface) -> None:
        text = self.session.ending or self.view.describe(self.session.state)
        box, font, lines, hint_font = result_box(self.app.fonts, self.view.board_rect, surface.get_rect(), text)
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill((10, 16, 12, 215))
        surface.blit(shade, box)
        pygame.draw.rect(surface, ACCENT, box, 2, border_radius=8)
        for k, line in enumerate(lines):
            draw_text(surface, font, line, (box.centerx, box.y + 12 + k * font.get_linesize()), anchor="midtop")
        hint = hint_font.render(RESULT_HINT, True, TEXT_DIM)
        surface.blit(hint, hint.get_rect(midbottom=(box.centerx, box.bottom - 10)))
