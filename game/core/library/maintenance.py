"""Rebuilding a library from the match texts it holds (after damage, or to drop old reviews).

The new file is built beside the old one and then takes its place; the old file (with its
write-ahead log) is kept as ``<file>.bak``, so nothing is ever lost by a rebuild.  Every
match whose text still reads goes into the new file with its source and the joined names;
reviews are not carried over (``tabula library analyze`` makes them again from the texts).
Drill cards and their answers are carried over whole (a card copies what it asks), no longer
tied to the decision they came from.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..gameinfo import GameInfo
from .schema import LibraryError
from .sources import read_text
from .store import open_library


@dataclass
class Rebuilt:
    """What a rebuild did: matches carried over, names joined, the matches it could not read
    (``(id, why)``) and where the old file was kept."""

    matches: int = 0
    aliases: int = 0
    cards: int = 0
    lost: list[tuple[int | None, str]] = field(default_factory=list)
    backup: Path | None = None


def _wal_files(path: Path) -> list[Path]:
    return [path.with_name(path.name + suffix) for suffix in ("-wal", "-shm")]


def rebuild(path: Path | str, games: Sequence[GameInfo]) -> Rebuilt:
    """Remake the library at ``path`` from its match texts (see the module doc).
    :class:`~.schema.LibraryError` when the file is missing or no match of it can be read."""
    path = Path(path)
    if not path.is_file():
        raise LibraryError(f"{path}: no library there")
    done = Rebuilt()
    rows, aliases = _salvage(path, done)
    drills = _salvage_drills(path, done)
    fresh = path.with_name(path.name + ".rebuild")
    for leftover in (fresh, *_wal_files(fresh)):
        leftover.unlink(missing_ok=True)
    by_name = {info.name: info for info in games}
    with open_library(fresh) as library:
        for match_id, game, format, text, source in rows:
            info = by_name.get(game)
            try:
                if info is None:
                    raise ValueError(f"a match of {game!r}, a game this Tabula does not know")
                library.add(read_text(info, format, text, source))
                done.matches += 1
            except ValueError as error:
                done.lost.append((match_id, str(error)))
        for name, person in aliases:
            library.alias(person, name)
            done.aliases += 1
        with library.transaction() as db:
            for table, (columns, found) in drills.items():
                db.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
                               found)
        done.cards = len(drills.get("cards", ((), []))[1])
        library.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    done.backup = path.with_name(path.name + ".bak")
    for old, kept in ((path, done.backup), *zip(_wal_files(path), _wal_files(done.backup))):
        if old.exists():
            os.replace(old, kept)
    os.replace(fresh, path)
    return done


def _salvage(path: Path, done: Rebuilt) -> tuple[list[tuple], list[tuple[str, str]]]:
    """Every match row and alias that still reads, straight from the file (read only: a
    damaged file is not migrated or written)."""
    try:
        connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error as error:
        raise LibraryError(f"cannot open the library {path}: {error}") from None
    try:
        try:
            ids = [row[0] for row in connection.execute("SELECT id FROM matches ORDER BY id")]
        except sqlite3.DatabaseError as error:
            raise LibraryError(f"{path}: no match can be read from it ({error})") from None
        rows = []
        for match_id in ids:
            try:
                rows.append(connection.execute("SELECT id, game, format, text, source FROM matches WHERE id = ?",
                                               (match_id,)).fetchone())
            except sqlite3.DatabaseError as error:
                done.lost.append((match_id, f"unreadable ({error})"))
        try:
            aliases = connection.execute("SELECT name, person FROM aliases").fetchall()
        except sqlite3.DatabaseError as error:
            done.lost.append((None, f"the joined names are unreadable ({error})"))
            aliases = []
    finally:
        connection.close()
    return rows, aliases


DRILL_TABLES = ("cards", "card_reviews")
"""The drill's tables, carried over by a rebuild (cards before their answers)."""


def _salvage_drills(path: Path, done: Rebuilt) -> dict[str, tuple[list[str], list[tuple]]]:
    """The drill's cards and answers as they read (table -> its columns and rows, oldest first),
    each card's decision left out: the new file has no reviews.  Nothing from a file older
    than the drill's tables; a table that does not read is reported as lost, with what
    depends on it."""
    found: dict[str, tuple[list[str], list[tuple]]] = {}
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        for table in DRILL_TABLES:
            if table not in tables:
                break
            try:
                cursor = connection.execute(f"SELECT * FROM {table} ORDER BY id")
                columns = [column[0] for column in cursor.description]
                rows = cursor.fetchall()
            except sqlite3.DatabaseError as error:
                done.lost.append((None, f"the drill's {table.replace('_', ' ')} are unreadable ({error})"))
                break
            if table == "cards":
                at = columns.index("decision")
                rows = [(*row[:at], None, *row[at + 1:]) for row in rows]
            found[table] = (columns, rows)
    except sqlite3.DatabaseError as error:
        done.lost.append((None, f"the drill's cards are unreadable ({error})"))
    finally:
        connection.close()
    return found
