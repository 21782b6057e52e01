"""Agreement of Tabula's cube decisions with GNU Backgammon's on real match positions.

Positions: every turn start where the player on roll may double, replayed from the match
files in ``tests/data/matches/*.mat`` (a minimal reader of their move rows,
here only: a proper ``.mat`` reader is issue 19).  Each game is started from the score line
of the file (the Crawford game as the rules work it out from the previous game's score); a
game our rules cannot follow (a resignation, an unreadable row) is dropped from that row on.

GNU Backgammon's decision: ``gnubg_nn.evaluate_cube_decision`` at 2 plies (its own MET and
cubeful n-ply evaluation), which works in matches only (its money variant raises "Not
implemented for money"; these files hold matches only).  Only centred-cube decisions are
compared: how the binding takes the cube's owner could not be established (``set.cube``'s
owner argument changed nothing in tries), so redoubles are left out.

Comparison: the proper action as two choices, double or not (the doubler) and take or pass
(the taker).  A decision is *clear* when GNU's best choice is ahead of the other by at
least 0.05 EMG (ND against min(DT, DP) for the doubler, DT against DP for the taker; GNU's
MWCs turned into EMG with the position's cube as :func:`game.backgammon.cube.match.emg`
does, through the Kazaross table).  Reported: agreement on clear doubler choices, on clear
taker choices, and on the whole action where both are clear, each with a 95% Wilson interval.

    python -m bench.agreement.cube [--level expert] [--limit 400] [--gnu-plies 2] [--why] [--doubles]

``--doubles`` prints each of GNU's clear doubles side by side with ours: the scores, cube
and cube life index, GNU's cubeless chances at 0/1/2 ply and ours, both ND/DT/DP in EMG,
our take point and our cube maths applied to GNU's own 2-ply chances (which separates the
evaluators' differences from the cube models').

Figures, and why the levels doubled less often than GNU: ``bench/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

import gnubg_nn  # GPL: benches and tests only

from bench.lib import gnu
from bench.lib.intervals import wilson
from bench.lib.paths import MATCHES
from game.backgammon.analysis.ai import strongest_evaluator
from game.backgammon.analysis.levels import LEVELS as BG_LEVELS
from game.backgammon.cube import match as match_cube
from game.backgammon.cube.ai import chances_of, context_of, cube_decision, cube_life_of
from game.backgammon.cube.decision import decide
from game.backgammon.cube.rules import decision
from game.backgammon.cube.state import DOUBLE, PASS, ROLL, TAKE
from game.backgammon.evaluators import boards_to_array, get_evaluator
from game.backgammon.rules import BackgammonRules
from game.backgammon.state import Roll

CLEAR = 0.05
WHY = "--why" in sys.argv
DOUBLES = "--doubles" in sys.argv
RULES = BackgammonRules()
ROW = re.compile(r"^\s*\d+\)\s")
LENGTH = re.compile(r"(\d+) point match")
SCORE = re.compile(r"^\s*(.*?)\s*:\s*(\d+)\s+(\S.*?)\s*:\s*(\d+)\s*$")


def games(path: Path):
    """(match length, score, right column offset, [row halves]) for each game of a file."""
    text = path.read_text(errors="replace").splitlines()
    length = int(next(LENGTH.search(line).group(1) for line in text if LENGTH.search(line)))
    current = None
    for line in text:
        if line.strip().startswith("Game "):
            if current:
                yield current
            current = None
            continue
        found = SCORE.match(line)
        if found and current is None and not ROW.match(line):
            offset = line.index(found.group(3), line.index(":") + 1)
            current = (length, (int(found.group(2)), int(found.group(4))), offset, [])
            continue
        if current and ROW.match(line):
            body = line[line.index(")") + 1:]
            start = line.index(")") + 1
            left, right = line[start:current[2]], line[current[2]:]
            del body
            current[3].extend([(0, left.strip()), (1, right.strip())])
    if current:
        yield current


def positions(path: Path):
    """Every centred-cube decision state (the player on roll may double) of a match file."""
    found, dropped, previous = [], 0, None
    for length, score, _, halves in games(path):
        crawford_done = max(score) == length - 1 and previous is not None and max(previous) == length - 1
        previous = score
        try:
            state = RULES.initial_state({"match_length": length, "score": list(score), "crawford_done": crawford_done})
        except ValueError:
            dropped += 1
            continue
        try:
            for player, text in halves:
                if not text or text.lower().startswith(("wins", "loses", "losses")):
                    continue
                if decision(state) == "cube":
                    if state.turn != player:
                        raise ValueError("out of turn")
                    if state.cube.owner is None and state.cube.value == 1:
                        found.append(state)
                    action = DOUBLE if text.lower().startswith("doubles") else ROLL
                    state = RULES.apply(state, action)
                    if action == DOUBLE:
                        continue
                lowered = text.lower()
                if lowered.startswith("takes"):
                    state = RULES.apply(state, TAKE)
                    continue
                if lowered.startswith("drops"):
                    state = RULES.apply(state, PASS)
                    break
                dice, _, play = text.partition(":")
                d1, d2 = int(dice[0]), int(dice[1])
                opening = state.turn is None
                state = RULES.apply(state, Roll.of(d1, d2, player) if opening else Roll.of(d1, d2))
                play = play.strip().replace("25/", "bar/")
                if not play or play.lower().startswith("cannot"):
                    move = RULES.legal_moves(state)[0]
                else:
                    move = RULES.parse(state, play)
                state = RULES.apply(state, move)
                if state.cube.phase == "over":
                    break
        except (ValueError, IndexError) as error:  # noqa: F841 (see --why)
            if WHY:
                print(f"{path.name}: game at {score}: {player} {text!r}: {error}")
            dropped += 1
    return found, dropped


def gnu_decision(state, plies: int):
    """GNU's (ND, DT, DP) in MWC for the player on roll at ``state`` (centred cube)."""
    return gnu.analyzer_cube(state, plies)


