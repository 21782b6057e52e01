"""``tabula library alias``, ``check`` and ``rebuild``: the library's names and its file."""

from __future__ import annotations

import argparse
import json

from ...core.library import LibraryError, default_path
from ...core.library.maintenance import rebuild
from ...games import all_games
from ..common import UsageError
from .common import add_library_argument, opened


def add(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("alias", help="join two names that are one person (OTHER becomes NAME)")
    parser.add_argument("name", metavar="NAME")
    parser.add_argument("other", metavar="OTHER")
    add_library_argument(parser)
    parser.set_defaults(run=run_alias)

    parser = commands.add_parser("check", help="run SQLite's integrity check on the library")
    parser.add_argument("--json", action="store_true", help='print {"ok", "problems", "counts"}')
    add_library_argument(parser)
    parser.set_defaults(run=run_check)

    parser = commands.add_parser("rebuild", help="remake the library from the match texts it holds "
                                 "(the old file is kept as FILE.bak; run analyze again after)")
    add_library_argument(parser)
    parser.set_defaults(run=run_rebuild)


def run_alias(args: argparse.Namespace) -> int:
    with opened(args) as library:
        try:
            person = library.alias(args.name, args.other)
        except ValueError as error:
            raise UsageError(str(error)) from None
        names = library.names_of(person)
    print(f"{person}: {', '.join(names)}")
    return 0


def run_check(args: argparse.Namespace) -> int:
    with opened(args, create=False) as library:
        problems = library.check()
        counts = library.counts()
    if args.json:
        print(json.dumps({"ok": not problems, "problems": problems, "counts": counts}))
    elif problems:
        print(f"{library.path}: {len(problems)} problem(s)")
        for problem in problems:
            print(f"  {problem}")
    else:
        print(f"{library.path}: ok ({', '.join(f'{n} {table}' for table, n in counts.items())})")
    return 1 if problems else 0


def run_rebuild(args: argparse.Namespace) -> int:
    path = args.library or default_path()
    try:
        done = rebuild(path, all_games())
    except LibraryError as error:
        raise UsageError(str(error)) from None
    print(f"rebuilt {path}: {done.matches} match{'es' * (done.matches != 1)}, {done.aliases} joined name(s), "
          f"{done.cards} drill card(s); "
          f"the old file is kept as {done.backup}; run `tabula library analyze` to review the matches again")
    for match_id, why in done.lost:
        print(f"  left out{'' if match_id is None else f' match {match_id}'}: {why}")
    return 0
