"""The board of backgammon's edit mode: it draws a position being set up and edits its checkers
and dice by mouse (the board of ``game.ui.gameview.SetupBoard``, loaded by the setup screen).

- A left click on a point, the bar or a tray adds a checker of the draft's chosen colour there
  (from the colour's tray: :mod:`..editor.draft`); a right click takes one away: the point's
  checker, or on the bar and the trays one of the colour whose half was clicked (else of the
  other colour).  A checker dragged goes from where it was to where it is dropped (points,
  the bar and the trays alike); dropped off the board, it stays.
- Under the board, a row of die faces: two clicks choose a roll (the first die, then the
  second), "none" takes the dice away.
- Points that hold both colours are ringed in red; the names strips count each colour's checkers.

The drawing is the play view's (:class:`.pygame_view.BackgammonView` draws the draft's
:meth:`~..editor.draft.Draft.preview`); what is under a click is :meth:`.layout.BoardGeometry.place_at`.
"""

from __future__ import annotations

import pygame

from ..board import BAR, OFF
from .layout import CHECKERS, INK, PAPER, PIPS, SOURCE
from .pygame_view import BackgammonView

PROBLEM = (226, 72, 60)
"""The ring around a point both colours hold."""
DRAG_PIXELS = 6
"""How far the mouse moves, button down, before a press is a drag rather than a click."""


