"""What the Library screen opens: a match on the Review screen (at a decision, or its first),
and a position on the study board.

A match is opened the way the Load dialog opens a file (:meth:`~game.ui.app.App.open_saved`),
over the Library screen, which waits under it: the play screen in replay mode, and over it the
Review screen.  The file is the match's own when it is still where it was added from and
still says the same (its ``<file>.review`` cache, ``tabula review``'s too, then makes the
review instant), else a copy of the text the library keeps, written once to the user data
folder (:func:`match_file`); either way the review the screen completes goes back into the
library as that very match.  A position opens as a new game of two humans from it (its XGID,
else its position and match IDs), over the Library screen too: hints, the cube analysis,
every roll, rollouts, and play on.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from ...core.library import Library
from ...core.library.sources import SAVE_FORMAT, content_hash, read_text
from ...core.saves import data_dir, write_atomic
from ...core.session import HUMAN, GameSetup
from ...games import get_game
from .intake import WINDOW_SOURCE

FOLDER = "library-matches"
"""The user data folder's sub-folder of match texts written to be opened (and their reviews' caches)."""


class Prepared(NamedTuple):
    """A stored match ready to open: the file to load and the decision's ply to open at."""

    path: Path
    ply: int | None


def match_file(game: str, format: str, text: str, source: str) -> Path:
    """The file that holds this match's ``text``: ``source`` when it still reads the same, else
    the copy under the data folder (written when missing), named by the text's hash."""
    suffix = _suffix(format)
    if source and not source.startswith(WINDOW_SOURCE) and _holds(Path(source), suffix, text):
        return Path(source)
    path = data_dir() / FOLDER / f"{content_hash(game, text)[:20]}{suffix}"
    if not _holds(path, suffix, text):
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, text)
    return path


def _holds(path: Path, suffix: str, text: str) -> bool:
    """Whether the file at ``path`` ends in ``suffix`` and holds ``text`` (bounded: a match
    text is small)."""
    try:
        return (path.suffix.lower() == suffix and path.is_file() and path.stat().st_size <= 4 * len(text) + 4096
                and path.read_text(encoding="utf-8") == text)
    except (OSError, UnicodeDecodeError):
        return False


def _suffix(format: str) -> str:
    return ".json" if format == SAVE_FORMAT else format


def prepare(library: Library, match_id: int, ply: int | None = None) -> Prepared:
    """The match ``match_id`` of ``library`` as a file to open (run off the frame: it reads and
    may write a file); ``ValueError`` for a match that no longer reads, ``KeyError`` for one
    that is gone."""
    stored = library.match(match_id)
    read_text(get_game(stored.game), stored.format, stored.text, stored.source)  # it still reads
    return Prepared(match_file(stored.game, stored.format, stored.text, stored.source), ply)


def open_match(app, prepared: Prepared) -> bool:
    """Open the prepared match on the Review screen, over the Library screen (see the module
    doc), at the decision of ``prepared.ply`` when given; whether it opened (else the banner
    says why)."""
    if not app.open_saved(prepared.path, over=True):
        return False
    play = app.scene
    if prepared.ply is not None:
        play.replay.show_decision(prepared.ply)  # where Back from the review shows the match
    app.push("review", back=play, at=prepared.ply)
    return True


def position_text(found: dict[str, Any]) -> str:
    """A found decision's position as its game reads it: its XGID, else its IDs."""
    if found.get("xgid"):
        return found["xgid"]
    return ":".join(part for part in (found["position_id"], found.get("match_id")) if part)


def study(app, info, found: dict[str, Any]) -> bool:
    """Open a found decision's position on the study board, over the Library screen (see the
    module doc); whether it opened (else the banner says why)."""
    try:
        options = info.position_options(position_text(found))
    except ValueError as error:
        app.banner.show(f"Cannot open the position: {error}", error=True)
        return False
    return app.start_game(GameSetup(info.name, (HUMAN, HUMAN), None, options), over=True)
