"""``tabula play GAME [--white NAME] [--black NAME] [--seed S] [game options]``: open the window
on a new game.

A player name is ``human`` or any computer player the game knows (``tabula play backgammon
--white human --black hard``); each seat's flag is also named after its title in every game
(``--player``/``--opponent`` for Mandragora).  A game's setup options become flags too
(``tabula play mandragora --pattern C --first opponent``), checked against the game's own
choices.  Everything is checked before any window opens.
"""

from __future__ import annotations

import argparse

from ..games import game_names, get_game
from .common import UsageError, add_game_argument, canonical_name, game_info, seed_int


def _seat_titles(seat: int) -> list[str]:
    """The seat's title in every game (White, Player), each once."""
    return list(dict.fromkeys(get_game(name).player_titles[seat] for name in game_names()))


def _seat_flags(seat: int) -> list[str]:
    return [f"--{title.lower().replace(' ', '-')}" for title in _seat_titles(seat)]


def _declared_options() -> dict[str, list]:
    """Option name → ``(game title, SetupOption)`` of every game declaring it."""
    declared: dict[str, list] = {}
    for name in game_names():
        info = get_game(name)
        for option, spec in info.setup_options.items():
            declared.setdefault(option, []).append((info.title, spec))
    return declared


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
    for option, specs in _declared_options().items():
        about = "; ".join(f"{title}: {spec.label.lower()}, one of {', '.join(spec.choices)} (default {spec.default})"
                          for title, spec in specs)
        parser.add_argument(f"--{option}", dest=f"option_{option}", default=None, metavar="CHOICE", help=about)
    parser.set_defaults(run=run)


def setup_from_args(args: argparse.Namespace):
    """The :class:`~game.ui.session.GameSetup` the arguments describe; ``ValueError`` on a bad
    player name, an option the game does not have, or a choice it does not offer."""
    from ..ui.session import GameSetup, check_player_name, default_opponent

    info = game_info(args)
    second = args.seat1 if args.seat1 is not None else default_opponent(info)
    players = tuple(check_player_name(info, name) for name in (args.seat0, second))
    chosen = {}
    for option in _declared_options():
        value = getattr(args, f"option_{option}")
        if value is None:
            continue
        spec = info.setup_options.get(option)
        if spec is None:
            offered = ", ".join(f"--{name}" for name in info.setup_options)
            raise UsageError(f"--{option} is not an option of {info.title}"
                             + (f" (its options: {offered})" if offered else ", which has none"))
        try:
            chosen[option] = spec.check(value)
        except ValueError as error:
            raise UsageError(f"--{option}: {error}") from None
    return GameSetup(info.name, players, args.seed, info.new_game_options(chosen))


def run(args: argparse.Namespace) -> int:
    setup = setup_from_args(args)
    from ..ui.app import run_app

    return run_app(setup)
