"""Milliseconds to explain every legal play of a position (``Evaluator.play_factors``, one
batch per position) for every registered backgammon evaluator, over seeded self-play
positions with at least ``--min-plays`` plays.  Goal: a few milliseconds per position.

The reference is the same evaluator's 0-ply valuation of those plays (``play_values``),
measured in the same run, so the ratios hold on any machine.

    python -m bench.speed.explain_play [--positions 60] [--min-plays 15] [--seed 3] [--repeat 3]
"""

from __future__ import annotations

import argparse
import statistics
import time

from game.backgammon.evaluators import boards_to_array, evaluator_names, get_evaluator
from game.backgammon.evaluators.sampling import selfplay_samples
from game.backgammon.movegen import legal_plays


def per_position_ms(call, batches, repeat: int) -> list[float]:
    """The least of ``repeat`` timings of ``call(batch)`` for each batch, in ms."""
    times = []
    for batch in batches:
        best = float("inf")
        for _ in range(repeat):
            start = time.perf_counter()
            call(batch)
            best = min(best, time.perf_counter() - start)
        times.append(best * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--min-plays", type=int, default=15)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    batches = []
    for me, opp, d1, d2 in selfplay_samples(40, args.seed):
        plays = legal_plays(me, opp, d1, d2)
        if len(plays) >= args.min_plays:
            batches.append(boards_to_array([(after, opp_after) for _, after, opp_after in plays]))
        if len(batches) == args.positions:
            break
    sizes = [len(b) for b in batches]
    print(f"{len(batches)} positions, {statistics.median(sizes):.0f} plays median, {max(sizes)} max")
    print(f"{'evaluator':<17}{'median ms':>10}{'max ms':>9}{'0-ply ms':>10}{'x 0-ply':>9}")
    for name in evaluator_names():
        evaluator = get_evaluator(name)
        explain = per_position_ms(evaluator.play_factors, batches, args.repeat)
        value = per_position_ms(evaluator.play_values, batches, args.repeat)
        ratio = statistics.median(explain) / statistics.median(value)
        print(f"{name:<17}{statistics.median(explain):>10.2f}{max(explain):>9.2f}"
              f"{statistics.median(value):>10.3f}{ratio:>9.1f}")


if __name__ == "__main__":
    main()
