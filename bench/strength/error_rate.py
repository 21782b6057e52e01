"""Error per decision: how much equity each player's chequer plays lose, by two strong judges.

Engine authors measure strength this way: take real decisions, let every player pick a
play, and charge it what a much stronger judge says the pick loses against the best play.

- **Decisions**: every chequer play with a choice in the real matches of
  ``tests/data/matches/*.mat`` (1,576), and the decisions of ``--selfplay`` held-out games
  that GNU Backgammon's 0 ply plays against itself with 10% random plays (seed
  ``--seed``; no training run uses them).  Each is a cubeless money decision: the
  position, the dice, the legal plays.  They are reported together and split into
  **contact**, **crashed** and **race** (GNU Backgammon's classes of the position before the
  roll; bearoffs count as race).
- **Judges**: Open Sage 3 ply (``bgsage``, XG's numbering: about GNU's 2 ply) and GNU
  Backgammon 2 ply (``gnubg-nn``).  A judge values, as the mover's cubeless money equity,
  every play *within reach*: the plays within 0.16 of the best by GNU's 0 ply (at most 8,
  GNU's own 2-ply filter) plus every play any player picked.  A play's **loss** is the best
  judged value minus its own; "judge's best" is the share of decisions losing nothing.
  Reported in millipoints (thousandths of a point) per decision, with a 95% interval.
- **Players**: every Tabula level (its ``net-full``, or ``--net FILE`` in its place), the
  0-ply network (``greedy``), GNU Backgammon at 0, 1 and 2 ply (``best_move``) and Open Sage
  at 1 and 2 ply (``batch_checker_play`` without the Jacoby rule, its best play by cubeless
  equity among those it valued deepest: it ranks by cubeful equity, and with the Jacoby
  rule a centred cube makes gammons count for nothing), all in one run.

The judges' values and every player's picks are cached in ``--cache`` (by default
``bench/cache/error_rate.json.gz``, kept in the repository), keyed by position, so a rerun
costs only what is new: a new network's picks.  A Tabula player's picks are keyed by its
network's checksum and its level's search settings too, and saved every 200 decisions, so a long run (World class) that is
stopped goes on where it was.  Two runs at once must not share a cache file.

    python -m bench.strength.error_rate [--selfplay 10] [--seed 11] [--net FILE] [--players ...]
                               [--decisions N] [--workers 2] [--cache FILE]
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import math
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import gnubg_nn  # GPL: benches and tests only
import numpy as np

from bench.lib import gnu
from bench.lib.paths import CACHE as CACHE_FOLDER
from bench.lib.paths import MATCHES as MATCH_FOLDER
from game.backgammon.board import CHECKERS, OFF, START_SIDE
from game.backgammon.movegen import legal_plays
from game.backgammon.nets.encoding import equity
from game.backgammon.nets.supervised.dataset import match_decisions_with_dice
from game.backgammon.nets.supervised.teacher import sage_board
from game.backgammon.rules import BackgammonRules
from game.backgammon.state import BackgammonState

MATCHES = sorted(MATCH_FOLDER.glob("*.mat"))
CACHE = CACHE_FOLDER / "error_rate.json.gz"
JUDGES = ("sage-3ply", "gnubg-2ply")
TABULA = ("greedy", "beginner", "intermediate", "advanced", "expert", "worldclass", "grandmaster")
OTHERS = ("gnubg-0ply", "gnubg-1ply", "gnubg-2ply", "sage-1ply", "sage-2ply")
REACH, REACH_COUNT = 0.16, 8
PHASES = ("contact", "crashed", "race")


# -- decisions -------------------------------------------------------------------------------------
def selfplay_decisions(games: int, seed: int) -> list[tuple]:
    """``(me, opp, d1, d2)`` of every decision with a choice in ``games`` games of GNU's 0
    ply against itself, 10% of its plays random."""
    rng, found = random.Random(seed), []
    for _ in range(games):
        me, opp, opening = START_SIDE, START_SIDE, True
        for _ in range(400):
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            while opening and d1 == d2:
                d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            opening = False
            plays = legal_plays(me, opp, d1, d2)
            if len(plays) > 1:
                found.append((me, opp, d1, d2))
            values = gnu_values(plays, 0)
            pick = int(np.argmax(values)) if rng.random() > 0.1 else rng.randrange(len(plays))
            _, mover_after, opp_after = plays[pick]
            if mover_after[OFF] == CHECKERS:
                break
            me, opp = opp_after, mover_after
    return found


def all_decisions(selfplay: int = 10, seed: int = 11) -> list[tuple]:
    """``(me, opp, d1, d2)`` of every decision the bench judges: the real matches' (in file
    order), then those of ``selfplay`` held-out GNU self-play games (seed ``seed``)."""
    found = [(tuple(me), tuple(opp), d1, d2) for me, opp, d1, d2 in match_decisions_with_dice(MATCHES)]
    return found + selfplay_decisions(selfplay, seed)


def phase(me, opp) -> str:
    kind = gnubg_nn.classify(gnu.board(me, opp))
    if kind == gnubg_nn.c_crashed:
        return "crashed"
    return "contact" if kind == gnubg_nn.c_contact else "race"


position_key = gnu.after_key


def decision_key(me, opp, d1, d2) -> str:
    return f"{gnubg_nn.key_of_board(gnu.board(me, opp))}:{min(d1, d2)}{max(d1, d2)}"


# -- values ----------------------------------------------------------------------------------------
def exact_value(mover_after, opp_after) -> float | None:
    """The mover's points when the play ends the game, else ``None``."""
    if mover_after[OFF] != CHECKERS:
        return None
    if opp_after[OFF]:
        return 1.0
    return 3.0 if sum(opp_after[19:26]) else 2.0


