"""``tabula moves backgammon --position P --dice 31 [--json]``: every legal play of a roll."""

from __future__ import annotations

import argparse
import json

from ..backgammon import formats
from .common import add_game_argument, game_info, user_input, with_dice


def add(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("moves", help="list every legal move of a position and roll")
    add_game_argument(parser, only=("backgammon",))
    parser.add_argument("--position", required=True, help="GNU Backgammon position ID, posid:matchid or XGID=...")
    parser.add_argument("--dice", help="the roll, e.g. 31 (default: the dice in the position, if any)")
    parser.add_argument("--json", action="store_true", help="print a JSON list of {move, position_id}")
    parser.set_defaults(run=run, checks_input=True)


def run(args: argparse.Namespace) -> int:
    info = game_info(args)
    rules = info.rules()
    with user_input():
        state = with_dice(info.parse_position(args.position), args.dice)
    rows = []
    for play, after in rules.successors(state):
        mover = state.turn
        rows.append(
            {
                "move": rules.notation(state, play),
                # gnubg's convention: the position after the play, the mover still on roll.
                "position_id": formats.position_id(after.sides[mover], after.sides[1 - mover]),
            }
        )
    if args.json:
        print(json.dumps(rows))
    else:
        dice = f"{state.dice[0]}{state.dice[1]}"
        print(f"{len(rows)} legal play{'s' if len(rows) != 1 else ''} for {dice} in {info.format_position(state)}:")
        for number, row in enumerate(rows, 1):
            print(f"{number:4d}. {row['move']:<28} {row['position_id']}")
    return 0
