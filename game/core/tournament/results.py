"""A tournament folder: its settings and one JSON line per finished game.

``settings.json`` says what the folder's tournament is; ``games.jsonl`` gets a full game
record appended (and flushed) as each game finishes, so an interrupted run loses nothing
and a rerun on the same folder plays only the missing games.  Both are read as untrusted
(:mod:`game.core.untrusted`): bad settings refuse the folder, leaving it as it was; a bad
line of the games file (see :mod:`.records`) is moved to ``games.jsonl.bad`` on opening,
with a note in :attr:`ResultStore.notes`, and its game is played again.  A folder of
another tournament, or one in use by another run, is refused.
"""

from __future__ import annotations

import json
import os
from dataclasses import fields
from pathlib import Path
from typing import Any

from ..saves import file_in_the_way, remove_stale_temporaries, write_atomic
from ..untrusted import Fields, UntrustedFileError, is_whole, load_json, shown
from .lock import FolderLock
from .records import GamesFile, describe, read_games, seal, set_aside
from .schedule import (
    FORMAT,
    MAX_GAMES_PER_PAIR,
    MAX_PLAYERS,
    MAX_PLIES,
    MAX_SEED,
    GameSpec,
    Settings,
)

SETTINGS_FILE = "settings.json"
GAMES_FILE = "games.jsonl"


def game_record(spec: GameSpec, settings: Settings, record: Any, tally: Any = None) -> dict[str, Any]:
    """The JSON line of a finished game (``record`` is a match :class:`GameRecord`); with a
    ``tally`` ``(games, (points, points))`` (``TournamentPlay.tally``), also the games the
    match took and the points each seat scored in them (``match_games``, ``match_points``);
    sealed with its checksum (:func:`.records.seal`)."""
    labels = settings.labels
    extra = {} if tally is None else {"match_games": tally[0], "match_points": list(tally[1])}
    return seal({
        "index": spec.index,
        "pair": list(spec.pair),
        "number": spec.number,
        "seats": list(spec.seats),
        "players": [labels[e] for e in spec.seats],
        "seed": spec.seed,
        "player_seeds": list(spec.player_seeds),
        "options": record.options,
        "actions": record.actions,
        "result": None if record.result is None else list(record.result),
        "plies": record.plies,
        **extra,
    })


SETTINGS_LIMIT = 64 << 10
"""Largest ``settings.json`` read (bytes); Tabula's own are a few hundred."""


class GamesFileError(ValueError):
    """``games.jsonl`` could not be written: the games before are kept; the message says why."""


def read_settings(folder: Path) -> Settings:
    """The settings stored in a tournament folder; ``ValueError`` saying what is wrong if it
    holds none or bad ones (the file is only read)."""
    path = folder / SETTINGS_FILE
    try:
        data = load_json(path, SETTINGS_LIMIT, "tournament settings file")
        f = Fields(data, SETTINGS_FILE, "tournament settings file")
        if not is_whole(data.get("format"), FORMAT, FORMAT):
            raise f.error("format", f"{FORMAT}, this version's tournament format")
        if not f.has("max_plies"):
            raise f.error("max_plies", "a whole number or null")
        f.text("game")
        f.texts("players", range(2, MAX_PLAYERS + 1))
        f.whole("games_per_pair", 2, MAX_GAMES_PER_PAIR)
        f.whole("seed", 0, MAX_SEED)
        f.whole("max_plies", 1, MAX_PLIES, optional=True)
        if f.has("options"):  # folders from before the options have none: no options
            f.object("options")
        try:
            return Settings.from_dict(data)
        except ValueError as error:
            raise UntrustedFileError(f"{SETTINGS_FILE}: {error}") from None
    except ValueError as error:  # UntrustedFileError included
        raise ValueError(f"{folder} is not a usable tournament folder: {error}") from None


def read_records(path: Path, settings: Settings) -> GamesFile:
    """The good game records of a ``games.jsonl`` by index, and its bad lines (see :mod:`.records`);
    ``ValueError`` if it is not a regular file."""
    try:
        return read_games(path, settings)
    except UntrustedFileError as error:
        raise ValueError(f"{path.parent} is not a usable tournament folder: {error}") from None


