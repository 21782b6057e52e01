"""What the Chesstack board on screen needs beyond the rules, with no pygame: the geometry in
pixels (squares, both pocket trays, the action bar), which types a tray lists, the legend of
fairy pieces, the action that led from one position to the next, the analysis badges per
square and the events worth a banner.

The view (:mod:`.pygame_view`) draws and hit-tests with :class:`Layout`; everything here is plain
numbers so it is tested without a display.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple

from ..notation import ADD, DISGUISE, MOVE, SUCCESSION, Action, format_action
from ..pieces import NAMES, square_name
from ..rules import ChesstackRules
from ..state import TYPES, ChesstackState
from .turn import CANCEL, TRAY, Hit, TurnBuilder

ORTHODOX = ("K", "Q", "R", "B", "N", "P")
"""The chess types, in the order a chess player reads them; a tray always lists these."""
FAIRIES = tuple(kind for kind in TYPES if kind not in ORTHODOX)
MOVES = {
    "K": "one step any way", "Q": "any distance any way", "R": "any distance straight",
    "B": "any distance diagonally", "N": "knight's jump", "P": "one step forward, takes diagonally forward",
    "A": "queen + knight", "G": "hops over the first piece in a queen line", "Kr": "knight jumps repeated",
    "W": "bishop + knight", "D": "jumps 2 straight", "L": "jumps 2 diagonally", "F": "1 step diagonally",
    "C": "king + knight", "Cl": "(3, 1) jump", "Tr": "rook lines from its diagonal neighbours",
}
"""How each type moves, in a few words (the legend and the piece description)."""
FACTOR_LABELS = {
    "material": "material", "charges": "move charges", "stun": "stun", "mobility": "mobility (ready pieces)",
    "royals": "royal safety", "capture": "capture at hand", "tempo": "turn",
}
"""Readable names of the analysis' terms (the ``stacks`` evaluator's), for the hint panel's "why" section."""


# -- geometry (pixels) ------------------------------------------------------------------------------
class Box(NamedTuple):
    """A rectangle in pixels (floats); the view rounds it to a ``pygame.Rect``."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2

    def contains(self, pos) -> bool:
        return self.x <= pos[0] < self.right and self.y <= pos[1] < self.bottom


RANK_LABELS, GAP, TRAY_W = 0.42, 0.3, 2.7
FILE_LABELS, BAR_H, INFO_H, SPACE = 0.42, 0.82, 1.35, 0.12
WIDTH = RANK_LABELS + 8 + GAP + TRAY_W
HEIGHT = 8 + FILE_LABELS + SPACE + BAR_H + SPACE + INFO_H
"""The whole drawing in squares: rank numbers, board, trays; under it file letters, the action
bar and the information lines (the analysis key, the last action, the legend)."""
TRAY_H, TRAY_HEAD = 3.9, 0.62


class Layout:
    """Pixel geometry for an area ``(x, y, w, h)``: ``s`` is a square's side.  ``bottom`` is the
    side drawn at the bottom: White has a1 bottom left; for Black the board turns half round."""

    def __init__(self, area: Sequence[float], bottom: int) -> None:
        x, y, w, h = area
        self.bottom = bottom
        self.s = s = max(16.0, min(w / WIDTH, h / HEIGHT))
        left = x + (w - WIDTH * s) / 2
        top = y + max(0.0, (h - HEIGHT * s) / 2)
        self.board = Box(left + RANK_LABELS * s, top, 8 * s, 8 * s)
        tray_x = self.board.right + GAP * s
        self.trays = {1 - bottom: Box(tray_x, top, TRAY_W * s, TRAY_H * s),
                      bottom: Box(tray_x, self.board.bottom - TRAY_H * s, TRAY_W * s, TRAY_H * s)}
        self.bar = Box(left, self.board.bottom + (FILE_LABELS + SPACE) * s, WIDTH * s, BAR_H * s)
        self.info = Box(left, self.bar.bottom + SPACE * s, WIDTH * s, INFO_H * s)
        self.block = Box(left, top, WIDTH * s, HEIGHT * s)

    # -- squares
    def cell(self, sq: int) -> tuple[int, int]:
        """Column (0 left) and row (0 top) of square ``sq`` on screen."""
        f, r = sq % 8, sq // 8
        return (f, 7 - r) if self.bottom == 0 else (7 - f, r)

    def square_box(self, sq: int) -> Box:
        col, row = self.cell(sq)
        return Box(self.board.x + col * self.s, self.board.y + row * self.s, self.s, self.s)

    def centre(self, sq: int) -> tuple[float, float]:
        return self.square_box(sq).centre

    def square_at(self, pos) -> int | None:
        """The square under ``pos``, ``None`` off the board."""
        if not self.board.contains(pos):
            return None
        col = min(7, int((pos[0] - self.board.x) // self.s))
        row = min(7, int((pos[1] - self.board.y) // self.s))
        return (7 - row) * 8 + col if self.bottom == 0 else row * 8 + 7 - col

    def file_labels(self) -> list[tuple[str, tuple[float, float]]]:
        """Each file letter and where it is written (under the board)."""
        y = self.board.bottom + FILE_LABELS * self.s / 2
        return [("abcdefgh"[f], (self.centre(f)[0], y)) for f in range(8)]

    def rank_labels(self) -> list[tuple[str, tuple[float, float]]]:
        """Each rank number and where it is written (left of the board)."""
        x = self.board.x - RANK_LABELS * self.s / 2
        return [(str(r + 1), (x, self.centre(r * 8)[1])) for r in range(8)]

    # -- trays
    def tray_slots(self, colour: int, kinds: Sequence[str], fit: int = 0) -> list[tuple[str, Box]]:
        """One slot per type in ``colour``'s tray under its heading, sized as if it held ``fit``
        types (both trays alike): one column of rows, two when rows would get too thin."""
        box, s = self.trays[colour], self.s
        pad = 0.08 * s
        x, y = box.x + pad, box.y + TRAY_HEAD * s
        w, h = box.w - 2 * pad, box.bottom - pad - y
        n = max(1, len(kinds), fit)
        cols = 1 if h / n >= 0.38 * s else 2
        rows = math.ceil(n / cols)
        row = min(0.62 * s, h / rows)
        return [(kind, Box(x + (i // rows) * w / cols, y + (i % rows) * row, w / cols, row))
                for i, kind in enumerate(kinds)]

    def tray_at(self, pos, colour: int, kinds: Sequence[str], fit: int = 0) -> str | None:
        """The type of ``colour``'s tray slot under ``pos``."""
        return next((kind for kind, box in self.tray_slots(colour, kinds, fit) if box.contains(pos)), None)

    # -- the action bar
    def bar_slots(self, widths: Sequence[float]) -> list[Box]:
        """Buttons of ``widths`` (in squares) on the right of the action bar, left to right."""
        s, bar = self.s, self.bar
        h = 0.64 * s
        x = bar.right - 0.1 * s - sum(widths) * s - 0.1 * s * max(0, len(widths) - 1)
        boxes = []
        for width in widths:
            boxes.append(Box(x, bar.y + (bar.h - h) / 2, width * s, h))
            x += (width + 0.1) * s
        return boxes


