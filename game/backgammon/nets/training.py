"""The training job: TD(λ) self-play with a schedule, checkpoints and strength checks.

:class:`Training` plays ``games`` self-play games (``in_flight`` at once, see
:mod:`.selfplay`), learning from every finished game.  It stops at the end of the step in
which the ``games``-th game finishes; the games finishing in that same step are learnt from
too, so the count can exceed ``games`` by a few.  The learning rate falls over the planned
``games`` (:func:`.td.scheduled_lr`).

Every ``checkpoint_every`` games, and after any step that ends ``checkpoint_minutes`` after
the last checkpoint, it writes the network to ``out`` and everything else the run needs
beside it (``<out>.state.npz``: the optimiser, every random generator, the games in flight
with their histories, the counters), so ``resume`` continues exactly: a run interrupted and
resumed with the same settings ends with the same weights as a straight run, wherever its
checkpoints fell (writing one changes nothing in the training).  Resuming reads those files
as untrusted input (:mod:`.checkpoints`).  Resuming with another ``games`` changes the
learning-rate schedule from that point.

Ctrl-C (and SIGTERM, under the command line) is held until the current step ends, then a
checkpoint is saved (:func:`~game.core.jobs.stopping.held`).  Every
``check_every`` games it plays ``check_deals`` duplicate deals of the greedy network against
``opponent`` (:mod:`.arena`), reports the points per game, and keeps the best network so
far in ``<out stem>.best.npz``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

from ...core.jobs.stopping import at_once, held, stop_requested
from ...core.untrusted import Fields, UntrustedFileError, shown
from .arena import duplicate_match
from .checkpoints import (
    LOSS_WINDOW,
    MAX_RECORDED,
    STATE_FORMAT,
    STATE_VERSION,
    best_path,
    check_best,
    check_writable,
    load_state,
    name_files,
    outputs_in_the_way,
    shape_text,
    state_path,
)
from .choosers import NetChooser, make_chooser
from .encoding import input_size
from .limits import MAX_HIDDEN, MAX_HIDDEN_LAYERS, MAX_NETWORK_BYTES, check_config
from .network import Network, json_array, write_npz
from .selfplay import SelfPlay
from .td import Learner, scheduled_lr

__all__ = ["TrainConfig", "ARCHITECTURES", "Training", "new_network", "train", "state_path", "best_path",
           "outputs_in_the_way", "name_files", "check_writable"]

ARCHITECTURES = {
    # arch: (encoding, hidden layers, outputs, activation)
    "phase48": ("phase48", (64, 64), 1, "sigmoid"),  # the 48→64→64→1
    "full": ("full", (128,), 5, "sigmoid"),
    "full2": ("full2", (128,), 5, "sigmoid"),  # full + hit chance, escapes, pips to home per side
}

# Settings that change the weights a resumed run reaches (``games`` has its own note; with
# a training state the seed no longer matters, the generators being restored).
RESUME_SETTINGS = ("lr", "lr_end", "lam", "explore", "explore_games", "in_flight", "batch")

LOCAL_CLUSTER = {"actors": 1, "publish_every": 1}
"""A local run as :mod:`.cluster_training` sees it: one actor, weights published after every game."""


def _actors_text(cluster: dict) -> str:
    return f"{shown(cluster.get('actors'))} actor(s) publishing every {shown(cluster.get('publish_every'))} game(s)"


clock = time.monotonic
"""The clock of checkpoint intervals and reported rates (tests replace it)."""


@dataclass
class TrainConfig:
    """Settings of a run; ``tabula train``'s option defaults are these, and
    :mod:`.limits` bounds them."""

    arch: str = "full"
    games: int = 10_000
    seed: int = 0
    hidden: tuple[int, ...] | None = None
    lr: float = 3e-3
    lr_end: float = 3e-4
    lam: float = 0.7
    explore: float = 0.5
    explore_games: int = 2000
    in_flight: int = 64
    batch: int = 128
    checkpoint_every: int = 1000
    checkpoint_minutes: float = 5.0  # 0: by games only
    check_every: int = 5000
    check_deals: int = 250
    opponent: str = "greedy:bras"
    extra: dict = field(default_factory=dict)


def new_network(arch: str, seed: int = 0, hidden: tuple[int, ...] | None = None, dtype=np.float32,
                activation: str | None = None) -> Network:
    """An untrained network of architecture ``arch`` (``phase48``, ``full``, ``full2``), with
    the arch's hidden layers and activation unless others are given."""
    if arch not in ARCHITECTURES:
        raise ValueError(f"unknown architecture {arch!r}; known: {', '.join(ARCHITECTURES)}")
    encoding, default_hidden, outputs, default_activation = ARCHITECTURES[arch]
    sizes = (input_size(encoding), *(hidden or default_hidden), outputs)
    return Network(sizes, activation or default_activation, seed=seed, dtype=dtype,
                   meta={"arch": arch, "encoding": encoding, "games": 0, "seed": seed})


