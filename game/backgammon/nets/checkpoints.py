"""A training run's files, and reading its checkpoint back as untrusted input.

A run into ``FILE`` keeps ``FILE`` (the network), ``FILE.state.npz`` (:func:`state_path`:
everything else the run needs to continue exactly, written by
:meth:`.training.Training.save`) and ``<FILE stem>.best.npz`` (:func:`best_path`: the best
network by the strength checks).  Any of them may be damaged, truncated, swapped or written
by hand when a run resumes, so :func:`load_state` and :func:`check_best` check everything —
sizes, types, shapes, finite values, generator states, boards — and raise ``ValueError``
naming the file before anything is written.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import numpy as np

from ...core.saves import file_in_the_way
from ...core.untrusted import Fields, UntrustedFileError, is_whole, shown
from ..board import CHECKERS, OFF
from .limits import MAX_ACTORS, MAX_GAMES, MAX_IN_FLIGHT, MAX_NETWORK_BYTES, MAX_STATE_BYTES
from .network import Network, float_array_problem, read_json, read_npz
from .selfplay import MAX_PLIES

__all__ = ["STATE_FORMAT", "STATE_VERSION", "LOSS_WINDOW", "MAX_RECORDED", "state_path", "best_path",
           "outputs_in_the_way", "name_files", "check_writable", "load_state", "check_best", "shape_text"]

STATE_FORMAT, STATE_VERSION = "tabula-training-state", 2
LOSS_WINDOW = 50  # the reported loss is the mean over this many learning steps
MAX_RECORDED = MAX_GAMES + MAX_IN_FLIGHT  # a run can overshoot its games by the games of one step
_COUNTERS = ("done", "last_checkpoint", "last_check", "best", "losses")


def state_path(out: Path) -> Path:
    return out.with_name(out.name + ".state.npz")


def best_path(out: Path) -> Path:
    return out.with_name(out.stem + ".best.npz")


def outputs_in_the_way(out: Path) -> list[Path]:
    """The files a fresh run into ``out`` would overwrite: ``out``, its state and its best
    (a dangling link counts: it is an entry the run would replace)."""
    return [path for path in (out, state_path(out), best_path(out)) if os.path.lexists(path)]


def name_files(paths: list[Path]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    names = [str(path) for path in paths]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def shape_text(sizes) -> str:
    """``209-8-5`` for a network's sizes (anything else shown briefly)."""
    if isinstance(sizes, (list, tuple)) and len(sizes) <= 20 and all(is_whole(s, 0, 1 << 62) for s in sizes):
        return "-".join(str(s) for s in sizes)
    return shown(sizes)


def _name(value) -> str:
    """An architecture name from a file, quoted only when it is not a plain short word."""
    return value if isinstance(value, str) and value.isidentifier() and len(value) <= 20 else shown(value)


def check_writable(out: Path) -> None:
    """Create ``out``'s folder if missing and make sure files can be written in it;
    ``ValueError`` saying why not otherwise."""
    folder = out.parent
    blocking = file_in_the_way(folder)
    if blocking is not None:
        raise ValueError(f"cannot create the folder {folder}: {blocking} is a file")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ValueError(f"cannot create the folder {folder}: {error.strerror or error}") from None
    try:
        fd, probe = tempfile.mkstemp(dir=folder, prefix=".tabula-probe-")
        os.close(fd)
        os.unlink(probe)
    except OSError as error:
        raise ValueError(f"cannot write in the folder {folder}: {error.strerror or error}") from None


def check_best(out: Path, net: Network) -> None:
    """``ValueError`` unless the best network beside ``out``, if there is one, is a Tabula
    network of ``net``'s architecture and shape (a resumed run would replace it)."""
    best = best_path(out)
    if not best.exists() and not best.is_symlink():
        return
    try:
        other = Network.load(best, limit=MAX_NETWORK_BYTES)
    except ValueError as error:
        raise ValueError(f"{error}; move it away to resume") from None
    if other.meta.get("arch") != net.meta.get("arch") or other.sizes != net.sizes:
        raise ValueError(f"{best} holds a {_name(other.meta.get('arch'))} network {shape_text(other.sizes)}, not "
                         f"the {net.meta.get('arch')} network {shape_text(net.sizes)} of {out}; move it away to resume")


def load_state(path: Path, net: Network) -> tuple[dict | None, dict[str, np.ndarray]]:
    """``(header, arrays)`` of the training state at ``path``, checked in full against
    ``net`` (header ``None``: an older state holding the optimiser only).  ``ValueError``
    naming the file if it is not a training state or belongs to another network or checkpoint."""
    what = "a Tabula training state"
    arrays = read_npz(path, what, MAX_STATE_BYTES)
    try:
        if "header" not in arrays:
            header, games = None, _old_games(arrays)
        else:
            header = _header(read_json(arrays["header"]), net)
            games = header["games"]
        if games != net.meta.get("games"):
            raise ValueError(f"{path} was saved at {games} games but the network beside it has "
                             f"{net.meta.get('games')}: they are not one checkpoint (delete the state file "
                             "to resume without it, not exactly)")
        _check_arrays(arrays, net, header is None, 1 + len((header or {}).get("actors") or []))
    except _Foreign as error:
        raise ValueError(f"{path} {error}") from None
    except UntrustedFileError as error:
        raise ValueError(f"{path} is not {what} ({error})") from None
    return header, arrays