class SetupBoard:
    """Draws an :class:`~..editor.EditedPosition` and edits it by clicks and drags."""

    def __init__(self, fonts) -> None:
        self.fonts = fonts
        self.view = BackgammonView(fonts)
        self.rect = pygame.Rect(0, 0, 800, 600)
        self.picker = pygame.Rect(0, 0, 0, 0)
        self.faces: list[tuple[int, pygame.Rect]] = []
        """``(face, rect)`` of the die faces under the board; face 0 is "none"."""
        self.press: tuple[tuple[int, bool | None], int | None, tuple[int, int]] | None = None
        """The mouse button held on the board: ``(place, colour of the checker it holds, pos)``."""
        self.drag_pos: tuple[int, int] | None = None
        self.hover: tuple[int, bool | None] | None = None

    # -- where things are ----------------------------------------------------------------------
    @property
    def bottom(self) -> int:
        return self.view.bottom

    @property
    def layout(self):
        return self.view.layout

    @property
    def board_rect(self) -> pygame.Rect:
        return self.view.board_rect

    def configure(self, *, bottom: int, settings) -> None:
        """Which colour sits at the bottom, and the game's settings (the board's direction)."""
        self.view.configure(bottom=bottom, settings=settings)
        self.set_rect(self.rect)

    def set_rect(self, rect: pygame.Rect) -> None:
        """The board and its name strips, and the row of die faces under them."""
        self.rect = pygame.Rect(rect)
        band = max(30, min(64, round(self.rect.h * 0.085)))
        area = pygame.Rect(self.rect.x, self.rect.y, self.rect.w, self.rect.h - band)
        self.view.set_rect(area)
        spare = area.bottom - self.layout.strips[1].bottom  # a board bound by the width: the faces' row too is centred
        if spare > 2:
            self.view.set_rect(area.move(0, spare // 2))
        board = self.view.board_rect
        size = min(band - 8, round(self.layout.u * 0.95))
        gap = round(size * 0.3)
        label = self.fonts(max(11, round(size * 0.5)), True).size("Dice")[0]
        width = label + gap + 7 * size + 7 * gap + round(size * 1.6)
        top = min(self.layout.strips[1].bottom + (band - size) // 2, self.rect.bottom - size)  # under White's strip
        self.picker = pygame.Rect(board.centerx - width // 2, top, width, size)
        x = self.picker.x + label + gap
        self.faces = []
        for face in range(1, 7):
            self.faces.append((face, pygame.Rect(x, top, size, size)))
            x += size + gap
        self.faces.append((0, pygame.Rect(x + gap, top, round(size * 1.6) + gap, size)))

    def place_at(self, pos) -> tuple[int, bool | None] | None:
        """:meth:`~.layout.BoardGeometry.place_at`: the point (bottom numbering), bar or tray
        under ``pos`` and, on the bar and the trays, whether it is the bottom colour's half."""
        return self.layout.place_at(pos)

    def own_slot(self, place: tuple[int, bool | None], colour: int) -> int:
        """``place``'s slot in ``colour``'s own numbering."""
        slot = place[0]
        if slot in (BAR, OFF) or colour == self.bottom:
            return slot
        return 25 - slot

    def colour_at(self, draft, place: tuple[int, bool | None], prefer: int) -> int | None:
        """The colour whose checker a press or a right click at ``place`` takes: a point's own
        (``prefer`` where both are), on the bar or a tray the clicked half's colour, else the
        other's; ``None`` where there is none."""
        if place[0] in (BAR, OFF):
            first = self.bottom if place[1] else 1 - self.bottom
            order = (first, 1 - first)
        else:
            order = (prefer, 1 - prefer)
        return next((c for c in order if draft.count(c, self.own_slot(place, c)) > 0), None)

    def checker_pos(self, draft, colour: int, slot: int) -> tuple[float, float]:
        """Where the top checker of ``colour`` on its ``slot`` is drawn (where one would go on an empty slot)."""
        return self.view.slot_pos(colour, slot, max(0, draft.count(colour, slot) - 1))

    # -- input ---------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event, draft) -> bool:
        """Clicks and drags on the board and the die faces; True when ``draft`` changed."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.place_at(event.pos)
            if self.press and self.press[1] is not None:
                x, y = self.press[2]
                if abs(event.pos[0] - x) + abs(event.pos[1] - y) > DRAG_PIXELS:
                    self.drag_pos = event.pos
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self._down(event, draft)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.press is not None:
            return self._up(event, draft)
        return False

    def _down(self, event, draft) -> bool:
        face = next((face for face, rect in self.faces if rect.collidepoint(event.pos)), None)
        if face is not None and event.button == 1:
            if face:
                draft.pick_die(face)
            else:
                draft.dice_text = ""
            return True
        place = self.place_at(event.pos)
        if place is None:
            return False
        if event.button == 3:
            colour = self.colour_at(draft, place, draft.colour)
            return colour is not None and draft.remove(colour, self.own_slot(place, colour))
        if event.button == 1:
            self.press, self.drag_pos = (place, self.colour_at(draft, place, draft.colour), event.pos), None
        return False

    def _up(self, event, draft) -> bool:
        (place, colour, _), dragged = self.press, self.drag_pos
        self.press = self.drag_pos = None
        if dragged is None:  # a click: a checker of the chosen colour
            draft.add(draft.colour, self.own_slot(place, draft.colour))
            return True
        target = self.place_at(event.pos)
        if target is None:
            return False
        return draft.move(colour, self.own_slot(place, colour), self.own_slot(target, colour))

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, draft) -> None:
        """The draft as the play view draws a position; a checker being dragged follows the
        mouse, and on a point both colours hold, White's checkers stand on Black's (not hidden)."""
        state = draft.preview()
        sides = [list(side) for side in state.sides]
        lifted = None
        if self.press and self.drag_pos and self.press[1] is not None:
            colour = self.press[1]
            lifted = (colour, self.own_slot(self.press[0], colour))
            sides[colour][lifted[1]] -= 1
        shared = [(p, sides[0][p], sides[1][25 - p]) for p in range(1, 25) if sides[0][p] and sides[1][25 - p]]
        for point, _, _ in shared:
            sides[0][point] = 0
        state = type(state)(tuple(map(tuple, sides)), state.turn, state.dice, False, state.cube)
        labels = [f"{draft.total(colour)} checkers" for colour in (0, 1)]
        self.view.draw(surface, state, labels)
        for point, white, black in shared:
            b = point if self.bottom == 0 else 25 - point
            for i in range(min(white, 6 - min(black, 5))):
                self.view._checker(surface, 0, self.layout.stack_pos(b, min(black, 5) + i))
        self._draw_marks(surface, draft)
        self._draw_picker(surface, draft)
        if lifted is not None:
            self.view._checker(surface, lifted[0], self.drag_pos)

    def _draw_marks(self, surface, draft) -> None:
        lay, u = self.layout, self.layout.u
        white, black = draft.sides
        for point in range(1, 25):
            if white[point] and black[25 - point]:
                b = point if self.bottom == 0 else 25 - point
                pygame.draw.polygon(surface, PROBLEM, lay.point_triangle(b)[0], max(2, round(u * 0.08)))
        if self.hover is None or self.press is not None and self.drag_pos is None:
            return
        slot = self.hover[0]
        if slot == OFF:
            area = pygame.Rect(lay.tray)
        elif slot == BAR:
            area = pygame.Rect(lay.bar)
        else:
            x = lay.column_x(slot)
            area = pygame.Rect(round(x - u / 2), round(lay.top if slot > 12 else lay.bottom - 5.2 * u), round(u),
                               round(5.2 * u))
        pygame.draw.rect(surface, SOURCE, area, 2, border_radius=round(u * 0.15))

    def _draw_picker(self, surface, draft) -> None:
        try:
            dice = draft.dice
        except ValueError:
            dice = None
        chosen = list(dice or ()) if dice else [int(c) for c in draft.dice_text if c in "123456"][:1]
        size = self.faces[0][1].h
        font = self.fonts(max(11, round(size * 0.5)), True)
        label = font.render("Dice", True, PAPER)
        surface.blit(label, label.get_rect(midleft=(self.picker.x, self.picker.centery)))
        fill, pip = CHECKERS[draft.turn][0], CHECKERS[draft.turn][2]
        for face, rect in self.faces:
            marked = face in chosen or (face == 0 and not draft.dice_text)
            if face in chosen:
                chosen.remove(face)
            radius = round(size * 0.18)
            pygame.draw.rect(surface, fill if face else (40, 46, 42), rect, border_radius=radius)
            pygame.draw.rect(surface, SOURCE if marked else INK, rect, 3 if marked else 1, border_radius=radius)
            if face:
                for px, py in PIPS[face]:
                    pygame.draw.circle(surface, pip, (rect.x + px * size, rect.y + py * size), size * 0.09)
            else:
                words = self.fonts(max(10, round(size * 0.4))).render("none", True, PAPER)
                surface.blit(words, words.get_rect(center=rect.center))


def make_setup_board(info, fonts) -> SetupBoard:
    """The setup screen's entry point (``PositionEditor.board``)."""
    return SetupBoard(fonts)