def gnu_values(plays, plies: int) -> np.ndarray:
    """The mover's cubeless equity after each play by GNU at ``plies``."""
    out = []
    for _, mover_after, opp_after in plays:
        exact = exact_value(mover_after, opp_after)
        if exact is None:
            exact = -float(equity(np.array(gnubg_nn.probabilities(gnu.board(opp_after, mover_after), plies))))
        out.append(exact)
    return np.array(out)


def sage_values(afters: list[tuple], level: str) -> list[float]:
    """The mover's cubeless equity after each ``(mover_after, opp_after)`` by Open Sage."""
    from bgsage.batch import batch_post_move_evaluate

    results = batch_post_move_evaluate([{"board": sage_board(m, o), "cube_owner": "centered"} for m, o in afters],
                                       eval_level=level, n_threads=0)
    return [r.cubeless_equity for r in results]


# -- players ---------------------------------------------------------------------------------------
def network_checksum(path: str | None) -> str:
    from game.core.resources import asset_path

    files = [Path(path)] if path else [Path(asset_path("weights", "net-full.npz"))]
    files.append(Path(asset_path("weights", "net-race.npz")))
    return hashlib.sha256(b"".join(f.read_bytes() for f in files)).hexdigest()[:12]


def search_signature(player: str) -> str:
    """What a Tabula player's picks depend on besides the network: a level's search settings
    (plies, filters, shortlist, noise), hashed; empty for the 0-ply network.  A level whose
    search changes is picked again, where its old picks stay cached under the old key."""
    if player == "greedy":
        return ""
    from game.backgammon.analysis.levels import get_level

    level = get_level(player)
    settings = (level.plies, level.move_filter, level.root_filters, level.noise, level.reply_shortlist)
    return "@" + hashlib.sha256(repr(settings).encode()).hexdigest()[:8]


def _install(net_file: str | None) -> None:
    """Put ``net_file`` in ``net-full``'s place for this process's Tabula players."""
    from game.backgammon.evaluators import evaluator_names, get_evaluator, register
    from game.backgammon.nets.evaluator import NetEvaluator, load_race_network
    from game.backgammon.nets.network import Network

    if net_file:
        register(NetEvaluator("net-full", Network.load(net_file), load_race_network("net-full")), replace=True)
    assert "net-full" in evaluator_names(), get_evaluator("net-full")


def tabula_chooser(player: str, net_file: str | None, seed: int):
    """``choose(me, opp, d1, d2, plays) -> index`` into ``plays`` (``legal_plays`` of the
    roll) for a Tabula player: ``greedy`` (the 0-ply network) or a level's name."""
    _install(net_file)
    from game.backgammon.analysis.ai import level_player
    from game.backgammon.players.greedy import GreedyPlayer

    rules = BackgammonRules()
    chooser = GreedyPlayer("net-full") if player == "greedy" else level_player(player, seed=seed)

    def choose(me, opp, d1, d2, plays) -> int:
        if len(plays) == 1:
            return 0
        state = BackgammonState.from_board(me, opp, dice=(d1, d2))
        after = rules.apply(state, chooser.choose(rules, state))
        mover_after, opp_after = after.sides[state.turn], after.sides[1 - state.turn]
        return next(i for i, (_, m, o) in enumerate(plays) if m == mover_after and o == opp_after)

    return choose