class _Foreign(ValueError):
    """A valid state of another network (the message follows the file's name)."""


def _old_games(arrays: dict[str, np.ndarray]) -> int:
    if not {"games", "t", "m0"} <= arrays.keys():
        raise UntrustedFileError("no header")
    games = arrays["games"]
    if games.shape != () or games.dtype.kind not in "iu" or not 0 <= int(games) <= MAX_RECORDED:
        raise UntrustedFileError("bad game count")
    return int(games)


def _header(header, net: Network) -> dict:
    """``header`` if it is a state header for ``net``, every part checked."""
    if not isinstance(header, dict) or header.get("format") != STATE_FORMAT:
        raise UntrustedFileError("unknown header")
    fields = Fields(header, "its header")
    version = fields.whole("version", 0, 1 << 62)
    if version != STATE_VERSION:
        raise _Foreign(f"is a training state of version {version}; this program reads version {STATE_VERSION}")
    arch, sizes = fields.text("arch"), fields.whole_list("sizes", range(2, 20), 1, 1 << 20)
    if arch != net.meta.get("arch") or sizes != list(net.sizes):
        raise _Foreign(f"belongs to a {_name(arch)} network {shape_text(sizes)}, "
                       f"not to the {net.meta.get('arch')} network {shape_text(net.sizes)} beside it")
    fields.whole("games", 0, MAX_RECORDED)
    fields.object("config")
    counters = Fields(fields.object("counters"), "its counters")
    if sorted(counters.data) != sorted(_COUNTERS):
        raise UntrustedFileError(f"its counters must be exactly {', '.join(_COUNTERS)}")
    done = counters.whole("done", header["games"], header["games"])
    counters.whole("last_checkpoint", 0, done)
    counters.whole("last_check", 0, done)
    _number_or_null(counters, "best", -3.0, 3.0)
    losses = counters.data["losses"]
    if not (isinstance(losses, list) and len(losses) <= LOSS_WINDOW and all(_finite(x, 0.0, 1e6) for x in losses)):
        raise counters.error("losses", f"a list of at most {LOSS_WINDOW} losses")
    learner = Fields(fields.object("learner"), "its learner")
    learner.whole("steps", 0, 1 << 62)
    _generator(learner, "batches")
    chooser = Fields(fields.object("chooser"), "its chooser")
    _number_or_null(chooser, "explore", 0.0, 1.0, null=False)
    _generator(chooser, "rng")
    _generator(Fields(fields.object("selfplay"), "its self-play"), "dice")
    if header.get("opponent") is not None:
        _opponent(Fields(fields.object("opponent"), "its opponent"))
    _cluster(fields)
    return header


def _cluster(fields: Fields) -> None:
    """A Ray run's parts (:mod:`.cluster_training`), if any: its settings, and the chooser and
    dice of every actor after the first (their games in flight are arrays)."""
    if fields.data.get("cluster") is not None:
        cluster = Fields(fields.object("cluster"), "its cluster settings")
        cluster.whole("actors", 1, MAX_ACTORS)
        cluster.whole("publish_every", 1, MAX_GAMES)
    actors = fields.data.get("actors")
    if actors is None:
        return
    if not isinstance(actors, list) or len(actors) >= MAX_ACTORS:
        raise fields.error("actors", f"a list of at most {MAX_ACTORS - 1} actors")
    for k, actor in enumerate(actors, start=1):
        if not isinstance(actor, dict):
            raise fields.error("actors", "a list of actors' states")
        actor_fields = Fields(actor, f"its actor {k}")
        chooser = Fields(actor_fields.object("chooser"), f"its actor {k}'s chooser")
        _number_or_null(chooser, "explore", 0.0, 1.0, null=False)
        _generator(chooser, "rng")
        _generator(Fields(actor_fields.object("selfplay"), f"its actor {k}'s self-play"), "dice")


def _finite(value, low: float, high: float) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and low <= value <= high  # NaN fails


def _number_or_null(fields: Fields, key: str, low: float, high: float, null: bool = True) -> None:
    value = fields.data.get(key)
    if not ((null and value is None) or _finite(value, low, high)):
        raise fields.error(key, f"a number from {low:g} to {high:g}" + (" or null" if null else ""))


