"""A review's report as values: a frozen :class:`Decision` per decision, :class:`Report` of them.

:func:`~.run.review` builds them; ``tabula review --json``, the cache and the window all
read the same record.  :meth:`Report.as_json` is the JSON shape ``tabula review --json``
prints (documented in :mod:`~.run`); :meth:`Report.from_json` reads it back, checking
its whole shape, since a cache file is untrusted.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

MARKS = ("doubtful", "bad", "very bad")
"""The marks of a decision, mildest first."""

_OPTIONAL_NUMBER = (int, float, type(None))
_OPTIONAL_TEXT = (str, type(None))


@dataclass(frozen=True)
class Alternative:
    """One ranked choice of a reviewed decision (see :mod:`~.run`): its notation, its
    ``equity`` and ``diff`` to the best in the review's units, its ``rank`` among all the
    legal choices (1 the best), whether it is the action ``played`` (the analysis may name
    an action otherwise than the game's notation: backgammon's "No double" is "Roll" in a
    match file), the depth in plies its value was searched to (a play the search's filters
    left at a shallower depth ranks below the deeper ones, as in GNU Backgammon's hint
    list), and ``chances``, the analysis' extra columns (backgammon: the mover's win and
    gammon chances), ``(key, value)`` in the analysis' order."""

    move: str
    equity: float
    diff: float
    rank: int
    played: bool = False
    plies: int = 0
    chances: tuple[tuple[str, float], ...] = ()

    def as_json(self) -> dict[str, Any]:
        """``{"move", "equity", "diff", "rank", "played", "plies", **chances}``."""
        return {"move": self.move, "equity": self.equity, "diff": self.diff, "rank": self.rank,
                "played": self.played, "plies": self.plies, **dict(self.chances)}


ALTERNATIVE_KEYS = ("move", "equity", "diff", "rank", "played", "plies")


@dataclass(frozen=True)
class CubeFigures:
    """A cube decision's figures from the deciding player's view (see :mod:`~.run`): the
    equities of no double, double/take and double/pass in the review's units, the proper
    action in GNU Backgammon's words, and in a match the same three as match winning chances."""

    nd: float
    dt: float
    dp: float
    proper: str
    nd_mwc: float | None = None
    dt_mwc: float | None = None
    dp_mwc: float | None = None

    def as_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


CUBE_TYPES: dict[str, type | tuple[type, ...]] = {
    "nd": (int, float), "dt": (int, float), "dp": (int, float), "proper": str,
    "nd_mwc": _OPTIONAL_NUMBER, "dt_mwc": _OPTIONAL_NUMBER, "dp_mwc": _OPTIONAL_NUMBER}
assert set(CUBE_TYPES) == {f.name for f in fields(CubeFigures)}


@dataclass(frozen=True)
class Settled:
    """How a close decision was settled by a rollout (the game's review does it, when asked:
    :mod:`~.run`): the ``trials`` of each line rolled out, the plies each trial was cut at
    (``truncate``, ``None``: played out), and ``equities``: ``(move, equity, half-width)`` of
    each line rolled out, best first, in the units of ``equity_lost`` (the half-width of the
    95% interval, ``None`` where there is none); ``search_lost``: what the search alone said
    the play lost, before the rollout settled it."""

    trials: int
    truncate: int | None
    equities: tuple[tuple[str, float, float | None], ...]
    search_lost: float

    def as_json(self) -> dict[str, Any]:
        """``{"trials", "truncate", "equities": [{"move", "equity", "interval"}], "search_lost"}``."""
        return {"trials": self.trials, "truncate": self.truncate,
                "equities": [{"move": m, "equity": e, "interval": h} for m, e, h in self.equities],
                "search_lost": self.search_lost}


