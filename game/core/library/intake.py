"""What the window puts into the library: a game the user finished, and a review the Review
screen completed (the match and its decisions), each in one transaction of its own."""

from __future__ import annotations

import json
from typing import Any

from ... import __version__
from ..capabilities.library import Library as LibraryAbility
from ..gameinfo import GameInfo
from ..match import GameRecord
from ..resources import weights_fingerprint
from ..review.report import Report
from ..saves import record_to_json
from .rows import review_rows
from .sources import SAVE_FORMAT, Source, read_file, read_text
from .store import Library


def takes(info: GameInfo) -> bool:
    """Whether ``info``'s games go into the library (the game has a study library)."""
    return info.has(LibraryAbility)


def record_source(info: GameInfo, record: GameRecord, name: str) -> Source:
    """A game record (one played in the window) as a library source: its save's text, so the
    library can replay it; ``name`` says where it came from.  ``ValueError`` for a record the
    game's match files cannot hold (no finished game)."""
    return read_text(info, SAVE_FORMAT, json.dumps(record_to_json(record)), name)


def file_source(path: Any, games) -> Source:
    """The file at ``path`` (a match file or a save) as a library source; ``ValueError`` if bad."""
    return read_file(path, games)


def add_review(library: Library, info: GameInfo, source: Source, report: Report, options: dict[str, Any]) -> int:
    """Add ``source`` (when new) and store ``report``, its complete review with ``options``
    (``{"level": ...}``), as the match's review at that level; the match's id."""
    match_id, _ = library.add(source)
    rows, totals = review_rows(info, report, source.summary.players)
    level = str(options.get("level") or info.move_analysis().options.get("level", "default"))
    library.store_review(match_id, level, __version__, weights_fingerprint(), rows, totals)
    return match_id
