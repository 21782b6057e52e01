"""A small multilayer perceptron in numpy: batched forward pass, backpropagation, Adam, files.

Hidden layers use ``relu``, ``sigmoid`` or ``tanh``; the output layer is always a sigmoid
(every output is a probability).  Training minimises the cross-entropy between outputs and
targets in [0, 1], whose gradient at the output logits is simply ``output − target``; that
is what :meth:`Network.backward` takes.  Weights live in float32 unless asked otherwise
(the gradient check uses float64).  A network saves to one ``.npz`` holding its weights,
its shape and free-form metadata (architecture, games trained, seed...).
"""

from __future__ import annotations

import json
import os
import tempfile
import zipfile
import zlib
from pathlib import Path
from typing import Any

import numpy as np

__all__ = ["Network", "Adam", "ACTIVATIONS", "json_array", "read_json", "write_npz", "read_npz"]


def _sigmoid(x: np.ndarray) -> np.ndarray:
    return 0.5 * (1.0 + np.tanh(0.5 * x))  # overflow-free logistic


ACTIVATIONS = ("relu", "sigmoid", "tanh")


def _activate(kind: str, z: np.ndarray) -> np.ndarray:
    if kind == "relu":
        return np.maximum(z, 0)
    if kind == "sigmoid":
        return _sigmoid(z)
    return np.tanh(z)


def _derivative(kind: str, a: np.ndarray) -> np.ndarray:
    """d activation / dz, from the activation's output ``a``."""
    if kind == "relu":
        return (a > 0).astype(a.dtype)
    if kind == "sigmoid":
        return a * (1 - a)
    return 1 - a * a


class Network:
    """``sizes = (inputs, hidden..., outputs)``; ``weights[k]`` is ``(sizes[k], sizes[k+1])``."""

    def __init__(self, sizes, activation: str = "sigmoid", seed: int = 0, dtype=np.float32,
                 meta: dict[str, Any] | None = None) -> None:
        if activation not in ACTIVATIONS:
            raise ValueError(f"unknown activation {activation!r}; known: {', '.join(ACTIVATIONS)}")
        self.sizes = tuple(int(s) for s in sizes)
        self.activation = activation
        self.dtype = np.dtype(dtype)
        self.meta: dict[str, Any] = dict(meta or {})
        rng = np.random.default_rng(seed)
        self.weights, self.biases = [], []
        for fan_in, fan_out in zip(self.sizes[:-1], self.sizes[1:]):
            scale = np.sqrt((2.0 if activation == "relu" else 1.0) / fan_in)
            self.weights.append((rng.standard_normal((fan_in, fan_out)) * scale).astype(self.dtype))
            self.biases.append(np.zeros(fan_out, dtype=self.dtype))
        self.weights[-1] *= 0.1  # start near 0.5 outputs: early TD targets stay calm

    @property
    def params(self) -> list[np.ndarray]:
        """Every parameter array, in a fixed order (weights and biases interleaved)."""
        return [p for pair in zip(self.weights, self.biases) for p in pair]

    @property
    def n_outputs(self) -> int:
        return self.sizes[-1]

    def forward(self, x: np.ndarray, keep: bool = False):
        """Outputs ``(N, outputs)`` for inputs ``(N, inputs)``; with ``keep``, also the
        layer activations that :meth:`backward` needs."""
        a = np.asarray(x, dtype=self.dtype)
        layers = [a]
        last = len(self.weights) - 1
        for k, (w, b) in enumerate(zip(self.weights, self.biases)):
            z = a @ w + b
            a = _sigmoid(z) if k == last else _activate(self.activation, z)
            if keep:
                layers.append(a)
        return (a, layers) if keep else a

    def backward(self, layers: list[np.ndarray], d_logits: np.ndarray) -> list[np.ndarray]:
        """Gradients (same order as :attr:`params`) of a loss whose gradient at the output
        logits is ``d_logits`` ``(N, outputs)``, summed over the batch."""
        grads: list[np.ndarray] = []
        delta = np.asarray(d_logits, dtype=self.dtype)
        for k in range(len(self.weights) - 1, -1, -1):
            grads.append(delta.sum(axis=0))
            grads.append(layers[k].T @ delta)
            if k:
                delta = (delta @ self.weights[k].T) * _derivative(self.activation, layers[k])
        return grads[::-1]

    def loss(self, x: np.ndarray, targets: np.ndarray) -> float:
        """Summed cross-entropy of the outputs against ``targets`` (for checks and reports)."""
        p = np.clip(self.forward(x).astype(np.float64), 1e-12, 1 - 1e-12)
        t = np.asarray(targets, dtype=np.float64)
        return float(-(t * np.log(p) + (1 - t) * np.log(1 - p)).sum())

    def copy(self) -> "Network":
        twin = Network.__new__(Network)
        twin.sizes, twin.activation, twin.dtype, twin.meta = self.sizes, self.activation, self.dtype, dict(self.meta)
        twin.weights = [w.copy() for w in self.weights]
        twin.biases = [b.copy() for b in self.biases]
        return twin

    def save(self, path: str | os.PathLike, dtype=np.float32) -> Path:
        """Write the network atomically to ``path`` (``.npz``)."""
        arrays = {f"w{k}": w.astype(dtype) for k, w in enumerate(self.weights)}
        arrays.update({f"b{k}": b.astype(dtype) for k, b in enumerate(self.biases)})
        header = {"sizes": list(self.sizes), "activation": self.activation, "meta": self.meta}
        arrays["header"] = json_array(header)
        return write_npz(path, arrays)

    @staticmethod
    def load(path: str | os.PathLike, dtype=np.float32) -> "Network":
        """A network saved by :meth:`save`; ``ValueError`` naming the file if it is not one."""
        what = "a Tabula network"
        data = read_npz(path, what)
        try:
            header = read_json(data["header"])
            sizes, activation = tuple(int(s) for s in header["sizes"]), str(header["activation"])
            weights = [data[f"w{k}"].astype(dtype) for k in range(len(sizes) - 1)]
            biases = [data[f"b{k}"].astype(dtype) for k in range(len(sizes) - 1)]
            meta = dict(header.get("meta", {}))
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise ValueError(f"{path} is not {what} (bad or missing {error})") from None
        net = Network.__new__(Network)
        net.sizes, net.activation, net.dtype, net.meta = sizes, activation, np.dtype(dtype), meta
        net.weights, net.biases = weights, biases
        for k, w in enumerate(weights):
            if w.shape != (net.sizes[k], net.sizes[k + 1]) or biases[k].shape != (net.sizes[k + 1],):
                raise ValueError(f"{path}: layer {k} has shape {w.shape}, expected {(net.sizes[k], net.sizes[k + 1])}")
        return net