def tabula_picks(job) -> list[int]:
    """The index of each decision's play picked by Tabula ``player`` (in ``legal_plays`` order)."""
    player_name, net_file, decisions, seed = job
    choose = tabula_chooser(player_name, net_file, seed)
    return [choose(me, opp, d1, d2, legal_plays(me, opp, d1, d2)) for me, opp, d1, d2 in decisions]


def other_picks(name: str, decisions) -> list[int]:
    """GNU Backgammon's or Open Sage's pick in each decision."""
    engine, plies = name.split("-")
    picks = []
    if engine == "gnubg":
        return [gnu.pick(legal_plays(me, opp, d1, d2), me, opp, d1, d2, int(plies[0])) for me, opp, d1, d2 in decisions]
    from bgsage.batch import batch_checker_play

    results = batch_checker_play([{"board": sage_board(me, opp), "die1": d1, "die2": d2, "cube_value": 1,
                                   "cube_owner": "centered"} for me, opp, d1, d2 in decisions],
                                 eval_level=plies, n_threads=0, jacoby=False)
    for (me, opp, d1, d2), result in zip(decisions, results):
        # Open Sage ranks by cubeful equity; the decisions are cubeless: its best by cubeless
        # equity among the plays it valued deepest.
        deepest = [m for m in result.moves if m.eval_level == result.moves[0].eval_level]
        best = max(deepest, key=lambda m: m.cubeless_equity).board
        plays = legal_plays(me, opp, d1, d2)
        picks.append(next(i for i, (_, m, o) in enumerate(plays) if sage_board(m, o) == list(best)))
    return picks


# -- the run ---------------------------------------------------------------------------------------
def load_cache(path: Path) -> dict:
    if path.exists():
        with gzip.open(path, "rt") as handle:
            return json.load(handle)
    return {"judges": {judge: {} for judge in JUDGES}, "picks": {}}


