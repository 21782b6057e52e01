"""Seconds per decision for every Tabula level against GNU Backgammon and Open Sage at the same depth.

- **Chequer decisions**: a seeded sample (``--decisions N``, ``--seed``; ``0``: all 2,030) of the
  decisions of ``bench.strength.error_rate`` (the real matches', then its held-out GNU
  self-play).  Each engine picks its play: a Tabula level's player (``choose``, its search
  and noise: what a game or a tournament waits for), ``gnubg_nn.best_move`` at 0, 1, 2 and 3 ply
  (GNU's own move filters) and Open Sage's ``batch_checker_play`` of the one decision at 1, 2
  and 3 ply (XG's numbering: its 3 ply is GNU's 2 ply).  Only the engine's call is timed.
- **Cube decisions**: a seeded sample (``--cube N``) of the real matches' centred-cube
  decisions (``bench.agreement.cube``): Expert's cube analysis (the review's records,
  ``analyze_position``) against GNU's 2-ply cube analysis (``gnubg_nn.evaluate_cube_decision``).
- **Review** (``--review``, slow): a whole review of the 7-point match at each level, against
  GNU 2 ply on the same decisions: ``best_move`` for each chequer decision, its cube analysis
  for each cube decision (at the state's score with a centred cube: the binding analyses no
  other; the time is the same).  The review also weighs every roll's luck, which GNU's pass
  does not.

Every engine sees the same decision one after the other, decision by decision, in one
process (their order turns with each decision), each on one thread (BLAS, Open Sage's
threads) unless ``--threads N``; each is warmed on the first decision first.  Per engine:
the mean and median in milliseconds and, for a Tabula level, the ratio of the means to its
reference at the same depth: 0 ply (Intermediate) to GNU 0 ply, Advanced to GNU 1 ply,
Expert to GNU 2 ply, World class to Open Sage 3 ply, Grandmaster to GNU 3 ply.  ``--json FILE`` also writes the
figures as JSON.

    python -m bench.speed.levels [--decisions 60] [--seed 1] [--cube 30] [--threads 1] [--review]
                                 [--review-levels LEVEL ...] [--json FILE]

``python -m bench.speed`` runs it too.  Figures: ``bench/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path

import gnubg_nn  # GPL: benches and tests only
from threadpoolctl import threadpool_limits

from bench.agreement.cube import positions as cube_positions
from bench.lib import gnu
from bench.lib.paths import MATCHES
from bench.strength.error_rate import all_decisions
from game.backgammon.analysis.ai import analyze_position, level_player
from game.backgammon.nets.supervised.teacher import sage_board
from game.backgammon.rules import BackgammonRules
from game.backgammon.state import BackgammonState

LEVELS = ("intermediate", "advanced", "expert", "worldclass", "grandmaster")
GNU = ("gnubg-0ply", "gnubg-1ply", "gnubg-2ply", "gnubg-3ply")
SAGE = ("sage-1ply", "sage-2ply", "sage-3ply")
REFERENCE = {"intermediate": "gnubg-0ply", "advanced": "gnubg-1ply", "expert": "gnubg-2ply",
             "worldclass": "sage-3ply", "grandmaster": "gnubg-3ply"}
"""Each level's reference at the same depth."""
REVIEW_MATCH = MATCHES / "7pt-a.mat"


# -- engines: each turns a decision into a call to time (its preparation untimed) ----------------
def tabula_engine(level: str, seed: int):
    rules, player = BackgammonRules(), level_player(level, seed=seed)

    def prepare(me, opp, d1, d2):
        state = BackgammonState.from_board(me, opp, dice=(d1, d2))
        return lambda: player.choose(rules, state)

    return prepare


def gnu_network():
    """A fresh handle on GNU's network with its own evaluation cache: one per engine, so that
    no engine finds positions another valued (GNU 2 ply the 1-ply's, on the same decision)."""
    return gnubg_nn.net_load(str(Path(gnubg_nn.__file__).parent / "data" / "gnubg.weights"))


def gnu_engine(plies: int, network=None):
    network = network or gnu_network()

    def prepare(me, opp, d1, d2):
        board = gnu.board(me, opp)
        gnubg_nn.net_use(network)
        return lambda: gnubg_nn.best_move(board, d1, d2, n=plies, b=1)

    return prepare


def sage_engine(level: str, threads: int):
    from bgsage.batch import batch_checker_play

    def prepare(me, opp, d1, d2):
        row = [{"board": sage_board(me, opp), "die1": d1, "die2": d2, "cube_value": 1, "cube_owner": "centered"}]
        return lambda: batch_checker_play(row, eval_level=level, n_threads=threads, jacoby=False)

    return prepare


def chequer_engines(seed: int, threads: int) -> dict:
    """``name -> prepare(me, opp, d1, d2) -> call`` for every engine."""
    engines = {level: tabula_engine(level, seed) for level in LEVELS}
    engines.update({name: gnu_engine(int(name.split("-")[1][0])) for name in GNU})
    engines.update({name: sage_engine(name.split("-")[1], threads) for name in SAGE})
    return engines


def timed(call) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def interleaved(engines: dict, decisions: list[tuple], warm: tuple) -> dict[str, list[float]]:
    """Seconds of each engine on each decision, decision by decision, the engines' order
    turning by one each decision; every engine warmed on ``warm`` first (a decision outside
    the sample where there is one: GNU's cache would remember it)."""
    names = list(engines)
    for name in names:
        engines[name](*warm)()
    times = {name: [] for name in names}
    for k, decision in enumerate(decisions):
        for name in names[k % len(names):] + names[:k % len(names)]:
            times[name].append(timed(engines[name](*decision)))
    return times


