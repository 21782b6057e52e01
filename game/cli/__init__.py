"""The ``tabula`` command line.  Each subcommand lives in its own module with ``add``/``run``.

Bad input of any kind (unknown game, malformed position, illegal move, bad number) ends with
``tabula: error: <what is wrong>`` on stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import sys

from ..core.protocol import IllegalMoveError
from . import analyze, evaluate, moves, play, replay, selfplay, tournament, train

SUBCOMMANDS = (play, selfplay, moves, evaluate, analyze, replay, tournament, train)


class UsageError(Exception):
    """A problem with the command line's values, reported as a usage error (exit 2)."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tabula", description="Tabula: board games against strong, explainable computer players."
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in SUBCOMMANDS:
        module.add(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        from ..ui.app import run_app  # imported late: the text commands never load pygame

        return run_app()
    try:
        return args.run(args) or 0
    except (UsageError, IllegalMoveError, ValueError) as error:
        parser.exit(2, f"tabula: error: {error}\n")
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
