"""Backgammon on screen: drawing, move animation and human input.

The backgammon package's pygame file, with :mod:`.paint` (its geometry in Rects, the board's
picture, the checker sprites).  :func:`make_view` returns a view that implements the
window's per-game interface (``game.ui.gameview.GameView``) structurally.  What needs no
pygame lives beside it: the board's geometry and palette in :mod:`.view.layout`, the cube's
words, place and hooks in :mod:`.cube.display`, flights, used dice and the last plays in
:mod:`.display`, and the rules side of a human's turn in progress in :mod:`.turn`.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ..board import BAR, OFF, Side, pip_count
from ..cube.display import (
    CUBE_EDGE,
    CUBE_FACE,
    CubeDecisions,
    cube_box,
    cube_face,
    deciding,
    decision_note,
    match_words,
    player_score,
)
from ..cube.state import OFFERED
from ..notation import renumbered
from ..rules import BackgammonRules, Play
from ..state import BackgammonState
from ..status import TITLES as NAMES
from ..status import describe, is_no_play
from .display import FACTOR_LABELS, Flight, LastPlays, partial_notation, play_flights, play_marks, used_dice
from .layout import CHECKERS, INK, LAST_ALPHA, LAST_MOVE, PAPER, PIPS, SOURCE, TARGET, arrow_shape
from .paint import Layout, board_surface, checker_sprite
from .turn import Move, TurnBuilder, apply_step

NO_PLAY_SECONDS = 1.2
"""How long a pass stays on the board (its banner shown) before the game goes on."""


class BackgammonView:
    """The board: draws a state or a turn in progress, animates moves, reads clicks and drags."""

    factor_labels = FACTOR_LABELS
    board_scores = False

    def __init__(self, fonts) -> None:
        self.fonts, self.rules = fonts, BackgammonRules()
        self.bottom, self.home_right = 0, True
        self.layout = Layout(pygame.Rect(0, 0, 800, 600), True)
        self.turn: TurnBuilder | None = None
        self.flights: list[Flight] = []
        self.cues: list[str] = []
        self.press: tuple[int, tuple[int, int]] | None = None
        self.drag_pos: tuple[int, int] | None = None
        self.hover: int | None = None
        self.click_seconds = 0.12
        self.rect = pygame.Rect(0, 0, 800, 600)
        self.dice_rect = pygame.Rect(0, 0, 0, 0)
        self._background: tuple | None = None
        self.auto_bearoff = False
        self.pause = 0.0  # a pass on show: seconds left
        self._messages: list[str] = []
        self._note_player: int | None = None  # whose note the banner shows (note_anchor)
        self._history = None
        self._last = LastPlays(self.rules)
        self._marks: tuple | None = None  # (what they mark, the marks drawn on a board-sized layer)
        self.cube_rect: pygame.Rect | None = None  # where the cube was last drawn
        self.decisions = CubeDecisions(self)

    # -- configuration and animation ------------------------------------------------------
    def configure(self, *, bottom: int, settings) -> None:
        """``settings``: the game's own, ``home_side`` ("right" or "left"), ``point_numbers``
        ("roll": the board is numbered from the player on roll's side, as the hints write
        their plays; "bottom": always from the bottom player's, the hints' plays renumbered to
        match) and ``auto_bearoff``."""
        self.bottom, self.home_right = bottom, settings.get("home_side", "right") != "left"
        self.numbers_follow_roll = settings.get("point_numbers", "roll") != "bottom"
        self.auto_bearoff = bool(settings.get("auto_bearoff", False))
        self.set_rect(self.rect)

    def set_rect(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.layout = Layout(self.rect, self.home_right)

    def use_history(self, states) -> None:
        """``states()`` gives the game's states up to the one on show: the last plays are
        found from them and marked on the board."""
        self._history = states

    def use_analysis(self, records_for) -> None:
        """Nothing: the analysis shows in the hint panel and as arrows, not on the board."""

    def last_plays(self, state: BackgammonState) -> list[tuple[int, Play]]:
        """``(mover, play)`` of the latest play that led to ``state`` and of the other
        player's play before it, latest first (passes are skipped); empty without a history
        or when ``state`` is not its last state."""
        return self._last.of(self._history() if self._history else None, state)

    @property
    def board_rect(self) -> pygame.Rect:
        return self.layout.board

    @property
    def animating(self) -> bool:
        return bool(self.flights) or self.pause > 0

    def announcements(self) -> list[str]:
        messages, self._messages = self._messages, []
        return messages

    def note_anchor(self) -> tuple[int, int] | None:
        """A player's own note ("Black doubles to 2", "White takes", a pass) goes over that
        player's name strip: at mid-height it covered the offered cube, and the dice that
        follow land in the middle of a half; other notes take the banner's own place."""
        if self._note_player is None:
            return None
        top, bottom = self.layout.strips
        x, y, w, h = bottom if self._note_player == self.bottom else top
        return (x + w // 2, y + h // 2)

    def hold(self, note: str, seconds: float, player: int | None = None) -> None:
        """Announce ``note`` (``player``'s own, shown over the player's strip) and keep the board
        as it is for ``seconds`` (``animating`` meanwhile)."""
        self._messages.append(note)
        self._note_player = player
        self.pause = seconds

    def animate(self, state: BackgammonState, move: Play, seconds_per_step: float) -> None:
        """Fly each checker of ``move``; a pass ("no play"), a cube action ("Black doubles
        to 2") and a resignation step ("White resigns a gammon (2 points)", "Black accepts")
        are announced, over the strip of the player who decided, and held on show (no
        double, "Roll", is not)."""
        note = decision_note(state, move)
        if note is not None:
            if note:
                self.hold(note, NO_PLAY_SECONDS, player=self.rules.to_move(state))
            return
        if not move.steps:
            self.hold(describe(state), NO_PLAY_SECONDS, player=state.turn)
            return
        for flight in play_flights(state, move, seconds_per_step):
            if seconds_per_step > 0:
                self.flights.append(flight)
            else:
                self.cues.append("hit" if flight.hit else "move")

    def update(self, dt: float) -> list[str]:
        self.pause = max(0.0, self.pause - dt)
        while self.flights and dt > 0:
            flight = self.flights[0]
            spend = min(dt, flight.seconds - flight.elapsed)
            flight.elapsed += spend
            dt -= spend
            if flight.elapsed >= flight.seconds - 1e-9:
                self.flights.pop(0)
                self.cues.append("hit" if flight.hit else "move")
        cues, self.cues = self.cues, []
        return cues

    # -- the human's turn -----------------------------------------------------------------
    def begin_turn(self, state: BackgammonState, seconds_per_step: float = 0.12) -> None:
        self.turn = TurnBuilder(self.rules, state) if state.dice is not None else None  # a cube decision: buttons
        self.click_seconds = seconds_per_step
        self.press = self.drag_pos = None

    def end_turn(self) -> None:
        self.turn, self.press, self.drag_pos = None, None, None

    def ready_move(self) -> Play | None:
        return self.turn.complete() if self.turn and not self.drag_pos else None

    def automatic_move(self, forced: bool) -> Play | None:
        """The only legal play (``forced``), or the race's bear-off when ``auto_bearoff`` is set.
        A pass left to the human is announced: Done plays it."""
        if not self.turn or self.turn.moves:
            return None
        move = self.turn.automatic(forced, self.auto_bearoff)
        if move is None and is_no_play(self.turn.state):
            self._messages.append(f"{describe(self.turn.state)} Press Done to pass.")
        return move

    def can_undo(self) -> bool:
        return bool(self.turn and self.turn.moves)

    @staticmethod
    def needs_confirm() -> bool:
        return True  # Done (or a click on the dice) plays the move built

    def undo(self) -> bool:
        if self.turn and self.turn.undo():
            self.flights.clear()
            return True
        return False

    def _play(self, moves: list[Move], seconds: float) -> None:
        for move in moves:
            t = self.turn
            flight = Flight(t.mover, t.me, t.opp, move[:2], used_dice(t), seconds)
            if seconds > 0:
                self.flights.append(flight)
            else:
                self.cues.append("hit" if flight.hit else "move")
            t.play(move)

    def slot_at(self, pos: tuple[int, int], player: int) -> int | None:
        """The slot under ``pos`` in ``player``'s numbering: a point, BAR or OFF."""
        return self.layout.slot_at(pos, player == self.bottom)

    def handle_event(self, event: pygame.event.Event) -> str | None:
        turn = self.turn
        if turn is None or event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            return None
        slot = self.slot_at(event.pos, turn.mover)
        if event.type == pygame.MOUSEMOTION:
            self.hover = slot
            if self.press and (abs(event.pos[0] - self.press[1][0]) + abs(event.pos[1] - self.press[1][1]) > 6):
                self.drag_pos = event.pos
            return "changed" if self.drag_pos else None
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1 and self.dice_rect.collidepoint(event.pos) and turn.complete():
                return "confirm"
            if slot in turn.sources():
                if event.button == 1:
                    self.press = (slot, event.pos)
                elif event.button == 3:
                    self._play([turn.click_move(slot, high=False)], self.click_seconds)
                return "changed"
            return None
        if event.button != 1 or not self.press:
            return None
        source, self.press = self.press[0], None
        dragged, self.drag_pos = self.drag_pos, None
        if dragged:
            path = turn.path(source, slot) if slot is not None else None
            if path:
                self._play(path, 0.0)
        else:
            self._play([turn.click_move(source, high=True)], self.click_seconds)
        return "changed"

    def _numbered_from_top(self, state: BackgammonState) -> bool:
        """Whether the board is numbered from the top player's side: point numbers follow the
        player on roll (the setting's default) and the top player is on roll."""
        return self.numbers_follow_roll and state.turn is not None and state.turn != self.bottom

    def shown_notation(self, state: BackgammonState, text: str) -> str:
        """A play of ``state`` in the board's numbering: the mover's, unless the numbers stay
        the bottom player's and the top player moves (each point ``n`` then written ``25 - n``)."""
        if self.numbers_follow_roll or state.turn is None or state.turn == self.bottom:
            return text
        return renumbered(text)

    @staticmethod
    def handle_key(event: pygame.event.Event) -> bool:
        return False  # no keys of its own: the cube's are its buttons'

    # -- status -----------------------------------------------------------------------------
    def describe(self, state: BackgammonState) -> str:
        return describe(state)

    def partial_notation(self) -> str:
        """The play being built, in standard notation (``24/20 13/10``; ``13/7*/5`` with a hit),
        for the status line; "" when no step has been played this turn."""
        return partial_notation(self.turn)

    def last_play_marks(self, state: BackgammonState, sides=None) -> list[tuple[int, int, list]]:
        """What marks the last plays: ``(mover, alpha, [(start, end), ...])`` per play, latest
        first; each ``(start, end)`` joins the screen spot a checker left (its ghost ring) to
        the checker where it landed, a checker moving on (``24/20/16``) drawn as one path."""
        sides = list(state.sides) if sides is None else sides
        return play_marks(self.layout, self.bottom, self.last_plays(state), sides)

    # -- the cube (its words, place and buttons: cube_display) ---------------------------------
    def _draw_cube(self, surface: pygame.Surface, state) -> pygame.Rect | None:
        """Draw the cube (nothing without one); its rectangle."""
        box = cube_box(self.layout, state, self.bottom)
        if box is None:
            return None
        rect = pygame.Rect(box)
        radius = max(2, rect.w // 6)
        pygame.draw.rect(surface, (0, 0, 0), rect.move(2, 3), border_radius=radius)
        pygame.draw.rect(surface, CUBE_FACE, rect, border_radius=radius)
        edge = SOURCE if state.cube.phase == OFFERED else CUBE_EDGE
        pygame.draw.rect(surface, edge, rect, max(2, rect.w // 14), border_radius=radius)
        text = str(cube_face(state))
        font = self.fonts(max(8, round(rect.h * (0.58 if len(text) == 1 else 0.5))), True)
        image = font.render(text, True, INK)
        surface.blit(image, image.get_rect(center=rect.center))
        return rect

    def _draw_match(self, surface: pygame.Surface, state, room: tuple, player: int, top_strip: bool) -> None:
        """The match beside a name: the player's score after the name and, on the top strip, the
        match length with its Crawford mark, centred in what is left between the name and the
        pip count (shortened, or left to the status line, when it does not fit).  ``room``:
        ``(strip, name's right edge, pip count's left edge)``."""
        score = player_score(state, player)
        if not score:
            return
        strip, name_right, free_right = room
        u = self.layout.u
        image = self.fonts(round(u * 0.36), True).render(score, True, SOURCE)
        box = image.get_rect(midleft=(name_right + u * 0.5, strip.centery)).inflate(u * 0.3, 2)
        pygame.draw.rect(surface, (24, 30, 26), box, border_radius=round(u * 0.15))
        surface.blit(image, image.get_rect(center=box.center))
        if not top_strip:
            return
        small, gap = self.fonts(round(u * 0.32)), u * 0.4
        for words in (match_words(state), match_words(state, short=True)):
            text = small.render(words, True, PAPER)
            if words and box.right + gap + text.get_width() + gap <= free_right:
                left = min(max(box.right + gap, strip.centerx - text.get_width() / 2),
                           free_right - gap - text.get_width())
                surface.blit(text, text.get_rect(midleft=(left, strip.centery)))
                return

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, state: BackgammonState, labels: Sequence[str]) -> None:
        flying = None
        sides, used = list(state.sides), []
        if self.flights:
            f = self.flights[0]
            sides[f.mover], sides[1 - f.mover] = f.me, f.opp
            flying, used = f, f.used
        elif self.turn:
            sides[self.turn.mover], sides[1 - self.turn.mover] = self.turn.me, self.turn.opp
            used = used_dice(self.turn)
        top_numbers = self._numbered_from_top(state)
        key = (tuple(self.rect), self.home_right, self.bottom, top_numbers)
        if self._background is None or self._background[0] != key:
            self._background = (key, board_surface(self.rect, self.home_right, self.fonts, top_numbers))
        surface.blit(self._background[1], self.layout.board.topleft)
        lifted = (flying.mover, flying.step[0]) if flying else None
        if self.drag_pos and self.press:
            lifted = (self.turn.mover, self.press[0])
        for player in (0, 1):
            self._draw_side(surface, player, sides[player], lifted)
        if not flying:
            self._draw_last_plays(surface, state, sides)
        self._draw_highlights(surface)
        self._draw_dice(surface, state, used)
        self.cube_rect = self._draw_cube(surface, state)
        for player in (0, 1):
            self._draw_strip(surface, state, player, sides[player], labels[player])
        if flying:
            self._checker(surface, flying.mover, flying.position(self.layout, self.bottom))
        if self.drag_pos and self.press:
            self._checker(surface, self.turn.mover, self.drag_pos)

    def move_arrows(self, state: BackgammonState, move: Play) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        """Screen ``(start, end)`` of each checker step of ``move`` from ``state`` (the hint arrows)."""
        if state.turn is None or not getattr(move, "steps", None):
            return []
        me, opp, arrows = state.on_roll, state.opponent, []
        for step in move.steps:
            s, t = step
            start = self.slot_pos(state.turn, s, me[s] - 1)
            me, opp, _ = apply_step(me, opp, step)
            arrows.append((start, self.slot_pos(state.turn, t, me[t] - 1)))
        return arrows

    def slot_pos(self, player: int, slot: int, index: int) -> tuple[float, float]:
        return self.layout.slot_pos(player == self.bottom, slot, index)

    def _checker(self, surface, player: int, pos, count: int | None = None, scale: float = 1.0) -> None:
        r = self.layout.u * 0.47 * scale
        sprite = checker_sprite(player, r)
        surface.blit(sprite, sprite.get_rect(center=(round(pos[0]) + 1, round(pos[1]) + 1)))
        if count is not None:
            image = self.fonts(round(r * 0.95), True).render(str(count), True, CHECKERS[player][2])
            surface.blit(image, image.get_rect(center=(round(pos[0]), round(pos[1]))))

    def _draw_side(self, surface, player: int, side: Side, lifted) -> None:
        lay, fill, rim = self.layout, *CHECKERS[player][:2]
        for slot in range(0, 26):
            n = side[slot] - (1 if lifted == (player, slot) else 0)
            if slot == OFF:
                for i in range(n):
                    slab = lay.tray_slab(player == self.bottom, i)
                    pygame.draw.rect(surface, fill, slab, border_radius=2)
                    pygame.draw.rect(surface, rim, slab, 1, border_radius=2)
                continue
            cap = 4 if slot == BAR else 5
            for i in range(min(n, cap)):
                shown = n if (n > cap and i == cap - 1) else None
                self._checker(surface, player, self.slot_pos(player, slot, i), shown)

    def _draw_highlights(self, surface) -> None:
        turn, lay = self.turn, self.layout
        if not turn or self.flights:
            return
        source = self.press[0] if self.press else self.hover
        if source not in turn.sources():
            return
        r = lay.u * 0.5
        pygame.draw.circle(surface, SOURCE, self.slot_pos(turn.mover, source, turn.me[source] - 1), r, 3)
        first = turn.click_move(source, high=True)
        for s, t, die in turn.options():
            if s != source:
                continue
            if t == OFF:
                pygame.draw.rect(surface, TARGET, lay.tray.inflate(4, 4), 3, border_radius=round(lay.u * 0.15))
                continue
            pos = self.slot_pos(turn.mover, t, turn.me[t])
            glow = pygame.Surface((round(2 * r) + 2, round(2 * r) + 2), pygame.SRCALPHA)
            pygame.draw.aacircle(glow, (*TARGET, 235 if (s, t, die) == first else 200), (r + 1, r + 1), r * 0.88)
            pygame.draw.aacircle(glow, (*PAPER, 230), (r + 1, r + 1), r * 0.88, 2)
            surface.blit(glow, (pos[0] - r - 1, pos[1] - r - 1))

    def _draw_dice(self, surface, state: BackgammonState, used: list[int]) -> None:
        self.dice_rect = pygame.Rect(0, 0, 0, 0)
        if state.dice is None or self.rules.is_over(state):
            return
        high, low = state.dice
        dice = [high] * 4 if high == low else [high, low]
        boxes, size = self.layout.dice_boxes(len(dice), state.turn == self.bottom)
        remaining = list(used)
        fill = CHECKERS[state.turn][0]
        for die, box in zip(dice, boxes):
            grey = die in remaining
            if grey:
                remaining.remove(die)
            rect = pygame.Rect(box)
            self.dice_rect = self.dice_rect.union(rect) if self.dice_rect.w else rect.copy()
            body = (128, 128, 128) if grey else fill
            pygame.draw.rect(surface, (0, 0, 0), rect.move(2, 3), border_radius=round(size * 0.18))
            pygame.draw.rect(surface, body, rect, border_radius=round(size * 0.18))
            pygame.draw.rect(surface, INK, rect, 1, border_radius=round(size * 0.18))
            pip = CHECKERS[state.turn][2] if not grey else (90, 90, 90)
            for px, py in PIPS[die]:
                pygame.draw.circle(surface, pip, (rect.x + px * size, rect.y + py * size), size * 0.09)

    def _draw_strip(self, surface, state: BackgammonState, player: int, side: Side, label: str) -> None:
        lay = self.layout
        strip = lay.strips[0 if player != self.bottom else 1]
        on_turn = deciding(state) == player and not self.rules.is_over(state)
        pygame.draw.rect(surface, (64, 52, 36) if on_turn else (40, 46, 42), strip, border_radius=round(lay.u * 0.2))
        if on_turn:
            pygame.draw.rect(surface, SOURCE, strip, 2, border_radius=round(lay.u * 0.2))
        self._checker(surface, player, (strip.x + lay.u * 0.7, strip.centery), scale=0.8)
        big, small = self.fonts(round(lay.u * 0.38), True), self.fonts(round(lay.u * 0.32))
        name = big.render(f"{NAMES[player]}  ·  {label}" if label else NAMES[player], True, PAPER)
        where = surface.blit(name, name.get_rect(midleft=(strip.x + lay.u * 1.4, strip.centery)))
        info = f"pips {pip_count(side)}   off {side[OFF]}" + ("   ▶ to play" if on_turn else "")
        text = small.render(info, True, SOURCE if on_turn else PAPER)
        right = surface.blit(text, text.get_rect(midright=(strip.right - lay.u * 0.4, strip.centery)))
        self._draw_match(surface, state, (strip, where.right, right.left), player, strip is lay.strips[0])

    def _draw_last_plays(self, surface, state: BackgammonState, sides) -> None:
        marks = self.last_play_marks(state, sides)
        if not marks:
            return
        board = self.layout.board
        key = (repr(marks), tuple(board))
        if self._marks is None or self._marks[0] != key:
            r = self.layout.u * 0.47
            overlay = pygame.Surface(board.size, pygame.SRCALPHA)
            for _, alpha, lines in reversed(marks):
                colour = (*LAST_MOVE, alpha)
                width = max(2, round(self.layout.u * (0.08 if alpha == LAST_ALPHA[0] else 0.05)))
                for start, end in lines:
                    start, end = (start[0] - board.x, start[1] - board.y), (end[0] - board.x, end[1] - board.y)
                    pygame.draw.circle(overlay, colour, start, r * 0.92, width)  # the ghost
                    pygame.draw.circle(overlay, colour, end, r * 1.02, width)
                    shape = arrow_shape(start, end, r)
                    if shape is not None:
                        pygame.draw.line(overlay, colour, *shape[0], width)
                        pygame.draw.polygon(overlay, colour, shape[1])
            self._marks = (key, overlay)
        surface.blit(self._marks[1], board.topleft)


def make_view(info, fonts) -> BackgammonView:
    """The play scene's entry point: ``fonts(size, bold=False)`` supplies the fonts."""
    return BackgammonView(fonts)