@dataclass(frozen=True)
class Decision:
    """One reviewed decision (see :mod:`~.run` for what each field means)."""

    player: str
    kind: str
    position_id: str
    match_id: str | None
    dice: str | None
    played: str
    best: str | None
    equity_lost: float
    mark: str | None
    luck: float | None
    win_chance: float | None
    score: float | None
    rated: bool
    match_win_chance: float | None
    ply: int
    """The index in the game record's ``actions`` of the action decided: the window finds the
    decision on the game by it, never by notation."""
    alternatives: tuple[Alternative, ...] = ()
    """The best choices, best first, and the one played wherever it ranks (:mod:`~.run`)."""
    cube: CubeFigures | None = None
    """A cube decision's no double, double/take, double/pass and proper action; ``None`` elsewhere."""
    settled: Settled | None = None
    """How a rollout settled the decision (its mark, loss, best and alternatives are then the
    rollout's); ``None``: the search's alone."""

    def as_json(self) -> dict[str, Any]:
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["alternatives"] = [a.as_json() for a in self.alternatives]
        data["cube"] = None if self.cube is None else self.cube.as_json()
        data["settled"] = None if self.settled is None else self.settled.as_json()
        return data

    @property
    def played_alternative(self) -> Alternative | None:
        """The alternative of the action played (``None`` if the analysis had none)."""
        return next((a for a in self.alternatives if a.played), None)


FIELD_TYPES: dict[str, type | tuple[type, ...]] = {
    "player": str, "kind": str, "position_id": str, "match_id": _OPTIONAL_TEXT, "dice": _OPTIONAL_TEXT,
    "played": str, "best": _OPTIONAL_TEXT, "equity_lost": (int, float), "mark": _OPTIONAL_TEXT,
    "luck": _OPTIONAL_NUMBER, "win_chance": _OPTIONAL_NUMBER, "score": _OPTIONAL_NUMBER, "rated": bool,
    "match_win_chance": _OPTIONAL_NUMBER, "ply": int, "alternatives": list, "cube": (dict, type(None)),
    "settled": (dict, type(None))}
"""Each JSON field of a decision and the types it may hold (``bool`` is no number here)."""
assert set(FIELD_TYPES) == {f.name for f in fields(Decision)}


@dataclass(frozen=True)
class Report:
    """The review of one record: its players (as the report names them), each game's
    decisions in order, and per player totals (:func:`~.totals.totals`) of the whole
    record and of each game."""

    players: tuple[str, ...]
    games: tuple[tuple[int, tuple[Decision, ...]], ...]
    """``(game number, its decisions)``, by game number."""
    totals: dict[str, dict[str, Any]]
    game_totals: tuple[dict[str, dict[str, Any]], ...] = ()
    """Each game's totals, in the order of :attr:`games` (empty: not known)."""

    def totals_of(self, game: int) -> dict[str, dict[str, Any]] | None:
        """The totals of game number ``game``, ``None`` when the report has none for it."""
        for (number, _), found in zip(self.games, self.game_totals):
            if number == game:
                return found
        return None

    @property
    def decisions(self) -> list[Decision]:
        """Every decision of every game, in order."""
        return [d for _, decisions in self.games for d in decisions]

    def as_json(self) -> dict[str, Any]:
        """``{"players", "games": [{"game", "decisions": [...], "totals"}], "totals"}`` (a game's
        ``totals`` only when known)."""
        games = [{"game": number, "decisions": [d.as_json() for d in decisions]} for number, decisions in self.games]
        if len(self.game_totals) == len(games):
            for game, found in zip(games, self.game_totals):
                game["totals"] = found
        return {"players": list(self.players), "games": games, "totals": self.totals}

    @classmethod
    def from_json(cls, data: Any) -> Report:
        """The report ``data`` holds; ``ValueError`` for anything but :meth:`as_json`'s shape."""
        if not isinstance(data, dict) or set(data) != {"players", "games", "totals"}:
            raise ValueError("not a review report")
        players, games, totals = data["players"], data["games"], data["totals"]
        if not (isinstance(players, list) and all(isinstance(p, str) for p in players) and isinstance(games, list)):
            raise ValueError("a review report's players, games or totals are damaged")
        totals = _totals(totals, players)
        read = [_game(game, players) for game in games]
        known = [found for _, _, found in read if found is not None]
        if known and len(known) != len(read):
            raise ValueError("a review report's games are damaged: some have totals, some not")
        return cls(tuple(players), tuple((number, decisions) for number, decisions, _ in read), totals, tuple(known))


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _totals(totals: Any, players: list[str]) -> dict[str, dict[str, Any]]:
    """Per player totals: names and numbers (or ``None``, or a word such as a rating)."""
    if not (isinstance(totals, dict) and set(totals) == set(players) and all(
            isinstance(t, dict) and all(isinstance(k, str) and (v is None or _number(v) or isinstance(v, str))
                                        for k, v in t.items()) for t in totals.values())):
        raise ValueError("a review report's totals are damaged")
    return {player: dict(t) for player, t in totals.items()}


