"""Mandragora Mania under the common game protocol: areas, sowing, extra turns and results.

The board (spec §1): the Player (index 0) owns areas 1, 3, 5 and scores in base 0; the
Opponent (index 1) owns 6, 7, 8 and scores in base 9; areas 2 and 4 are shared, and either
side may sow them whoever put the pieces there.  A move names one non-empty area the mover
may use.  Its pieces are taken out and sown **last in, first out** (the top piece first),
one per stop along the mover's cyclic path of 11 stops, starting after the source's first
occurrence on that path; each piece is put on top of the area it lands on:

- Player:   1 2 3 4 5 [0] 6 4 7 2 8
- Opponent: 6 4 7 2 8 [9] 1 2 3 4 5

A piece reaching the mover's own base leaves the board and scores (every pass of a long pile
scores); the opponent's base is not on the path.  If the last piece lands in the mover's
base, the same side moves again (extra turns chain).  After each move the game ends at once
if the side to move next has no legal area; pieces left on the board score nothing.

Choices where the spec leaves a program a question (spec §6, "Decisions for Tabula"):

- **Values** follow the *real* first mover: M 1, K/P 2, C/A 3 for the side that moved first,
  M 1, K/P 3, C/A 4 for the other side.  Scores are kept as numbers in the state.
- **Setup.**  Options ``pattern`` ("A".."E", the upstream HEAD table, or "random"; default
  "A") and ``first`` ("player"/"opponent", 0/1, or "random"; default "player").  Any random
  choice makes the initial state a chance node whose equally likely outcomes are
  :class:`Setup` values written ``"A/player"`` (one word, so a typed move list can start
  with it; ``"A player"`` and ``"A,player"`` are read too), so a recorded game replays
  without its seed.
- **Moves** are area numbers (``int``), written ``P3`` / ``O7`` (mover letter + area, as in
  the upstream logs); :meth:`MandragoraRules.parse` also takes a bare ``3``.
- **Result** is the score difference, zero-sum: a 21-8 game gives ``(13, -13)``; its sign
  names the winner and 0 is a draw.  Before the end it is the current margin.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..core.protocol import CHANCE, POSITION, IllegalMoveError, InvalidMoveError, Rules, start_from_position

PLAYER, OPPONENT = 0, 1
SIDES = ("player", "opponent")
SIDE_TITLES = ("Player", "Opponent")
SIDE_LETTERS = "PO"
AREA_COUNT = 8
TOTAL_PIECES = 24
BASES = (0, 9)
SHARED_AREAS = (2, 4)
OWN_AREAS = ((1, 3, 5), (6, 7, 8))
MOVABLE = ((1, 2, 3, 4, 5), (2, 4, 6, 7, 8))
"""Areas each side may sow (own and shared), in ascending order: the order of legal moves."""
PATHS = ((1, 2, 3, 4, 5, 0, 6, 4, 7, 2, 8), (6, 4, 7, 2, 8, 9, 1, 2, 3, 4, 5))
PATH_LENGTH = 11
_START = tuple({area: path.index(area) + 1 for area in MOVABLE[side]} for side, path in enumerate(PATHS))
DISTANCE = tuple(
    {area: path.index(BASES[side]) - path.index(area) for area in MOVABLE[side]} for side, path in enumerate(PATHS)
)
"""Stops from each usable area to the side's own base (Player 1:5 … 5:1, Opponent 6:5 … 8:1)."""

PIECES = "MKPCA"
PIECE_NAMES = {"M": "Mandragora", "K": "Korrigan", "P": "Pachypodium", "C": "Citrillus", "A": "Adenium"}
FIRST_MOVER_VALUES = {"M": 1, "K": 2, "P": 2, "C": 3, "A": 3}
SECOND_MOVER_VALUES = {"M": 1, "K": 3, "P": 3, "C": 4, "A": 4}

PATTERNS = {
    "A": ("MCM", "MMM", "PMP", "MMM", "MMM", "MAM", "KMK", "MMM"),
    "B": ("MMM", "MCM", "MMM", "MAM", "PMP", "MMM", "MMM", "KMK"),
    "C": ("MMM", "MCM", "PMP", "MAM", "MMM", "MMM", "KMK", "MMM"),
    "D": ("MMM", "PMK", "MCM", "KMK", "MMM", "MMM", "MAM", "MMM"),
    "E": ("PMP", "MMM", "MCM", "MMM", "MMM", "KMK", "MAM", "MMM"),
}
"""Starting patterns (upstream HEAD code table), areas 1..8, each pile bottom to top."""

Board = tuple[str, ...]
"""Eight piles, area 1 first; each pile lists its pieces bottom to top (the last is sown first)."""


def values_for(side: int, first: int) -> dict[str, int]:
    """The piece values ``side`` scores with when ``first`` moved first."""
    return FIRST_MOVER_VALUES if side == first else SECOND_MOVER_VALUES


def legal_areas(board: Board, side: int) -> list[int]:
    """Non-empty areas ``side`` may sow, ascending."""
    return [area for area in MOVABLE[side] if board[area - 1]]


