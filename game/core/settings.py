"""User settings: a dataclass with defaults, stored as JSON in the platform config folder.

The settings every game shares are fields of :class:`Settings`; a game's own settings
(``GameInfo.options.settings``, and its analysis strength) are kept per game in ``games``, by game
name, and read through :meth:`Settings.of`, which falls back to the game's declared default
for anything missing or no longer valid.

Loading never fails: a missing file gives the defaults, a corrupt file or a bad value falls
back to the default for what is wrong, and the problem is returned for the window to show;
the file itself is kept as ``settings.json.bad`` (it would be overwritten on exit).
Files written before games kept their settings apart had them at the top level
(``"home_side": "left"``); such a value is read for each game that declares a setting of
that name.  ``TABULA_HOME`` (used by the tests) moves the folder to ``$TABULA_HOME/config``.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

import platformdirs

from .gameinfo import REVIEW_STRICTNESS, GameInfo
from .saves import set_aside, write_atomic
from .untrusted import MAX_NAME, UntrustedFileError, is_whole, load_json

if TYPE_CHECKING:
    from .drill.settings import DrillOptions

ANIMATION_SPEEDS = {"off": 0.0, "fast": 0.12, "normal": 0.25, "slow": 0.5}
"""Animation speed name -> seconds per checker step (0 = no animation)."""

WATCH_SPEEDS = {"slow": 3.0, "normal": 1.5, "fast": 0.5, "instant": 0.0}
"""Watch-mode speed name -> seconds each computer move's analysis stays on screen."""


@dataclass
class Settings:
    """Everything the user can change, with its default."""

    sound: bool = True
    animation: str = "normal"
    auto_forced: bool = True
    """Play a move automatically when it is the only legal one (a "no play" too)."""
    hints: bool = False
    """Show the hint panel: every legal move ranked, the selected one drawn (H toggles it)."""
    graph: bool = False
    """Show the win-probability graph of the game so far (G toggles it)."""
    tutor: bool = False
    """Stop a human before a move much worse than the best (Play anyway / Rethink)."""
    key_help: bool = False
    """Show the keys of the screen in the side panel (the menus and the keys screen, ?, list them too)."""
    rollout_trials: int = 1296
    rollout_truncate: int = 0
    """Plies after which a rollout's trial is valued by the network instead of played on (0: to the end)."""
    rollout_level: str = ""
    """The level that plays a rollout's trials ("": the game's default)."""
    rollout_variance_reduction: bool = True
    rollout_seed: int = 0
    rollout_cubeless: bool = False
    """Roll out without the cube in a game with one (the plays' cubeless equities)."""
    rollout_top: int = 5
    """Plays rolled out when none are chosen with Shift+click: the hint table's best N."""
    watch_speed: str = "normal"
    review_marks: str = "standard"
    """How strictly a review marks errors: each game's own thresholds ("standard"; backgammon
    0.04 / 0.08 / 0.16 as GNU Backgammon), halved ("strict") or doubled ("lenient")."""
    window_size: list[int] = field(default_factory=lambda: [1280, 800])
    last_game: str = ""
    """The game last picked in the menu; empty: the first registered game."""
    last_mode: str = "hvc"
    last_players: list[str] = field(default_factory=list)
    """The menu's last player names (``human`` or a computer player); empty: the defaults."""
    games: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Game name -> its own settings as stored (see :meth:`of`)."""
    library_path: str = ""
    """The study library's file; empty: the default one in the user data folder
    (:func:`game.core.library.default_path`)."""
    my_names: list[str] = field(default_factory=list)
    """The names that are the user's in the library (a match file's players, the name a game
    played in the window gives its human); the first names the human of such a game."""
    library_auto_add: bool = True
    """Put every finished game the user played, and every review the Review screen completes,
    into the library."""
    drill_threshold: float = 0.04
    """Drills: a decision of "my names" losing at least this much equity becomes a card."""
    drill_retention: float = 0.9
    """Drills: FSRS's desired retention (the share of cards answered well when they come due)."""
    drill_again: float = 0.08
    """Drills: an answer losing at least this much is rated Again (the card failed)."""
    drill_hard: float = 0.04
    """Drills: an answer losing at least this much (less than Again's) is rated Hard."""
    drill_good: float = 0.01
    """Drills: an answer losing at least this much (less than Hard's) is rated Good; below, Easy."""
    drill_variations: int = 3
    """Drills: how many variations a failed card gets (0: none)."""
    drill_cap: str = "cards"
    """Drills: a sitting ends after a number of cards (``"cards"``) or of minutes (``"minutes"``)."""
    drill_cards: int = 20
    """Drills: the cards a sitting asks (when capped by cards)."""
    drill_minutes: float = 10.0
    """Drills: a sitting's length in minutes (when capped by minutes)."""

    @property
    def library_file(self) -> Path:
        """The library's file: :attr:`library_path` (``~`` expanded), else the default."""
        from .library import default_path

        return Path(self.library_path).expanduser() if self.library_path.strip() else default_path()

    @property
    def seconds_per_step(self) -> float:
        return ANIMATION_SPEEDS.get(self.animation, ANIMATION_SPEEDS["normal"])

    @property
    def watch_seconds(self) -> float:
        return WATCH_SPEEDS.get(self.watch_speed, WATCH_SPEEDS["normal"])

    def drill_options(self) -> DrillOptions:
        """The drill's knobs as set here."""
        from .drill.settings import DrillOptions

        return DrillOptions(threshold=self.drill_threshold, retention=self.drill_retention, again=self.drill_again,
                            hard=self.drill_hard, good=self.drill_good, variations=self.drill_variations)

    def of(self, info: GameInfo) -> dict[str, Any]:
        """``info``'s own settings: each declared one as stored, else its default."""
        stored = self.games.get(info.name, {})
        return {name: stored[name] if name in stored and setting.accepts(stored[name]) else setting.default
                for name, setting in info.all_settings().items()}

    def choose(self, info: GameInfo, name: str, value: Any) -> None:
        """Set ``info``'s setting ``name``; ``ValueError`` for a setting or value it lacks."""
        setting = info.all_settings().get(name)
        if setting is None or not setting.accepts(value):
            raise ValueError(f"{info.title} has no setting {name} = {value!r}")
        self.games.setdefault(info.name, {})[name] = value


