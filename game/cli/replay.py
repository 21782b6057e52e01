"""``tabula replay GAME --moves "..." [--pattern A] [--first SIDE] [--json]``: play a move list.

Backgammon moves are dice plus notation (``"31:8/5 6/5 52:13/8 13/11"``; ``--first white``
by default); Mandragora's are area moves (``"P3 P1 O7"``, with ``--pattern`` and
``--first player|opponent``).  A random setup (``--pattern random`` or ``--first random``) is
drawn by chance, so the list starts with the setup drawn, written pattern/first mover as
saved games record it: ``--pattern random --moves "C/opponent O7 P3"``.  Prints the final
position and the game's own words for the result ("Player wins 21–8."); every move is
checked and the first bad one is named with its number.  ``--json`` prints
``{"game", "position", "over", "result", "plies", "to_move", "status"}``; ``result`` is the
points per player once the game is over (``null`` before), ``to_move`` the side to act next,
``status`` the text line.
"""

from __future__ import annotations

import argparse
import json

from ..core.match import replay
from ..core.protocol import CHANCE
from .common import add_game_argument, ending, game_info


def add(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("replay", help="play a list of moves and print the final position and result")
    add_game_argument(parser)
    parser.add_argument("--moves", required=True,
                        help='the moves, e.g. "31:8/5 6/5 52:13/8 13/11" or "P3 P1 O7"; after a random '
                             'Mandragora setup the first names the setup drawn, e.g. "A/player P3 P1"')
    parser.add_argument("--pattern", help="Mandragora: the starting pattern A-E or random (default A)")
    parser.add_argument("--first", help="who moves first: white/black (backgammon), player/opponent/random "
                                        "(Mandragora)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    info = game_info(args)
    rules = info.rules()
    options = {}
    if args.pattern is not None:
        if info.name != "mandragora":
            raise ValueError(f"--pattern is for mandragora, not {info.name}")
        options["pattern"] = args.pattern
    if args.first is not None or info.name == "backgammon":
        options["first"] = args.first if args.first is not None else "white"
    actions = info.split_moves(args.moves)
    states = replay(rules, options, actions)
    final = states[-1]
    over = rules.is_over(final)
    mover = rules.to_move(final)
    report = {
        "game": info.name,
        "position": info.format_position(final),
        "over": over,
        "result": list(rules.result(final)) if over else None,
        "plies": sum(1 for state in states[:-1] if rules.to_move(state) != CHANCE),
        "to_move": None if over else ("chance" if mover == CHANCE else info.player_titles[mover]),
    }
    report["status"] = status(info, final, report)
    if args.json:
        print(json.dumps(report))
        return 0
    print(f"{info.title} after {report['plies']} moves: {report['position']}")
    print(f"game over: {report['status']}" if over else f"to move: {report['to_move']}")
    return 0


def status(info, state, report: dict) -> str:
    """The game's own words for ``state`` ("Player wins 21–8."), or, for a game that has none,
    who moves next or how it ended (:func:`.common.ending`)."""
    if info.describe is None and not report["over"]:
        mover = report["to_move"]
        return "A chance outcome (dice) comes next." if mover == "chance" else f"{mover} to move."
    return info.describe(state) if info.describe is not None else ending(info, state)


