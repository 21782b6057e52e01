"""``tabula play GAME [--white NAME] [--black NAME] [--seed S] [--position P | game options]``:
open the window on a new game, or on a position to play on from.

A player name is ``human`` or any computer player the game knows (``tabula play backgammon
--white human --black hard``); each seat's flag is also named after its title in every game
(``--player``/``--opponent`` for Mandragora).  A game's setup options become flags too
(``tabula play mandragora --pattern C --first opponent``), checked against the game's own
choices.  Everything is checked before any window opens.
"""

from __future__ import annotations

import argparse

from ..core.capabilities import View
from ..games import all_games
from .common import UsageError, add_game_argument, add_option_flags, canonical_name, chosen_options, game_info, seed_int


def _seat_titles(seat: int) -> list[str]:
    """The seat's title in every game (White, Player), each once."""
    return list(dict.fromkeys(info.players.titles[seat] for info in all_games()))


def _seat_flags(seat: int) -> list[str]:
    return [f"--{title.lower().replace(' ', '-')}" for title in _seat_titles(seat)]


def add(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("play", help="open the window and start a game directly")
    add_game_argument(parser)
    parser.add_argument(*_seat_flags(0), dest="seat0", default="human", metavar="NAME", type=canonical_name,
                        help=f"the first seat ({', '.join(_seat_titles(0))}): human or a computer player "
                             "(default human)")
    parser.add_argument(*_seat_flags(1), dest="seat1", default=None, metavar="NAME", type=canonical_name,
                        help=f"the second seat ({', '.join(_seat_titles(1))}); default: the game's default "
                             "computer player")
    parser.add_argument("--seed", type=seed_int, default=None,
                        help="seed for the dice and random setups; the same seed gives the same game")
    parser.add_argument("--position", metavar="P", default=None,
                        help="start from this position (backgammon: a GNU position ID, posid:matchid or an "
                             "XGID, with its cube, score and dice; the other games: their position text) "
                             "and play on from it; takes no game options")
    add_option_flags(parser, "setup")
    parser.set_defaults(run=run)


def setup_from_args(args: argparse.Namespace):
    """The :class:`~game.core.session.GameSetup` the arguments describe; ``ValueError`` on a
    bad player name, an option the game does not have, or a choice it does not offer."""
    from ..core.session import GameSetup, check_player_name

    info = game_info(args)
    if not info.has(View):
        raise UsageError(f"{info.title} cannot be shown in the window yet")
    second = args.seat1 if args.seat1 is not None else info.players.default
    players = tuple(check_player_name(info, name) for name in (args.seat0, second))
    chosen = chosen_options(info, args, "setup")
    if args.position is None:
        return GameSetup(info.name, players, args.seed, info.new_game_options(chosen))
    if chosen:
        flags = ", ".join(f"--{name}" for name in chosen)
        raise UsageError(f"--position gives the whole position (cube and score included); drop {flags}")
    try:
        return GameSetup(info.name, players, args.seed, info.position_options(args.position))
    except ValueError as error:
        raise UsageError(f"--position: {error}") from None


def run(args: argparse.Namespace) -> int:
    setup = setup_from_args(args)
    from ..ui.app import run_app

    return run_app(setup)
