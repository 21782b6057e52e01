"""``tabula analyze GAME --position P [--dice 31] [--evaluator NAME] [--level NAME] [--json]``.

Prints every legal move ranked like GNU Backgammon's hint window (rank, depth, chances,
equity, difference to the best, move), then each move's warnings and the factors behind
the best moves.  ``--json`` prints a list, best first, of
``{"move", "score", "value", "warnings": [...], "factors": {...}}`` plus ``details``,
``rank``, ``diff``, ``plies`` and ``explanation``.  ``--dice``, ``--evaluator`` and
``--level`` are backgammon's (names in any case).  A finished game is a usage error:
there is no move to analyze.
"""

from __future__ import annotations

import argparse
import json

from ..backgammon.ai import get_level, strongest_evaluator
from ..backgammon.evaluators import get_evaluator
from .common import UsageError, add_game_argument, canonical_name, ending, game_info, user_input, with_dice

CHANCES = (("win", "Win"), ("win_gammon", "W(g)"), ("win_backgammon", "W(bg)"),
           ("lose_gammon", "L(g)"), ("lose_backgammon", "L(bg)"))
SHOWN_REASONS = 3
"""How many of the best moves get their factor breakdown printed."""


def add(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("analyze", help="rank every legal move with scores, warnings and reasons")
    add_game_argument(parser)
    parser.add_argument("--position", required=True, help="the position (backgammon: position ID, posid:matchid or XGID)")
    parser.add_argument("--dice", help="backgammon: the roll, e.g. 31 (default: the dice in the position)")
    parser.add_argument("--evaluator", type=canonical_name,
                        help="backgammon: the evaluator (default: the strongest installed)")
    parser.add_argument("--level", type=canonical_name,
                        help="backgammon: beginner, intermediate, advanced (default) or expert")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(run=run, checks_input=True)


def run(args: argparse.Namespace) -> int:
    info = game_info(args)
    with user_input():
        state = info.parse_position(args.position)
    if info.rules().is_over(state):
        raise UsageError(f"the game is over ({ending(info, state).rstrip('.')}); there is no move to analyze")
    options = {}
    if info.name == "backgammon":
        state = with_dice(state, args.dice)
        options = {"level": args.level or "advanced", "evaluator": args.evaluator or strongest_evaluator()}
        with user_input():
            get_level(options["level"])
            get_evaluator(options["evaluator"])
    elif any(value is not None for value in (args.dice, args.evaluator, args.level)):
        raise UsageError(f"--dice, --evaluator and --level are for backgammon, not {info.name}")
    records = info.analyze(state, **options)
    if args.json:
        print(json.dumps([record.to_json() for record in records]))
    else:
        print_table(info, state, records, options)
    return 0


def print_table(info, state, records, options: dict) -> None:
    """The hint-window table (headed by the analysis ``options``), then warnings and reasons."""
    settings = "".join(f", {key} {value}" for key, value in options.items())
    plural = "" if len(records) == 1 else "s"
    print(f"{info.title}: {len(records)} legal move{plural} in {info.format_position(state)}{settings}")
    chances = [(key, title) for key, title in CHANCES if records and key in records[0].details]
    header = f"{'#':>3} {'ply':>3} " + "".join(f"{title:>7}" for _, title in chances)
    print(header + f" {'value':>8} {'diff':>8} {'score':>6}  move")
    for r in records:
        cells = "".join(f"{100 * r.details[key]:6.1f}%" for key, _ in chances)
        diff = "" if r.rank == 1 else f"{r.diff:+8.3f}"
        print(f"{r.rank:>3} {r.plies:>3} {cells} {r.value:+8.3f} {diff:>8} {r.score:+6.1f}  {r.notation}")
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
