"""``tabula library add`` and ``tabula library analyze``: matches in, and reviewed."""

from __future__ import annotations

import argparse
import json
import sys

from ...core import argtypes
from ...core.cluster import CLUSTERS
from ...core.distribute import pool_size
from ...core.jobs.stopping import exit_code
from ...core.library.analysing import MatchAnalyser, Progress, analyse
from ...core.library.sources import FileReader, files_under, library_games, read_many
from ...games import all_games, get_game
from ..common import UsageError, canonical_name
from .common import add_library_argument, opened

MAX_WORKERS = 256


def add(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("add", help="add match files (.mat, .sgf) and Tabula saves, files or folders")
    parser.add_argument("paths", nargs="+", metavar="PATH", help="a file, or a folder searched recursively")
    parser.add_argument("--workers", type=argtypes.bounded_int(1, MAX_WORKERS),
                        help="processes reading the files (default: one per CPU for 20 files or more, else one)")
    parser.add_argument("--json", action="store_true", help='print {"added", "present", "skipped"}')
    add_library_argument(parser)
    parser.set_defaults(run=run_add)

    parser = commands.add_parser("analyze", help="review every match not yet reviewed at a level")
    parser.add_argument("--level", type=canonical_name, help="the analysis level (default: the game's)")
    parser.add_argument("--workers", type=argtypes.bounded_int(1, MAX_WORKERS),
                        help="worker processes (default: one per CPU, never more than the matches)")
    parser.add_argument("--cluster", choices=CLUSTERS, default="local",
                        help="where matches are analysed: this machine (default) or a Ray cluster, one task a match")
    parser.add_argument("--address", metavar="ADDR", help="with --cluster ray: the cluster to join (HOST:6379, or auto)")
    parser.add_argument("--json", action="store_true", help='print {"analysed", "decisions", "level"} at the end')
    add_library_argument(parser)
    parser.set_defaults(run=run_analyze)


def run_add(args: argparse.Namespace) -> int:
    added = present = 0
    skipped: list[dict[str, str]] = []

    def skip(path, error: str) -> None:
        skipped.append({"path": str(path), "error": error})
        print(f"skipped {path}: {error}", file=sys.stderr)

    with opened(args) as library:
        try:
            found = list(files_under(args.paths, all_games()))
            for path, problem in found:
                if problem is not None:
                    skip(path, problem)
            readable = [path for path, problem in found if problem is None]
            workers = pool_size(args.workers or (None if len(readable) >= 20 else 1), len(readable))
            for path, source in read_many(readable, FileReader(all_games), workers):
                if isinstance(source, str):
                    skip(path, source)
                    continue
                _, new = library.add(source)
                added, present = added + new, present + (not new)
        except KeyboardInterrupt:
            _print_added(args, added, present, skipped)
            print("interrupted: the matches above are in the library", file=sys.stderr)
            return exit_code()
    _print_added(args, added, present, skipped)
    return 0


def _print_added(args, added: int, present: int, skipped: list[dict[str, str]]) -> None:
    if args.json:
        print(json.dumps({"added": added, "present": present, "skipped": skipped}))
        return
    print(f"added {added} match{'es' * (added != 1)}, {present} already there, {len(skipped)} skipped")
    for item in skipped:
        print(f"  skipped {item['path']}: {item['error']}")


def run_analyze(args: argparse.Namespace) -> int:
    if args.address and args.cluster != "ray":
        raise UsageError("--address is for --cluster ray")
    level = _level(args.level)
    if args.cluster == "ray":
        from ...core.cluster import ClusterError, connect

        try:
            connect(args.address)
        except ClusterError as error:
            raise UsageError(str(error)) from None
    show = _progress if sys.stderr.isatty() else None
    last: list[Progress] = []

    def progress(state: Progress) -> None:
        last[:] = [state]
        if show is not None:
            show(state)

    with opened(args) as library:
        try:
            state = analyse(library, MatchAnalyser(get_game, level), args.workers or 0, args.cluster, args.address,
                            progress)
        except KeyboardInterrupt:
            done = last[0].done if last else 0
            print(f"\nanalysis stopped: {done} match{'es' * (done != 1)} finished and kept; "
                  "the next run goes on from there", file=sys.stderr)
            return exit_code()
        finally:
            if show is not None:
                print("\r" + " " * 78 + "\r", end="", file=sys.stderr, flush=True)
    for match_id, why in state.failed:
        print(f"match {match_id} could not be analysed: {why}", file=sys.stderr)
    if args.json:
        print(json.dumps({"analysed": state.done - len(state.failed), "decisions": state.decisions, "level": level}))
    else:
        print(f"analysed {state.done - len(state.failed)} match{'es' * (state.done - len(state.failed) != 1)} "
              f"({state.decisions} decisions) at {level}")
    return 0


def _level(asked: str | None) -> str:
    """The level to analyse at: ``asked`` when a library game has it, else the default of the
    first game with a library."""
    games = library_games(all_games())
    if asked is None:
        analysis = games[0].move_analysis()
        return analysis.options.get("level", games[0].analysis_level_names[0])
    names = [name for info in games for name in info.analysis_level_names]
    if asked not in names:
        raise UsageError(f"unknown level {asked!r}; the levels: {', '.join(dict.fromkeys(names))}")
    return asked


def _progress(state: Progress) -> None:
    width = 24
    filled = width * state.done // max(state.total, 1)
    left = "" if state.left is None else f", {_duration(state.left)} left"
    print(f"\ranalysing [{'#' * filled}{'.' * (width - filled)}] {state.done}/{state.total} matches, "
          f"{state.per_second:.1f} decisions/s{left}   ", end="", file=sys.stderr, flush=True)


def _duration(seconds: float) -> str:
    minutes, seconds = divmod(int(seconds + 0.5), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h{minutes:02d}m" if hours else f"{minutes}m{seconds:02d}s"
