"""Seconds a whole match review takes at the analysis default level (``tabula review``, no
cache), against a plain 0-ply pass over the same decisions in the same process: the ratio
holds on any machine.

The reference ranks every decision the review analyses with the bare 0-ply search and the
strongest evaluator (a cube decision: its 0-ply cube records), nothing else: no deeper
search, no luck, no records' warnings and factors; it is timed before and after the review
and the lesser kept (the machine is shared: its load comes and goes).  ``--profile N`` runs
the review under cProfile and prints its N costliest functions (cumulative); ``--full``
also times each decision's analysis with the records as they were before (factors and
warnings) against the brief ones, decision by decision, and the luck.

    python -m bench.speed.review [--match tests/data/matches/3pt-a.mat] [--level advanced] [--full] [--profile 25]

Figures: ``bench/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import cProfile
import dataclasses
import pstats
import time
from pathlib import Path

from bench.lib.paths import MATCHES
from game.backgammon.analysis.ai import analyze_position, get_level, search, strongest_evaluator
from game.backgammon.analysis.review import luck
from game.backgammon.cube.play import cube_records
from game.backgammon.evaluators import get_evaluator
from game.core.review.run import ReviewPlan, review
from game.games import get_game, reviewed_record


def reference(plan: ReviewPlan) -> float:
    """Seconds of the plain 0-ply pass over the plan's decisions (the network loaded first)."""
    evaluator = get_evaluator(strongest_evaluator())
    level = dataclasses.replace(get_level("intermediate"), noise=0.0)
    search(plan.steps[0][1], level, evaluator)  # loads and warms the network
    start = time.perf_counter()
    for _, state, *_ in plan.steps:
        if state.dice is None:
            cube_records(state, 0, evaluator)
        else:
            search(state, level, evaluator)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--match", default=str(MATCHES / "3pt-a.mat"))
    parser.add_argument("--level", default=None, help="the analysis level (default: the analysis default)")
    parser.add_argument("--profile", type=int, default=0, metavar="N", help="print the N costliest functions")
    parser.add_argument("--full", action="store_true",
                        help="also time each decision's analysis with the records' factors and warnings (as "
                             "before) against the brief records, and the luck")
    args = parser.parse_args()
    info = get_game("backgammon")
    record = reviewed_record(args.match)
    level = args.level or info.move_analysis().options["level"]
    plan = ReviewPlan(info, record)
    print(f"{Path(args.match).name}: {len(plan.steps)} decisions, {len(plan.forced)} forced turns; level {level}")
    base = reference(plan)
    profile = cProfile.Profile() if args.profile else None
    start = time.perf_counter()
    if profile is not None:
        profile.enable()
    review(info, record, {"level": level})
    if profile is not None:
        profile.disable()
    took = time.perf_counter() - start
    base = min(base, reference(plan))  # before and after: the least disturbed (the machine may be shared)
    print(f"reference (0-ply pass):  {base:8.1f} s")
    print(f"review:                  {took:8.1f} s   ratio {took / base:5.1f}")
    if args.full:
        brief, full, luck_time = breakdown(plan, level)
        print(f"analyses, brief records: {brief:8.1f} s;  with factors and warnings (before): {full:.1f} s "
              f"({(full - brief) / full:.0%} more);  luck of the rolls: {luck_time:.1f} s")
    if profile is not None:
        pstats.Stats(profile).sort_stats("cumulative").print_stats(args.profile)


def breakdown(plan: ReviewPlan, level: str) -> tuple[float, float, float]:
    """Seconds of the decisions' analyses with brief records and with full ones (factors and
    warnings, as the review asked before), and of the rolls' luck: measured decision by
    decision, one after the other, so a shared machine's load weighs on both alike."""
    brief = full = luck_time = 0.0
    for _, state, action, _, rolled_from in plan.steps:
        include = {} if state.dice is None else {"include": action}
        start = time.perf_counter()
        analyze_position(state, level, brief=True, **include)
        middle = time.perf_counter()
        analyze_position(state, level, **include)
        end = time.perf_counter()
        brief, full = brief + middle - start, full + end - middle
        if rolled_from is not None:
            start = time.perf_counter()
            luck(rolled_from, state)
            luck_time += time.perf_counter() - start
    return brief, full, luck_time


if __name__ == "__main__":
    main()
