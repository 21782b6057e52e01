"""Chesstack on screen: the board, both pockets as trays, stacks and royals on the pieces, the
action bar, the analysis overlay, and a human's action by clicks and drags.

The Chesstack package's only pygame file; :func:`make_view` returns an object with the
window's per-game interface (``game.ui.gameview.GameView``).  The geometry, the trays' rows,
the analysis badges and the banner's words are :mod:`.display`, the colours :mod:`.palette`;
what a click may start and finish is :mod:`.turn` (none of them imports pygame).

A turn is one action.  Place: drag a type from your tray to a marked square, or click it and
then the square.  Move: click a piece and then a marked square, or drag it.  Stun, succession
and disguise: click a piece and use the action bar under the board; a promotion or a disguise
asks for the type there.  A right click, Esc or ✕ cancels a selection.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ...kit import ScoresToggle, Texts, fit_label, score_colour, score_text, wrap
from ..notation import ADD, MOVE, STUN, SUCCESSION, Action, format_action
from ..rules import ChesstackRules
from ..state import ChesstackState
from ..status import describe
from .display import (
    FACTOR_LABELS,
    Badge,
    Box,
    Flight,
    LastAction,
    Layout,
    action_squares,
    bar_buttons,
    bar_text,
    best_of,
    events,
    fairies_present,
    hit,
    legend,
    lifted,
    path,
    playing,
    selection_badges,
    tray_badges,
    tray_slots,
)
from .palette import (
    BUTTON,
    BUTTON_EDGE,
    DARK,
    DIM,
    FAIRY_RING,
    FRAME,
    GOLD,
    INK,
    KEY,
    LAST,
    LIGHT,
    PAPER,
    PICK,
    SELECTED,
    STUN_RED,
    TARGET,
    TRAY_BG,
    TRAY_EDGE,
    mix,
)
from .pieces import PieceSprites
from .turn import CANCEL, TRAY, TurnBuilder


def pixel_rect(box: Box) -> pygame.Rect:
    """``box`` in whole pixels, its edges rounded (neighbouring squares share an edge: no seams)."""
    x, y = round(box.x), round(box.y)
    return pygame.Rect(x, y, round(box.x + box.w) - x, round(box.y + box.h) - y)


class ChesstackView:
    """Draws a state or an action in progress, reads clicks and drags, overlays the analysis."""

    factor_labels = FACTOR_LABELS
    board_scores = True
    decisions = None  # every action is made on the board

    def __init__(self, info, fonts) -> None:
        self.info, self.fonts, self.rules = info, fonts, ChesstackRules()
        self.titles = tuple(info.players.titles)
        self.bottom = 0
        self.rect = pygame.Rect(0, 0, 800, 600)
        self.layout = Layout(tuple(self.rect), 0)
        self.turn: TurnBuilder | None = None  # the human's action in the making (and the pointer)
        self.hover: int | None = None
        self.click_seconds = 0.12
        self.scores = ScoresToggle()  # the analysis' scores on the board, A or the chip shows or hides them
        self.flight: Flight | None = None
        self.cues: list[str] = []
        self.messages: list[str] = []
        self._history = None
        self._records_for = None
        self._last = LastAction(self.rules)
        self.texts = Texts(fonts, limit=800)
        self.pieces = PieceSprites(fonts, self.texts)

    # -- configuration --------------------------------------------------------------------------
    def configure(self, *, bottom: int, settings) -> None:
        """The side at the bottom (Black turns the board half round); no settings of its own."""
        self.bottom = bottom
        self.set_rect(self.rect)

    def set_rect(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.layout = Layout(tuple(self.rect), self.bottom)

    def use_history(self, states) -> None:
        """``states()`` gives the game's states so far: the last action is found from them."""
        self._history = states

    def use_analysis(self, records_for) -> None:
        """``records_for(state)``: the window's analysis of ``state`` (``None`` until ready)."""
        self._records_for = records_for

    @property
    def board_rect(self) -> pygame.Rect:
        return pixel_rect(self.layout.board)

    @property
    def animating(self) -> bool:
        return self.flight is not None

    def analysis(self, state: ChesstackState) -> list:
        """The window's records for ``state`` (empty until ready, or without an analysis)."""
        return (self._records_for(state) or []) if self._records_for is not None else []

    def last_action(self, state: ChesstackState) -> Action | None:
        """The action that led to ``state`` when it is the game's latest position."""
        return self._last.of(self._history() if self._history else None, state)

    # -- animation ------------------------------------------------------------------------------
    def animate(self, state: ChesstackState, action: Action, seconds: float) -> None:
        """Show ``action`` played from ``state`` for ``seconds`` (0: at once)."""
        if self.flight is not None:
            self._land()
        self.flight = Flight(state, action, seconds, events(self.rules, state, action, self.titles))
        if seconds <= 0:
            self._land()

    def _land(self) -> None:
        flight, self.flight = self.flight, None
        self.cues.append("hit" if flight.capture else "move")
        if flight.messages:
            self.messages.append(" · ".join(flight.messages))

    def update(self, dt: float) -> list[str]:
        if self.flight is not None:
            self.flight.elapsed += dt
            if self.flight.done:
                self._land()
        cues, self.cues = self.cues, []
        return cues

    def announcements(self) -> list[str]:
        """A royal taken, a promotion, a succession or a disguise, once it has been shown."""
        messages, self.messages = self.messages, []
        return messages

    # -- the human's turn ------------------------------------------------------------------------
    def begin_turn(self, state: ChesstackState, seconds_per_step: float = 0.12) -> None:
        self.turn, self.click_seconds = TurnBuilder(self.rules, state), seconds_per_step

    def end_turn(self) -> None:
        """The turn is over: a chosen action is being played now, so it is shown."""
        turn = self.turn
        if turn is not None and turn.chosen is not None:
            self.animate(turn.state, turn.chosen, self.click_seconds if turn.slide else 0.0)
        self.turn = self.hover = None

    def ready_move(self) -> Action | None:
        return self.turn.chosen if self.turn is not None else None

    def automatic_move(self, forced: bool) -> Action | None:
        legal = self.turn.legal if self.turn is not None else []
        return legal[0] if forced and len(legal) == 1 else None

    def can_undo(self) -> bool:
        return False  # an action is one step: there is nothing to take back within a turn

    undo = can_undo

    def bar_buttons(self) -> list[tuple[str, str, Box]]:
        """``(key, label, box)`` of the action bar's buttons for the turn in progress."""
        return bar_buttons(self.layout, self.turn) if self.turn is not None else []

    def tray_slots(self, colour: int, state: ChesstackState) -> list[tuple[str, Box]]:
        return tray_slots(self.layout, state, colour)

    def tray_slot(self, colour: int, kind: str, state: ChesstackState) -> Box | None:
        return dict(tray_slots(self.layout, state, colour)).get(kind)

    def handle_event(self, event: pygame.event.Event) -> str | None:
        """Clicks and drags build the action (:class:`~.turn.TurnBuilder`); a right click cancels."""
        turn = self.turn
        if turn is None or self.flight is not None:
            return None
        if event.type == pygame.MOUSEMOTION:
            square = self.layout.square_at(event.pos)
            changed, self.hover = square != self.hover, square
            return "changed" if turn.motion(event.pos) or changed else None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return "changed" if turn.cancel() else None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.scores.click(event.pos):
                return "changed"
            return turn.down(hit(self.layout, turn, event.pos), event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return turn.up(hit(self.layout, turn, event.pos))
        return None

    @staticmethod
    def shown_notation(state, text: str) -> str:
        return text  # one notation, whoever is to move

    def handle_key(self, event: pygame.event.Event) -> bool:
        """``A`` shows or hides the analysis overlay; Esc cancels a selection."""
        if self.scores.key(event):
            return True
        return (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.turn is not None
                and self.turn.cancel())

    # -- status and hints --------------------------------------------------------------------------
    def describe(self, state: ChesstackState) -> str:
        """The status line; while an action is shown, that action."""
        if self.flight is not None:
            return playing(self.flight.state, self.flight.action, self.titles)
        return describe(state)

    def partial_notation(self) -> str:
        return ""  # an action is one step: the status line has nothing half built to echo

    @staticmethod
    def needs_confirm() -> bool:
        return True  # Done plays the action chosen

    def note_anchor(self) -> None:
        return None  # the banner's own place

    def move_arrows(self, state: ChesstackState, action: Action) -> list[tuple[tuple[float, float], ...]]:
        """Screen ``(start, end)`` of an action: a move's squares, a placement from its tray
        slot, and a point on the square for the others."""
        return [path(self.layout, state, action)] if isinstance(action, Action) else []

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, state: ChesstackState, labels: Sequence[str]) -> None:
        flight = self.flight
        shown = flight.state if flight else state
        turn = self.turn if not flight else None
        away = lifted(turn, flight)  # a piece drawn away from its place (flying, dragged)
        records = self.analysis(turn.state) if turn is not None and self.scores.shown else []
        self._draw_board(surface, shown, turn, flight)
        self._draw_pieces(surface, shown, away)
        if turn is not None:
            self._draw_targets(surface, turn)
            for sq, badge in selection_badges(turn, records).items():
                box = self.layout.square_box(sq)
                self._badge(surface, badge, (box.centre[0] + box.w * 0.1, box.bottom - box.h * 0.15), box.w * 0.2)
        for colour in (0, 1):
            self._draw_tray(surface, shown, colour, labels[colour] if colour < len(labels) else "", away, turn, records)
        self._draw_bar(surface, shown, turn, records)
        self._draw_info(surface, shown, turn, records)
        if flight:
            self._draw_flight(surface, flight)
        elif turn is not None and turn.dragging() is not None:
            source = turn.dragging()
            kind = source.kind if source.where == TRAY else turn.state.board[source.square].kind
            self.pieces.piece(surface, turn.mover, kind, turn.drag_pos, self.layout.s * 0.95)

    def _draw_board(self, surface, state, turn, flight) -> None:
        lay, s = self.layout, self.layout.s
        board = pixel_rect(lay.board)
        pygame.draw.rect(surface, FRAME, board.inflate(round(s * 0.12), round(s * 0.12)), border_radius=round(s * 0.08))
        marked = set(action_squares(flight.action if flight else self.last_action(state)))
        selected = turn.selected.square if turn and turn.selected and turn.selected.where != TRAY else None
        for sq in range(64):
            box = pixel_rect(lay.square_box(sq))
            colour = LIGHT if (sq % 8 + sq // 8) % 2 else DARK
            if sq == selected:
                colour = mix(colour, SELECTED, 0.6)
            elif sq in marked:
                colour = mix(colour, LAST, 0.55)
            pygame.draw.rect(surface, colour, box)
        if turn and turn.picker is not None:
            pygame.draw.rect(surface, PICK, pixel_rect(lay.square_box(turn.picker.square)), max(2, round(s * 0.06)))
        size = max(9.0, min(s * 0.28, 18.0))
        for text, pos in lay.file_labels() + lay.rank_labels():
            self.texts.blit(surface, text, size, pos, DIM, True)

    def _draw_pieces(self, surface, state, away) -> None:
        lay, s = self.layout, self.layout.s
        for sq, piece in enumerate(state.board):
            if piece is None or sq == away:
                continue
            box = lay.square_box(sq)
            cx, cy = box.centre
            self.pieces.piece(surface, piece.colour, piece.kind, (cx, cy + s * 0.04), s * 0.84)
            self.pieces.stacks(surface, box, piece.stun, piece.move, piece.royal)

    def _draw_targets(self, surface, turn: TurnBuilder) -> None:
        """Dots on the empty squares the selection reaches, rings on the pieces it takes."""
        s, board = self.layout.s, pixel_rect(self.layout.board)
        layer = pygame.Surface(board.size, pygame.SRCALPHA)
        for sq in turn.targets():
            x, y = self.layout.centre(sq)
            centre, hovered = (x - board.x, y - board.y), sq == self.hover
            if turn.state.board[sq] is None:
                pygame.draw.circle(layer, (*TARGET, 150 if hovered else 95), centre, s * (0.2 if hovered else 0.16))
            else:
                pygame.draw.circle(layer, (*TARGET, 150 if hovered else 100), centre, s * 0.48, max(3, round(s * 0.08)))
        surface.blit(layer, board)

    def _badge(self, surface, badge: Badge, centre, size: float) -> pygame.Rect:
        """A score pill: gold for the analysis' pick, green/red by sign, ⚠ when warned."""
        colour = score_colour(badge.score, badge.best)
        image = self.texts.render(("⚠" if badge.warned else "") + score_text(badge.score, badge.best), size, colour, True)
        pill = image.get_rect(center=(round(centre[0]), round(centre[1]))).inflate(6, 0)
        layer = pygame.Surface(pill.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*INK, 235 if badge.best else 190), layer.get_rect(), border_radius=pill.h // 2)
        if badge.best:
            pygame.draw.rect(layer, colour, layer.get_rect(), 1, border_radius=pill.h // 2)
        layer.blit(image, image.get_rect(center=layer.get_rect().center))
        surface.blit(layer, pill)
        return pill

    def _draw_tray(self, surface, state, colour, label, away, turn, records) -> None:
        """A side's pocket: its title (gold while it is to act) and one row per type with its count."""
        lay, s = self.layout, self.layout.s
        box = pixel_rect(lay.trays[colour])
        acting = not self.rules.is_over(state) and state.turn == colour
        pygame.draw.rect(surface, TRAY_BG, box, border_radius=round(s * 0.12))
        pygame.draw.rect(surface, GOLD if acting else TRAY_EDGE, box, 3 if acting else 1, border_radius=round(s * 0.12))
        head = self.texts.blit(surface, f"{'▶ ' if acting else ''}{self.titles[colour]}", s * 0.27,
                          (box.x + s * 0.14, box.y + s * 0.3), GOLD if acting else PAPER, True, anchor="midleft")
        if label:  # the player, cut rather than shrunk: the side's name stays the size it is
            font = self.fonts(max(9, round(s * 0.21)))
            room = box.right - head.right - s * 0.22 - font.size("· ")[0]
            text = "· " + fit_label(label, room, lambda t: font.size(t)[0])
            self.texts.blit(surface, text, s * 0.21, (head.right + s * 0.08, head.centery), DIM, anchor="midleft")
        mine = turn is not None and turn.mover == colour
        placeable = set(turn.tray_kinds()) if mine else set()
        chosen = turn.selected.kind if mine and turn.selected and turn.selected.where == TRAY else None
        scores = tray_badges(records) if mine and turn.selected is None else {}
        for kind, slot in self.tray_slots(colour, state):
            count = state.pocket_count(colour, kind) - (1 if away == (colour, kind) else 0)
            rect = pixel_rect(slot)
            if kind == chosen or kind in placeable:  # the type picked up, the types that may be placed
                shade = mix(TRAY_BG, SELECTED, 0.7) if kind == chosen else mix(TRAY_BG, PAPER, 0.12)
                pygame.draw.rect(surface, shade, rect.inflate(0, -2), border_radius=round(s * 0.08))
            d = min(slot.h * 0.96, s * 0.6)
            self.pieces.piece(surface, colour, kind, (slot.x + d * 0.6, slot.centre[1]), d, 255 if count else 70)
            ink = PAPER if count else DIM
            self.texts.blit(surface, f"×{count}", min(slot.h * 0.5, s * 0.28), (slot.x + d * 1.25, slot.centre[1]), ink,
                       bool(count), anchor="midleft")
            if kind in scores:
                self._badge(surface, scores[kind], (slot.right - s * 0.38, slot.centre[1]), min(slot.h * 0.45, s * 0.2))

    def _draw_bar(self, surface, state, turn, records) -> None:
        """Under the board: the selected piece (or what to do) and its buttons, or a picker."""
        lay, s = self.layout, self.layout.s
        bar = pixel_rect(lay.bar)
        pygame.draw.rect(surface, TRAY_BG, bar, border_radius=round(s * 0.12))
        picking = turn is not None and turn.picker is not None
        pygame.draw.rect(surface, GOLD if picking else TRAY_EDGE, bar, 2 if picking else 1,
                         border_radius=round(s * 0.12))
        buttons = self.bar_buttons() if turn is not None else []
        right = buttons[0][2].x if buttons else bar.right
        text = bar_text(turn, self.hover, self.titles) if turn is not None else ""
        if self.flight is not None:
            text = playing(self.flight.state, self.flight.action, self.titles)
        elif turn is None and not self.rules.is_over(state):
            text = f"{self.titles[state.turn]} to act."
        self.texts.blit(surface, text, max(10.0, min(s * 0.27, 17.0)), (bar.x + s * 0.16, bar.centery), PAPER,
                   anchor="midleft", width=right - bar.x - s * 0.3)
        for key, label, box in buttons:
            self._button(surface, turn, key, label, box, records)

    def _button(self, surface, turn, key, label, box: Box, records) -> None:
        s, rect = self.layout.s, pixel_rect(box)
        pygame.draw.rect(surface, BUTTON, rect, border_radius=round(s * 0.1))
        pygame.draw.rect(surface, BUTTON_EDGE, rect, 1, border_radius=round(s * 0.1))
        if key.startswith("pick:"):
            self.pieces.piece(surface, turn.mover, key[5:], rect.center, rect.h * 0.95)
            return
        badge = best_of(records, turn.bar_actions(key)) if records and key != CANCEL else None
        size = max(10.0, min(s * 0.26, 16.0))
        if badge is None:
            self.texts.blit(surface, label, size, rect.center, PAPER, True, width=rect.w - 8)
            return
        pill = self._badge(surface, badge, (rect.right - s * 0.4, rect.centery), size * 0.85)
        self.texts.blit(surface, label, size, ((rect.x + pill.x) / 2, rect.centery), PAPER, True,
                   width=pill.x - rect.x - 6)

    def _draw_info(self, surface, state, turn, records) -> None:
        """Under the bar: the analysis key, the last action and the fairy legend (the rest of
        the lines, wrapped)."""
        lay, s = self.layout, self.layout.s
        box = pixel_rect(lay.info)
        size = max(10.0, min(s * 0.25, 16.0))
        line = box.h / 3
        y = box.y + line / 2
        self.scores.hide_chip()
        if turn is not None and self._records_for is not None:
            title = ("Analysis hidden" if not self.scores.shown else "Analysing…" if not records
                     else "Scores: the analysis of the selected piece's actions" if turn.selected is not None
                     else "Scores: each square's best action, ★ the analysis' pick")
            rect = self.texts.blit(surface, title, size, (box.x, y), GOLD, True, anchor="midleft", width=box.w * 0.75)
            self.scores.draw_chip(surface, self.texts, size * 0.9, (rect.right + 14, y))
            y += line
        last = self.flight.action if self.flight else self.last_action(state)
        if last is not None:
            mover = self.titles[(self.flight.state if self.flight else state).turn ^ (0 if self.flight else 1)]
            self.texts.blit(surface, f"Last action: {mover} {format_action(last)}", size, (box.x, y), PAPER,
                       anchor="midleft", width=box.w)
            y += line
        font = self.fonts(round(size * 0.92))
        left = round((box.bottom - y + line / 2) / line)
        lines = wrap(legend(fairies_present(state)), box.w, lambda t: font.size(t)[0], left)
        lines += [KEY] if len(lines) < left else []
        for text in lines:
            self.texts.blit(surface, text, size * 0.92, (box.x, y), DIM, anchor="midleft", width=box.w)
            y += line

    def _draw_flight(self, surface, flight: Flight) -> None:
        """The piece on its way, or a ring pulsing on the square acted on."""
        s, action, k = self.layout.s, flight.action, flight.progress
        if action.kind in (MOVE, ADD):
            kind = flight.state.board[action.square].kind if action.kind == MOVE else action.piece
            grown = s * 0.84 * (1 + 0.3 * k * (1 - k))  # lifted a little on its way
            self.pieces.piece(surface, flight.state.turn, kind, flight.position(self.layout), grown)
            return
        end = self.layout.centre(action.square)
        colour = STUN_RED if action.kind == STUN else GOLD if action.kind == SUCCESSION else FAIRY_RING
        layer = pygame.Surface((round(2 * s), round(2 * s)), pygame.SRCALPHA)
        pygame.draw.circle(layer, (*colour, round(230 * (1 - k))), (s, s), s * (0.35 + 0.45 * k),
                           max(3, round(s * 0.1)))
        surface.blit(layer, (end[0] - s, end[1] - s))
        label = "+1" if action.kind == STUN else "★" if action.kind == SUCCESSION else action.piece
        self.texts.blit(surface, label, s * 0.4, (end[0], end[1] - s * 0.5 * k), colour, True)


def make_view(info, fonts) -> ChesstackView:
    """The play scene's entry point: ``fonts(size, bold=False)`` supplies the fonts."""
    return ChesstackView(info, fonts)
