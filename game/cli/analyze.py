"""``tabula analyze GAME --position P [--dice 31 | --all-rolls] [--evaluator NAME] [--level NAME] [--json]``.

Prints every legal move ranked like GNU Backgammon's hint window (rank, depth, the game's
detail columns such as win and gammon chances, value, difference to the best, score, move),
the value and score columns headed as the window's hint table heads them (``Analysis``'s
``value_heading`` and ``score_heading``: backgammon's "equity", Mandragora's "total" and
"seed") and followed by the game's legend line, if any, then each move's warnings and the
factors behind the best moves.  A decision that is no
ordinary move is headed as what it is (``Notation.decision_heading``: backgammon's "cube
decision (take or pass): 2 actions").  ``--json`` prints a list,
best first, of ``{"move", "score", "value", "warnings": [...], "factors": {...}}`` plus
``details``, ``rank``, ``diff``, ``plies``, ``exact``, ``explanation`` and ``score_diff``.
``--xgid`` (backgammon) heads the table with the position's XGID; in the JSON each row gains the
``"xgid"`` of the position after its move (as ``tabula moves`` gives it).  ``--level`` and
``--evaluator`` (names in any case) are taken by games whose analysis has
those options (``Analysis.options``, whose defaults apply otherwise); ``--dice`` by
games with dice.  A finished game is a usage error: there is no move to analyze.
``--all-rolls`` (games with chance outcomes) ranks nothing: it gives the best play of every
roll of a position before the roll, and their average (:mod:`.all_rolls`).
"""

from __future__ import annotations

import argparse
import json

from ..core.factors import explain
from ..games import all_games
from .all_rolls import all_rolls, print_rolls
from .common import (
    UsageError,
    add_chance_arguments,
    add_game_argument,
    add_met_argument,
    add_position_forms,
    canonical_name,
    form_json,
    game_info,
    position_help,
    position_writer,
    read_position,
    use_met,
)

SHOWN_REASONS = 3
"""How many of the best moves get their factor breakdown printed."""
OPTIONS = ("level", "evaluator")
"""The analysis options the command line offers, as ``--level`` and ``--evaluator``."""