# -- trays, legend, pieces in words ------------------------------------------------------------------
def tray_kinds(pocket: Sequence[int]) -> list[str]:
    """The types a tray lists: the six chess types always (0 shown dimmed, so the rows stay
    put), a fairy type only while held."""
    held = dict(zip(TYPES, pocket))
    return list(ORTHODOX) + [kind for kind in FAIRIES if held.get(kind, 0) > 0]


def trays(state: ChesstackState) -> tuple[list[str], list[str], int]:
    """Both trays' types (:func:`tray_kinds`) and the larger count, which both are sized for."""
    white, black = tray_kinds(state.pockets[0]), tray_kinds(state.pockets[1])
    return white, black, max(len(white), len(black))


def fairies_present(state: ChesstackState) -> list[str]:
    """Fairy types on the board or in a pocket, in :data:`~.state.TYPES` order."""
    on_board = {piece.kind for piece in state.board if piece is not None}
    held = {kind for pocket in state.pockets for kind, n in zip(TYPES, pocket) if n}
    return [kind for kind in FAIRIES if kind in on_board | held]


def legend(kinds: Iterable[str]) -> str:
    """``Fairy pieces: A Amazon (queen + knight) · G Grasshopper (…)``; ``""`` for none."""
    parts = [f"{kind} {NAMES[kind]} ({MOVES[kind]})" for kind in kinds]
    return "Fairy pieces: " + " · ".join(parts) if parts else ""


def describe_piece(state: ChesstackState, sq: int, titles: Sequence[str]) -> str:
    """``White Knight e4 · stun 0 · move 2``, and how a fairy type moves."""
    piece = state.board[sq]
    if piece is None:
        return ""
    royal = " ★ royal" if piece.royal else ""
    how = f" · {MOVES[piece.kind]}" if piece.kind in FAIRIES else ""
    stacks = f"stun {piece.stun} · move {piece.move}"
    return f"{titles[piece.colour]} {NAMES[piece.kind]}{royal} {square_name(sq)} · {stacks}{how}"


