"""A tournament's ``games.jsonl`` read as untrusted input, and its bad lines set aside.

Every line must be a game record of *this* tournament: each field the statistics, the
reports and the window read is checked — types, bounds, and ``pair``, ``number``,
``seats``, ``players``, ``seed`` and ``player_seeds`` equal to what the schedule says for
the record's ``index``; ``options`` holding the tournament's; ``result`` is ``null`` or
two numbers of at most :data:`MAX_POINTS`; ``plies`` at most the number of actions; a
match's optional ``match_games`` (at least 1) and ``match_points`` (two whole numbers)
bounded too.  The file is read line by line (only a regular file, each line at most
:data:`MAX_LINE` bytes), so a huge file costs no more memory than its good records.

Every line also carries ``checksum``, the hash of the rest of its record (:func:`seal`):
a line still valid JSON with a flipped result sign, a ``1`` made ``9``, other match points or
other actions fails it, since nothing else could tell such a line from a real game.

A line that fails — damaged, edited by hand, from another tournament, too long, a game
already read on an earlier line, or a last line cut short by a kill — is *bad*: its game
counts as missing and is played again.  Reading never changes the file;
:func:`set_aside` (called by the folder's :class:`~.results.ResultStore`, which holds its
lock) appends the bad lines to ``games.jsonl.bad``, so nothing the file held is lost, then
replaces ``games.jsonl`` with its good lines.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import stat
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from ..untrusted import MAX_NAME, Fields, UntrustedFileError, is_whole, open_regular, parse_json
from .schedule import Settings, spec_at

MAX_LINE = 4 << 20
"""Longest line of ``games.jsonl`` (bytes); a game of ``MAX_PLIES`` plies fits."""

MAX_ACTION = 200
"""Longest action (in the game's notation) in a game record."""

MAX_OPTIONS = 64
"""Most options in a game record."""

MAX_POINTS = 1_000_000
"""Largest score (either sign) a game record's result may give a player."""

RECORD_FIELDS = ("index", "pair", "number", "seats", "players", "seed", "player_seeds", "options", "actions",
                 "result", "plies")
"""The fields every game record has (see :func:`.results.game_record`)."""

BAD_SUFFIX = ".bad"
"""Bad lines go to the games file's name with this added (``games.jsonl.bad``)."""

SHOWN_LINES = 3
"""Bad lines described one by one in a message; the others are counted."""


@dataclass(frozen=True)
class BadLine:
    number: int
    """Line number in the file, from 1."""
    reason: str
    """What is wrong, beginning with ``line <number>``."""


@dataclass
class GamesFile:
    """What :func:`read_games` found: the good records by index and the bad lines."""

    records: dict[int, dict[str, Any]] = field(default_factory=dict)
    bad: list[BadLine] = field(default_factory=list)
    unterminated: bool = False
    """The last line (good or bad) lacks its newline."""

    @property
    def needs_rewrite(self) -> bool:
        """Bad lines to set aside, or a newline to add so appends start on a line of their own."""
        return bool(self.bad) or self.unterminated


CHECKSUM = "checksum"
"""The field of a game record that holds the hash of the others."""


def record_checksum(record: dict[str, Any]) -> str:
    """The hash of a game record's fields other than :data:`CHECKSUM` (canonical JSON)."""
    body = {key: value for key, value in record.items() if key != CHECKSUM}
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def seal(record: dict[str, Any]) -> dict[str, Any]:
    """``record`` with its :data:`CHECKSUM` (what :func:`read_games` requires of a line)."""
    return {**record, CHECKSUM: record_checksum(record)}


def check_record(data: Any, settings: Settings, name: str = "game record") -> dict[str, Any]:
    """``data`` if it is a game record of ``settings``' tournament (see the module);
    :class:`UntrustedFileError` naming ``name`` and the first wrong field otherwise."""
    f = Fields(data, name, "game record")
    missing = [key for key in RECORD_FIELDS if not f.has(key)]
    if missing:
        raise UntrustedFileError(f"{name} is not a whole game record: {', '.join(missing)} missing")
    index = f.whole("index", 0, settings.total_games - 1)
    spec = spec_at(settings, index)
    last = len(settings.players) - 1
    for key, expected in (("pair", spec.pair), ("seats", spec.seats)):
        if tuple(f.whole_list(key, range(2, 3), 0, last)) != expected:
            raise f.error(key, f"{list(expected)} in game {index}")
    if f.whole("number", 0, settings.games_per_pair - 1) != spec.number:
        raise f.error("number", f"{spec.number} in game {index}")
    labels = [settings.labels[e] for e in spec.seats]
    if f.texts("players", range(2, 3), MAX_NAME + 8) != labels:
        raise f.error("players", f"{labels} in game {index}")
    if f.whole("seed", 0, 2**63) != spec.seed:
        raise f.error("seed", f"{spec.seed} in game {index}")
    if tuple(f.whole_list("player_seeds", range(2, 3), 0, 2**63)) != spec.player_seeds:
        raise f.error("player_seeds", f"{list(spec.player_seeds)} in game {index}")
    options = f.object("options")
    if len(options) > MAX_OPTIONS or not all(isinstance(k, str) and len(k) <= MAX_NAME for k in options):
        raise f.error("options", f"an object of at most {MAX_OPTIONS} named options")
    if any(options.get(key) != value for key, value in settings.options.items()):
        raise f.error("options", f"the tournament's options {settings.options}")
    actions = data.get("actions")
    if not (isinstance(actions, list) and all(isinstance(a, str) and len(a) <= MAX_ACTION for a in actions)):
        raise f.error("actions", f"a list of actions of at most {MAX_ACTION} characters")
    result = data.get("result")
    if result is not None and not (isinstance(result, list) and len(result) == 2 and all(
            isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) and abs(v) <= MAX_POINTS
            for v in result)):
        raise f.error("result", f"null or a list of 2 numbers from {-MAX_POINTS:,} to {MAX_POINTS:,}")
    f.whole("plies", 0, len(actions))
    if f.has("match_games") or f.has("match_points"):  # a match's tally (see .results.game_record)
        f.whole("match_games", 1, max(1, len(actions)))
        points = data.get("match_points")
        if not (isinstance(points, list) and len(points) == 2 and all(
                is_whole(v, 0, MAX_POINTS) for v in points)):
            raise f.error("match_points", f"a list of 2 whole numbers from 0 to {MAX_POINTS:,}")
    return data