def add(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("analyze", help="rank every legal move with scores, warnings and reasons")
    add_game_argument(parser)
    parser.add_argument("--position", required=True, help=position_help())
    add_chance_arguments(parser)
    parser.add_argument("--evaluator", type=canonical_name, help=_about("evaluator"))
    parser.add_argument("--level", type=canonical_name, help=_about("level"))
    parser.add_argument("--all-rolls", action="store_true",
                        help="the best play of every roll of a position before the roll, and their average")
    add_position_forms(parser)
    add_met_argument(parser)
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(run=run, checks_input=True)


def _about(option: str) -> str:
    games = [info for info in all_games() if option in info.move_analysis().options]
    choices = {"level": lambda info: [level.name for level in info.levels], "evaluator": lambda info: info.move_analysis().evaluators}
    return "; ".join(f"{info.name}: {', '.join(choices[option](info))} (default {info.move_analysis().options[option]})"
                     for info in games) or "no game's analysis takes it"


def analysis_options(info, args: argparse.Namespace) -> dict:
    """The analysis options: the game's defaults, with those given checked and put in."""
    analysis = info.move_analysis()
    known = {"level": [level.name for level in analysis.levels], "evaluator": list(analysis.evaluators)}
    options = {key: value for key, value in analysis.options.items() if key in OPTIONS}
    for key in OPTIONS:
        value = getattr(args, key)
        if value is None:
            continue
        if key not in analysis.options:
            raise UsageError(f"{info.title}'s analysis takes no --{key}")
        if value not in known[key]:
            raise UsageError(f"unknown {key} {value!r}; known {key}s: {', '.join(known[key])}")
        options[key] = value
    return options


def run(args: argparse.Namespace) -> int:
    info = game_info(args)
    if info.move_analysis().analyze is None:
        raise UsageError(f"{info.title} has no move analysis")
    use_met(info, args)
    if args.all_rolls:
        return run_all_rolls(info, args)
    state = read_position(info, args, "analyze")
    options = analysis_options(info, args)
    records = info.move_analysis().analyze(state, **options)
    explain(records)  # the rows' factors printed (every row's with --json), in one batch as always
    form, write = position_writer(info, args)
    if args.json:  # with --xgid, each row gains the XGID of the position after its move (as moves' rows)
        rules = info.rules()
        print(json.dumps([{**record.to_json(), **form_json(info, form, rules.apply(state, record.move))}
                          for record in records]))
    else:
        print_table(info, state, records, options, write)
    return 0


def run_all_rolls(info, args: argparse.Namespace) -> int:
    if info.chance is None or info.chance.given is None:
        raise UsageError(f"{info.title} has no rolls: --all-rolls is for games with dice")
    if getattr(args, f"chance_{info.chance.name}", None) is not None:
        raise UsageError(f"--all-rolls takes every roll: leave out --{info.chance.name}")
    state = read_position(info, args, "analyze", decision=False)
    options = analysis_options(info, args)
    table = all_rolls(info, state, options)  # a position with its dice: the rolls of its roll's start
    if args.json:
        print(json.dumps(table))
    else:
        print_rolls(info, table, options)
    return 0


def print_table(info, state, records, options: dict, write_position=None) -> None:
    """The hint-window table (headed by the analysis ``options`` and the position, written by
    ``write_position``: the game's own text form unless asked for another, ``--xgid``), then
    warnings and reasons."""
    write_position = write_position or info.notation.format_position
    settings = "".join(f", {key} {value}" for key, value in options.items())
    plural = "" if len(records) == 1 else "s"
    heading = info.notation.decision_heading(state) if info.notation.decision_heading else None
    noun = "action" if heading else info.notation.move_noun  # a cube decision's choices are no plays
    what = f"{heading}: {len(records)} {noun}{plural}" if heading else f"{len(records)} legal {noun}{plural}"
    print(f"{info.title}: {what} in {write_position(state)}{settings}")
    analysis = info.move_analysis()
    chances = [(key, title) for key, title in analysis.columns if records and key in records[0].details]
    header = f"{'#':>3} {'ply':>3} " + "".join(f"{title:>7}" for _, title in chances)
    value, score = analysis.value_heading.lower()[:8], analysis.score_heading.lower()[:6]
    print(header + f" {value:>8} {'diff':>8} {score:>6}  {noun}")
    for r in records:
        cells = "".join(f"{100 * r.details[key]:6.1f}%" for key, _ in chances)
        diff = "" if r.rank == 1 else analysis.format_value(r.diff)
        print(f"{r.rank:>3} {r.plies:>3} {cells} {analysis.format_value(r.value):>8} {diff:>8} {r.score:+6.1f}  {r.notation}")
    if analysis.legend:
        print(f"\n{analysis.legend}")
    warned = [r for r in records if r.warnings]
    if warned:
        print("\nwarnings:")
        for r in warned:
            print(f"  {r.notation}: " + "; ".join(r.warnings))
    print("\nwhy (factors against the best move, or for the best against the runner-up):")
    for r in records[:SHOWN_REASONS]:
        print(f"  {r.notation}: " + ", ".join(reasons(r, records)))


def reasons(record, records) -> list[str]:
    """The analyzer's own words if it has them, else the factors that differ most from a rival."""
    if record.explanation:
        return list(record.explanation)
    rival = records[1] if record is records[0] and len(records) > 1 else records[0]
    if rival is record:
        return [f"{name} {value:+.3f}" for name, value in record.factors.items() if value][:6]
    deltas = {name: value - rival.factors.get(name, 0.0) for name, value in record.factors.items()}
    shown = sorted((item for item in deltas.items() if abs(item[1]) > 1e-9), key=lambda kv: -abs(kv[1]))
    shown = [f"{name} {delta:+.3f}" for name, delta in shown[:6]]
    return shown[:-1] + [f"{shown[-1]} (vs {rival.notation})"] if shown else [f"the same factors as {rival.notation}"]
