"""``tabula tournament GAME --players A B ... --games N --seed S [--workers K] [--out DIR [--force]] [--match N | --cube] [--json]
[--cluster local|ray [--address ADDR]]``

A round robin between computer players (names as ``GAME``'s players accept them; a name
may repeat, e.g. ``medium medium``, the second entrant is then ``medium#2``).  ``--games``
is the number of games *per pair*; it must be even, since each pair plays both seatings
equally often, so an odd number is rounded up (with a note).  The two seatings of a deal
share one chance seed, so in dice games both players meet the same dice ("duplicate" play).
Every seed derives from ``--seed`` and the pair and deal, so results do not depend on the
number of workers.

A game may declare ways its tournaments are played (``TournamentPlay.flags``), each a
flag setting one game option of every game: backgammon's ``--match N`` (1..25) plays each
game of the schedule as a match to N points (``match_length``; a match is one game, result
±1) and ``--cube`` cubeful money games (``cube``; results in points, the cube included);
they exclude each other, and without either the games are cubeless.  The command line has
the flags of every game; one the chosen game does not declare is a usage error.  The
options are stored in the folder's settings (``"options": {"match_length": 5}``, left out
when there are none, so cubeless settings are as before), so a resume plays on with them and
a resume with others is refused; read back, they are checked against the game's flags.

Limits: at most 64 players, 1,000,000 games per pair, 256 workers, ``--max-plies``
100,000 and a seed below 2**64; a value past one is a usage error naming it.

Games run headless over ``--workers`` processes (default: every CPU this process may use;
more only when asked; never more than the games left to play), handed out deal by deal across the pairs; the workers end with the run, even a killed one.
With ``--cluster ray`` the same games go to a Ray cluster instead (``--address ADDR`` of a
running one, ``auto`` for the one this machine belongs to; without it a local Ray instance
using every CPU), ``--workers`` unused: same seeds, same records, the same report byte for
byte; a worker or node that dies loses only its unfinished games, which Ray plays again.
Ray is an optional extra (``pip install 'tabula[cluster]'``): without it, or when the
cluster cannot be reached, the command fails with exit code 2 before touching the folder;
``--address`` without ``--cluster ray`` is a usage error.  If Ray keeps losing the workers
of some games mid-run, the run stops with exit code 1, the finished games kept.
Each finished game is appended to ``DIR/games.jsonl`` at once: Ctrl-C keeps them, and the
same command with the same ``--out DIR`` resumes.  Without ``--out`` the folder is
``<user data>/tournaments/<timestamp>-<game>``, where the window keeps its tournaments too
(``$TABULA_HOME/data/tournaments`` when ``TABULA_HOME`` is set), so it can resume them.

The folder is checked before the first game (:func:`check_folder`, the guarded writer's
rules): an existing folder that holds no tournament (no ``settings.json``) may be used, but
the result files it already holds are replaced only with ``--force``; a device, FIFO or
socket at one of the run's file names never is, and a name too long for the file system is
a usage error.  Files in the folder are checked when read.  A folder of a tournament with other settings,
with a damaged ``settings.json`` or a ``games.jsonl`` that is no regular file, a file, or
a folder another run is using is refused (exit code 2) and left as it is.  A line of
``games.jsonl`` that is no game record of this tournament (damaged, edited, cut short) is
moved to ``games.jsonl.bad``, with a warning on stderr, and its game is played again.  If
``games.jsonl`` cannot be written mid-run (no permission, a full disk), the run stops with
``tabula: error: cannot write …: <reason>`` and exit code 1; the games written before are
kept, with their results when those can be written.
A progress bar (games, games/s, ETA) goes to stderr when it is a terminal and ``--json`` is off.

At the end the folder holds ``results.json`` (the JSON below), ``pairs.csv``,
``standings.csv`` and ``standings.png`` (ratings with 95% error bars); the table is printed,
or with ``--json`` only this JSON, on stdout::

    {"folder": "...",
     "settings": {"format": 1, "game": "backgammon", "players": ["medium", "hard"],
                  "games_per_pair": 100, "seed": 0, "max_plies": null},
     "games_played": 100, "games_total": 100, "complete": true,
     "p_equal_test": "two-sided exact binomial test (sign test on decisive games)",
     "pairs": [{"a": "medium", "b": "hard", "games": 100, "a_wins": 41, "b_wins": 59,
                "draws": 0, "a_points_per_game": -0.27, "a_points_ci95": [-0.5, -0.04],
                "p_equal": 0.0886, "a_win_rate": 0.41, "a_win_rate_ci95": [0.319, 0.508],
                "match_games": 0, "a_match_points_per_game": null}],
     "standings": [{"rank": 1, "player": "hard", "games": 100, "wins": 59, "losses": 41,
                    "draws": 0, "points_per_game": 0.27, "elo": 31.3,
                    "elo_ci95": [-3.1, 65.7]}, {"rank": 2, "player": "medium", ...}]}

``folder`` appears on stdout only.  Statistics (see :mod:`game.core.tournament.summary`):
``a_win_rate`` is A's share of the games (a draw half) with its Wilson 95% interval — with
``--match``, the match win rate; ``match_games`` and ``a_match_points_per_game`` (A's points
minus B's per game within the matches) come from match records (0 and ``null`` otherwise);
points per game are A's, with the interval mean ± 1.96·s/√deals over deals (``null`` with
fewer than 2 deals); ``p_equal`` is the two-sided p-value of the exact binomial test of
"each wins half" on the decisive games (a sign test, draws left out; named by ``p_equal_test``):
the chance under that hypothesis of a split at least as uneven as the one seen, at most 1 and 1 for an
even split (``null`` without decisive games); ratings are a Bradley–Terry
fit (one virtual draw per pair, mean 0, Elo scale) with Fisher-information intervals.
Unfinished games (``--max-plies``) and equal scores are draws.  The printed table heads
``p_equal`` "p (sign test)", with a footnote saying so, and shows one too small for its four
decimals as ``<0.0001``; the files keep the exact number.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from ..core import argtypes
from ..core.capabilities import TournamentOption
from ..core.cluster import CLUSTERS, ClusterError, connect
from ..core.jobs.stopping import exit_code
from ..core.outputs import check_folder_files
from ..core.tournament import ResultStore, Settings, available_cpus, even_games, run_tournament, summarize, validate
from ..core.tournament.folders import new_folder
from ..core.tournament.progress import ProgressBar
from ..core.tournament.report import PAIRS_FILE, RESULTS_FILE, STANDINGS_FILE, format_table, write_files
from ..core.tournament.results import SETTINGS_FILE, GamesFileError
from ..core.tournament.runner import MAX_WORKERS
from ..core.tournament.schedule import MAX_GAMES_PER_PAIR, MAX_PLAYERS, MAX_PLIES, MAX_SEED
from ..core.tournament.summary import Summary
from ..games import all_games, get_game
from .common import UsageError, add_game_argument, canonical_name


def declared_flags() -> dict[str, list[tuple[str, TournamentOption]]]:
    """Flag name → ``(game title, flag)`` for every game declaring it (``TournamentPlay.flags``)."""
    declared: dict[str, list[tuple[str, TournamentOption]]] = {}
    for info in all_games():
        for name, flag in info.tournament_play().flags.items():
            declared.setdefault(name, []).append((info.title, flag))
    return declared


def _alternatives(declared: dict[str, list[tuple[str, TournamentOption]]], name: str) -> list[str]:
    """The flags some game declares in one group with ``name`` (they exclude each other)."""
    groups = {(title, flag.group) for title, flag in declared[name] if flag.group}
    return sorted(f"--{other}" for other, specs in declared.items()
                  if other != name and any((title, flag.group) in groups for title, flag in specs))


def add_game_flags(parser: argparse.ArgumentParser) -> None:
    """A flag per game-declared way of playing a tournament (``--match N``, ``--cube``)."""
    declared = declared_flags()
    for name, specs in declared.items():
        about = "; ".join(f"{title}: {flag.help}" for title, flag in specs)
        others = _alternatives(declared, name)
        ranges = [(flag.low, flag.high) for _, flag in specs if flag.low is not None]
        notes = ([f"N from {min(r[0] for r in ranges)} to {max(r[1] for r in ranges)}"] if ranges else []) + (
            [f"not with {', '.join(others)}"] if others else [])
        about += f" ({'; '.join(notes)})" if notes else ""
        if ranges:
            low, high = min(r[0] for r in ranges), max(r[1] for r in ranges)
            parser.add_argument(f"--{name}", dest=f"flag_{name}", metavar="N", type=argtypes.bounded_int(low, high),
                                help=about)
        else:
            parser.add_argument(f"--{name}", dest=f"flag_{name}", action="store_const", const=True, help=about)


def chosen_flags(info, args: argparse.Namespace) -> dict[str, object]:
    """The game options the tournament flags given set (:func:`~game.core.tournament.validate`
    checks them with the rest of the settings); :class:`UsageError` for a flag the game does
    not take."""
    options = {}
    for name in declared_flags():
        value = getattr(args, f"flag_{name}", None)
        if value is None:
            continue
        flag = info.tournament_play().flags.get(name)
        if flag is None:
            offered = ", ".join(f"--{n}" for n in info.tournament_play().flags)
            raise UsageError(f"--{name} is not a tournament flag of {info.title}"
                             + (f" (its flags: {offered})" if offered else ", which has none"))
        options[flag.option] = value
    return options


def add(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("tournament", help="round robin between computer players, with statistics")
    add_game_argument(parser)
    parser.add_argument("--players", nargs="+", required=True, metavar="PLAYER", type=canonical_name,
                        help="two or more player names (the game's players, e.g. easy medium hard)")
    parser.add_argument("--games", type=argtypes.bounded_int(1, MAX_GAMES_PER_PAIR), default=100,
                        help=f"games per pair, even (odd is rounded up), at most {MAX_GAMES_PER_PAIR:,}; default 100")
    parser.add_argument("--seed", type=argtypes.bounded_int(0, MAX_SEED), default=0,
                        help="seed; the same seed replays the same games")
    parser.add_argument("--workers", type=argtypes.bounded_int(1, MAX_WORKERS), default=min(available_cpus(), MAX_WORKERS),
                        help=f"worker processes, at most {MAX_WORKERS} (default: every CPU this process may use; "
                             "more only when asked; never more than the games left to play; "
                             "not used with --cluster ray, which uses the cluster's CPUs)")
    parser.add_argument("--out", metavar="DIR", help="tournament folder (an existing one resumes)")
    parser.add_argument("--force", action="store_true",
                        help="let the results replace files of the same names in a --out folder that is no "
                             "tournament's")
    parser.add_argument("--max-plies", type=argtypes.bounded_int(1, MAX_PLIES),
                        help=f"stop a game unfinished (a draw) after this many plies, at most {MAX_PLIES:,}")
    add_game_flags(parser)
    parser.add_argument("--cluster", choices=CLUSTERS, default="local",
                        help="where games run: this machine's worker processes (default) or a Ray cluster")
    parser.add_argument("--address", metavar="ADDR",
                        help="with --cluster ray: the cluster to join (HOST:6379, or auto); default a local Ray instance")
    parser.add_argument("--json", action="store_true", help="print only the results as JSON")
    parser.set_defaults(run=run)


def save_chart(summary: Summary, folder: Path) -> str | None:
    """Draw ``standings.png`` as the window draws it; the reason as text if it could not be drawn."""
    try:
        from ..ui.charts.standings import write_standings_chart

        write_standings_chart(summary, folder, get_game(summary.settings.game).title)
    except (ImportError, OSError, RuntimeError) as error:
        return str(error)
    return None


def run(args: argparse.Namespace) -> int:
    if args.address and args.cluster != "ray":
        raise UsageError("--address is for --cluster ray")
    if len(args.players) > MAX_PLAYERS:
        raise UsageError(f"--players: at most {MAX_PLAYERS} players, got {len(args.players)}")
    games = even_games(args.games)
    if games != args.games:
        print(f"note: {args.games} games per pair rounded up to {games} (both seatings equally often)", file=sys.stderr)
    options = chosen_flags(get_game(args.game), args)
    settings = Settings(args.game, tuple(args.players), games, args.seed, args.max_plies, options)
    validate(settings, get_game)
    if args.cluster == "ray":
        try:  # before the folder is touched: a missing Ray or cluster changes nothing
            connect(args.address)
        except ClusterError as error:
            raise UsageError(str(error)) from None
    folder = Path(args.out) if args.out else new_folder(settings.game)
    check_folder(folder, args.force)
    with ResultStore(folder, settings) as store:  # the folder is this run's until the files are written
        return _play(args, settings, store)


def check_folder(folder: Path, force: bool) -> None:
    """Refuse, before any game, a folder whose files the run must not replace (the guarded
    writer's rules, :mod:`game.core.outputs`): a folder with a ``settings.json`` is a
    tournament's, and its result files are the run's own; in any other folder an existing
    ``results.json``, ``pairs.csv``, ``standings.csv`` or ``standings.png`` is replaced only
    with ``--force``; a device, FIFO, socket or folder at any of those names never; a name
    too long for the file system is refused.  (``settings.json`` and ``games.jsonl``, never
    replaced, are read as untrusted files by :class:`ResultStore`, which refuses bad ones.)"""
    from ..ui.charts.standings import CHART_FILE  # pygame: the run draws the chart at the end anyway

    own = os.path.lexists(folder / SETTINGS_FILE)  # settings.json and games.jsonl: ResultStore reads and judges them
    check_folder_files(folder, (RESULTS_FILE, PAIRS_FILE, STANDINGS_FILE, CHART_FILE), force=force or own)


def _play(args: argparse.Namespace, settings: Settings, store: ResultStore) -> int:
    folder, total = store.folder, settings.total_games
    for note in store.notes:
        print(f"warning: {note}", file=sys.stderr)
    if not args.json:
        resumed = f", {len(store.records)} already played" if store.records else ""
        print(f"tournament folder: {folder} ({total} games{resumed})", file=sys.stderr)
    bar = ProgressBar(total, sys.stderr, start=len(store.records)) if sys.stderr.isatty() and not args.json else None
    try:
        advance = (lambda _record: bar.advance()) if bar else None
        records = run_tournament(settings, get_game, store, args.workers, on_result=advance,
                                 cluster=args.cluster, address=args.address)
    except KeyboardInterrupt:
        if bar:
            bar.close()
        print(f"interrupted: {len(store.records)} of {total} games kept in {folder}; "
              f"run the same command with --out {folder} to resume", file=sys.stderr)
        return exit_code()
    except (GamesFileError, ClusterError) as error:
        if bar:
            bar.close()
        kept = f"{len(store.records)} of {total} games are kept in {folder}"
        try:
            write_files(summarize(settings, store.sorted_records()), folder)
            kept += " with their results"
        except OSError:
            pass
        once = "once it can be written" if isinstance(error, GamesFileError) else "when the cluster works"
        print(f"tabula: error: {error}; {kept}; run the same command with --out {folder} to resume {once}",
              file=sys.stderr)
        return 1
    if bar:
        bar.close()
    summary = summarize(settings, records)
    try:
        write_files(summary, folder)
    except OSError as error:
        print(f"tabula: error: cannot write the results in {folder}: {error.strerror or error}; "
              f"the {len(records)} games are kept in its games.jsonl", file=sys.stderr)
        return 1
    problem = save_chart(summary, folder)
    if problem:
        print(f"warning: no standings chart: {problem}", file=sys.stderr)
    if args.json:
        print(json.dumps({"folder": str(folder), **summary.to_dict()}, indent=2))
    else:
        print(format_table(summary))
        print(f"\nresults in {folder}")
    return 0
