"""Where tournaments are kept by default, and finding one left unfinished.

The command line (without ``--out``) and the window use the same place,
``data_dir()/tournaments`` (``$TABULA_HOME/data/tournaments`` when that is set), so either
can see what the other started.  Folders are only read here, as untrusted files: one that
cannot be used is skipped.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from ..saves import data_dir
from ..untrusted import load_json
from .report import RESULTS_FILE
from .results import GAMES_FILE, SETTINGS_FILE, read_records, read_settings
from .schedule import Settings

RESULTS_LIMIT = 16 << 20
"""Largest ``results.json`` read (bytes); 64 players' results take about 1 MB."""


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
    damaged: int = 0
    """Lines of its games file that are no game record (set aside when it is resumed)."""


def _last_change(folder: Path) -> float:
    times = []
    for path in (folder / GAMES_FILE, folder / SETTINGS_FILE):
        try:
            times.append(path.stat().st_mtime)
        except OSError:
            pass
    return max(times, default=0.0)


def _has_settings(folder: Path) -> bool:
    try:
        return (folder / SETTINGS_FILE).is_file()
    except OSError:  # no permission to look
        return False


def _reported_complete(folder: Path) -> bool:
    """True when the folder's results file, written after its last game, says every game
    was played: the (possibly large) games file need not be read to know it."""
    try:
        results = folder / RESULTS_FILE
        if results.stat().st_mtime < _last_change(folder):
            return False
        data = load_json(results, RESULTS_LIMIT, "tournament results file")
        return isinstance(data, dict) and data.get("complete") is True
    except (OSError, ValueError):
        return False


def latest_unfinished(game: str, base: Path | None = None) -> Unfinished | None:
    """The most recently played unfinished tournament of ``game`` under ``base``, if any.

    Folders are tried newest first (by their last game written).  Unusable ones (bad
    settings, a games file that is no regular file, no permission) are skipped, as they
    could not be resumed anyway; bad lines of a games file count as missing games (and in
    ``damaged``).  Ones whose results say they are complete are skipped unread (the window
    asks this on its drawing thread).
    """
    base = base or tournaments_dir()
    try:
        folders = [f for f in base.iterdir() if _has_settings(f)]
    except OSError:
        return None
    for folder in sorted(folders, key=_last_change, reverse=True):
        try:
            settings = read_settings(folder)
            if settings.game != game or _reported_complete(folder):
                continue
            found = read_records(folder / GAMES_FILE, settings)
        except (OSError, ValueError):
            continue
        if len(found.records) < settings.total_games:
            return Unfinished(folder, settings, len(found.records), len(found.bad))
    return None