def sow(board: Board, side: int, area: int) -> tuple[Board, str, bool]:
    """Sow ``area`` for ``side``: the board after, the pieces scored (in order), extra turn.

    The caller checks the move is legal; an empty or foreign area raises ``IllegalMoveError``.
    """
    pile = board[area - 1] if 1 <= area <= AREA_COUNT else ""
    if not pile or area not in _START[side]:
        raise IllegalMoveError(f"{SIDE_TITLES[side]} cannot sow area {area}")
    piles = list(board)
    piles[area - 1] = ""
    path, base, stop_index = PATHS[side], BASES[side], _START[side][area]
    scored = []
    stop = area
    for piece in reversed(pile):
        stop = path[stop_index % PATH_LENGTH]
        stop_index += 1
        if stop == base:
            scored.append(piece)
        else:
            piles[stop - 1] += piece
    return tuple(piles), "".join(scored), stop == base


@dataclass(frozen=True, slots=True)
class Setup:
    """A chance outcome: the starting pattern and the side that moves first."""

    pattern: str
    first: int

    def __str__(self) -> str:
        return f"{self.pattern}/{SIDES[self.first]}"


@dataclass(frozen=True, slots=True)
class MandragoraState:
    """An immutable position.

    ``board`` holds the eight piles; ``turn`` is the side to move (0 Player, 1 Opponent);
    ``first`` is the real first mover (it fixes the piece values); ``scores`` are the points
    each side has scored.  ``setups`` is non-empty only at the chance node before the game,
    listing the equally likely :class:`Setup` outcomes.
    """

    board: Board
    turn: int = PLAYER
    first: int = PLAYER
    scores: tuple[int, int] = (0, 0)
    setups: tuple[Setup, ...] = ()

    def pile(self, area: int) -> str:
        """The pieces in ``area`` (1..8), bottom to top."""
        return self.board[area - 1]

    @staticmethod
    def start(pattern: str = "A", first: int = PLAYER) -> "MandragoraState":
        """The starting position of ``pattern`` with ``first`` to move."""
        return MandragoraState(PATTERNS[pattern], first, first)


class Step(NamedTuple):
    """What one move did: the state after, the pieces scored, their points, extra turn."""

    state: MandragoraState
    scored: str
    points: int
    extra: bool


def step(state: MandragoraState, area: int) -> Step:
    """Play ``area`` for the side to move (no legality check beyond :func:`sow`'s)."""
    side = state.turn
    board, scored, extra = sow(state.board, side, area)
    values = values_for(side, state.first)
    points = sum(values[piece] for piece in scored)
    scores = list(state.scores)
    scores[side] += points
    return Step(MandragoraState(board, side if extra else 1 - side, state.first, tuple(scores)), scored, points, extra)


def _side(value: Any, option: str) -> int | None:
    """0/1 from ``player``/``opponent`` (any case) or 0/1; ``None`` for ``random``."""
    if isinstance(value, str):
        text = value.strip().lower()
        if text == "random":
            return None
        if text in SIDES:
            return SIDES.index(text)
    elif value in (0, 1) and not isinstance(value, bool):
        return int(value)
    raise ValueError(f"option {option} must be 'player', 'opponent' or 'random', got {value!r}")