def _plain(value: Any) -> Any:
    """A settings value as its JSON shows it (a list of players, not a tuple)."""
    return list(value) if isinstance(value, tuple) else value


class ResultStore:
    """The finished games of one tournament folder, keyed by game index.

    Opening it creates the folder if needed and takes the folder's lock (see :mod:`.lock`)
    until :meth:`close` (or the end of a ``with`` block), so a second run on the same
    folder is refused instead of interleaving its games.  Every problem with the folder
    (a file in its place, no permission, another tournament, another run, bad settings) is
    a ``ValueError`` whose message can be shown as is.  Bad lines of the games file are set
    aside on opening; :attr:`notes` says so, for the user.
    """

    def __init__(self, folder: str | os.PathLike, settings: Settings) -> None:
        self.folder = Path(folder)
        self.settings = settings
        self._lock: FolderLock | None = None
        self.notes: list[str] = []
        """What opening did that the user should know (bad lines set aside)."""
        try:
            self._lock = self._open_folder()
            self._check_settings()
            found = read_records(self.games_path, settings)
            if found.needs_rewrite:  # appends must start on a line of their own
                try:
                    set_aside(self.games_path, found)
                except OSError as error:
                    raise ValueError(f"cannot set aside the bad lines of {self.games_path}: "
                                     f"{error.strerror or error}") from None
            if found.bad:
                self.notes.append(describe(self.games_path, found.bad))
            self.records = found.records
        except OSError as error:  # no permission, a read-only disk, ...
            self.close()
            raise ValueError(f"cannot use {self.folder}: {error.strerror or error}") from None
        except BaseException:
            self.close()
            raise

    @property
    def games_path(self) -> Path:
        return self.folder / GAMES_FILE

    def _open_folder(self) -> FolderLock:
        blocking = file_in_the_way(self.folder)
        if blocking is not None:
            raise ValueError(f"{blocking} is a file, not a folder")
        self.folder.mkdir(parents=True, exist_ok=True)
        lock = FolderLock(self.folder)
        remove_stale_temporaries(self.folder)  # rewrites a killed run left half done
        return lock

    def _check_settings(self) -> None:
        path = self.folder / SETTINGS_FILE
        wanted = self.settings.to_dict()
        if not os.path.lexists(path):
            if os.path.lexists(self.games_path):
                raise ValueError(f"{self.folder} holds games but no {SETTINGS_FILE}; use another folder")
            write_atomic(path, json.dumps(wanted, indent=2) + "\n")
            return
        stored = read_settings(self.folder)
        if stored != self.settings:
            mine = {f.name: getattr(self.settings, f.name) for f in fields(Settings)}
            theirs = {f.name: getattr(stored, f.name) for f in fields(Settings)}
            diff = ", ".join(f"{k} {shown(_plain(v), 60)} here but {shown(_plain(theirs[k]), 60)} there"
                             for k, v in mine.items() if theirs[k] != v)
            raise ValueError(f"{self.folder} holds a tournament with different settings ({diff}); "
                             "use another folder or the same settings to resume")

    def append(self, record: dict[str, Any]) -> None:
        """Keep a finished game: its whole line is written before this returns.

        :class:`GamesFileError` (a ``ValueError``) naming the file and the reason if it cannot
        be written (no permission, a full disk); the games written before stay."""
        try:
            with self.games_path.open("a", encoding="utf-8") as out:
                out.write(json.dumps(record) + "\n")
        except OSError as error:
            raise GamesFileError(f"cannot write {self.games_path}: {error.strerror or error}") from None
        self.records[record["index"]] = record

    def sorted_records(self) -> list[dict[str, Any]]:
        """The finished games in schedule order (independent of who finished first)."""
        return [self.records[i] for i in sorted(self.records)]

    def close(self) -> None:
        """Release the folder for another run (the records stay readable here)."""
        if self._lock is not None:
            self._lock.release()

    def __enter__(self) -> "ResultStore":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

