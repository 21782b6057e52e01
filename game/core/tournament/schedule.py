"""What a tournament plays: its settings, their limits, and the fixed games they imply.

Round robin: every pair of entrants ``(i, j)``, ``i < j`` in the order given, plays
``games_per_pair`` games (an even number).  Games ``2k`` and ``2k + 1`` of a pair form
*deal* ``k``: the same chance seed with the seats swapped (entrant ``i`` in seat 0 first),
so for dice games each entrant meets exactly the dice its opponent met ("duplicate" play,
which cancels most of the luck).  Every seed is derived from ``(seed, i, j, deal)`` alone,
never from the order in which workers finish, so a tournament replays exactly.

Game ``index`` is ``pair number × games_per_pair + number``; :func:`spec_at` computes a
game from its index, and :func:`schedule` is a lazy sequence of them, so a schedule of
billions of games costs no memory.  :class:`Settings` refuses values past the limits
below with a message naming the limit.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ..untrusted import MAX_NAME, is_whole

FORMAT = 1
"""Version of the tournament folder format (stored with the settings)."""

MAX_PLAYERS = 64
"""Most entrants in one tournament (2,016 pairs)."""

MAX_GAMES_PER_PAIR = 1_000_000
"""Most games one pair plays."""

MAX_SEED = 2**64 - 1
"""Largest tournament seed (20 digits)."""

MAX_OPTIONS = 16
"""Most game options a tournament's settings may hold."""

MAX_PLIES = 100_000
"""Largest ``max_plies``: a game record that long still fits a line of ``games.jsonl``."""


def derive_seed(*parts: Any) -> int:
    """A 63-bit seed that depends only on ``parts`` (stable across runs and platforms)."""
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


