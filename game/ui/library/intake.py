"""What the window puts into the study library by itself, when "Add finished games and reviews"
is on (the default) and the game has a library (:func:`game.core.library.intake.takes`):

- a game the user played (human against computer, or two humans) as it ends: its record, the
  players named so the library's players mean something (a human is the first of "My names",
  or "You" when none is set; a computer player its title as the menu shows it);
- every review the Review screen completes, with its match: the reviewed file when the screen
  reviewed one (so it is the match ``tabula library add`` adds from that file), else the
  game's record named as above (so it is the match its end added).

Both are written by :data:`~game.ui.jobs.library_writer.LIBRARY_WRITER`'s thread: nothing here
holds up a frame or raises into the window; what goes wrong is one banner message.
"""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from ...core.gameinfo import GameInfo
from ...core.library import Library
from ...core.library import intake as library_intake
from ...core.match import GameRecord
from ...core.session import HUMAN
from ...games import all_games
from ..jobs.library_writer import LIBRARY_WRITER

YOU = "You"
"""A human's name in the library when "My names" is empty."""
WINDOW_SOURCE = "window:"
"""How the library's ``source`` of a game played in the window starts (then the time): no file."""


def computer_title(info: GameInfo, name: str) -> str:
    """A computer player's title as the menu shows it: ``expert`` → ``Expert``."""
    title = info.player_title(name)
    return title[:1].upper() + title[1:]


def named_record(info: GameInfo, record: GameRecord, my_names: list[str]) -> GameRecord:
    """``record`` with its players' names for the library (see the module doc); a record whose
    file named its players keeps those.  Two humans take the first two of ``my_names``; with
    fewer, each is the first name with the seat's title ("You (White)")."""
    if record.names:
        return record
    mine = list(my_names) or [YOU]
    humans = [seat for seat, player in enumerate(record.players) if player == HUMAN]
    titles = info.players.titles
    names = []
    for seat, player in enumerate(record.players):
        if player != HUMAN:
            names.append(computer_title(info, player))
        elif len(humans) > len(mine):
            names.append(f"{mine[0]} ({titles[seat]})")
        else:
            names.append(mine[humans.index(seat)])
    return replace(record, names=names)


def played_by_the_user(session) -> bool:
    """Whether a human played in ``session`` (watch mode's games are not the user's)."""
    return any(session.is_human(seat) for seat in range(len(session.players)))


def _window_source() -> str:
    """Where a game with no file came from, as the library records it (never a file's path)."""
    return f"{WINDOW_SOURCE}{time.strftime('%Y-%m-%dT%H:%M:%S')}"


def add_finished_game(settings, session) -> bool:
    """Put ``session``'s game, just finished, into the library (see the module doc); whether a
    write was asked for."""
    info = session.info
    if not (settings.library_auto_add and library_intake.takes(info) and played_by_the_user(session)):
        return False
    record, source = named_record(info, session.record(), settings.my_names), _window_source()

    def work(library: Library) -> str | None:
        try:
            found = library_intake.record_source(info, record, source)
        except ValueError:  # no finished game in it: nothing to keep
            return None
        library.add(found)
        return None

    LIBRARY_WRITER.submit(settings.library_file, "the game", work)
    return True


def add_completed_review(settings, info: GameInfo, record: GameRecord, save: Path | None, report,
                         options: dict[str, Any], from_cache: bool = False) -> bool:
    """Put a review the Review screen completed into the library with its match: ``save`` the
    file reviewed (``None``: the game's ``record``, once the game is over: one still being
    played goes in when it ends, as a whole).  A review read from its cache was complete
    before: it is added only when the library lacks the match's review at that level.  Whether
    a write was asked for."""
    if not (settings.library_auto_add and library_intake.takes(info)) or (save is None and record.result is None):
        return False
    named = record if save is not None else named_record(info, record, settings.my_names)
    name = _window_source()
    level = str(options.get("level") or info.move_analysis().options.get("level", "default"))

    def work(library: Library) -> str | None:
        try:
            source = (library_intake.file_source(save, all_games()) if save is not None
                      else library_intake.record_source(info, named, name))
        except ValueError:  # a game in progress with no finished game, or a file no longer there
            return None
        if from_cache:
            found = library.connection.execute("SELECT id FROM matches WHERE hash = ?", (source.hash,)).fetchone()
            if found is not None and level in library.levels(found[0]):
                return None
        library_intake.add_review(library, info, source, report, options)
        return None

    LIBRARY_WRITER.submit(settings.library_file, "the review", work)
    return True
