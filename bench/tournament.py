"""Tournament throughput: games per second with 1 and 2 workers, same games both times.

Seed 002's Medium player against itself (or ``--players``), played by the real runner into
a temporary folder (records written as in a real run).  Goal: ≥ 30 games/s with 2 workers.

    python bench/tournament.py [--games 400] [--seed 1] [--players medium medium]
"""

from __future__ import annotations

import argparse
import tempfile
import time

from game.core.tournament import ResultStore, Settings, even_games, run_tournament, validate
from game.games import get_game


def games_per_second(settings: Settings, workers: int) -> tuple[float, list[dict]]:
    with tempfile.TemporaryDirectory() as folder, ResultStore(folder, settings) as store:
        start = time.perf_counter()
        records = run_tournament(settings, get_game, store, workers=workers)
        return len(records) / (time.perf_counter() - start), records


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per pair")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", nargs="+", default=["medium", "medium"])
    args = parser.parse_args()
    settings = Settings("backgammon", tuple(args.players), even_games(args.games), args.seed)
    validate(settings, get_game)
    rates = {}
    outcomes = []
    for workers in (1, 2):
        rates[workers], records = games_per_second(settings, workers)
        outcomes.append([r["result"] for r in records])
        print(f"{workers} worker{'s' if workers > 1 else ' '}: {rates[workers]:7.1f} games/s ({len(records)} games)")
    print(f"ratio 2 workers / 1 worker: {rates[2] / rates[1]:.2f}x (goal: ≥ 30 games/s with 2 workers)")
    print("same results serial and parallel:", "yes" if outcomes[0] == outcomes[1] else "NO")


if __name__ == "__main__":
    main()