class MandragoraRules(Rules[MandragoraState, Any]):
    """The rules of Mandragora Mania (see the module docstring for the choices made)."""

    name = "mandragora"
    option_names = ("pattern", "first", POSITION)
    text_options = (POSITION,)
    max_plies = 200
    """Two players may repeat a position forever (no rule ends a loop), while finished games
    take 35-55 plies."""

    def initial_state(self, options: dict[str, Any] | None = None) -> MandragoraState:
        """The setup the options ask for (drawn at a chance node when random), or the state
        the ``position`` option's text gives (:mod:`.position`)."""
        options = options or {}
        if options.get(POSITION) is not None:
            from .position import parse_position  # it builds on these rules

            return start_from_position(self, options, parse_position)
        pattern = options.get("pattern", "A")
        pattern = pattern.strip().upper() if isinstance(pattern, str) else None
        if pattern != "RANDOM" and pattern not in PATTERNS:
            known = ", ".join(PATTERNS)
            raise ValueError(f"option pattern must be one of {known} or 'random', got {options['pattern']!r}")
        first = _side(options.get("first", "player"), "first")
        patterns = tuple(PATTERNS) if pattern == "RANDOM" else (pattern,)
        firsts = (PLAYER, OPPONENT) if first is None else (first,)
        if len(patterns) == 1 and len(firsts) == 1:
            return MandragoraState.start(pattern, first)
        setups = tuple(Setup(p, f) for p in patterns for f in firsts)
        return MandragoraState(("",) * AREA_COUNT, PLAYER, PLAYER, (0, 0), setups)

    def to_move(self, state: MandragoraState) -> int:
        return CHANCE if state.setups else state.turn

    def chance_outcomes(self, state: MandragoraState) -> list[tuple[Setup, float]]:
        if not state.setups:
            raise IllegalMoveError("not a chance node: the setup is already drawn")
        return [(setup, 1 / len(state.setups)) for setup in state.setups]

    def legal_moves(self, state: MandragoraState) -> list[int]:
        return [] if state.setups else legal_areas(state.board, state.turn)

    def successors(self, state: MandragoraState) -> list[tuple[int, MandragoraState]]:
        """Every legal move with the state it leads to (what search wants, computed once)."""
        return [(area, step(state, area).state) for area in self.legal_moves(state)]

    def apply(self, state: MandragoraState, action: Any) -> MandragoraState:
        if state.setups:
            if action not in state.setups:
                raise IllegalMoveError(f"{action!r} is not a setup this chance node can draw")
            return MandragoraState.start(action.pattern, action.first)
        return self.step(state, action).state

    def step(self, state: MandragoraState, area: Any) -> Step:
        """Play a legal ``area``, reporting what it scored; ``IllegalMoveError`` otherwise."""
        self._check(state, area)
        return step(state, area)

    def is_over(self, state: MandragoraState) -> bool:
        return not state.setups and not legal_areas(state.board, state.turn)

    def result(self, state: MandragoraState) -> tuple[float, float]:
        margin = float(state.scores[0] - state.scores[1])
        return (margin, -margin)

    def winner(self, state: MandragoraState) -> int | None:
        """The side with the higher score, ``None`` for a tie (meaningful once the game is over)."""
        player, opponent = state.scores
        return None if player == opponent else (PLAYER if player > opponent else OPPONENT)

    def notation(self, state: MandragoraState, action: Any) -> str:
        if state.setups:
            return str(action)
        return f"{SIDE_LETTERS[state.turn]}{action}"

    def parse(self, state: MandragoraState, text: str) -> Any:
        if state.setups:
            return self._parse_setup(state, text)
        raw = text.strip().upper()
        if raw[:1] in ("P", "O"):
            side = SIDE_LETTERS.index(raw[0])
            if side != state.turn:
                mover, named = SIDE_TITLES[state.turn], SIDE_TITLES[side]
                raise IllegalMoveError(f"{text!r}: it is the {mover}'s turn, not the {named}'s")
            raw = raw[1:]
        if len(raw) != 1 or raw not in "0123456789":
            cause = IllegalMoveError if _read_setup(text) else InvalidMoveError  # a setup is a move, not now
            raise cause(f"bad move {text!r}: expected an area such as {SIDE_LETTERS[state.turn]}3")
        area = int(raw)
        self._check(state, area, text)
        return area

    def _check(self, state: MandragoraState, area: Any, text: str | None = None) -> None:
        """``IllegalMoveError`` naming why ``area`` cannot be sown now (``InvalidMoveError``
        for ``text`` naming no area at all)."""
        label = repr(text) if text is not None else f"area {area!r}"
        if state.setups:
            raise IllegalMoveError(f"{label}: the pattern and first mover are still to be drawn")
        if not isinstance(area, int) or isinstance(area, bool) or not 1 <= area <= AREA_COUNT:
            cause = IllegalMoveError if text is None else InvalidMoveError
            raise cause(f"{label}: areas are 1 to {AREA_COUNT}")
        side = state.turn
        if not legal_areas(state.board, side):
            raise IllegalMoveError(f"{label}: the game is over")
        if area not in MOVABLE[side]:
            raise IllegalMoveError(f"{label}: area {area} belongs to the {SIDE_TITLES[1 - side]}")
        if not state.board[area - 1]:
            raise IllegalMoveError(f"{label}: area {area} is empty")

    def _parse_setup(self, state: MandragoraState, text: str) -> Setup:
        setup = _read_setup(text)
        if setup in state.setups:
            return setup
        allowed = ", ".join(str(s) for s in state.setups)
        if setup is None:
            area = re.fullmatch(rf"[{SIDE_LETTERS}]?[1-{AREA_COUNT}]", text.strip().upper())
            cause = IllegalMoveError if area else InvalidMoveError  # an area is a move, not now
            raise cause(f"bad setup {text!r}: the game starts with the drawn pattern and first mover, "
                        f"written like {state.setups[0]} (possible: {allowed})")
        raise IllegalMoveError(f"setup {text!r} cannot be drawn here; possible: {allowed}")


def _read_setup(text: str) -> Setup | None:
    """The setup ``text`` is written as (``A/player``, ``a player``), in any state; else ``None``."""
    words = text.replace("/", " ").replace(",", " ").split()
    if len(words) == 2 and words[0].upper() in PATTERNS and words[1].lower() in SIDES:
        return Setup(words[0].upper(), SIDES.index(words[1].lower()))
    return None


def split_moves(text: str) -> list[str]:
    """A typed move list into actions: words, with a setup typed as two words (``"A player"``,
    as older saves wrote it) kept as one action."""
    words, actions = text.split(), []
    for word in words:
        if actions and actions[-1].upper() in PATTERNS and word.lower() in SIDES:
            actions[-1] += f"/{word}"
        else:
            actions.append(word)
    return actions