class Adam:
    """Adam over a network's parameters; ``step(grads, lr)`` updates them in place."""

    def __init__(self, net: Network, beta1: float = 0.9, beta2: float = 0.999, eps: float = 1e-8) -> None:
        self.net = net
        self.beta1, self.beta2, self.eps = beta1, beta2, eps
        self.m = [np.zeros_like(p) for p in net.params]
        self.v = [np.zeros_like(p) for p in net.params]
        self.t = 0

    def step(self, grads: list[np.ndarray], lr: float) -> None:
        self.t += 1
        b1, b2 = self.beta1, self.beta2
        correction = np.sqrt(1 - b2 ** self.t) / (1 - b1 ** self.t)
        for p, g, m, v in zip(self.net.params, grads, self.m, self.v):
            m *= b1
            m += (1 - b1) * g
            v *= b2
            v += (1 - b2) * g * g
            p -= (lr * correction) * m / (np.sqrt(v) + self.eps)

    def state(self) -> dict[str, np.ndarray]:
        """The moment estimates and step count; with the rest of the training state
        (:mod:`.training`) they make ``--resume`` exact."""
        out = {f"m{k}": m for k, m in enumerate(self.m)}
        out.update({f"v{k}": v for k, v in enumerate(self.v)})
        out["t"] = np.array(self.t)
        return out

    def restore(self, state: dict[str, np.ndarray]) -> None:
        """Take back :meth:`state`; ``ValueError`` if it belongs to another network shape."""
        for name, arrays in (("m", self.m), ("v", self.v)):
            for k, a in enumerate(arrays):
                key = f"{name}{k}"
                if key not in state or np.shape(state[key]) != a.shape:
                    got = np.shape(state[key]) if key in state else "nothing"
                    raise ValueError(f"optimiser state {key} has shape {got}, the network needs {a.shape}")
        if f"m{len(self.m)}" in state:
            raise ValueError(f"optimiser state has more layers than the network's {len(self.m) // 2}")
        self.m = [np.array(state[f"m{k}"], dtype=m.dtype) for k, m in enumerate(self.m)]
        self.v = [np.array(state[f"v{k}"], dtype=v.dtype) for k, v in enumerate(self.v)]
        self.t = int(state["t"])


def json_array(value: Any) -> np.ndarray:
    """``value`` as JSON text in a uint8 array (how an ``.npz`` carries a header)."""
    return np.frombuffer(json.dumps(value).encode(), dtype=np.uint8)


def read_json(array: np.ndarray) -> Any:
    """The value :func:`json_array` stored."""
    return json.loads(bytes(np.asarray(array, dtype=np.uint8)).decode())


def write_npz(path: str | os.PathLike, arrays: dict[str, np.ndarray]) -> Path:
    """Write ``arrays`` to ``path`` (compressed ``.npz``) atomically: a temporary file in the
    same folder replaces ``path`` only once complete, so an old file survives any failure."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(suffix=".npz", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            np.savez_compressed(handle, **arrays)
        os.chmod(tmp, 0o644)  # mkstemp makes it private; weights ship as package data
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def read_npz(path: str | os.PathLike, what: str) -> dict[str, np.ndarray]:
    """Every array of the ``.npz`` archive at ``path`` (no pickles); ``ValueError``
    "``path`` is not ``what`` (…)" if it is not one."""
    path = Path(path)
    if not path.is_file():
        raise ValueError(f"{path} is not {what} ({'a folder' if path.is_dir() else 'no such file'})")
    if not zipfile.is_zipfile(path):
        raise ValueError(f"{path} is not {what} (not an .npz archive)")
    try:
        with np.load(path, allow_pickle=False) as data:
            return {name: data[name] for name in data.files}
    except (ValueError, OSError, EOFError, zipfile.BadZipFile, zlib.error) as error:
        raise ValueError(f"{path} is not {what} (unreadable archive: {error})") from None
