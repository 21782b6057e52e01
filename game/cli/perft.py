"""``tabula perft GAME --position P --depth N [--dice 31] [--json]``: count legal action sequences.

Prints the number of distinct legal action sequences of each length 1..N from the position
(:func:`game.core.perft.perft`; a finished game has none).  A dice game's position may be
given without dice: the count then starts with every roll.  ``--json`` prints
``{"nodes": [n1, n2, ...]}``.
"""

from __future__ import annotations

import argparse
import json

from ..core.argtypes import bounded_int
from ..core.perft import perft
from .common import (
    add_chance_arguments,
    add_game_argument,
    game_info,
    position_help,
    read_position,
)

MAX_DEPTH = 30
"""The deepest count asked for (backgammon's depth 4 already takes minutes)."""


def add(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("perft", help="count the legal action sequences of each length from a position")
    add_game_argument(parser)
    parser.add_argument("--position", required=True, help=position_help())
    parser.add_argument("--depth", type=bounded_int(1, MAX_DEPTH, "a depth"), required=True,
                        help=f"the longest sequences counted (at most {MAX_DEPTH})")
    add_chance_arguments(parser)
    parser.add_argument("--json", action="store_true", help='print {"nodes": [n1, n2, ...]}')
    parser.set_defaults(run=run, checks_input=True)


def run(args: argparse.Namespace) -> int:
    info = game_info(args)
    state = read_position(info, args, "count", decision=False)  # without an outcome given, the count starts at the draw
    nodes = perft(info.rules(), state, args.depth)
    if args.json:
        print(json.dumps({"nodes": nodes}))
    else:
        for depth, count in enumerate(nodes, 1):
            print(f"depth {depth}: {count}")
    return 0
