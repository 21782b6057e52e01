"""Self-play training on Ray against the local run: games per second and the learner's share.

Trains the same small job (same seed and settings) locally and with ``--cluster ray`` on a
local Ray instance, with 1 and 2 actors, and prints each run's games and positions per
second, the positions as a ratio to the local run measured in the same run of this script
(positions are the work: with a publication interval above 1, or two actors, the games
differ from the local run's and so do their lengths).  Each kind runs ``--repeat`` times,
interleaved, and keeps its best rate, the least disturbed by other work.  Rates are taken
between the first and the last step that finished games, so Ray's start-up and the actors'
start are left out (seconds, once per run).  The learner's share is the fraction of that time
spent in the TD(λ) updates (``Learner.learn``): on Ray the actors wait while the learner
learns, so with N actors on N machines a game costs about ``learn + play / N + overhead``,
where the overhead is what one actor adds to the local run, if the overhead is all the
learner's (sending weights, receiving games), or ``learn + (play + overhead) / N`` if it is
all the actors'; the last lines print both estimates, the truth lying between.

Every process computes on one thread (``OMP_NUM_THREADS=1``, as Ray gives its one-CPU
actors and as the shipped networks were trained), so local and Ray do the same arithmetic.
This machine has two cores, shared with other work, and 2 actors plus the learner compete
for them: read the 2-actor ratio as a floor, and run it twice to see the noise.

    python -m bench.speed.train_cluster [--games 300] [--in-flight 64] [--publish-every 8] [--repeat 2] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")  # before numpy loads its BLAS

from game.backgammon.nets import td
from game.backgammon.nets.training import TrainConfig, Training

NODES = (1, 2, 4, 8, 16, 64)


class Measured:
    """Wall time between the first and last step with finished games, and the learner's time in it."""

    def __init__(self) -> None:
        self.first = self.last = None
        self.games_first = self.games_last = 0
        self.learning = 0.0
        self.positions = 0  # learnt from after the first step with finished games

    def progress(self, done: int, finished: int) -> None:
        now = time.perf_counter()
        if self.first is None:
            self.first, self.games_first = now, done
            self.learning, self.positions = 0.0, 0
        self.last, self.games_last = now, done

    @property
    def seconds(self) -> float:
        return (self.last or 0.0) - (self.first or 0.0)

    @property
    def rate(self) -> float:
        return (self.games_last - self.games_first) / max(self.seconds, 1e-9)

    @property
    def position_rate(self) -> float:
        return self.positions / max(self.seconds, 1e-9)

    @property
    def share(self) -> float:
        return self.learning / max(self.seconds, 1e-9)


def timed_learning(measured: Measured):
    learn = td.Learner.learn

    def learn_and_time(self, *args):
        start = time.perf_counter()
        try:
            return learn(self, *args)
        finally:
            measured.learning += time.perf_counter() - start
            if measured.first is not None:
                measured.positions += len(args[0])

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
    parser.add_argument("--repeat", type=int, default=2, help="rounds of all the runs; each keeps its best rate")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--address", default=None, help="a Ray cluster to use instead of a local instance")
    args = parser.parse_args()

    from game.core.cluster import connect

    connect(args.address, None if args.address else 2)
    config = TrainConfig(arch="full", games=args.games, seed=args.seed, hidden=(args.hidden,),
                         in_flight=args.in_flight, checkpoint_every=10**9, checkpoint_minutes=0, check_every=0)
    print(f"full 209-{args.hidden}-5, {args.games} games, {args.in_flight} in flight, seed {args.seed}, "
          f"best of {args.repeat}")
    kinds = {"local": {}, "ray, 1 actor,  publish 1": dict(actors=1, publish_every=1),
             f"ray, 1 actor,  publish {args.publish_every}": dict(actors=1, publish_every=args.publish_every),
             f"ray, 2 actors, publish {args.publish_every}": dict(actors=2, publish_every=args.publish_every)}
    best: dict[str, Measured] = {}
    with tempfile.TemporaryDirectory() as folder:
        for r in range(args.repeat):  # interleaved, so a burst of load elsewhere hits every kind alike
            for k, (kind, cluster) in enumerate(kinds.items()):
                if cluster and args.address:
                    cluster = dict(cluster, address=args.address)
                measured = run(config, Path(folder), f"{k}-{r}", **cluster)
                if kind not in best or measured.rate > best[kind].rate:
                    best[kind] = measured
    local = best["local"]
    for kind, measured in best.items():
        print(f"{kind:<26} {measured.rate:6.1f} games/s {measured.position_rate:7.0f} positions/s   "
              f"×{measured.position_rate / local.position_rate:.2f} of local   learner {measured.share:5.1%} of the time")
    per_game = 1 / local.rate  # the estimates go by positions, the work a game is made of, scaled to local games
    learn, play = per_game * local.share, per_game * (1 - local.share)
    one = best[f"ray, 1 actor,  publish {args.publish_every}"]
    overhead = max(local.position_rate / one.position_rate - 1, 0.0) * per_game
    print(f"per game: learn {learn * 1e3:.2f} ms, self-play {play * 1e3:.2f} ms, "
          f"Ray overhead {overhead * 1e3:.2f} ms (1 actor, publish every {args.publish_every})")
    serial = ", ".join(f"{n}: ×{per_game / (learn + play / n + overhead):.1f}" for n in NODES)
    parallel = ", ".join(f"{n}: ×{per_game / (learn + (play + overhead) / n):.1f}" for n in NODES)
    print(f"estimated speed-up on N one-CPU nodes, overhead all in the learner (learn + self-play/N + overhead): "
          f"{serial}; limit ×{per_game / (learn + overhead):.1f}")
    print(f"                            overhead all in the actors (learn + (self-play + overhead)/N): "
          f"{parallel}; limit ×{per_game / learn:.1f}")


if __name__ == "__main__":
    main()