def explain(state, ours, gnu, evaluator, level: str) -> None:
    """``--doubles``: one of GNU's clear doubles side by side with ours (see the module doc)."""
    context, board = context_of(state), gnu.board_of(state)
    me, opp = state.on_roll, state.opponent

    def show(values) -> str:
        return "(" + " ".join(f"{v:.3f}" for v in values) + ")"

    print(f"{gnubg_nn.position_id(board)}  away {context.away} crawford {context.crawford} post-Crawford "
          f"{context.post_crawford} cube {context.value} {context.owner}  cube life {cube_life_of(me, opp):.3f}")
    print("  GNU chances 0/1/2 ply", *(show(gnubg_nn.probabilities(board, n)) for n in (0, 1, 2)))
    print("  our chances 0 ply", show(chances_of(evaluator, boards_to_array([(me, opp)]))[0]),
          f"{BG_LEVELS[level].cube_plies} ply", show(ours.chances))
    mine = decide(tuple(gnubg_nn.probabilities(board, 2)), context, cube_life_of(me, opp))
    print(f"  ND/DT/DP (EMG): GNU {show(gnu)}  {level} {show((ours.nd, ours.dt, ours.dp))} {ours.action!r}, "
          f"take point {ours.take_point:.3f}; our cube maths on GNU's 2-ply chances "
          f"{show((mine.nd, mine.dt, mine.dp))} {mine.action!r}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="expert", choices=list(BG_LEVELS))
    parser.add_argument("--limit", type=int, default=400, help="at most this many positions, evenly spread")
    parser.add_argument("--gnu-plies", type=int, default=2)
    parser.add_argument("--why", action="store_true", help="name the games or game ends dropped")
    parser.add_argument("--doubles", action="store_true", help="show GNU's clear doubles beside ours")
    args = parser.parse_args()
    evaluator = get_evaluator(strongest_evaluator())
    states, dropped = [], 0
    for path in sorted(MATCHES.glob("*.mat")):
        found, lost = positions(path)
        states += found
        dropped += lost
    step = max(1, len(states) // args.limit)
    states = states[::step][: args.limit]
    print(f"{len(states)} centred-cube decisions from {MATCHES} (games or game ends dropped: {dropped})")
    doubler = [0, 0]
    taker = [0, 0]
    whole = [0, 0]
    doubles = [0, 0]  # clear GNU doubles: how many we doubled too, how many
    passes = [0, 0]  # clear GNU passes: how many we passed too, how many
    ours_time = 0.0
    for state in states:
        context = context_of(state)
        gnd, gdt, gdp = (match_cube.emg(m, context) for m in gnu_decision(state, args.gnu_plies))
        start = time.perf_counter()
        ours = cube_decision(state, BG_LEVELS[args.level].cube_plies, evaluator)
        ours_time += time.perf_counter() - start
        our_double = ours.best_double_action() == "double"
        our_take = ours.best_take_action() != "pass"
        gnu_double, gnu_take = min(gdt, gdp) >= gnd, gdt <= gdp
        clear_double, clear_take = abs(min(gdt, gdp) - gnd) >= CLEAR, abs(gdp - gdt) >= CLEAR
        if clear_double:
            doubler[0] += our_double == gnu_double
            doubler[1] += 1
            if gnu_double:
                doubles[0] += our_double
                doubles[1] += 1
                if DOUBLES:
                    explain(state, ours, (gnd, gdt, gdp), evaluator, args.level)
        if clear_take:
            taker[0] += our_take == gnu_take
            taker[1] += 1
            if not gnu_take:
                passes[0] += not our_take
                passes[1] += 1
        if clear_double and clear_take:
            whole[0] += (our_double, our_take) == (gnu_double, gnu_take)
            whole[1] += 1
    for name, (agree, n) in (("doubler (double or not)", doubler), ("taker (take or pass)", taker),
                             ("whole action", whole)):
        low, high = wilson(agree, n)
        print(f"{name:24} {agree}/{n} = {100 * agree / max(n, 1):.1f}%  (95% Wilson {100 * low:.1f}-{100 * high:.1f}%)")
    print(f"GNU doubles in {doubles[1]} of the {doubler[1]} clear doubler decisions ({args.level} doubled "
          f"{doubles[0]} of them) and passes in {passes[1]} of the {taker[1]} clear taker decisions "
          f"({args.level} passed {passes[0]}); {args.level} took "
          f"{1000 * ours_time / max(len(states), 1):.0f} ms a decision")


if __name__ == "__main__":
    main()
