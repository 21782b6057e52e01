"""What narrowing Chesstack's search costs: the narrowed search against wider ones.

A Chesstack node has ~150-350 legal actions, nearly all placements, so the levels search a
narrowed list (``game/chesstack/search.py``): placements thinned to a few squares per type,
then the ``breadth`` best by the evaluator plus a few urgent ones.  On positions from seeded
games of the Advanced level against ``upstream``:

- **1 ply**: a search of every reply (the reference) against narrowed replies, every root
  action searched in both;
- **2 plies**: a wide search (every root action; below it the 20 best, every urgent action,
  8 squares a placement type; every action is out of reach) against the levels' narrowing at
  the root and below; each choice is then valued by one yardstick, a search of every reply.

Columns: **same**, the share of positions where a variant picks the first row's action (or,
at 1 ply, one it values the same); **loss**, how much worse its pick is by the reference's
or the yardstick's values (centipawns: mean, and the worst; a missed win counts 100 pawns);
**nodes**, the positions it generates as a share of the first row's; seconds.

    python -m bench.agreement.chesstack_search [--positions 20] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import time
from functools import partial

from game.chesstack.ai import LEVELS
from game.chesstack.players import make_player
from game.chesstack.rules import ChesstackRules
from game.chesstack.search import BREADTH, PLACEMENTS_PER_TYPE, URGENT, WIN, evaluator, narrowed, root_select
from game.core.search import alphabeta

RULES = ChesstackRules()
EVALUATE = evaluator(LEVELS["expert"].evaluator)
ONE_PLY = {
    "every action": None,
    f"breadth {BREADTH} + {URGENT} urgent (the levels')": partial(narrowed, evaluate=EVALUATE),
    f"breadth {BREADTH}, all urgent": partial(narrowed, evaluate=EVALUATE, pressing=None),
    f"breadth {BREADTH}, no urgent": partial(narrowed, evaluate=EVALUATE, pressing=0),
    "breadth 5 + 3 urgent": partial(narrowed, breadth=5, evaluate=EVALUATE, pressing=3),
}
"""1 ply: every reply against narrowed ones."""
WIDE = partial(narrowed, breadth=20, evaluate=EVALUATE, pressing=None, per_type=8)
"""The 2-ply yardstick's replies: 20 best, every urgent action, 8 squares a placement type."""
TWO_PLY = {
    "root: all; below: 20 + all urgent, 8 squares a type": (None, WIDE),
    f"root: {LEVELS['advanced'].keep} + {URGENT} urgent; below: {BREADTH} + {URGENT} urgent, "
    f"{PLACEMENTS_PER_TYPE} squares (the levels')": (root_select(LEVELS["advanced"].keep),
                                                    partial(narrowed, evaluate=EVALUATE)),
    "root: 5 + 3 urgent; below: 5 + 3 urgent, 2 squares": (root_select(5, 3),
                                                           partial(narrowed, breadth=5, evaluate=EVALUATE, pressing=3,
                                                                   per_type=2)),
}
"""2 plies, root filter and replies: a wide search (every action being out of reach) and the
levels' narrowing; each choice is then valued by :func:`yardstick`."""


def positions(count: int, seed: int) -> list:
    """Positions with the side to move at several stages of games between ``advanced`` and
    ``upstream`` (from random placements), unfinished."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = RULES.initial_state()
        for _ in range(4):
            state = RULES.apply(state, rng.choice([a for a in RULES.legal_moves(state) if a.kind == "ADD"]))
        players = (make_player("advanced"), make_player("upstream"))
        stops = set(rng.sample(range(4, 60), 3))
        while not RULES.is_over(state) and state.log_length < 60:
            if state.log_length in stops:
                found.append(state)
            state = RULES.apply(state, players[state.log_length % 2].choose(RULES, state))
    return found[:count]


def compare(sample: list, plies: int, variants: dict) -> None:
    """Print each variant's agreement with the first one, at ``plies``."""
    results, seconds = {}, {}
    for name, successors in variants.items():
        start = time.perf_counter()
        results[name] = [alphabeta(RULES, state, EVALUATE, plies, result_scale=WIN, successors=successors)
                         for state in sample]
        seconds[name] = time.perf_counter() - start
    first = next(iter(variants))
    reference = results[first]
    print(f"{plies} ply{'' if plies == 1 else 's'}, against {first}")
    print(f"{'replies searched':<52} {'same':>6} {'mean loss':>10} {'worst':>8} {'nodes':>7} {'seconds':>8}")
    total = sum(r.nodes for r in reference)
    for name in variants:
        same, losses = 0, []
        for ref, got in zip(reference, results[name]):
            values = {m.move: m.value for m in ref}
            loss = ref.best.value - values[got.best.move]
            same += loss <= 0
            losses.append(min(loss, 10_000.0))  # a missed win counts as 100 pawns
        nodes = sum(r.nodes for r in results[name])
        print(f"{name:<52} {same / len(sample):6.0%} {sum(losses) / len(losses):10.1f} {max(losses):8.0f} "
              f"{nodes / total:7.1%} {seconds[name]:8.1f}")
    print()


def yardstick(state, action) -> float:
    """``action``'s 2-ply value for the mover: every reply, and below it the :data:`WIDE` list."""
    after = RULES.apply(state, action)
    if RULES.is_over(after):
        return WIN * RULES.result(after)[state.turn]
    return -alphabeta(RULES, after, EVALUATE, 1, result_scale=WIN, successors=WIDE, all_exact=False).best.value


def compare_two_ply(sample: list) -> None:
    """Each variant's 2-ply choice, valued by :func:`yardstick` against the best of the choices."""
    picks, nodes, seconds = {}, {}, {}
    for name, (root, successors) in TWO_PLY.items():
        start = time.perf_counter()
        found = [alphabeta(RULES, state, EVALUATE, 2, result_scale=WIN, successors=successors, root_filter=root,
                           all_exact=False) for state in sample]
        seconds[name] = time.perf_counter() - start
        picks[name] = [result.best.move for result in found]
        nodes[name] = sum(result.nodes for result in found)
    values = [{action: yardstick(state, action) for action in {picks[name][i] for name in TWO_PLY}}
              for i, state in enumerate(sample)]
    first = next(iter(TWO_PLY))
    print(f"2 plies, each choice valued by a search of every reply (then {first.split('below: ')[1]})")
    print(f"{'root and replies searched':<86} {'same':>6} {'mean loss':>10} {'worst':>8} {'nodes':>7} {'seconds':>8}")
    for name in TWO_PLY:
        losses = [min(max(v.values()) - v[pick], 10_000.0) for v, pick in zip(values, picks[name])]
        same = sum(a == b for a, b in zip(picks[name], picks[first]))
        print(f"{name:<86} {same / len(sample):6.0%} {sum(losses) / len(losses):10.1f} {max(losses):8.0f} "
              f"{nodes[name] / nodes[first]:7.1%} {seconds[name]:8.1f}")
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    sample = positions(args.positions, args.seed)
    actions = sum(len(RULES.legal_moves(state)) for state in sample) / len(sample)
    print(f"{len(sample)} positions, {actions:.0f} legal actions each on average\n")
    compare(sample, 1, ONE_PLY)
    compare_two_ply(sample)


if __name__ == "__main__":
    main()