# -- the action between two positions ------------------------------------------------------------------
def last_action(rules: ChesstackRules, before: ChesstackState, after: ChesstackState) -> Action | None:
    """The legal action of ``before`` that leads to ``after`` (``None`` if no single one does).
    Only actions touching a square that changed are tried, so this is cheap."""
    changed = {sq for sq in range(64) if before.board[sq] != after.board[sq]}
    if not changed:
        return None
    for action in rules.legal_moves(before):
        if (action.square in changed or action.target in changed) and rules.apply(before, action) == after:
            return action
    return None


class LastAction:
    """The action that led to the game's latest state, found once per new state."""

    def __init__(self, rules: ChesstackRules) -> None:
        self.rules = rules
        self._found: tuple = (None, None, None)  # (before, after, action)

    def of(self, states: Sequence[ChesstackState] | None, state: ChesstackState) -> Action | None:
        """The action from ``states[-2]`` to ``state`` when ``state`` is ``states[-1]``."""
        if not states or len(states) < 2 or states[-1] is not state:
            return None
        before = states[-2]
        if self._found[0] is not before or self._found[1] is not state:
            self._found = (before, state, last_action(self.rules, before, state))
        return self._found[2]


def action_squares(action: Action | None) -> tuple[int, ...]:
    """The squares an action marks: a move's from and to, else the square it acts on."""
    if action is None:
        return ()
    return (action.square, action.target) if action.kind == MOVE else (action.square,)


def target_square(action: Action) -> int:
    """Where an action shows on the board: a move's target, else its square."""
    return action.target if action.kind == MOVE else action.square


def tray_slots(layout: Layout, state: ChesstackState, colour: int) -> list[tuple[str, Box]]:
    """``(type, box)`` of ``colour``'s tray in ``state``, both trays sized alike."""
    kinds = trays(state)
    return layout.tray_slots(colour, kinds[colour], kinds[2])


def tray_slot(layout: Layout, state: ChesstackState, colour: int, kind: str) -> Box | None:
    """Where ``colour``'s tray shows ``kind`` in ``state``."""
    return dict(tray_slots(layout, state, colour)).get(kind)


def path(layout: Layout, state: ChesstackState, action: Action) -> tuple[tuple[float, float], tuple[float, float]]:
    """Screen start and end of ``action`` from ``state``: a move's squares, a placement from
    its tray slot, the same point twice for an action on one square (a hint's arrow, a flight)."""
    end = layout.centre(target_square(action))
    if action.kind == MOVE:
        return layout.centre(action.square), end
    slot = tray_slot(layout, state, state.turn, action.piece) if action.kind == ADD else None
    return (slot.centre if slot else end), end


class Flight:
    """An action being shown from ``state`` over ``seconds``: a piece sliding (a move, or a
    placement from the tray) or a pulse on its square; ``messages`` are for once it has landed."""

    def __init__(self, state: ChesstackState, action: Action, seconds: float, messages: list[str]) -> None:
        self.state, self.action, self.seconds, self.messages = state, action, max(seconds, 1e-6), messages
        self.elapsed = 0.0
        self.capture = action.kind == MOVE and state.board[action.target] is not None

    @property
    def progress(self) -> float:
        """0 to 1, eased in and out."""
        k = min(1.0, self.elapsed / self.seconds)
        return k * k * (3 - 2 * k)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.seconds - 1e-9

    def position(self, layout: Layout) -> tuple[float, float]:
        start, end = path(layout, self.state, self.action)
        k = self.progress
        return start[0] + (end[0] - start[0]) * k, start[1] + (end[1] - start[1]) * k


def lifted(turn: TurnBuilder | None, flight: Flight | None):
    """What is drawn away from its place (flying or dragged): a square, or ``(colour, type)``
    of a tray, or ``None``."""
    if flight is not None and flight.action.kind in (MOVE, ADD):
        action = flight.action
        return action.square if action.kind == MOVE else (flight.state.turn, action.piece)
    source = turn.dragging() if turn is not None else None
    if source is None:
        return None
    return (turn.mover, source.kind) if source.where == TRAY else source.square


BUTTON_W, PICK_W, CANCEL_W = 2.4, 0.8, 0.66
"""Widths of the action bar's buttons, in squares: a text button, a type to pick, ✕."""


def bar_buttons(layout: Layout, turn: TurnBuilder) -> list[tuple[str, str, Box]]:
    """``(key, label, box)`` of the action bar's buttons (:meth:`~.turn.TurnBuilder.bar`)."""
    items = turn.bar()
    widths = [CANCEL_W if key == CANCEL else PICK_W if key.startswith("pick:") else BUTTON_W for key, _ in items]
    return [(key, label, box) for (key, label), box in zip(items, layout.bar_slots(widths))]


