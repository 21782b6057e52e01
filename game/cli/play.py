"""``tabula play GAME --white NAME --black NAME [--seed S]``: open the window on a new game.

A player name is ``human`` or any computer player the game knows (``tabula play backgammon
--white human --black hard``); names are checked before any window opens.
"""

from __future__ import annotations

import argparse

from .common import add_game_argument, game_info, seed_int


def add(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("play", help="open the window and start a game directly")
    add_game_argument(parser)
    parser.add_argument("--white", "--first", dest="first", default="human", metavar="NAME",
                        help="the first player (White in backgammon): human or a computer player (default human)")
    parser.add_argument("--black", "--second", dest="second", default=None, metavar="NAME",
                        help="the second player (Black in backgammon); default: the game's default computer player")
    parser.add_argument("--seed", type=seed_int, default=None, help="seed for the dice; the same seed gives the same dice")
    parser.set_defaults(run=run)


def setup_from_args(args: argparse.Namespace):
    """The :class:`~game.ui.session.GameSetup` the arguments describe; ``ValueError`` on a bad name."""
    from ..ui.session import GameSetup, check_player_name, default_opponent

    info = game_info(args)
    second = args.second if args.second is not None else default_opponent(info)
    players = tuple(check_player_name(info, name) for name in (args.first, second))
    return GameSetup(info.name, players, args.seed)


def run(args: argparse.Namespace) -> int:
    setup = setup_from_args(args)
    from ..ui.app import run_app

    return run_app(setup)
