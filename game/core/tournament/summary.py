"""From finished game records to per-pair statistics and standings.

- A *win* is a game where the entrant scored more points than its opponent; equal points
  (and games stopped unfinished, which score 0 each) are *draws*.  Backgammon has none.
- Points per game are from the first entrant's (``a``'s) side.  Its 95% interval counts
  each deal (the two seatings sharing a chance seed) as one observation — the mean of its
  games — because duplicate games are not independent: mean ± 1.96·s/√deals.  (While a
  deal is half played, the mean is over deals, not games.)
- ``p_equal`` is the two-sided p-value of the exact binomial test of "each wins half"
  on the decisive games, draws left out: a sign test (:func:`.stats.sign_test_p`), at
  most 1, and 1 for an even split; ``None`` when there is none.  (Seed 002's own formula,
  :func:`.stats.binomial_equal_p`, exceeds 1 for an even split.)
- ``a_win_rate`` is A's share of the games (a draw counts half) with its Wilson 95% interval
  (:func:`.stats.wilson_interval`): in a match tournament, where each game is a match, the
  match win rate.  It treats games as independent (the two seatings of a deal are not).
- In a match tournament (records with a match tally, ``TournamentPlay.tally``) the pair also
  has ``match_games``, the games its matches took, and ``a_match_points_per_game``, A's points
  minus B's over them per game (no interval: a ratio over matches of unequal length).
- Ratings: Bradley–Terry over every game (a draw is half a win each), see
  :func:`.stats.bradley_terry`; standings are ranked by rating, then points per game.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from .schedule import Settings
from .stats import SIGN_TEST, Interval, bradley_terry, mean_interval, sign_test_p, wilson_interval


def points_of(record: dict[str, Any], entrant: int) -> float:
    """Points the entrant scored in a game record (0 for an unfinished game)."""
    result = record["result"]
    return 0.0 if result is None else float(result[record["seats"].index(entrant)])


@dataclass(frozen=True)
class PairStats:
    a: str
    b: str
    games: int
    a_wins: int
    b_wins: int
    draws: int
    a_points: Interval
    p_equal: float | None
    match_games: int = 0
    """Games played within the pair's matches (records with a match tally; 0 without)."""
    a_match_points: float = 0.0
    """A's points minus B's over those games."""

    @property
    def a_win_rate(self) -> float | None:
        """A's share of the games, a draw counting half (``None`` before any game)."""
        return (self.a_wins + self.draws / 2) / self.games if self.games else None

    @property
    def a_win_rate_ci95(self) -> tuple[float, float] | None:
        """The Wilson 95% interval of :attr:`a_win_rate` (``None`` before any game)."""
        return wilson_interval(self.a_wins + self.draws / 2, self.games)

    def to_dict(self) -> dict[str, Any]:
        ci = None if self.a_points.low is None else [self.a_points.low, self.a_points.high]
        rate_ci = self.a_win_rate_ci95
        return {"a": self.a, "b": self.b, "games": self.games, "a_wins": self.a_wins, "b_wins": self.b_wins,
                "draws": self.draws, "a_points_per_game": self.a_points.mean, "a_points_ci95": ci,
                "p_equal": self.p_equal, "a_win_rate": self.a_win_rate,
                "a_win_rate_ci95": None if rate_ci is None else list(rate_ci), "match_games": self.match_games,
                "a_match_points_per_game": self.a_match_points / self.match_games if self.match_games else None}


@dataclass(frozen=True)
class Standing:
    rank: int
    player: str
    games: int
    wins: int
    losses: int
    draws: int
    points_per_game: float
    elo: float
    elo_ci95: tuple[float, float]

    def to_dict(self) -> dict[str, Any]:
        return {"rank": self.rank, "player": self.player, "games": self.games, "wins": self.wins,
                "losses": self.losses, "draws": self.draws, "points_per_game": self.points_per_game,
                "elo": self.elo, "elo_ci95": list(self.elo_ci95)}


@dataclass(frozen=True)
class Summary:
    settings: Settings
    games_played: int
    pairs: list[PairStats]
    standings: list[Standing]

    @property
    def complete(self) -> bool:
        return self.games_played == self.settings.total_games

    def to_dict(self) -> dict[str, Any]:
        """The tournament's JSON form (documented in :mod:`game.cli.tournament`)."""
        return {"settings": self.settings.to_dict(), "games_played": self.games_played,
                "games_total": self.settings.total_games, "complete": self.complete, "p_equal_test": SIGN_TEST,
                "pairs": [p.to_dict() for p in self.pairs], "standings": [s.to_dict() for s in self.standings]}


def summarize(settings: Settings, records: Sequence[dict[str, Any]]) -> Summary:
    """Statistics of the finished games (any order; they are sorted by index first)."""
    records = sorted(records, key=lambda r: r["index"])
    labels = settings.labels
    n = len(labels)
    wins = np.zeros((n, n))  # Bradley–Terry scores: a draw is half a win each
    won, drawn, played, points = [0] * n, [0] * n, [0] * n, [0.0] * n
    by_pair: dict[tuple[int, int], list[dict[str, Any]]] = defaultdict(list)
    for record in records:
        i, j = record["pair"]
        by_pair[i, j].append(record)
        pi, pj = points_of(record, i), points_of(record, j)
        for e, p in ((i, pi), (j, pj)):
            played[e] += 1
            points[e] += p
        if pi == pj:
            wins[i, j] += 0.5
            wins[j, i] += 0.5
            drawn[i] += 1
            drawn[j] += 1
        else:
            winner, loser = (i, j) if pi > pj else (j, i)
            wins[winner, loser] += 1
            won[winner] += 1
    pairs = [_pair_stats(labels, i, j, by_pair[i, j]) for i, j in settings.pairs]
    ratings = bradley_terry(wins)
    rows = [Standing(0, labels[e], played[e], won[e], played[e] - won[e] - drawn[e], drawn[e],
                     points[e] / played[e] if played[e] else 0.0, ratings.elo[e], ratings.interval(e))
            for e in range(n)]
    rows.sort(key=lambda r: (-round(r.elo, 6), -r.points_per_game))
    standings = [replace(row, rank=rank) for rank, row in enumerate(rows, 1)]
    return Summary(settings, len(records), pairs, standings)


def _pair_stats(labels: Sequence[str], i: int, j: int, records: list[dict[str, Any]]) -> PairStats:
    deals: dict[int, list[float]] = defaultdict(list)
    a_wins = b_wins = match_games = 0
    match_points = 0.0
    for record in records:
        pi, pj = points_of(record, i), points_of(record, j)
        if "match_games" in record:
            seat = record["seats"].index(i)
            match_games += record["match_games"]
            match_points += record["match_points"][seat] - record["match_points"][1 - seat]
        deals[record["number"] // 2].append(pi)
        a_wins += pi > pj
        b_wins += pj > pi
    per_deal = [sum(v) / len(v) for _, v in sorted(deals.items())]
    played = len(records)
    decisive = a_wins + b_wins
    p_equal = sign_test_p(a_wins, decisive) if decisive else None
    return PairStats(labels[i], labels[j], played, a_wins, b_wins, played - decisive, mean_interval(per_deal), p_equal,
                     match_games, match_points)
