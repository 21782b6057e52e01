"""A small multilayer perceptron in numpy: batched forward pass, backpropagation, Adam, files.

Hidden layers use ``relu``, ``sigmoid`` or ``tanh``; the output layer is always a sigmoid
(every output is a probability).  Training minimises the cross-entropy between outputs and
targets in [0, 1], whose gradient at the output logits is simply ``output − target``; that
is what :meth:`Network.backward` takes.  Weights live in float32 unless asked otherwise
(the gradient check uses float64).  A network saves to one ``.npz`` holding its weights,
its shape and free-form metadata (architecture, games trained, seed...).  Files are read
back as untrusted input (:func:`read_npz`, :meth:`Network.load`): a regular file of bounded
size, plain arrays only (never pickles), every shape, type and value checked.
"""

from __future__ import annotations

import io
import json
import math
import os
import tempfile
import zipfile
import zlib
from pathlib import Path
from typing import Any

import numpy as np

from ...core.untrusted import Fields, UntrustedFileError, parse_json, read_bytes, shown

__all__ = ["Network", "Adam", "ACTIVATIONS", "json_array", "read_json", "write_npz", "read_npz",
           "float_array_problem", "MAX_FILE_BYTES"]

MAX_FILE_BYTES = 64 << 20
"""Largest ``.npz`` read unless a caller says otherwise (and largest its arrays may unpack to)."""
MAX_LAYERS, MAX_UNITS = 16, 4096
"""Most layers (of weights) and units per layer a network file may declare."""
MAX_ARRAYS = 1000
"""Most arrays an ``.npz`` read here may hold (Tabula's files hold a few dozen at most)."""


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
            z = a @ w
            z += b  # in place: the same sums as ``a @ w + b``, one array fewer
            if k == last:
                a = _sigmoid(z)
            elif self.activation == "relu" and not keep:
                a = np.maximum(z, 0, out=z)
            else:
                a = _activate(self.activation, z)
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
    def load(path: str | os.PathLike, dtype=np.float32, limit: int = MAX_FILE_BYTES) -> "Network":
        """A network saved by :meth:`save`; ``ValueError`` naming the file if it is not one:
        not a regular file of at most ``limit`` bytes, not an archive of plain arrays, a header
        that is not one of :meth:`save`'s, weights of the wrong shape or not finite."""
        what = "a Tabula network"
        data = read_npz(path, what, limit)
        if "header" not in data:
            raise ValueError(f"{path} is not {what} (bad or missing 'header')")
        try:
            header = read_json(data["header"])
            if not isinstance(header, dict):
                raise UntrustedFileError(f"its header is {shown(header)}, not an object")
            fields = Fields(header, "its header")
            sizes = fields.whole_list("sizes", range(2, MAX_LAYERS + 2), 1, MAX_UNITS)
            activation = fields.text("activation", choices=ACTIVATIONS)
            meta = fields.object("meta") if fields.has("meta") else {}
        except UntrustedFileError as error:
            raise ValueError(f"{path} is not {what} ({error})") from None
        names = [f"{kind}{k}" for k in range(len(sizes) - 1) for kind in "wb"]
        extra = sorted(set(data) - {"header", *names})
        if extra:
            raise ValueError(f"{path} is not {what} (arrays its header does not name: {shown(', '.join(extra))})")
        params = {}
        for k in range(len(sizes) - 1):
            for name, shape in ((f"w{k}", (sizes[k], sizes[k + 1])), (f"b{k}", (sizes[k + 1],))):
                problem = float_array_problem(data.get(name), shape)
                if not problem:
                    with np.errstate(over="ignore"):
                        params[name] = data[name].astype(dtype)
                    problem = float_array_problem(params[name], shape)  # too large for ``dtype``
                if problem:
                    raise ValueError(f"{path} is not {what} (layer {k} {_PART[name[0]]} {problem})")
        net = Network.__new__(Network)
        net.sizes, net.activation, net.dtype, net.meta = tuple(sizes), activation, np.dtype(dtype), dict(meta)
        net.weights = [params[f"w{k}"] for k in range(len(sizes) - 1)]
        net.biases = [params[f"b{k}"] for k in range(len(sizes) - 1)]
        return net


_PART = {"w": "weights", "b": "biases"}