DRILL_CAPS = ("cards", "minutes")
"""What ends a drill's sitting."""

_CHOICES = {"animation": tuple(ANIMATION_SPEEDS), "watch_speed": tuple(WATCH_SPEEDS),
            "review_marks": tuple(REVIEW_STRICTNESS), "drill_cap": DRILL_CAPS}

_NUMBERS: dict[str, tuple[float, float]] = {
    "drill_threshold": (0.001, 3.0), "drill_retention": (0.5, 0.99), "drill_again": (0.0, 3.0),
    "drill_hard": (0.0, 3.0), "drill_good": (0.0, 3.0), "drill_variations": (0, 10), "drill_cards": (1, 1000),
    "drill_minutes": (0.5, 600.0), "rollout_trials": (1, 1_000_000), "rollout_truncate": (0, 1000),
    "rollout_seed": (0, 2**63 - 1), "rollout_top": (1, 32)}
"""A number setting -> its least and greatest value (whole numbers for a whole default)."""

def number_range(name: str) -> tuple[float, float]:
    """The least and greatest value of the number setting ``name`` (a dialog checks its entries by it)."""
    return _NUMBERS[name]


_DRILL_RATINGS = ("drill_again", "drill_hard", "drill_good")
"""The drill's rating thresholds, which must not rise from one to the next."""


def config_dir() -> Path:
    home = os.environ.get("TABULA_HOME")
    return Path(home) / "config" if home else Path(platformdirs.user_config_dir("tabula"))


def settings_path() -> Path:
    return config_dir() / "settings.json"


MAX_BYTES = 1_000_000
"""Refuse a settings file larger than this (Tabula's own is under 2 KB)."""

MAX_PATH = 4096
"""The longest library path kept (a path, unlike a name, may be long)."""
MAX_MY_NAMES = 16
"""The most names "My names" keeps."""


def load_settings(path: Path | str | None = None, games: Iterable[GameInfo] = ()) -> tuple[Settings, str | None]:
    """The saved settings and a problem message (``None`` when all was well).

    ``games`` are the registered games: their own settings are checked against their
    declarations (a bad one is reported and dropped) and read from an older flat file.
    A file that cannot be read, or holds a bad value, is renamed to ``settings.json.bad``
    (see :func:`~game.core.saves.set_aside`) before anything overwrites it, and the message
    says so: the next start finds only the good settings and says nothing."""
    path = Path(path) if path is not None else settings_path()
    if not os.path.lexists(path):
        return Settings(), None
    try:
        data = load_json(path, MAX_BYTES, "settings file")
    except UntrustedFileError as error:
        return Settings(), f"{error}; using the defaults{_kept(path)}"
    if not isinstance(data, dict):
        return Settings(), f"settings file {path.name} is not a settings file; using the defaults{_kept(path)}"
    settings, bad = Settings(), []
    for item in fields(Settings):
        if item.name not in data or item.name == "games":
            continue
        value = data[item.name]
        if _valid(item.name, value, getattr(settings, item.name)):
            setattr(settings, item.name, list(value) if isinstance(value, list) else value)
        else:
            bad.append(item.name)
    bad += _check_drill_ratings(settings)
    stored = data.get("games", {})
    if not isinstance(stored, dict):
        bad.append("games")
        stored = {}
    settings.games = {name: _scalars(values) for name, values in stored.items()
                      if _short_name(name) and isinstance(values, dict)}
    for info in games:
        bad += _check_game(settings, info, data)
    if not bad:
        return settings, None
    return settings, f"ignored bad settings ({', '.join(bad[:8])}); using their defaults{_kept(path)}"


