"""Small drawing helpers and the message banner shown over any screen."""

from __future__ import annotations

import pygame

from .theme import ERROR, INFO, TEXT


def draw_text(surface, font, text, pos, colour=TEXT, anchor="topleft") -> pygame.Rect:
    """Render one line of text placed by ``anchor`` (any pygame.Rect point name)."""
    image = font.render(text, True, colour)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def elide(font: pygame.font.Font, text: str, width: int, left: bool = False) -> str:
    """``text`` cut with "…" (at the end, or at the start with ``left``) to fit ``width``."""
    if len(text) <= width and font.size(text)[0] <= width:
        return text
    text = text[-width:] if left else text[:width]  # no glyph is narrower than a pixel
    while text and font.size("…" + text if left else text + "…")[0] > width:
        text = text[1:] if left else text[:-1]
    return "…" + text if left else text + "…"


def wrap(font, text: str, width: int, max_lines: int | None = None) -> list[str]:
    """Split ``text`` into lines that fit ``width`` pixels; a word too long for a line is
    broken, and with ``max_lines`` the last line kept ends in "…" if text was left out."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}".strip()
            if font.size(candidate)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while font.size(word)[0] > width:  # a word wider than a line: break it
                head = _fitting(font, word, width)
                lines.append(word[:head])
                word = word[head:]
            line = word
        lines.append(line)
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = elide(font, lines[-1] + " …", width)
    return lines


def _fitting(font, word: str, width: int) -> int:
    """How many leading characters of ``word`` fit ``width`` pixels (at least 1)."""
    low, high = 1, len(word)
    while low < high:
        middle = (low + high + 1) // 2
        if font.size(word[:middle])[0] <= width:
            low = middle
        else:
            high = middle - 1
    return low


MAX_MESSAGE = 600
"""Characters of a message the banner keeps (messages can quote text from a damaged file)."""
BANNER_LINES = 6


ERROR_SECONDS = 8.0
"""How long an error stays on the banner unless dismissed (a click or a key dismisses it)."""


class Banner:
    """A message across the top of the window: errors stay :data:`ERROR_SECONDS` or until a
    click (anywhere) or a key dismisses them; other messages go after a few seconds."""

    def __init__(self) -> None:
        self.text = ""
        self.error = False
        self.remaining = 0.0
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.at: tuple[int, int] | None = None

    def show(self, text: str, error: bool = False, seconds: float | None = None,
             at: tuple[int, int] | None = None) -> None:
        """Show ``text``; a note is centred on ``at`` when given (a view's place for its notes,
        e.g. over Mandragora's turn strip rather than its board), else at mid-height."""
        if len(text) > MAX_MESSAGE:
            text = text[:MAX_MESSAGE] + "…"
        self.text, self.error, self.at = text, error, at
        self.remaining = seconds if seconds is not None else (ERROR_SECONDS if error else 4.0)

    def clear(self) -> None:
        self.text, self.remaining = "", 0.0

    @property
    def visible(self) -> bool:
        return bool(self.text)

    def update(self, dt: float) -> None:
        if self.text:
            self.remaining -= dt
            if self.remaining <= 0:
                self.clear()

    def handle_event(self, event) -> bool:
        """Dismiss on a click on the banner (consumed), or an error on any click or key (not
        consumed: the click or key still does what it does)."""
        if not self.text:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos):
            self.clear()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and self.error:
            self.clear()
        if event.type == pygame.KEYDOWN and self.error:
            self.clear()
        return False

    def draw(self, surface, fonts) -> None:
        if not self.text:
            return
        width = surface.get_width()
        font = fonts(max(14, min(20, width // 60)))
        lines = wrap(font, self.text, int(width * 0.8), BANNER_LINES)
        line_h = font.get_linesize()
        if self.error:  # across the top, where it is read first
            self.rect = pygame.Rect(0, 0, int(width * 0.86), line_h * len(lines) + 20)
            self.rect.midtop = (width // 2, 10)
        else:  # a note ("Hints on"): only as wide as its text, at mid-height, clear of the
            # players' names and pip counts along the top and bottom of a board
            wide = max(font.size(line)[0] for line in lines) + 40
            self.rect = pygame.Rect(0, 0, wide, line_h * len(lines) + 20)
            self.rect.center = self.at or (width // 2, surface.get_height() // 2)
        pygame.draw.rect(surface, ERROR if self.error else INFO, self.rect, border_radius=8)
        pygame.draw.rect(surface, (250, 240, 220), self.rect, 2, border_radius=8)
        for i, line in enumerate(lines):
            draw_text(surface, font, line, (self.rect.centerx, self.rect.y + 10 + i * line_h), anchor="midtop")