def hit(layout: Layout, turn: TurnBuilder, pos) -> Hit:
    """What is under ``pos`` for the human: a bar button, a slot of their own tray, a square."""
    key = next((key for key, _, box in bar_buttons(layout, turn) if box.contains(pos)), None)
    if key is not None:
        return "bar", key
    kind = next((kind for kind, box in tray_slots(layout, turn.state, turn.mover) if box.contains(pos)), None)
    if kind is not None:
        return "tray", kind
    square = layout.square_at(pos)
    return ("square", square) if square is not None else None


def bar_text(turn: TurnBuilder, hover: int | None, titles: Sequence[str]) -> str:
    """The action bar's words: the selected piece, else the piece under the pointer, else what to do."""
    selected = turn.selected
    if turn.picker is None and selected is not None and selected.where != TRAY:
        return describe_piece(turn.state, selected.square, titles)
    if selected is None and hover is not None and turn.state.board[hover] is not None:
        return describe_piece(turn.state, hover, titles)
    return turn.prompt()


# -- the analysis overlay ------------------------------------------------------------------------------
class Badge(NamedTuple):
    """A score shown on a square or a tray slot: the best of the actions that land there."""

    score: float
    best: bool
    """The analysis' pick (its first record) is one of them."""
    warned: bool


def warn_marks(records: Sequence[Any]) -> list[bool]:
    """Per record, whether its badge carries "⚠": when it has a warning that not every record
    shares.  A warning every action shares is about the position (a lost one: the king falls
    whatever is played), said once in the hint panel, not on every square of the board."""
    common = set.intersection(*(set(record.warnings) for record in records)) if records else set()
    return [bool(set(record.warnings) - common) for record in records]


def square_badges(records: Sequence[Any], accept: Callable[[Action], bool] | None = None) -> dict[int, Badge]:
    """Per target square (:func:`target_square`), the badge of the best record landing there
    among those ``accept`` takes (all by default).  Records come best first."""
    badges: dict[int, Badge] = {}
    warned = warn_marks(records)
    for i, record in enumerate(records):
        action = record.move
        if accept is not None and not accept(action):
            continue
        sq = target_square(action)
        if sq not in badges:
            badges[sq] = Badge(record.score, i == 0, warned[i])
    return badges


def selection_badges(turn: TurnBuilder, records: Sequence[Any]) -> dict[int, Badge]:
    """The scores on the board: a picker's choices, the selection's moves or placements, or
    without a selection each square's best action."""
    if not records:
        return {}
    if turn.picker is not None:
        return square_badges(records, lambda a: a in turn.picker.choices)
    if turn.selected is not None:
        mine = set(turn.actions_of(turn.selected))
        return square_badges(records, lambda a: a in mine and a.kind in (MOVE, ADD))
    return square_badges(records)


def tray_badges(records: Sequence[Any]) -> dict[str, Badge]:
    """Per piece type, the badge of its best placement."""
    badges: dict[str, Badge] = {}
    warned = warn_marks(records)
    for i, record in enumerate(records):
        if record.move.kind == ADD and record.move.piece not in badges:
            badges[record.move.piece] = Badge(record.score, i == 0, warned[i])
    return badges


def best_of(records: Sequence[Any], actions: Iterable[Action]) -> Badge | None:
    """The badge of the best record among ``actions`` (an action-bar button)."""
    wanted, warned = set(actions), warn_marks(records)
    return next((Badge(r.score, i == 0, warned[i]) for i, r in enumerate(records) if r.move in wanted), None)


# -- words for the banner and the status line --------------------------------------------------------------
def events(rules: ChesstackRules, state: ChesstackState, action: Action, titles: Sequence[str]) -> list[str]:
    """What is worth a banner once ``action`` has been shown: a royal taken (the stun on its
    side), a promotion, a succession, a disguise.  Nothing when the action ends the game (the
    window shows the result)."""
    if rules.is_over(rules.apply(state, action)):
        return []
    me, other = titles[state.turn], titles[1 - state.turn]
    piece = state.board[action.square] if action.kind != ADD else None
    name = NAMES[piece.kind] if piece is not None else ""
    found = []
    if action.kind == MOVE:
        victim = state.board[action.target]
        if victim is not None and victim.royal:
            found.append(f"{me} took {other}'s royal {NAMES[victim.kind]}: every {other} piece is stunned +3")
        if action.piece:
            found.append(f"{me} promoted to {NAMES[action.piece]} on {square_name(action.target)}")
    elif action.kind == SUCCESSION:
        found.append(f"{me}'s {name} on {square_name(action.square)} is now royal")
    elif action.kind == DISGUISE:
        found.append(f"{me}'s royal {name} on {square_name(action.square)} is disguised as {NAMES[action.piece]}")
    return found


def playing(state: ChesstackState, action: Action, titles: Sequence[str]) -> str:
    """The status line while an action is shown: ``White plays e2->e4…``."""
    return f"{titles[state.turn]} plays {format_action(action)}…"

