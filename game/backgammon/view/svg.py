"""A backgammon position as an SVG picture, without pygame: the review's HTML report.

The board is the window's (:class:`.layout.BoardGeometry`, its palette and the cube's place,
:func:`..cube.display.cube_box`), drawn from the view of the player who decides (the taker
while a double is offered): that player at the bottom, home board on the right, the points
numbered from that player's side, as GNU Backgammon's analysis shows a position.  It has the
points and their numbers, up to five checkers a point (the fifth carries the count when there
are more), the bar (up to four, counted likewise), the borne-off checkers in the tray, the
cube (centred, at its owner's end of the bar, or offered), the dice rolled, a strip per
player (colour, pips, off, match score), and arrows for moves (each checker's step, as the
window's hint arrows).  One standalone ``<svg>`` element, well-formed XML, no scripts.
"""

from __future__ import annotations

from html import escape

from ..board import BAR, OFF, pip_count
from ..cube.display import cube_box, cube_face, deciding
from ..rules import Play
from ..state import BackgammonState
from ..status import TITLES
from .layout import (
    CHECKERS,
    FELT,
    FELT_EDGE,
    INK,
    PAPER,
    PIPS,
    POINTS,
    WOOD,
    WOOD_DARK,
    WOOD_LIGHT,
    BoardGeometry,
)
from .turn import apply_step

U = 40
"""A point's width in the picture's own units (its ``viewBox`` is 628 × 584)."""
WIDTH, HEIGHT = round(15.7 * U), round(14.6 * U)


def rgb(colour) -> str:
    """A colour tuple as CSS: ``rgb(34,94,62)``; a string is already one."""
    return colour if isinstance(colour, str) else f"rgb({colour[0]},{colour[1]},{colour[2]})"


def _n(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def _rect(box, fill, stroke=None, width: float = 0, radius: float = 0) -> str:
    x, y, w, h = box
    line = f' stroke="{rgb(stroke)}" stroke-width="{_n(width)}"' if stroke is not None else ""
    round_ = f' rx="{_n(radius)}"' if radius else ""
    return f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}"{round_} fill="{rgb(fill)}"{line}/>'


def _text(x: float, y: float, text: str, size: float, fill, anchor: str = "middle", bold: bool = False) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" fill="{rgb(fill)}" text-anchor="{anchor}" '
            f'dominant-baseline="central"{weight}>{escape(text)}</text>')


