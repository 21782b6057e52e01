"""The registry of games, read by the command line and the window.

Each game package declares one :class:`~game.core.gameinfo.GameInfo`; listing it here is all
it takes for the rest of Tabula to offer it.
"""

from __future__ import annotations

from .backgammon.info import GAME as BACKGAMMON
from .chesstack.info import GAME as CHESSTACK
from .core.capabilities import MatchFiles
from .core.gameinfo import GameInfo
from .core.protocol import Rules
from .mandragora.info import GAME as MANDRAGORA

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


def match_files_for(path) -> tuple[GameInfo, MatchFiles] | None:
    """The game whose match files end as ``path`` does, with its :class:`MatchFiles`; ``None``
    when no game's do."""
    name = str(path).lower()
    for info in all_games():
        if info.has(MatchFiles):
            files = info.ability(MatchFiles)
            if name.endswith(files.suffixes):
                return info, files
    return None


def import_suffixes() -> tuple[str, ...]:
    """The endings of every game's match files (what the window's Load dialog offers besides
    Tabula's saves)."""
    return tuple(suffix for info in all_games() if info.has(MatchFiles)
                 for suffix in info.ability(MatchFiles).suffixes)


def imported_record(path):
    """The :class:`~game.core.match.GameRecord` of a file another program wrote (a game's
    match file, :func:`match_files_for`, becomes one match record), ``None`` when ``path`` is
    no such file; ``ValueError`` saying what is wrong with a bad one.  Read with the bounded
    reader.  Its players are both ``human`` (what the window's replay mode plays on with), its
    ``names`` those the file gives."""
    found = match_files_for(path)
    if found is None:
        return None
    files = found[1]
    return files.record(files.read_file(path))


def reviewed_record(path):
    """The record ``tabula review`` reviews at ``path``: an imported match file's with the
    players named as in the file (:meth:`~game.core.match.GameRecord.named`: the window's
    Review screen names them so too, and both share one ``<file>.review`` cache), else the
    Tabula save's.  ``ValueError`` for a bad match file, :class:`~game.core.saves.SaveError`
    for a bad save."""
    from .core.saves import load_game

    imported = imported_record(path)
    return imported.named() if imported is not None else load_game(path, rules_for)
