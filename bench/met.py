"""What choosing another match equity table changes: the proper cube action of every match
cube decision of the real matches in ``tests/data/matches/``, under each table, and how many flip.

Every position of the six matches where a cube decision is due (the player on roll may
double, or must answer a double) in a match (money sessions have no table) is decided at
``--level`` (Intermediate by default: the cube at 0 ply, so the tables alone differ) with
the default Kazaross XG2 table and with each other table given (``mec`` by default; a GNU
Backgammon ``.xml`` or ``.met`` file too).  A decision *flips* when its action key
(``no_double``, ``double_take``, ``double_pass``, ``too_good``...) differs from the
default's; the doubler's half (double or not) and the taker's half (take or pass) are
counted apart.

    python -m bench.met [--tables mec FILE ...] [--level intermediate] [--examples 5] [--json]

Figures: ``bench/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter

from bench.lib.paths import MATCHES
from game.backgammon.analysis.ai import strongest_evaluator
from game.backgammon.analysis.levels import LEVELS
from game.backgammon.cube.ai import cube_decision
from game.backgammon.cube.met_choice import DEFAULT, use
from game.backgammon.cube.rules import decision, match_length, match_score
from game.backgammon.evaluators import get_evaluator
from game.backgammon.position import format_position
from game.core.move_list import MoveList
from game.games import get_game, reviewed_record


def decisions() -> list:
    """Every match position of the real matches where a cube decision is due, in order."""
    info = get_game("backgammon")
    found = []
    for path in sorted(MATCHES.glob("*.mat")):
        record = reviewed_record(path)
        moves = MoveList.of_record(info, record.options, record.actions)
        seen = set()
        for state in moves.states:
            if state.cube is None or not match_length(state) or decision(state) not in ("cube", "take"):
                continue
            key = (format_position(state), state.cube)
            if key not in seen:  # a position is decided once (the take after its double is another)
                seen.add(key)
                found.append((path.name, state))
    return found


def actions(positions: list, table: str, level: str) -> list[str]:
    """Each position's proper action key under ``table``."""
    use(table)
    evaluator = get_evaluator(strongest_evaluator())
    plies = LEVELS[level].cube_plies
    keys = []
    for _, state in positions:
        verdict = cube_decision(state, plies, evaluator)
        keys.append(verdict.verdict.key(verdict.redouble))
    return keys


def halves(key: str) -> tuple[bool, str]:
    """(the roller doubles?, the taker's answer) of an action key."""
    doubles = key.startswith(("double", "redouble"))
    answer = "pass" if key.endswith("pass") or key == "too_good" else "take"
    return doubles, answer


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", nargs="+", default=["mec"], help="tables to compare with the default")
    parser.add_argument("--level", default="intermediate", choices=sorted(LEVELS))
    parser.add_argument("--examples", type=int, default=5, help="flips listed per table")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    positions = decisions()
    started = time.perf_counter()
    base = actions(positions, DEFAULT, args.level)
    results = {}
    for table in args.tables:
        name = use(table).name
        keys = actions(positions, table, args.level)
        flips = [(i, a, b) for i, (a, b) in enumerate(zip(base, keys)) if a != b]
        doubler = sum(halves(a)[0] != halves(b)[0] for _, a, b in flips)
        taker = sum(halves(a)[1] != halves(b)[1] for _, a, b in flips)
        examples = []
        for i, a, b in flips[:args.examples]:
            source, state = positions[i]
            score = match_score(state)
            examples.append({"match": source, "position": format_position(state),
                             "score": f"{score[0]}-{score[1]} to {match_length(state)}",
                             "cube": state.cube.value, "default": a, "other": b})
        results[name] = {"decisions": len(positions), "flips": len(flips), "doubler_flips": doubler,
                         "taker_flips": taker, "changes": dict(Counter(f"{a} -> {b}" for _, a, b in flips)),
                         "examples": examples}
    use(None)
    seconds = time.perf_counter() - started
    if args.json:
        print(json.dumps({"level": args.level, "default": use(None).name, "tables": results,
                          "seconds": round(seconds, 1)}, indent=1))
        return 0
    print(f"{len(positions)} match cube decisions of {len(list(MATCHES.glob('*.mat')))} real matches, "
          f"level {args.level}, against the default {use(None).name} ({seconds:.0f} s)")
    for name, r in results.items():
        print(f"\n{name}: {r['flips']} of {r['decisions']} actions flip "
              f"({100 * r['flips'] / max(r['decisions'], 1):.1f}%): the doubler's choice in {r['doubler_flips']}, "
              f"the taker's in {r['taker_flips']}")
        for change, count in sorted(r["changes"].items(), key=lambda kv: -kv[1]):
            print(f"  {count:4d}  {change}")
        for e in r["examples"]:
            print(f"  e.g. {e['match']} {e['position']} at {e['score']}, cube {e['cube']}: {e['default']} -> {e['other']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
