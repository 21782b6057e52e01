"""The ``tabula`` command line.  Each subcommand lives in its own module with ``add``/``run``.

Bad input of any kind (unknown game, malformed position, illegal move, bad number, an empty
value, an unknown option) ends with one line, ``tabula: error: <what is wrong>``, on stderr
and exit code 2, never a traceback (:mod:`.errors`: how long it may be, the ``--help`` hint
of argparse's refusals).  A command
that sets ``checks_input=True`` (``parser.set_defaults``) raises :class:`UsageError` for every
bad input, so any other ``ValueError`` it raises is a bug and keeps its traceback; for the
others every ``ValueError`` is taken as bad input.
"""

from __future__ import annotations

import argparse
import os
import sys

from ..core.capabilities import Commands
from ..core.jobs.stopping import exit_code, is_interrupt, received, stop_signals
from ..games import all_games
from . import (
    analyze,
    calibrate,
    drill,
    evaluate,
    export_cmd,
    library,
    moves,
    perft,
    picture,
    play,
    replay,
    review,
    rollout,
    rules_cmd,
    selfplay,
    tournament,
    train,
)
from .common import UsageError
from .errors import Parser, error_line

SUBCOMMANDS = (play, rules_cmd, selfplay, moves, perft, evaluate, analyze, replay, export_cmd, review, calibrate, tournament,
               train, rollout, library, drill, picture)
"""The shared subcommands; each game may add its own (``info.ability(Commands)``)."""


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="tabula", description="Tabula: board games against strong, explainable computer players."
    )
    parser.add_argument("-V", "--version", action=VersionAction, help="the version and the networks' weights, and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in SUBCOMMANDS:
        module.add(sub)
    for info in all_games():
        if info.has(Commands):
            info.ability(Commands).add(sub)
    return parser


class VersionAction(argparse.Action):
    """``-V``/``--version``: the program's version and each shipped weights file with the start
    of its SHA-256, then the fingerprint reviews are cached under (read only when asked)."""

    def __init__(self, option_strings, dest, help=None) -> None:  # noqa: A002  (argparse's name)
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        print(version_text(), end="")
        parser.exit(0)


def version_text() -> str:
    import hashlib

    from .. import __version__
    from ..core.resources import assets_dir, weights_fingerprint
    lines = [f"tabula {__version__}"]
    for path in sorted((assets_dir() / "weights").glob("*.npz")):
        lines.append(f"  {path.name}  sha256 {hashlib.sha256(path.read_bytes()).hexdigest()[:16]}")
    lines.append(f"weights fingerprint {weights_fingerprint()}")
    return "\n".join(lines) + "\n"


def empty_option(parser: argparse.ArgumentParser, args: argparse.Namespace) -> str | None:
    """The first option given as empty text (``--out ''``), named as typed; ``None`` if none.
    An empty value never silently means the default."""
    flags = _flags(parser)
    for dest, value in vars(args).items():
        values = value if isinstance(value, list) else [value]
        if any(isinstance(v, str) and not v.strip() for v in values):
            return flags.get(dest, dest)
    return None


def _flags(parser: argparse.ArgumentParser) -> dict[str, str]:
    """Option destination -> its flag (``out`` -> ``--out``), over every subcommand."""
    flags: dict[str, str] = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                flags.update(_flags(sub))
        elif action.option_strings:
            flags.setdefault(action.dest, next((s for s in action.option_strings if s.startswith("--")),
                                               action.option_strings[0]))
    return flags


def main(argv: list[str] | None = None) -> int:
    """Run ``tabula ARGV``; its exit code.  Output cut short by its reader (``| head``) ends
    quietly with code 1, as the Python documentation's note on SIGPIPE recommends.  SIGINT
    (Ctrl-C) and SIGTERM stop a command alike (:mod:`game.core.jobs.stopping`): it keeps and
    prints what it finished and exits with 130 or 143."""
    try:
        try:
            return _run(argv)
        finally:
            if sys.stdout is not None:  # None in a windowed (pythonw) launch
                sys.stdout.flush()
    except BrokenPipeError:
        # Python flushes stdout again at exit: point it at devnull so that flush succeeds.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def positions_as_values(argv: list[str]) -> list[str]:
    """``argv`` with every ``--position VALUE`` whose value starts with ``-`` joined as
    ``--position=VALUE``: an XGID may start with ``-`` (an empty point), and argparse would
    take it for an option."""
    out, args = [], iter(argv)
    for arg in args:
        if arg == "--position":
            value = next(args, None)
            if value is not None and value.startswith("-") and value != "--":
                out.append(f"--position={value}")
                continue
            out.append(arg)
            if value is not None:
                out.append(value)
            continue
        out.append(arg)
    return out


def _run(argv: list[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(positions_as_values(sys.argv[1:] if argv is None else list(argv)))
    empty = empty_option(parser, args)
    if empty:
        parser.exit(2, error_line(f"{empty} must not be empty") + "\n")
    if args.command is None:
        from ..ui.app import run_app  # imported late: the text commands never load pygame

        return run_app()
    with stop_signals():  # SIGTERM stops a command as Ctrl-C does; the exit code says which came
        try:
            code = args.run(args) or 0
            return exit_code() if code == 0 and received() is not None else code
        except ValueError as error:  # UsageError and MoveError are ValueErrors
            if getattr(args, "checks_input", False) and not isinstance(error, UsageError):
                raise
            parser.exit(2, error_line(str(error)) + "\n")
        except (KeyboardInterrupt, SystemError) as error:
            if not is_interrupt(error):  # a SystemError that no interrupt caused is a bug
                raise
            print("interrupted", file=sys.stderr)
            return exit_code()
