"""A tournament folder: its settings and one JSON line per finished game.

``settings.json`` says what the folder's tournament is; ``games.jsonl`` gets a full game
record appended (and flushed) as each game finishes, so an interrupted run loses nothing
and a rerun on the same folder plays only the missing games.  A line cut short by a kill
is dropped on opening; a folder of another tournament is refused.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

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


class ResultStore:
    """The finished games of one tournament folder, keyed by game index."""

    def __init__(self, folder: str | os.PathLike, settings: Settings) -> None:
        self.folder = Path(folder)
        self.settings = settings
        self.folder.mkdir(parents=True, exist_ok=True)
        self._check_settings()
        self.records: dict[int, dict[str, Any]] = self._load()

    @property
    def games_path(self) -> Path:
        return self.folder / GAMES_FILE

    def _check_settings(self) -> None:
        path = self.folder / SETTINGS_FILE
        wanted = self.settings.to_dict()
        if not path.exists():
            if self.games_path.exists():
                raise ValueError(f"{self.folder} holds games but no {SETTINGS_FILE}; use another folder")
            tmp = path.with_suffix(".tmp")
            tmp.write_text(json.dumps(wanted, indent=2) + "\n", encoding="utf-8")
            tmp.replace(path)
            return
        try:
            stored = json.loads(path.read_text(encoding="utf-8"))
            Settings.from_dict(stored)
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise ValueError(f"{path} is not a Tabula tournament: {error}") from None
        if stored != wanted:
            diff = ", ".join(f"{k} {wanted.get(k)!r} here but {stored.get(k)!r} there"
                             for k in wanted if stored.get(k) != wanted.get(k))
            raise ValueError(f"{self.folder} holds a tournament with different settings ({diff}); "
                             "use another folder or the same settings to resume")

    def _load(self) -> dict[int, dict[str, Any]]:
        if not self.games_path.exists():
            return {}
        text = self.games_path.read_text(encoding="utf-8")
        lines = text.split("\n")
        records: dict[int, dict[str, Any]] = {}
        total = self.settings.total_games
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
                index = record["index"]
                if not (isinstance(index, int) and 0 <= index < total):
                    raise ValueError(f"game index {index!r} out of range")
            except (ValueError, KeyError, TypeError) as error:
                if number == len(lines):  # the last line, cut short by an interruption
                    break
                raise ValueError(f"{self.games_path} line {number} is not a game record: {error}") from None
            records[index] = record
        if not text.endswith("\n") and text:
            self._rewrite(records)
        return records

    def _rewrite(self, records: dict[int, dict[str, Any]]) -> None:
        tmp = self.games_path.with_suffix(".tmp")
        tmp.write_text("".join(json.dumps(r) + "\n" for r in records.values()), encoding="utf-8")
        tmp.replace(self.games_path)

    def append(self, record: dict[str, Any]) -> None:
        """Keep a finished game: its whole line is written before this returns."""
        with self.games_path.open("a", encoding="utf-8") as out:
            out.write(json.dumps(record) + "\n")
        self.records[record["index"]] = record

    def sorted_records(self) -> list[dict[str, Any]]:
        """The finished games in schedule order (independent of who finished first)."""
        return [self.records[i] for i in sorted(self.records)]
