"""What a tournament plays: its settings and the fixed list of games they imply.

Round robin: every pair of entrants ``(i, j)``, ``i < j`` in the order given, plays
``games_per_pair`` games (an even number).  Games ``2k`` and ``2k + 1`` of a pair form
*deal* ``k``: the same chance seed with the seats swapped (entrant ``i`` in seat 0 first),
so for dice games each entrant meets exactly the dice its opponent met ("duplicate" play,
which cancels most of the luck).  Every seed is derived from ``(seed, i, j, deal)`` alone,
never from the order in which workers finish, so a tournament replays exactly.
"""

from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass
from typing import Any

FORMAT = 1
"""Version of the tournament folder format (stored with the settings)."""


def derive_seed(*parts: Any) -> int:
    """A 63-bit seed that depends only on ``parts`` (stable across runs and platforms)."""
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


@dataclass(frozen=True)
class Settings:
    """Everything that decides a tournament's games (not how many workers play them)."""

    game: str
    players: tuple[str, ...]
    games_per_pair: int
    seed: int
    max_plies: int | None = None
    """Plies after which a game stops unfinished (a draw); ``None`` plays every game out."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(self.players))
        if len(self.players) < 2:
            raise ValueError("a tournament needs at least two players")
        if self.games_per_pair < 2 or self.games_per_pair % 2:
            raise ValueError(f"games per pair must be even and at least 2, got {self.games_per_pair}")

    @property
    def labels(self) -> tuple[str, ...]:
        """Entrants' display names: the player names, repeats numbered (``medium#2``)."""
        seen: dict[str, int] = {}
        labels = []
        for name in self.players:
            seen[name] = seen.get(name, 0) + 1
            labels.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
        return tuple(labels)

    @property
    def pairs(self) -> list[tuple[int, int]]:
        n = len(self.players)
        return [(i, j) for i in range(n) for j in range(i + 1, n)]

    @property
    def total_games(self) -> int:
        return len(self.pairs) * self.games_per_pair

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["players"] = list(self.players)
        return {"format": FORMAT, **data}

    @staticmethod
    def from_dict(data: dict[str, Any]) -> "Settings":
        if data.get("format") != FORMAT:
            raise ValueError(f"unknown tournament format {data.get('format')!r} (expected {FORMAT})")
        fields = {k: data[k] for k in ("game", "players", "games_per_pair", "seed", "max_plies")}
        return Settings(**fields)


def even_games(games: int) -> int:
    """``games`` rounded up to the even number the seating balance needs."""
    return games + games % 2


@dataclass(frozen=True)
class GameSpec:
    """One scheduled game: who sits where and every seed it uses."""

    index: int
    pair: tuple[int, int]
    number: int
    """The game's number within its pair (deal = number // 2)."""
    seats: tuple[int, int]
    """Entrant indices in seat order (seat 0 first)."""
    seed: int
    """Chance seed, shared by the two games of a deal."""
    player_seeds: tuple[int, int]
    """Seeds of the players in seat order; an entrant keeps its seed across a deal."""


def schedule(settings: Settings) -> list[GameSpec]:
    """Every game of the tournament, by index."""
    specs = []
    for p, (i, j) in enumerate(settings.pairs):
        for number in range(settings.games_per_pair):
            deal = number // 2
            seats = (i, j) if number % 2 == 0 else (j, i)
            chance = derive_seed(settings.seed, i, j, deal)
            player_seeds = tuple(derive_seed(settings.seed, i, j, deal, "player", e) for e in seats)
            specs.append(GameSpec(p * settings.games_per_pair + number, (i, j), number, seats, chance, player_seeds))
    return specs
