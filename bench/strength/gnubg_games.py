"""Tabula's players against GNU Backgammon: duplicate cubeless money games.

Each deal is two games on the same dice (the roll of ply ``k`` of both games drawn from the
deal's seed), the seats swapped, so most of the luck cancels.  GNU Backgammon
(``gnubg-nn``'s ``best_move``) plays at ``--gnu-plies`` (default 0); Tabula plays at a level
(``greedy`` is the 0-ply network, or any level name), with ``--net FILE`` in ``net-full``'s
place if given.  Printed: Tabula's points per game with a 95% interval over the deals, its
win rate, and the games played.  Deals go out in blocks over ``--workers`` processes; the
figures do not depend on how.  With ``--record FILE`` every finished block is appended to
FILE (one JSON line, with the settings it was played under, the networks' checksum and a
level's search settings),
and a rerun with the same FILE plays only the blocks it lacks: a long run survives being
stopped.  The records of the runs in ``bench/RESULTS.md`` are kept in
``bench/cache/gnubg_games/`` (``greedy.jsonl``, ``advanced.jsonl``, ``expert.jsonl``;
``greedy-sup512.jsonl`` and ``greedy-sup2l.jsonl`` are networks tried before the shipped
one): given as ``--record``, they print their figures at once, and an unfinished one goes on.

    python -m bench.strength.gnubg_games --player greedy --deals 1000 [--net FILE] [--seed 1] [--workers 2]
                                [--record FILE]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from bench.lib import gnu
from bench.strength.error_rate import exact_value, network_checksum, search_signature, tabula_chooser
from game.backgammon.board import START_SIDE
from game.backgammon.movegen import legal_plays
from game.core.tournament.schedule import derive_seed
from game.core.tournament.stats import mean_interval

MAX_PLIES = 500
BLOCK = 10


def play_game(choosers, dice_seed: int) -> float:
    """Seat 0's points in one game: seat 0 opens with the first non-double roll."""
    rng = np.random.default_rng(dice_seed)
    sides, turn, opening = [START_SIDE, START_SIDE], 0, True
    for _ in range(MAX_PLIES):
        d1, d2 = (int(d) for d in rng.integers(1, 7, 2))
        while opening and d1 == d2:
            d1, d2 = (int(d) for d in rng.integers(1, 7, 2))
        opening = False
        me, opp = sides[turn], sides[1 - turn]
        plays = legal_plays(me, opp, d1, d2)
        _, mover_after, opp_after = plays[choosers[turn](me, opp, d1, d2, plays)]
        sides[turn], sides[1 - turn] = mover_after, opp_after
        points = exact_value(mover_after, opp_after)
        if points is not None:
            return points if turn == 0 else -points
        turn = 1 - turn
    return 0.0


def gnu_chooser(plies: int):
    """``choose(me, opp, d1, d2, plays) -> index``: GNU Backgammon's pick at ``plies``."""
    def choose(me, opp, d1, d2, plays) -> int:
        return gnu.pick(plays, me, opp, d1, d2, plies)
    return choose


def play_block(job) -> list[float]:
    """Tabula's mean points in each deal ``start``..``stop`` (two games, seats swapped)."""
    player, net_file, gnu_plies, seed, start, stop = job
    ours, theirs = tabula_chooser(player, net_file, seed), gnu_chooser(gnu_plies)
    out = []
    for deal in range(start, stop):
        dice = derive_seed("gnubg-games", seed, deal)
        first = play_game((ours, theirs), dice)
        second = -play_game((theirs, ours), dice)
        out.append((first + second) / 2)
    return out


def recorded_blocks(path: Path | None, settings: dict) -> dict[int, list[float]]:
    """The blocks already played under ``settings`` in ``path`` (first deal -> deal values)."""
    if path is None or not path.exists():
        return {}
    done = {}
    for line in path.read_text().splitlines():
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:
            continue  # a line torn by a stop mid-write: that block is played again
        if isinstance(entry, dict) and entry.get("settings") == settings:
            done[entry["start"]] = entry["deals"]
    return done


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--player", default="greedy", help="greedy (0 ply) or a level name")
    parser.add_argument("--deals", type=int, default=1000, help="duplicate deals (two games each)")
    parser.add_argument("--gnu-plies", type=int, default=0)
    parser.add_argument("--net", help="a network file in net-full's place")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--record", type=Path, metavar="FILE",
                        help="append each finished block to FILE and skip the blocks already in it")
    args = parser.parse_args(argv)
    start = time.monotonic()
    settings = {"player": args.player, "net": args.net, "networks": network_checksum(args.net),
                "gnu_plies": args.gnu_plies, "seed": args.seed, "block": BLOCK}
    if search_signature(args.player):  # a level's search settings: a changed level starts a record anew
        settings["search"] = search_signature(args.player)
    blocks = recorded_blocks(args.record, settings)
    jobs = [(args.player, args.net, args.gnu_plies, args.seed, lo, min(lo + BLOCK, args.deals))
            for lo in range(0, args.deals, BLOCK) if lo not in blocks]
    if blocks:
        print(f"{len(blocks)} block(s) already played in {args.record}", file=sys.stderr)
    with ProcessPoolExecutor(args.workers) as pool:
        for job, block in zip(jobs, pool.map(play_block, jobs)):
            blocks[job[4]] = block
            if args.record is not None:
                with args.record.open("a") as out:
                    out.write(json.dumps({"settings": settings, "start": job[4], "deals": block}) + "\n")
            print(f"deals {job[4]}-{job[5] - 1} done ({time.monotonic() - start:.0f} s)", file=sys.stderr)
    deals = [x for lo in sorted(blocks) if lo < args.deals for x in blocks[lo]][:args.deals]
    interval = mean_interval(deals)
    mean, low, high = interval.mean, interval.low, interval.high
    print(f"{args.player} ({args.net or 'net-full'}) v gnubg-nn {args.gnu_plies} ply: {2 * len(deals)} games "
          f"({len(deals)} duplicate deals, seed {args.seed}): {mean:+.3f} points/game [{low:+.3f}, {high:+.3f}]"
          f"  ({time.monotonic() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
