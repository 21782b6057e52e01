"""The keys screen (?): every key of the screen it was opened from, in two columns, and
"About": the program's version and where its networks' weights come from.

Opened over the screen asking (``app.push("keys", title=..., keys=...)``: the play screen
gives the keys that work in its mode, the Review screen its own, from :mod:`game.ui.keys`);
the screen under it waits suspended, so Esc, ? or Back returns to it as it was.  F1 keeps the
rules.  Lines too long for the window are wrapped; a window too short for them all shows as
many as fit and says how many more there are.
"""

from __future__ import annotations

import hashlib

import pygame
import pygame_gui

from .. import __version__
from ..core.resources import assets_dir, weights_fingerprint
from .scene import Scene
from .theme import ACCENT, PANEL, PANEL_EDGE, TEXT, TEXT_DIM, ui_scale
from .widgets import draw_text, wrap


def about_lines() -> list[str]:
    """The program's version, each shipped weights file with the start of its SHA-256 (what
    ``tabula --version`` prints), and where the weights come from."""
    lines = [f"Tabula {__version__}"]
    for path in sorted((assets_dir() / "weights").glob("*.npz")):
        lines.append(f"{path.name}  sha256 {hashlib.sha256(path.read_bytes()).hexdigest()[:16]}")
    lines += [f"weights fingerprint {weights_fingerprint()}",
              "net-full: trained on Open Sage's 2-ply labels of a million positions (assets/weights/README.md)"]
    return lines


class KeysScene(Scene):
    """Every key of the screen it was opened from: ``keys`` as ``(keys, what they do)`` pairs,
    headed by ``title``."""

    def __init__(self, app, title: str, keys: list[tuple[str, str]], about: bool = False) -> None:
        """``about``: About alone (the Help menu's About Tabula), not the keys."""
        super().__init__(app)
        self.title, self.keys, self.about_only = title, list(keys), about
        self.about = about_lines()
        self.back: pygame_gui.elements.UIButton | None = None
        self.shown = 0
        """How many keys fit the window as last drawn (the rest are counted under them)."""

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        scale = ui_scale(size)
        bw, bh = round(200 * scale), round(36 * scale)
        self.back = pygame_gui.elements.UIButton(pygame.Rect((w - bw) // 2, h - bh - round(14 * scale), bw, bh),
                                                 "Back (Esc)", self.gui)

    def close(self) -> None:
        self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back:
            self.close()
        elif event.type == pygame.KEYDOWN and (event.key == pygame.K_ESCAPE or event.unicode == "?"):
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        scale = ui_scale((w, h))
        margin = round(20 * scale)
        fonts = self.app.fonts
        title, body, bold, small = (fonts(round(24 * scale), True), fonts(round(14 * scale)),
                                    fonts(round(14 * scale), True), fonts(round(12 * scale)))
        heading = "About Tabula" if self.about_only else f"Keys · {self.title}"
        y = margin + draw_text(surface, title, heading, (w // 2, margin), ACCENT, anchor="midtop").h + round(8 * scale)
        box = pygame.Rect(margin, y, w - 2 * margin, h - y - round(64 * scale))
        pygame.draw.rect(surface, PANEL, box, border_radius=6)
        pygame.draw.rect(surface, PANEL_EDGE, box, 1, border_radius=6)
        if self.about_only:
            y = box.y + round(12 * scale)
            for line in self.about:
                for part in wrap(body, line, box.w - 2 * margin):
                    draw_text(surface, body, part, (box.x + margin, y), TEXT)
                    y += body.get_linesize()
            return
        about_h = (len(self.about) + 1) * small.get_linesize() + round(10 * scale)
        column = max(bold.size(keys)[0] for keys, _ in self.keys) + round(16 * scale) if self.keys else 0
        pad = round(14 * scale)
        halves = 2 if box.w >= 1000 else 1  # a wide window: two columns of keys
        width = (box.w - pad * (halves + 1)) // halves
        top, bottom = box.y + round(10 * scale), box.bottom - about_h
        self.shown, x, y = 0, box.x + pad, top
        for keys, does in self.keys:
            lines = wrap(body, does, width - column) or [""]
            if y + len(lines) * body.get_linesize() > bottom - small.get_linesize():
                if x + width + pad >= box.x + halves * (width + pad):  # the last column is full
                    break
                x, y = x + width + pad, top
            draw_text(surface, bold, keys, (x, y), TEXT)
            for line in lines:
                draw_text(surface, body, line, (x + column, y), TEXT)
                y += body.get_linesize()
            self.shown += 1
        if self.shown < len(self.keys):
            draw_text(surface, small, f"… {len(self.keys) - self.shown} more (a larger window shows them)",
                      (x, y), TEXT_DIM)
        x, y = box.x + pad, bottom
        pygame.draw.line(surface, PANEL_EDGE, (box.x + 10, y - 4), (box.right - 10, y - 4))
        draw_text(surface, bold, "About", (x, y), ACCENT)
        y += small.get_linesize() + 2
        for line in self.about:
            draw_text(surface, small, line, (x, y), TEXT_DIM)
            y += small.get_linesize()
