"""Evaluator speed: microseconds per position for every registered backgammon evaluator.

Each evaluator runs on the same seeded sample of random legal positions, in one batch
(``--n`` positions, best of ``--repeat``) and one position at a time (``--single``
positions, each a batch of one).  Two references: the BRAS blog's published 0.78 ms per
position (seed 001, "10,000 random positions: ~7.8 s"), and a plain-Python, one-position-
at-a-time BRAS measured in this run, so the ratio means something on any machine.
Goal: BRAS and seven factors at most 2.6 µs per position in batch (300x the blog).

    python -m bench.speed.evaluators [--n 10000] [--single 1000] [--seed 1] [--repeat 5]
"""

from __future__ import annotations

import argparse
import math

import numpy as np

from bench.lib.timing import best_time
from game.backgammon.evaluators import evaluator_names, get_evaluator, random_positions

PUBLISHED_BRAS_US = 780.0
GOAL_US = 2.6
GOAL_NAMES = ("bras", "seven-factors")


def python_bras(me, opp) -> float:
    """BRAS S_me for one position in plain Python loops: the in-run reference."""
    def side_stats(side):
        made = [side[p] >= 2 for p in range(25)]
        run = longest = 0
        for p in range(1, 25):
            run = run + 1 if made[p] else 0
            longest = max(longest, run)
        rho = [0] + [1.5] * 6 + [1.0] * 12 + [1.2] * 6
        return {
            "pip": sum(p * side[p] for p in range(1, 26)),
            "bar": side[25], "off": side[0],
            "hb": sum(made[1:7]), "out": sum(made[7:19]), "anch": sum(made[19:25]),
            "prime": min(6, longest),
            "blot": sum(rho[p] for p in range(1, 25) if side[p] == 1),
            "stack": sum(max(side[p] - 5, 0) for p in range(1, 25)),
        }

    y, o = side_stats(me), side_stats(opp)
    f = [
        (o["pip"] - y["pip"]) / 375, (o["bar"] - y["bar"]) / 15, (y["off"] - o["off"]) / 15,
        (y["hb"] - o["hb"]) / 6, (y["prime"] - o["prime"]) / 6, (o["blot"] - y["blot"]) / 22.5,
        (y["out"] - o["out"]) / 12, (y["anch"] - o["anch"]) / 6, (o["stack"] - y["stack"]) / 10,
        (y["hb"] / 6) * (o["bar"] / 15) - (o["hb"] / 6) * (y["bar"] / 15),
        (y["prime"] * o["anch"] - o["prime"] * y["anch"]) / 36,
    ]
    w = [2.2, 2.0, 1.6, 1.5, 1.3, 1.1, 0.5, 0.6, 0.4, 1.0, -0.6]
    d = sum(wi * fi for wi, fi in zip(w, f))
    return 50 + 50 * math.tanh(d / 3)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10_000, help="positions in the batch")
    parser.add_argument("--single", type=int, default=1_000, help="positions evaluated one at a time")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    batch = random_positions(args.n, seed=args.seed)
    singles = [batch[i : i + 1] for i in range(min(args.single, args.n))]
    lists = [(list(map(int, me)), list(map(int, opp))) for me, opp in batch[: len(singles)]]

    reference_s = best_time(lambda: [python_bras(me, opp) for me, opp in lists], args.repeat)
    reference_us = reference_s / len(lists) * 1e6
    check = np.array([python_bras(me, opp) for me, opp in lists])
    assert np.allclose(check, get_evaluator("bras").evaluate(batch[: len(lists)]), atol=1e-9)

    print(f"{args.n} random positions (seed {args.seed}); one at a time: {len(singles)}; best of {args.repeat}")
    print(f"references: BRAS blog {PUBLISHED_BRAS_US:.0f} µs/position;"
          f" plain-Python BRAS here {reference_us:.1f} µs/position")
    header = f"{'evaluator':<16} {'batch µs':>9} {'single µs':>10} {'blog/batch':>11} {'python/batch':>13}  goal"
    print(header)
    print("-" * len(header))
    for name in evaluator_names():
        evaluator = get_evaluator(name)
        evaluator.evaluate(batch[:100])  # warm up
        batch_us = best_time(lambda: evaluator.evaluate(batch), args.repeat) / args.n * 1e6
        single_us = best_time(lambda: [evaluator.evaluate(one) for one in singles], args.repeat) / len(singles) * 1e6
        goal = ("met" if batch_us <= GOAL_US else "MISSED") + f" (≤ {GOAL_US} µs)" if name in GOAL_NAMES else ""
        print(f"{name:<16} {batch_us:>9.3f} {single_us:>10.1f} {PUBLISHED_BRAS_US / batch_us:>10.0f}x"
              f" {reference_us / batch_us:>12.0f}x  {goal}")


if __name__ == "__main__":
    main()