def _generator(fields: Fields, key: str) -> None:
    """A numpy PCG64 generator's state, as ``bit_generator.state`` gives it."""
    state = fields.data.get(key)
    inner = state.get("state") if isinstance(state, dict) else None
    if not (isinstance(inner, dict) and state.get("bit_generator") == "PCG64"
            and is_whole(inner.get("state"), 0, 2**128 - 1) and is_whole(inner.get("inc"), 0, 2**128 - 1)
            and is_whole(state.get("has_uint32"), 0, 1) and is_whole(state.get("uinteger"), 0, 2**32 - 1)):
        raise fields.error(key, "a PCG64 generator state")


def _opponent(fields: Fields) -> None:
    """A strength-check opponent's state: a network chooser's (exploration and a numpy
    generator) or the random chooser's (Python's ``random`` state)."""
    if "explore" in fields.data:
        _number_or_null(fields, "explore", 0.0, 1.0, null=False)
        _generator(fields, "rng")
        return
    rng = fields.data.get("rng")
    if not (isinstance(rng, list) and len(rng) == 3 and rng[0] == 3 and isinstance(rng[1], list)
            and len(rng[1]) == 625 and all(is_whole(x, 0, 2**32 - 1) for x in rng[1]) and rng[1][-1] <= 624
            and (rng[2] is None or _finite(rng[2], -1e300, 1e300))):
        raise fields.error("rng", "a Python random generator state")


def _check_arrays(arrays: dict[str, np.ndarray], net: Network, old: bool, actors: int = 1) -> None:
    """Every array of a state: the optimiser's moments fit ``net``, the games in flight are
    boards a game can reach with outcome probabilities beside them."""
    params = net.params
    expected = {"t", *(f"{kind}{k}" for kind in "mv" for k in range(len(params)))}
    prefix = "" if old else "adam_"
    for k, p in enumerate(params):
        for kind in "mv":
            name = f"{prefix}{kind}{k}"
            problem = float_array_problem(arrays.get(name), p.shape, 0.0 if kind == "v" else None)
            if problem:
                raise UntrustedFileError(f"optimiser moments {name} {problem}")
    t = arrays.get(prefix + "t")
    if t is None or t.shape != () or t.dtype.kind not in "iu" or not 0 <= int(t) <= 1 << 62:
        raise UntrustedFileError("bad optimiser step count")
    if old:
        unknown = set(arrays) - expected - {"games"}
    else:
        unknown = set(arrays) - {"header", *(f"adam_{name}" for name in expected)}
        for prefix in ["play_", *(f"actor{k}_play_" for k in range(1, actors))]:
            unknown -= {prefix + name for name in _GAMES}
            _check_games(arrays, net.n_outputs, prefix)
    if unknown:
        raise UntrustedFileError(f"arrays it should not hold: {shown(', '.join(sorted(unknown)))}")


_GAMES = ("sides", "opening", "lengths", "boards", "targets")


def _check_games(arrays: dict[str, np.ndarray], outputs: int, prefix: str = "play_") -> None:
    """The games in flight of one self-play (``play_``: the local run's or actor 0's)."""
    for name in _GAMES:
        if prefix + name not in arrays:
            raise UntrustedFileError(f"no {prefix + name} array")
    sides, opening, lengths = arrays[prefix + "sides"], arrays[prefix + "opening"], arrays[prefix + "lengths"]
    boards, targets = arrays[prefix + "boards"], arrays[prefix + "targets"]
    n = len(lengths) if lengths.ndim == 1 else -1
    if not (0 <= n <= MAX_IN_FLIGHT and lengths.dtype.kind in "iu" and sides.dtype.kind in "iu"
            and sides.shape == (n, 2, 26) and opening.dtype.kind == "b" and opening.shape == (n,)):
        raise UntrustedFileError(f"the games in flight are not up to {MAX_IN_FLIGHT:,} games of matching arrays")
    if n and not ((lengths >= 0) & (lengths < MAX_PLIES)).all():
        raise UntrustedFileError(f"a game in flight longer than {MAX_PLIES - 1} plies")
    total = int(lengths.sum())
    if boards.dtype.kind not in "iu" or boards.shape != (total, 2, 26):
        raise UntrustedFileError(f"{prefix}boards must be {total} boards, one per ply of the games in flight")
    problem = float_array_problem(targets, (total, outputs), 0.0, 1.0)
    if problem:
        raise UntrustedFileError(f"{prefix}targets {problem}")
    for name, array in ((prefix + "sides", sides), (prefix + "boards", boards)):
        problem = _boards_problem(array)
        if problem:
            raise UntrustedFileError(f"{name} holds {problem}")


def _boards_problem(boards: np.ndarray) -> str | None:
    """What makes a board of ``(N, 2, 26)`` checker counts one no game in flight can reach."""
    b = boards.astype(np.int64)
    if (b < 0).any():
        return "negative checker counts"
    if (b.sum(axis=2) != CHECKERS).any():
        return f"a side without exactly {CHECKERS} checkers"
    if ((b[:, 0, 1:25] > 0) & (b[:, 1, 24:0:-1] > 0)).any():
        return "a point held by both sides"
    if (b[:, :, OFF] == CHECKERS).any():
        return "a game that is over"
    return None
