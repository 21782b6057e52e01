"""``tabula drill``: drill your own mistakes in a terminal, or export them as an Anki deck.

``tabula drill [--library PATH] [--player NAME] [--theme T] [--cards N | --minutes M] [--variations N]
[--threshold X] [--level L] [--json]`` first makes the cards of new mistakes (every rated decision
of the players losing at least ``--threshold``, :meth:`game.core.drill.Deck.sync`), then asks the
due cards one by one (:class:`game.core.drill.DrillSession`): the board as text, the question,
an answer typed on one line.  ``--export-anki FILE.apkg [--force]`` asks nothing: it writes the
due cards (every card of the theme with ``--theme``) as an Anki deck (:mod:`.anki`).
``--stats`` asks nothing either: it prints each player's statistics (:mod:`.statistics`).

- ``--player`` (repeatable) defaults to the settings' "My names"; without either the command
  says so.  Several names are drilled one after the other.
- The game is the one whose library has drills (:class:`~game.core.capabilities.drill.Drill`),
  found by its abilities, not by name.
- ``--variations``, ``--threshold`` and the cap (``--cards``, ``--minutes``) default to the
  settings' drill knobs; ``--variations 0`` makes none.

The parts: :mod:`.sitting` (the session loop, text and JSON alike), :mod:`.text` (the text a
card and an answer are printed as), :mod:`.protocol` (the JSON lines), :mod:`.anki` (the deck),
:mod:`.statistics` (``--stats``).
Every bad input is one ``tabula: error:`` line and exit code 2; the library is then untouched.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from ...core import argtypes
from ...core.capabilities.drill import Drill
from ...core.gameinfo import GameInfo
from ...core.library import Library, LibraryError, open_library
from ...core.outputs import check_output
from ...core.untrusted import shown
from ..common import UsageError, canonical_name

if TYPE_CHECKING:
    from ...core.drill import DrillOptions

ANKI_SUFFIX = ".apkg"


def add(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("drill", help="drill your own mistakes from the library (spaced repetition), "
                                          "or export them as an Anki deck")
    parser.add_argument("--library", metavar="PATH",
                        help="the library file (default: the settings' library, else library.sqlite3 in the user "
                             "data folder)")
    parser.add_argument("--player", action="append", metavar="NAME",
                        help="whose mistakes (repeat for several names; default: the settings' My names)")
    parser.add_argument("--theme", metavar="T", help="only the cards of this theme or tag (my-takes, crashed, "
                                                     "should-hit, makes-5, double-pass, ...)")
    parser.add_argument("--cards", type=argtypes.bounded_int(1, 100_000), metavar="N",
                        help="end after N answers (default: the settings' cap)")
    parser.add_argument("--minutes", type=argtypes.checked_number(float, lambda x: 0 < x <= 24 * 60,
                                                                  "a number of minutes above 0, at most 1440"),
                        metavar="M", help="end after M minutes")
    parser.add_argument("--variations", type=argtypes.bounded_int(0, 10), metavar="N",
                        help="variations made of a failed card (default: the settings', 3; 0: none)")
    parser.add_argument("--threshold", type=argtypes.checked_number(float, lambda x: 0.001 <= x <= 3,
                                                                    "an equity from 0.001 to 3"),
                        metavar="X", help="cards are made of decisions losing at least X (default: the settings', "
                                          "0.04)")
    parser.add_argument("--level", type=canonical_name,
                        help="make cards from the reviews at this level (default: each match's latest)")
    parser.add_argument("--json", action="store_true",
                        help="one JSON line per question and per answer (the protocol in docs/drills.md)")
    parser.add_argument("--export-anki", metavar="FILE.apkg", help="write the due cards (or the theme's) as an "
                                                                    "Anki deck instead of asking them")
    parser.add_argument("--force", action="store_true", help="replace the file at --export-anki if it exists")
    parser.add_argument("--stats", action="store_true", help="print the statistics (cards due, retention, loss on "
                                                             "first and later answers, streak, loss per theme)")
    parser.set_defaults(run=run, checks_input=True)


@dataclass(frozen=True)
class Setup:
    """What a drill command works with: the game, the players' names, the knobs, the theme."""

    info: GameInfo
    players: tuple[str, ...]
    options: DrillOptions
    theme: str | None
    cards: int | None
    minutes: float | None


