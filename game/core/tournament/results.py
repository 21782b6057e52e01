"""A tournament folder: its settings and one JSON line per finished game.

``settings.json`` says what the folder's tournament is; ``games.jsonl`` gets a full game
record appended (and flushed) as each game finishes, so an interrupted run loses nothing
and a rerun on the same folder plays only the missing games.  A last line cut short by a
kill is dropped on opening; a folder of another tournament, or one in use by another run,
is refused.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from ..saves import file_in_the_way, write_atomic
from .lock import FolderLock
from .schedule import GameSpec, Settings

SETTINGS_FILE = "settings.json"
GAMES_FILE = "games.jsonl"


def game_record(spec: GameSpec, settings: Settings, record: Any) -> dict[str, Any]:
    """The JSON line of a finished game (``record`` is a match :class:`GameRecord`)."""
    labels = settings.labels
    return {
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
    }


def read_settings(folder: Path) -> Settings:
    """The settings stored in a tournament folder; ``ValueError`` if it holds none or bad ones."""
    path = folder / SETTINGS_FILE
    try:
        return Settings.from_dict(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
        raise ValueError(f"{path} is not a Tabula tournament: {error}") from None


def read_records(path: Path, total: int) -> tuple[dict[int, dict[str, Any]], bool]:
    """The game records of a ``games.jsonl`` by index, and whether the file lacks its final newline.

    Only a last line without its newline can be a write cut short by a kill: it is dropped
    if it does not parse (kept if it does).  Any other bad line is a ``ValueError`` naming it.
    """
    if not path.exists():
        return {}, False
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")  # the part after the last newline is "" or the unterminated line
    records: dict[int, dict[str, Any]] = {}
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            index = record["index"]
            if not (isinstance(index, int) and 0 <= index < total):
                raise ValueError(f"game index {index!r} out of range")
        except (ValueError, KeyError, TypeError) as error:
            if number == len(lines):  # no newline after it: cut short by an interruption
                break
            raise ValueError(f"{path} line {number} is not a game record: {error}") from None
        records[index] = record
    return records, bool(text) and not text.endswith("\n")


class ResultStore:
    """The finished games of one tournament folder, keyed by game index.

    Opening it creates the folder if needed and takes the folder's lock (see :mod:`.lock`)
    until :meth:`close` (or the end of a ``with`` block), so a second run on the same
    folder is refused instead of interleaving its games.  Every problem with the folder
    (a file in its place, no permission, another tournament, another run) is a
    ``ValueError`` whose message can be shown as is.
    """

    def __init__(self, folder: str | os.PathLike, settings: Settings) -> None:
        self.folder = Path(folder)
        self.settings = settings
        self._lock: FolderLock | None = None
        try:
            self._lock = self._open_folder()
            self._check_settings()
            self.records, unterminated = read_records(self.games_path, settings.total_games)
            if unterminated:
                self._rewrite()  # without the line cut short, so appends start on a line of their own
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
        return FolderLock(self.folder)

    def _check_settings(self) -> None:
        path = self.folder / SETTINGS_FILE
        wanted = self.settings.to_dict()
        if not path.exists():
            if self.games_path.exists():
                raise ValueError(f"{self.folder} holds games but no {SETTINGS_FILE}; use another folder")
            write_atomic(path, json.dumps(wanted, indent=2) + "\n")
            return
        stored = read_settings(self.folder).to_dict()
        if stored != wanted:
            diff = ", ".join(f"{k} {wanted.get(k)!r} here but {stored.get(k)!r} there"
                             for k in wanted if stored.get(k) != wanted.get(k))
            raise ValueError(f"{self.folder} holds a tournament with different settings ({diff}); "
                             "use another folder or the same settings to resume")

    def _rewrite(self) -> None:
        write_atomic(self.games_path, "".join(json.dumps(r) + "\n" for r in self.records.values()))

    def append(self, record: dict[str, Any]) -> None:
        """Keep a finished game: its whole line is written before this returns."""
        with self.games_path.open("a", encoding="utf-8") as out:
            out.write(json.dumps(record) + "\n")
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

