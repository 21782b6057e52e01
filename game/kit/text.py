"""Text on a board: rendered lines cached by their look, fitted to a width, wrapped.

The fitting functions take ``measure(text) -> width`` (a font's ``size(text)[0]``), so they
are tested without a display.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

Measure = Callable[[str], float]
"""``measure(text)``: the width of ``text`` in pixels."""

MIN_SIZE = 9
"""The smallest text drawn, in pixels: still legible."""


def clip(text: str, width: float, measure: Measure) -> str:
    """``text`` cut at a letter and ended with "…" so that it fits ``width``."""
    if measure(text) <= width:
        return text
    while len(text) > 1 and measure(text + "…") > width:
        text = text[:-1]
    return text.rstrip(" ·(") + "…"


def clip_words(text: str, width: float, measure: Measure) -> str:
    """``text`` cut at a word and ended with "…" so that it fits ``width`` (the first word stays)."""
    if measure(text) <= width:
        return text
    words = text.split()
    while len(words) > 1 and measure(" ".join(words) + "…") > width:
        words.pop()
    return " ".join(words).rstrip(",·") + "…"


def wrap(text: str, width: float, measure: Measure, lines: int) -> list[str]:
    """``text`` in at most ``lines`` lines of ``width``, cut between words; the last line ends
    with "…" (:func:`clip`) when the text goes on."""
    out: list[str] = []
    words = text.split()
    while words and len(out) < lines:
        line = words.pop(0)
        while words and measure(f"{line} {words[0]}") <= width:
            line = f"{line} {words.pop(0)}"
        out.append(line)
    if words and out:
        out[-1] = clip(out[-1] + " " + " ".join(words), width, measure)
    return out


def fit_label(label: str, width: float, measure: Measure) -> str:
    """A player's label for a heading: ``Computer (greedy:weighted)`` becomes the part in
    brackets when the whole does not fit, and is cut with "…" if that still does not."""
    if measure(label) > width and label.endswith(")") and " (" in label:
        label = label[label.index(" (") + 2:-1]
    return clip(label, width, measure)


class Texts:
    """Rendered text cached by ``(text, size, colour, bold)``, drawn placed and fitted.

    ``fonts(size, bold=False)`` supplies the fonts; ``limit``: how many images are kept before
    the cache starts again; ``cut``: how a text still too wide at :data:`MIN_SIZE` is shortened
    (:func:`clip` at a letter, :func:`clip_words` at a word)."""

    def __init__(self, fonts: Callable[..., pygame.font.Font], limit: int = 800,
                 cut: Callable[[str, float, Measure], str] = clip) -> None:
        self.fonts, self.limit, self.cut = fonts, limit, cut
        self._images: dict[tuple, pygame.Surface] = {}

    def render(self, text: str, size: float, colour, bold: bool = False) -> pygame.Surface:
        """``text`` at ``size`` pixels (rounded, :data:`MIN_SIZE` at least)."""
        key = (text, max(MIN_SIZE, round(size)), colour, bold)
        if key not in self._images:
            if len(self._images) > self.limit:
                self._images.clear()
            self._images[key] = self.fonts(key[1], bold).render(text, True, colour)
        return self._images[key]

    def blit(self, surface: pygame.Surface, text: str, size: float, pos, colour, bold: bool = False,
             anchor: str = "center", width: float | None = None) -> pygame.Rect:
        """Draw ``text`` placed by ``anchor`` (a ``pygame.Rect`` point name) at ``pos``; with
        ``width``, shrunk (down to :data:`MIN_SIZE`) and then cut to fit it.  Its rectangle."""
        image = self.render(text, size, colour, bold)
        while width and image.get_width() > width and size > MIN_SIZE:
            size *= 0.9
            image = self.render(text, size, colour, bold)
        if width and image.get_width() > width:
            font = self.fonts(MIN_SIZE, bold)
            image = self.render(self.cut(text, width, lambda line: font.size(line)[0]), MIN_SIZE, colour, bold)
        rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        surface.blit(image, rect)
        return rect
