"""Which depth of Open Sage to label with: each depth's labels against its 3 ply.

Draws ``--positions`` contact positions from self-play of the shipped network (seed
``--seed``, not a training seed), labels them with Open Sage at 1, 2 and 3 plies (XG
numbering) and prints, for 1 and 2 ply, the RMS and mean absolute difference of the
cubeless equity from 3 ply's, the cross-entropy of the five outputs against 3 ply's, and
the seconds per position on this machine.  Labels are the targets a student is fitted to,
so the depth whose labels sit closest to the deeper search, at a cost that labels a few
hundred thousand positions in under an hour, is the one to use.

    python -m bench.agreement.teacher_depth [--positions 1000] [--seed 99]
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from game.backgammon.nets.encoding import encoding_of, equity
from game.backgammon.nets.evaluator import load_network
from game.backgammon.nets.supervised.sampling import sample_positions
from game.backgammon.nets.supervised.teacher import label


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=99)
    args = parser.parse_args(argv)
    net = load_network("net-full")
    found = sample_positions(net, encoding_of(net), 200, seed=args.seed)
    rows = np.random.default_rng(args.seed).choice(len(found), size=min(args.positions, len(found)), replace=False)
    batch = found[np.sort(rows)]
    labels, seconds = {}, {}
    for teacher in ("sage-1ply", "sage-2ply", "sage-3ply"):
        start = time.perf_counter()
        labels[teacher] = label(batch, teacher, threads=1)
        seconds[teacher] = (time.perf_counter() - start) / len(batch)
    deep = labels["sage-3ply"]
    print(f"{len(batch)} contact positions from 200 self-play games of net-full (seed {args.seed}); one thread")
    print(f"{'labels':<10} {'equity RMS':>11} {'mean |diff|':>12} {'cross-entropy':>14} {'ms/position':>12}")
    clipped = np.clip(deep, 1e-7, 1 - 1e-7)
    floor = -(deep * np.log(clipped) + (1 - deep) * np.log(1 - clipped)).mean()
    for teacher in ("sage-1ply", "sage-2ply", "sage-3ply"):
        p = np.clip(labels[teacher], 1e-7, 1 - 1e-7)
        diff = equity(labels[teacher]) - equity(deep)
        ce = -(deep * np.log(p) + (1 - deep) * np.log(1 - p)).mean() - floor
        print(f"{teacher:<10} {np.sqrt(np.mean(diff ** 2)):11.4f} {np.mean(np.abs(diff)):12.4f} {ce:14.5f} "
              f"{1000 * seconds[teacher]:12.2f}")
    print("(cross-entropy: the excess over 3 ply's own, 0 for 3 ply)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
