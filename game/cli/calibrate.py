"""``tabula calibrate GAME --evaluator NAME --games N --out DIR [--force]``: fit score → win-probability curves.

Seed 001's open question (how BRAS's S maps to a winning probability), answered for every
evaluator of a game that declares ``info.ability(Calibration)``: play ``--games`` seeded
self-play games, label each sampled position with whether its side on roll won, fit
isotonic and logistic curves on some games and judge them (Brier score, log-loss,
reliability) on the others (:mod:`game.core.calibration_report`).  ``--evaluator`` may be
repeated, or ``all``; the evaluators share the same positions, so the table compares them
fairly.  Writes the curves (``<evaluator>.json``), ``samples.csv``, ``report.json``,
``report.txt`` and ``reliability.png`` into ``--out`` (created if missing), only once all is
computed.  ``--out`` is checked first, with the guarded writer's rules
(:mod:`game.core.outputs`): a file of one of those names already there is replaced only with
``--force``, a device, FIFO, socket or folder of such a name never; a name too long for the
file system is a usage error (exit code 2).  Progress
goes to stderr; Ctrl-C or SIGTERM stops with exit code 130 or 143 (before the
writing starts nothing is written; each file is written whole or not at all).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from ..core.argtypes import checked_number
from ..core.capabilities import Calibration
from ..core.jobs.stopping import exit_code
from ..core.outputs import check_folder_files
from .common import UsageError, add_game_argument, bounded_int, game_info, games_int, seed_int

share = checked_number(float, lambda v: 0.0 <= v <= 1.0, "a number from 0 to 1")
holdout_share = checked_number(float, lambda v: 0.0 < v < 1.0, "a number strictly between 0 and 1")


def add(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("calibrate", help="fit each evaluator's score -> win probability curve from self-play")
    add_game_argument(parser)
    parser.add_argument("--evaluator", action="append", required=True, metavar="NAME",
                        help="an evaluator to calibrate; repeat it, or give 'all'")
    parser.add_argument("--games", type=games_int, required=True, help="self-play games to sample (at least 2)")
    parser.add_argument("--out", required=True, metavar="DIR", help="folder for the curves, samples, report and PNG")
    parser.add_argument("--force", action="store_true", help="replace files of the same names already in --out")
    parser.add_argument("--seed", type=seed_int, default=0, help="seed of the games and the split (default 0)")
    parser.add_argument("--positions-per-game", type=bounded_int(1, 1000, "a number of positions"), metavar="K",
                        help="keep K positions of each game, drawn at random (default: every turn)")
    parser.add_argument("--noise", type=share, default=0.1,
                        help="share of random plays in the self-play games, for variety (default 0.1)")
    parser.add_argument("--holdout", type=holdout_share, default=0.25,
                        help="share of the games held out to judge the fits (default 0.25)")
    parser.set_defaults(run=run, checks_input=True)


def _evaluators(asked: list[str], known: list[str]) -> list[str]:
    if any(name.strip().lower() == "all" for name in asked):
        return list(known)
    chosen = []
    for name in asked:
        if name not in known:
            raise UsageError(f"unknown evaluator {name!r}; known evaluators: {', '.join(known)}, or all")
        if name not in chosen:
            chosen.append(name)
    return chosen


def file_names(names: list[str]) -> list[str]:
    """The files a run writes into ``--out`` (the module doc)."""
    from ..core.calibration_report import REPORT_FILES
    from ..ui.charts.reliability import PNG_FILE  # pygame: the run draws the PNG at the end anyway

    return [f"{name}.json" for name in names] + list(REPORT_FILES) + [PNG_FILE]


def _writable(folder: Path, names: list[str], force: bool) -> None:
    """Make ``folder`` (and parents) and prove a file can be written there, before any work;
    the files the run writes there pass the guarded writer's checks (:mod:`game.core.outputs`)."""
    try:
        check_folder_files(folder, file_names(names), force=force)
    except UsageError as error:
        raise UsageError(f"--out: {error}") from None
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"--out {folder}: not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as error:
        raise UsageError(f"--out {folder}: cannot write there ({error.strerror or error})") from None


def _progress(done: int, total: int) -> None:
    if sys.stderr.isatty():
        width = 30
        filled = width * done // total
        end = "\n" if done == total else ""
        print(f"\rplaying [{'#' * filled}{'.' * (width - filled)}] {done}/{total} games", end=end,
              file=sys.stderr, flush=True)
    elif done == total or done % max(1, total // 10) == 0:
        print(f"played {done}/{total} games", file=sys.stderr, flush=True)


def run(args: argparse.Namespace) -> int:
    info = game_info(args)
    calibration = info.ability(Calibration)
    if calibration is None:
        raise UsageError(f"calibrate is not available for {info.title}")
    names = _evaluators(args.evaluator, calibration.evaluators())
    if args.games < 2:
        raise UsageError("--games must be at least 2: some games fit the curves, others judge them")
    out = Path(args.out)
    _writable(out, names, args.force)
    from ..core.calibration_report import calibrate, text_report, write_outputs

    try:
        samples = calibration.samples(args.games, args.seed, noise=args.noise, per_game=args.positions_per_game,
                                      progress=_progress)
        settings = {"game": info.name, "player": calibration.player, "noise": args.noise,
                    "positions_per_game": args.positions_per_game, "score": calibration.score_name,
                    "command": _command(args, names)}
        print(f"fitting {len(names)} evaluator(s) on {len(samples)} positions", file=sys.stderr, flush=True)
        report = calibrate(samples, names, calibration.scores, seed=args.seed, holdout=args.holdout,
                           settings=settings)
        from ..ui.charts.reliability import write_reliability_png  # pygame, only now

        written = write_outputs(out, samples, report)
        written.append(write_reliability_png(report, out))
    except KeyboardInterrupt:
        print("\ncalibration interrupted; no file was left half-written", file=sys.stderr)
        return exit_code()
    except OSError as error:
        raise UsageError(f"--out {out}: cannot write there ({error.strerror or error})") from None
    print(text_report(report), end="")
    print("wrote " + ", ".join(str(path) for path in written))
    return 0


def _command(args: argparse.Namespace, names: list[str]) -> str:
    """The command line that makes these files again."""
    parts = ["tabula calibrate", args.game] + [f"--evaluator {n}" for n in names]
    parts += [f"--games {args.games}", f"--seed {args.seed}", f"--noise {args.noise:g}", f"--holdout {args.holdout:g}"]
    if args.positions_per_game:
        parts.append(f"--positions-per-game {args.positions_per_game}")
    return " ".join(parts + ["--out DIR"])
