"""A game's larger abilities as objects behind small protocols (DESIGN.md, "Abilities are objects").

Beyond its plain facts (name, players, rules, notation), a game may have abilities that
shared code uses: reading and writing other programs' match files, reviewing a game, analysis
levels, tournament play, commands of its own.  Each is one object behind one protocol here.
A :class:`~.gameinfo.GameInfo` declares an ability as a zero-argument factory, usually
:func:`lazy` of an import path, so declaring it loads nothing, and as ``None`` when the game
lacks it; shared code asks for it once (``info.match_files()``) and calls its methods, never
probing with ``getattr``/``hasattr``.

So far: :class:`MatchFiles` and :class:`Commands`.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from functools import lru_cache
from importlib import import_module
from typing import Any, Protocol, runtime_checkable

from .match import GameRecord

__all__ = ["Commands", "MatchFiles", "lazy"]


def lazy(path: str) -> Callable[[], Any]:
    """A factory of the object at ``"package.module:NAME"``: imported on the first call, the
    same object every call after."""
    module, _, name = path.partition(":")
    if not module or not name:
        raise ValueError(f"an ability's path is 'package.module:NAME', not {path!r}")

    @lru_cache(maxsize=1)
    def load() -> Any:
        return getattr(import_module(module), name)

    load.path = path  # type: ignore[attr-defined]  (what it loads, for messages and tests)
    return load


@runtime_checkable
class Commands(Protocol):
    """Subcommands a game adds to ``tabula`` (backgammon's ``cube`` and ``import``): the
    command line registers them from the registry without naming the game.  Each subcommand
    sets ``run`` (and ``checks_input``) on its parser as the shared ones do, and raises
    :class:`~.argtypes.UsageError` for bad input."""

    def add(self, sub: argparse._SubParsersAction) -> None:
        """Add the game's subcommands to ``tabula``'s."""


@runtime_checkable
class MatchFiles(Protocol):
    """Files other programs write of a game's matches (backgammon's ``.mat`` and ``.sgf``):
    the window's Load dialog and ``tabula review`` open them, ``tabula export`` writes them.

    ``read`` raises ``ValueError`` (a clear message, for the user) for a file that is not one
    or cannot be replayed; whatever ``write`` gives, ``read`` takes back as the same games."""

    suffixes: tuple[str, ...]
    """The file name endings this game's match files have, lowercase (``.mat``, ``.sgf``)."""

    def read(self, text: str, name: str) -> Any:
        """The match in ``text`` (``name``'s suffix may choose the format)."""

    def read_file(self, path: Any) -> Any:
        """The match in the file at ``path``, read with a bounded reader
        (:mod:`~.untrusted`: a missing, huge or binary file is a clear ``ValueError``)."""

    def write(self, match: Any, name: str) -> str:
        """The match as the text of the format ``name``'s suffix names."""

    def record(self, match: Any, file_names: bool = False) -> GameRecord:
        """The match as one game record (what the window replays and the review reviews);
        its players are the file's names with ``file_names``, else ``human``; ``notes``
        says what the file contradicted.  ``ValueError`` for a match one record cannot hold."""

    def game_count(self, match: Any) -> int:
        """How many games the match holds."""

    def export(self, record: GameRecord) -> tuple[Any, bool]:
        """A record's finished games as a match, and whether a game still in progress was
        left out; ``ValueError`` for a record no match file can hold."""
