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
if the side to move next has no legal area; pieces left on the board score nothing.  The
board's numbers (areas, bases, paths) and the pieces' values are :mod:`.state`'s.

Choices where the spec leaves a program a question (spec §6, "Decisions for Tabula"):

- **Values** follow the *real* first mover: M 1, K/P 2, C/A 3 for the side that moved first,
  M 1, K/P 3, C/A 4 for the other side.  Scores are kept as numbers in the state.
- **Setup.**  Options ``pattern`` ("A".."E", the upstream HEAD table, or "random"; default
  "A") and ``first`` ("player"/"opponent", 0/1, or "random"; default "player").  Any random
  choice makes the initial state a chance node whose equally likely outcomes are
  :class:`~.state.Setup` values written ``"A/player"`` (one word, so a typed move list can start
  with it; ``"A player"`` and ``"A,player"`` are read too), so a recorded game replays
  without its seed.
- **Moves** are area numbers (``int``), written ``P3`` / ``O7`` (mover letter + area, as in
  the upstream logs, :mod:`.notation`); :meth:`MandragoraRules.parse` also takes a bare ``3``.
- **Result** is the score difference, zero-sum: a 21-8 game gives ``(13, -13)``; its sign
  names the winner and 0 is a draw.  Before the end it is the current margin.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..core.protocol import CHANCE, POSITION, IllegalMoveError, InvalidMoveError, Rules, start_from_position
from ..core.untrusted import shown
from .notation import format_move, read_move, read_setup
from .position import parse_position
from .state import (
    AREA_COUNT,
    BASES,
    MOVABLE,
    OPPONENT,
    PATH_LENGTH,
    PATHS,
    PATTERNS,
    PLAYER,
    SIDE_TITLES,
    SIDES,
    Board,
    MandragoraState,
    Setup,
    values_for,
)

_START = tuple({area: path.index(area) + 1 for area in MOVABLE[side]} for side, path in enumerate(PATHS))
"""Where each usable area's pieces start along the mover's path (the stop after the area)."""


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
        return format_move(state.turn, action)

    def parse(self, state: MandragoraState, text: str) -> Any:
        if state.setups:
            return self._parse_setup(state, text)
        side, area = read_move(text)
        if side is not None and side != state.turn:
            mover, named = SIDE_TITLES[state.turn], SIDE_TITLES[side]
            raise IllegalMoveError(f"{shown(text)}: it is the {mover}'s turn, not the {named}'s")
        if area is None:
            cause = IllegalMoveError if read_setup(text) else InvalidMoveError  # a setup is a move, not now
            raise cause(f"bad move {shown(text)}: expected an area such as {format_move(state.turn, 3)}")
        self._check(state, area, text)
        return area

    def _check(self, state: MandragoraState, area: Any, text: str | None = None) -> None:
        """``IllegalMoveError`` naming why ``area`` cannot be sown now (``InvalidMoveError``
        for ``text`` naming no area at all)."""
        label = shown(text) if text is not None else f"area {area!r}"
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
        setup = read_setup(text)
        if setup in state.setups:
            return setup
        allowed = ", ".join(str(s) for s in state.setups)
        if setup is None:
            area = read_move(text)[1]
            names_area = area is not None and 1 <= area <= AREA_COUNT
            cause = IllegalMoveError if names_area else InvalidMoveError  # an area is a move, not now
            raise cause(f"bad setup {shown(text)}: the game starts with the drawn pattern and first mover, "
                        f"written like {state.setups[0]} (possible: {allowed})")
        raise IllegalMoveError(f"setup {shown(text)} cannot be drawn here; possible: {allowed}")

