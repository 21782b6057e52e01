"""Rollout speed against Open Sage: the best 5 plays of the opening 3-1, 1,296 trials each.

Issue 36's target: our full 0-ply rollout with variance reduction at least as fast as Open
Sage's (``bgsage``) rollout of the same plays with the same trials and its 1-ply (XG
numbering) checker play, measured in the same run on the same cores, as a ratio.

- **The plays**: Open Sage's best five at 2 ply (XG numbering; cubeless), printed; both
  sides roll out exactly these (ours through ``--moves``).
- **Ours**: ``python -m game rollout backgammon --position 4HPwATDgc/ABMA --dice 31 --moves …
  --trials N --workers K --no-early-stop --json`` (0 ply, variance reduction and pruning to 8
  plays a roll are its defaults; every trial played, as Open Sage plays them all), timed from
  start to exit, start-up included.
- **Open Sage's**: ``BgBotAnalyzer(eval_level="rollout", decision_ply=1)``, cubeless, on K
  threads, each play reseeded to the same dice (:mod:`bench.lib.rollout_common`), timed with the
  loading of its networks and without.
- Printed: both times and their ratio (ours / Open Sage's; the target is at or under 1), and
  both sets of equities side by side.

    python -m bench.speed.rollout [--trials 1296] [--workers 2] [--seed 1] [--sage-only]

``--trials 72`` gives a quick look.  Until our command exists the bench says so and stops
(``--sage-only`` times Open Sage alone).  Run it on an otherwise idle machine: both sides use
every core they are given.  Figures: ``bench/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import sys
import time

from bench.lib.rollout_common import (
    CommandMissing,
    command_exists,
    decision,
    matched,
    our_rollout,
    sage_analyzer,
    sage_rollout,
    sage_top,
    sage_version,
)

POSITION = "4HPwATDgc/ABMA"
DICE = "31"
PLAYS = 5


def sage_side(state, moves: list[str], trials: int, threads: int, seed: int) -> tuple[list[dict], float, float]:
    """Open Sage's rollouts of ``moves``, the seconds to load its analyzer and the seconds of the rollouts."""
    start = time.perf_counter()
    analyzer = sage_analyzer(trials, threads, seed)
    loading = time.perf_counter() - start
    start = time.perf_counter()
    rows = [sage_rollout(analyzer, state, move, seed) for move in moves]
    return rows, loading, time.perf_counter() - start


def table(state, ours: list[dict], theirs: list[dict]) -> list[str]:
    """Both sets of equities side by side, in Open Sage's order."""
    lines = [f"  {'play':<18}{'Open Sage':>11}{'± se':>8}{'ours':>10}{'± se':>8}{'diff':>8}{'cubeful':>10}"]
    for mine, row in matched(state, ours, theirs):
        cubeful = "" if mine.get("cubeful") is None else f"{mine['cubeful']:+10.4f}"
        lines.append(f"  {row['move']:<18}{row['equity']:+11.4f}{row['equity_se']:8.4f}{mine['equity']:+10.4f}"
                     f"{mine['equity_se']:8.4f}{mine['equity'] - row['equity']:+8.4f}{cubeful}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=1296, help="trials per play (72 for a quick look)")
    parser.add_argument("--workers", type=int, default=2, help="our worker processes and Open Sage's threads")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sage-only", action="store_true", help="time Open Sage alone (our command not needed)")
    args = parser.parse_args(argv)
    if not args.sage_only and not command_exists():
        print("our rollout command is missing: `python -m game rollout backgammon` is not a command yet "
              "(issue 36); nothing was timed.  --sage-only times Open Sage alone.")
        return 2
    state = decision(POSITION, DICE)
    moves = [row["move"] for row in sage_top(state, PLAYS)]
    print(f"{POSITION} {DICE}: {args.trials} trials each of {', '.join(moves)}; "
          f"{args.workers} workers/threads; Open Sage {sage_version()}")
    theirs, loading, rolling = sage_side(state, moves, args.trials, args.workers, args.seed)
    print(f"Open Sage (1-ply checker play, variance reduction): {rolling:.1f} s rolling out, "
          f"{loading + rolling:.1f} s with loading its networks")
    if args.sage_only:
        for row in theirs:
            print(f"  {row['move']:<18}{row['equity']:+11.4f} ± {row['equity_se']:.4f}")
        return 0
    try:
        result, ours_seconds = our_rollout(POSITION, DICE, moves, args.trials, args.seed, args.workers,
                                           extra=("--no-early-stop",))
    except CommandMissing as error:
        print(error)
        return 2
    print(f"ours (0 ply, variance reduction): {ours_seconds:.1f} s, start-up included")
    print(f"ratio ours / Open Sage: {ours_seconds / (loading + rolling):.2f} "
          f"({ours_seconds / rolling:.2f} against its rolling out alone); target at or under 1")
    print("\n".join(table(state, result["candidates"], theirs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
