"""The abilities that reach outside the window: other programs' match files (:class:`MatchFiles`)
and the commands a game adds to ``tabula`` (:class:`Commands`, :class:`Training`,
:class:`Calibration`)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from ..match import GameRecord


@runtime_checkable
class Commands(Protocol):
    """Subcommands a game adds to ``tabula`` (backgammon's ``cube`` and ``import``): the
    command line registers them from the registry without naming the game.  Each subcommand
    sets ``run`` (and ``checks_input``) on its parser as the shared ones do, and raises
    :class:`game.core.argtypes.UsageError` for bad input."""

    def add(self, sub: argparse._SubParsersAction) -> None:
        """Add the game's subcommands to ``tabula``'s."""


@runtime_checkable
class MatchFiles(Protocol):
    """Files other programs write of a game's matches (backgammon's ``.mat`` and ``.sgf``):
    the window's Load dialog and ``tabula review`` open them, ``tabula export`` writes them.

    ``read`` raises ``ValueError`` (a clear message, for the user) for a file that is not one
    or cannot be replayed; whatever ``write`` gives, ``read`` takes back as the same games."""

    @property
    def suffixes(self) -> tuple[str, ...]:
        """The file name endings this game's match files have, lowercase (``.mat``, ``.sgf``)."""

    def read(self, text: str, name: str) -> Any:
        """The match in ``text`` (``name``'s suffix may choose the format)."""

    def read_file(self, path: Any) -> Any:
        """The match in the file at ``path``, read with a bounded reader
        (:mod:`game.core.untrusted`: a missing, huge or binary file is a clear ``ValueError``)."""

    def write(self, match: Any, name: str) -> str:
        """The match as the text of the format ``name``'s suffix names; ``ValueError`` (a
        clear message) when ``read_file`` would refuse that text as too large."""

    def record(self, match: Any) -> GameRecord:
        """The match as one game record (what the window replays and the review reviews):
        its players ``human``, its ``names`` the file's (:meth:`game.core.match.GameRecord.named` the
        record a review keys); ``notes`` says what the file contradicted.  ``ValueError`` for a
        match one record cannot hold."""

    def game_count(self, match: Any) -> int:
        """How many games the match holds."""

    def export(self, record: GameRecord) -> tuple[Any, bool]:
        """A record's finished games as a match, and whether a game still in progress was
        left out; ``ValueError`` for a record no match file can hold."""


@runtime_checkable
class Training(Protocol):
    """``tabula train GAME``: training a game's evaluator (backgammon's networks)."""

    @property
    def help(self) -> str:
        """One line for ``tabula train --help``."""

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        """Add the training's own options after ``GAME``."""

    def run(self, args: argparse.Namespace) -> int:
        """Train as ``args`` say; the exit code."""


@runtime_checkable
class Calibration(Protocol):
    """``tabula calibrate GAME``: each evaluator's score fitted to the win chance it predicts,
    on labelled positions from games played as :attr:`player` says (backgammon's
    ``game/backgammon/evaluators/calibration.py``)."""

    @property
    def player(self) -> str:
        """How the games are played, in words (for the report)."""

    def evaluators(self) -> list[str]:
        """The names of the evaluators it can calibrate."""

    def samples(self, games: int, seed: int, noise: float = ..., per_game: int | None = ...,
                progress: Callable[..., None] | None = ...) -> Any:
        """Positions labelled by who won, from ``games`` games played from ``seed``."""

    def scores(self, name: str, boards: Any) -> Any:
        """The evaluator ``name``'s scores of ``boards``."""