class BackgammonPicture:
    """Backgammon's :class:`~game.core.capabilities.BoardPicture` (see the module doc)."""

    @staticmethod
    def draws(move) -> bool:
        """A play is drawn as its checkers' steps; a cube action or an offer is not drawn."""
        return isinstance(move, Play)

    def svg(self, state: BackgammonState, arrows=(), names=()) -> str:
        bottom = deciding(state)
        bottom = 0 if bottom is None else bottom
        lay = BoardGeometry((0, 0, WIDTH, HEIGHT), home_right=True)
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 {WIDTH} {HEIGHT}" '
                 f'width="{WIDTH}" height="{HEIGHT}" font-family="DejaVu Sans, Verdana, sans-serif" role="img">',
                 f"<title>{escape(self.title(state, bottom))}</title>"]
        parts += self._board(lay)
        for player in (0, 1):
            parts += self._side(lay, player, state.sides[player], player == bottom)
            parts += self._strip(lay, state, player, player == bottom, names[player] if player < len(names) else "")
        parts += self._cube(lay, state, bottom)
        parts += self._dice(lay, state, bottom)
        for move, colour in reversed(tuple(arrows)):
            parts += self._arrows(lay, state, bottom, move, colour)
        parts.append("</svg>")
        return "\n".join(parts)

    @staticmethod
    def title(state: BackgammonState, bottom: int) -> str:
        dice = f", {state.dice[0]}{state.dice[1]} to play" if state.dice else ""
        return f"The board from {TITLES[bottom]}'s side{dice}"

    @staticmethod
    def _board(lay: BoardGeometry) -> list[str]:
        u = lay.u
        out = [_rect(lay.board, WOOD, WOOD_DARK, 0.06 * u, 0.3 * u)]
        px, py, _, ph = lay.play
        bx, _, bw, _ = lay.bar
        for x in (px, bx + bw):
            out.append(_rect((x, py, 6 * u, ph), FELT, FELT_EDGE, 0.05 * u))
        out.append(_rect(lay.bar, WOOD_LIGHT, WOOD_DARK, 0.05 * u))
        out.append(_rect(lay.tray, WOOD_DARK, radius=0.15 * u))
        for b in range(1, 25):
            pts, (lx, ly) = lay.point_triangle(b)
            colour = POINTS[b % 2]
            edge = tuple(c * 3 // 4 for c in colour)
            out.append(f'<polygon points="{" ".join(f"{_n(x)},{_n(y)}" for x, y in pts)}" fill="{rgb(colour)}" '
                       f'stroke="{rgb(edge)}" stroke-width="1"/>')
            out.append(_text(lx, ly, str(b), 0.3 * u, PAPER))
        return out

    @staticmethod
    def _checker(lay: BoardGeometry, player: int, pos, count: int | None = None, scale: float = 1.0) -> list[str]:
        fill, rim, ink = CHECKERS[player]
        r, (x, y) = lay.u * 0.47 * scale, pos
        out = [f'<circle cx="{_n(x + 1.5)}" cy="{_n(y + 1.5)}" r="{_n(r)}" fill="rgb(0,0,0)" fill-opacity="0.3"/>',
               f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r * 0.93)}" fill="{rgb(fill)}" stroke="{rgb(rim)}" '
               f'stroke-width="{_n(r * 0.14)}"/>',
               f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r * 0.5)}" fill="none" stroke="{rgb(rim)}" '
               f'stroke-width="{_n(max(1.0, r * 0.07))}"/>']
        if count is not None:
            out.append(_text(x, y, str(count), r * 0.95, ink, bold=True))
        return out

    def _side(self, lay: BoardGeometry, player: int, side, at_bottom: bool) -> list[str]:
        fill, rim, _ = CHECKERS[player]
        out = []
        for slot in range(26):
            n = side[slot]
            if slot == OFF:
                for i in range(n):
                    out.append(_rect(lay.tray_slab(at_bottom, i), fill, rim, 1, 2))
                continue
            cap = 4 if slot == BAR else 5
            for i in range(min(n, cap)):
                shown = n if n > cap and i == cap - 1 else None
                out += self._checker(lay, player, lay.slot_pos(at_bottom, slot, i), shown)
        return out

    def _strip(self, lay: BoardGeometry, state: BackgammonState, player: int, at_bottom: bool,
               name: str = "") -> list[str]:
        x, y, w, h = lay.strips[1 if at_bottom else 0]
        u, side = lay.u, state.sides[player]
        on_turn = deciding(state) == player
        out = [_rect((x, y, w, h), (64, 52, 36) if on_turn else (40, 46, 42),
                     (255, 212, 92) if on_turn else None, 2, 0.2 * u)]
        out += self._checker(lay, player, (x + u * 0.7, y + h / 2), scale=0.8)
        cube = state.cube
        score = f"  ·  score {cube.score[player]}/{cube.match_length}" if cube is not None and cube.is_match else ""
        who = f"{name} ({TITLES[player]})" if name else TITLES[player]  # the player's name, as the window's strips
        out.append(_text(x + u * 1.4, y + h / 2, f"{who}{score}", 0.38 * u, PAPER, "start", True))
        info = f"pips {pip_count(side)}   off {side[OFF]}" + ("   ▶ to play" if on_turn else "")
        out.append(_text(x + w - u * 0.4, y + h / 2, info, 0.32 * u, (255, 212, 92) if on_turn else PAPER, "end"))
        return out

    @staticmethod
    def _cube(lay: BoardGeometry, state: BackgammonState, bottom: int) -> list[str]:
        box = cube_box(lay, state, bottom)
        if box is None:
            return []
        x, y, w, h = box
        return [_rect(box, (250, 246, 236), (70, 56, 40), 2, w * 0.15),
                _text(x + w / 2, y + h / 2, str(cube_face(state)), h * 0.5, INK, bold=True)]

    @staticmethod
    def _dice(lay: BoardGeometry, state: BackgammonState, bottom: int) -> list[str]:
        if state.dice is None or state.turn is None:
            return []
        high, low = state.dice
        dice = [high] * 4 if high == low else [high, low]
        boxes, size = lay.dice_boxes(len(dice), state.turn == bottom)
        fill, _, pip = CHECKERS[state.turn]
        out = []
        for die, (x, y, w, h) in zip(dice, boxes):
            out.append(_rect((x, y, w, h), fill, INK, 1, size * 0.18))
            out += [f'<circle cx="{_n(x + px * size)}" cy="{_n(y + py * size)}" r="{_n(size * 0.09)}" fill="{rgb(pip)}"/>'
                    for px, py in PIPS[die]]
        return out

    @staticmethod
    def _arrows(lay: BoardGeometry, state: BackgammonState, bottom: int, move, colour) -> list[str]:
        """Each checker step of ``move`` as an arrow from the checker to where it lands, as
        the window's hint arrows (:func:`game.ui.analysis.hints.draw_arrows`); nothing for a cube action."""
        if not isinstance(move, Play) or state.turn is None:
            return []
        me, opp, out = state.on_roll, state.opponent, []
        at_bottom, width = state.turn == bottom, lay.u * 0.13
        paint = f'fill="{rgb(colour)}" fill-opacity="0.85"'
        for step in move.steps:
            s, t = step
            x0, y0 = lay.slot_pos(at_bottom, s, me[s] - 1)
            me, opp, _ = apply_step(me, opp, step)
            x1, y1 = lay.slot_pos(at_bottom, t, me[t] - 1)
            length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
            if length < 1:
                continue
            ux, uy = (x1 - x0) / length, (y1 - y0) / length
            head = min(width * 4.0, length * 0.5)
            bx, by = x1 - ux * head, y1 - uy * head
            corners = [(x1, y1), (bx - uy * head * 0.6, by + ux * head * 0.6), (bx + uy * head * 0.6, by - ux * head * 0.6)]
            out.append(f'<line x1="{_n(x0)}" y1="{_n(y0)}" x2="{_n(bx)}" y2="{_n(by)}" stroke="{rgb(colour)}" '
                       f'stroke-opacity="0.8" stroke-width="{_n(width)}"/>')
            out.append(f'<circle cx="{_n(x0)}" cy="{_n(y0)}" r="{_n(width)}" {paint}/>')
            out.append(f'<polygon points="{" ".join(f"{_n(x)},{_n(y)}" for x, y in corners)}" {paint} '
                       f'stroke="rgb(20,30,40)" stroke-width="1"/>')
        return out


PICTURE = BackgammonPicture()
"""Backgammon's board picture, as its review's ``picture()`` gives it."""