def save_cache(cache: dict, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    with gzip.open(tmp, "wt") as handle:
        json.dump(cache, handle, sort_keys=True)
    os.replace(tmp, path)


PICKS_SAVED_EVERY = 200
"""Picks are written to the cache after every this many decisions."""


def picks_for(cache, cache_path, players, decisions, keys, net_file, workers, seed) -> dict[str, list[int]]:
    """Every player's pick per decision, from the cache where known."""
    checksum = network_checksum(net_file)
    out = {}
    for name in players:
        slot = cache["picks"].setdefault(name if name in OTHERS else f"{name}@{checksum}{search_signature(name)}", {})
        todo = [k for k, key in enumerate(keys) if key not in slot]
        start = time.monotonic()
        for first in range(0, len(todo), PICKS_SAVED_EVERY):  # saved as it goes: a long run resumes
            chunk = todo[first:first + PICKS_SAVED_EVERY]
            rows = [decisions[k] for k in chunk]
            if name in OTHERS:
                found = other_picks(name, rows)
            else:
                parts = [rows[w::workers] for w in range(workers)]
                with ProcessPoolExecutor(workers) as pool:
                    results = list(pool.map(tabula_picks, [(name, net_file, part, seed) for part in parts]))
                found = [None] * len(rows)
                for w, result in enumerate(results):
                    found[w::workers] = result
            for k, pick in zip(chunk, found):
                slot[keys[k]] = pick
            save_cache(cache, cache_path)
            print(f"  {name}: {first + len(chunk)}/{len(todo)} picks in {time.monotonic() - start:.0f} s",
                  file=sys.stderr)
        out[name] = [slot[key] for key in keys]
    return out


def judged(cache, cache_path, decisions, picks) -> dict[str, list[np.ndarray]]:
    """Each judge's values of every play within reach, per decision (NaN: out of reach)."""
    values = {judge: [] for judge in JUDGES}
    wanted: dict[str, dict[str, tuple]] = {judge: {} for judge in JUDGES}
    reach = []
    for k, (me, opp, d1, d2) in enumerate(decisions):
        plays = legal_plays(me, opp, d1, d2)
        by_zero = gnu_values(plays, 0)
        order = np.argsort(-by_zero, kind="stable")
        near = {int(i) for i in order[:REACH_COUNT] if by_zero[i] >= by_zero[order[0]] - REACH}
        near |= {chosen[k] for chosen in picks.values()}
        reach.append((plays, sorted(near)))
        for i in near:
            _, m, o = plays[i]
            key = position_key(m, o)
            for judge in JUDGES:
                if key not in cache["judges"][judge]:
                    wanted[judge][key] = (m, o)
    for judge, todo in wanted.items():
        if not todo:
            continue
        start = time.monotonic()
        items = list(todo.items())
        for lo in range(0, len(items), 2000):
            part = items[lo:lo + 2000]
            live = [(key, m, o) for key, (m, o) in part if exact_value(m, o) is None]
            for key, (m, o) in part:
                exact = exact_value(m, o)
                if exact is not None:
                    cache["judges"][judge][key] = exact
            if judge == "sage-3ply":
                found = sage_values([(m, o) for _, m, o in live], "3ply")
            else:
                found = [-float(equity(np.array(gnubg_nn.probabilities(gnu.board(o, m), 2)))) for _, m, o in live]
            for (key, _, _), value in zip(live, found):
                cache["judges"][judge][key] = round(float(value), 6)
            save_cache(cache, cache_path)
            print(f"  {judge}: {lo + len(part)}/{len(items)} positions valued, "
                  f"{time.monotonic() - start:.0f} s", file=sys.stderr)
    for plays, near in reach:
        for judge in JUDGES:
            row = np.full(len(plays), np.nan)
            for i in near:
                _, m, o = plays[i]
                row[i] = cache["judges"][judge][position_key(m, o)]
            values[judge].append(row)
    return values


def interval(losses: np.ndarray) -> tuple[float, float]:
    """Mean and 95% half-width (normal approximation), in millipoints."""
    if not len(losses):
        return math.nan, math.nan
    mean = 1000 * losses.mean()
    half = 1000 * 1.96 * losses.std(ddof=1) / math.sqrt(len(losses)) if len(losses) > 1 else math.nan
    return mean, half


def table(players, picks, values, phases, judge) -> str:
    lines = [f"judge {judge}: millipoints lost per decision (95% interval); share of the judge's best play",
             f"{'player':<16}" + "".join(f"{name:>24}" for name in ("all",) + PHASES)]
    counts = {p: sum(1 for x in phases if x == p) for p in PHASES}
    lines.append(f"{'decisions':<16}{len(phases):>24}" + "".join(f"{counts[p]:>24}" for p in PHASES))
    for name in players:
        losses = np.array([np.nanmax(row) - row[pick] for row, pick in zip(values[judge], picks[name])])
        cells = []
        for which in ("all",) + PHASES:
            mask = np.array([which in ("all", x) for x in phases])
            mean, half = interval(losses[mask])
            best = (losses[mask] <= 1e-9).mean() if mask.any() else math.nan
            cells.append(f"{mean:6.2f} ±{half:4.2f} {best:6.1%}" if mask.sum() > 1 else "—")
        lines.append(f"{name:<16}" + "".join(f"{cell:>24}" for cell in cells))
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--selfplay", type=int, default=10, help="held-out GNU self-play games (default 10)")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--net", help="a network file to use in net-full's place for the Tabula players")
    parser.add_argument("--players", nargs="+", default=list(TABULA + OTHERS), choices=TABULA + OTHERS)
    parser.add_argument("--decisions", type=int, help="only the first N decisions (a quick look)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--cache", type=Path, default=CACHE)
    args = parser.parse_args(argv)

    decisions = all_decisions(args.selfplay, args.seed)
    decisions = decisions[:args.decisions] if args.decisions else decisions
    keys = [decision_key(*d) for d in decisions]
    phases = [phase(me, opp) for me, opp, _, _ in decisions]
    cache = load_cache(args.cache)
    try:
        picks = picks_for(cache, args.cache, args.players, decisions, keys, args.net, args.workers, args.seed)
        values = judged(cache, args.cache, decisions, picks)
    finally:
        save_cache(cache, args.cache)
    print(f"{len(decisions)} chequer decisions ({len(MATCHES)} real matches, then {args.selfplay} held-out "
          f"GNU self-play games, seed {args.seed}); "
          f"Tabula's network: {args.net or 'net-full (installed)'}")
    for judge in JUDGES:
        print()
        print(table(args.players, picks, values, phases, judge))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
