"""Self-play training on Ray against the local run: games per second and the learner's share.

Trains the same small job (same seed and settings) locally and with ``--cluster ray`` on a
local Ray instance, with 1 and 2 actors, and prints each run's games per second as a ratio to
the local run measured in the same run of this script.  Rates are taken between the first
and the last step that finished games, so Ray's start-up and the actors' start are left out
(they cost seconds once per run).  The learner's share is the fraction of that time spent in
the TD(λ) updates (``Learner.learn``): on Ray the actors wait while the learner learns, so
with N actors on N machines a game costs about ``learn + play / N + overhead``, where the
overhead per game is what one actor adds to the local run; the last lines print that estimate.

Every process computes on one thread (``OMP_NUM_THREADS=1``, as Ray gives its one-CPU
actors and as the shipped networks were trained), so local and Ray do the same arithmetic.
This machine has two cores, shared with other work, and 2 actors plus the learner compete
for them: read the 2-actor ratio as a floor, and run it twice to see the noise.

    python bench/train_cluster.py [--games 300] [--in-flight 64] [--publish-every 8] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")  # before numpy loads its BLAS

from game.backgammon.nets import td  # noqa: E402
from game.backgammon.nets.training import TrainConfig, Training  # noqa: E402

NODES = (1, 2, 4, 8, 16, 64)


class Measured:
    """Wall time between the first and last step with finished games, and the learner's time in it."""

    def __init__(self) -> None:
        self.first = self.last = None
        self.games_first = self.games_last = 0
        self.learning = 0.0
        self._share: float | None = None

    def progress(self, done: int, finished: int) -> None:
        now = time.perf_counter()
        if self.first is None:
            self.first, self.games_first = now, done
            self.learning = 0.0
        self.last, self.games_last = now, done

    @property
    def seconds(self) -> float:
        return (self.last or 0.0) - (self.first or 0.0)

    @property
    def rate(self) -> float:
        return (self.games_last - self.games_first) / max(self.seconds, 1e-9)

    @property
    def share(self) -> float:
        return self._share if self._share is not None else self.learning / max(self.seconds, 1e-9)

    @share.setter
    def share(self, value: float) -> None:
        self._share = value


def timed_learning(measured: Measured):
    learn = td.Learner.learn

    def learn_and_time(self, *args):
        start = time.perf_counter()
        try:
            return learn(self, *args)
        finally:
            measured.learning += time.perf_counter() - start

    return learn, learn_and_time


def run(config: TrainConfig, folder: Path, name: str, **cluster) -> Measured:
    measured = Measured()
    learn, learn_and_time = timed_learning(measured)
    td.Learner.learn = learn_and_time
    try:
        if cluster:
            from game.backgammon.nets.cluster_training import RayTraining

            training = RayTraining(config, folder / f"{name}.npz", report=lambda line: None, **cluster)
        else:
            training = Training(config, folder / f"{name}.npz", report=lambda line: None)
        training.run(measured.progress)
    finally:
        td.Learner.learn = learn
    return measured


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--in-flight", type=int, default=64)
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--publish-every", type=int, default=8, help="games per actor between publications")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--address", default=None, help="a Ray cluster to use instead of a local instance")
    args = parser.parse_args()

    from game.core.cluster import connect

    connect(args.address, None if args.address else 2)
    config = TrainConfig(arch="full", games=args.games, seed=args.seed, hidden=(args.hidden,),
                         in_flight=args.in_flight, checkpoint_every=10**9, checkpoint_minutes=0, check_every=0)
    print(f"full 209-{args.hidden}-5, {args.games} games, {args.in_flight} in flight, seed {args.seed}")
    with tempfile.TemporaryDirectory() as folder:
        local = run(config, Path(folder), "local")
        print(f"local:                     {local.rate:7.1f} games/s   learner {local.share:5.1%} of the time")
        runs = [(1, 1), (1, args.publish_every), (2, args.publish_every)]
        rates = {}
        for actors, every in dict.fromkeys(runs):
            ray = run(config, Path(folder), f"ray{actors}-{every}", actors=actors, publish_every=every,
                      address=args.address)
            rates[actors, every] = ray.rate
            print(f"ray, {actors} actor(s), publish {every:>3}: {ray.rate:7.1f} games/s   "
                  f"×{ray.rate / local.rate:.2f} of local   learner {ray.share:5.1%}")
        again = run(config, Path(folder), "local-again")
        print(f"local again:               {again.rate:7.1f} games/s   learner {again.share:5.1%} of the time")
    per_game = 2 / (local.rate + again.rate)
    local.share = (local.share + again.share) / 2
    learn, play = per_game * local.share, per_game * (1 - local.share)
    overhead = max(1 / rates[1, args.publish_every] - per_game, 0.0)
    print(f"per game: learn {learn * 1e3:.2f} ms, self-play {play * 1e3:.2f} ms, "
          f"Ray overhead {overhead * 1e3:.2f} ms (1 actor, publish every {args.publish_every})")
    estimate = ", ".join(f"{n}: ×{per_game / (learn + play / n + overhead):.1f}" for n in NODES)
    print(f"estimated speed-up on N one-CPU nodes (learn + self-play/N + overhead): {estimate}; "
          f"limit ×{per_game / (learn + overhead):.1f}")


if __name__ == "__main__":
    main()
