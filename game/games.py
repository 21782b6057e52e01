"""The registry of games, read by the command line and the window.

Each game package declares one :class:`~game.core.gameinfo.GameInfo`; listing it here is all
it takes for the rest of Tabula to offer it.
"""

from __future__ import annotations

from .backgammon import GAME as BACKGAMMON
from .chesstack import GAME as CHESSTACK
from .core.gameinfo import GameInfo
from .core.protocol import Rules
from .mandragora import GAME as MANDRAGORA

_GAMES: dict[str, GameInfo] = {info.name: info for info in (BACKGAMMON, MANDRAGORA, CHESSTACK)}


def game_names() -> list[str]:
    return list(_GAMES)


def all_games() -> list[GameInfo]:
    return list(_GAMES.values())


def get_game(name: str) -> GameInfo:
    """The game called ``name``; ``ValueError`` naming the known games otherwise."""
    try:
        return _GAMES[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r}; known games: {', '.join(_GAMES)}") from None


def rules_for(name: str) -> Rules:
    """The rules of the game called ``name`` (what :func:`game.core.saves.load_game` looks up)."""
    return get_game(name).rules()


IMPORT_SUFFIXES = (".mat", ".sgf")
"""Files of other programs the window's Load dialog opens too: backgammon match files
(``.mat`` text and GNU Backgammon's ``.sgf``)."""


def imported_record(path, file_names: bool = False):
    """The :class:`~game.core.match.GameRecord` of a file another program wrote (a ``.mat`` or
    ``.sgf`` match file becomes one backgammon match record), ``None`` when ``path`` is no such
    file; ``ValueError`` saying what is wrong with a bad one.  Read with the bounded reader.

    The record's players are both ``human`` (what the window's replay mode plays on with);
    with ``file_names`` they are the names the file gives instead (for ``tabula review``)."""
    if not str(path).lower().endswith(IMPORT_SUFFIXES):
        return None
    from .backgammon.matfile import match_record, read_match
    from .core.untrusted import read_text

    match = read_match(read_text(path, 2_000_000, "match file"), str(path))
    record = match_record(match)
    if file_names:
        record.players = list(match.players)
    return record


def reviewed_record(path):
    """The record ``tabula review`` and the window's Review screen review at ``path``: an
    imported match file's with the players named as in the file (so both share one
    ``<file>.review`` cache), else the Tabula save's.  ``ValueError`` for a bad match file,
    :class:`~game.core.saves.SaveError` for a bad save."""
    from .core.saves import load_game

    return imported_record(path, file_names=True) or load_game(path, rules_for)
