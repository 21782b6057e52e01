"""The training job: TD(λ) self-play with a schedule, checkpoints and strength checks.

:func:`train` plays ``games`` self-play games (``in_flight`` at once, see :mod:`.selfplay`),
learning from every finished game.  Every ``checkpoint_every`` games it writes the network
to ``out`` and the optimiser state beside it (``<out>.state.npz``) so ``resume`` continues
where it stopped; every ``check_every`` games it plays ``check_deals`` duplicate deals of the
greedy network against ``opponent`` (:mod:`.arena`), reports the points per game, and keeps
the best network so far in ``<out stem>.best.npz``.  Ctrl-C saves a checkpoint first.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

from .arena import duplicate_match
from .choosers import NetChooser, make_chooser
from .encoding import input_size
from .network import Network
from .selfplay import SelfPlay
from .td import Learner, scheduled_lr

__all__ = ["TrainConfig", "ARCHITECTURES", "new_network", "train", "state_path", "best_path"]

ARCHITECTURES = {
    # arch: (encoding, hidden layers, outputs, activation)
    "phase48": ("phase48", (64, 64), 1, "sigmoid"),  # the 48→64→64→1
    "full": ("full", (128,), 5, "sigmoid"),
}


@dataclass
class TrainConfig:
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
    check_every: int = 2000
    check_deals: int = 100
    opponent: str = "hard"
    extra: dict = field(default_factory=dict)


def new_network(arch: str, seed: int = 0, hidden: tuple[int, ...] | None = None, dtype=np.float32) -> Network:
    """An untrained network of architecture ``arch`` (``phase48`` or ``full``)."""
    if arch not in ARCHITECTURES:
        raise ValueError(f"unknown architecture {arch!r}; known: {', '.join(ARCHITECTURES)}")
    encoding, default_hidden, outputs, activation = ARCHITECTURES[arch]
    sizes = (input_size(encoding), *(hidden or default_hidden), outputs)
    return Network(sizes, activation, seed=seed, dtype=dtype,
                   meta={"arch": arch, "encoding": encoding, "games": 0, "seed": seed})


def exploration(config: "TrainConfig", done: int) -> float:
    """Chance of a random play after ``done`` games: ``explore`` falling linearly to 0 at
    ``explore_games``.  Random plays early get games finished (and the outcome learnt) even
    when the untrained network would rather keep hitting for ever; later the dice explore."""
    if config.explore_games <= 0:
        return 0.0
    return config.explore * max(0.0, 1.0 - done / config.explore_games)


def state_path(out: Path) -> Path:
    return out.with_name(out.name + ".state.npz")


def best_path(out: Path) -> Path:
    return out.with_name(out.stem + ".best.npz")


def _save(out: Path, net: Network, learner: Learner, games: int, config: TrainConfig) -> None:
    net.meta.update(games=games, config={k: v for k, v in asdict(config).items() if k != "extra"})
    net.save(out)
    state = learner.adam.state()
    np.savez(state_path(out), games=np.array(games), **state)


def train(config: TrainConfig, out: str | Path, resume: bool = False,
          report: Callable[[str], None] = print, progress: Callable[[int, int], None] | None = None) -> Network:
    """Run (or continue) a training job; return the trained network (also saved to ``out``)."""
    out = Path(out)
    if resume and out.exists():
        net = Network.load(out)
        if net.meta.get("arch") != config.arch:
            raise ValueError(f"{out} holds a {net.meta.get('arch')!r} network, not {config.arch!r}")
        done = int(net.meta.get("games", 0))
        if done > config.games:
            raise ValueError(f"{out} already holds {done} games of training, more than the {config.games} asked")
    else:
        net = new_network(config.arch, config.seed, config.hidden)
        done = 0
    net.meta.setdefault("best", None)
    encoding = net.meta["encoding"]
    learner = Learner(net, encoding, config.batch, seed=config.seed + done)
    if resume and state_path(out).exists():
        with np.load(state_path(out)) as state:
            learner.adam.restore(dict(state))
    chooser = NetChooser(net, encoding, exploration(config, done), seed=config.seed + done)
    play = SelfPlay(chooser, config.in_flight, config.lam, seed=config.seed * 1_000_003 + done)
    opponent = make_chooser(config.opponent, seed=config.seed)
    started, first, last_ckpt, last_check = time.monotonic(), done, done, done
    best = net.meta.get("best")
    losses: list[float] = []
    try:
        while done < config.games:
            boards, targets, finished = play.step()
            if not finished:
                continue
            lr = scheduled_lr(config.lr, config.lr_end, done, config.games)
            chooser.explore = exploration(config, done)
            losses.append(learner.learn(boards, targets, lr))
            done += finished
            if progress:
                progress(done, finished)
            if done - last_ckpt >= config.checkpoint_every or done >= config.games:
                last_ckpt = done
                _save(out, net, learner, done, config)
            if config.check_every and (done - last_check >= config.check_every or done >= config.games):
                last_check = done
                result = duplicate_match(NetChooser(net, encoding, name=f"net-{config.arch}"), opponent,
                                         config.check_deals, seed=config.seed)
                rate = (done - first) / max(time.monotonic() - started, 1e-9)
                report(f"{done} games ({rate:.1f}/s), lr {lr:.2e}, loss {np.mean(losses[-50:]):.4f}: {result.line()}")
                if best is None or result.per_game.mean > best:
                    best = result.per_game.mean
                    net.meta["best"] = best
                    snapshot = net.copy()
                    snapshot.meta.update(games=done, check=result.line())
                    snapshot.save(best_path(out))
    except KeyboardInterrupt:
        _save(out, net, learner, done, config)
        report(f"interrupted: checkpoint of {done} games saved to {out}")
        raise
    _save(out, net, learner, done, config)
    return net
