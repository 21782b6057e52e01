"""Network input encoding speed: the numba kernel against the numpy code, same process.

The positions are what a rollout evaluates: the positions after every legal play of each
turn of seeded random self-play (the opponent then on roll), in batches of 4,096.  Prints
microseconds per position (each batch's best of ``--repeat``) for ``full2`` and ``full``,
numpy and compiled, their ratio, and the kernel's first call in a fresh process (numba's
import and its on-disk cache, or the compiler the first time on a machine).

    python -m bench.speed.encoding [--games 60] [--seed 1] [--repeat 5]

Figures: ``bench/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time

import numpy as np

from bench.lib.paths import ROOT
from game.backgammon.evaluators import boards_to_array
from game.backgammon.evaluators.sampling import selfplay_samples
from game.backgammon.movegen import legal_plays
from game.backgammon.nets.encoding import (
    encode_full,
    encode_full2,
    encode_full2_numpy,
    encode_full_numpy,
    load_kernel,
)

BATCH = 4096
FIRST_CALL = """
import time
start = time.perf_counter()
from game.backgammon.nets.encoding import load_kernel
load_kernel()
print(time.perf_counter() - start)
"""


def rollout_batches(games: int, seed: int) -> list[np.ndarray]:
    """Batches of 4,096 positions after every legal play of every self-play turn."""
    boards = [(opp_after, after) for me, opp, d1, d2 in selfplay_samples(games, seed)
              for _, after, opp_after in legal_plays(me, opp, d1, d2)]
    positions = boards_to_array(boards)
    return [positions[i:i + BATCH] for i in range(0, len(positions) - BATCH + 1, BATCH)]


def us_per_position(encode, batches: list[np.ndarray], repeat: int) -> float:
    """Microseconds per position: each batch's best of ``repeat`` (the least disturbed), summed."""
    total = 0.0
    for batch in batches:
        best = float("inf")
        for _ in range(repeat):
            start = time.perf_counter()
            encode(batch)
            best = min(best, time.perf_counter() - start)
        total += best
    return total / (len(batches) * BATCH) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    first = subprocess.run([sys.executable, "-c", FIRST_CALL], cwd=ROOT, capture_output=True, text=True, check=True)
    if not load_kernel():
        sys.exit("numba is not installed: nothing to compare")
    batches = rollout_batches(args.games, args.seed)
    print(f"{len(batches)} batches of {BATCH} positions after self-play moves")
    for name, compiled, numpy_code in (("full2", encode_full2, encode_full2_numpy), ("full", encode_full, encode_full_numpy)):
        for batch in batches:
            assert np.array_equal(compiled(batch, compiled=True), numpy_code(batch)), name
        slow = us_per_position(numpy_code, batches, args.repeat)
        fast = us_per_position(lambda b: compiled(b, compiled=True), batches, args.repeat)
        print(f"{name:5}  numpy {slow:6.2f} us/position   compiled {fast:6.2f}   {slow / fast:5.1f}x faster")
    print(f"kernel's first call in a new process: {float(first.stdout):.2f} s")


if __name__ == "__main__":
    main()
