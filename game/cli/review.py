"""``tabula review FILE [--level L] [--thresholds D B V] [--settle [--settle-trials N]] [--json] [--html OUT [--force]]``: review a Tabula save or a
match file another program wrote (``.mat``, read as the window's Load dialog reads it:
:func:`game.games.imported_record`; every game of the match, players named as in the file).

Every decision of both players is analysed at ``--level`` (the game's analysis levels; by
default its analysis default) and compared with the best (:mod:`game.core.review.run`);
with ``--settle`` the close calls are settled by rollout (the review option ``settle``:
backgammon's :mod:`game.backgammon.analysis.settle`) and their marks are the rollout's
(``--settle-trials``: another trial count than the game's).  The
text output lists the decisions that got a mark, then the totals as a table per player
(:func:`game.core.review.totals.table_rows`, the window's table): each game's when the
record holds several, then the whole record's; ``--json`` prints ``{"players", "games":
[{"game", "decisions": [...], "totals"}], "totals"}``; ``--html OUT`` writes the report as one
self-contained HTML page (:mod:`game.core.review.html`), besides the text report or ``--json``
(and a line on stderr saying where).  ``OUT`` goes through the guarded writer
(:mod:`game.core.outputs`), checked before the review starts: an existing ``OUT`` is kept
unless ``--force``; ``FILE`` and its cache ``FILE.review`` (however spelled: links, ``..``,
hard links), a device, FIFO or socket are never replaced, even with ``--force``; a folder,
a missing folder or a name too long for the file system is a usage error (exit code 2).
The report is written atomically.  A progress line is drawn on stderr when
it is a terminal; Ctrl-C or SIGTERM stops the review with a message and exit code 130 or 143,
keeping the decisions it finished as a partial cache entry that the next review goes on from
(never printed as a report); that entry is also written as the review goes, so a review
killed outright loses only its last few seconds' decisions.  The report is cached next to
the file as ``FILE.review`` (keyed by
the game, its moves, the level and the thresholds), so a second review of the same save is
instant; a damaged cache is ignored and rewritten.
"""

from __future__ import annotations

import argparse
import json
import sys

from ..core.argtypes import bounded_int
from ..core.capabilities import MatchEquity
from ..core.jobs.stopping import exit_code
from ..core.outputs import check_output
from ..core.review.cache import reviewed_files
from ..core.review.html import report_html, write_report
from ..core.review.plain import review_of
from ..core.review.report import Report
from ..core.review.run import SETTLE, ReviewCancelled, cached_review
from ..core.review.totals import amount_format, in_mwc, mwc_lost, table_rows, text_table
from ..core.saves import SaveError
from ..games import get_game, reviewed_record
from .common import UsageError, add_met_argument, canonical_name, use_met

MAX_SETTLE_TRIALS = 100_000


def add(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("review", help="review every decision of a saved game: errors, marks, luck")
    parser.add_argument("file", help="a Tabula saved game (.json) or a match file (.mat)")
    parser.add_argument("--level", type=canonical_name, help="the analysis level (default: the game's)")
    parser.add_argument("--thresholds", type=float, nargs=3, metavar=("DOUBTFUL", "BAD", "VERY_BAD"),
                        help="the amount lost (equity in backgammon) from which a decision is marked "
                             "doubtful, bad, very bad (backgammon: 0.04 0.08 0.16)")
    parser.add_argument("--settle", action="store_true",
                        help="settle close calls by rollout: every decision whose two best plays (or cube actions) "
                             "are within 0.02 is rolled out (backgammon: 360 trials, each cut after 7 plies and "
                             "valued by the network, seeded by the position) and marked by the rollout; slower, "
                             "and cached apart from the review without it")
    parser.add_argument("--settle-trials", type=bounded_int(1, MAX_SETTLE_TRIALS), metavar="N",
                        help="with --settle: trials of each line rolled out (default: the game's, backgammon 360)")
    add_met_argument(parser)
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--html", metavar="OUT", help="write the report as one self-contained HTML page to OUT: "
                        "board pictures of the marked decisions, their alternatives, the graph, the totals")
    parser.add_argument("--force", action="store_true", help="replace the file at --html OUT if it exists")
    parser.set_defaults(run=run, checks_input=True)


