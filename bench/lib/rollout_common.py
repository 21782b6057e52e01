"""What the rollout benches share: running our ``rollout`` command and reading its JSON, and
running Open Sage's rollout of the same plays and ranking a decision's plays.

Our side is always the command as a user runs it, ``python -m game rollout backgammon …
--json``, in a subprocess (so the bench times exactly what the command costs, start-up
included, and imports nothing of the engine).  Its JSON is the issue's contract:
``{"position", "dice", "trials", "truncate", "seed", "candidates": [{"move", "win",
"win_gammon", "win_backgammon", "lose_gammon", "lose_backgammon", "equity", "equity_se",
"cubeful", "cubeful_se", "trials"}, …]}``, best first.  Until the command exists,
:func:`our_rollout` raises :class:`CommandMissing`.

Open Sage's side (``bgsage``, MPL-2.0, imported here only inside functions): a
``BgBotAnalyzer(eval_level="rollout", decision_ply=1)`` — its 1-ply checker play in XG's
numbering, the raw network (GNU Backgammon's 0 ply), its default — whose
``post_move_analytics`` rolls out one play's resulting position.  Its rollout uses variance
reduction (``create_rollout``'s ``enable_vr`` defaults to on and the analyzer keeps it) and
stratified dice.  ``cubeful_trial_moves=False`` makes it a cubeless rollout, as ours is of a
position without a cube; the analyzer is reseeded before every play so every play gets the
same dice.  Its threads: ``parallel_threads`` (0, its default, is ``max(2, cores)``);
it uses both cores of a two-core machine (``bench/RESULTS.md``).
"""

from __future__ import annotations

import json
import subprocess
import sys
import time

from bench.lib.paths import ROOT
from game.backgammon.nets.supervised.teacher import sage_board
from game.backgammon.position import format_position, parse_position
from game.backgammon.rules import BackgammonRules, with_dice

RULES = BackgammonRules()
COMMAND = [sys.executable, "-m", "game", "rollout", "backgammon"]
CANDIDATE_KEYS = ("move", "win", "win_gammon", "win_backgammon", "lose_gammon", "lose_backgammon", "equity",
                  "equity_se", "cubeful", "cubeful_se", "trials")
TOP_KEYS = ("position", "dice", "trials", "truncate", "seed", "candidates")


class CommandMissing(RuntimeError):
    """Our ``rollout`` command is not there (yet)."""


def parse_rollout_json(text: str) -> dict:
    """The command's JSON, checked against the contract (``ValueError`` naming what is missing);
    extra keys are kept (the contract only adds keys)."""
    data = json.loads(text)
    missing = [key for key in TOP_KEYS if key not in data]
    if missing:
        raise ValueError(f"rollout JSON lacks {', '.join(missing)}")
    for row in data["candidates"]:
        lacking = [key for key in CANDIDATE_KEYS if key not in row]
        if lacking:
            raise ValueError(f"rollout JSON candidate {row.get('move')!r} lacks {', '.join(lacking)}")
    return data


def our_rollout(position: str, dice: str, moves: list[str], trials: int, seed: int = 1, workers: int = 2,
                extra: tuple[str, ...] = ()) -> tuple[dict, float]:
    """Our command's rollout of ``moves`` (its parsed JSON) and the wall seconds it took."""
    args = [*COMMAND, "--position", position, "--dice", dice, "--trials", str(trials), "--seed", str(seed),
            "--workers", str(workers), "--json", *extra]
    for move in moves:
        args += ["--moves", move]
    start = time.perf_counter()
    done = subprocess.run(args, capture_output=True, text=True, cwd=ROOT)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        if f"invalid choice: '{COMMAND[3]}'" in done.stderr:
            raise CommandMissing(f"our command `tabula {COMMAND[3]} backgammon` does not exist yet "
                                 f"(python -m game {COMMAND[3]}: invalid choice)")
        raise RuntimeError(f"`{' '.join(args[1:])}` failed ({done.returncode}): {done.stderr.strip()[-600:]}")
    return parse_rollout_json(done.stdout), seconds