def summary(times: dict[str, list[float]], reference: dict[str, str]) -> dict[str, dict]:
    """Per engine: mean and median in ms, and (where it has one) its reference and the ratio of means."""
    out = {}
    for name, seconds in times.items():
        row = {"decisions": len(seconds), "mean_ms": 1000 * statistics.mean(seconds),
               "median_ms": 1000 * statistics.median(seconds), "reference": reference.get(name), "ratio": None}
        out[name] = row
    for row in out.values():
        if row["reference"] is not None:
            row["ratio"] = row["mean_ms"] / out[row["reference"]]["mean_ms"]
    return out


def table(title: str, rows: dict[str, dict]) -> str:
    lines = [title, f"{'engine':<14}{'mean ms':>10}{'median ms':>11}{'reference':>13}{'ratio':>8}"]
    for name, row in rows.items():
        ratio = f"{row['ratio']:7.2f}x" if row["ratio"] is not None else f"{'—':>8}"
        lines.append(f"{name:<14}{row['mean_ms']:10.1f}{row['median_ms']:11.1f}{row['reference'] or '—':>13}{ratio}")
    return "\n".join(lines)


# -- cube decisions and the review ------------------------------------------------------------------
def sample(items: list, count: int, seed: int) -> tuple[list, object]:
    """A seeded sample of ``count`` items (``0``: all) and an item to warm up on, outside it where there is one."""
    chosen = random.Random(seed).sample(items, min(count, len(items))) if count else list(items)
    outside = [item for item in items if item not in chosen]
    return chosen, (outside or chosen)[0]


def cube_states() -> list:
    """The real matches' centred-cube decisions (matches only: GNU's cube analysis has no money variant)."""
    return [s for path in sorted(MATCHES.glob("*.mat")) for s in cube_positions(path)[0] if s.cube.match_length]


def cube_engines(network=None) -> dict:
    """``name -> prepare(state) -> call`` for Expert's cube analysis and GNU 2 ply's."""
    network = network or gnu_network()

    def gnu_prepare(state):
        gnubg_nn.net_use(network)
        return lambda: gnu.analyzer_cube(state, 2)

    return {"expert": lambda state: (lambda: analyze_position(state, "expert")), "gnubg-2ply": gnu_prepare}


def gnu_review_pass(plan) -> float:
    """Seconds GNU 2 ply takes on the review's decisions (see the module doc), one network
    handle (one cache) throughout, as one GNU analysis of the match would."""
    network = gnu_network()
    total, chequer, cube = 0.0, gnu_engine(2, network), cube_engines(network)["gnubg-2ply"]
    for _, state, _, _, _ in plan.steps:
        if state.dice is None:
            total += timed(cube(state))
        else:
            total += timed(chequer(state.on_roll, state.opponent, *state.dice))
    return total


def review_times(levels) -> dict:
    """Seconds of a whole review of the 7-point match at each level, and GNU 2 ply's on its decisions."""
    from game.core.review.run import ReviewPlan, review
    from game.games import get_game, reviewed_record

    info = get_game("backgammon")
    record = reviewed_record(str(REVIEW_MATCH))
    plan = ReviewPlan(info, record)
    gnu_seconds = gnu_review_pass(plan)
    out = {"match": REVIEW_MATCH.name, "decisions": len(plan.steps), "gnubg-2ply_s": gnu_seconds, "levels": {}}
    for level in levels:
        seconds = timed(lambda lv=level: review(info, record, {"level": lv}))
        out["levels"][level] = {"seconds": seconds, "ratio_to_gnubg_2ply": seconds / gnu_seconds}
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=60, help="sampled chequer decisions (0: all 2,030)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cube", type=int, default=30, help="sampled cube decisions (0: none)")
    parser.add_argument("--threads", type=int, default=1, help="threads each engine may use (BLAS, Open Sage)")
    parser.add_argument("--review", action="store_true", help="also review the 7-point match at each level (slow)")
    parser.add_argument("--review-levels", nargs="+", choices=LEVELS, default=list(LEVELS), metavar="LEVEL",
                        help="the levels --review times (default: every level)")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the figures as JSON")
    args = parser.parse_args(argv)

    with threadpool_limits(args.threads):
        decisions, warm = sample(all_decisions(), args.decisions, args.seed)
        chequer = summary(interleaved(chequer_engines(args.seed, args.threads), decisions, warm), REFERENCE)
        print(f"{len(decisions)} chequer decisions of bench.strength.error_rate (seed {args.seed}), "
              f"{args.threads} thread(s) each, interleaved")
        print(table("chequer decisions", chequer))
        figures = {"decisions": len(decisions), "seed": args.seed, "threads": args.threads, "chequer": chequer,
                   "cube": None, "review": None}
        if args.cube:
            states, warm = sample(cube_states(), args.cube, args.seed)
            times = interleaved(cube_engines(), [(state,) for state in states], (warm,))
            figures["cube"] = summary(times, {"expert": "gnubg-2ply"})
            print()
            print(table(f"{len(states)} cube decisions of the real matches (seed {args.seed})", figures["cube"]))
        if args.review:
            figures["review"] = found = review_times(args.review_levels)
            print()
            print(f"review of {found['match']} ({found['decisions']} decisions): GNU 2 ply "
                  f"{found['gnubg-2ply_s']:.1f} s on its decisions")
            for level, row in found["levels"].items():
                print(f"{level:<14}{row['seconds']:10.1f} s{row['ratio_to_gnubg_2ply']:8.2f}x")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
