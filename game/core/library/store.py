"""The library as an object: :class:`Library` adds matches, stores reviews, joins names and
checks the file, each unit of work one transaction.

Adding a match writes the match and its games in one transaction, and storing a review
writes the review and all its decisions in one: a process killed at any moment leaves the
match (or the review) wholly there or wholly absent, never half, and the next run does what
is missing.  Reads see only committed work.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from .cells import review_cells
from .schema import LibraryError, connect, default_path
from .sources import Source


@dataclass(frozen=True)
class StoredMatch:
    """A match as the library holds it (``text`` and ``format`` rebuild it)."""

    id: int
    game: str
    format: str
    text: str
    source: str
    players: tuple[str, str]
    length: int
    date: str | None


class Library:
    """One library file, open (see :func:`open_library`).  Use as a context manager or call
    :meth:`close`."""

    def __init__(self, connection: sqlite3.Connection, path: Path) -> None:
        self.connection, self.path = connection, path

    def __enter__(self) -> Library:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def close(self) -> None:
        self.connection.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One unit of work: committed whole at the end, or rolled back on any error (a kill
        leaves nothing of it)."""
        connection = self.connection
        connection.execute("BEGIN IMMEDIATE")
        try:
            yield connection
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        connection.execute("COMMIT")

    # -- matches ------------------------------------------------------------------------------

    def add(self, source: Source) -> tuple[int, bool]:
        """Store ``source`` as one match (one transaction); ``(its id, whether it is new)``: the
        same text of the same game added again is the match already there."""
        summary = source.summary
        with self.transaction() as db:
            found = db.execute("SELECT id FROM matches WHERE hash = ?", (source.hash,)).fetchone()
            if found is not None:
                return found[0], False
            cursor = db.execute(
                "INSERT INTO matches (hash, game, format, text, source, player0, player1, length, date, event,"
                " points0, points1, winner, added) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (source.hash, source.game, source.format, source.text, source.source, *summary.players,
                 summary.length, summary.date, summary.event, *summary.points, summary.winner, _now()))
            match = cursor.lastrowid
            db.executemany("INSERT INTO games (match, number, score0, score1, winner, points) VALUES (?, ?, ?, ?, ?, ?)",
                           [(match, g.number, *g.score, g.winner, g.points) for g in summary.games])
        assert match is not None
        return match, True

    def match(self, match_id: int) -> StoredMatch:
        """The stored match ``match_id``; ``KeyError`` when there is none."""
        row = self.connection.execute(
            "SELECT id, game, format, text, source, player0, player1, length, date FROM matches WHERE id = ?",
            (match_id,)).fetchone()
        if row is None:
            raise KeyError(match_id)
        return StoredMatch(row[0], row[1], row[2], row[3], row[4], (row[5], row[6]), row[7], row[8])

    def match_ids(self) -> list[int]:
        return [row[0] for row in self.connection.execute("SELECT id FROM matches ORDER BY id")]

    def unreviewed(self, level: str) -> list[int]:
        """The matches with no review at ``level``, oldest added first."""
        return [row[0] for row in self.connection.execute(
            "SELECT id FROM matches WHERE id NOT IN (SELECT match FROM reviews WHERE level = ?) ORDER BY id", (level,))]

    # -- reviews ------------------------------------------------------------------------------

    def store_review(self, match_id: int, level: str, version: str, weights: str, rows: Sequence[dict],
                     totals: dict[str, dict[str, Any]]) -> int:
        """Store a match's review at ``level``: its decisions (:mod:`.rows`), its sums per player
        and cell (:mod:`.cells`) and the review's totals per player (keyed by the names the
        library stores), replacing an earlier review at the same level; one transaction.  The
        review's id."""
        length = self.connection.execute("SELECT length FROM matches WHERE id = ?", (match_id,)).fetchone()[0]
        with self.transaction() as db:
            db.execute("DELETE FROM reviews WHERE match = ? AND level = ?", (match_id, level))
            review = db.execute(
                "INSERT INTO reviews (match, level, version, weights, analysed, totals) VALUES (?, ?, ?, ?, ?, ?)",
                (match_id, level, version, weights, _now(), dumps(totals))).lastrowid
            if rows:
                columns = ("review", "match", *rows[0])
                db.executemany(f"INSERT INTO decisions ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
                               [(review, match_id, *row.values()) for row in rows])
            db.executemany("INSERT INTO cells (review, player, split, cell, decisions, counted, lost, lost_squares,"
                           " pr_lost, pr_squares, luck, luck_adjusted) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           [(review, *cell) for cell in review_cells(rows, length, totals)])
        assert review is not None
        return review

    def levels(self, match_id: int) -> list[str]:
        return [row[0] for row in self.connection.execute(
            "SELECT level FROM reviews WHERE match = ? ORDER BY id", (match_id,))]

    # -- players ------------------------------------------------------------------------------

    def alias(self, name: str, other: str) -> str:
        """Make ``other`` (and every name already joined to it) the same person as ``name``;
        the person's name (``name``'s person).  ``ValueError`` for an empty name."""
        if not name.strip() or not other.strip():
            raise ValueError("a player's name must not be empty")
        with self.transaction() as db:
            person = self._person(db, name)
            joined = self._person(db, other)
            db.execute("UPDATE aliases SET person = ? WHERE person = ?", (person, joined))
            for one in {name, other, joined}:
                db.execute("INSERT OR REPLACE INTO aliases (name, person) VALUES (?, ?)", (one, person))
        return person

    @staticmethod
    def _person(db: sqlite3.Connection, name: str) -> str:
        row = db.execute("SELECT person FROM aliases WHERE name = ?", (name,)).fetchone()
        return row[0] if row is not None else name

    def person(self, name: str) -> str:
        """The person ``name`` is (itself unless joined to another)."""
        return self._person(self.connection, name)

    def names_of(self, name: str) -> list[str]:
        """Every name of ``name``'s person, sorted (at least ``name`` itself)."""
        person = self.person(name)
        names = {person, name} | {row[0] for row in self.connection.execute(
            "SELECT name FROM aliases WHERE person = ?", (person,))}
        return sorted(names)

    def players(self) -> list[str]:
        """Every name that plays in a stored match, sorted."""
        return [row[0] for row in self.connection.execute(
            "SELECT player0 FROM matches UNION SELECT player1 FROM matches ORDER BY 1")]

    # -- the file -----------------------------------------------------------------------------

    def check(self) -> list[str]:
        """SQLite's integrity check and the foreign keys' check: the problems found (empty: none)."""
        problems = [row[0] for row in self.connection.execute("PRAGMA integrity_check")]
        problems = [p for p in problems if p != "ok"]
        problems += [f"a row of {row[0]} points to a missing {row[2]}"
                     for row in self.connection.execute("PRAGMA foreign_key_check")]
        return problems

    def counts(self) -> dict[str, int]:
        db = self.connection
        return {table: db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
                for table in ("matches", "games", "reviews", "decisions", "aliases")}


def open_library(path: Path | str | None = None, create: bool = True) -> Library:
    """The library at ``path`` (default: the user data folder's, :func:`~.schema.default_path`);
    :class:`~.schema.LibraryError` for a file that cannot be used."""
    path = Path(path) if path is not None else default_path()
    return Library(connect(path, create=create), path)


def dumps(value: Any) -> str:
    """JSON as the library stores it (compact, keys in order)."""
    return json.dumps(value, separators=(",", ":"))


def _now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


__all__ = ["Library", "LibraryError", "StoredMatch", "dumps", "open_library"]