def command_exists() -> bool:
    """Whether ``python -m game rollout`` is a command."""
    done = subprocess.run([*COMMAND[:4], "--help"], capture_output=True, text=True, cwd=ROOT)
    return done.returncode == 0


def decision(position: str, dice: str):
    """The state of ``position`` with ``dice`` to play."""
    return with_dice(parse_position(position), dice)


def after_id(state, move: str) -> str:
    """The position ID after ``move`` (the mover still on roll: GNU Backgammon's convention),
    so plays written differently (order, hit marks) compare equal."""
    after = RULES.apply(state, RULES.parse_play(state, move))
    mover = state.turn
    from game.backgammon import formats

    return formats.position_id(after.sides[mover], after.sides[1 - mover])


def sage_post_board(state, move: str) -> list[int]:
    """Open Sage's board after ``move``, from the mover's side (what its post-move rollout takes)."""
    after = RULES.apply(state, RULES.parse_play(state, move))
    mover = state.turn
    return sage_board(after.sides[mover], after.sides[1 - mover])


def sage_pre_board(state) -> list[int]:
    """Open Sage's board of ``state`` before the play, the side on roll positive."""
    return sage_board(state.sides[state.turn], state.sides[1 - state.turn])


def sage_analyzer(trials: int, threads: int, seed: int):
    """Open Sage's cubeless rollout at its 1-ply checker play (see the module doc)."""
    import bgsage  # MPL-2.0: benches and the training teacher only

    return bgsage.BgBotAnalyzer(eval_level="rollout", n_trials=trials, decision_ply=1, parallel_threads=threads,
                                seed=seed, cubeful_trial_moves=False)


def sage_rollout(analyzer, state, move: str, seed: int) -> dict:
    """Open Sage's rollout of one play: chances and cubeless equity for the mover, with its
    standard error, and the wall seconds."""
    analyzer.set_seed(seed)
    start = time.perf_counter()
    result = analyzer.post_move_analytics(sage_post_board(state, move), "centered", 1)
    seconds = time.perf_counter() - start
    p = result.probs
    return {"move": move, "win": p.win, "win_gammon": p.gammon_win, "win_backgammon": p.backgammon_win,
            "lose_gammon": p.gammon_loss, "lose_backgammon": p.backgammon_loss, "equity": result.cubeless_equity,
            "equity_se": result.cubeless_se, "seconds": round(seconds, 2)}


def sage_top(state, count: int) -> list[dict]:
    """Open Sage's best ``count`` plays at 2 ply (cubeless; then those its filter left at 1
    ply), as our notation, its equity and the depth of that equity."""
    import bgsage

    analyzer = bgsage.BgBotAnalyzer(eval_level="2ply", cubeful=False, parallel_threads=2)
    result = analyzer.checker_play(sage_pre_board(state), *state.dice)
    names = {}
    for play in RULES.legal_moves(state):
        text = RULES.notation(state, play)
        names.setdefault(tuple(sage_post_board(state, text)), text)
    ranked = sorted(result.moves, key=lambda m: (m.eval_level != "2-ply", -m.cubeless_equity))
    return [{"move": names[tuple(m.board)], "equity": round(m.cubeless_equity, 4), "depth": m.eval_level}
            for m in ranked[:count]]


def sage_version() -> str:
    from importlib.metadata import version

    return version("bgsage")


def matched(state, ours: list[dict], theirs: list[dict]) -> list[tuple[dict, dict]]:
    """Pairs of our candidate row and Open Sage's for the same play (matched by the position
    each leads to), in Open Sage's order; a play missing on our side is an error."""
    by_after = {after_id(state, row["move"]): row for row in ours}
    pairs = []
    for row in theirs:
        key = after_id(state, row["move"])
        if key not in by_after:
            raise ValueError(f"our rollout has no row for {row['move']} (it has {[r['move'] for r in ours]})")
        pairs.append((by_after[key], row))
    return pairs


__all__ = ["CANDIDATE_KEYS", "CommandMissing", "RULES", "after_id", "command_exists", "decision", "format_position",
           "matched", "our_rollout", "parse_rollout_json", "sage_analyzer", "sage_pre_board", "sage_rollout",
           "sage_post_board", "sage_top", "sage_version"]
