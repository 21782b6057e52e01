"""``tabula rules GAME [--width N]``: print the game's rules page, the text the window's Rules
screen (F1) shows, wrapped for a terminal (:meth:`~game.core.rules_page.RulesPage.plain_text`)."""

from __future__ import annotations

import argparse

from ..core.argtypes import bounded_int
from ..core.rules_page import RulesPage
from .common import UsageError, add_game_argument, game_info

DEFAULT_WIDTH = 78


def add(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("rules", help="print the rules of a game (the window's Rules page, F1)")
    add_game_argument(parser)
    parser.add_argument("--width", type=bounded_int(60, 200, "a width"), default=DEFAULT_WIDTH,
                        help=f"wrap the text to this many characters (60 to 200; default {DEFAULT_WIDTH})")
    parser.set_defaults(run=run, checks_input=True)


def run(args: argparse.Namespace) -> int:
    info = game_info(args)
    if not info.has(RulesPage):
        raise UsageError(f"{info.title} has no rules page")
    print(info.ability(RulesPage).plain_text(args.width), end="")
    return 0
