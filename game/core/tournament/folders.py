"""Where tournaments are kept by default, and finding one left unfinished.

The command line (without ``--out``) and the window use the same place,
``data_dir()/tournaments`` (``$TABULA_HOME/data/tournaments`` when that is set), so either
can see what the other started.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path

from ..saves import data_dir
from .report import RESULTS_FILE
from .results import GAMES_FILE, SETTINGS_FILE, read_records, read_settings
from .schedule import Settings


def tournaments_dir() -> Path:
    """The folder holding one folder per tournament."""
    return data_dir() / "tournaments"


def new_folder(game: str, base: Path | None = None) -> Path:
    """A fresh ``<base>/<timestamp>-<game>`` folder name (not created)."""
    base = base or tournaments_dir()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    folder, k = base / f"{stamp}-{game}", 1
    while folder.exists():
        k += 1
        folder = base / f"{stamp}-{game}-{k}"
    return folder


@dataclass(frozen=True)
class Unfinished:
    """A tournament folder with fewer finished games than its settings schedule."""

    folder: Path
    settings: Settings
    done: int


def _last_change(folder: Path) -> float:
    times = []
    for path in (folder / GAMES_FILE, folder / SETTINGS_FILE):
        try:
            times.append(path.stat().st_mtime)
        except OSError:
            pass
    return max(times, default=0.0)


def _reported_complete(folder: Path) -> bool:
    """True when the folder's results file, written after its last game, says every game
    was played: the (possibly large) games file need not be read to know it."""
    try:
        results = folder / RESULTS_FILE
        if results.stat().st_mtime < _last_change(folder):
            return False
        return json.loads(results.read_text(encoding="utf-8")).get("complete") is True
    except (OSError, ValueError, AttributeError):
        return False


def latest_unfinished(game: str, base: Path | None = None) -> Unfinished | None:
    """The most recently played unfinished tournament of ``game`` under ``base``, if any.

    Folders are tried newest first (by their last game written); unreadable ones are
    skipped, as they could not be resumed anyway, and ones whose results say they are
    complete are skipped unread (the window asks this on its drawing thread).
    """
    base = base or tournaments_dir()
    try:
        folders = [f for f in base.iterdir() if (f / SETTINGS_FILE).is_file()]
    except OSError:
        return None
    for folder in sorted(folders, key=_last_change, reverse=True):
        try:
            settings = read_settings(folder)
            if settings.game != game or _reported_complete(folder):
                continue
            records, _ = read_records(folder / GAMES_FILE, settings.total_games)
        except (OSError, ValueError):
            continue
        if len(records) < settings.total_games:
            return Unfinished(folder, settings, len(records))
    return None
