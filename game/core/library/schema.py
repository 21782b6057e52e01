"""The library's database file: opening it safely, its schema and the migrations between versions.

One SQLite file (the standard library's ``sqlite3``), in WAL mode with foreign keys on and a
busy timeout, so the window and a bulk ``tabula library add`` may write at once: each waits
for the other's transaction instead of failing.  The schema's version is ``PRAGMA
user_version``; :data:`MIGRATIONS` holds the script that takes a file from each version to
the next, run in one transaction each, so a file of any earlier version opens as the current
one.  A file that is not a database, is damaged, or comes from a newer Tabula is refused with
a clear :class:`LibraryError` and never written to.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

BUSY_SECONDS = 30.0
"""How long a writer waits for another's transaction before giving up (a whole match is added
in well under a second)."""

MIGRATIONS: tuple[str, ...] = (
    # 0 -> 1: matches, their games, reviews, reviewed decisions, each review's sums per player
    # and split (the player's page adds these up instead of every decision: kept in the
    # player's order, so a player's cells are read in one sweep), aliases.  The indexes serve
    # the player's page, the searches by player, phase and loss, and a position's ID.
    """
    CREATE TABLE matches (
        id INTEGER PRIMARY KEY,
        hash TEXT NOT NULL UNIQUE,
        game TEXT NOT NULL,
        format TEXT NOT NULL,
        text TEXT NOT NULL,
        source TEXT NOT NULL,
        player0 TEXT NOT NULL,
        player1 TEXT NOT NULL,
        length INTEGER NOT NULL,
        date TEXT,
        event TEXT,
        points0 INTEGER NOT NULL,
        points1 INTEGER NOT NULL,
        winner INTEGER,
        added TEXT NOT NULL
    );
    CREATE INDEX matches_player0 ON matches(player0);
    CREATE INDEX matches_player1 ON matches(player1);
    CREATE INDEX matches_date ON matches(date);
    CREATE TABLE games (
        match INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        score0 INTEGER NOT NULL,
        score1 INTEGER NOT NULL,
        winner INTEGER,
        points INTEGER NOT NULL,
        PRIMARY KEY (match, number)
    );
    CREATE TABLE reviews (
        id INTEGER PRIMARY KEY,
        match INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        level TEXT NOT NULL,
        version TEXT NOT NULL,
        weights TEXT NOT NULL,
        analysed TEXT NOT NULL,
        totals TEXT NOT NULL,
        UNIQUE (match, level)
    );
    CREATE TABLE decisions (
        id INTEGER PRIMARY KEY,
        review INTEGER NOT NULL REFERENCES reviews(id) ON DELETE CASCADE,
        match INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        game INTEGER NOT NULL,
        ply INTEGER NOT NULL,
        side INTEGER NOT NULL,
        player TEXT NOT NULL,
        kind TEXT NOT NULL,
        position_id TEXT NOT NULL,
        match_id TEXT,
        xgid TEXT,
        dice TEXT,
        phase TEXT,
        pips_mine INTEGER,
        pips_theirs INTEGER,
        away_mine INTEGER,
        away_theirs INTEGER,
        crawford INTEGER NOT NULL DEFAULT 0,
        cube_value INTEGER,
        cube_owner TEXT,
        played TEXT NOT NULL,
        best TEXT,
        alternatives BLOB NOT NULL,
        cube TEXT,
        equity_lost REAL NOT NULL,
        mwc_lost REAL,
        mark TEXT,
        luck REAL,
        rated INTEGER NOT NULL,
        error_kind TEXT
    );
    CREATE INDEX decisions_review ON decisions(review);
    CREATE INDEX decisions_player_loss ON decisions(player, equity_lost);
    CREATE INDEX decisions_player_phase_loss ON decisions(player, phase, equity_lost);
    CREATE INDEX decisions_position ON decisions(position_id, match_id);
    CREATE INDEX decisions_loss ON decisions(equity_lost);
    CREATE TABLE cells (
        review INTEGER NOT NULL REFERENCES reviews(id) ON DELETE CASCADE,
        player TEXT NOT NULL,
        split TEXT NOT NULL,
        cell TEXT NOT NULL,
        decisions INTEGER NOT NULL,
        counted INTEGER NOT NULL,
        lost REAL NOT NULL,
        lost_squares REAL NOT NULL,
        pr_lost REAL NOT NULL,
        pr_squares REAL NOT NULL,
        luck REAL,
        luck_adjusted REAL,
        PRIMARY KEY (player, split, cell, review)
    ) WITHOUT ROWID;
    CREATE INDEX cells_review ON cells(review, split);
    CREATE TABLE aliases (
        name TEXT PRIMARY KEY,
        person TEXT NOT NULL
    );
    """,
    # 1 -> 2: drill cards and their answers (game.core.drill).  A card copies all it asks and
    # grades by, so a review deleted or redone leaves it whole (its decision becomes NULL).
    # ``tags`` is a JSON list; ``fsrs`` the FSRS card's JSON; ``due`` and ``answered`` are UTC
    # stamps of one width, so they sort as text.  The indexes serve a player's due cards, the
    # foreign keys' look-ups (a review deleted, a card deleted with its variations) and the
    # statistics by card and by time.
    """
    CREATE TABLE cards (
        id INTEGER PRIMARY KEY,
        game TEXT NOT NULL,
        player TEXT NOT NULL,
        question TEXT NOT NULL,
        position_id TEXT NOT NULL,
        match_id TEXT,
        xgid TEXT,
        dice TEXT,
        played TEXT NOT NULL,
        best TEXT NOT NULL,
        alternatives BLOB NOT NULL,
        cube TEXT,
        equity_lost REAL NOT NULL,
        level TEXT NOT NULL,
        phase TEXT,
        tags TEXT NOT NULL,
        decision INTEGER REFERENCES decisions(id) ON DELETE SET NULL,
        parent INTEGER REFERENCES cards(id) ON DELETE CASCADE,
        fsrs TEXT NOT NULL,
        state TEXT NOT NULL,
        due TEXT NOT NULL,
        created TEXT NOT NULL,
        UNIQUE (game, player, question, position_id, match_id, dice)
    );
    CREATE INDEX cards_player_due ON cards(player, due);
    CREATE INDEX cards_game_due ON cards(game, due);
    CREATE INDEX cards_decision ON cards(decision);
    CREATE INDEX cards_parent ON cards(parent);
    CREATE TABLE card_reviews (
        id INTEGER PRIMARY KEY,
        card INTEGER NOT NULL REFERENCES cards(id) ON DELETE CASCADE,
        answered TEXT NOT NULL,
        answer TEXT NOT NULL,
        best TEXT NOT NULL,
        equity_lost REAL NOT NULL,
        rating TEXT NOT NULL,
        first INTEGER NOT NULL,
        duration_ms INTEGER,
        log TEXT NOT NULL
    );
    CREATE INDEX card_reviews_card ON card_reviews(card, answered);
    CREATE INDEX card_reviews_answered ON card_reviews(answered);
    """,
)
"""``MIGRATIONS[v]`` takes a library of version ``v`` to ``v + 1``."""

VERSION = len(MIGRATIONS)
"""The schema version this Tabula writes."""


class LibraryError(Exception):
    """A library file that cannot be used (damaged, not a library, from a newer Tabula, out of
    reach); the message says which file and what is wrong, for the user."""


def connect(path: Path | str, create: bool = True) -> sqlite3.Connection:
    """The library at ``path``, migrated to :data:`VERSION`, in WAL mode with foreign keys and
    a busy timeout; made (with its folder) when missing and ``create``.  :class:`LibraryError`
    for anything that is not a usable library, which is left as it was."""
    path = Path(path)
    if path.is_dir():
        raise LibraryError(f"{path} is a folder, not a library file")
    if not path.exists():
        if not create:
            raise LibraryError(f"{path}: no library there")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise LibraryError(f"cannot make the library's folder {path.parent}: {error.strerror or error}") from None
    elif not path.is_file():
        raise LibraryError(f"{path} is not a regular file")
    try:
        connection = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False)
    except sqlite3.Error as error:
        raise LibraryError(f"cannot open the library {path}: {error}") from None
    try:
        _prepare(connection, path)
    except BaseException:
        connection.close()
        raise
    return connection


def _prepare(connection: sqlite3.Connection, path: Path) -> None:
    try:
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        if version > VERSION:
            raise LibraryError(f"{path} is a library of a newer Tabula (schema {version}; this one reads up to "
                               f"{VERSION}): it is left as it is")
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if version == 0 and tables:
            raise LibraryError(f"{path} is an SQLite database but not a Tabula library: it is left as it is")
        connection.execute("PRAGMA foreign_keys = ON")
        if connection.execute("PRAGMA journal_mode = WAL").fetchone()[0].lower() != "wal":
            raise LibraryError(f"{path}: the library needs SQLite's WAL mode, which this file system refuses")
        connection.execute("PRAGMA synchronous = NORMAL")
        migrate(connection, version)
    except sqlite3.DatabaseError as error:
        raise LibraryError(f"{path} is not a usable library ({error}): it is left as it is") from None


def migrate(connection: sqlite3.Connection, version: int) -> None:
    """Take the open library from ``version`` to :data:`VERSION`, one transaction a step (a
    second program migrating at the same moment waits, then finds the work done)."""
    while version < VERSION:
        connection.execute("BEGIN IMMEDIATE")
        try:
            current = connection.execute("PRAGMA user_version").fetchone()[0]
            if current == version:
                for statement in _statements(MIGRATIONS[version]):
                    connection.execute(statement)
                connection.execute(f"PRAGMA user_version = {version + 1}")
            connection.execute("COMMIT")
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        version = connection.execute("PRAGMA user_version").fetchone()[0]


def _statements(script: str) -> list[str]:
    """A migration script's statements (``executescript`` would commit the open transaction)."""
    return [part.strip() for part in script.split(";") if part.strip()]


def default_path() -> Path:
    """The library file in the user data folder (``$TABULA_HOME/data`` when that is set)."""
    from ..saves import data_dir

    return data_dir() / "library.sqlite3"
