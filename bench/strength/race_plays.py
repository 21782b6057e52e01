"""Race plays judged by GNU Backgammon: ``net-full`` with and without its race network.

Decisions: the race positions (no contact, not both sides home, more than one legal play)
met in ``--games`` seeded games that GNU Backgammon's 0 ply (``gnubg_nn.probabilities``)
plays against itself, with 10% random plays for variety, each with the roll played there.
For every decision GNU values all legal plays at 0 ply; our pick is the play our evaluator
values best, and its **loss** is GNU's best value minus GNU's value of our pick (cubeless
money points).  Reported per evaluator: how often our pick is GNU's, the mean loss (95%
interval) and the share of picks losing more than 0.02.

    python -m bench.strength.race_plays [--games 400] [--seed 11] [--race FILE ...]

``--race FILE`` adds a candidate race network (e.g. one from ``tabula train backgammon
--arch race``) in place of the installed one.

Figures: ``bench/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import numpy as np

from bench.lib import gnu
from game.backgammon.board import CHECKERS, OFF, START_SIDE
from game.backgammon.evaluators import boards_to_array, get_evaluator
from game.backgammon.evaluators.bearoff import in_bearoff, is_race
from game.backgammon.movegen import legal_plays
from game.backgammon.nets.encoding import equity
from game.backgammon.nets.evaluator import load_race_network
from game.backgammon.nets.network import Network

MAX_PLIES = 400


def mover_values(plays, evaluate) -> np.ndarray:
    """The mover's cubeless equity after each play, from ``evaluate``'s outputs for the
    opponent on roll."""
    after = boards_to_array([(opp_after, mover_after) for _, mover_after, opp_after in plays])
    return -equity(evaluate(after))


def race_decisions(games: int, seed: int):
    """``[(plays, GNU's value of each)]`` of the race decisions of GNU's self-play games."""
    rng, found = random.Random(seed), []
    for _ in range(games):
        me, opp = START_SIDE, START_SIDE
        for _ in range(MAX_PLIES):
            plays = legal_plays(me, opp, rng.randint(1, 6), rng.randint(1, 6))
            if not plays:
                me, opp = opp, me
                continue
            by_gnu = mover_values(plays, gnu.outputs)
            if len(plays) > 1 and is_race(np.array([[me, opp]], dtype=np.int8))[0]:
                found.append((plays, by_gnu))
            pick = int(np.argmax(by_gnu)) if rng.random() > 0.1 else rng.randrange(len(plays))
            _, mover_after, opp_after = plays[pick]
            if mover_after[OFF] == CHECKERS or in_bearoff(np.array([[mover_after, opp_after]], dtype=np.int8))[0]:
                break
            me, opp = opp_after, mover_after
    return found


def judge(decisions, evaluator) -> str:
    """One line: how ``evaluator``'s picks fare by GNU's values."""
    lost = np.array([by_gnu.max() - by_gnu[int(np.argmax(mover_values(plays, evaluator.probabilities)))]
                     for plays, by_gnu in decisions])
    same = float((lost == 0).mean())
    return (f"GNU's pick {same:6.1%}   mean loss {lost.mean():.4f} (±{1.96 * lost.std() / np.sqrt(len(lost)):.4f})"
            f"   > 0.02: {(lost > 0.02).mean():5.1%}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--race", nargs="*", default=[], metavar="FILE", help="candidate race networks")
    args = parser.parse_args(argv)
    decisions = race_decisions(args.games, args.seed)
    print(f"{len(decisions)} race decisions from {args.games} games of GNU's 0 ply against itself (seed {args.seed})")
    evaluator = get_evaluator("net-full")
    installed = load_race_network("net-full")
    candidates = [("net-full alone", None)] + ([("net-full + net-race", installed)] if installed else [])
    candidates += [(f"net-full + {Path(name).name}", Network.load(name)) for name in args.race]
    for label, race in candidates:
        evaluator.race = race
        print(f"{label:<28} {judge(decisions, evaluator)}")
    evaluator.race = installed
    return 0


if __name__ == "__main__":
    sys.exit(main())
