"""The review's cache, ``<save>.review`` next to the save: its name, its key, and reading
and writing entries, complete or partial, each checked by its checksum (the file is
untrusted).  :func:`~.review.cached_review` uses it."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from ... import __version__
from ..capabilities.match_equity import MatchEquity
from ..match import GameRecord
from ..resources import weights_fingerprint
from ..saves import NAME_MAX, write_atomic
from ..untrusted import UntrustedFileError, load_json
from .report import Report

CACHE_FORMAT = "tabula-review"
CACHE_MAX_BYTES = 16_000_000
CACHE_VERSION = 10
"""Bumped whenever the report's content changes (2: ``win_chance`` and ``score``; 3: luck in
matches and of the opening roll, errors in EMG, ``rated``; 4: ``match_win_chance``; 5: the
move played searched as deep as the best; 6: ``ply``; 7: ``alternatives`` and ``cube``; 8: offers
reviewed, backgammon's resignations a kind of their own; 9: each game's totals, marks and cube
errors by kind, rating, results, partial entries; 10: ``settled``), so older caches are reviewed afresh (and a
cache without a field fails :meth:`~.report.Report.from_json`'s check whatever its key)."""


def cache_path(save: Path | str) -> Path:
    """``<save>.review``: JSON, but not named ``.json``, so the window's Load dialog (which
    lists ``*.json``) never offers it as a saved game.  When that name would be too long
    for the file system (a save named with 249 or more bytes), the cache is
    ``<the name's first 200 characters>-<hash of the name>.review`` in the same folder."""
    path = Path(save)
    name = f"{path.name}.review"
    if len(name.encode("utf-8", "surrogateescape")) > NAME_MAX:
        digest = hashlib.sha256(path.name.encode("utf-8", "surrogateescape")).hexdigest()[:16]
        stem = path.name
        while len(stem.encode("utf-8", "surrogateescape")) > 200:
            stem = stem[:-1]
        name = f"{stem}-{digest}.review"
    return path.with_name(name)


def reviewed_files(save: Path | str) -> tuple[Path, ...]:
    """What a review of ``save`` reads: the save itself and its cache (:func:`cache_path`);
    a report written by the same review must be neither (:mod:`game.core.outputs`)."""
    return Path(save), cache_path(save)


def cache_key(record: GameRecord, options: dict[str, Any], thresholds, context: dict[str, Any] | None = None) -> str:
    """What a cached review depends on: the game, its options and actions, the analysis
    options and the thresholds, the program's version and its networks' weights
    (:func:`~.resources.weights_fingerprint`: a better network never shows an old review),
    and ``context``, what else the analysis read (:func:`review_context`), hashed."""
    parts = [CACHE_VERSION, __version__, weights_fingerprint(), record.game, record.options,
             record.actions, record.players, options, [float(t) for t in thresholds]]
    text = json.dumps(parts + ([context] if context else []), sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def review_context(info) -> dict[str, Any]:
    """What a game's analysis reads besides its options: the match equity table when one
    other than the game's default is chosen (:class:`~game.core.capabilities.MatchEquity`)."""
    tables = info.ability(MatchEquity)
    if tables is None or tables.current() == tables.default:
        return {}
    return {"met": tables.current()}


def report_checksum(report: Any) -> str:
    """The hash of a report's canonical JSON: stored with it, so an edited or damaged cache
    (a flipped digit, a changed mark) is caught and reviewed afresh."""
    return hashlib.sha256(json.dumps(report, sort_keys=True).encode()).hexdigest()


def read_cache_entry(save: Path | str, key: str) -> tuple[Report, bool] | None:
    """``(report, complete)`` cached for ``key``, or ``None`` when there is none, it is for
    another key, or it is damaged in any way (the file is untrusted: its shape is checked).
    ``complete`` false: a review stopped half way, its finished decisions only."""
    try:
        path = cache_path(save)
        if not path.is_file():
            return None
        data = load_json(path, CACHE_MAX_BYTES, "review cache")
    except (UntrustedFileError, OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("format") != CACHE_FORMAT or data.get("key") != key:
        return None
    report, complete = data.get("report"), data.get("complete")
    if not isinstance(complete, bool) or data.get("checksum") != entry_checksum(report, complete):
        return None
    try:
        return Report.from_json(report), complete
    except ValueError:
        return None


def read_cache(save: Path | str, key: str) -> Report | None:
    """The complete report cached for ``key`` (:func:`read_cache_entry`), never a partial one."""
    entry = read_cache_entry(save, key)
    return entry[0] if entry is not None and entry[1] else None


def entry_checksum(report: Any, complete: bool) -> str:
    """The checksum of a cache entry: its report and whether it is complete (so a partial
    entry edited to say complete is caught too)."""
    return report_checksum({"report": report, "complete": complete})


def write_cache(save: Path | str, key: str, report: Report, complete: bool = True) -> None:
    """Store ``report`` next to the save, atomically (``complete`` false: a partial report of
    a review stopped half way); a folder that cannot be written is silently skipped (the
    cache only saves time)."""
    data = report.as_json()
    try:
        write_atomic(cache_path(save), json.dumps({"format": CACHE_FORMAT, "key": key, "complete": complete,
                                                   "report": data,
                                                   "checksum": entry_checksum(data, complete)}) + "\n")
    except (OSError, ValueError):
        pass
