"""Self-play training on Ray (``tabula train backgammon ... --cluster ray``).

:class:`RayTraining` is :class:`.training.Training` with the self-play moved to ``actors``
Ray actors (:class:`.actors.SelfPlayActor`, one CPU each, wherever the cluster puts them)
while the driver stays the one learner.  The run goes in *rounds*: the learner publishes its
weights and exploration chance to every actor, each actor plays on its own copy until at
least ``publish_every`` of its games have finished (the interval's unit: games finished per
actor), then the learner applies the TD(λ) updates step by step, actor 0's steps first, then
actor 1's, and so on — a fixed order, so a run is a function of its seed and settings, never
of timing.  While the learner learns, the actors wait: the learner's share of a round is what
bounds the speed-up (see ``assets/weights/README.md``).

Actor 0 uses the local run's seeds, the others independent streams
(:func:`.actors.actor_seeds`).  With one actor and ``publish_every`` 1 every round is one
local step with finished games, so the run ends with the local run's weights, bit for bit,
given the same BLAS thread count (``OMP_NUM_THREADS``, passed on to the actors when set).
The run stops in the step in which the ``games``-th game finishes; the later steps of that
round are dropped.

Checkpoints and strength checks fall at the end of a round (every actor idle); the
checkpoint holds every actor's games in flight and generators (actor 0 where a local run
keeps its own, the others under ``actors``), so ``--resume`` with the same settings, actors
and interval continues exactly.  A local checkpoint can be resumed on Ray and the other way
round (a note says when the result will then differ from a straight run).  Ctrl-C is held to
the end of the round, the checkpoint is written, and the actors are stopped.  An actor lost
mid-run (its process or its node died) stops the run with a :class:`ClusterError`; the last
checkpoint stays, and ``--resume`` replays what the lost round had played.
"""

from __future__ import annotations

import signal
from collections.abc import Callable
from pathlib import Path

import numpy as np

from ...core.cluster import ClusterError, connect, worker_env
from ...core.untrusted import shown
from .actors import SelfPlayActor, actor_seeds
from .limits import MAX_ACTORS
from .network import Network
from .training import TrainConfig, Training

__all__ = ["MAX_ACTORS", "RayTraining"]



class RayTraining(Training):
    """A training job whose self-play runs on ``actors`` Ray actors (see the module)."""

    def __init__(self, config: TrainConfig, out: str | Path, resume: bool = False,
                 report: Callable[[str], None] = print, actors: int = 1, publish_every: int = 1,
                 address: str | None = None, num_cpus: int | None = None) -> None:
        if not 1 <= actors <= MAX_ACTORS:
            raise ValueError(f"--actors must be from 1 to {MAX_ACTORS}, got {actors}")
        if publish_every < 1:
            raise ValueError(f"--publish-every must be at least 1 game, got {publish_every}")
        self.actors, self.publish_every, self.address, self.num_cpus = actors, publish_every, address, num_cpus
        self.saved_actors: dict[int, tuple[dict, dict, dict[str, np.ndarray]]] = {}
        self.handles: list | None = None
        super().__init__(config, out, resume, report)

    def cluster_settings(self) -> dict:
        return {"actors": self.actors, "publish_every": self.publish_every}

    def _restore(self, header: dict, arrays: dict[str, np.ndarray]) -> None:
        super()._restore(header, arrays)
        for k, saved in enumerate(header.get("actors") or [], start=1):
            if k < self.actors:
                prefix = f"actor{k}_play_"
                games = {name[len(prefix):]: v for name, v in arrays.items() if name.startswith(prefix)}
                self.saved_actors[k] = (saved["chooser"], saved["selfplay"], games)

    def state_parts(self, settings: dict) -> tuple[dict, dict[str, np.ndarray]]:
        header, arrays = super().state_parts(settings)
        header["cluster"] = self.cluster_settings()
        header["actors"] = []
        for k in range(1, self.actors):
            chooser, play_json, games = self.saved_actors[k]
            header["actors"].append({"chooser": chooser, "selfplay": play_json})
            arrays.update({f"actor{k}_play_{name}": v for name, v in games.items()})
        return header, arrays

    def save(self) -> None:
        """Gather the actors' states (between rounds, so they are idle), then save."""
        if self.handles:
            ray = connect(self.address)
            states = ray.get([handle.state.remote() for handle in self.handles])
            explore = self.chooser.explore  # the value the next round publishes
            for k, (chooser, play_json, games) in enumerate(states):
                chooser = dict(chooser, explore=explore)
                if k == 0:
                    self.chooser.restore(chooser)
                    self.play.restore(play_json, games)
                else:
                    self.saved_actors[k] = (chooser, play_json, games)
        super().save()

    def _start_actors(self, ray) -> list:
        cpus = ray.cluster_resources().get("CPU", 0)
        if self.actors > cpus:
            raise ValueError(f"--actors {self.actors} needs {self.actors} CPUs, one per actor; "
                             f"the Ray cluster has {cpus:g}")
        remote = ray.remote(num_cpus=1, runtime_env=worker_env())(_RayActor)
        config, handles = self.config, []
        for k in range(self.actors):
            seeds = actor_seeds(config.seed, self.done, k)
            handle = remote.remote(self.net, self.encoding, config.in_flight, config.lam, self.chooser.explore, seeds)
            if k == 0:
                handle.restore.remote(self.chooser.state(), *self.play.state())
            elif k in self.saved_actors:
                handle.restore.remote(*self.saved_actors[k])
            handles.append(handle)
        ray.get([handle.state.remote() for handle in handles])  # every actor is up (or its error shows now)
        return handles

    def _round(self, ray, progress) -> None:
        """Publish, let every actor play, learn from their steps in actor order (up to the
        games asked)."""
        config, counters = self.config, self.counters
        weights = ray.put(self.net.params)
        futures = [handle.play.remote(self.publish_every, weights, self.chooser.explore) for handle in self.handles]
        for future in futures:
            for boards, targets, finished in ray.get(future):
                if counters.done >= config.games:
                    break
                self._learn(boards, targets, finished)
                if progress:
                    progress(counters.done, finished)

    def run(self, progress: Callable[[int, int], None] | None = None) -> Network:
        """Train up to ``config.games`` on Ray; return the network (also saved to ``out``)."""
        ray = connect(self.address, self.num_cpus)

        def start() -> None:
            self.handles = self._start_actors(ray)

        try:
            self._train(lambda: self._round(ray, progress), "round", start=start)
        except ray.exceptions.RayError as error:  # an actor's node died, or its process
            kept = f"{self.out} keeps its last checkpoint, which --resume continues" if self.out.exists() \
                else "nothing was saved"
            raise ClusterError(f"a self-play actor was lost ({shown(str(error).splitlines()[0], 80)}): {kept}") from None
        finally:
            self._stop_actors(ray)
        return self.net

    def _saveable(self) -> bool:
        return bool(self.handles)

    def _stop_actors(self, ray) -> None:
        for handle in self.handles or []:
            try:
                ray.kill(handle)
            except ray.exceptions.RayError:  # already gone
                pass
        self.handles = None


class _RayActor(SelfPlayActor):
    """A :class:`SelfPlayActor` in its own Ray worker process, deaf to Ctrl-C: Ctrl-C is the
    driver's to handle (it lets the round end, saves the actors' states, then stops them), so
    an actor must not die of one that reaches its process too."""

    def __init__(self, *args) -> None:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        super().__init__(*args)
