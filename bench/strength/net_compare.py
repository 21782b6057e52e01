"""A candidate backgammon network against the shipped ``net-full``: head to head and in review.

1. **Head to head**: ``--deals`` duplicate deals (two games on the same dice, seats swapped;
   :func:`game.backgammon.nets.arena.duplicate_match`), both networks greedy at 0 ply (the
   best position after the play, :class:`~game.backgammon.nets.choosers.NetChooser`),
   cubeless money points: the candidate's points per game with a 95% interval over deals.
2. **Review agreement** (``--review``; needs the ``gnubg_nn`` bench dependency): the
   comparison of ``bench/agreement/review.py`` (``--level``, by default Intermediate
   against GNU at 0 ply; chequer plays of every match in ``tests/data/matches``, with
   ``--cube`` the cube decisions too), once with each network registered as ``net-full``
   — the name the review's levels use — with the shipped race network, in this process only.

    python -m bench.strength.net_compare CANDIDATE.npz [--baseline assets/weights/net-full.npz]
                                [--deals 1000] [--seed 1] [--review] [--cube] [--level L]

The candidate may use any encoding the evaluators know (its meta names it).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from bench.lib.paths import SHIPPED_WEIGHTS
from game.backgammon.evaluators.base import register
from game.backgammon.nets.arena import duplicate_match
from game.backgammon.nets.choosers import NetChooser
from game.backgammon.nets.encoding import encoding_of
from game.backgammon.nets.evaluator import NetEvaluator, load_race_network
from game.backgammon.nets.network import Network

SHIPPED = SHIPPED_WEIGHTS / "net-full.npz"


def describe(net: Network) -> str:
    meta = net.meta
    return (f"{meta.get('encoding', '?')} {'-'.join(map(str, net.sizes))}, "
            f"{meta.get('games', '?')} games, seed {meta.get('seed', '?')}")


def head_to_head(candidate: Network, baseline: Network, deals: int, seed: int):
    a = NetChooser(candidate, encoding_of(candidate), name="candidate")
    b = NetChooser(baseline, encoding_of(baseline), name="baseline")
    return duplicate_match(a, b, deals, seed=seed)


def review_rows(net: Network, with_cube: bool, level: str):
    """``bench.agreement.review``'s rows at ``level`` with ``net`` serving as ``net-full`` (with
    the shipped race network, as the evaluator has it)."""
    from bench.agreement import review as ra

    register(NetEvaluator("net-full", net, load_race_network("net-full")), replace=True)
    paths = sorted(ra.MATCHES.glob("*.mat"))
    return ra.compare(paths, level, None, 19, ra.LEVEL_PLIES[level], with_cube)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("candidate", type=Path, help="the network file (.npz) to compare")
    parser.add_argument("--baseline", type=Path, default=SHIPPED, help="default: the shipped net-full")
    parser.add_argument("--deals", type=int, default=1000, help="duplicate deals (two games each; default 1000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-match", action="store_true", help="skip the head-to-head games")
    parser.add_argument("--review", action="store_true", help="compare the review agreement with GNU too")
    parser.add_argument("--cube", action="store_true", help="with --review: the cube decisions too")
    parser.add_argument("--level", default="intermediate", choices=("intermediate", "advanced", "expert", "worldclass"),
                        help="with --review: our level, GNU at its depth (default intermediate: 0 ply)")
    args = parser.parse_args(argv)
    candidate, baseline = Network.load(args.candidate), Network.load(args.baseline)
    print(f"candidate {args.candidate}: {describe(candidate)}")
    print(f"baseline  {args.baseline}: {describe(baseline)}")
    if not args.no_match:
        start = time.perf_counter()
        result = head_to_head(candidate, baseline, args.deals, args.seed)
        ci = result.per_game
        print(f"head to head, {len(result.points)} games ({args.deals} duplicate deals, seed {args.seed}, "
              f"0 ply greedy both, {time.perf_counter() - start:.0f} s):")
        print(f"  candidate {ci.mean:+.3f} points/game [{ci.low:+.3f}, {ci.high:+.3f}], "
              f"wins {result.wins}/{len(result.points)} ({100 * result.wins / len(result.points):.1f}%)")
    if args.review:
        from bench.agreement import review as ra

        for label, net in (("baseline", baseline), ("candidate", candidate)):
            start = time.perf_counter()
            rows = review_rows(net, args.cube, args.level)
            print(f"\nreview agreement with {label} as net-full ({len(rows)} decisions, "
                  f"{time.perf_counter() - start:.0f} s):")
            ra.print_table(rows, args.level, ra.LEVEL_PLIES[args.level])
    return 0


if __name__ == "__main__":
    sys.exit(main())
