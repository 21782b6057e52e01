"""Chesstack speed: legal actions and both evaluators, against the backgammon move generator.

All measured in this process, so the ratios mean something on any machine.  Chesstack
positions come from seeded random playouts (uniform legal actions from the start: the board
fills up with placements, stuns and the odd capture); the reference is Tabula's backgammon
``legal_plays`` on seeded self-play (position, roll) pairs, as in ``bench/speed/movegen.py``.

- ``legal_moves``: every legal Chesstack action of each position (µs per position, actions
  per second);
- each evaluator one position at a time (``value``), and as one batch of every position
  (``evaluate_batch``), from the states (encoding included) and from an encoded batch.

No goal is asserted; the batch's speed-up over the single form is the number to watch.

    python -m bench.speed.chesstack [--games 12] [--plies 80] [--seed 1] [--repeat 5]
"""

from __future__ import annotations

import argparse
import random
import statistics

from bench.lib.timing import best_time
from game.backgammon.evaluators.sampling import selfplay_samples
from game.backgammon.movegen import legal_plays
from game.chesstack.evaluators import EVALUATORS, encode, evaluate_batch, value
from game.chesstack.rules import ChesstackRules


def playout_positions(games: int, plies: int, seed: int) -> list:
    """Every position of ``games`` seeded random Chesstack games of at most ``plies`` actions."""
    rules, rng = ChesstackRules(), random.Random(seed)
    positions = []
    for _ in range(games):
        state = rules.initial_state()
        for _ in range(plies):
            actions = rules.legal_moves(state)
            if not actions:
                break
            state = rules.apply(state, rng.choice(actions))
            positions.append(state)
    return positions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12, help="random Chesstack games")
    parser.add_argument("--plies", type=int, default=80, help="actions per game at most")
    parser.add_argument("--backgammon-games", type=int, default=40, help="self-play games for the reference")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    rules = ChesstackRules()
    positions = playout_positions(args.games, args.plies, args.seed)
    pairs = selfplay_samples(args.backgammon_games, args.seed)
    n = len(positions)
    pieces = statistics.mean(sum(p is not None for p in state.board) for state in positions)
    actions = sum(len(rules.legal_moves(state)) for state in positions)

    reference_us = best_time(lambda: [legal_plays(*pair) for pair in pairs], args.repeat) / len(pairs) * 1e6
    legal_us = best_time(lambda: [rules.legal_moves(state) for state in positions], args.repeat) / n * 1e6
    print(f"{n} Chesstack positions from {args.games} seeded random games (seed {args.seed}),"
          f" {pieces:.1f} pieces and {actions / n:.0f} legal actions each on average; best of {args.repeat}")
    print(f"reference: backgammon legal_plays {reference_us:.1f} µs per (position, roll)"
          f" over {len(pairs)} self-play pairs")
    print()
    header = f"{'':34} {'µs/position':>12} {'per second':>12} {'vs backgammon movegen':>22}"
    print(header)
    print("-" * len(header))

    def row(label: str, us: float, rate_label: str = "positions", rate: float | None = None) -> None:
        per_second = rate if rate is not None else 1e6 / us
        print(f"{label:34} {us:12.2f} {per_second:12,.0f} {reference_us / us:21.2f}x  ({rate_label}/s)")

    row("legal_moves", legal_us, "actions", actions / n * 1e6 / legal_us)
    batch = encode(positions)
    row("encode (states -> arrays)", best_time(lambda: encode(positions), args.repeat) / n * 1e6)
    for name in EVALUATORS:
        evaluate_batch(name, positions[:50])  # warm up
        single = best_time(lambda: [value(name, state) for state in positions], args.repeat) / n * 1e6
        from_states = best_time(lambda: evaluate_batch(name, positions), args.repeat) / n * 1e6
        encoded = best_time(lambda: evaluate_batch(name, batch), args.repeat) / n * 1e6
        row(f"{name}: single (value)", single, "evaluations")
        row(f"{name}: batch from states", from_states, "evaluations")
        row(f"{name}: batch of encoded arrays", encoded, "evaluations")
        print(f"{'':34} batch speed-up over single: {single / from_states:.1f}x from states,"
              f" {single / encoded:.1f}x encoded")


if __name__ == "__main__":
    main()
