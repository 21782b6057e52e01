"""``tabula eval backgammon --position P [--evaluator NAME] [--json]``: one position's value and factors.

The position is valued for the side on roll.  ``--json`` prints
``{"evaluator": NAME, "value": <main value>, "factors": {name: contribution, ...}}``; the
main value is the evaluator's own (S_me in 0..100 for ``bras``, which also adds ``"D"``).
Every evaluator adds ``"equity"`` (cubeless points for the side on roll); the networks also
add ``"outputs"``: ``{"win", "win gammon", "win backgammon", "lose gammon", "lose backgammon"}``
(``net-phase48`` only ``"win"``), the probabilities the equity is made of.
"""

from __future__ import annotations

import argparse
import json

from ..backgammon.evaluators import bras_details, boards_to_array, evaluator_names, get_evaluator
from .common import add_game_argument, canonical_name, game_info

DEFAULT_EVALUATOR = "bras"


def add(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("eval", help="evaluate a position: each factor and the total")
    add_game_argument(parser, only=("backgammon",))
    parser.add_argument("--position", required=True, help="GNU Backgammon position ID, posid:matchid or XGID=...")
    parser.add_argument(
        "--evaluator", default=DEFAULT_EVALUATOR, type=canonical_name, help=f"one of {', '.join(evaluator_names())} (default {DEFAULT_EVALUATOR})"
    )
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    info = game_info(args)
    state = info.parse_position(args.position)
    evaluator = get_evaluator(args.evaluator)
    me, opp = state.on_roll, state.opponent
    # ``+ 0.0`` turns the -0.0 of a zero contribution into 0.0 for printing.
    explained = {name: value + 0.0 for name, value in evaluator.explain(me, opp).items()}
    total = explained.pop("total")
    batch = boards_to_array([(me, opp)])
    report = {"evaluator": evaluator.name, "value": total, "factors": explained,
              "equity": float(evaluator.equity(batch)[0]) + 0.0}
    probabilities = getattr(evaluator, "probabilities", None)
    if probabilities is not None:
        report["outputs"] = dict(zip(evaluator.output_names, (float(p) for p in probabilities(batch)[0])))
    if evaluator.name == "bras":
        report["D"] = float(bras_details(batch).d[0])
    if args.json:
        print(json.dumps(report))
        return 0
    print(f"{evaluator.name} for the side on roll in {info.format_position(state)}")
    if evaluator.description:
        print(evaluator.description)
    for name, value in report.get("outputs", {}).items():
        print(f"  {name:<16} {100 * value:6.2f}%")
    print(f"  equity {report['equity']:+.4f} points per game (cubeless, side on roll); factors:")
    width = max(map(len, explained), default=5)
    for name, value in explained.items():
        print(f"  {name:<{width}}  {value:+.6f}")
    if "D" in report:
        print(f"  {'D':<{width}}  {report['D']:+.6f}")
    print(f"  {'total':<{width}}  {total:.6f}")
    return 0