@dataclass(frozen=True)
class Settings:
    """Everything that decides a tournament's games (not how many workers play them).

    ``ValueError`` for a value of the wrong type or past a limit (see the module)."""

    game: str
    players: tuple[str, ...]
    games_per_pair: int
    seed: int
    max_plies: int | None = None
    """Plies after which a game stops unfinished (a draw); ``None`` plays every game out."""
    options: dict[str, Any] = field(default_factory=dict, hash=False)  # not hashed: settings stay hashable
    """Game options every game of the schedule is played with, as the game's tournament flags
    set them (``{"match_length": 5}``; see ``TournamentPlay.flags``); which ones a game
    takes is checked by :func:`.runner.validate`, here only their form."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(self.players))
        if not isinstance(self.options, dict):
            raise ValueError("a tournament's options must be a mapping of option names to values")
        object.__setattr__(self, "options", dict(self.options))
        if len(self.options) > MAX_OPTIONS or not all(
                isinstance(k, str) and 0 < len(k) <= MAX_NAME and _simple(v) for k, v in self.options.items()):
            raise ValueError(f"a tournament's options must be at most {MAX_OPTIONS} names of at most {MAX_NAME} "
                             f"characters, each with a true/false, a whole number or a short text")
        if not (isinstance(self.game, str) and 0 < len(self.game) <= MAX_NAME):
            raise ValueError(f"a tournament's game must be a name of at most {MAX_NAME} characters")
        if len(self.players) < 2:
            raise ValueError("a tournament needs at least two players")
        if len(self.players) > MAX_PLAYERS:
            raise ValueError(f"a tournament takes at most {MAX_PLAYERS} players, got {len(self.players)}")
        if not all(isinstance(p, str) and 0 < len(p) <= MAX_NAME for p in self.players):
            raise ValueError(f"player names must be names of at most {MAX_NAME} characters")
        if not is_whole(self.games_per_pair, 2, MAX_GAMES_PER_PAIR) or self.games_per_pair % 2:
            raise ValueError(f"games per pair must be even, from 2 to {MAX_GAMES_PER_PAIR:,}, "
                             f"got {self.games_per_pair!r}")
        if not is_whole(self.seed, 0, MAX_SEED):
            raise ValueError(f"the seed must be a whole number from 0 to {MAX_SEED:,}, got {self.seed!r}")
        if self.max_plies is not None and not is_whole(self.max_plies, 1, MAX_PLIES):
            raise ValueError(f"max plies must be a whole number from 1 to {MAX_PLIES:,}, got {self.max_plies!r}")

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
        n = len(self.players)
        return n * (n - 1) // 2 * self.games_per_pair

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["players"] = list(self.players)
        if self.options:  # without options, the settings of a cubeless tournament are as before them
            data["options"] = dict(self.options)
        else:
            del data["options"]
        return {"format": FORMAT, **data}

    @staticmethod
    def from_dict(data: dict[str, Any]) -> "Settings":
        """Settings from :meth:`to_dict`'s form; ``ValueError`` for another format or bad values
        (:func:`.results.read_settings` checks a file's types first, naming the field)."""
        if data.get("format") != FORMAT:
            raise ValueError(f"unknown tournament format {data.get('format')!r} (expected {FORMAT})")
        fields: dict[str, Any] = {k: data.get(k) for k in ("game", "players", "games_per_pair", "seed", "max_plies")}
        fields["options"] = data.get("options", {})  # absent: none
        if not isinstance(fields["players"], (list, tuple)):
            raise TypeError("players must be a list of names")
        return Settings(**fields)


def _simple(value: Any) -> bool:
    """A value a tournament option may have: a bool, a whole number below 2**31 or a short text."""
    return (type(value) is bool or (type(value) is int and abs(value) < 2**31)
            or (isinstance(value, str) and len(value) <= MAX_NAME))


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


def pair_at(settings: Settings, p: int) -> tuple[int, int]:
    """The ``p``-th pair of :attr:`Settings.pairs`, without building the list."""
    n = len(settings.players)
    for i in range(n - 1):
        if p < n - 1 - i:
            return i, i + 1 + p
        p -= n - 1 - i
    raise IndexError("pair number out of range")


def spec_at(settings: Settings, index: int) -> GameSpec:
    """Game ``index`` of the schedule (``IndexError`` outside ``0 .. total_games - 1``)."""
    if not 0 <= index < settings.total_games:
        raise IndexError(f"game index {index} out of range")
    p, number = divmod(index, settings.games_per_pair)
    i, j = pair_at(settings, p)
    deal = number // 2
    seats = (i, j) if number % 2 == 0 else (j, i)
    chance = derive_seed(settings.seed, i, j, deal)
    first, second = (derive_seed(settings.seed, i, j, deal, "player", e) for e in seats)
    return GameSpec(index, (i, j), number, seats, chance, (first, second))


class Schedule(Sequence):
    """Every game of a tournament by index, each computed when asked for (see :func:`spec_at`)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    def __len__(self) -> int:
        return self.settings.total_games

    def __getitem__(self, index):  # an int or a slice, as for a list
        if isinstance(index, slice):
            return [spec_at(self.settings, k) for k in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        return spec_at(self.settings, index)

    def __iter__(self) -> Iterator[GameSpec]:
        return (spec_at(self.settings, k) for k in range(len(self)))


def schedule(settings: Settings) -> Schedule:
    """Every game of the tournament, by index (a lazy sequence)."""
    return Schedule(settings)


def playing_order(settings: Settings, done: frozenset[int] | set[int] = frozenset()) -> Iterator[GameSpec]:
    """The games whose index is not in ``done``, deal by deal across the pairs: deal 0 of every
    pair (both seatings together), then deal 1, ...  Lazy: the first game comes at once
    however long the schedule."""
    gpp, pairs = settings.games_per_pair, settings.pairs
    for deal in range(gpp // 2):
        for p in range(len(pairs)):
            for number in (2 * deal, 2 * deal + 1):
                index = p * gpp + number
                if index not in done:
                    yield spec_at(settings, index)
