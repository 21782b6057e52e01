"""``tabula selfplay GAME --games N --seed S [--max-plies N]``: random-vs-random games, headless,
with a summary.  A game still on after ``--max-plies`` decisions (default: the game's own guard,
``Rules.max_plies``, for games that may never end) is stopped and counted as unfinished."""

from __future__ import annotations

import argparse
import random
from collections import Counter

from ..core.match import play_game
from ..core.players import RandomPlayer
from .common import add_game_argument, game_info, games_int, plies_int, seed_int


def add(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("selfplay", help="play random-vs-random games and summarise the results")
    add_game_argument(parser)
    parser.add_argument("--games", type=games_int, default=100, help="number of games (default 100)")
    parser.add_argument("--seed", type=seed_int, default=0, help="seed; the same seed replays the same games")
    parser.add_argument("--max-plies", type=plies_int,
                        help="stop a game unfinished after this many decisions (default: the game's own guard, if any)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    info = game_info(args)
    rules = info.rules()
    seeds = random.Random(args.seed)
    wins = [0, 0]
    kinds = [Counter(), Counter()]  # per winner: games by points won
    draws = plies = unfinished = 0
    limit = args.max_plies or rules.max_plies
    for _ in range(args.games):
        players = [RandomPlayer(seeds.getrandbits(63)), RandomPlayer(seeds.getrandbits(63))]
        record, _ = play_game(rules, players, seed=seeds.getrandbits(63), max_plies=limit)
        plies += record.plies
        if record.result is None:
            unfinished += 1
            continue
        first, second = record.result
        if first == second:
            draws += 1
            continue
        winner = 0 if first > second else 1
        wins[winner] += 1
        kinds[winner][int(abs(first))] += 1
    print(f"{args.games} {info.title} games, random v random, seed {args.seed}")
    for side, name in enumerate(info.players.titles):
        extra = "".join(f", {kinds[side][points]} {kind}" for points, kind in info.ending.win_kinds.items())
        print(f"{name:>8}: {wins[side]:5d} wins ({100 * wins[side] / args.games:5.1f}%){extra}")
    if draws:
        print(f"   draws: {draws:5d}")
    if unfinished:
        print(f"unfinished: {unfinished:5d} (stopped after {limit} plies)")
    print(f"average plies: {plies / args.games:.1f}")
    return 0
