"""Chesstack strength: the Expert against ``upstream`` (the upstream bot's stack-blind search)
and against ``greedy:weighted``, the share of decided games the Expert wins, and of all games.

The players are deterministic, so variety comes from the start: each game opens with
``--opening-plies`` seeded random placements (the two Kings first, anywhere, then any piece
on any square), and each opening is played twice, the Expert once as White and once as Black
(duplicate play: a lopsided opening favours both seatings equally).  A game still running
after ``--max-plies`` plies is unfinished, a draw (nothing in the rules ends a game in which
neither side takes the other's last royal); won/all shows what those cost.  The Expert's
seconds per move are measured in the worker that plays it, one game per process at a time.

Goals (issue 15): the Expert wins ≥ 75% of decided games against ``upstream`` and ≥ 90%
against ``greedy:weighted``, over ≥ 100 games with both colours, at ≤ 2 s a move.

    nice -n 10 python -m bench.strength.chesstack [--games 100] [--seed 1] [--workers 2]
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
from game.chesstack.notation import ADD
from game.chesstack.players import make_player
from game.chesstack.rules import ChesstackRules
from game.core.distribute import add_cluster_arguments, check_cluster_arguments, parallel_map

RULES = ChesstackRules()
GOALS = {"upstream": 0.75, "greedy:weighted": 0.90}
"""Each opponent and the share of decided games the Expert must win."""
EXPERT = "expert"


def opening(rng: random.Random, plies: int) -> list[str]:
    """``plies`` random placements from the start (the Kings first, as the rules require)."""
    state, actions = RULES.initial_state(), []
    for _ in range(plies):
        action = rng.choice([a for a in RULES.legal_moves(state) if a.kind == ADD])
        actions.append(RULES.notation(state, action))
        state = RULES.apply(state, action)
    return actions


def play(task: tuple) -> dict:
    """One game: the Expert's result (1 won, -1 lost, 0 unfinished or drawn) and its times."""
    opponent, actions, expert_side, max_plies, seed = task
    players = {expert_side: make_player(EXPERT, seed), 1 - expert_side: make_player(opponent, seed)}
    state = RULES.initial_state()
    for text in actions:
        state = RULES.apply(state, RULES.parse(state, text))
    times = []
    while not RULES.is_over(state) and state.log_length < max_plies:
        start = time.perf_counter()
        action = players[state.turn].choose(RULES, state)
        if state.turn == expert_side:
            times.append(time.perf_counter() - start)
        state = RULES.apply(state, action)
    result = RULES.result(state)[expert_side] if RULES.is_over(state) else 0.0
    return {"opponent": opponent, "expert": expert_side, "result": result, "over": RULES.is_over(state),
            "plies": state.log_length, "times": times}


def tally(games: list[dict]) -> tuple[int, int, int]:
    """Expert wins, losses, and games drawn or unfinished."""
    outcomes = Counter("win" if g["result"] > 0 else "loss" if g["result"] < 0 else "draw" for g in games)
    return outcomes["win"], outcomes["loss"], outcomes["draw"]


def line(label: str, games: list[dict]) -> str:
    wins, losses, draws = tally(games)
    decided = wins + losses
    share = f"{wins / decided:11.1%}" if decided else f"{'n/a':>11}"
    overall = f"{wins / len(games):7.1%}" if games else f"{'n/a':>7}"
    plies = sum(g["plies"] for g in games) / max(1, len(games))
    return f"{label:<28} {len(games):5d} {wins:5d} {losses:5d} {draws:5d}  {share}  {overall}  {plies:6.1f}"


def report(opponent: str, games: list[dict]) -> bool:
    """Print the figures against ``opponent``; True when the goal is met."""
    print(f"\nExpert vs {opponent:<18} {'games':>5} {'won':>5} {'lost':>5} {'drawn':>5}  won/decided  won/all  plies")
    for side, colour in ((0, "White"), (1, "Black")):
        print(line(f"Expert as {colour}", [g for g in games if g["expert"] == side]))
    print(line("all", games))
    wins, losses, _ = tally(games)
    low, high = wilson(wins, wins + losses)
    all_low, all_high = wilson(wins, len(games))
    times = [t for g in games for t in g["times"]]
    goal = GOALS[opponent]
    share = wins / max(1, wins + losses)
    met = share >= goal and len(games) >= 100 and max(times, default=0.0) <= 2.0
    print(f"Expert won {wins} of {wins + losses} decided games = {share:.1%} "
          f"(95% Wilson interval {low:.1%}-{high:.1%}); goal ≥ {goal:.0%}")
    print(f"Expert won {wins} of all {len(games)} games = {wins / max(1, len(games)):.1%} "
          f"(95% Wilson interval {all_low:.1%}-{all_high:.1%}; drawn and unfinished games count as not won)")
    if times:
        ordered = sorted(times)
        print(f"Expert moves: {len(times)}, mean {sum(times) / len(times):.3f} s, "
              f"95th percentile {ordered[int(0.95 * (len(ordered) - 1))]:.2f} s, max {ordered[-1]:.2f} s; goal ≤ 2 s")
    print("goal met" if met else "goal NOT met")
    return met


def where(args) -> str:
    return f"{args.workers} worker(s)" if args.cluster == "local" else f"on Ray ({args.address or 'a local instance'})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per opponent (even: both colours)")
    parser.add_argument("--opponents", nargs="+", default=list(GOALS), choices=list(GOALS))
    parser.add_argument("--opening-plies", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    add_cluster_arguments(parser)
    parser.add_argument("--max-plies", type=int, default=300)
    args = parser.parse_args()
    check_cluster_arguments(parser, args)
    rng = random.Random(args.seed)
    tasks = []
    for opponent in args.opponents:
        for _ in range((args.games + 1) // 2):
            actions, seed = opening(rng, args.opening_plies), rng.randrange(2**31)
            tasks += [(opponent, actions, side, args.max_plies, seed) for side in (0, 1)]
    start = time.perf_counter()
    games: list[dict] = []
    for game in parallel_map(play, tasks, args.workers, args.cluster, args.address):
        games.append(game)
        print(f"\r{len(games)}/{len(tasks)} games", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    met = [report(opponent, [g for g in games if g["opponent"] == opponent]) for opponent in args.opponents]
    print(f"\n{time.perf_counter() - start:.0f} s in all, {where(args)}")
    return 0 if all(met) else 1


if __name__ == "__main__":
    sys.exit(main())
