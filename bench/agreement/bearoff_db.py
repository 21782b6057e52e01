"""Build the one-sided bearoff database and compare it with GNU Backgammon's.

Builds :func:`game.backgammon.evaluators.bearoff.build` (timed), then compares every position's
distribution of rolls to bear off with ``gnubg_nn.bearoff_probabilities`` (GNU
Backgammon's one-sided database, which stores probabilities in steps of 1/65,535 and starts
at one roll) and prints the largest differences (figures: ``bench/RESULTS.md``); with
``--out FILE`` writes the database as shipped (``assets/backgammon/bearoff/one_sided.npz``:
float32, compressed).

    python -m bench.agreement.bearoff_db [--out FILE]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import gnubg_nn  # GPL: benches and tests only
import numpy as np

from game.backgammon.evaluators.bearoff import MAX_ROLLS, N_POSITIONS, all_positions, build


def gnu_differences(off: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per position: the largest absolute difference from GNU's distribution, and the
    difference of the mean number of rolls."""
    worst, means = np.zeros(N_POSITIONS), np.zeros(N_POSITIONS)
    bins = np.arange(MAX_ROLLS)
    for index, board in enumerate(all_positions()):
        if index == 0:
            continue
        gnu = np.zeros(MAX_ROLLS)
        probabilities = gnubg_nn.bearoff_probabilities(tuple(int(c) for c in board))
        gnu[1:1 + len(probabilities)] = probabilities
        worst[index] = np.abs(gnu - off[index]).max()
        means[index] = (off[index] - gnu) @ bins
    return worst, means


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="write the database here (.npz)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    off, first = build()
    print(f"built {N_POSITIONS} positions in {time.perf_counter() - start:.1f} s")
    worst, means = gnu_differences(off)
    print(f"against GNU Backgammon's one-sided database: largest probability difference {worst.max():.2e} "
          f"(positions above 1e-4: {(worst > 1e-4).sum()}), largest difference of the mean rolls "
          f"{np.abs(means).max():.2e}")
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(args.out, off=off.astype(np.float32), first=first.astype(np.float32))
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
