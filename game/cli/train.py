"""``tabula train GAME ...``: train a game's evaluator by self-play, where the game has training.

The arguments after ``GAME`` are the game's own (``info.ability(Training)``); for backgammon,
``tabula train backgammon --arch {phase48,full} --games N --out FILE [--resume] [--seed S]``
(see :mod:`game.backgammon.nets.command`).  A game without training is a usage error.
"""

from __future__ import annotations

import argparse

from ..core.capabilities import Training
from ..games import all_games
from .common import UsageError


def add(sub: argparse._SubParsersAction) -> None:
    trainable = [info for info in all_games() if info.has(Training)]
    parser = sub.add_parser("train", help="train a game's evaluator by self-play ("
                            + ", ".join(info.name for info in trainable) + ")")
    games = parser.add_subparsers(dest="game", metavar="GAME", required=True,
                                  help="the game: " + ", ".join(info.name for info in all_games()))
    for info in all_games():
        training = info.ability(Training)
        game = games.add_parser(info.name, help=training.help if training else f"{info.title} has no training")
        if training is not None:
            training.add_arguments(game)
        game.set_defaults(run=_runner(info))


def _runner(info):
    def run(args: argparse.Namespace) -> int:
        if not info.has(Training):
            trainable = ", ".join(game.name for game in all_games() if game.has(Training)) or "none"
            raise UsageError(f"{info.title} has no training (games with training: {trainable})")
        return info.ability(Training).run(args)

    return run
