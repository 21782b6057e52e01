"""Tournament throughput: games per second with 1 and 2 local workers and on Ray, same games.

Seed 002's Medium player against itself (or ``--players``), played by the real runner into
a temporary folder (records written as in a real run).  Goal: ≥ 30 games/s with 2 workers.
Then the same games on Ray (``--cluster ray``'s path): a local Ray instance with 2 CPUs, as
many as the 2 workers (or the cluster at ``--address``), driven by a child process so this
one never runs Ray's threads and its pool forks as in a plain run.  Ray's first run (it
starts Ray's worker processes) is shown apart; then :data:`ROUNDS` rounds alternate 2 local
workers and Ray, so a busy spell of the shared machine slows both alike, and the Ray
overhead is printed as the ratio of the best rates.  Starting Ray itself is timed apart.
Ray runs its workers at a lower priority (nice 19 here against the local workers' 10),
which counts against it on a busy machine.

    python -m bench.speed.tournament [--games 400] [--seed 1] [--players medium medium] [--address ADDR]

Figures: ``bench/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import tempfile
import time

from game.core.tournament import ResultStore, Settings, even_games, run_tournament, validate
from game.games import get_game

ROUNDS = 3
"""Rounds of 2 local workers against Ray; the best rate of each counts."""

RAY_CPUS = 2
"""CPUs of the local Ray instance: as many as the local run's workers."""


def games_per_second(settings: Settings, workers: int, **cluster) -> tuple[float, list[dict]]:
    with tempfile.TemporaryDirectory() as folder, ResultStore(folder, settings) as store:
        start = time.perf_counter()
        records = run_tournament(settings, get_game, store, workers=workers, **cluster)
        return len(records) / (time.perf_counter() - start), records


def ray_driver(connection, settings: Settings, address: str | None) -> None:
    """Child process: start Ray, then play the tournament on it each time the parent asks."""
    from game.core.cluster import connect

    start = time.perf_counter()
    ray = connect(address, None if address else RAY_CPUS)
    connection.send((time.perf_counter() - start, int(ray.cluster_resources().get("CPU", 0))))
    while connection.recv():
        connection.send(games_per_second(settings, 1, cluster="ray", address=address))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per pair")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", nargs="+", default=["medium", "medium"])
    parser.add_argument("--address", metavar="ADDR", help="a Ray cluster to measure (default: a local instance)")
    args = parser.parse_args()
    settings = Settings("backgammon", tuple(args.players), even_games(args.games), args.seed)
    validate(settings, get_game)
    rates: dict[object, float] = {}
    outcomes = []
    for workers in (1, 2):
        rates[workers], records = games_per_second(settings, workers)
        outcomes.append(records)
        print(f"{workers} worker{'s' if workers > 1 else ' '}: {rates[workers]:7.1f} games/s ({len(records)} games)")
    print(f"ratio 2 workers / 1 worker: {rates[2] / rates[1]:.2f}x (goal: ≥ 30 games/s with 2 workers)")
    print("same results serial and parallel:", "yes" if outcomes[0] == outcomes[1] else "NO")
    here, there = multiprocessing.get_context("spawn").Pipe()
    driver = multiprocessing.get_context("spawn").Process(target=ray_driver, args=(there, settings, args.address))
    driver.start()
    try:
        started, cpus = here.recv()
        print(f"Ray started in {started:.1f} s ({cpus} CPUs)")
        here.send(True)
        rate, records = here.recv()
        outcomes.append(records)
        print(f"Ray, first run (its workers start): {rate:7.1f} games/s")
        for _ in range(ROUNDS):
            rate, records = games_per_second(settings, 2)
            rates["local"] = max(rate, rates.get("local", 0.0))
            here.send(True)
            rate, records = here.recv()
            rates["ray"] = max(rate, rates.get("ray", 0.0))
            outcomes.append(records)
        here.send(False)
    finally:
        driver.join(60)
    print(f"2 local workers: {rates['local']:7.1f} games/s, Ray on {cpus} CPUs: {rates['ray']:7.1f} games/s "
          f"(best of {ROUNDS} alternating rounds, {len(records)} games each)")
    print(f"Ray overhead: Ray ({cpus} CPUs) / 2 local workers = {rates['ray'] / rates['local']:.2f}x")
    print("same results local and on Ray:", "yes" if all(o == outcomes[0] for o in outcomes) else "NO")


if __name__ == "__main__":
    main()