def _kept(path: Path) -> str:
    """Set the bad file aside; the words saying where it went (or why it could not be)."""
    try:
        return f" (the file is kept as {set_aside(path).name})"
    except OSError as error:
        return f" (could not keep the bad file: {_short(error)})"


def _short_name(name: Any) -> bool:
    return isinstance(name, str) and 0 < len(name) <= MAX_NAME


def _scalars(values: dict) -> dict[str, Any]:
    """A game's stored settings, keeping only what a setting can be (a short name, a flag or a
    small number): a game this version does not know keeps them for the next version."""
    return {key: value for key, value in values.items() if _short_name(key) and (
        isinstance(value, bool) or _short_name(value) or is_whole(value, -10**6, 10**6))}


def _check_drill_ratings(settings: Settings) -> list[str]:
    """The drill's rating thresholds back to their defaults when they are out of order (each
    valid alone); the names of those reset."""
    values = [getattr(settings, name) for name in _DRILL_RATINGS]
    if values[0] >= values[1] >= values[2]:
        return []
    defaults = Settings()
    changed = [name for name in _DRILL_RATINGS if getattr(settings, name) != getattr(defaults, name)]
    for name in _DRILL_RATINGS:
        setattr(settings, name, getattr(defaults, name))
    return changed


def _check_game(settings: Settings, info: GameInfo, data: dict) -> list[str]:
    """Keep ``info``'s valid settings (an older file's flat ones included); the bad ones' names."""
    values, bad = settings.games.get(info.name, {}), []
    for name, setting in info.all_settings().items():
        if name not in values and name in data:  # written before games kept their own settings
            values[name] = data[name]
        if name in values and not setting.accepts(values[name]):
            del values[name]
            bad.append(f"{info.name}.{name}")
    if values:
        settings.games[info.name] = values
    return bad


def save_settings(settings: Settings, path: Path | str | None = None) -> str | None:
    """Save atomically; returns a problem message instead of raising (settings are not precious)."""
    path = Path(path) if path is not None else settings_path()
    try:
        write_atomic(path, json.dumps(asdict(settings), indent=1) + "\n")
    except OSError as error:
        return f"cannot save settings to {path}: {_short(error)}"
    return None


def _valid(name: str, value: Any, default: Any) -> bool:
    if name in _CHOICES:
        return value in _CHOICES[name]
    if name == "library_path":
        return isinstance(value, str) and len(value) <= MAX_PATH and "\0" not in value
    if name == "my_names":
        return isinstance(value, list) and len(value) <= MAX_MY_NAMES and all(_short_name(v) for v in value)
    if isinstance(default, bool):
        return isinstance(value, bool)
    if name in _NUMBERS:
        low, high = _NUMBERS[name]
        if isinstance(default, int):
            return is_whole(value, int(low), int(high))
        return (isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
                and low <= value <= high)
    if isinstance(default, str):
        return isinstance(value, str) and len(value) <= MAX_NAME
    if name == "window_size":
        return isinstance(value, list) and len(value) == 2 and all(is_whole(v, 200, 20000) for v in value)
    if isinstance(default, list):
        return isinstance(value, list) and len(value) <= 8 and all(_short_name(v) for v in value)
    return False


def parse_names(text: str) -> list[str]:
    """"My names" as typed, comma-separated: each name trimmed, empty ones and repeats left out,
    at most :data:`MAX_MY_NAMES` of at most :data:`~.untrusted.MAX_NAME` characters each."""
    names = [part.strip()[:MAX_NAME] for part in text.split(",")]
    return list(dict.fromkeys(name for name in names if name))[:MAX_MY_NAMES]


def _short(error: Exception) -> str:
    return getattr(error, "strerror", None) or getattr(error, "msg", None) or str(error)
