"""``tabula race backgammon --position P [--level L] [--json]``: the race counts of a position
with no contact (:mod:`game.backgammon.theory.race`).

``--json`` prints ``{"pips": [ON_ROLL, OTHER], "keith": {"counts", "verdict", ...},
"thorp": {...}, "rule_8_9_12": {...}, "kleinman": {..., "win"}, "epc": [ON_ROLL, OTHER],
"wastage": [ON_ROLL, OTHER], "exact": {"win", "win_gammon", "lose_gammon", "action"} | null,
"cube"}``; an EPC or wastage is ``null`` for a side with a checker outside its home board,
and ``exact`` is ``null`` unless both sides are home.  ``exact.action`` is the proper cube
action at the level (Expert by default) of the position before the roll, ``null`` when the
roller may not double.  A position with contact is a usage error (exit code 2, "not a race").
"""

from __future__ import annotations

import argparse
import json
from dataclasses import replace

from ...core.argtypes import UsageError, canonical_name, user_input
from .cube import add_position_argument


def add(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("race", help="race counts of a backgammon position with no contact (Keith, Thorp, EPC...)")
    parser.add_argument("game", choices=("backgammon",), help="the game: backgammon")
    add_position_argument(parser)
    parser.add_argument("--level", type=canonical_name, default="expert",
                        help="the level of the cube action when both sides are home (default expert)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(run=run, checks_input=True)


def run(args: argparse.Namespace) -> int:
    from ..analysis.levels import LEVELS
    from ..position import parse_position
    from ..theory.race import race_report
    if args.level not in LEVELS:
        raise UsageError(f"unknown level {args.level!r}; known levels: {', '.join(LEVELS)}")
    with user_input():
        state = parse_position(args.position)
    try:
        report = race_report(state, lambda s: cube_action(s, args.level))
    except ValueError as error:
        raise UsageError(str(error)) from None
    if args.json:
        print(json.dumps(report))
    else:
        print_report(state, report)
    return 0


def cube_action(state, level: str) -> str:
    """The proper cube action's key (``double_take``...) of ``state`` before its roll."""
    from ..analysis.ai import strongest_evaluator
    from ..analysis.levels import LEVELS
    from ..cube.ai import cube_decision
    from ..cube.state import DECIDE, CubeState
    from ..evaluators import get_evaluator
    cube = state.cube if state.cube is not None else CubeState(phase=DECIDE)
    before = replace(state, dice=None, cube=replace(cube, phase=DECIDE))
    decision = cube_decision(before, LEVELS[level].cube_plies, get_evaluator(strongest_evaluator()))
    return decision.verdict.key(decision.redouble)


def print_report(state, report: dict) -> None:
    from ..info import GAME
    from ..theory.actions import WORDS
    titles = GAME.players.titles
    me, them = titles[state.turn], titles[1 - state.turn]
    print(f"Race counts, {me} on roll: pips {report['pips'][0]} against {report['pips'][1]}")
    for name, title in (("keith", "Keith count"), ("thorp", "Thorp count"), ("rule_8_9_12", "8-9-12 rule"),
                        ("kleinman", "Kleinman")):
        count = report[name]
        verdict = WORDS.get(count["verdict"], "no cube action for the side on roll")
        figures = f"{count['counts'][0]:g} against {count['counts'][1]:g}"
        extra = f", K = {count['figure']:.3f}, wins {100 * count['win']:.1f}%" if name == "kleinman" else ""
        if name == "rule_8_9_12":
            extra = f", lead {count['figure']:.1f}%"
        print(f"  {title:12} {figures}{extra}: {verdict}")
    for side, who in enumerate((me, them)):
        epc, waste = report["epc"][side], report["wastage"][side]
        print(f"  EPC {who}: " + ("— (a checker outside the home board)" if epc is None
                                    else f"{epc:.1f} (wastage {waste:.1f})"))
    exact = report["exact"]
    if exact is not None:
        action = WORDS.get(exact["action"], exact["action"] or "no cube action for the side on roll")
        print(f"  Bearoff database: {me} wins {100 * exact['win']:.2f}% (cubeless); proper action: {action}")
