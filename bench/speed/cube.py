"""Cube-decision speed: what deciding the cube costs next to evaluating the position.

Chances come from the strongest installed evaluator (``net-full`` when present, else BRAS
with no gammons) on a seeded sample of random positions.  Each line times one cube
computation and divides it by a reference measured in the same run on the same number of
positions: one cubeless 0-ply evaluation batch (the evaluator's chances) of that size.  A
ratio below 1 means the cube costs less than the evaluation that feeds it.

- ``decide``: :func:`game.backgammon.cube.decide` for one position (money, centred cube;
  and at 2-away/4-away in a 7-point match), against an evaluation batch of 1.
- ``money.cube_equities``: the vectorised money ND/DT/DP for 1, 100 and 10,000 rows at once.
- ``match.cube_equities``: match ND/DT/DP one position per call, for 1 and 100 positions one
  after another; ``match.cube_mwcs``: the same for 1, 100 and 10,000 rows at once, as the
  cube look-ahead values its leaves.
- ``expert player, cube decision``: the whole Expert player choosing at a money cube decision
  and at one in a 7-point match (its 2-ply look-ahead over the rolls), against an evaluation
  batch of 1 — what a player waits for in the window (this was a timing assertion in the
  tests; speed lives here).

    python -m bench.speed.cube [--n 10000] [--seed 1] [--repeat 5]
"""

from __future__ import annotations

import argparse

import numpy as np

from bench.lib.timing import best_time
from game.backgammon.analysis.ai import strongest_evaluator
from game.backgammon.cube import match, money
from game.backgammon.cube.context import CubeContext
from game.backgammon.cube.decision import decide
from game.backgammon.evaluators import get_evaluator, random_positions
from game.backgammon.players.by_name import make_player
from game.backgammon.position import parse_position
from game.backgammon.rules import BackgammonRules

SIZES = (1, 100, 10_000)


def chances_of(evaluator, batch: np.ndarray) -> np.ndarray:
    """``(N, 5)`` cubeless chances: the evaluator's own five, or its win estimate with no gammons."""
    if hasattr(evaluator, "probabilities"):
        probabilities = evaluator.probabilities(batch)
        if probabilities.shape[1] == 5:
            return probabilities
    win = np.clip(np.asarray(evaluator.evaluate(batch), dtype=float).reshape(-1), 0, 100)
    win = win / 100 if win.max() > 1 else win
    return np.column_stack([win, np.zeros((len(win), 4))])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10_000, help="positions in the largest batch")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    name = strongest_evaluator()
    evaluator = get_evaluator(name)
    positions = random_positions(args.n, seed=args.seed)
    chances = chances_of(evaluator, positions)
    sizes = [size for size in SIZES if size <= args.n]
    reference = {size: best_time(lambda s=size: chances_of(evaluator, positions[:s]), args.repeat) for size in sizes}

    print(f"{args.n} random positions (seed {args.seed}), chances from {name}; best of {args.repeat}")
    print("reference: one cubeless 0-ply evaluation batch of the same size: "
          + ", ".join(f"{size:,} rows {reference[size] * 1e6:,.1f} µs" for size in sizes))
    header = f"{'cube computation':<40} {'rows':>7} {'µs':>12} {'µs/row':>9} {'÷ eval':>8}"
    print(header)
    print("-" * len(header))

    def line(what: str, rows: int, seconds: float, against: int) -> None:
        print(f"{what:<40} {rows:>7,} {seconds * 1e6:>12,.1f} {seconds / rows * 1e6:>9.2f} "
              f"{seconds / reference[against]:>8.2f}")

    one = chances[0]
    line("decide (money, centred cube)", 1, best_time(lambda: decide(one, CubeContext()), args.repeat), 1)
    match_context = CubeContext.from_score((5, 3), 7)
    line("decide (match to 7, 2-away/4-away)", 1, best_time(lambda: decide(one, match_context), args.repeat), 1)
    for size in sizes:
        rows = chances[:size]
        line("money.cube_equities (vectorised)", size, best_time(lambda r=rows: money.cube_equities(r), args.repeat),
             size)
    for size in [s for s in sizes if s <= 100]:
        rows = [tuple(map(float, row)) for row in chances[:size]]
        seconds = best_time(lambda r=rows: [match.cube_equities(c, match_context) for c in r], args.repeat)
        line("match.cube_equities (one call a row)", size, seconds, size)
    lives = np.full(len(chances), 0.68)
    for size in sizes:
        seconds = best_time(lambda s=size: match.cube_mwcs(chances[:s], match_context, lives[:s]), args.repeat)
        line("match.cube_mwcs (vectorised)", size, seconds, size)
    expert = make_player("expert", args.seed)
    for what, position in (("money", "4HPwATDgc/ABMA:cAkAAAAAAAAA"), ("match", "4HPwATDgc/ABMA:cAngAAAAAAAA")):
        cube_position = parse_position(position)
        seconds = best_time(lambda p=cube_position: expert.choose(BackgammonRules(), p), max(1, args.repeat // 5))
        line(f"expert player, {what} cube (2-ply)", 1, seconds, 1)


if __name__ == "__main__":
    main()