def run(args: argparse.Namespace) -> int:
    record = _load(args.file)
    info = get_game(record.game)
    analysis = info.move_analysis()
    if analysis.analyze is None:
        raise UsageError(f"{info.title} has no move analysis to review with")
    use_met(info, args)
    shown = _table_shown(info)
    options = {}
    if "level" in analysis.options:
        options["level"] = analysis.options["level"]
    if args.level is not None:
        if args.level not in info.analysis_level_names:
            raise UsageError(f"unknown level {args.level!r}; {info.title}'s analysis levels: "
                             f"{', '.join(info.analysis_level_names) or 'none'}")
        options["level"] = args.level
    if args.settle_trials is not None and not args.settle:
        raise UsageError("--settle-trials goes with --settle")
    if args.settle:
        options[SETTLE] = True if args.settle_trials is None else {"trials": args.settle_trials}
    protected = reviewed_files(args.file)
    if args.force and args.html is None:
        raise UsageError("--force goes with --html (it lets the report replace an existing file)")
    if args.html is not None:
        try:
            check_output(args.html, force=args.force, protected=protected)
        except UsageError as error:
            raise UsageError(f"--html: {error}") from None
    thresholds = tuple(args.thresholds) if args.thresholds else None
    if thresholds and (any(not t >= 0 for t in thresholds) or list(thresholds) != sorted(thresholds)):
        raise UsageError("--thresholds must be three increasing amounts, none negative")
    try:
        report, _ = cached_review(info, record, args.file, options, thresholds,
                                  progress=_progress if sys.stderr.isatty() else None)
    except (ReviewCancelled, KeyboardInterrupt) as error:
        done = f" after {error.done} of {error.total} decisions" if isinstance(error, ReviewCancelled) else ""
        kept = ("the finished ones are kept: the next review goes on from there"
                if isinstance(error, ReviewCancelled) and error.done else "nothing was saved")
        print(f"\nreview cancelled{done}; {kept}", file=sys.stderr)
        return exit_code()
    finally:
        if sys.stderr.isatty():
            print("\r" + " " * 60 + "\r", end="", file=sys.stderr, flush=True)
    if args.html is not None:
        try:
            write_report(args.html, report_html(info, record, report, {**options, **shown}), protected)
        except UsageError as error:
            raise UsageError(f"--html: {error}") from None
        except OSError as error:
            raise UsageError(f"--html: cannot write {args.html}: {getattr(error, 'strerror', None) or error}") from None
    if args.json:
        print(json.dumps({**report.as_json(), **({"met": shown[TABLE]} if shown else {})}))
    else:
        print_report(info, report, {**options, **shown})
    if args.html is not None:
        print(f"wrote the report to {args.html}", file=sys.stderr)
    return 0


TABLE = "match equity table"
"""How the report names the table a match's review read (games that have one)."""


def _table_shown(info) -> dict[str, str]:
    """``{TABLE: name}`` for a game with match equity tables, shown in the report."""
    tables = info.ability(MatchEquity)
    return {} if tables is None else {TABLE: tables.current()}


def _load(path: str):
    """The record to review (:func:`game.games.reviewed_record`); a clear
    :class:`UsageError` for a bad one."""
    try:
        return reviewed_record(path)
    except SaveError as error:
        raise UsageError(str(error)) from None
    except ValueError as error:  # UntrustedFileError and MatchFileError are ValueErrors
        raise UsageError(f"{path}: {error}") from None


def _progress(done: int, total: int) -> None:
    width = 30
    filled = width * done // max(total, 1)
    print(f"\rreviewing [{'#' * filled}{'.' * (width - filled)}] {done}/{total}", end="", file=sys.stderr, flush=True)


def print_report(info, report: Report, options: dict) -> None:
    settings = "".join(f", {key} {value}" for key, value in options.items() if key != SETTLE)
    if options.get(SETTLE):
        settings += ", close calls settled by rollout"
    print(f"{info.title} review{settings}")
    game_review = review_of(info)
    for number, decisions in report.games:
        marked = [d for d in decisions if d.mark]
        settled = sum(1 for d in decisions if d.settled is not None)
        heading = f"game {number}: " if len(report.games) > 1 else ""
        print(f"{heading}{len(decisions)} decisions, {len(marked)} marked"
              + (f", {settled} settled by rollout" if options.get(SETTLE) else ""))
        for d in marked:
            dice = f" {d.dice}" if d.dice else ""
            how = f"; settled by rollout, {d.settled.trials} trials" if d.settled is not None else ""
            print(f"  {d.player}{dice}: played {d.played}, best {d.best}, "
                  f"lost {amount_format(info)(d.equity_lost)}{in_mwc(game_review, d)} ({d.mark}{how})  {d.position_id}")
    in_match = any(d.match_win_chance is not None for d in report.decisions)
    scopes = [(f"game {number}", report.totals_of(number), decisions) for number, decisions in report.games] \
        if len(report.games) > 1 else []
    scopes.append(("totals" if not scopes else "totals of the match", report.totals, report.decisions))
    for title, found, decisions in scopes:
        if found is None:
            continue
        print(f"{title}:")
        print(text_table(report.players, table_rows(game_review, report.players, found, amount_format(info), in_match,
                                                    mwc_lost(game_review, decisions))))
