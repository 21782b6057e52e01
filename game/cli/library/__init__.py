"""``tabula library COMMAND``: the study library (:mod:`game.core.library`) from the command line.

- ``add PATH... [--json]``: files and folders (recursively) of match files (``.mat``,
  ``.sgf``) and Tabula saves; a bad file is one line on stderr and skipped, the batch goes
  on; the summary says how many were added, already there, skipped and why
  (``{"added", "present", "skipped": [{"path", "error"}]}`` with ``--json``).
- ``analyze [--level L] [--workers N] [--cluster ray [--address A]] [--json]``: review every
  match not yet reviewed at the level (the game's analysis default unless given), a progress
  line on stderr; stopped or killed, it keeps every finished match and the next run goes on
  (``{"analysed", "decisions", "level"}``).
- ``list [--player NAME] [--level L] [--sort date|added|length|players] [--json]``.
- ``player NAME [--match ID] [--level L] [--half-life N] [--json] [--html OUT [--force]]``: the
  player's page, over every match or one (:mod:`game.core.library.player`).
- ``positions [filters] [--sort loss|date] [--limit N] [--json]``: the position search.
- ``alias NAME OTHER``, ``check``, ``rebuild``.

Every command takes ``--library PATH`` (default: ``library.sqlite3`` in the user data
folder).  A damaged library, one of a newer Tabula, bad input or an unknown player is one
line on stderr and exit code 2; the library file is then left as it was.
"""

from __future__ import annotations

import argparse

from . import adding, pages, upkeep


def add(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("library", help="the study library: matches, players' PR, positions to search")
    commands = parser.add_subparsers(dest="library_command", metavar="LIBRARY_COMMAND", required=True)
    for module in (adding, pages, upkeep):
        module.add(commands)
