"""Fitting a network to a teacher's labels: minibatch Adam on the cross-entropy of the five outputs.

Each epoch visits every training row once in a fresh shuffled order; the learning rate falls
geometrically from ``lr`` to ``lr_end`` over all the run's minibatches.  A share
``validation`` of the rows (drawn once from the seed) is never trained on: after each epoch
the run reports their mean cross-entropy and the RMS difference between the network's
cubeless equity and the teacher's, which is what tells whether a larger network or more
epochs still pay.

After every epoch the network goes to ``out`` and the rest (Adam's moments, the shuffling
generator, the epoch, the losses so far) to ``<out>.state.npz``, so a resumed run continues
exactly (same weights as a straight run, bit for bit, with the same BLAS threads); a killed
run loses one epoch at most.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from ..encoding import ENCODERS, equity
from ..network import Adam, Network, json_array, read_json, read_npz, write_npz

__all__ = ["FitConfig", "FIT_DEFAULTS", "fit", "fit_state_path"]


@dataclass
class FitConfig:
    """Settings of a fit; ``tabula train backgammon --teacher``'s defaults."""

    epochs: int = 15
    batch: int = 256
    lr: float = 1e-3
    lr_end: float = 2e-5
    validation: float = 0.02
    seed: int = 0


FIT_DEFAULTS = FitConfig()
"""The defaults, read by the command line's help and by the supervised command."""


def fit_state_path(out: str | Path) -> Path:
    out = Path(out)
    return out.with_name(out.name + ".state.npz")


def _cross_entropy(out: np.ndarray, target: np.ndarray) -> float:
    p = np.clip(out.astype(np.float64), 1e-7, 1 - 1e-7)
    t = target.astype(np.float64)
    return float(-(t * np.log(p) + (1 - t) * np.log(1 - p)).mean())


def _forward_all(net: Network, x: np.ndarray, chunk: int = 65_536) -> np.ndarray:
    return np.concatenate([net.forward(x[k:k + chunk]) for k in range(0, len(x), chunk)]) if len(x) else \
        np.zeros((0, net.n_outputs), net.dtype)


def fit(net: Network, encoding: str, positions: np.ndarray, labels: np.ndarray, config: FitConfig,
        out: str | Path, resume: bool = False,
        report: Callable[[dict], None] | None = None) -> Network:
    """Train ``net`` on ``labels`` ``(N, 5)`` of ``positions`` ``(N, 2, 26)`` (module doc);
    ``report`` gets each epoch's figures.  Returns the trained network (also in ``out``)."""
    n = len(positions)
    order = np.random.default_rng(config.seed).permutation(n)
    n_val = int(round(n * config.validation))
    val_rows, train_rows = np.sort(order[:n_val]), np.sort(order[n_val:])
    encode = ENCODERS[encoding]
    x = np.concatenate([encode(positions[k:k + 100_000]) for k in range(0, n, 100_000)]).astype(net.dtype)
    y = np.asarray(labels, dtype=net.dtype)
    adam, shuffle = Adam(net), np.random.default_rng([config.seed, 1])
    epoch, history = 0, []
    if resume:
        net, adam, shuffle, epoch, history = _restore(out, net, config)
    steps_per_epoch = -(-len(train_rows) // config.batch)
    total_steps = max(1, steps_per_epoch * config.epochs)
    while epoch < config.epochs:
        start = time.monotonic()
        rows = train_rows[shuffle.permutation(len(train_rows))]
        seen = 0.0
        for k in range(0, len(rows), config.batch):
            idx = rows[k:k + config.batch]
            lr = config.lr * (config.lr_end / config.lr) ** min(1.0, adam.t / total_steps)
            outputs, layers = net.forward(x[idx], keep=True)
            seen += _cross_entropy(outputs, y[idx]) * len(idx)
            adam.step(net.backward(layers, (outputs - y[idx]) / len(idx)), lr)
        epoch += 1
        figures = {"epoch": epoch, "train_loss": seen / max(1, len(rows)), "seconds": time.monotonic() - start}
        if n_val:
            predicted = _forward_all(net, x[val_rows])
            figures["validation_loss"] = _cross_entropy(predicted, y[val_rows])
            figures["validation_equity_rms"] = float(np.sqrt(np.mean(
                (equity(predicted.astype(np.float64)) - equity(y[val_rows].astype(np.float64))) ** 2)))
        history.append(figures)
        net.meta["fit"] = {**asdict(config), "epochs_done": epoch, "rows": n, "history": history}
        _checkpoint(out, net, adam, shuffle, epoch, history, config)
        if report:
            report(figures)
    return net


def _checkpoint(out, net: Network, adam: Adam, shuffle, epoch: int, history: list, config: FitConfig) -> None:
    state = {**adam.state(), "header": json_array({"epoch": epoch, "history": history, "config": asdict(config),
                                                    "shuffle": shuffle.bit_generator.state})}
    write_npz(fit_state_path(out), state)  # the state first: a network never runs ahead of its state
    net.save(out)


def _restore(out, net: Network, config: FitConfig):
    """The network, optimiser, generator, epoch and history of ``out``'s checkpoint;
    ``ValueError`` naming the file when it is missing, damaged or of another fit."""
    path = fit_state_path(out)
    loaded = Network.load(out)
    if loaded.sizes != net.sizes:
        raise ValueError(f"{out} is a {'-'.join(map(str, loaded.sizes))} network, not "
                         f"{'-'.join(map(str, net.sizes))}")
    data = read_npz(path, "a Tabula training state")
    try:
        header = read_json(data.pop("header"))
        epoch, history, saved = int(header["epoch"]), list(header["history"]), header["config"]
        adam = Adam(loaded)
        adam.restore(data)
        shuffle = np.random.default_rng()
        shuffle.bit_generator.state = header["shuffle"]
    except (KeyError, TypeError, ValueError) as error:
        raise ValueError(f"{path} is not a fit's training state ({error})") from None
    changed = [k for k in ("batch", "lr", "lr_end", "validation", "seed") if saved.get(k) != asdict(config)[k]]
    if changed:
        raise ValueError(f"{path} was made with other settings ({', '.join(changed)}: "
                         f"{json.dumps({k: saved.get(k) for k in changed})})")
    return loaded, adam, shuffle, epoch, history
