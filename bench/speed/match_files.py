"""How reading a match file scales: a money session of every game of the six real matches,
1, 2, 4 and 8 times over, read as ``.sgf``, timed with the position cache and without it.

Every move is matched against the legal plays of its roll, and the move generator is most of
the cost.  Without the cache the time per move stays flat as the file grows: reading is linear.
With it (the default), plays of positions met again (every game's opening, a file that repeats
games, as a padded 2 MB file does) come from a bounded cache, so a file of repeated games reads
faster per move the more it repeats.

    python -m bench.speed.match_files [--copies 1 2 4 8]

Prints kilobytes, moves, seconds and microseconds per move for each size, and the time per move
as a ratio to the smallest file's in the same run (about 1.0 or below: linear).
"""

from __future__ import annotations

import argparse
import re
import time

from bench.lib.paths import MATCHES
from game.backgammon.matfile import read_match, replay, write_sgf


def money_session(copies: int) -> str:
    """An ``.sgf`` money session: every game of the six real matches, ``copies`` times."""
    trees = []
    for path in sorted(MATCHES.glob("*.mat")):
        text = write_sgf(read_match(path.read_text(), path.name))
        for tree in re.findall(r"\(;.*?\)\n", text, re.S):
            tree = re.sub(r"MI\[length:\d+\]\[game:\d+\]\[ws:\d+\]\[bs:\d+\]", "MI[length:0]", tree)
            trees.append(tree.replace("RU[Crawford:CrawfordGame]", "").replace("RU[Crawford]", ""))
    return "".join(trees * copies)


def timed(text: str, cached: bool) -> tuple[float, int]:
    """Seconds to read ``text`` and its moves, with the position cache or without it."""
    plays = replay._plays
    replay._plays.cache_clear()
    if not cached:
        replay._plays = plays.__wrapped__
    try:
        start = time.perf_counter()
        match = read_match(text, "session.sgf")
        return time.perf_counter() - start, sum(len(g.turns) for g in match.games)
    finally:
        replay._plays = plays


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, nargs="+", default=[1, 2, 4, 8])
    args = parser.parse_args()
    for cached in (False, True):
        print(f"{'with' if cached else 'without'} the position cache")
        print(f"{'copies':>6} {'kB':>8} {'moves':>8} {'seconds':>8} {'µs/move':>8} {'ratio':>6}")
        base = None
        for copies in args.copies:
            text = money_session(copies)
            seconds, moves = timed(text, cached)
            per_move = 1e6 * seconds / moves
            base = base or per_move
            print(f"{copies:>6} {len(text) / 1000:>8.0f} {moves:>8} {seconds:>8.2f} {per_move:>8.0f} "
                  f"{per_move / base:>6.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
