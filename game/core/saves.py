"""Saved games as JSON: atomic writes, and loads that check everything before trusting it.

A save is a :class:`~game.core.match.GameRecord` written as::

    {"format": "tabula-game", "schema": 1, "game": "backgammon",
     "players": ["human", "hard"], "options": {}, "seed": 7,
     "actions": ["white 31", "8/5 6/5", "52", "13/8 13/11", ...], "result": null}

``actions`` is the notation list the match runner records, chance outcomes (dice) included.
Loading replays it with the game's rules, so an illegal or garbled move list is reported with
its action number.  Every problem is a :class:`SaveError` whose message can be shown as is.

User saves live in the ``platformdirs`` user data folder; ``TABULA_HOME`` (used by the tests)
moves it to ``$TABULA_HOME/data``.
"""

from __future__ import annotations

import json
import os
import stat
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import platformdirs

from .match import GameRecord, replay
from .protocol import CHANCE, MoveError, Rules
from .untrusted import MAX_NAME, Fields, UntrustedFileError, is_whole, load_json, shown

FORMAT = "tabula-game"
SCHEMA_VERSION = 1
MAX_BYTES = 8_000_000
"""Refuse files larger than this: no real game comes near it."""
MAX_ACTIONS = 200_000
"""Most actions a save may list (a long Mandragora game has a few thousand)."""
MAX_ACTION_TEXT = 200
"""Longest action text (a backgammon play with hits is under 40 characters)."""

RulesLookup = Callable[[str], Rules]
"""Maps a game name to its rules; raises ``ValueError`` for an unknown game."""


class SaveError(Exception):
    """A save that cannot be read or written; the message says what is wrong, for the user."""


def data_dir() -> Path:
    """The folder for autosaves and user saves (``$TABULA_HOME/data`` when that is set)."""
    home = os.environ.get("TABULA_HOME")
    return Path(home) / "data" if home else Path(platformdirs.user_data_dir("tabula"))


def file_in_the_way(folder: Path) -> Path | None:
    """The file that stops ``folder`` from being created (itself or its nearest existing
    parent, when that is not a folder), or ``None``."""
    for path in (folder, *folder.parents):
        if path.exists():
            return None if path.is_dir() else path
    return None


def saves_dir() -> Path:
    return data_dir() / "saves"


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def examples_dir() -> Path | None:
    """The example games: installed inside the package as ``game/examples``, or the
    repository's ``saves/`` folder when running from a checkout."""
    package = Path(__file__).resolve().parents[1]
    for folder in (package / "examples", package.parent / "saves"):
        if folder.is_dir() and any(folder.glob("*.json")):
            return folder
    return None


NAME_MAX = 255
"""The longest file name, in bytes, that the common file systems allow."""


def write_atomic(path: Path | str, text: str | bytes) -> None:
    """Write ``text`` (UTF-8 text, or bytes as they are) to ``path`` through a temporary file
    and ``os.replace``.

    Either the new content is complete on disk or the old file is untouched.  An ``OSError``
    names ``path``, never the temporary file (a message shown to the user says which file it
    could not write, not a hidden name it never asked for).  The temporary
    file's name carries at most the first 100 bytes of ``path``'s (whole characters), so a
    name at the file system's limit, in any script, can still be written.
    """
    path = Path(path)
    start = path.name
    while len(start.encode("utf-8", "surrogateescape")) > 100:
        start = start[:-1]
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = path.stat().st_mode & 0o777
    except OSError:
        mode = 0o644
    handle = tempfile.NamedTemporaryFile(
        "wb" if isinstance(text, bytes) else "w", encoding=None if isinstance(text, bytes) else "utf-8",
        dir=path.parent, prefix=f".{start}.", suffix=".tmp", delete=False
    )
    try:
        with handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(handle.name, mode)
        os.replace(handle.name, path)
    except BaseException as error:
        try:
            os.unlink(handle.name)
        except OSError:
            pass
        if isinstance(error, OSError) and handle.name in (error.filename, error.filename2):
            # the temporary file is ours, not the user's: the error names the file asked for
            raise OSError(error.errno, error.strerror, str(path)) from None
        raise


def record_to_json(record: GameRecord) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "schema": SCHEMA_VERSION,
        "game": record.game,
        "players": list(record.players),
        "options": dict(record.options),
        "seed": record.seed,
        "actions": list(record.actions),
        "result": list(record.result) if record.result is not None else None,
    } | ({"names": list(record.names)} if record.names else {})  # older Tabulas never wrote it


def save_game(path: Path | str, record: GameRecord) -> None:
    """Save ``record`` atomically; :class:`SaveError` (and the old file kept) on failure."""
    try:
        text = json.dumps(record_to_json(record), indent=1)
    except (TypeError, ValueError) as error:
        raise SaveError(f"cannot save this game: {error}") from None
    try:
        write_atomic(path, text + "\n")
    except OSError as error:
        raise SaveError(f"cannot write {path}: {error.strerror or error}") from None


def load_game(path: Path | str, rules_for: RulesLookup) -> GameRecord:
    """Read, check and replay a saved game; :class:`SaveError` saying what is wrong.

    Only a regular file of at most :data:`MAX_BYTES` is read (see :mod:`.untrusted`)."""
    name = Path(path).name
    try:
        data = load_json(path, MAX_BYTES, "Tabula saved game")
    except UntrustedFileError as error:
        raise SaveError(str(error)) from None
    return parse_record(data, rules_for, name)