def float_array_problem(array: np.ndarray | None, shape: tuple[int, ...], low: float | None = None,
                        high: float | None = None) -> str | None:
    """What is wrong with ``array`` as a float array of ``shape`` with finite values (within
    ``low``..``high`` when given), in words for a message; ``None`` if nothing."""
    if array is None:
        return "are missing"
    if array.dtype.kind != "f":
        return f"are of type {array.dtype}, not floating point"
    if array.shape != tuple(shape):
        return f"have shape {array.shape}, expected {tuple(shape)}"
    if not np.isfinite(array).all():
        return "hold NaN or infinite values"
    if low is not None and (array < low).any():
        return f"hold values below {low:g}"
    if high is not None and (array > high).any():
        return f"hold values above {high:g}"
    return None


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
    """The value :func:`json_array` stored, decoded within :func:`game.core.untrusted.parse_json`'s
    bounds; :class:`~game.core.untrusted.UntrustedFileError` ("its header …") otherwise."""
    if not isinstance(array, np.ndarray) or array.dtype != np.uint8 or array.ndim != 1:
        raise UntrustedFileError("its header is not text")
    return parse_json(array.tobytes(), "its header", "JSON header")


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


def read_npz(path: str | os.PathLike, what: str, limit: int = MAX_FILE_BYTES) -> dict[str, np.ndarray]:
    """Every array of the ``.npz`` archive at ``path``; ``ValueError`` "``path`` is not
    ``what`` (…)" if it is not one.  The file is read whole first, and only if it is a
    regular file of at most ``limit`` bytes (never a device or a FIFO); its arrays may not
    unpack to more than ``limit`` bytes, each must be what its ``.npy`` header says, and
    only plain numbers are read (never pickled objects)."""
    path = Path(path)
    try:
        raw = read_bytes(path, limit, what.removeprefix("a ").removeprefix("an "))
    except UntrustedFileError as error:
        message = str(error).replace(path.name, str(path), 1)
        raise ValueError(message) from None
    if not zipfile.is_zipfile(io.BytesIO(raw)):
        raise ValueError(f"{path} is not {what} (not an .npz archive)")
    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as archive:
            members = archive.infolist()
            if len(members) > MAX_ARRAYS:
                raise _Refused(f"it holds {len(members):,} files; the limit is {MAX_ARRAYS:,}")
            unpacked = sum(member.file_size for member in members)
            if unpacked > limit:
                raise _Refused(f"its arrays would take {unpacked:,} bytes; the limit is {limit:,}")
            arrays = {}
            for member in members:
                if not member.filename.endswith(".npy"):
                    raise _Refused(f"{shown(member.filename)} is not an array")
                arrays[member.filename[:-4]] = _npy(archive.read(member), member.filename[:-4])
    except _Refused as error:
        raise ValueError(f"{path} is not {what} ({error})") from None
    except (ValueError, OSError, EOFError, RuntimeError, NotImplementedError, zipfile.BadZipFile,
            zlib.error) as error:
        text = str(error) if len(str(error)) <= 80 else str(error)[:80] + "…"
        raise ValueError(f"{path} is not {what} (unreadable archive: {text})") from None
    return arrays


class _Refused(ValueError):
    pass


def _npy(raw: bytes, name: str) -> np.ndarray:
    """The array in the ``.npy`` bytes ``raw``, checked against its header before anything
    is allocated: plain numbers only, exactly as many bytes as the shape needs."""
    stream = io.BytesIO(raw)
    version = np.lib.format.read_magic(stream)
    if version == (1, 0):
        shape, fortran, dtype = np.lib.format.read_array_header_1_0(stream)
    elif version == (2, 0):
        shape, fortran, dtype = np.lib.format.read_array_header_2_0(stream)
    else:
        raise _Refused(f"array {shown(name)} is in .npy format {version}, not 1.0 or 2.0")
    if dtype.hasobject or dtype.kind not in "biuf" or dtype.fields is not None or dtype.subdtype is not None:
        raise _Refused(f"array {shown(name)} holds {'Python objects' if dtype.hasobject else dtype}, "
                       "not plain numbers")
    if any(size < 0 for size in shape):
        raise _Refused(f"array {shown(name)} has a negative size")
    count, offset = math.prod(shape), stream.tell()
    if count * dtype.itemsize != len(raw) - offset:
        raise _Refused(f"array {shown(name)} holds {len(raw) - offset:,} bytes, not the "
                       f"{count * dtype.itemsize:,} its shape {tuple(shape)} needs")
    flat = np.frombuffer(raw, dtype=dtype, count=count, offset=offset)
    return flat.reshape(shape, order="F" if fortran else "C").copy()
