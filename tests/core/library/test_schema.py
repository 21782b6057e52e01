"""The library file: made, migrated, refused when it is no library or a newer one, never
written to then."""

from __future__ import annotations

import sqlite3

import pytest

from game.core.library import VERSION, LibraryError, open_library
from game.core.library.schema import MIGRATIONS, connect


def _bytes(path):
    return path.read_bytes()


def test_a_new_library_is_made_at_the_current_version_in_wal_mode(tmp_path):
    path = tmp_path / "sub" / "lib.sqlite3"
    with open_library(path) as library:
        db = library.connection
        assert db.execute("PRAGMA user_version").fetchone()[0] == VERSION
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        assert library.check() == []
        assert library.counts() == {"matches": 0, "games": 0, "reviews": 0, "decisions": 0, "aliases": 0}


@pytest.mark.parametrize("start", range(VERSION))
def test_every_earlier_version_migrates_to_the_current_one(tmp_path, start):
    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    for version in range(start):
        for statement in MIGRATIONS[version].split(";"):
            if statement.strip():
                db.execute(statement)
        db.execute(f"PRAGMA user_version = {version + 1}")
    db.close()
    with open_library(path) as library:
        assert library.connection.execute("PRAGMA user_version").fetchone()[0] == VERSION
        assert library.check() == []
    fresh = tmp_path / "fresh.sqlite3"
    open_library(fresh).close()

    def schema(p):
        c = sqlite3.connect(p)
        try:
            return sorted(c.execute("SELECT type, name, sql FROM sqlite_master"))
        finally:
            c.close()

    assert schema(path) == schema(fresh)


def test_a_newer_library_is_refused_and_left_as_it_is(tmp_path):
    path = tmp_path / "new.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE future (x)")
    db.execute(f"PRAGMA user_version = {VERSION + 1}")
    db.commit()
    db.close()
    before = _bytes(path)
    with pytest.raises(LibraryError, match="newer Tabula"):
        connect(path)
    assert _bytes(path) == before


@pytest.mark.parametrize("content", [b"not a database at all\n" * 100, b"SQLite format 3\x00" + b"\xff" * 200])
def test_a_file_that_is_no_database_is_refused_and_left_as_it_is(tmp_path, content):
    path = tmp_path / "lib.sqlite3"
    path.write_bytes(content)
    with pytest.raises(LibraryError, match="left as it is"):
        connect(path)
    assert _bytes(path) == content


def test_another_programs_database_is_refused(tmp_path):
    path = tmp_path / "other.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE notes (text)")
    db.commit()
    db.close()
    with pytest.raises(LibraryError, match="not a Tabula library"):
        connect(path)


def test_a_truncated_library_is_refused_or_reported_by_the_check(tmp_path):
    path = tmp_path / "lib.sqlite3"
    with open_library(path) as library:
        library.alias("a", "b")
        library.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = _bytes(path)
    path.write_bytes(data[: len(data) // 2])
    try:
        library = open_library(path, create=False)
    except LibraryError:
        return
    with library:
        assert library.check() != []


def test_a_folder_or_a_missing_file_without_create_is_a_clear_error(tmp_path):
    with pytest.raises(LibraryError, match="is a folder"):
        connect(tmp_path)
    with pytest.raises(LibraryError, match="no library there"):
        connect(tmp_path / "missing.sqlite3", create=False)


def test_a_version_1_library_with_data_keeps_it_and_gains_the_drills_tables(tmp_path):
    path = tmp_path / "v1.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    for statement in MIGRATIONS[0].split(";"):
        if statement.strip():
            db.execute(statement)
    db.execute("PRAGMA user_version = 1")
    db.execute("INSERT INTO matches (id, hash, game, format, text, source, player0, player1, length, points0, points1,"
               " added) VALUES (1, 'h', 'backgammon', '.mat', 'text', 'a.mat', 'lasse', 'Magic', 5, 5, 3, 'then')")
    db.execute("INSERT INTO reviews (id, match, level, version, weights, analysed, totals)"
               " VALUES (1, 1, 'intermediate', '1', 'w', 'then', '{}')")
    db.execute("INSERT INTO decisions (id, review, match, game, ply, side, player, kind, position_id, played,"
               " alternatives, equity_lost, rated) VALUES (1, 1, 1, 1, 3, 0, 'lasse', 'chequer', 'pos', '8/5 6/5',"
               " x'00', 0.1, 1)")
    db.execute("INSERT INTO aliases (name, person) VALUES ('Lasse', 'lasse')")
    before = {table: db.execute(f"SELECT * FROM {table}").fetchall()
              for table in ("matches", "games", "reviews", "decisions", "cells", "aliases")}
    db.close()
    with open_library(path) as library:
        db = library.connection
        assert db.execute("PRAGMA user_version").fetchone()[0] == VERSION
        assert {table: db.execute(f"SELECT * FROM {table}").fetchall() for table in before} == before
        assert db.execute("SELECT COUNT(*) FROM cards").fetchone()[0] == 0
        with library.transaction():
            db.execute("INSERT INTO cards (id, game, player, question, position_id, played, best, alternatives,"
                       " equity_lost, level, tags, decision, fsrs, state, due, created) VALUES (1, 'backgammon',"
                       " 'lasse', 'chequer', 'pos', '8/5 6/5', '13/10 6/5', x'00', 0.1, 'intermediate', '[]', 1, '{}',"
                       " 'new', 'now', 'now')")
            db.execute("INSERT INTO card_reviews (card, answered, answer, best, equity_lost, rating, first, log)"
                       " VALUES (1, 'now', 'x', 'y', 0.1, 'again', 1, '{}')")
        db.execute("DELETE FROM reviews")  # a review redone: the card stays, no longer tied to its decision
        assert db.execute("SELECT id, decision FROM cards").fetchall() == [(1, None)]
        assert library.check() == []
