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

from collections.abc import Callable
from typing import Any

import pygame

from ..theme import ACCENT, TEXT_DIM
from ..widgets import draw_text, wrap

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


class Announcements:
    """The view's announcements (a pass, an extra turn, a match's game result) in the banner,
    where the view wants them; the last one goes when the next move is played."""

    def __init__(self, view, banner) -> None:
        self.view, self.banner = view, banner
        self.last = ""
        """The view's last announcement: the next move takes it away."""

    def show(self) -> None:
        """Put the view's new announcements in the banner."""
        for message in self.view.announcements():
            self.banner.show(message, seconds=2, at=self.view.note_anchor())
            self.last = message

    def end(self) -> None:
        """A move is being played: the last one's announcement (an extra turn) is over."""
        if self.last and self.banner.text == self.last:
            self.banner.clear()
        self.last = ""


class GameEnd:
    """How the game ended: said once, then the result box over the board (see the module doc).
    ``finished()`` is called once when a game played on this screen is over (not a finished
    game opened from a file): the study library takes it."""

    def __init__(self, session, view, status, sounds, fonts, replay, finished: Callable[[], Any] | None = None) -> None:
        self.session, self.view, self.status = session, view, status
        self.sounds, self.fonts, self.replay = sounds, fonts, replay
        self.finished = finished
        self.ended = False
        """The end has been said (a game taken back by undo goes on: it is said again)."""

    def check(self) -> bool:
        """True when the game is over or stalled; the first time, say how it ended, play the end
        sound and enter replay mode at the last position (a finished game is shown in it)."""
        session = self.session
        if not (session.is_over or session.stalled):
            return False
        if not self.ended:
            self.ended = True
            self.status.text = session.ending or self.view.describe(session.state)
            self.sounds.play("end")
            self.replay.cursor = self.replay.last_stop
            if session.is_over and self.finished is not None:
                self.finished()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """The result box, over a finished game shown at its last position once the last move
        has been shown."""
        replay = self.replay
        at_end = replay.cursor is None or replay.cursor == replay.last_stop
        if replay.finished and at_end and not self.view.animating:
            text = self.session.ending or self.view.describe(self.session.state)
            box, font, lines, hint_font = result_box(self.fonts, self.view.board_rect, surface.get_rect(), text)
            shade = pygame.Surface(box.size, pygame.SRCALPHA)
            shade.fill((10, 16, 12, 215))
            surface.blit(shade, box)
            pygame.draw.rect(surface, ACCENT, box, 2, border_radius=8)
            for k, line in enumerate(lines):
                draw_text(surface, font, line, (box.centerx, box.y + 12 + k * font.get_linesize()), anchor="midtop")
            hint = hint_font.render(RESULT_HINT, True, TEXT_DIM)
            surface.blit(hint, hint.get_rect(midbottom=(box.centerx, box.bottom - 10)))
