"""Duplicate matches between batch choosers, all games in lockstep (fast strength checks).

Deal ``k`` is two games with the same dice and the seats swapped, so each side meets the
dice the other met and most of the luck cancels.  Each game opens as backgammon does: each
seat throws one die, ties are rethrown, the higher die starts and plays both numbers.
Cubeless money scoring: 1, 2 (gammon) or 3 (backgammon) points.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ...core.tournament.schedule import derive_seed
from ...core.tournament.stats import Interval, mean_interval
from ..board import CHECKERS, OFF, START_SIDE
from ..movegen import legal_plays

__all__ = ["MatchResult", "duplicate_match", "play_lockstep"]

MAX_PLIES = 2000  # a safety net; real games end far sooner
DEALS_AT_ONCE = 500  # deals in lockstep: 1,000 games' candidate plays valued in one batch


class _Game:
    __slots__ = ("sides", "turn", "rng", "opening", "result")

    def __init__(self, seed: int) -> None:
        self.sides = [START_SIDE, START_SIDE]
        self.rng = random.Random(seed)
        self.opening = True
        self.turn = 0
        self.result: float | None = None  # points for seat 0

    def roll(self) -> tuple[int, int]:
        if self.opening:
            self.opening = False
            while True:
                d0, d1 = self.rng.randint(1, 6), self.rng.randint(1, 6)
                if d0 != d1:
                    self.turn = 0 if d0 > d1 else 1
                    return d0, d1
        return self.rng.randint(1, 6), self.rng.randint(1, 6)


def play_lockstep(seats: list[tuple[object, object]], seeds: list[int]) -> list[float]:
    """Play one game per seed, ``seats[g] = (chooser in seat 0, chooser in seat 1)``;
    return seat 0's points in each game (0 for a game stopped by the ply cap)."""
    games = [_Game(seed) for seed in seeds]
    live = list(range(len(games)))
    for _ in range(MAX_PLIES):
        if not live:
            break
        requests: dict[int, list] = {}
        for g in live:
            game = games[g]
            d1, d2 = game.roll()
            me, opp = game.sides[game.turn], game.sides[1 - game.turn]
            chooser = seats[g][game.turn]
            requests.setdefault(id(chooser), [chooser, [], []])
            entry = requests[id(chooser)]
            entry[1].append(g)
            entry[2].append((me, opp, legal_plays(me, opp, d1, d2)))
        for chooser, ids, reqs in requests.values():
            for g, req, pick in zip(ids, reqs, chooser.choose_many(reqs)):
                game = games[g]
                _, after, opp_after = req[2][pick]
                game.sides[game.turn], game.sides[1 - game.turn] = after, opp_after
                if after[OFF] == CHECKERS:
                    loser = opp_after
                    points = 1 if loser[OFF] else (3 if any(loser[19:26]) else 2)
                    game.result = float(points if game.turn == 0 else -points)
                else:
                    game.turn = 1 - game.turn
        live = [g for g in live if games[g].result is None]
    return [0.0 if game.result is None else game.result for game in games]


@dataclass(frozen=True)
class MatchResult:
    """``a``'s points in every game (deal order, two per deal) and per game on average."""

    a: str
    b: str
    points: list[float]
    per_game: Interval

    @property
    def wins(self) -> int:
        return sum(p > 0 for p in self.points)

    def line(self) -> str:
        ci = self.per_game
        bounds = "" if ci.low is None else f" [{ci.low:+.3f}, {ci.high:+.3f}]"
        return (f"{self.a} v {self.b}: {ci.mean:+.3f} points/game{bounds} over {len(self.points)} games, "
                f"{self.wins} wins ({100 * self.wins / max(1, len(self.points)):.1f}%)")


def duplicate_match(a, b, deals: int, seed: int = 0) -> MatchResult:
    """``deals`` duplicate deals (``2·deals`` games) of chooser ``a`` against ``b``, played
    :data:`DEALS_AT_ONCE` deals at a time so memory does not grow with ``deals``."""
    seat0: list[float] = []
    for start in range(0, deals, DEALS_AT_ONCE):
        seeds, seats = [], []
        for k in range(start, min(deals, start + DEALS_AT_ONCE)):
            dice = derive_seed("arena", seed, k)
            seeds += [dice, dice]
            seats += [(a, b), (b, a)]
        seat0 += play_lockstep(seats, seeds)
    points = [p if k % 2 == 0 else -p for k, p in enumerate(seat0)]
    per_deal = [(points[2 * k] + points[2 * k + 1]) / 2 for k in range(deals)]
    interval = mean_interval(per_deal)
    return MatchResult(getattr(a, "name", "a"), getattr(b, "name", "b"), points, interval)