def exploration(config: "TrainConfig", done: int) -> float:
    """Chance of a random play after ``done`` games: ``explore`` falling linearly to 0 at
    ``explore_games``.  Random plays early get games finished (and the outcome learnt) even
    when the untrained network would rather keep hitting for ever; later the dice explore."""
    if config.explore_games <= 0:
        return 0.0
    return config.explore * max(0.0, 1.0 - done / config.explore_games)


@dataclass
class _Counters:
    done: int = 0
    last_checkpoint: int = 0
    last_check: int = 0
    best: float | None = None
    losses: list[float] = field(default_factory=list)


class Training:
    """A training job ready to :meth:`run`.  Building it loads (``resume``) or creates the
    network and checks what could fail (a size beyond :mod:`.limits`, files in the way of a
    fresh run, an unwritable folder, a checkpoint that is damaged or does not fit) before
    anything is written; ``ValueError`` then.  :attr:`notes` says why a resume will not be exact, if it will not; check lines
    and interruptions go to ``report``."""

    def __init__(self, config: TrainConfig, out: str | Path, resume: bool = False,
                 report: Callable[[str], None] = print) -> None:
        check_config(config)
        self.config, self.out, self.report = config, Path(out), report
        self.notes: list[str] = []
        header, arrays = None, {}
        if resume and self.out.exists():
            self.net = self._load_network()
            done = self.net.meta["games"]
            if state_path(self.out).exists():
                header, arrays = load_state(state_path(self.out), self.net)
                self._note_differences(header)
            else:
                self.notes.append(f"note: no {state_path(self.out)}: the optimiser and the games in flight "
                                  "start afresh, so this run will not match a straight one")
            check_best(self.out, self.net)
        else:
            in_the_way = outputs_in_the_way(self.out)
            if in_the_way:
                raise ValueError(f"{name_files(in_the_way)} already exist{'s' if len(in_the_way) == 1 else ''}: "
                                 "a fresh run would overwrite them; resume or choose another output")
            self.net, done = new_network(config.arch, config.seed, config.hidden), 0
        self.net.meta.setdefault("best", None)
        self.encoding = self.net.meta["encoding"]
        # Fresh generators are seeded as they always were (the shipped weights replay);
        # a checkpoint's state then replaces them.
        self.learner = Learner(self.net, self.encoding, config.batch, seed=config.seed + done)
        self.chooser = NetChooser(self.net, self.encoding, exploration(config, done), seed=config.seed + done)
        self.play = SelfPlay(self.chooser, config.in_flight, config.lam, seed=config.seed * 1_000_003 + done)
        self.opponent = make_chooser(config.opponent, seed=config.seed)
        self.counters = _Counters(done, done, done, self.net.meta.get("best"))
        self.lr = config.lr  # the rate of the last update (the schedule sets it at each)
        if header is not None:
            self._restore(header, arrays)
        elif arrays:
            try:
                self.learner.adam.restore(arrays)
            except ValueError as error:
                raise ValueError(f"{state_path(self.out)} belongs to another network: {error}") from None
            self.notes.append(f"note: {state_path(self.out)} is from an older Tabula (optimiser only): "
                              "this run will not match a straight one")
        check_writable(self.out)

    @property
    def done(self) -> int:
        """Games trained so far."""
        return self.counters.done

    def _load_network(self) -> Network:
        """The network in ``out``, checked to be one this training makes and can continue."""
        net, config = Network.load(self.out, limit=MAX_NETWORK_BYTES), self.config
        try:
            meta = Fields(net.meta, "its metadata")
            arch = meta.text("arch", choices=ARCHITECTURES)
            encoding, _, outputs, _ = ARCHITECTURES[arch]
            meta.text("encoding", choices=[encoding])
            meta.whole("games", 0, MAX_RECORDED)
            best = net.meta.get("best")
            if best is not None and not (isinstance(best, (int, float)) and not isinstance(best, bool)
                                         and -3 <= best <= 3):
                raise meta.error("best", "a number from -3 to 3 or null")
            hidden = net.sizes[1:-1]
            if (net.sizes[0], net.sizes[-1]) != (input_size(encoding), outputs) or len(hidden) > MAX_HIDDEN_LAYERS \
                    or max(hidden, default=0) > MAX_HIDDEN:
                raise UntrustedFileError(f"its shape {shape_text(net.sizes)} is not one a {arch} network "
                                         f"trained here has")
        except UntrustedFileError as error:
            raise ValueError(f"{self.out} is not a Tabula training network ({error})") from None
        if arch != config.arch:
            raise ValueError(f"{self.out} holds a {arch!r} network, not {config.arch!r}")
        if config.hidden and tuple(config.hidden) != hidden:
            raise ValueError(f"{self.out} has hidden layers {shape_text(hidden)}, "
                             f"not the {shape_text(config.hidden)} asked")
        done = net.meta["games"]
        if done > config.games:
            raise ValueError(f"{self.out} already holds {done} games of training, more than the {config.games} asked")
        return net

    def _note_differences(self, header: dict | None) -> None:
        if header is None:
            return
        before, now = header.get("config", {}), asdict(self.config)
        if before.get("games") != now["games"]:
            self.notes.append(f"note: {now['games']} games asked where the checkpoint planned {shown(before.get('games'))}: "
                              f"the learning rate now falls over {now['games']} games, so the result will not "
                              "match a straight run")
        changed = [f"{key} {shown(before.get(key))} → {now[key]}" for key in RESUME_SETTINGS
                   if before.get(key) != now[key]]
        if changed:
            self.notes.append(f"note: settings changed since the checkpoint ({', '.join(changed)}): "
                              "the result will not match a straight run")
        cluster = header.get("cluster") or LOCAL_CLUSTER
        if cluster != self.cluster_settings():
            self.notes.append(f"note: the checkpoint's self-play ran on {_actors_text(cluster)}, this run's on "
                              f"{_actors_text(self.cluster_settings())}: the result will not match a straight run")

    def cluster_settings(self) -> dict:
        """How self-play is spread (:mod:`.cluster_training`); a local run is one actor
        publishing after every game."""
        return dict(LOCAL_CLUSTER)

    def _restore(self, header: dict, arrays: dict[str, np.ndarray]) -> None:
        path = state_path(self.out)
        try:
            self.learner.restore(header["learner"], {k[5:]: v for k, v in arrays.items() if k.startswith("adam_")})
            self.chooser.restore(header["chooser"])
            self.play.restore(header["selfplay"], {k[5:]: v for k, v in arrays.items() if k.startswith("play_")})
            if header.get("opponent") and header["config"].get("opponent") == self.config.opponent:
                self.opponent.restore(header["opponent"])
            self.counters = _Counters(**header["counters"])
        except (KeyError, IndexError, TypeError, ValueError, AttributeError, OverflowError) as error:
            raise ValueError(f"{path} is not a complete Tabula training state ({shown(str(error), 80)})") from None

    def save(self) -> None:
        """Write the network to ``out`` and the rest of the state to ``<out>.state.npz``."""
        settings = {k: v for k, v in asdict(self.config).items() if k != "extra"}
        self.net.meta.update(games=self.counters.done, config=settings)
        header, arrays = self.state_parts(settings)
        self.net.save(self.out)
        write_npz(state_path(self.out), {"header": json_array(header), **arrays})

    def state_parts(self, settings: dict) -> tuple[dict, dict[str, np.ndarray]]:
        """The training state: its JSON header and its arrays."""
        counters = self.counters
        learner_json, adam = self.learner.state()
        play_json, games = self.play.state()
        opponent_state = getattr(self.opponent, "state", None)
        header = {
            "format": STATE_FORMAT, "version": STATE_VERSION, "arch": self.net.meta["arch"],
            "sizes": list(self.net.sizes), "games": counters.done, "config": settings,
            "counters": asdict(counters), "learner": learner_json, "chooser": self.chooser.state(),
            "selfplay": play_json, "opponent": opponent_state() if opponent_state else None,
        }
        return header, {**{f"adam_{k}": v for k, v in adam.items()}, **{f"play_{k}": v for k, v in games.items()}}

    def run(self, progress: Callable[[int, int], None] | None = None) -> Network:
        """Train up to ``config.games``; return the network (also saved to ``out``).
        ``progress(done, finished)`` is called after every step in which games finished."""
        self._train(self._step, "step", progress)
        return self.net

    def _step(self) -> None:
        """One self-play step, learnt from when games finished in it."""
        boards, targets, finished = self.play.step()
        if finished:
            self._learn(boards, targets, finished)

    def _learn(self, boards, targets, finished: int) -> None:
        """One TD(λ) update from a step in which ``finished`` games ended, at the rate and
        exploration the schedule gives the games done so far."""
        config, counters = self.config, self.counters
        self.lr = scheduled_lr(config.lr, config.lr_end, counters.done, config.games)
        self.chooser.explore = exploration(config, counters.done)
        counters.losses.append(self.learner.learn(boards, targets, self.lr))
        del counters.losses[:-LOSS_WINDOW]
        counters.done += finished

    def _saveable(self) -> bool:
        """Whether an interrupted run can write a checkpoint (Ray's: once its actors are up)."""
        return True

    def _train(self, step: Callable[[], None], unit: str, progress: Callable[[int, int], None] | None = None,
               start: Callable[[], None] | None = None) -> None:
        """The run's loop, local or on Ray: ``start()``, then ``step()`` (a self-play step, or
        a Ray round; each adds the games it finished to the counters) until the games asked
        are done.  After a step that finished games: ``progress``, the strength check and the
        checkpoint when their intervals (in games) are due or the run is complete; after any
        step, a checkpoint also when ``checkpoint_minutes`` have passed.  Ctrl-C (or SIGTERM) is
        held to the end of the ``unit`` (step or round), which is then saved."""
        config, counters = self.config, self.counters
        started, first = clock(), counters.done
        interval = config.checkpoint_minutes * 60
        saved_at, consistent = started, True
        try:
            with held():
                if start is not None:
                    start()
                while counters.done < config.games:
                    consistent = False
                    before = counters.done
                    step()
                    consistent = True
                    if stop_requested():
                        raise KeyboardInterrupt
                    due = False
                    if counters.done > before:
                        if progress:
                            progress(counters.done, counters.done - before)
                        final = counters.done >= config.games
                        if config.check_every and (counters.done - counters.last_check >= config.check_every
                                                   or final):
                            with at_once():
                                self._check(self.lr, (counters.done - first) / max(clock() - started, 1e-9))
                            counters.last_check = counters.done
                        if counters.done - counters.last_checkpoint >= config.checkpoint_every or final:
                            counters.last_checkpoint = counters.done
                            due = True
                    if due or (interval and clock() - saved_at >= interval):  # by time: after any step
                        self.save()
                        saved_at = clock()
        except KeyboardInterrupt:
            if consistent and self._saveable():
                self.save()
                self.report(f"interrupted: checkpoint of {counters.done} games saved to {self.out}")
            else:
                self.report(f"interrupted in the middle of a {unit}: {self.out} keeps its last checkpoint"
                            if self.out.exists() else f"interrupted in the middle of a {unit}: nothing saved")
            raise
        if counters.last_checkpoint != counters.done:  # e.g. resumed with every game already played
            self.save()

    def _check(self, lr: float, rate: float) -> None:
        config, counters, net = self.config, self.counters, self.net
        result = duplicate_match(NetChooser(net, self.encoding, name=f"net-{config.arch}"), self.opponent,
                                 config.check_deals, seed=config.seed)
        self.report(f"{counters.done} games ({rate:.1f}/s), lr {lr:.2e}, "
                    f"loss {np.mean(counters.losses[-LOSS_WINDOW:]):.4f}: {result.line()}")
        if counters.best is None or result.per_game.mean > counters.best:
            counters.best = net.meta["best"] = result.per_game.mean
            snapshot = net.copy()
            snapshot.meta.update(games=counters.done, check=result.line())
            snapshot.save(best_path(self.out))


def train(config: TrainConfig, out: str | Path, resume: bool = False,
          report: Callable[[str], None] = print, progress: Callable[[int, int], None] | None = None) -> Network:
    """Run (or continue) a training job; return the trained network (also saved to ``out``).
    The notes of :class:`Training` go to ``report`` first."""
    training = Training(config, out, resume, report)
    for note in training.notes:
        report(note)
    return training.run(progress)
