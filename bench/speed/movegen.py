"""Legal-move generation speed: ours against GNU Backgammon's C generator (gnubg-nn).

All run in this process on the same seeded sample of self-play (position, roll) pairs, so
the ratios are meaningful on any machine.  Goal: at or under 4x gnubg per (position, roll),
median and mean.

- ``legal_plays``: one call per pair, the Python list of tuples every search uses;
- ``successors``: the same plus the states after (``BackgammonRules.successors``);
- ``plays_batch``: every pair in one call, the arrays a rollout evaluates (the numba kernel;
  per pair, so its line has a mean only), and the same arrays from ``legal_plays``;
- the kernel's first call in this process (numba's import, then its on-disk cache or, the
  first time on a machine, the compiler).

    python -m bench.speed.movegen [--games 200] [--seed 1] [--repeat 3]

Figures: ``bench/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import statistics
import time

import gnubg_nn
import numpy as np

from game.backgammon.evaluators.sampling import selfplay_samples
from game.backgammon.movegen import legal_plays
from game.backgammon.movegen_batch import load_kernel, plays_batch
from game.backgammon.rules import BackgammonRules
from game.backgammon.state import BackgammonState


def time_each(call, items, repeat: int) -> list[float]:
    """Best-of-``repeat`` microseconds per item (the least disturbed measurement)."""
    best = [float("inf")] * len(items)
    clock = time.perf_counter
    for _ in range(repeat):
        for i, item in enumerate(items):
            start = clock()
            call(item)
            best[i] = min(best[i], clock() - start)
    return [t * 1e6 for t in best]


def time_all(call, repeat: int) -> float:
    """Best-of-``repeat`` seconds of one call."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    start = time.perf_counter()
    compiled = load_kernel()
    first_call = time.perf_counter() - start
    pairs = selfplay_samples(args.games, args.seed)
    boards = [([list(opp[1:]), list(me[1:])], d1, d2) for me, opp, d1, d2 in pairs]
    rules = BackgammonRules()
    states = [BackgammonState.from_board(me, opp, 0, (d1, d2)) for me, opp, d1, d2 in pairs]
    ours = time_each(lambda p: legal_plays(*p), pairs, args.repeat)
    gnubg = time_each(lambda b: gnubg_nn.moves(*b), boards, args.repeat)
    succ = time_each(rules.successors, states, args.repeat)
    positions = np.array([[me, opp] for me, opp, _, _ in pairs], np.int8)
    dice = np.array([[d1, d2] for _, _, d1, d2 in pairs])
    batch = time_all(lambda: plays_batch(positions, dice), args.repeat) / len(pairs) * 1e6
    python_batch = time_all(lambda: plays_batch(positions, dice, compiled=False), 1) / len(pairs) * 1e6
    g_median, g_mean = statistics.median(gnubg), statistics.mean(gnubg)
    print(f"{len(pairs)} (position, roll) pairs from {args.games} seeded self-play games")
    print(f"{'':28} {'median µs':>10} {'mean µs':>10} {'x gnubg':>16}")
    print(f"{'gnubg_nn.moves':28} {g_median:10.2f} {g_mean:10.2f}")
    for name, times in (("legal_plays", ours), ("successors (plays + states)", succ)):
        median, mean = statistics.median(times), statistics.mean(times)
        print(f"{name:28} {median:10.2f} {mean:10.2f}   {median / g_median:5.1f}  {mean / g_mean:5.1f}")
    kernel = "numba kernel" if compiled else "no numba: Python"
    print(f"{'plays_batch, ' + kernel:28} {'':10} {batch:10.2f}   {'':5}  {batch / g_mean:5.1f}")
    print(f"{'plays_batch from legal_plays':28} {'':10} {python_batch:10.2f}   {'':5}  {python_batch / g_mean:5.1f}")
    print(f"goal: legal_plays at or under 4x gnubg, median and mean; kernel's first call here {first_call:.2f} s")


if __name__ == "__main__":
    main()
