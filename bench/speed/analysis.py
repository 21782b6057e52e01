"""Milliseconds per full backgammon analysis (every legal play ranked, warnings and factors) at
each level, over a seeded sample of self-play positions.  Goal: Expert ≤ 1 s per move.

The reference is the bare 0-ply ranking measured in the same run, so the ratios hold on any
machine.

``--hint`` times instead what the hint table waits for at 0 ply, on the play decisions of a
real match: the analysis with the selected row explained (the best, and the runner-up it is
compared with: :data:`game.ui.analysis.analyst.EXPLAINED`), against the old path, every
row explained in one batch, position by position in the same run; and a later selection
(one more row explained).  Target: at most 10 ms median.

    python -m bench.speed.analysis [--positions 40] [--seed 3] [--hint [--match tests/data/matches/7pt-a.mat]]
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from bench.lib.paths import MATCHES
from game.backgammon.analysis.ai import LEVELS, analyze_position, get_level, search
from game.backgammon.evaluators import get_evaluator
from game.backgammon.evaluators.sampling import selfplay_samples
from game.backgammon.state import BackgammonState
from game.core.factors import explain

SHOWN = 2
"""The rows the hint table explains first (the window's ``EXPLAINED``; the bench imports no window code)."""


def hint_table(match: str, positions: int) -> None:
    """Median ms of a 0-ply analysis with the selected row explained, old path against new."""
    from game.core.review.run import ReviewPlan
    from game.games import get_game, reviewed_record

    plan = ReviewPlan(get_game("backgammon"), reviewed_record(match))
    states = [state for _, state, *_ in plan.steps if state.dice is not None][:positions]
    level = next(name for name, level in LEVELS.items() if level.plies == 0)
    explain(analyze_position(states[0], level))  # loads and warms the network
    old, new, later = [], [], []
    for state in states:  # interleaved, position by position
        start = time.perf_counter()
        explain(analyze_position(state, level))  # before: every row explained with the analysis
        old.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        records = analyze_position(state, level)
        explain(records[:SHOWN])  # now: the selected row and the one it is compared with
        new.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        explain(records[SHOWN:SHOWN + 1])  # another row selected (compared with the best, explained)
        later.append((time.perf_counter() - start) * 1000)
    print(f"hint table at 0 ply ({level}), {len(states)} play decisions of {Path(match).name}:")
    print(f"{'path':<40}{'median ms':>10}{'mean ms':>10}{'max ms':>10}")
    for name, times in (("before: every row explained", old), ("now: the selected row explained", new),
                        ("now: another row selected, then", later)):
        print(f"{name:<40}{statistics.median(times):10.1f}{statistics.mean(times):10.1f}{max(times):10.1f}")
    print(f"median ratio before/now: {statistics.median(old) / statistics.median(new):.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--hint", action="store_true", help="the hint table's 0-ply time, old path against new")
    parser.add_argument("--match", default=str(MATCHES / "7pt-a.mat"), help="the match whose decisions --hint times")
    args = parser.parse_args()
    if args.hint:
        hint_table(args.match, args.positions)
        return
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
