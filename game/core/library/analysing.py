"""Bulk analysis: every match of the library not yet reviewed at a level, reviewed and stored.

A match that ``tabula review`` or the Review screen already reviewed at the level (its
``<file>.review`` cache, for the same match, program and networks) is taken from that cache
instead of analysed again.  One match is one job (:class:`MatchAnalyser`, picklable, so it runs in this process, over
local worker processes or as a Ray task: :func:`game.core.distribute.parallel_map`).  The
parent stores each match's review as it arrives, in one transaction, so a run stopped or
killed at any moment keeps every finished match and the next run starts from the first
unfinished one.  On Ray a task whose worker died is run again by Ray.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ... import __version__
from ..distribute import parallel_map
from ..gameinfo import GameInfo
from ..resources import weights_fingerprint
from ..review.cache import cache_key, read_cache_entry, review_context
from ..review.plain import review_marks
from ..review.run import review
from .rows import review_rows
from .sources import record_of
from .store import Library


@dataclass(frozen=True)
class MatchAnalyser:
    """Reviews one stored match at ``level``: ``get_info`` finds a game by name (the registry's
    ``game.games.get_game``, passed in since the library knows no game)."""

    get_info: Callable[[str], GameInfo]
    level: str

    def __call__(self, job: tuple[int, str, str, str, str]) -> tuple[int, Any, str | None]:
        """``(match id, (its decisions' rows, the totals per player), None)``, or ``(match id,
        None, what is wrong)`` for a stored match that no longer reads (a library written by
        another version)."""
        match_id, game, format, text, source = job
        try:
            info = self.get_info(game)
            record = record_of(info, format, text, source)  # its players named as the library names them
        except ValueError as error:
            return match_id, None, str(error)
        report = _reviewed(info, record, {"level": self.level}, source)
        return match_id, review_rows(info, report, (record.players[0], record.players[1])), None


def _reviewed(info: GameInfo, record, options: dict[str, Any], source: str):
    """The review of ``record``: the one ``tabula review`` or the Review screen cached beside
    its file when that cache is for this very record, level, marks, program and networks
    (a partial one is gone on from), else made here.  The cache is only read, never written:
    the library does not touch the user's folders."""
    thresholds = review_marks(info)
    entry = read_cache_entry(source, cache_key(record, options, thresholds, review_context(info))) if source else None
    if entry is not None and entry[1]:
        return entry[0]
    return review(info, record, options, thresholds, resume=entry[0] if entry is not None else None)


@dataclass(frozen=True)
class Progress:
    """Where a bulk analysis stands: matches done of ``total``, decisions stored, seconds taken."""

    done: int
    total: int
    decisions: int
    seconds: float
    failed: tuple[tuple[int, str], ...] = ()
    """The matches that could not be analysed: ``(id, why)``."""

    @property
    def per_second(self) -> float:
        return self.decisions / self.seconds if self.seconds > 0 else 0.0

    @property
    def left(self) -> float | None:
        """Seconds left at the pace so far (``None`` before the first match)."""
        return self.seconds / self.done * (self.total - self.done) if self.done else None


def analyse(library: Library, analyser: MatchAnalyser, workers: int = 1, cluster: str = "local",
            address: str | None = None, progress: Callable[[Progress], None] | None = None) -> Progress:
    """Review every match of ``library`` with no review at ``analyser.level`` and store each
    as it finishes; the final :class:`Progress`.  Ctrl-C (or SIGTERM under the command's stop
    handling) raises ``KeyboardInterrupt`` after the finished matches are stored."""
    pending = library.unreviewed(analyser.level)
    jobs = []
    for match_id in pending:
        stored = library.match(match_id)
        jobs.append((stored.id, stored.game, stored.format, stored.text, stored.source))
    weights, start, decisions, done = weights_fingerprint(), time.monotonic(), 0, 0
    failed: list[tuple[int, str]] = []
    state = Progress(0, len(jobs), 0, 0.0)
    if progress is not None:
        progress(state)
    for match_id, result, error in parallel_map(analyser, jobs, workers, cluster, address):
        if result is None:
            failed.append((match_id, error or "unreadable"))
        else:
            rows, totals = result
            library.store_review(match_id, analyser.level, __version__, weights, rows, totals)
            decisions += len(rows)
        done += 1
        state = Progress(done, len(jobs), decisions, time.monotonic() - start, tuple(failed))
        if progress is not None:
            progress(state)
    return state