def lines(stream: BinaryIO, limit: int = MAX_LINE) -> Iterator[tuple[int, bytes | None, bool]]:
    """``(number, content, terminated)`` for each line of ``stream``, ``content`` without its
    newline, or ``None`` for a line longer than ``limit`` bytes (read past, never held whole)."""
    number = 0
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        number += 1
        if line.endswith(b"\n"):
            yield number, line[:-1], True
        elif len(line) <= limit:
            yield number, line, False
        else:
            terminated = False
            while chunk := stream.readline(1 << 20):
                if chunk.endswith(b"\n"):
                    terminated = True
                    break
            yield number, None, terminated


def read_games(path: Path, settings: Settings) -> GamesFile:
    """The good records and the bad lines of the games file ``path`` (none if it is missing);
    :class:`UntrustedFileError` if it is not a regular file or cannot be read."""
    found = GamesFile()
    try:
        stream = open_regular(path, "tournament games file")
    except UntrustedFileError:
        if not os.path.lexists(path):
            return found
        raise
    lines_of: dict[int, int] = {}  # game index -> the line it was read from
    with stream:
        try:
            for number, content, terminated in lines(stream):
                found.unterminated = not terminated
                try:
                    record = _record(number, content, settings)
                except UntrustedFileError as error:
                    reason = str(error) if terminated else f"{error} (the last line, cut short?)"
                    found.bad.append(BadLine(number, reason))
                    continue
                if record is None:
                    continue
                index = record["index"]
                if index in lines_of:
                    found.bad.append(BadLine(number, f"line {number} repeats game {index} of line {lines_of[index]}"))
                    continue
                lines_of[index] = number
                found.records[index] = record
        except OSError as error:
            raise UntrustedFileError(f"cannot read {path.name}: {error.strerror or error}") from None
    return found


def _record(number: int, content: bytes | None, settings: Settings) -> dict[str, Any] | None:
    """The checked record on a line (``None`` for a blank line); :class:`UntrustedFileError`
    saying why it is none otherwise."""
    name = f"line {number}"
    if content is None:
        raise UntrustedFileError(f"{name} is longer than {MAX_LINE:,} bytes")
    if not content.strip():
        return None
    try:
        text = content.decode("utf-8")
    except UnicodeDecodeError:
        raise UntrustedFileError(f"{name} is not text") from None
    record = check_record(parse_json(text, name, "game record"), settings, name)
    if record.get(CHECKSUM) != record_checksum(record):
        raise UntrustedFileError(f"{name}: its checksum does not match its content (damaged or edited)")
    return record


def describe(path: Path, bad: list[BadLine]) -> str:
    """What :func:`set_aside` did with ``bad`` lines of ``path``, for the user."""
    shown_lines = "; ".join(b.reason for b in bad[:SHOWN_LINES])
    more = f"; and {len(bad) - SHOWN_LINES} more" if len(bad) > SHOWN_LINES else ""
    count = "1 line that is not a game record" if len(bad) == 1 else f"{len(bad)} lines that are not game records"
    return (f"{path.name}: moved {count} of this tournament to {path.name}{BAD_SUFFIX} ({shown_lines}{more}); "
            "any game missing is played again")


def set_aside(path: Path, found: GamesFile) -> None:
    """Append ``found``'s bad lines of ``path`` to ``path.bad``, then replace ``path`` by its
    other lines (each ending with a newline).  ``OSError`` if either cannot be written; the
    games file is replaced only after the bad lines are safely stored."""
    bad = {b.number for b in found.bad}
    folder = path.parent
    fd, temp = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with open_regular(path, "tournament games file") as source, os.fdopen(fd, "wb") as good:
            if hasattr(os, "fchmod"):  # the file keeps its permissions
                os.fchmod(good.fileno(), os.fstat(source.fileno()).st_mode & 0o777)
            aside = _open_aside(path.with_name(path.name + BAD_SUFFIX)) if bad else None
            try:
                _split(source, bad, good, aside)
                if aside is not None:
                    aside.flush()
                    os.fsync(aside.fileno())
            finally:
                if aside is not None:
                    aside.close()
            good.flush()
            os.fsync(good.fileno())
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise


def _open_aside(path: Path) -> BinaryIO:
    """``path`` opened to append, only if it is (or becomes) a regular file."""
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags, 0o644)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(f"{path.name} is not a regular file")
        return os.fdopen(fd, "ab")
    except BaseException:
        os.close(fd)
        raise


def _split(source: BinaryIO, bad: set[int], good: BinaryIO, aside: BinaryIO | None) -> None:
    """Copy each line of ``source`` to ``aside`` (its number in ``bad``) or to ``good``, piece
    by piece, ending the last line with a newline if it has none."""
    number, out = 1, good
    piece = b"\n"
    while chunk := source.readline(1 << 20):
        piece = chunk
        out = good
        if number in bad:
            assert aside is not None  # the caller opens one when a line is bad
            out = aside
        out.write(piece)
        if piece.endswith(b"\n"):
            number += 1
    if not piece.endswith(b"\n"):
        out.write(b"\n")