def _game(game: Any, players: list[str]) -> tuple[int, tuple[Decision, ...], dict | None]:
    if not (isinstance(game, dict) and set(game) in ({"game", "decisions"}, {"game", "decisions", "totals"})
            and type(game["game"]) is int and isinstance(game["decisions"], list)):
        raise ValueError("a review report's game is damaged")
    found = _totals(game["totals"], players) if "totals" in game else None
    return game["game"], tuple(_decision(d, players) for d in game["decisions"]), found


def _decision(d: Any, players: list[str]) -> Decision:
    if not (isinstance(d, dict) and set(d) == set(FIELD_TYPES) and d["player"] in players
            and all(isinstance(d[k], t) for k, t in FIELD_TYPES.items())):
        raise ValueError("a review report's decision is damaged")
    if d["equity_lost"] < 0 or (d["mark"] is not None and d["mark"] not in MARKS):
        raise ValueError("a review report's decision has a bad mark or loss")
    return Decision(**{**d, "alternatives": tuple(_alternative(a) for a in d["alternatives"]),
                       "cube": None if d["cube"] is None else _cube(d["cube"]),
                       "settled": None if d["settled"] is None else _settled(d["settled"])})


def _alternative(a: Any) -> Alternative:
    if not (isinstance(a, dict) and set(ALTERNATIVE_KEYS) <= set(a) and isinstance(a["move"], str)
            and type(a["rank"]) is int and a["rank"] >= 1 and type(a["played"]) is bool
            and type(a["plies"]) is int and a["plies"] >= 0
            and all(isinstance(k, str) and _number(v) for k, v in a.items() if k not in ("move", "played"))):
        raise ValueError("a review report's alternative is damaged")
    chances = tuple((k, v) for k, v in a.items() if k not in ALTERNATIVE_KEYS)
    return Alternative(a["move"], a["equity"], a["diff"], a["rank"], a["played"], a["plies"], chances)


def _cube(c: Any) -> CubeFigures:
    if not (isinstance(c, dict) and set(c) == set(CUBE_TYPES)
            and all(isinstance(c[k], t) and not isinstance(c[k], bool) for k, t in CUBE_TYPES.items())):
        raise ValueError("a review report's cube figures are damaged")
    return CubeFigures(**c)


def _settled(s: Any) -> Settled:
    if not (isinstance(s, dict) and set(s) == {"trials", "truncate", "equities", "search_lost"}
            and type(s["trials"]) is int and s["trials"] >= 1
            and (s["truncate"] is None or (type(s["truncate"]) is int and s["truncate"] >= 0))
            and _number(s["search_lost"]) and isinstance(s["equities"], list)
            and all(isinstance(e, dict) and set(e) == {"move", "equity", "interval"} and isinstance(e["move"], str)
                    and _number(e["equity"]) and (e["interval"] is None or _number(e["interval"]))
                    for e in s["equities"])):
        raise ValueError("a review report's settled figures are damaged")
    return Settled(s["trials"], s["truncate"], tuple((e["move"], e["equity"], e["interval"]) for e in s["equities"]),
                   s["search_lost"])
