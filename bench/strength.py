"""Playing strength of the trained networks against the seed players: cubeless money games.

Each pairing plays ``--games`` games (default 2000) as duplicate deals: two games on the same
dice with the seats swapped, so most of the luck cancels (:mod:`game.backgammon.nets.arena`).
Players play greedily (1-ply: the best position after the play): ``net-full``,
``net-phase48``, ``greedy:bras``, ``greedy:seven-factors``, ``greedy:phase-heuristic`` and
seed 002's ``hard``.  Printed: the first player's points per game with its 95% interval
(over deals) and win rate.  Goal: ``net-full`` beats every seed player by ≥ +0.5 points/game.

    python bench/strength.py [--games 2000] [--seed 1] [--pairs nets|full|all]
    python bench/strength.py --pair greedy:net-full hard --games 400

``--pairs full`` plays ``net-full`` against each seed player only (the goal), ``nets``
(default) both networks against each seed player and each other, ``all`` a round robin.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time

from game.backgammon.evaluators import evaluator_names
from game.backgammon.nets.arena import duplicate_match
from game.backgammon.nets.choosers import make_chooser

SEED_PLAYERS = ("greedy:bras", "greedy:seven-factors", "greedy:phase-heuristic", "hard")
NETWORKS = ("greedy:net-full", "greedy:net-phase48")
GOAL = 0.5


def pairings(kind: str) -> list[tuple[str, str]]:
    nets = [n for n in NETWORKS if n.partition(":")[2] in evaluator_names()]
    if not nets:
        sys.exit("no trained network installed (assets/weights/*.npz)")
    if kind == "full":
        return [(nets[0], s) for s in SEED_PLAYERS] if nets[0] == NETWORKS[0] else []
    if kind == "nets":
        return [(n, s) for n in nets for s in SEED_PLAYERS] + list(itertools.combinations(nets, 2))
    return list(itertools.combinations(nets + list(SEED_PLAYERS), 2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per pairing (even; default 2000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pairs", choices=("full", "nets", "all"), default="nets")
    parser.add_argument("--pair", nargs=2, metavar=("A", "B"), help="just this pairing")
    args = parser.parse_args()
    if args.games < 2:
        parser.error("--games must be at least 2")
    deals = (args.games + 1) // 2
    pairs = [tuple(args.pair)] if args.pair else pairings(args.pairs)
    print(f"{2 * deals} cubeless money games per pairing ({deals} duplicate deals), seed {args.seed}")
    print(f"{'player A':<24}{'player B':<24}{'A points/game':>14}  {'95% interval':<18}{'A wins':>8}{'s':>7}")
    for a, b in pairs:
        start = time.perf_counter()
        result = duplicate_match(make_chooser(a, args.seed), make_chooser(b, args.seed + 1), deals, args.seed)
        ci = result.per_game
        interval = "" if ci.low is None else f"[{ci.low:+.3f}, {ci.high:+.3f}]"
        goal = ""
        if a == NETWORKS[0] and b in SEED_PLAYERS:
            goal = "  goal met" if ci.mean >= GOAL else "  goal NOT met"
        wins = 100 * result.wins / len(result.points)
        print(f"{a:<24}{b:<24}{ci.mean:>+14.3f}  {interval:<18}{wins:>7.1f}%{time.perf_counter() - start:>7.1f}{goal}",
              flush=True)


if __name__ == "__main__":
    main()
