"""``tabula eval GAME --position P [--evaluator NAME] [--json]``: one position's value and factors.

Runs one of the game's position evaluators (``Analysis.evaluators``; default
its analysis' ``default_evaluator``) and prints its report
(:class:`~game.core.evaluation.Evaluation`): with ``--json``, ``{"evaluator": NAME,
"value": <main value>, "factors": {name: contribution, ...}}`` plus what the game adds.
Backgammon values the side on roll: its main value is the evaluator's own (S_me in 0..100 for
``bras``, which also adds ``"D"``); every evaluator adds ``"equity"`` (cubeless points) and
the networks ``"outputs"``: ``{"win", "win gammon", "win backgammon", "lose gammon", "lose
backgammon"}`` (``net-phase48`` only ``"win"``), the probabilities the equity is made of;
the seed evaluators ``{"win"}``, their calibrated win chance (``assets/backgammon/calibration/``).
``--xgid`` (backgammon) names the position by its XGID (the JSON gains its ``"xgid"``).  A game without evaluators is a
usage error.
"""

from __future__ import annotations

import argparse
import json

from ..games import all_games
from .common import (
    UsageError,
    add_game_argument,
    add_position_forms,
    canonical_name,
    form_json,
    game_info,
    position_help,
    position_writer,
    read_position,
)


def add(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("eval", help="evaluate a position: each factor and the total")
    add_game_argument(parser)
    parser.add_argument("--position", required=True, help=position_help())
    names = "; ".join(f"{info.name}: {', '.join(info.move_analysis().evaluators)} (default {info.move_analysis().default_evaluator})"
                      for info in all_games() if info.move_analysis().evaluate is not None)
    parser.add_argument("--evaluator", type=canonical_name, help=f"the evaluator ({names})")
    add_position_forms(parser)
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(run=run, checks_input=True)


def run(args: argparse.Namespace) -> int:
    info = game_info(args)
    if info.move_analysis().evaluate is None:
        having = ", ".join(game.name for game in all_games() if game.move_analysis().evaluate is not None) or "none"
        raise UsageError(f"{info.title} has no position evaluators (games with them: {having})")
    analysis = info.move_analysis()
    name = args.evaluator or analysis.default_evaluator
    if name not in analysis.evaluators:
        raise UsageError(f"unknown evaluator {name!r}; known evaluators: {', '.join(analysis.evaluators)}")
    state = read_position(info, args, "evaluate", decision=False)
    evaluation = analysis.evaluate(state, name)
    form, write = position_writer(info, args)
    if args.json:  # with --xgid, the position's XGID too
        print(json.dumps({**evaluation.to_json(), **form_json(info, form, state)}))
    else:
        print("\n".join(evaluation.lines(write(state))))
    return 0
