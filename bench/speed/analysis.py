"""Milliseconds per full backgammon analysis (every legal play ranked, warnings and factors) at
each level, over a seeded sample of self-play positions.  Goal: Expert ≤ 1 s per move.

The reference is the bare 0-ply ranking measured in the same run, so the ratios hold on any
machine.

    python -m bench.speed.analysis [--positions 40] [--seed 3]
"""

from __future__ import annotations

import argparse
import statistics
import time

from game.backgammon.analysis.ai import LEVELS, analyze_position, get_level, search
from game.backgammon.evaluators import get_evaluator
from game.backgammon.evaluators.sampling import selfplay_samples
from game.backgammon.state import BackgammonState


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    samples = selfplay_samples(20, args.seed)
    step = max(1, len(samples) // args.positions)
    states = [BackgammonState.from_board(me, opp, 0, (d1, d2)) for me, opp, d1, d2 in samples[::step][: args.positions]]
    evaluator = get_evaluator("bras")
    start = time.perf_counter()
    for state in states:
        search(state, get_level("beginner"), evaluator)
    reference = (time.perf_counter() - start) / len(states) * 1000
    print(f"{len(states)} positions; reference (0-ply ranking only): {reference:.2f} ms")
    print(f"{'level':<14}{'median ms':>10}{'mean ms':>10}{'max ms':>10}{'x ref':>8}")
    for name in LEVELS:
        times = []
        for state in states:
            start = time.perf_counter()
            analyze_position(state, name)
            times.append((time.perf_counter() - start) * 1000)
        mean = statistics.mean(times)
        print(f"{name:<14}{statistics.median(times):10.1f}{mean:10.1f}{max(times):10.1f}{mean / reference:8.1f}")


if __name__ == "__main__":
    main()