def run(args: argparse.Namespace) -> int:
    from ...core.settings import load_settings
    from ...games import all_games

    _check_combinations(args)
    settings, problem = load_settings(games=all_games())
    if problem:
        print(f"tabula: {problem}", file=sys.stderr)
    players = tuple(dict.fromkeys(name.strip() for name in (args.player or settings.my_names)))
    if not players:
        raise UsageError("whose mistakes? give --player NAME, or set My names in the settings")
    path = Path(args.library) if args.library else settings.library_file
    if args.export_anki is not None:
        try:
            check_output(args.export_anki, force=args.force, protected=[path])
        except UsageError as error:
            raise UsageError(f"--export-anki: {error}") from None
    options = settings.drill_options()
    changes = {key: value for key, value in (("threshold", args.threshold), ("variations", args.variations))
               if value is not None}
    try:
        options = replace(options, **changes)
    except ValueError as error:
        raise UsageError(str(error)) from None
    cards, minutes = args.cards, args.minutes
    if cards is None and minutes is None and args.export_anki is None and not args.stats:
        cards, minutes = (settings.drill_cards, None) if settings.drill_cap == "cards" else (None, settings.drill_minutes)
    info = drill_game(all_games())
    with opened(path) as library:
        setup = Setup(info, _known(library, players, given=bool(args.player)), options, args.theme, cards, minutes)
        from ...core.drill import Deck

        deck = Deck(library, setup.info, options)
        known = _theme_known(deck, setup.theme)
        added = _sync(deck, setup, args.level)
        if not known:  # a tag no card had before this run's new cards: known now, or refused
            _theme_known(deck, setup.theme, refuse=True)
        progress = sys.stderr if args.json or args.export_anki is not None or args.stats else sys.stdout
        if added:
            print(f"{added} new card{'s' * (added != 1)} from the library's mistakes", file=progress, flush=True)
        if args.stats:
            from .statistics import print_stats

            return print_stats(deck, setup, args.json)
        if args.export_anki is not None:
            from .anki import export

            return export(deck, setup, args.export_anki, path, as_json=args.json)
        from .sitting import sit

        return sit(deck, setup, as_json=args.json)


def _check_combinations(args: argparse.Namespace) -> None:
    if args.force and args.export_anki is None:
        raise UsageError("--force goes with --export-anki (it lets the deck replace an existing file)")
    if args.stats and args.export_anki is not None:
        raise UsageError("--stats prints the statistics; --export-anki writes a deck: one at a time")
    if args.export_anki is not None or args.stats:
        for flag, value in (("--cards", args.cards), ("--minutes", args.minutes)):
            if value is not None:
                raise UsageError(f"{flag} caps a session; {'--stats' if args.stats else '--export-anki'} asks "
                                 "nothing")
    if args.export_anki is not None and not args.export_anki.lower().endswith(ANKI_SUFFIX):
        raise UsageError(f"--export-anki: {shown(args.export_anki, 80)} must end in {ANKI_SUFFIX} (an Anki package)")


def drill_game(games) -> GameInfo:
    """The game whose library has drills (the first such game registered); a
    :class:`UsageError` when none has."""
    from ...core.library.sources import library_games

    found = [info for info in library_games(games) if info.has(Drill)]
    if not found:
        raise UsageError("no game has drills")
    return found[0]


@contextmanager
def opened(path: Path) -> Iterator[Library]:
    """The library at ``path`` (it must exist: drills come from its matches), closed after; a
    :class:`UsageError` for one that is missing or cannot be used."""
    if not path.exists():
        raise UsageError(f"no library at {shown(str(path), 80)}: add and analyse matches first "
                         "(tabula library add, tabula library analyze)")
    try:
        library = open_library(path, create=False)
    except LibraryError as error:
        raise UsageError(str(error)) from None
    with library:
        yield library


def _known(library: Library, players: tuple[str, ...], given: bool) -> tuple[str, ...]:
    """The ``players`` who play in the library's matches (by any of their joined names): each
    one given with ``--player`` must; of the settings' names, at least one."""
    playing = set(library.players())
    known = tuple(name for name in players if playing & set(library.names_of(name)))
    missing = [name for name in players if name not in known]
    if (given and missing) or not known:
        names = ", ".join(shown(name, 40) for name in missing)
        where = "" if given else " (the settings' My names)"
        raise UsageError(f"no match of the library has a player called {names}{where}")
    return known


def _theme_known(deck, theme: str | None, refuse: bool = False) -> bool:
    """Whether ``theme`` is a theme or a tag of the deck's cards (``None``: no theme asked);
    a :class:`UsageError` instead of ``False`` when ``refuse``.  An unknown name is refused
    before the cards are made when no tag could match it (the game's tags are known)."""
    if theme is None:
        return True
    try:
        deck.theme(theme)
        return True
    except ValueError as error:
        if refuse or not _could_be_a_tag(theme):
            raise UsageError(f"--theme: {error}") from None
        return False


def _could_be_a_tag(name: str) -> bool:
    """Tags are short words of lower-case letters, digits and hyphens (``makes-5``)."""
    return 0 < len(name) <= 40 and all(c.isdigit() or c == "-" or ("a" <= c <= "z") for c in name)


def _sync(deck, setup: Setup, level: str | None) -> int:
    """The cards of new mistakes made (:meth:`Deck.sync`); an unknown level is a usage error."""
    levels = setup.info.analysis_level_names
    if level is not None and level not in levels:
        raise UsageError(f"unknown level {level!r}; known levels: {', '.join(levels)}")
    return deck.sync(setup.players, setup.options, level)
