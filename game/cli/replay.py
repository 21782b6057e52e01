"""``tabula replay GAME --moves "..." [game options] [--json]``: play a move list.

The moves are split by the game (``Notation.split_moves``): backgammon's are dice plus
notation (``"31:8/5 6/5 52:13/8 13/11"``, ``--first white`` by default, since the list does
not say who opens); Mandragora's are area moves (``"P3 P1 O7"``, with ``--pattern`` and
``--first player|opponent``).  The flags are the games' move-list options
(``GameInfo.options.move_list``), checked against the game's own.  A random Mandragora setup
(``--pattern random`` or ``--first random``) is drawn by chance, so the list starts with the
setup drawn, written pattern/first mover as saved games record it: ``--pattern random
--first random --moves "C/opponent O8 P3"``.  Prints the final position and the game's status line (the
result in the common outcome words once over, "Player wins 21–8."); every move is checked
and the first bad one is named with its number.  ``--json`` prints ``{"game", "position",
"over", "result", "plies", "to_move", "status"}``; ``result`` is the points per player once
the game is over (``null`` before), ``to_move`` the side to act next (``"chance"`` before a
chance outcome), ``status`` the text line.  ``--xgid`` (backgammon) prints the position as
an XGID and adds ``"xgid"`` to the JSON.
"""

from __future__ import annotations

import argparse
import json

from ..core.match import replay
from ..core.protocol import CHANCE
from .common import (
    add_game_argument,
    add_option_flags,
    add_position_forms,
    chosen_options,
    form_json,
    game_info,
    position_writer,
)


def add(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("replay", help="play a list of moves and print the final position and result")
    add_game_argument(parser)
    parser.add_argument("--moves", required=True,
                        help='the moves, e.g. "31:8/5 6/5 52:13/8 13/11" or "P3 P1 O7"; after a random '
                             'Mandragora setup the first names the setup drawn, e.g. "A/player P3 P1"')
    add_option_flags(parser, "move_list")
    add_position_forms(parser)
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    info = game_info(args)
    rules = info.rules()
    options = info.move_list_game_options(chosen_options(info, args, "move_list"))
    states = replay(rules, options, info.notation.split_moves(args.moves))
    final = states[-1]
    over = rules.is_over(final)
    mover = rules.to_move(final)
    report = {
        "game": info.name,
        "position": info.notation.format_position(final),
        "over": over,
        "result": list(rules.result(final)) if over else None,
        "plies": sum(1 for state in states[:-1] if rules.to_move(state) != CHANCE),
        "to_move": None if over else ("chance" if mover == CHANCE else info.players.titles[mover]),
        "status": info.status(final),
    }
    form, write = position_writer(info, args)
    report.update(form_json(info, form, final))
    if args.json:
        print(json.dumps(report))
        return 0
    print(f"{info.title} after {report['plies']} moves: {write(final)}")
    print(f"game over: {report['status']}" if over else f"to move: {report['to_move']}")
    return 0
