"""Backgammon's :class:`~game.core.capabilities.MatchFiles`: ``.mat`` and GNU Backgammon's
``.sgf`` match files, read, written, opened as one match record and exported from one.

Declared in the game's ``GameInfo`` as ``lazy("game.backgammon.matfile.capability:MATCH_FILES")``,
so nothing here loads until a match file is opened or written."""

from __future__ import annotations

from dataclasses import replace

from ...core.match import GameRecord
from . import SUFFIXES, MatchFile, match_record, read_match, read_match_file, write_match
from .from_record import export_match


class BackgammonMatchFiles:
    """See the module doc; :class:`~.model.MatchFileError` (a ``ValueError``) for a bad file."""

    suffixes = SUFFIXES

    def read(self, text: str, name: str) -> MatchFile:
        return read_match(text, name)

    def read_file(self, path) -> MatchFile:
        return read_match_file(path)

    def write(self, match: MatchFile, name: str) -> str:
        return write_match(match, name)

    def record(self, match: MatchFile) -> GameRecord:
        return replace(match_record(match), names=list(match.players))

    def game_count(self, match: MatchFile) -> int:
        return len(match.games)

    def export(self, record: GameRecord) -> tuple[MatchFile, bool]:
        return export_match(record)


MATCH_FILES = BackgammonMatchFiles()