def parse_record(data: Any, rules_for: RulesLookup, name: str = "the save") -> GameRecord:
    """A checked :class:`GameRecord` from decoded JSON; the game is replayed to validate it.

    Every field is checked for its type, size and range before the rules see it, the options
    against the names the game's rules read, and every failure is a :class:`SaveError`."""
    try:
        return _parse_record(data, rules_for, name)
    except UntrustedFileError as error:
        raise SaveError(str(error)) from None


def _parse_record(data: Any, rules_for: RulesLookup, name: str) -> GameRecord:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{name} is not a Tabula saved game")
    fields = Fields(data, name, "Tabula saved game")
    schema = data.get("schema")
    if not is_whole(schema, 1, 10**6):
        raise SaveError(f"{name} has no valid schema version")
    if schema > SCHEMA_VERSION:
        raise SaveError(
            f"{name} was written by a newer Tabula (schema {schema}); this version reads schema {SCHEMA_VERSION}"
        )
    game = fields.text("game")
    try:
        rules = rules_for(game)
    except ValueError:
        raise SaveError(f"{name} is a game of {shown(game)}, which this Tabula does not know") from None
    n = rules.num_players
    players = fields.texts("players", range(n, n + 1))
    names = fields.texts("names", range(n, n + 1)) if "names" in data else []
    options = _options(fields, rules, name)
    actions = fields.data.get("actions")
    if not (isinstance(actions, list) and len(actions) <= MAX_ACTIONS):
        raise fields.error("actions", f"a list of at most {MAX_ACTIONS:,} moves")
    if not all(isinstance(a, str) and len(a) <= MAX_ACTION_TEXT for a in actions):
        raise SaveError(f"{name}: every action must be text in the game's notation "
                        f"(at most {MAX_ACTION_TEXT} characters)")
    seed = fields.whole("seed", -(2**63), 2**64, optional=True)
    try:
        states = replay(rules, options, actions)
    except MoveError as error:
        raise SaveError(f"{name}: the move list is invalid at {_cut(str(error))}") from None
    except ValueError as error:
        raise SaveError(f"{name}: bad game options: {_cut(str(error))}") from None
    final = states[-1]
    result = tuple(rules.result(final)) if rules.is_over(final) else None
    plies = sum(1 for state in states[:-1] if rules.to_move(state) != CHANCE)
    return GameRecord(game, options, list(actions), list(players), seed, result, plies, list(names))


MAX_TEXT_OPTION = 1000
"""The longest text option a save may hold (a position's text: Chesstack's lists its pieces)."""


def _options(fields: Fields, rules: Rules, name: str) -> dict[str, Any]:
    """The save's game options: names the rules read, each a short text or a small number,
    or true/false for the rules' ``flag_options``, a short list of small numbers for their
    ``list_options``, a text of up to :data:`MAX_TEXT_OPTION` characters for their ``text_options``
    (the rules check the value itself when the game is replayed)."""
    options = fields.object("options")
    for key, value in options.items():
        if key not in rules.option_names:
            known = ", ".join(rules.option_names) or "none"
            raise SaveError(f"{name}: {rules.name} has no option {shown(key)} (its options: {known})")
        if isinstance(value, bool) and key in rules.flag_options:
            continue
        if isinstance(value, str) and key in rules.text_options:
            if len(value) <= MAX_TEXT_OPTION:
                continue
            raise SaveError(f"{name}: option {key!r} is longer than {MAX_TEXT_OPTION} characters")
        if isinstance(value, list) and key in rules.list_options:
            if len(value) <= 4 and all(is_whole(v, -1000, 1000) for v in value):
                continue
            raise SaveError(f"{name}: option {key!r} must be a short list of whole numbers; got {shown(value)}")
        if not (isinstance(value, str) and len(value) <= MAX_NAME or is_whole(value, -1000, 1000)):
            raise SaveError(f"{name}: option {key!r} must be a short text or a whole number; got {shown(value)}")
    return options


def _cut(text: str, limit: int = 300) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


def set_aside(path: Path | str) -> Path:
    """Rename a file that cannot be used to ``<name>.bad`` (``.bad2``, ... if taken), keeping
    it for the user instead of deleting it; the new path.  ``OSError`` if it cannot be renamed."""
    path = Path(path)
    for k in range(1, 1000):
        target = path.with_name(path.name + (".bad" if k == 1 else f".bad{k}"))
        if not os.path.lexists(target):
            os.replace(path, target)
            return target
    raise OSError(f"too many set-aside copies of {path.name}")


STALE_SECONDS = 600
"""Age after which a temporary file of :func:`write_atomic` is an interrupted write's leftover
(a write takes milliseconds; the margin spares another running Tabula's write)."""


def remove_stale_temporaries(folder: Path, now: float | None = None) -> int:
    """Delete ``.<name>.*.tmp`` files that :func:`write_atomic` left in ``folder`` when it was
    killed mid-write, if older than :data:`STALE_SECONDS`; how many were removed."""
    now = time.time() if now is None else now
    removed = 0
    try:
        candidates = list(folder.glob(".*.tmp"))
    except OSError:
        return 0
    for path in candidates:
        try:
            info = path.lstat()
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > STALE_SECONDS:
                path.unlink()
                removed += 1
        except OSError:
            pass
    return removed
