"""The rules side of a human's Chesstack turn (no pygame): what a click or a drag may start,
where it may end, and the choices the action bar offers.

A turn is one action.  The human *selects* a source, a piece on the board or a type in their
tray (:class:`Source`), among those some legal action starts from; the board then shows its
targets (a move's squares, a placement's empty squares) and the action bar its other actions
(stun, succession, disguise).  A target or a button completes the action, or opens a
:class:`Picker` when a type must still be chosen (a promotion's, a disguise's).  Only legal
actions (``rules.legal_moves``) are ever offered, so whatever the builder returns is legal.
"""

from __future__ import annotations

from collections import defaultdict
from typing import NamedTuple

from ..notation import ADD, DISGUISE, MOVE, STUN, SUCCESSION, Action
from ..pieces import NAMES, square_name
from ..rules import ChesstackRules
from ..state import ChesstackState

BOARD, TRAY = "board", "tray"
BUTTONS = ((STUN, "stun", "Stun +1"), (SUCCESSION, "suc", "Succession"), (DISGUISE, "dis", "Disguise…"))
"""Action kind, bar key and label of the buttons a selected piece may show, in order."""
CANCEL = "cancel"


class Source(NamedTuple):
    """Where an action starts: a piece on the board (``square``) or a type in the tray (``kind``)."""

    where: str
    square: int = -1
    kind: str = ""

    @staticmethod
    def board(square: int) -> "Source":
        return Source(BOARD, square, "")

    @staticmethod
    def tray(kind: str) -> "Source":
        return Source(TRAY, -1, kind)


class Picker(NamedTuple):
    """A choice of type still to make: ``title`` asks it, ``square`` is the square concerned
    (a promotion's target, the disguised piece), ``choices`` holds one action per type."""

    title: str
    square: int
    choices: tuple[Action, ...]


Hit = tuple[str, object] | None
"""What is under the pointer: ``("bar", key)``, ``("tray", kind)``, ``("square", sq)`` or ``None``."""
DRAG_PIXELS = 6
"""How far a pressed pointer moves before the press is a drag."""


