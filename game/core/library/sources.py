"""Files going into the library: which to take from the paths a user names, and each read as a
:class:`Source` (its text, the game record a review replays, its summary).

A match file of a game that has a study library (:class:`~game.core.capabilities.Library`)
is read with the game's :class:`~game.core.capabilities.MatchFiles`; a Tabula save
(``.json``) is read as the window saves it and summarised through the game's export to a
match.  The text is kept as it came, so the library can replay, rebuild and export it; the
same reader reads it back (:func:`read_text`).  Every file is untrusted: a bad one is a
``ValueError`` naming what is wrong, and the caller skips it.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..capabilities import MatchFiles
from ..capabilities.library import Library, MatchSummary
from ..gameinfo import GameInfo
from ..match import GameRecord
from ..saves import MAX_BYTES, SaveError, parse_record
from ..untrusted import parse_json
from ..untrusted import read_text as read_bounded

SAVE_FORMAT = "tabula"
"""The format name of a Tabula save (a match file's format is its suffix: ``.mat``, ``.sgf``)."""


@dataclass(frozen=True)
class Source:
    """One match read for the library: its text and summary (the record a review replays is
    made on demand, :func:`record_of`: replaying every move again costs more than reading)."""

    game: str
    format: str
    text: str
    source: str
    summary: MatchSummary

    @property
    def hash(self) -> str:
        """The content hash that makes the same match added twice one match."""
        return content_hash(self.game, self.text)


def content_hash(game: str, text: str) -> str:
    return hashlib.sha256(f"{game}\n{text}".encode()).hexdigest()


def library_games(games: Iterable[GameInfo]) -> list[GameInfo]:
    """The games with a study library and match files."""
    return [info for info in games if info.has(Library) and info.has(MatchFiles)]


def suffixes(games: Sequence[GameInfo]) -> tuple[str, ...]:
    """The file endings the library takes: the games' match files and Tabula's saves."""
    return (*(s for info in library_games(games) for s in _files(info).suffixes), ".json")


def _files(info: GameInfo) -> MatchFiles:
    files = info.ability(MatchFiles)
    assert files is not None  # library_games keeps only games that have them
    return files


def files_under(paths: Iterable[str | Path], games: Sequence[GameInfo]) -> Iterator[tuple[Path, str | None]]:
    """Each file to add, in a stable order: every named file as it is, and under every named
    folder (recursively, links to folders not followed) the files whose ending the library
    takes.  A path that does not exist comes with the reason it is skipped."""
    endings = suffixes(games)
    for path in map(Path, paths):
        if path.is_dir():
            for folder, dirs, names in os.walk(path):
                dirs.sort()
                for name in sorted(names):
                    if name.lower().endswith(endings):
                        yield Path(folder) / name, None
        elif path.exists() or path.is_symlink():
            yield path, None
        else:
            yield path, "no such file or folder"


def read_file(path: Path | str, games: Sequence[GameInfo]) -> Source:
    """The match at ``path``; ``ValueError`` saying what is wrong (a file of no library game,
    unreadable, too large, not a match)."""
    name = str(path).lower()
    for info in library_games(games):
        if name.endswith(_files(info).suffixes):
            text = read_bounded(path, MAX_BYTES, "match file")
            return read_text(info, name[name.rindex("."):], text, str(path))
    if name.endswith(".json"):
        text = read_bounded(path, MAX_BYTES, "Tabula saved game")
        data = parse_json(text, Path(path).name, "Tabula saved game")
        game = data.get("game") if isinstance(data, dict) else None
        found = next((i for i in library_games(games) if i.name == game), None)
        if found is None:
            raise ValueError("not a saved game of a game with a study library (backgammon)")
        return read_text(found, SAVE_FORMAT, text, str(path))
    raise ValueError(f"not a file the library takes ({', '.join(suffixes(games))})")


def read_text(info: GameInfo, format: str, text: str, source: str) -> Source:
    """A match from its stored ``text`` in ``format`` (a match file's suffix, or
    :data:`SAVE_FORMAT`); ``ValueError`` for a bad one."""
    library = info.ability(Library)
    assert library is not None
    match = _save_match(info, text, source)[1] if format == SAVE_FORMAT else _files(info).read(text, f"match{format}")
    summary = library.summary(match)
    if not summary.games:
        raise ValueError("the match has no finished game")
    return Source(info.name, format, text, source, summary)


def record_of(info: GameInfo, format: str, text: str, source: str) -> GameRecord:
    """The game record of a stored match (what a review replays), its players named as the
    library names them; ``ValueError`` for a bad one."""
    if format == SAVE_FORMAT:
        record, match = _save_match(info, text, source)
        library = info.ability(Library)
        assert library is not None
        return _named(record, library.summary(match).players)
    files = _files(info)
    return files.record(files.read(text, f"match{format}")).named()


def _save_match(info: GameInfo, text: str, source: str):
    """A Tabula save's record and its finished games as the game's match."""
    try:
        record = parse_record(parse_json(text, Path(source).name, "Tabula saved game"),
                              lambda name: _rules(info, name), Path(source).name)
    except SaveError as error:
        raise ValueError(str(error)) from None
    return record, _files(info).export(record)[0]


def _rules(info: GameInfo, name: str):
    if name != info.name:
        raise ValueError(f"unknown game {name!r}")
    return info.rules()


def _named(record: GameRecord, players: tuple[str, str]) -> GameRecord:
    from dataclasses import replace

    return replace(record, players=list(players), names=list(players))


@dataclass(frozen=True)
class FileReader:
    """Reads one file for :func:`read_many` (picklable: ``get_games`` is the registry's
    ``game.games.all_games``, passed in since the library knows no game)."""

    get_games: Callable[[], Sequence[GameInfo]]

    def __call__(self, path: Path) -> Source | str:
        try:
            return read_file(path, self.get_games())
        except ValueError as error:
            return str(error)


def read_many(paths: Iterable[Path], reader: FileReader, workers: int = 1) -> Iterator[tuple[Path, Source | str]]:
    """Each path with its :class:`Source`, or why it cannot be read, in the order given; over
    ``workers`` spawned processes when more than one (reading replays every move, which is
    what adding spends its time on; the caller stores the sources one transaction each)."""
    if workers <= 1:
        for path in paths:
            yield path, reader(path)
        return
    import multiprocessing

    pending = list(paths)
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        yield from zip(pending, pool.imap(reader, pending, chunksize=4))
