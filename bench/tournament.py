"""Tournament throughput: games per second with 1 and 2 local workers and on Ray, same games.

Seed 002's Medium player against itself (or ``--players``), played by the real runner into
a temporary folder (records written as in a real run).  Goal: ≥ 30 games/s with 2 workers.
Then the same games on Ray (``--cluster ray``'s path): a local Ray instance with 2 CPUs, as
many as the 2 workers (or the cluster at ``--address``), timed twice — the first run starts
Ray's worker processes, the second finds them running — and the Ray overhead printed as the
ratio of Ray's rate (second run) to 2 local workers' (best of :data:`ROUNDS` runs).  Starting
Ray itself is timed apart.  Ray runs its workers at a lower priority (nice 19 here against
the local workers' 10), which counts against it on a busy machine.

    python bench/tournament.py [--games 400] [--seed 1] [--players medium medium] [--address ADDR]

Measured on the 2-core build machine while two other engineers' jobs ran (load average 4-6,
so figures move by ±50% from run to run), Medium against Medium, three runs (400, 800 and
400 games): 1 worker 45-71 games/s, 2 workers 48-57; Ray with 2 CPUs 37-99 games/s on its
first run and 75-101 on the second: Ray / 2 local workers = 2.09×, 1.71×, 1.31×.
So Ray's cost per game (one task per game, its record sent back as it finishes) is lost in
the noise next to the games themselves; what Ray costs is its start (8-10 s here) and, on
the first run, its workers' start.  On N nodes of C cores the rate grows about as N·C local
workers would: the games are independent and only their records travel back.
"""

from __future__ import annotations

import argparse
import tempfile
import time

from game.core.cluster import connect
from game.core.tournament import ResultStore, Settings, even_games, run_tournament, validate
from game.games import get_game

ROUNDS = 2
"""Runs of each kind; the best counts (the machine is shared, so a run may be slowed)."""

RAY_CPUS = 2
"""CPUs of the local Ray instance: as many as the local run's workers."""


def games_per_second(settings: Settings, workers: int, **cluster) -> tuple[float, list[dict]]:
    with tempfile.TemporaryDirectory() as folder, ResultStore(folder, settings) as store:
        start = time.perf_counter()
        records = run_tournament(settings, get_game, store, workers=workers, **cluster)
        return len(records) / (time.perf_counter() - start), records


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per pair")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", nargs="+", default=["medium", "medium"])
    parser.add_argument("--address", metavar="ADDR", help="a Ray cluster to measure (default: a local instance)")
    args = parser.parse_args()
    settings = Settings("backgammon", tuple(args.players), even_games(args.games), args.seed)
    validate(settings, get_game)
    rates = {}
    outcomes = []
    for workers in (1, 2):  # before Ray starts: the local pool then forks as it does in a plain run
        for _ in range(ROUNDS):
            rate, records = games_per_second(settings, workers)
            rates[workers] = max(rate, rates.get(workers, 0.0))
            outcomes.append(records)
        print(f"{workers} worker{'s' if workers > 1 else ' '}: {rates[workers]:7.1f} games/s ({len(records)} games, "
              f"best of {ROUNDS})")
    print(f"ratio 2 workers / 1 worker: {rates[2] / rates[1]:.2f}x (goal: ≥ 30 games/s with 2 workers)")
    print("same results serial and parallel:", "yes" if outcomes[0] == outcomes[1] else "NO")
    start = time.perf_counter()
    ray = connect(args.address, None if args.address else RAY_CPUS)
    cpus = int(ray.cluster_resources().get("CPU", 0))
    print(f"Ray started in {time.perf_counter() - start:.1f} s ({cpus} CPUs)")
    for run in ("first", "second"):
        rates[run], records = games_per_second(settings, 1, cluster="ray", address=args.address)
        outcomes.append(records)
        print(f"Ray, {run} run: {rates[run]:7.1f} games/s ({len(records)} games on {cpus} CPUs)")
    print(f"Ray overhead: Ray ({cpus} CPUs, second run) / 2 local workers = {rates['second'] / rates[2]:.2f}x")
    print("same results local and on Ray:", "yes" if all(o == outcomes[0] for o in outcomes) else "NO")


if __name__ == "__main__":
    main()
