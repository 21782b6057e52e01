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
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import platformdirs

from .match import GameRecord, replay
from .protocol import CHANCE, IllegalMoveError, Rules

FORMAT = "tabula-game"
SCHEMA_VERSION = 1
MAX_BYTES = 8_000_000
"""Refuse files larger than this: no real game comes near it."""

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


def write_atomic(path: Path | str, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and ``os.replace``.

    Either the new content is complete on disk or the old file is untouched.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = path.stat().st_mode & 0o777
    except OSError:
        mode = 0o644
    handle = tempfile.NamedTemporaryFile(
        "w", encoding="utf-8", dir=path.parent, prefix=f".{path.name}.", suffix=".tmp", delete=False
    )
    try:
        with handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(handle.name, mode)
        os.replace(handle.name, path)
    except BaseException:
        try:
            os.unlink(handle.name)
        except OSError:
            pass
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
    }


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
    """Read, check and replay a saved game; :class:`SaveError` saying what is wrong."""
    path = Path(path)
    name = path.name
    try:
        if path.stat().st_size > MAX_BYTES:
            raise SaveError(f"{name} is too large to be a Tabula saved game")
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SaveError(f"{name}: no such file") from None
    except IsADirectoryError:
        raise SaveError(f"{name} is a folder, not a saved game") from None
    except OSError as error:
        raise SaveError(f"cannot read {name}: {error.strerror or error}") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveError(f"{name} is not a Tabula saved game (not a text file)") from None
    except json.JSONDecodeError as error:
        raise SaveError(
            f"{name} is damaged or truncated: not valid JSON ({error.msg} at line {error.lineno})"
        ) from None
    return parse_record(data, rules_for, name)


def parse_record(data: Any, rules_for: RulesLookup, name: str = "the save") -> GameRecord:
    """A checked :class:`GameRecord` from decoded JSON; the game is replayed to validate it."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{name} is not a Tabula saved game")
    schema = data.get("schema")
    if not isinstance(schema, int) or isinstance(schema, bool) or schema < 1:
        raise SaveError(f"{name} has no valid schema version")
    if schema > SCHEMA_VERSION:
        raise SaveError(
            f"{name} was written by a newer Tabula (schema {schema}); this version reads schema {SCHEMA_VERSION}"
        )
    game = _field(data, "game", str, name)
    try:
        rules = rules_for(game)
    except ValueError:
        raise SaveError(f"{name} is a game of {game!r}, which this Tabula does not know") from None
    players = _field(data, "players", list, name)
    if len(players) != rules.num_players or not all(isinstance(p, str) and p for p in players):
        raise SaveError(f"{name}: 'players' must list {rules.num_players} player names")
    options = _field(data, "options", dict, name)
    actions = _field(data, "actions", list, name)
    if not all(isinstance(a, str) for a in actions):
        raise SaveError(f"{name}: every action must be text in the game's notation")
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise SaveError(f"{name}: 'seed' must be a whole number or null")
    try:
        states = replay(rules, options, actions)
    except IllegalMoveError as error:
        raise SaveError(f"{name}: the move list is invalid at {error}") from None
    except ValueError as error:
        raise SaveError(f"{name}: bad game options: {error}") from None
    final = states[-1]
    result = tuple(rules.result(final)) if rules.is_over(final) else None
    plies = sum(1 for state in states[:-1] if rules.to_move(state) != CHANCE)
    return GameRecord(game, options, list(actions), list(players), seed, result, plies)


def _field(data: dict, key: str, kind: type, name: str) -> Any:
    value = data.get(key)
    if not isinstance(value, kind):
        raise SaveError(f"{name}: missing or malformed {key!r}")
    return value
