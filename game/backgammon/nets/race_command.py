"""``tabula train backgammon --arch race --games N --out FILE [--rounds R] [--passes P] [--seed S]``.

Trains the race network (:mod:`.race`) from the shipped ``net-full``, whose encoding and
shape it keeps: positions from ``N`` self-play games at 10% random plays and ``2N`` more
at 50% (variety: the race network must value every play's result, not only good ones),
then ``R`` rounds of exact 1-ply targets, each fitted in ``P`` passes with Adam at a rate
falling from ``--lr`` to ``--lr-end``.  ``FILE`` is written atomically after every round
(its ``meta.rounds`` says how many), so an interrupted run keeps its last round; a run is
short (minutes), so there is no ``--resume``.  Install the result as
``assets/weights/net-race.npz`` for ``net-full`` to use (see ``assets/weights/README.md``).
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

import numpy as np

from .encoding import encoding_of
from .evaluator import load_network
from .race import Candidates, race_positions, train_race

__all__ = ["run_race", "RACE_DEFAULTS", "refuse_options"]

RACE_DEFAULTS = {"rounds": 12, "passes": 6}
EXPLORE = (0.1, 0.5)  # random-play chances of the two kinds of self-play game
SOURCE = "net-full"


def refuse_options(args: argparse.Namespace) -> None:
    """``ValueError`` for options a race run cannot honour."""
    if args.resume:
        raise ValueError("--arch race has no --resume: a run takes minutes and writes FILE after every round")
    if args.cluster != "local":
        raise ValueError("--arch race runs locally only (no --cluster ray)")
    if args.hidden:
        raise ValueError(f"--arch race keeps {SOURCE}'s shape: no --hidden")


def collect_positions(net, encoding: str, games: int, seed: int) -> np.ndarray:
    """The distinct race positions of ``games`` games at 10% random plays and ``2·games`` at
    50%, in order of first appearance."""
    found = np.concatenate([race_positions(net, encoding, games, seed, explore=EXPLORE[0]),
                            race_positions(net, encoding, 2 * games, seed + 1, explore=EXPLORE[1])])
    _, first = np.unique(found.reshape(len(found), -1), axis=0, return_index=True)
    return found[np.sort(first)]


def run_race(args: argparse.Namespace) -> int:
    """The command (see the module doc); prints a line per stage and round."""
    refuse_options(args)
    out = Path(args.out)
    if os.path.lexists(out):  # a dangling link too: never replaced
        raise ValueError(f"{out} exists: choose another --out")
    rounds = args.rounds if args.rounds is not None else RACE_DEFAULTS["rounds"]
    passes = args.passes if args.passes is not None else RACE_DEFAULTS["passes"]
    if args.lr_end > args.lr:
        raise ValueError(f"--lr-end ({args.lr_end}) must not exceed --lr ({args.lr})")
    start = time.perf_counter()
    net = load_network(SOURCE)
    encoding = encoding_of(net)
    print(f"training the race network from {SOURCE} into {out}", flush=True)
    positions = collect_positions(net, encoding, args.games, args.seed)
    print(f"{len(positions):,} race positions from {3 * args.games:,} self-play games "
          f"({time.perf_counter() - start:.0f} s)", flush=True)
    candidates = Candidates(positions)
    print(f"their plays for every roll generated ({time.perf_counter() - start:.0f} s)", flush=True)
    net.meta = {**net.meta, "kind": "race", "encoding": encoding, "source": SOURCE, "games": 3 * args.games,
                "positions": len(positions), "seed": args.seed, "passes": passes, "lr": args.lr,
                "lr_end": args.lr_end}

    def save(done: int, gap: float) -> None:
        net.meta["rounds"] = done
        net.save(out)
        print(f"round {done}/{rounds}: mean gap to the targets before fitting {gap:.4f} "
              f"({time.perf_counter() - start:.0f} s)", flush=True)

    train_race(net, encoding, positions, rounds, passes, args.lr, args.lr_end, args.seed, candidates, save)
    print(f"saved {out}: {rounds} rounds over {len(positions):,} positions")
    return 0
