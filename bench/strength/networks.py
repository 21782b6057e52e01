"""Playing strength of the trained networks against the seed players: cubeless money games.

Each pairing plays ``--games`` games (default 2000) as duplicate deals: two games on the same
dice with the seats swapped, so most of the luck cancels (:mod:`game.backgammon.nets.arena`).
Players play greedily (1-ply: the best position after the play): ``net-full``,
``net-phase48``, ``greedy:bras``, ``greedy:seven-factors``, ``greedy:phase-heuristic`` and
seed 002's ``hard``.  Printed: the first player's points per game with its 95% interval
(over deals) and win rate.  Goal: ``net-full`` beats every seed player by ≥ +0.5 points/game.

    python -m bench.strength.networks [--games 2000] [--seed 1] [--pairs nets|full|all]
    python -m bench.strength.networks --pair greedy:net-full hard --games 400
    python -m bench.strength.networks --pairs all --workers 2            # blocks over 2 processes
    python -m bench.strength.networks --pairs all --cluster ray [--address ADDR]

``--pairs full`` plays ``net-full`` against each seed player only (the goal), ``nets``
(default) both networks against each seed player and each other, ``all`` a round robin.
The deals go out in blocks of :data:`~game.backgammon.nets.arena.DEALS_AT_ONCE` (each played
in lockstep by fresh choosers, as ``duplicate_match`` plays them), in this process, over
``--workers`` processes or on Ray (``--cluster ray``, through the tournament runner's Ray
path :func:`game.core.distribute.parallel_map`): the figures are the same every way.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time

from game.backgammon.evaluators import evaluator_names
from game.backgammon.nets.arena import DEALS_AT_ONCE, play_lockstep
from game.backgammon.nets.choosers import make_chooser
from game.core.distribute import add_cluster_arguments, check_cluster_arguments, parallel_map
from game.core.tournament.schedule import derive_seed
from game.core.tournament.stats import mean_interval

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


def play_deals(job: tuple) -> tuple[str, str, int, list[float]]:
    """Deals ``start``..``stop`` of pairing ``a`` v ``b`` as ``duplicate_match`` plays them:
    seat 0's points in each game, two games (seats swapped) per deal."""
    a, b, seed, start, stop = job
    first, second = make_chooser(a, seed), make_chooser(b, seed + 1)
    seeds, seats = [], []
    for k in range(start, stop):
        dice = derive_seed("arena", seed, k)
        seeds += [dice, dice]
        seats += [(first, second), (second, first)]
    return a, b, start, play_lockstep(seats, seeds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per pairing (even; default 2000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pairs", choices=("full", "nets", "all"), default="nets")
    parser.add_argument("--pair", nargs=2, metavar=("A", "B"), help="just this pairing")
    parser.add_argument("--workers", type=int, default=1, help="local processes (default 1: this one)")
    add_cluster_arguments(parser)
    args = parser.parse_args()
    if args.games < 2:
        parser.error("--games must be at least 2")
    check_cluster_arguments(parser, args)
    deals = (args.games + 1) // 2
    pairs = [tuple(args.pair)] if args.pair else pairings(args.pairs)
    print(f"{2 * deals} cubeless money games per pairing ({deals} duplicate deals), seed {args.seed}")
    print(f"{'player A':<24}{'player B':<24}{'A points/game':>14}  {'95% interval':<18}{'A wins':>8}{'s':>7}")
    jobs = [(a, b, args.seed, start, min(deals, start + DEALS_AT_ONCE))
            for a, b in pairs for start in range(0, deals, DEALS_AT_ONCE)]
    blocks: dict[tuple[str, str], dict[int, list[float]]] = {pair: {} for pair in pairs}
    start = time.perf_counter()
    for a, b, first, seat0 in parallel_map(play_deals, jobs, args.workers, args.cluster, args.address):
        blocks[a, b][first] = seat0
        if len(blocks[a, b]) == -(-deals // DEALS_AT_ONCE):  # the pairing's last block
            report(a, b, [p for k in sorted(blocks[a, b]) for p in blocks[a, b][k]], time.perf_counter() - start)


def report(a: str, b: str, seat0: list[float], seconds: float) -> None:
    """One pairing's line: A's points per game (seats swapped every other game), interval, wins."""
    points = [p if k % 2 == 0 else -p for k, p in enumerate(seat0)]
    ci = mean_interval([(points[2 * k] + points[2 * k + 1]) / 2 for k in range(len(points) // 2)])
    interval = "" if ci.low is None else f"[{ci.low:+.3f}, {ci.high:+.3f}]"
    goal = ""
    if a == NETWORKS[0] and b in SEED_PLAYERS:
        goal = "  goal met" if ci.mean >= GOAL else "  goal NOT met"
    wins = 100 * sum(p > 0 for p in points) / len(points)
    print(f"{a:<24}{b:<24}{ci.mean:>+14.3f}  {interval:<18}{wins:>7.1f}%{seconds:>7.1f}{goal}", flush=True)


if __name__ == "__main__":
    main()
