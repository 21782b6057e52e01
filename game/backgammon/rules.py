"""Backgammon under the common game protocol: states, dice, plays and results.

Choices where the rules of play leave a program a question:

- **Opening.**  A new game starts with the opening roll: each player throws one die, the
  higher die starts and plays both numbers (ties are rethrown, so the first roll is never a
  double).  The opening node's outcomes say who starts (``"white 31"``).  A game may instead
  be started with a fixed first player (option ``first``); its first roll is still no double.
- **No play.**  A roll with no legal play leaves the single empty play ``(no play)``, which
  passes the turn; nothing else special-cases it.
- **Results.**  Single game 1 point, gammon 2 (loser has borne off nothing), backgammon 3
  (and the loser still has a checker on the bar or in the winner's home board).
- **Cube and matches.**  Cubeless by default.  Options ``cube``, ``match_length``, ``jacoby``,
  ``beavers``, ``score`` and ``crawford_done`` give the state a :class:`~.cube.state.CubeState`
  (:mod:`.cube.rules` has the steps and the words): an unrolled turn where the player may
  double is their decision (``Roll`` or ``Doubles => 2``), a double offered is the opponent's
  (``Takes``, ``Drops``, ``Beavers => 4``); otherwise it is the dice's chance node as before.
  Points are a win's kind times the cube.  A match is one protocol game: a finished game that
  does not decide it is a chance node whose outcomes are the next game's opening rolls (the
  board still shows the game just finished); ``cube_rules.game_number`` tells games apart.
- **Resigning.**  At a decision of their own (a play, or roll or double) the player on turn
  may offer to resign a single game, a gammon or a backgammon (:mod:`.resignation.rules`);
  the opponent accepts (the game ends: the level times the cube) or declines (play goes on).
  Offers are the rules' :meth:`offers`, not legal moves, so no search considers them.

Player 0 is White, player 1 is Black; each side is stored in its own numbering (:mod:`.board`).
The state and a roll of the dice are :mod:`.state`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..core.protocol import (
    CHANCE,
    POSITION,
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidMoveError,
    MoveError,
    Rules,
    start_from_position,
)
from ..core.untrusted import shown
from .board import BAR, CHECKERS, OFF, START_SIDE, Side
from .cube import rules as cube_rules
from .cube.state import OVER, CubeAction, CubeState
from .movegen import Step, legal_plays
from .notation import format_play, parse_play
from .position import parse_position
from .resignation import rules as resign_rules
from .resignation.state import ResignAction
from .state import COLOURS, BackgammonState, Roll, win_kind


def parse_roll(text: str) -> Roll:
    """``"31"``, ``"3-1"``, ``"13"`` or (opening) ``"white 31"``; ``ValueError`` otherwise."""
    words = text.strip().lower().split()
    first = None
    if len(words) == 2 and words[0] in COLOURS:
        first = COLOURS.index(words[0])
        words = words[1:]
    digits = words[0].replace("-", "") if len(words) == 1 else ""
    if len(digits) != 2 or not digits.isdigit() or not all("1" <= c <= "6" for c in digits):
        raise ValueError(f"bad dice {shown(text)}: expected two digits 1-6, such as 31")
    return Roll.of(int(digits[0]), int(digits[1]), first)


def with_dice(state: "BackgammonState", dice: str | None) -> "BackgammonState":
    """``state`` with the roll ``dice`` ("31"); ``None`` keeps the position's own dice.

    ``ValueError`` for a bad roll, or when ``dice`` is ``None`` and the position has none."""
    if dice is None:
        if state.dice is None:
            raise ValueError("no dice: give --dice (e.g. --dice 31); the position has none")
        return state
    roll = parse_roll(dice)
    if state.cube is not None:
        if state.cube.phase in ("offered", OVER):
            raise ValueError("no dice in this position: " + ("a double is offered" if state.cube.phase == "offered"
                                                               else "the game is over"))
        return replace(state, dice=(roll.high, roll.low), cube=replace(state.cube, phase="rolling"))
    return replace(state, dice=(roll.high, roll.low))


@dataclass(frozen=True, slots=True)
class Play:
    """A move: the checker steps of one turn, ``(source, target)`` in the mover's numbering.
    Its ``repr`` is its notation without hit marks (which only the position knows)."""

    steps: tuple[Step, ...] = ()

    def __repr__(self) -> str:
        return f"Play({format_play(self.steps, frozenset())})"



_new_state = object.__new__


def _cubeless(sides: tuple[Side, Side], turn: int | None, dice: tuple[int, int] | None,
              opening: bool = False) -> BackgammonState:
    """``BackgammonState(sides, turn, dice, opening)`` at half the cost, for the search's hot
    path: a frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``;
    this fills the instance dict, and ``cube`` reads its class default ``None``.  With
    ``cube`` left out of the hash too, cubeless play costs no more than before the cube."""
    state = _new_state(BackgammonState)
    values = state.__dict__
    values["sides"] = sides
    values["turn"] = turn
    values["dice"] = dice
    values["opening"] = opening
    return state


_PLAYS: dict[tuple[Step, ...], Play] = {}
"""Play objects by their steps: a play is an immutable value, and a search meets the same
steps again and again; kept below :data:`_PLAYS_KEPT` entries."""
_PLAYS_KEPT = 200_000


def _play(steps: tuple[Step, ...]) -> Play:
    """``Play(steps)``, shared (building a frozen dataclass costs what generating it does)."""
    play = _PLAYS.get(steps)
    if play is None:
        if len(_PLAYS) >= _PLAYS_KEPT:
            _PLAYS.clear()
        play = _PLAYS[steps] = Play(steps)
    return play


def _with_cube(sides: tuple[Side, Side], turn: int, cube: CubeState) -> BackgammonState:
    """``BackgammonState(sides, turn, None, False, cube)`` as cheaply as :func:`_cubeless`
    (the state after a play in a game with the cube, the cube search's hot path)."""
    state = _cubeless(sides, turn, None)
    state.__dict__["cube"] = cube
    return state


def _unreadable(text: str, error: ValueError) -> MoveError:
    """The error for ``text`` that is not the kind of action due (a roll, a play or a cube
    decision): :class:`IllegalMoveError` if it is written as another kind, such as a play
    while the dice are due, :class:`InvalidMoveError` if it is written as no action at all."""
    if cube_rules.is_cube_word(text):
        return IllegalMoveError(str(error))
    for read in (parse_roll, parse_play):
        try:
            read(text)
        except ValueError:
            continue
        return IllegalMoveError(str(error))
    return InvalidMoveError(str(error))


def _after(me: Side, opp: Side, steps: Sequence[Step]) -> tuple[Side, Side, frozenset[int]]:
    """Apply checker steps; return both sides after and the points hit.  Checks each step."""
    mine, theirs, hits = list(me), list(opp), set()
    for source, target in steps:
        if not (1 <= source <= 25 and 0 <= target < source):
            raise IllegalMoveError(f"no such step {source}/{target}")
        if not mine[source]:
            raise IllegalMoveError(f"no checker on {'the bar' if source == BAR else source}")
        if mine[BAR] and source != BAR:
            raise IllegalMoveError("a checker on the bar must enter first")
        if target != OFF:
            there = theirs[25 - target]
            if there >= 2:
                raise IllegalMoveError(f"point {target} is blocked")
            if there == 1:
                theirs[25 - target] = 0
                theirs[BAR] += 1
                hits.add(target)
        mine[source] -= 1
        mine[target] += 1
    return tuple(mine), tuple(theirs), frozenset(hits)


class BackgammonRules(Rules[BackgammonState, Any]):
    """The rules of backgammon: cubeless by default, or with the cube (money game or match)."""

    name = "backgammon"
    option_names = ("first",) + cube_rules.CUBE_OPTIONS + (POSITION,)
    flag_options = ("cube", "jacoby", "beavers", "crawford_done")
    list_options = ("score",)
    text_options = (POSITION,)

    def initial_state(self, options: dict[str, Any] | None = None) -> BackgammonState:
        """The opening position with the cube the options ask for; or, with the ``position``
        option, the state its GNU ID, ``posid:matchid`` or XGID gives (cube, score and dice
        included: :mod:`.position`)."""
        options = options or {}
        if options.get(POSITION) is not None:
            return start_from_position(self, options, parse_position)
        first = options.get("first")
        if isinstance(first, str) and first.lower() in COLOURS:
            first = COLOURS.index(first.lower())
        if not (first is None or (type(first) is int and first in (0, 1))):  # not 1.0, not True
            raise ValueError(f"first player must be white or black (0 or 1), got {first!r}")
        cube = cube_rules.cube_from_options(options)
        return BackgammonState((START_SIDE, START_SIDE), first, None, opening=True, cube=cube)

    def to_move(self, state: BackgammonState) -> int:
        if state.resign is not None and state.resign.pending:
            return 1 - state.turn
        if state.dice is not None:
            return state.turn
        return CHANCE if state.cube is None else cube_rules.to_move(state)

    def chance_outcomes(self, state: BackgammonState) -> list[tuple[Roll, float]]:
        if state.turn is None or (state.cube is not None and state.cube.phase == OVER):
            return [(Roll(h, l, p), 1 / 30) for p in (0, 1) for h in range(6, 0, -1) for l in range(h - 1, 0, -1)]
        if state.opening:
            return [(Roll(h, l), 1 / 15) for h in range(6, 0, -1) for l in range(h - 1, 0, -1)]
        return [(Roll(h, l), (1 if h == l else 2) / 36) for h in range(6, 0, -1) for l in range(h, 0, -1)]

    def legal_moves(self, state: BackgammonState) -> list[Play | CubeAction | ResignAction]:
        if state.resign is not None and state.resign.pending:
            return [resign_rules.ACCEPT, resign_rules.DECLINE]
        if state.dice is None and state.cube is not None:
            return cube_rules.legal_actions(state)
        return [play for play, _ in self.successors(state)]

    def successors(self, state: BackgammonState) -> list[tuple[Play | CubeAction, BackgammonState]]:
        """Every legal move with the state it leads to (what search wants, computed once)."""
        if state.resign is not None and state.resign.pending:
            return [(action, resign_rules.apply_action(state, action)) for action in self.legal_moves(state)]
        if state.dice is None:
            if state.cube is None:
                return []
            return [(action, cube_rules.apply_action(state, action)) for action in cube_rules.legal_actions(state)]
        if self.is_over(state):
            return []
        turn = state.turn
        plays = legal_plays(state.sides[turn], state.sides[1 - turn], *state.dice)
        if state.cube is not None:
            return [(_play(steps), self._next(state, after, opp_after)) for steps, after, opp_after in plays]
        # The cubeless states built in line (what _next and _cubeless do), a search's hot loop.
        other = 1 - turn
        successors = []
        for steps, after, opp_after in plays:
            nxt = _new_state(BackgammonState)
            values = nxt.__dict__
            values["sides"] = (after, opp_after) if turn == 0 else (opp_after, after)
            values["turn"] = turn if after[OFF] == CHECKERS else other
            values["dice"] = None
            values["opening"] = False
            successors.append((_play(steps), nxt))
        return successors

    def _next(self, state: BackgammonState, me: Side, opp: Side) -> BackgammonState:
        sides = (me, opp) if state.turn == 0 else (opp, me)
        over = me[OFF] == CHECKERS
        cube = state.cube
        if cube is None:
            return _cubeless(sides, state.turn if over else 1 - state.turn, None)
        if over:
            after = BackgammonState(sides, state.turn, None, False, cube)
            return cube_rules.end_game(after, state.turn, cube.points(self.win_kind(after)))
        return _with_cube(sides, 1 - state.turn, cube_rules.after_play(cube, 1 - state.turn))

    def offers(self, state: BackgammonState) -> tuple[ResignAction, ...]:
        """The resignations the player on turn may offer (:func:`.resignation.rules.offers`)."""
        return resign_rules.offers(state)

    def apply(self, state: BackgammonState, action: Any) -> BackgammonState:
        if isinstance(action, ResignAction):
            return resign_rules.apply_action(state, action)
        if state.resign is not None and state.resign.pending:
            raise IllegalMoveError("a resignation is offered: accept or decline it first")
        if isinstance(action, Roll):
            if state.dice is not None:
                raise IllegalMoveError("the dice are already rolled")
            if state.cube is not None:
                return self._cube_roll(state, action)
            if (state.turn is None) != (action.first is not None):
                raise IllegalMoveError(f"roll {action} does not fit this chance node")
            if state.opening and action.is_double:
                raise IllegalMoveError("the opening roll cannot be a double")
            turn = state.turn if action.first is None else action.first
            return _cubeless(state.sides, turn, (action.high, action.low), state.opening)
        if isinstance(action, CubeAction):
            if state.cube is None:
                raise IllegalMoveError("this game is played without the cube")
            return cube_rules.apply_action(state, action)
        if not isinstance(action, Play):
            raise IllegalMoveError(f"not a backgammon action: {action!r}")
        if state.dice is None:
            raise IllegalMoveError("roll the dice before moving")
        me, opp, _ = _after(state.on_roll, state.opponent, action.steps)
        return self._next(state, me, opp)

    def _cube_roll(self, state: BackgammonState, action: Roll) -> BackgammonState:
        """The dice in a game with the cube: a decision must come first; between the games
        of a match the roll is the next game's opening roll."""
        if self.to_move(state) != CHANCE:
            raise IllegalMoveError("a cube decision comes first: " + " or ".join(
                cube_rules.notation(state, a) for a in cube_rules.legal_actions(state)))
        between = state.cube.phase == OVER
        if between and state.cube.finished:
            raise IllegalMoveError("the game is over")
        if (state.turn is None or between) != (action.first is not None):
            raise IllegalMoveError(f"roll {action} does not fit this chance node")
        if (state.opening or between) and action.is_double:
            raise IllegalMoveError("the opening roll cannot be a double")
        if between:
            return cube_rules.next_game(state, action)
        turn = state.turn if action.first is None else action.first
        return BackgammonState(state.sides, turn, (action.high, action.low), state.opening, state.cube, state.resign)

    def is_over(self, state: BackgammonState) -> bool:
        if state.cube is None:
            return state.winner is not None or (state.resign is not None and state.resign.accepted)
        return state.cube.finished

    def result(self, state: BackgammonState) -> tuple[float, float]:
        """Points per player: the win's kind (cubeless), times the cube (money), or +1 / -1
        for the winner of a match."""
        if state.cube is not None:
            if not state.cube.finished:
                return (0.0, 0.0)
            winner = state.cube.match_winner
            if winner is None:
                winner, points = state.cube.result
            else:
                points = 1
            return (float(points), -float(points)) if winner == 0 else (-float(points), float(points))
        winner, points = self.game_result(state)
        if winner is None:
            return (0.0, 0.0)
        return (float(points), -float(points)) if winner == 0 else (-float(points), float(points))

    def game_result(self, state: BackgammonState) -> tuple[int | None, int]:
        """``(winner, points)`` of a cubeless game: borne off (the win's kind) or resigned
        (the level accepted); ``(None, 0)`` while it goes on."""
        resigned = resign_rules.accepted(state)
        if resigned is not None:
            return 1 - state.turn, resigned.level
        winner = state.winner
        return (None, 0) if winner is None else (winner, self.win_kind(state))

    def win_kind(self, state: BackgammonState) -> int:
        """1 single, 2 gammon, 3 backgammon (0 while the game is on): :func:`.state.win_kind`."""
        return win_kind(state)

    def notation(self, state: BackgammonState, action: Any) -> str:
        if isinstance(action, Roll):
            return str(action)
        if isinstance(action, CubeAction):
            return cube_rules.notation(state, action)
        if isinstance(action, ResignAction):
            return resign_rules.notation(state, action)
        _, _, hits = _after(state.on_roll, state.opponent, action.steps)
        return format_play(action.steps, hits)

    def parse(self, state: BackgammonState, text: str) -> Any:
        if resign_rules.pending(state) or resign_rules.is_offer_word(text):
            return resign_rules.parse(state, text)
        if state.dice is None and state.cube is not None and self.to_move(state) != CHANCE:
            try:
                return cube_rules.parse(state, text)
            except InvalidMoveError as error:
                raise _unreadable(text, error) from None
        if state.dice is None:
            between = state.cube is not None and state.cube.phase == OVER
            if between and state.cube.finished:
                raise IllegalMoveError(f"{shown(text)}: the game is over")
            try:
                roll = parse_roll(text)
            except ValueError as error:
                raise _unreadable(text, error) from None
            if (state.turn is None or between) and roll.first is None:
                raise IllegalMoveError(f"opening roll {shown(text)} must name who starts, e.g. 'white 31'")
            if not (state.turn is None or between) and roll.first is not None:
                raise IllegalMoveError(f"{shown(text)}: only the opening roll names who starts")
            if (state.opening or between) and roll.is_double:
                raise IllegalMoveError(f"{shown(text)}: the opening roll cannot be a double")
            return roll
        return self.parse_play(state, text)

    def parse_play(self, state: BackgammonState, text: str) -> Play:
        """The legal play ``text`` names, matched by the position it leads to."""
        try:
            parsed = parse_play(text)
        except ValueError as error:
            raise _unreadable(text, error) from None
        if parsed.dice is not None and (max(parsed.dice), min(parsed.dice)) != state.dice:
            raise IllegalMoveError(f"{shown(text)} is for the roll {parsed.dice[0]}{parsed.dice[1]}, not {state.dice[0]}{state.dice[1]}")
        board = list(state.on_roll)
        for path in parsed.paths:
            if board[path[0]] <= 0:
                raise IllegalMoveError(f"illegal move {shown(text)}: no checker on {'the bar' if path[0] == BAR else path[0]}")
            board[path[0]] -= 1
            board[path[-1]] += 1
        target = tuple(board)
        # Matched on the mover's checkers after each legal play, without building the states
        # the plays lead to (``successors``): a match file's import parses every move.
        plays = [] if self.is_over(state) else \
            legal_plays(state.sides[state.turn], state.sides[1 - state.turn], *state.dice)
        candidates = [_play(steps) for steps, after, _ in plays if after == target]
        if len(candidates) > 1:
            marked = [p for p in candidates if parsed.hits <= self._hits(state, p)]
            exact = [p for p in marked if self._hits(state, p) == parsed.hits]
            candidates = exact if len(exact) == 1 else marked
        if len(candidates) == 1:
            return candidates[0]
        dice = f"{state.dice[0]}{state.dice[1]}"
        if not candidates:
            legal = ", ".join(self.notation(state, p) for p in self.legal_moves(state)[:6])
            raise IllegalMoveError(f"illegal move {shown(text)} with {dice}; legal plays include: {legal}")
        options = " or ".join(self.notation(state, p) for p in candidates)
        raise AmbiguousMoveError(f"ambiguous move {shown(text)}: {options}? Mark the hits with *")

    def _hits(self, state: BackgammonState, play: Play) -> frozenset[int]:
        return _after(state.on_roll, state.opponent, play.steps)[2]
