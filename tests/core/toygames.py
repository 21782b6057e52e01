"""Two tiny games under the protocol, small enough to solve by brute force in tests.

- :class:`TakeAway` (deterministic, any number of players): take 1 or 2 stones from a pile
  and score them; emptying a pile earns an extra turn.  No ``successors`` method, so searches
  use ``legal_moves`` + ``apply``.
- :class:`Race` (dice, two players): roll 1-3 (unequal odds), then run, push the opponent
  back, or split; running a 3 earns another roll; reaching 0 wins 1 point, or 2 if the loser
  has not moved up from the start (a "gammon").  Offers the ``successors`` fast path.

- :class:`Circle` (deterministic, two players, can loop forever): step a token round a
  circle or stop and score the spot's prize; stepping onto spot 0 earns another move.

Each comes with a deterministic heuristic evaluator (zero-sum for two players) whose values
look arbitrary enough that depth-limited searches disagree with each other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from game.core.protocol import CHANCE, IllegalMoveError, Rules


@dataclass(frozen=True)
class TakeState:
    piles: tuple[int, ...]
    scores: tuple[int, ...]
    turn: int


class TakeAway(Rules[TakeState, tuple[int, int]]):
    """Take-away with scores and extra turns; ``result`` is each score minus the mean."""

    name = "takeaway"

    def __init__(self, players: int = 2) -> None:
        self.num_players = players

    def initial_state(self, options: dict[str, Any] | None = None) -> TakeState:
        piles = tuple((options or {}).get("piles", (3, 4, 5)))
        return TakeState(piles, (0,) * self.num_players, 0)

    def to_move(self, state: TakeState) -> int:
        return state.turn

    def legal_moves(self, state: TakeState) -> list[tuple[int, int]]:
        return [(i, k) for i, pile in enumerate(state.piles) for k in (1, 2) if k <= pile]

    def apply(self, state: TakeState, move: tuple[int, int]) -> TakeState:
        if move not in self.legal_moves(state):
            raise IllegalMoveError(f"illegal move {move}")
        i, k = move
        piles = state.piles[:i] + (state.piles[i] - k,) + state.piles[i + 1:]
        scores = list(state.scores)
        scores[state.turn] += k
        extra = piles[i] == 0
        turn = state.turn if extra else (state.turn + 1) % self.num_players
        return TakeState(piles, tuple(scores), turn)

    def is_over(self, state: TakeState) -> bool:
        return not any(state.piles)

    def result(self, state: TakeState) -> tuple[float, ...]:
        mean = sum(state.scores) / self.num_players
        return tuple(s - mean for s in state.scores)

    def notation(self, state: TakeState, move: tuple[int, int]) -> str:
        return f"{move[1]}@{move[0]}"

    def parse(self, state: TakeState, text: str) -> tuple[int, int]:
        k, _, i = text.partition("@")
        move = (int(i), int(k))
        if move not in self.legal_moves(state):
            raise IllegalMoveError(f"illegal move {text!r}")
        return move


def take_heuristic(state: TakeState, player: int) -> float:
    """Score lead, a tempo term and a pseudo-random wobble (deterministic)."""
    n = len(state.scores)
    lead = state.scores[player] - sum(state.scores) / n
    singles = sum(1 for p in state.piles if p == 1)
    tempo = 0.5 * singles * (1 if state.turn == player else -1 / (n - 1))
    wobble = ((sum(p * (i + 3) for i, p in enumerate(state.piles)) + state.turn * 3) % 5 - 2) / 10
    own = wobble if state.turn == player else -wobble / (n - 1)
    return lead + tempo + own


def take_evaluate(states: Sequence[TakeState], player: int) -> np.ndarray:
    return np.array([take_heuristic(s, player) for s in states], dtype=float)


@dataclass(frozen=True)
class RaceState:
    dist: tuple[int, int]
    turn: int
    roll: int | None = None
    start: int = 6


ROLLS = ((1, 0.5), (2, 0.3), (3, 0.2))


class Race(Rules[RaceState, Any]):
    """A two-player dice race with pushes, splits and extra rolls."""

    name = "race"

    def initial_state(self, options: dict[str, Any] | None = None) -> RaceState:
        start = (options or {}).get("start", 6)
        return RaceState((start, start), 0, None, start)

    def to_move(self, state: RaceState) -> int:
        return CHANCE if state.roll is None else state.turn

    def chance_outcomes(self, state: RaceState) -> list[tuple[int, float]]:
        return list(ROLLS)

    def legal_moves(self, state: RaceState) -> list[str]:
        return ["run", "push"] + (["split"] if state.roll >= 2 else [])

    def successors(self, state: RaceState) -> list[tuple[str, RaceState]]:
        if state.roll is None or self.is_over(state):
            return []
        return [(move, self.apply(state, move)) for move in self.legal_moves(state)]

    def apply(self, state: RaceState, action: Any) -> RaceState:
        if state.roll is None:
            return RaceState(state.dist, state.turn, int(action), state.start)
        me, opp, r, cap = state.turn, 1 - state.turn, state.roll, state.start + 2
        dist = list(state.dist)
        if action == "run":
            dist[me] -= r
        elif action == "push":
            dist[opp] = min(dist[opp] + r, cap)
        elif action == "split" and r >= 2:
            dist[me] -= 1
            dist[opp] = min(dist[opp] + r - 1, cap)
        else:
            raise IllegalMoveError(f"illegal move {action!r}")
        again = action == "run" and r == 3 and dist[me] > 0
        return RaceState(tuple(dist), me if again else opp, None, state.start)

    def is_over(self, state: RaceState) -> bool:
        return min(state.dist) <= 0

    def result(self, state: RaceState) -> tuple[float, float]:
        winner = 0 if state.dist[0] <= 0 else 1
        points = 2.0 if state.dist[1 - winner] >= state.start else 1.0
        return (points, -points) if winner == 0 else (-points, points)

    def notation(self, state: RaceState, action: Any) -> str:
        return str(action)

    def parse(self, state: RaceState, text: str) -> Any:
        if state.roll is None:
            return int(text)
        if text not in self.legal_moves(state):
            raise IllegalMoveError(f"illegal move {text!r}")
        return text


def race_heuristic(state: RaceState, player: int) -> float:
    """Distance lead plus tempo and the roll in hand, for ``player`` (antisymmetric)."""
    lead = (state.dist[1] - state.dist[0]) / state.start
    tempo = 0.15 if state.turn == 0 else -0.15
    roll = 0.0 if state.roll is None else (state.roll - 1.7) * (0.1 if state.turn == 0 else -0.1)
    value = 0.8 * lead + tempo + roll
    return value if player == 0 else -value


def race_evaluate(states: Sequence[RaceState], player: int) -> np.ndarray:
    return np.array([race_heuristic(s, player) for s in states], dtype=float)


@dataclass(frozen=True)
class CircleState:
    spot: int
    turn: int
    stopped: bool = False


class Circle(Rules[CircleState, str]):
    """A token on a circle of prizes (player 0's points); "step" moves it on, "stop" ends the game."""

    name = "circle"

    def __init__(self, prizes: tuple[int, ...] = (0, 3, -2, 1, -4)) -> None:
        self.prizes = prizes

    def initial_state(self, options: dict[str, Any] | None = None) -> CircleState:
        return CircleState(0, 0)

    def to_move(self, state: CircleState) -> int:
        return state.turn

    def legal_moves(self, state: CircleState) -> list[str]:
        return ["step", "stop"]

    def apply(self, state: CircleState, action: str) -> CircleState:
        if action == "stop":
            return CircleState(state.spot, state.turn, True)
        spot = (state.spot + 1) % len(self.prizes)
        return CircleState(spot, state.turn if spot == 0 else 1 - state.turn)

    def is_over(self, state: CircleState) -> bool:
        return state.stopped

    def result(self, state: CircleState) -> tuple[float, float]:
        prize = float(self.prizes[state.spot])
        return (prize, -prize)

    def notation(self, state: CircleState, action: str) -> str:
        return action

    def parse(self, state: CircleState, text: str) -> str:
        return text


def circle_evaluate(states: Sequence[CircleState], player: int) -> np.ndarray:
    return np.array([(s.spot - 2) * (1 if player == 0 else -1) for s in states], dtype=float)
