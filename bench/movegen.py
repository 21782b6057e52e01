"""Legal-move generation speed: ours against GNU Backgammon's C generator (gnubg-nn).

Both run in this process on the same seeded sample of self-play (position, roll) pairs, so
the ratio is meaningful on any machine.  Goal: within 25x of gnubg.

    python bench/movegen.py [--games 200] [--seed 1] [--repeat 3]
"""

from __future__ import annotations

import argparse
import statistics
import time

import gnubg_nn

from game.backgammon.movegen import legal_plays
from game.backgammon.evaluators.sampling import selfplay_samples


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    pairs = selfplay_samples(args.games, args.seed)
    boards = [([list(opp[1:]), list(me[1:])], d1, d2) for me, opp, d1, d2 in pairs]
    ours = time_each(lambda p: legal_plays(*p), pairs, args.repeat)
    gnubg = time_each(lambda b: gnubg_nn.moves(*b), boards, args.repeat)
    print(f"{len(pairs)} (position, roll) pairs from {args.games} seeded self-play games")
    print(f"{'':10} {'median µs':>10} {'mean µs':>10}")
    for name, times in (("tabula", ours), ("gnubg", gnubg)):
        print(f"{name:10} {statistics.median(times):10.2f} {statistics.mean(times):10.2f}")
    median_ratio = statistics.median(ours) / statistics.median(gnubg)
    mean_ratio = statistics.mean(ours) / statistics.mean(gnubg)
    print(f"ratio tabula/gnubg: median {median_ratio:.1f}x, mean {mean_ratio:.1f}x (goal: within 25x)")


if __name__ == "__main__":
    main()
