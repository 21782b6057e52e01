"""Training the pruning network (:mod:`.pruning`): ``net-full``'s values of the plays its
0-ply play meets, fitted by a small network, and the shortlist's misses measured.

    python -m game.backgammon.nets.prune_training --out assets/weights/net-prune.npz \\
        [--games 1500] [--rolls 4] [--hidden 64] [--epochs 12] [--seed 1]

1. **Positions** (:func:`gather`): ``games`` games of 0-ply self-play by the full evaluator
   from the opening (every game's first roll drawn, no doubles), played in lockstep.  At
   every contact position, for the roll thrown and ``rolls − 1`` other rolls drawn from the
   seed, every legal play's resulting position is kept with the full evaluator's five
   chances for it: the pruning network learns exactly what it will be asked, the plays of
   positions a rollout's trials reach.  Games stop once contact is broken (races are not
   pruned).
2. **The fit**: :func:`.supervised.fitting.fit` (minibatch Adam on the cross-entropy of the
   five outputs), ``full2`` inputs → ``hidden`` relu → 5 sigmoid.
3. **The check** (:func:`misses`): on positions from other games (the seed + 1), for each
   group of plays, how often the full evaluator's best play is outside the pruning network's
   best ``k`` (k = 2..12), and what that costs in the full evaluator's equity; written into
   the network's ``meta`` and printed.
"""

from __future__ import annotations

import argparse
import json
import sys

import numpy as np

from ..board import CHECKERS, OFF, START_SIDE
from ..movegen_batch import plays_batch
from .encoding import equity, flip_outputs
from .network import Network
from .pruning import mover_chances, shortlist

KEEPS = tuple(range(2, 13))
"""Shortlist lengths the check reports."""


def _dice(rng: np.random.Generator, n: int) -> np.ndarray:
    """``(n, 2)`` rolls, higher die first."""
    d = rng.integers(1, 7, size=(n, 2))
    return np.sort(d, axis=1)[:, ::-1].copy()


def gather(evaluator, games: int, rolls: int, seed: int, say=print) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(positions (N, 2, 26) int8, chances (N, 5) float32, group (N,) int)``: see the
    module doc; ``positions`` have the mover's opponent on roll, ``chances`` are that side's."""
    from ..rollout.valuing import chances as value
    from ..rollout.valuing import contact
    rng = np.random.default_rng([seed, 0x9E])
    board = np.repeat(np.array([[START_SIDE, START_SIDE]], np.int8), games, axis=0)
    opening = _dice(rng, games)
    while (opening[:, 0] == opening[:, 1]).any():
        same = opening[:, 0] == opening[:, 1]
        opening[same] = _dice(rng, int(same.sum()))
    kept_pos, kept_chances, kept_group = [], [], []
    groups, ply = 0, 0
    alive = np.ones(games, dtype=bool)
    while alive.any():
        live = np.flatnonzero(alive)
        thrown = opening[live] if ply == 0 else _dice(rng, len(live))
        extra = _dice(rng, len(live) * (rolls - 1)).reshape(len(live), rolls - 1, 2)
        dice = np.concatenate([thrown[:, None], extra], axis=1).reshape(-1, 2)
        owner_game = np.repeat(np.arange(len(live)), rolls)
        plays = plays_batch(board[live][owner_game], dice)
        batch = plays.for_evaluator()
        chances = value(evaluator, batch)
        best = plays.best_rows(equity(flip_outputs(chances)))
        kept_pos.append(batch)
        kept_chances.append(chances.astype(np.float32))
        kept_group.append(plays.owner.astype(np.intp) + groups)
        groups += len(dice)
        board[live] = batch[best[np.arange(len(live)) * rolls]]  # each game's group of the roll thrown
        over = (board[live][:, :, OFF] == CHECKERS).any(axis=1) | ~contact(board[live])
        alive[live[over]] = False
        ply += 1
        if ply % 20 == 0:
            say(f"  ply {ply}: {alive.sum()} games in contact, {sum(map(len, kept_pos)):,} positions")
    return np.concatenate(kept_pos), np.concatenate(kept_chances), np.concatenate(kept_group)


def misses(net: Network, positions: np.ndarray, chances: np.ndarray, group: np.ndarray) -> dict:
    """Per shortlist length ``k``: the share of groups (with more than ``k`` plays) whose
    best play by ``chances`` is not among the ``net``'s best ``k``, and the mean equity lost
    per group by playing the shortlist's best instead."""
    full = equity(flip_outputs(chances.astype(np.float64)))
    pruned = equity(mover_chances(net, positions))
    offsets = np.flatnonzero(np.concatenate(([True], group[1:] != group[:-1])))
    segment = np.cumsum(np.concatenate(([False], group[1:] != group[:-1]))).astype(np.intp)
    sizes = np.diff(np.append(offsets, len(group)))
    best = np.maximum.reduceat(full, offsets)
    report = {"groups": int(len(offsets)), "plays": int(len(group))}
    for k in KEEPS:
        kept = shortlist(pruned, segment, offsets, k)
        best_kept = np.maximum.reduceat(np.where(kept, full, -np.inf), offsets)
        lost = best - best_kept
        big = sizes > k
        report[str(k)] = {"miss": float((lost[big] > 0).mean()) if big.any() else 0.0,
                          "lost_per_group": float(lost.mean()), "pruned_groups": float(big.mean())}
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--rolls", type=int, default=4)
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--check-games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    from ..evaluators import get_evaluator
    from .supervised.fitting import FitConfig, fit, fit_state_path
    evaluator = get_evaluator("net-full")
    print(f"gathering: {args.games} games of 0-ply self-play, {args.rolls} rolls a position")
    positions, chances, _ = gather(evaluator, args.games, args.rolls, args.seed)
    print(f"{len(positions):,} positions")
    net = Network((215, args.hidden, 5), activation="relu", seed=args.seed,
                  meta={"encoding": "full2", "training": "pruning", "teacher": "net-full 0 ply",
                        "games": args.games, "rolls": args.rolls, "positions": int(len(positions)),
                        "command": "python -m game.backgammon.nets.prune_training " + " ".join(argv or sys.argv[1:])})
    config = FitConfig(epochs=args.epochs, batch=256, lr=2e-3, lr_end=2e-5, validation=0.02, seed=args.seed)
    net = fit(net, "full2", positions, chances, config, args.out,
              report=lambda f: print(json.dumps({k: round(v, 5) if isinstance(v, float) else v for k, v in f.items()})))
    print(f"checking on {args.check_games} other games")
    check = misses(net, *gather(evaluator, args.check_games, args.rolls, args.seed + 1, say=lambda _: None))
    for k in KEEPS:
        row = check[str(k)]
        print(f"  keep {k:2}: best missed in {100 * row['miss']:.2f}% of the groups pruned "
              f"({100 * row['pruned_groups']:.0f}% of all), {1000 * row['lost_per_group']:.3f} mpt lost a group")
    net.meta["check"] = check
    net.save(args.out)
    fit_state_path(args.out).unlink(missing_ok=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
