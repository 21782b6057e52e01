"""Mandragora strength: the Expert against the Analyzer, share of decided games the Expert wins,
and of all games (an unfinished game counts as not won).

Both players are deterministic, so variety comes from the start: for every pattern (A-E)
and first mover, ``--openings`` distinct seeded random openings of ``--opening-plies``
moves are drawn, and each is played twice, the Expert once as Player and once as Opponent
(duplicate play: a lopsided opening favours both seatings equally).  The default is
5 × 2 × 10 × 2 = 200 games.  Games still running after ``--max-plies`` plies (Mandragora can
loop forever) count as unfinished draws; won/all shows what they cost, since a player that
cannot finish a won game has not won it.  Goal: the Expert wins ≥ 75% of decided games.

    nice -n 10 python -m bench.strength.mandragora [--openings 10] [--seed 1] [--workers 2]
        [--cluster ray [--address ADDR]]

``--cluster ray`` plays the same games on Ray instead of ``--workers`` local processes
(:func:`game.core.distribute.parallel_map`, the tournament runner's Ray path): same results.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter

from bench.lib.intervals import wilson
from game.core.distribute import add_cluster_arguments, check_cluster_arguments, parallel_map
from game.mandragora.expert import NODES, ExpertPlayer
from game.mandragora.players import AnalyzerPlayer
from game.mandragora.rules import MandragoraRules
from game.mandragora.state import PATTERNS, SIDES, MandragoraState

RULES = MandragoraRules()


def openings(pattern: str, first: int, count: int, plies: int, rng: random.Random) -> list[tuple[int, ...]]:
    """Up to ``count`` distinct random move sequences of ``plies`` moves (games still on)."""
    found: set[tuple[int, ...]] = set()
    for _ in range(count * 50):
        if len(found) == count:
            break
        state, moves = MandragoraState.start(pattern, first), []
        for _ in range(plies):
            moves.append(rng.choice(RULES.legal_moves(state)))
            state = RULES.apply(state, moves[-1])
            if RULES.is_over(state):
                break
        if not RULES.is_over(state):
            found.add(tuple(moves))
    return sorted(found)


def play(task: tuple) -> dict:
    """One game; the Expert's margin (``None`` if unfinished) and its search times."""
    pattern, first, opening, expert_side, max_plies, nodes = task
    state = MandragoraState.start(pattern, first)
    for move in opening:
        state = RULES.apply(state, move)
    players = {expert_side: ExpertPlayer(nodes), 1 - expert_side: AnalyzerPlayer()}
    plies, times = len(opening), []
    while not RULES.is_over(state) and plies < max_plies:
        start = time.perf_counter()
        move = players[state.turn].choose(RULES, state)
        if state.turn == expert_side:
            times.append(time.perf_counter() - start)
        state = RULES.apply(state, move)
        plies += 1
    margin = None
    if RULES.is_over(state):
        margin = RULES.result(state)[expert_side]
    return {"pattern": pattern, "first": first, "expert": expert_side, "margin": margin, "plies": plies,
            "times": times}


def tally(games: list[dict]) -> tuple[int, int, int, int]:
    """Expert wins, losses, equal scores, unfinished."""
    outcomes = Counter("unfinished" if g["margin"] is None else "win" if g["margin"] > 0
                       else "loss" if g["margin"] < 0 else "draw" for g in games)
    return outcomes["win"], outcomes["loss"], outcomes["draw"], outcomes["unfinished"]


def line(label: str, games: list[dict]) -> str:
    wins, losses, draws, unfinished = tally(games)
    decided = wins + losses
    share = f"{wins / decided:11.1%}" if decided else f"{'n/a':>11}"
    overall = f"{wins / len(games):7.1%}" if games else f"{'n/a':>7}"
    return f"{label:<22} {len(games):5d} {wins:5d} {losses:5d} {draws:5d} {unfinished:5d}  {share}  {overall}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--openings", type=int, default=10, help="openings per pattern and first mover")
    parser.add_argument("--opening-plies", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    add_cluster_arguments(parser)
    parser.add_argument("--max-plies", type=int, default=200)
    parser.add_argument("--nodes", type=int, default=NODES, help="the Expert's node limit per move")
    args = parser.parse_args()
    check_cluster_arguments(parser, args)
    rng = random.Random(args.seed)
    tasks = [(pattern, first, opening, side, args.max_plies, args.nodes)
             for pattern in PATTERNS for first in (0, 1)
             for opening in openings(pattern, first, args.openings, args.opening_plies, rng)
             for side in (0, 1)]
    start = time.perf_counter()
    games = []
    for game in parallel_map(play, tasks, args.workers, args.cluster, args.address):
        games.append(game)
        print(f"\r{len(games)}/{len(tasks)} games", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    elapsed = time.perf_counter() - start
    print(f"{'Expert vs Analyzer':<22} {'games':>5} {'won':>5} {'lost':>5} {'equal':>5} {'unfin':>5}  won/decided  won/all")
    for pattern in PATTERNS:
        print(line(f"pattern {pattern}", [g for g in games if g["pattern"] == pattern]))
    for first in (0, 1):
        print(line(f"{SIDES[first]} moves first", [g for g in games if g["first"] == first]))
    for side in (0, 1):
        print(line(f"Expert as {SIDES[side]}", [g for g in games if g["expert"] == side]))
    print(line("all", games))
    wins, losses, _, _ = tally(games)
    low, high = wilson(wins, wins + losses)
    all_low, all_high = wilson(wins, len(games))
    times = [t for g in games for t in g["times"]]
    print(f"\nExpert won {wins} of {wins + losses} decided games = {wins / max(1, wins + losses):.1%} "
          f"(95% Wilson interval {low:.1%}-{high:.1%}); goal ≥ 75%")
    print(f"Expert won {wins} of all {len(games)} games = {wins / max(1, len(games)):.1%} "
          f"(95% Wilson interval {all_low:.1%}-{all_high:.1%}; unfinished games count as not won)")
    print(f"Expert moves: {len(times)}, mean {sum(times) / len(times):.3f} s, "
          f"max {max(times):.2f} s (node limit {args.nodes}); {elapsed:.0f} s in all")


if __name__ == "__main__":
    main()