class TurnBuilder:
    """A human's action in the making: a selected :class:`Source`, maybe a :class:`Picker`, and
    the pointer's press or drag; :attr:`chosen` is the action once complete."""

    def __init__(self, rules: ChesstackRules, state: ChesstackState) -> None:
        self.state, self.mover = state, state.turn
        self.legal = rules.legal_moves(state)
        self.selected: Source | None = None
        self.picker: Picker | None = None
        self.chosen: Action | None = None
        self.slide = True  # a clicked action slides when played; a dropped one is already there
        self.pressed: tuple[Source, tuple[int, int], bool] | None = None  # source, where, was selected
        self.drag_pos: tuple[int, int] | None = None
        self._by_square: dict[int, list[Action]] = defaultdict(list)
        self._by_type: dict[str, list[Action]] = defaultdict(list)
        for action in self.legal:
            if action.kind == ADD:
                self._by_type[action.piece].append(action)
            else:
                self._by_square[action.square].append(action)

    # -- what may be selected ---------------------------------------------------------------------
    def board_sources(self) -> set[int]:
        """Squares with a piece some action starts from (a move, or a stun on any piece)."""
        return set(self._by_square)

    def tray_kinds(self) -> list[str]:
        """Types the mover may place now."""
        return list(self._by_type)

    def actions_of(self, source: Source | None) -> list[Action]:
        """Every legal action starting from ``source``."""
        if source is None:
            return []
        found = self._by_square.get(source.square) if source.where == BOARD else self._by_type.get(source.kind)
        return list(found or ())

    def select(self, source: Source) -> bool:
        """Select ``source`` if some action starts there (any open picker closes)."""
        if not self.actions_of(source):
            return False
        self.selected, self.picker = source, None
        return True

    def clear(self) -> bool:
        """Drop the selection and any picker; True if there was one."""
        had = self.selected is not None or self.picker is not None
        self.selected = self.picker = None
        return had

    # -- targets on the board -----------------------------------------------------------------------
    def targets(self) -> dict[int, list[Action]]:
        """Squares the selection can reach, each with its actions: a move's target (several
        actions for a promotion, one per type), a placement's square."""
        found: dict[int, list[Action]] = defaultdict(list)
        for action in self.actions_of(self.selected):
            if action.kind == MOVE:
                found[action.target].append(action)
            elif action.kind == ADD:
                found[action.square].append(action)
        return dict(found)

    def choose_target(self, square: int) -> Action | None:
        """The action ending on ``square``: done at once, or a promotion picker is opened
        (``None`` then, as for a square that is no target)."""
        actions = self.targets().get(square, [])
        if len(actions) == 1:
            self.clear()
            return actions[0]
        if actions:
            piece = self.state.board[actions[0].square]
            what = NAMES[piece.kind] if piece is not None else "piece"
            move = f"{square_name(actions[0].square)}->{square_name(square)}"
            self.picker = Picker(f"{move}: promote the {what} to", square, tuple(actions))
        return None

    # -- the action bar ------------------------------------------------------------------------------
    def bar(self) -> list[tuple[str, str]]:
        """``(key, label)`` of the action bar's buttons: a picker's types, or the selected
        piece's stun, succession and disguise where legal, then ✕ (cancel) with a selection."""
        if self.picker is not None:
            return [(f"pick:{a.piece}", a.piece) for a in self.picker.choices] + [(CANCEL, "✕")]
        if self.selected is None:
            return []
        kinds = {action.kind for action in self.actions_of(self.selected)}
        return [(key, label) for kind, key, label in BUTTONS if kind in kinds] + [(CANCEL, "✕")]

    def bar_actions(self, key: str) -> list[Action]:
        """The actions a bar button stands for (a disguise's: one per type)."""
        if self.picker is not None:
            return [a for a in self.picker.choices if key == f"pick:{a.piece}"]
        kind = next((kind for kind, k, _ in BUTTONS if k == key), None)
        return [a for a in self.actions_of(self.selected) if a.kind == kind]

    def button(self, key: str) -> Action | None:
        """A bar button: the action it completes, or ``None`` (a picker opened, or cancelled:
        ✕ closes an open picker first, then drops the selection)."""
        if key == CANCEL:
            if self.picker is not None:
                self.picker = None
            else:
                self.clear()
            return None
        actions = self.bar_actions(key)
        if not actions:
            return None
        if len(actions) == 1 and (self.picker is not None or actions[0].kind != DISGUISE):
            self.clear()
            return actions[0]
        piece = self.state.board[actions[0].square]
        what = f"the royal {NAMES[piece.kind]} on {square_name(actions[0].square)}" if piece else "it"
        self.picker = Picker(f"Disguise {what} as", actions[0].square, tuple(actions))
        return None

    # -- the pointer -------------------------------------------------------------------------------------
    def down(self, hit: Hit, pos) -> str | None:
        """The left button goes down on ``hit``: a bar button; a target of the selection (the
        action ends there); a source (selected, and maybe dragged from); anything else drops
        the selection.  ``"confirm"`` once an action is complete, ``"changed"``, or ``None``."""
        where, what = hit if hit is not None else (None, None)
        self.chosen = None  # an action chosen before (and questioned by the tutor) is given up
        if where == "bar":
            return self._done(self.button(what), slide=True)
        if where == "square" and self.selected is not None and what in self.targets():
            return self._done(self.choose_target(what), slide=True)
        source = Source.tray(what) if where == "tray" else Source.board(what) if where == "square" else None
        if source is None:
            return None
        was = self.selected == source
        if self.select(source):
            self.pressed = (source, pos, was)
            return "changed"
        return "changed" if self.clear() else None  # a square or slot nothing starts from

    def motion(self, pos) -> bool:
        """The pointer moves: a press becomes a drag past :data:`DRAG_PIXELS`; True while dragging."""
        if self.pressed is None:
            return False
        start = self.pressed[1]
        if self.drag_pos is not None or abs(pos[0] - start[0]) + abs(pos[1] - start[1]) > DRAG_PIXELS:
            self.drag_pos = pos
        return self.drag_pos is not None

    def up(self, hit: Hit) -> str | None:
        """The left button comes up on ``hit``: a drag dropped on a target ends the action there
        (dropped elsewhere, the selection stays); a click on what was already selected lets it go."""
        if self.pressed is None:
            return None
        source, _, was = self.pressed
        dragged, self.pressed, self.drag_pos = self.drag_pos, None, None
        if dragged:
            square = hit[1] if hit is not None and hit[0] == "square" else None
            if self.selected == source and square in self.targets():
                return self._done(self.choose_target(square), slide=False)
            return "changed"
        if was:
            self.clear()
            return "changed"
        return None

    def cancel(self) -> bool:
        """Drop the selection, a picker and a drag (right click, Esc); True if there was one."""
        self.pressed = self.drag_pos = None
        return self.clear()

    def dragging(self) -> Source | None:
        """The source being dragged, if any."""
        return self.pressed[0] if self.pressed is not None and self.drag_pos is not None else None

    def _done(self, action: Action | None, slide: bool) -> str:
        if action is None:
            return "changed"
        self.chosen, self.slide = action, slide
        return "confirm"

    def prompt(self) -> str:
        """What to do next, in words (the action bar's text when it has no piece to describe)."""
        if self.picker is not None:
            return self.picker.title + ":"
        if self.selected is not None and self.selected.where == TRAY:
            return f"Place the {NAMES[self.selected.kind]}: click or drop it on a marked square."
        if self.tray_kinds() == ["K"] and not self.board_sources():
            return "Place your King: drag it from your tray, or click it and then a square."
        return "Your turn: drag or click a piece from your tray, or click a piece on the board."
