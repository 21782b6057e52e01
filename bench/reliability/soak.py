"""Soak test (not in CI): random games with invariants, kills during tournaments and saves.

1. ``--games`` random games of every game, checking at every position: a game on has legal
   actions, every action's notation reads back as that action, the position's text form
   reads back to the same text, a finished game's points sum to zero.
2. A tournament killed (SIGKILL) ``--kills`` times at random moments and resumed each time
   at once (a refused resume counts as a failure: the folder lock must be free), then
   finished; its game records and results are compared with an uninterrupted run's.
3. A process saving a game over and over, killed ``--kills`` times: after each kill the save
   must load and be one of the versions written (never torn); the temporaries the kills
   left behind are counted and removed as the window does at start.
4. The fuzzer (``tests/reliability/fuzz/``): ``--fuzz`` cases in all, shared out by cost over its
   targets (mutated ``.mat`` and ``.sgf`` files, Chesstack positions, match IDs and XGIDs;
   position strings through every command; ``rollout``'s options; output paths of every
   command that writes; long jobs stopped by signals), or only ``--targets``: the counts of
   clean errors, accepted inputs, crashes and hangs per target, and the first crashes to
   replay (case number and seed).

    python -m bench.reliability.soak [--games 200] [--kills 10] [--fuzz 3000] [--targets T ...] [--failures FILE] [--seed 1]

``--games 0`` and ``--kills 0`` skip the first three parts (a fuzzing run alone);
``--failures FILE`` writes every fuzz failure (the report prints the first 40).

It prints the cases tried and the failures of each part; the exit code is 1 if any failed.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.lib.paths import ROOT
from game.core.match import GameRecord
from game.core.protocol import CHANCE
from game.core.saves import STALE_SECONDS, SaveError, load_game, remove_stale_temporaries, save_game
from game.games import all_games, rules_for
from tests.reliability.fuzz import TARGETS, counts_for, fuzz

SHOWN_FAILURES = 40
"""Fuzz failures printed in the report (``--failures FILE`` writes them all)."""
PLY_CAP = 600
"""Random play can wander (Mandragora, Chesstack): a game stops unchecked past this."""


# -- 1. random games with invariants ----------------------------------------------------------
def random_games(games: int, seed: int) -> tuple[int, list[str]]:
    """Positions checked and the failures, over ``games`` random games of every game."""
    checked, failures = 0, []
    for info in all_games():
        rules = info.rules()
        for number in range(games):
            rng = random.Random(f"{seed}-{info.name}-{number}")
            state = rules.initial_state(dict(info.tournament_play().options))
            for _ply in range(PLY_CAP):
                checked += 1
                problem = _check(info, rules, state, rng)
                if problem:
                    failures.append(f"{info.name} game {number}: {problem}")
                    break
                if rules.is_over(state):
                    break
                state = rules.apply(state, rng.choice(list(rules.actions(state))))
    return checked, failures


def _check(info, rules, state, rng: random.Random) -> str | None:
    if rules.is_over(state):
        result = rules.result(state)
        return None if abs(sum(result)) < 1e-9 else f"points {result} do not sum to zero"
    actions = list(rules.actions(state))
    if not actions:
        return "a game on with no legal action"
    if rules.to_move(state) != CHANCE:
        text = info.notation.format_position(state)
        if info.notation.format_position(info.notation.parse_position(text)) != text:
            return f"position {text!r} does not read back"
    for action in rng.sample(actions, min(8, len(actions))):
        notation = rules.notation(state, action)
        if rules.to_move(state) != CHANCE and rules.parse(state, notation) != action:
            return f"{notation!r} does not read back as its action"
    return None


# -- 2. a tournament killed and resumed ---------------------------------------------------------
TOURNAMENT_GAMES = 2000
"""Games of the killed tournament: enough that every kill lands mid-run."""


def tournament_argv(folder: Path, seed: int) -> list[str]:
    return [sys.executable, "-m", "game", "tournament", "backgammon", "--players", "easy", "random",
            "--games", str(TOURNAMENT_GAMES), "--seed", str(seed), "--workers", "2", "--out", str(folder), "--json"]


def run_to_end(folder: Path, seed: int) -> subprocess.CompletedProcess:
    return subprocess.run(tournament_argv(folder, seed), cwd=ROOT, env=_env(), capture_output=True, text=True)


def killed_tournament(kills: int, seed: int, base: Path) -> tuple[int, list[str]]:
    """Kills made (a run that finished first is not killed) and failures: a refused resume, a damaged folder, results unlike a straight run's."""
    rng, failures, kept = random.Random(seed), [], []
    straight, killed = base / "straight", base / "killed"
    reference = run_to_end(straight, seed)
    if reference.returncode != 0:
        return 0, [f"the uninterrupted tournament failed: {reference.stderr.strip()[-300:]}"]
    for k in range(kills):
        process = subprocess.Popen(tournament_argv(killed, seed), cwd=ROOT, env=_env(),
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        time.sleep(rng.uniform(0.5, 4.0))
        if process.poll() is not None:
            error = process.stderr.read()
            if process.returncode != 0:
                failures.append(f"kill {k + 1}: the run ended with {process.returncode} before the kill: "
                                f"{error.strip()[-300:]}")
            continue
        process.send_signal(signal.SIGKILL)
        process.wait()
        process.stderr.close()
        games = killed / "games.jsonl"
        kept.append(games.read_text(encoding="utf-8").count("\n") if games.exists() else 0)
    print(f"  games kept after each kill: {kept}")
    kills = len(kept)
    final = run_to_end(killed, seed)
    if final.returncode != 0:
        failures.append(f"the resumed tournament failed: {final.stderr.strip()[-300:]}")
        return kills, failures
    if _records(killed) != _records(straight):
        failures.append("the game records differ from the uninterrupted run's")
    if _results(final.stdout) != _results(reference.stdout):
        failures.append("the results differ from the uninterrupted run's")
    return kills, failures


def _records(folder: Path) -> list[dict]:
    lines = (folder / "games.jsonl").read_text(encoding="utf-8").splitlines()
    return sorted((json.loads(line) for line in lines if line.strip()), key=lambda r: r["index"])


def _results(stdout: str) -> dict:
    results = json.loads(stdout)
    results.pop("folder", None)
    return results


# -- 3. a save loop killed ----------------------------------------------------------------------
SAVER = """
import sys
from game.core.saves import load_game, save_game
from game.games import rules_for
from dataclasses import replace
full = load_game(sys.argv[1], rules_for)
k = 0
while True:
    k += 1
    n = 1 + k % len(full.actions)
    save_game(sys.argv[2], replace(full, actions=full.actions[:n], result=None))
"""


def killed_saves(kills: int, seed: int, base: Path) -> tuple[int, list[str], int]:
    """Kills tried, failures (a save that does not load, or is not a version written) and the
    temporaries left behind."""
    rng, failures = random.Random(seed), []
    source = sorted((ROOT / "saves").glob("*.json"))[0]
    full = load_game(source, rules_for)
    target = base / "saves" / "loop.json"
    save_game(target, GameRecord(full.game, full.options, full.actions[:1], full.players, full.seed))
    for k in range(kills):
        process = subprocess.Popen([sys.executable, "-c", SAVER, str(source), str(target)], cwd=ROOT, env=_env())
        time.sleep(rng.uniform(0.5, 1.5))
        process.send_signal(signal.SIGKILL)
        process.wait()
        try:
            saved = load_game(target, rules_for)
        except SaveError as error:
            failures.append(f"kill {k + 1}: the save does not load: {error}")
            continue
        if saved.actions != full.actions[:len(saved.actions)]:
            failures.append(f"kill {k + 1}: the save is not a version that was written")
    left = remove_stale_temporaries(target.parent, now=time.time() + STALE_SECONDS + 1)
    return kills, failures, left


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), "TABULA_HOME": os.environ.get("TABULA_HOME", "")}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random games of every game")
    parser.add_argument("--kills", type=int, default=10, help="kills of the tournament and of the save loop")
    parser.add_argument("--fuzz", type=int, default=3000, help="fuzzed cases in all, shared out by cost")
    parser.add_argument("--targets", nargs="+", choices=sorted(TARGETS), metavar="T",
                        help=f"only these fuzz targets (default all: {', '.join(TARGETS)})")
    parser.add_argument("--failures", type=Path, metavar="FILE",
                        help="write every fuzz failure to FILE, one a line (the report shows the first 40)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        os.environ["TABULA_HOME"] = str(base / "home")
        start = time.perf_counter()
        failures, tournament_failures, save_failures = [], [], []
        if args.games:
            checked, failures = random_games(args.games, args.seed)
            print(f"random games: {args.games} of each game, {checked:,} positions checked, {len(failures)} failures "
                  f"({time.perf_counter() - start:.0f} s)")
        if args.kills:
            kills, tournament_failures = killed_tournament(args.kills, args.seed, base)
            print(f"tournament killed {kills} times and resumed: {len(tournament_failures)} failures; "
                  + ("records and results identical to the uninterrupted run" if not tournament_failures else
                     "differences below"))
            save_kills, save_failures, left = killed_saves(args.kills, args.seed, base)
            print(f"save loop killed {save_kills} times: {len(save_failures)} failures; "
                  f"{left} interrupted temporaries left (removed as at start)")
        start = time.perf_counter()
        plan = counts_for(args.fuzz, args.targets)
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            fuzzed = fuzz(plan, args.seed)  # the commands' own output is not the report's
        print(f"fuzzer: {sum(plan.values())} cases, seed {args.seed} ({time.perf_counter() - start:.0f} s)")
        print(fuzzed.table())
        if args.failures:
            args.failures.write_text("".join(f"{line}\n" for line in fuzzed.failures), encoding="utf-8")
        shown = fuzzed.failures[:SHOWN_FAILURES]
        for problem in failures + tournament_failures + save_failures + shown:
            print(f"  FAILED {problem}")
        if len(fuzzed.failures) > len(shown):
            print(f"  ... and {len(fuzzed.failures) - len(shown)} more fuzz failures"
                  + (f" (all in {args.failures})" if args.failures else " (--failures FILE lists them all)"))
        failed = len(failures) + len(tournament_failures) + len(save_failures) + len(fuzzed.failures)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
