"""Mandragora Mania on screen: the hexagonal board, both bases, the analyzer overlay, sowing.

The Mandragora package's only pygame file (geometry and palette in :mod:`.layout`, the
pygame-free parts of drawing in :mod:`.display`); :func:`make_view` returns an object with
the window's per-game interface (``game.ui.gameview.GameView``).  The layout follows the
original game: the side at the bottom owns the three bottom hexagons (Player: 1 3 5, blue),
the other side the three top ones (Opponent: 8 7 6, green), the shared areas 2 and 4 (brown)
nest between them, and each side's base stands beside the board, the bottom side's on the
right.  When the human plays the Opponent the board turns half round so their areas are at
the bottom.  A move is one click on a legal area; its pieces then fly one at a time.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame
import pygame.gfxdraw

from ...kit import ScoresToggle, Texts, clip_words, score_colour, score_text
from ..rules import MandragoraRules, legal_areas, step
from ..state import BASES, OWN_AREAS, PIECE_NAMES, PIECES, MandragoraState, values_for
from ..status import describe
from .display import (
    CollectedTracker,
    SowingAnimation,
    add_scored,
    badges,
    counted_landings,
    extra_turn_banner,
    guess_collected,
    hexagon,
    in_hexagon,
    move_summary,
    partial,
    piece_shape,
    pile_spots,
    sowing,
    sowing_arrows,
)
from .layout import DIM, GOLD, INK, LAST_MOVE, PAPER, PIECE_STYLE, SHARED, SIDE_COLOURS, WARN, BoardGeometry


class Layout(BoardGeometry):
    """The board's geometry (:class:`~.layout.BoardGeometry`) with its boxes as
    ``pygame.Rect``s (a Rect is an ``(x, y, w, h)`` sequence: the geometry works on it)."""

    def __init__(self, rect: pygame.Rect, bottom: int) -> None:
        super().__init__(tuple(rect), bottom)
        self.strip, self.board, self.info = map(pygame.Rect, (self.strip, self.board, self.info))
        self.bases = {side: pygame.Rect(box) for side, box in self.bases.items()}


class MandragoraView:
    """Draws a state or a move in progress, reads clicks on areas, overlays the analyzer."""

    factor_labels: dict[str, str] = {}  # the analyzer's warnings explain its scores; it has no factors
    board_scores = True
    decisions = None  # every move is a click on an area

    @staticmethod
    def needs_confirm() -> bool:
        """A click on a legal area plays it: there is nothing to confirm, so no Done button."""
        return False

    def __init__(self, info, fonts) -> None:
        self.info, self.fonts, self.rules = info, fonts, MandragoraRules()
        self.titles = tuple(info.players.titles)
        self.bottom = 0
        self.rect = pygame.Rect(0, 0, 800, 600)
        self.layout = Layout(self.rect, 0)
        self.turn: MandragoraState | None = None
        self.chosen: int | None = None  # the area clicked, played at end_turn
        self.hover: int | None = None  # the legal area under the mouse
        self.click_seconds = 0.12
        self.scores = ScoresToggle()  # the analyzer's totals on the areas, A or the chip shows or hides them
        self.animations: list[SowingAnimation] = []
        self.cues: list[str] = []
        self.messages: list[str] = []  # for the window's banner (the extra turn, once landed)
        self.last_move: str = ""
        self._history = None
        self._last: tuple = (None, None)  # (the state it was found for, (mover, area) or None)
        self._records_for = None
        self._tracker = CollectedTracker()
        self._sprites: dict[tuple[str, int], pygame.Surface] = {}
        self.texts = Texts(fonts, limit=600, cut=clip_words)

    # -- configuration --------------------------------------------------------------------------
    def configure(self, *, bottom: int, settings) -> None:
        """The side at the bottom; Mandragora has no settings of its own."""
        self.bottom = bottom
        self.set_rect(self.rect)

    def set_rect(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.layout = Layout(self.rect, self.bottom)

    def use_history(self, states) -> None:
        """``states()`` gives the game's states so far: the bases show the pieces each move scored."""
        self._history = states

    @property
    def board_rect(self) -> pygame.Rect:
        return self.layout.board

    def last_sowing(self, state: MandragoraState) -> tuple[int, int] | None:
        """``(mover, area)`` of the move that led to ``state``, found from the history (``None``
        at the start, or when ``state`` is not the history's last state)."""
        states = self._history() if self._history else None
        if not states or len(states) < 2 or states[-1] is not state:
            return None
        if self._last[0] is not state:
            before = states[-2]
            found = None
            if not before.setups and not self.rules.is_over(before):
                area = next((a for a in legal_areas(before.board, before.turn)
                             if self.rules.apply(before, a) == state), None)
                found = None if area is None else (before.turn, area)
            self._last = (state, found)
        return self._last[1]

    def last_sowing_marks(self, state: MandragoraState) -> tuple[int | None, list[tuple[float, float]]]:
        """The area sown last and the screen spots of the dots where its pieces landed."""
        last = self.last_sowing(state)
        if last is None:
            return None, []
        states = self._history()
        move = sowing(states[-2], last[1])
        return last[1], [self._landing_spot(move.side, stop, k) for stop, k in counted_landings(move.landings)]

    def move_arrows(self, state: MandragoraState, area: int) -> list:
        """The sowing of ``area`` as arrows through the stops its pieces land on."""
        return sowing_arrows(self.layout, sowing(state, area)) if isinstance(area, int) else []

    def _landing_spot(self, side: int, stop: int, k: int) -> tuple[float, float]:
        """Where the ``k``-th mark on ``stop`` goes: beside an area's number, or beside a base's score."""
        r = self.layout.r
        if stop in BASES:
            box = self.layout.bases[side]
            return box.right - (0.35 + 0.32 * k) * r, box.y + 1.12 * r
        x, y = self.layout.centres[stop]
        return x + (0.5 + 0.3 * k) * r, y - 0.42 * r

    @property
    def animating(self) -> bool:
        return bool(self.animations)

    def collected(self, state: MandragoraState) -> tuple[str, str]:
        """The pieces in both bases at ``state``: from the history when it ends there, else a guess."""
        states = self._history() if self._history else None
        if states and states[-1] is state:
            return self._tracker.collected(states)
        return guess_collected(state) if not state.setups else ("", "")

    def use_analysis(self, records_for) -> None:
        """``records_for(state)``: the window's analysis of ``state`` (``None`` until ready)."""
        self._records_for = records_for

    def analysis(self, state: MandragoraState) -> list:
        """The analyzer's records for ``state`` as the window has them (empty until ready)."""
        if self._records_for is None or state.setups:
            return []
        return self._records_for(state) or []

    # -- animation ------------------------------------------------------------------------------
    def animate(self, state: MandragoraState, area: int, seconds: float) -> None:
        """Show ``area`` being sown from ``state``, one piece per ``seconds`` (0: at once)."""
        self.last_move = move_summary(state, area, self.titles)
        banner = extra_turn_banner(state, area, self.titles)
        if seconds > 0:
            self.animations.append(SowingAnimation(state, sowing(state, area), self.collected(state), seconds, banner))
        else:
            self.cues.append("hit" if step(state, area).scored else "move")
            self._announce(banner)

    def _announce(self, text: str) -> None:
        if text:
            self.messages.append(text)

    def note_anchor(self) -> tuple[int, int]:
        """The turn strip's centre: the extra-turn note covers the strip, not the areas."""
        return self.layout.strip.center

    def announcements(self) -> list[str]:
        """The extra turn, once the sowing that earned it has landed (earlier would give it away)."""
        messages, self.messages = self.messages, []
        return messages

    def update(self, dt: float) -> list[str]:
        while self.animations and dt > 0:
            anim = self.animations[0]
            before = anim.landed
            spend = min(dt, anim.seconds * len(anim.move.landings) - anim.elapsed)
            anim.elapsed += max(spend, 0.0)
            dt -= max(spend, 1e-9)
            self.cues += ["hit" if stop in BASES else "move" for _, stop in anim.move.landings[before:anim.landed]]
            if anim.done:
                self.animations.pop(0)
                self._announce(anim.banner)
        cues, self.cues = self.cues, []
        return cues

    # -- the human's turn ------------------------------------------------------------------------
    def begin_turn(self, state: MandragoraState, seconds_per_step: float = 0.12) -> None:
        self.turn, self.chosen, self.click_seconds = state, None, seconds_per_step

    def end_turn(self) -> None:
        """The turn is over: a chosen area is being played now, so its sowing is shown."""
        if self.turn is not None and self.chosen is not None:
            self.animate(self.turn, self.chosen, self.click_seconds)
        self.turn = self.chosen = self.hover = None

    def ready_move(self) -> int | None:
        return self.chosen if self.turn is not None else None

    def automatic_move(self, forced: bool) -> int | None:
        legal = self.rules.legal_moves(self.turn) if self.turn is not None else []
        return legal[0] if forced and len(legal) == 1 else None

    def can_undo(self) -> bool:
        return False  # a move is one click: there is nothing to take back within a turn

    undo = can_undo

    def area_at(self, pos) -> int | None:
        """The area under ``pos``, if any."""
        r = self.layout.r
        return next((a for a, c in self.layout.centres.items() if in_hexagon(pos, c, r)), None)

    def legal(self) -> list[int]:
        return legal_areas(self.turn.board, self.turn.turn) if self.turn is not None else []

    def handle_event(self, event: pygame.event.Event) -> str | None:
        if self.turn is None or self.animations:
            return None
        if event.type == pygame.MOUSEMOTION:
            area = self.area_at(event.pos)
            area = area if area in self.legal() else None
            changed, self.hover = area != self.hover, area
            return "changed" if changed else None
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return None
        if self.scores.click(event.pos):
            return "changed"
        area = self.area_at(event.pos)
        if area not in self.legal():
            return None
        self.chosen = area  # shown when the scene plays it (end_turn): the tutor may stop it first
        return "confirm"

    @staticmethod
    def shown_notation(state, text: str) -> str:
        return text  # one notation, whoever is to move

    def handle_key(self, event: pygame.event.Event) -> bool:
        """``A`` shows or hides the analyzer overlay."""
        return self.scores.key(event)

    # -- status ---------------------------------------------------------------------------------
    def partial_notation(self) -> str:
        return ""  # a move is one click: nothing is half built

    def describe(self, state: MandragoraState) -> str:
        """The status line; while a sowing is shown, that move (its outcome would give it away)."""
        move = self.animations[-1].move if self.animations else None
        return f"{self.titles[move.side]} is sowing area {move.source}…" if move else describe(state, self.titles)

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, state: MandragoraState, labels: Sequence[str]) -> None:
        anim = self.animations[0] if self.animations else None
        if anim:
            board, scored, hand = partial(anim.state, anim.move, anim.landed)
            side, shown = anim.move.side, anim.state
            values = values_for(side, shown.first)
            scores = list(shown.scores)
            scores[side] += sum(values[p] for p in scored)
            collected = add_scored(anim.collected, side, scored)
        else:
            board, hand, shown = state.board, "", state
            scores, collected = list(state.scores), self.collected(state)
        over = not anim and not state.setups and self.rules.is_over(state)
        turn = self.turn if not anim else None
        records = self.analysis(turn) if turn is not None and self.scores.shown else []
        self._draw_strip(surface, shown, over, anim)
        for side in (0, 1):
            self._draw_base(surface, shown, side, scores[side], collected[side], labels[side] if side < len(labels) else "",
                            over)
        last = (None, []) if anim else self.last_sowing_marks(state)
        self._draw_areas(surface, board, turn, records, anim, last)
        if anim:
            self._draw_flight(surface, anim, board, collected, hand)
        self._draw_info(surface, shown, board, turn, over)

    def _draw_strip(self, surface, state, over, anim) -> None:
        lay, strip = self.layout, self.layout.strip
        if state.setups:
            text, colour = "Drawing the pattern…", DIM
        elif over:
            text, colour = f"Game over — {self.describe(state)}", GOLD
        else:
            mover = anim.move.side if anim else state.turn
            extra = self._extra_turn(state) and not anim
            text = f"{self.titles[mover]} {'is sowing' if anim else 'to move'}" + (" — extra turn!" if extra else "")
            colour = SIDE_COLOURS[mover]
        pygame.draw.rect(surface, (30, 40, 34), strip, border_radius=round(lay.r * 0.2))
        pygame.draw.rect(surface, colour, strip, 2, border_radius=round(lay.r * 0.2))
        self.texts.blit(surface, text, lay.r * 0.3, strip.center, PAPER, True, width=strip.w - 20)

    def _extra_turn(self, state) -> bool:
        states = self._history() if self._history else None
        return bool(states and len(states) > 1 and states[-1] is state and not states[-2].setups
                    and states[-2].turn == state.turn)

    def _draw_base(self, surface, state, side, score, pieces, label, over) -> None:
        lay, r = self.layout, self.layout.r
        box = lay.bases[side]
        colour = SIDE_COLOURS[side]
        winner = over and self.rules.winner(state) == side
        to_move = not over and not state.setups and state.turn == side
        pygame.draw.rect(surface, tuple(c // 3 for c in colour), box, border_radius=round(r * 0.25))
        edge = GOLD if winner or to_move else colour
        pygame.draw.rect(surface, edge, box, 3 if winner or to_move else 2, border_radius=round(r * 0.25))
        cx = box.centerx
        head = f"{'▶ ' if to_move else ''}{self.titles[side]}" + (" ★" if winner else "")
        self.texts.blit(surface, head, r * 0.27, (cx, box.y + 0.28 * r), GOLD if to_move or winner else PAPER, True,
                   width=box.w - 8)
        self.texts.blit(surface, label, r * 0.19, (cx, box.y + 0.58 * r), DIM, width=box.w - 8)
        self.texts.blit(surface, str(score), r * 0.62, (cx, box.y + 1.12 * r), PAPER, True)
        spots, d = lay.base_spots(side, len(pieces))
        for piece, spot in zip(pieces, spots):
            self._piece(surface, piece, spot, d)
        first = state.first if not state.setups else 0
        values = values_for(side, first)
        y = box.bottom - 1.72 * r
        note = "1st mover" if side == first else "2nd mover"
        self.texts.blit(surface, f"Values ({note})", r * 0.17, (cx, y), DIM, width=box.w - 8)
        row = 0.3 * r
        for i, piece in enumerate(PIECES):
            yy = y + 0.3 * r + i * row
            self._piece(surface, piece, (box.x + 0.3 * r, yy), row * 0.86, letter=False)
            self.texts.blit(surface, PIECE_NAMES[piece], r * 0.17, (box.x + 0.55 * r, yy), PAPER, anchor="midleft",
                       width=box.w - 1.05 * r)
            self.texts.blit(surface, str(values[piece]), r * 0.2, (box.right - 0.28 * r, yy), GOLD, True)

    def _draw_areas(self, surface, board, turn, records, anim, last=(None, [])) -> None:
        lay, r = self.layout, self.layout.r
        legal = self.legal() if turn is not None else []
        best = records[0].move if records else None
        for area, centre in lay.centres.items():
            owner = next((s for s in (0, 1) if area in OWN_AREAS[s]), None)
            fill = SIDE_COLOURS[owner] if owner is not None else SHARED
            if turn is not None and area not in legal:
                fill = tuple(int(c * 0.55 + 30) for c in fill)
            elif area == self.hover:
                fill = tuple(min(255, c + 36) for c in fill)
            grow = 1.04 if area == self.hover else 1.0
            points = hexagon(centre, r * grow)
            pygame.gfxdraw.filled_polygon(surface, hexagon((centre[0] + 3, centre[1] + 4), r * grow), (0, 0, 0, 70))
            pygame.gfxdraw.filled_polygon(surface, points, fill)
            pygame.gfxdraw.aapolygon(surface, points, tuple(c // 2 for c in fill))
            inner = hexagon(centre, r * grow * 0.9)
            pygame.draw.aalines(surface, tuple(min(255, c + 40) for c in fill), True, inner)
            if area == best:
                pygame.draw.polygon(surface, GOLD, points, max(3, round(r * 0.07)))
            elif area in legal:
                pygame.draw.polygon(surface, PAPER, points, 2)
            if anim and area == anim.move.source:
                pygame.draw.polygon(surface, GOLD, points, 2)
            if area == last[0]:
                pygame.draw.polygon(surface, LAST_MOVE, hexagon(centre, r * grow * 0.95), max(3, round(r * 0.08)))
            label = (centre[0], centre[1] - 0.72 * r)
            pygame.draw.circle(surface, INK, label, 0.2 * r)
            self.texts.blit(surface, str(area), r * 0.24, label, PAPER, True)
            pile = board[area - 1]
            spots, d = pile_spots(centre, r, len(pile))
            for piece, spot in zip(pile, spots):
                self._piece(surface, piece, spot, d)
        for badge in badges(records):
            self._draw_badge(surface, *badge)
        if turn is not None and self.hover in legal:
            self._draw_path(surface, sowing(turn, self.hover))
        else:
            for spot in last[1]:
                pygame.draw.circle(surface, INK, spot, 0.1 * r)
                pygame.draw.circle(surface, LAST_MOVE, spot, 0.08 * r)

    def _draw_path(self, surface, move) -> None:
        """Where the hovered area's pieces would land: numbered marks, the first piece first."""
        r = self.layout.r
        for number, (stop, k) in enumerate(counted_landings(move.landings), 1):
            pos = self._landing_spot(move.side, stop, k)
            pygame.draw.circle(surface, GOLD, pos, 0.15 * r)
            self.texts.blit(surface, str(number), r * 0.18, pos, INK, True)

    def _draw_badge(self, surface, area: int, warned: bool, best: bool, total: float) -> None:
        r = self.layout.r
        cx, cy = self.layout.centres[area]
        colour = score_colour(total, best)
        image = self.texts.render(score_text(total, best, star="★ "), r * 0.23, colour, True)
        box = image.get_rect(center=(round(cx), round(cy + 0.7 * r))).inflate(round(r * 0.2), round(r * 0.04))
        if warned:
            box.w += round(r * 0.3)
            box.centerx = round(cx)
        pygame.draw.rect(surface, INK, box, border_radius=round(r * 0.14))
        pygame.draw.rect(surface, colour, box, 1, border_radius=round(r * 0.14))
        if warned:
            self.texts.blit(surface, "⚠", r * 0.24, (box.x + r * 0.2, box.centery), WARN, True)
            surface.blit(image, image.get_rect(midright=(box.right - r * 0.1, box.centery)))
        else:
            surface.blit(image, image.get_rect(center=box.center))

    def _draw_flight(self, surface, anim, board, collected, hand) -> None:
        lay, r = self.layout, self.layout.r
        source = lay.centres[anim.move.source]
        held = hand[1:]
        gap = min(0.3 * r, 1.5 * r / max(1, len(held)))
        for i, piece in enumerate(held):
            x = source[0] + (i - (len(held) - 1) / 2) * gap
            self._piece(surface, piece, (x, source[1] - 0.2 * r), 0.3 * r)
        if not hand:
            return
        piece, stop = anim.move.landings[anim.landed]
        if stop in BASES:
            side = anim.move.side
            spots, d = lay.base_spots(side, len(collected[side]) + 1)
        else:
            spots, d = pile_spots(lay.centres[stop], r, len(board[stop - 1]) + 1)
        end = spots[-1]
        k = anim.elapsed / anim.seconds - anim.landed
        k = k * k * (3 - 2 * k)
        start = (source[0], source[1] - 0.2 * r)
        x = start[0] + (end[0] - start[0]) * k
        y = start[1] + (end[1] - start[1]) * k - math.sin(math.pi * k) * 0.6 * r
        self._piece(surface, piece, (x, y), max(d, 0.3 * r) * (1 + 0.25 * math.sin(math.pi * k)))

    def _draw_info(self, surface, state, board, turn, over) -> None:
        """Under the board: the analysis overlay's key (A hides it; the ranked list with
        reasons is the window's hint panel, H), the pieces left at the end, the last move."""
        lay, r = self.layout, self.layout.r
        box = lay.info
        self.scores.hide_chip()
        if box.h < r * 0.3:
            return
        size = max(11.0, min(r * 0.22, 17.0))
        line = size * 1.45
        y = box.y + line / 2
        if turn is not None:
            ready = bool(self.analysis(turn)) or not self.scores.shown
            title = ("Totals on the areas: the analyzer's, ★ its pick" if ready else "Analysing…") \
                if self.scores.shown else "Analysis hidden"
            rect = self.texts.blit(surface, title, size, (box.x, y), GOLD, True, anchor="midleft")
            chip = self.scores.draw_chip(surface, self.texts, size * 0.9, (rect.right + 14, y))
            self.texts.blit(surface, "H: every move ranked, with reasons", size * 0.9, (chip.right + 14, y),
                            DIM, anchor="midleft", width=max(10, box.right - chip.right - 14))
            y += line
        elif over and any(board):
            left = sum(len(p) for p in board)
            self.texts.blit(surface, f"{left} piece{'s' if left != 1 else ''} left on the board score nothing.", size,
                       (box.x, y), DIM, anchor="midleft", width=box.w)
            y += line
        if self.last_move and not state.setups and not self.animations and y + line / 2 <= box.bottom + 2:
            self.texts.blit(surface, f"Last move: {self.last_move}", size, (box.x, y), PAPER, anchor="midleft",
                       width=box.w)

    def _piece(self, surface, piece: str, pos, d: float, letter: bool = True) -> None:
        sprite = self._sprite(piece, max(6, round(d)), letter)
        surface.blit(sprite, sprite.get_rect(center=(round(pos[0]), round(pos[1]))))

    def _sprite(self, piece: str, d: int, letter: bool) -> pygame.Surface:
        """A piece: M circle, K square, P triangle, C diamond, A star, each in its colour."""
        key = (piece, d, letter)
        if key not in self._sprites:
            fill, rim, ink = PIECE_STYLE[piece]
            size = d + 4
            sprite = pygame.Surface((size, size), pygame.SRCALPHA)
            c, h = size / 2, d / 2
            if piece == "M":
                pygame.draw.aacircle(sprite, rim, (c, c), h)
                pygame.draw.aacircle(sprite, fill, (c, c), h - max(1, d * 0.08))
            else:
                points = piece_shape(piece, c, h)
                pygame.gfxdraw.filled_polygon(sprite, points, fill)
                pygame.gfxdraw.aapolygon(sprite, points, rim)
            if letter and d >= 16:
                font = self.fonts(max(6, round(d * 0.45)), True)
                image = font.render(piece, True, ink)
                sprite.blit(image, image.get_rect(center=(c, c + (d * 0.1 if piece == "P" else 0))))
            self._sprites[key] = sprite
        return self._sprites[key]


def make_view(info, fonts) -> MandragoraView:
    """The play scene's entry point: ``fonts(size, bold=False)`` supplies the fonts."""
    return MandragoraView(info, fonts)
