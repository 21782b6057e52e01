"""``tabula train backgammon --resume`` reads its checkpoint as untrusted input: every bad
network, training state or best file ends in one ``tabula: error:`` line naming it (exit 2,
no traceback), and every file of the checkpoint is left exactly as it was."""

from __future__ import annotations

import io
import json
import shutil
import zipfile
from pathlib import Path

import numpy as np
import pytest

from game.backgammon.nets.network import json_array, read_npz
from game.backgammon.nets.training import TrainConfig, best_path, state_path, train
from ..cli.util import run
from .corpus import CASES, fingerprint, json_cases

TINY = ("--hidden", "8", "--in-flight", "4", "--seed", "1", "--explore-games", "0", "--check-every", "0")


@pytest.fixture(scope="module")
def checkpoint(tmp_path_factory):
    """A tiny full network trained 6 games, with its state and best files."""
    folder = tmp_path_factory.mktemp("checkpoint")
    config = TrainConfig(arch="full", games=6, seed=1, hidden=(8,), in_flight=4, explore_games=0,
                         check_every=6, check_deals=1, opponent="hard")
    train(config, folder / "n.npz", report=lambda line: None)
    assert best_path(folder / "n.npz").exists()
    return folder


@pytest.fixture
def out(checkpoint, tmp_path):
    """A fresh copy of the checkpoint: ``tmp_path / "n.npz"`` and its two companions."""
    for path in checkpoint.iterdir():
        shutil.copy(path, tmp_path / path.name)
    return tmp_path / "n.npz"


def _files(out) -> dict:
    folder = out.parent
    return {path.name: fingerprint(path) for path in sorted(folder.iterdir())}


def _resume_refused(capsys, out, names: str, case: str = "") -> str:
    """Resume from ``out``: a one-line usage error naming ``names``' file (a long path is
    shown cut in its middle, its file name whole), nothing touched."""
    before = _files(out)
    code, text, err = run(capsys, "train", "backgammon", "--arch", "full", "--games", "12", "--out", str(out),
                          "--resume", *TINY)
    assert code == 2, (case, code, text, err)
    assert err.startswith("tabula: error: ") and err.count("\n") == 1 and "Traceback" not in err, err
    assert Path(names).name in err and len(err.rstrip("\n")) < 300, err
    assert "training" not in text
    assert _files(out) == before
    return err


def _npz(path, arrays: dict) -> None:
    with open(path, "wb") as handle:
        np.savez_compressed(handle, **arrays)


def _network_arrays(out) -> dict:
    return read_npz(out, "a network")


def _header(arrays) -> dict:
    return json.loads(bytes(arrays["header"]))


# --- the corpus, as each of the three files -------------------------------------------------

@pytest.mark.parametrize("case", sorted(CASES))
def test_a_bad_network_file_is_refused(capsys, out, case):
    out.unlink()
    CASES[case](out)
    _resume_refused(capsys, out, str(out))


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_bad_state_file_is_refused(capsys, out, case):
    state_path(out).unlink()
    CASES[case](state_path(out))
    _resume_refused(capsys, out, str(state_path(out)))


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_bad_best_file_is_refused(capsys, out, case):
    best_path(out).unlink()
    CASES[case](best_path(out))
    err = _resume_refused(capsys, out, str(best_path(out)))
    assert err.endswith("; move it away to resume\n")


# --- archives that are not what they claim --------------------------------------------------

def _zip(path, members: dict[str, bytes], compression=zipfile.ZIP_DEFLATED) -> None:
    with zipfile.ZipFile(path, "w", compression) as archive:
        for name, data in members.items():
            archive.writestr(name, data)


def _npy(array: np.ndarray) -> bytes:
    buffer = io.BytesIO()
    np.lib.format.write_array(buffer, array, allow_pickle=True)
    return buffer.getvalue()


def _lying_npy() -> bytes:
    """An ``.npy`` whose header claims 10^12 float64s, followed by 8 bytes."""
    header = io.BytesIO()
    np.lib.format.write_array_header_1_0(header, {"descr": "<f8", "fortran_order": False, "shape": (10**12,)})
    return header.getvalue() + bytes(8)


def _with(arrays: dict, **changes) -> dict:
    return {**arrays, **changes}


def _with_header(arrays: dict, **changes) -> dict:
    return _with(arrays, header=json_array({**_header(arrays), **changes}))


def _with_meta(arrays: dict, **changes) -> dict:
    header = _header(arrays)
    return _with(arrays, header=json_array({**header, "meta": {**header["meta"], **changes}}))


NETWORK_CASES = {
    "a zip of text": lambda a, p: _zip(p, {"readme.txt": b"hello"}),
    "no header": lambda a, p: _npz(p, {k: v for k, v in a.items() if k != "header"}),
    "pickled header": lambda a, p: _zip(p, {"header.npy": _npy(np.array([None, {"x": 1}], dtype=object))}),
    "a lying array header": lambda a, p: _zip(p, {"header.npy": _npy(a["header"]), "w0.npy": _lying_npy()}),
    "a zip bomb": lambda a, p: _zip(p, {"w0.npy": bytes(40 << 20)}),
    "a zip of many files": lambda a, p: _zip(p, {f"w{k}.npy": b"" for k in range(2000)}, zipfile.ZIP_STORED),
    "truncated": lambda a, p: p.write_bytes(_bytes_of(a)[: len(_bytes_of(a)) // 2]),
    "damaged data": lambda a, p: p.write_bytes(_damaged(_bytes_of(a))),
    "weights of the wrong shape": lambda a, p: _npz(p, _with(a, w0=np.zeros((3, 3), np.float32))),
    "NaN weights": lambda a, p: _npz(p, _with(a, w0=np.full_like(a["w0"], np.nan))),
    "infinite biases": lambda a, p: _npz(p, _with(a, b1=np.full_like(a["b1"], np.inf))),
    "too large for float32": lambda a, p: _npz(p, _with(a, w1=np.full(a["w1"].shape, 1e300))),
    "whole-number weights": lambda a, p: _npz(p, _with(a, w0=a["w0"].astype(np.int32))),
    "text weights": lambda a, p: _npz(p, _with(a, w0=a["w0"].astype(str))),
    "missing weights": lambda a, p: _npz(p, {k: v for k, v in a.items() if k != "w1"}),
    "an extra layer": lambda a, p: _npz(p, _with(a, w2=np.zeros((5, 5), np.float32))),
    "header not JSON": lambda a, p: _npz(p, _with(a, header=np.frombuffer(b"\xff{", np.uint8))),
    "header of floats": lambda a, p: _npz(p, _with(a, header=np.zeros(4))),
    "header a list": lambda a, p: _npz(p, _with(a, header=json_array([1, 2]))),
    "header nested deep": lambda a, p: _npz(p, _with(a, header=np.frombuffer(b"[" * 5000 + b"]" * 5000, np.uint8))),
    "sizes as text": lambda a, p: _npz(p, _with_header(a, sizes="209-8-5")),
    "sizes huge": lambda a, p: _npz(p, _with_header(a, sizes=[209, 10**9, 5])),
    "sizes of another net": lambda a, p: _npz(p, _with_header(a, sizes=[209, 9, 5])),
    "unknown activation": lambda a, p: _npz(p, _with_header(a, activation="gelu")),
    "meta a list": lambda a, p: _npz(p, _with_header(a, meta=[1])),
    "games as text": lambda a, p: _npz(p, _with_meta(a, games="many")),
    "games negative": lambda a, p: _npz(p, _with_meta(a, games=-1)),
    "games huge": lambda a, p: _npz(p, _with_meta(a, games=10**30)),
    "games a float": lambda a, p: _npz(p, _with_meta(a, games=6.5)),
    "unknown arch": lambda a, p: _npz(p, _with_meta(a, arch="x" * 10_000)),
    "arch a number": lambda a, p: _npz(p, _with_meta(a, arch=3)),
    "wrong encoding": lambda a, p: _npz(p, _with_meta(a, encoding="phase48")),
    "best as text": lambda a, p: _npz(p, _with_meta(a, best="good")),
    "best out of range": lambda a, p: _npz(p, _with_meta(a, best=1e300)),
}


def _bytes_of(arrays: dict) -> bytes:
    buffer = io.BytesIO()
    np.savez_compressed(buffer, **arrays)
    return buffer.getvalue()


def _damaged(data: bytes) -> bytes:
    """``data`` with bytes in the middle of the first member's compressed data changed."""
    middle = bytearray(data)
    for k in range(200, 260):
        middle[k] ^= 0x55
    return bytes(middle)


@pytest.mark.parametrize("case", sorted(NETWORK_CASES))
def test_a_network_that_is_not_what_it_claims_is_refused(capsys, out, case):
    arrays = _network_arrays(out)
    out.unlink()
    NETWORK_CASES[case](arrays, out)
    _resume_refused(capsys, out, str(out))


@pytest.mark.parametrize("case", ["NaN weights", "weights of the wrong shape", "sizes of another net", "unknown arch"])
def test_a_best_network_that_is_not_what_it_claims_is_refused(capsys, out, case):
    arrays = _network_arrays(best_path(out))
    best_path(out).unlink()
    NETWORK_CASES[case](arrays, best_path(out))
    _resume_refused(capsys, out, str(best_path(out)))


def _state_arrays(out) -> dict:
    return read_npz(state_path(out), "a state")


def _boards(arrays, change) -> dict:
    boards = arrays["play_boards"].copy()
    change(boards)
    return _with(arrays, play_boards=boards)


def _more_checkers(boards):
    boards[0, 0, 1] += 1


def _shared_point(boards):
    """Move one of the mover's checkers onto a point the opponent holds (15 checkers each still)."""
    me, opp = boards[0, 0], boards[0, 1]
    target = next(p for p in range(1, 25) if opp[25 - p] > 0)
    source = next(q for q in range(1, 26) if me[q] > 0 and q != target)
    me[source] -= 1
    me[target] += 1


STATE_CASES = {
    "a network": lambda a, out: shutil.copy(out, state_path(out)),
    "truncated": lambda a, out: state_path(out).write_bytes(_bytes_of(a)[:-100]),
    "no header": lambda a, out: _npz(state_path(out), {k: v for k, v in a.items() if k != "header"}),
    "moments of the wrong shape": lambda a, out: _npz(state_path(out), _with(a, adam_m0=np.zeros((2, 2), np.float32))),
    "NaN moments": lambda a, out: _npz(state_path(out), _with(a, adam_m1=np.full_like(a["adam_m1"], np.nan))),
    "negative second moments": lambda a, out: _npz(state_path(out), _with(a, adam_v0=-np.ones_like(a["adam_v0"]))),
    "missing moments": lambda a, out: _npz(state_path(out), {k: v for k, v in a.items() if k != "adam_v3"}),
    "a step count of text": lambda a, out: _npz(state_path(out), _with(a, adam_t=np.array("3"))),
    "a negative step count": lambda a, out: _npz(state_path(out), _with(a, adam_t=np.array(-3))),
    "no games in flight": lambda a, out: _npz(state_path(out), {k: v for k, v in a.items() if k != "play_lengths"}),
    "lengths that do not add up": lambda a, out: _npz(state_path(out), _with(a, play_lengths=a["play_lengths"] + 1)),
    "a game too long": lambda a, out: _npz(state_path(out), _with(
        a, play_lengths=np.array([10**6] * len(a["play_lengths"])))),
    "too many games in flight": lambda a, out: _npz(state_path(out), _with(
        a, play_sides=np.zeros((5000, 2, 26), np.int8), play_opening=np.zeros(5000, bool),
        play_lengths=np.zeros(5000, np.int64), play_boards=np.zeros((0, 2, 26), np.int8),
        play_targets=np.zeros((0, 5)))),
    "negative checkers": lambda a, out: _npz(state_path(out), _boards(a, lambda b: b.__setitem__((0, 0, 3), -1))),
    "sixteen checkers": lambda a, out: _npz(state_path(out), _boards(a, _more_checkers)),
    "a point held by both sides": lambda a, out: _npz(state_path(out), _boards(a, _shared_point)),
    "a game already over": lambda a, out: _npz(state_path(out), _with(a, play_sides=np.tile(
        np.array([15] + [0] * 25, np.int8), (len(a["play_lengths"]), 2, 1)))),
    "targets above 1": lambda a, out: _npz(state_path(out), _with(a, play_targets=a["play_targets"] + 2)),
    "NaN targets": lambda a, out: _npz(state_path(out), _with(a, play_targets=a["play_targets"] * np.nan)),
    "boards of floats": lambda a, out: _npz(state_path(out), _with(a, play_boards=a["play_boards"] * 1.0)),
    "opening flags of ints": lambda a, out: _npz(state_path(out), _with(a, play_opening=a["play_opening"] * 1)),
    "an older state of NaN moments": lambda a, out: _npz(state_path(out), {
        "games": np.array(_header(a)["games"]), "t": a["adam_t"], "m0": a["adam_m0"] * np.nan,
        **{k[5:]: v for k, v in a.items() if k.startswith("adam_") and k not in ("adam_t", "adam_m0")}}),
    "an extra array": lambda a, out: _npz(state_path(out), _with(a, extra=np.zeros(3))),
    "a lying array header": lambda a, out: _zip(state_path(out), {"header.npy": _npy(a["header"]),
                                                                  "adam_m0.npy": _lying_npy()}),
}


@pytest.mark.parametrize("case", sorted(STATE_CASES))
def test_a_state_that_is_not_what_it_claims_is_refused(capsys, out, case):
    arrays = _state_arrays(out)
    assert arrays["play_lengths"].sum() > 0  # games in flight with a history, so every case bites
    state_path(out).unlink()
    STATE_CASES[case](arrays, out)
    _resume_refused(capsys, out, str(state_path(out)))


# --- every field of the state's header: removed, or of a wrong type ------------------------

# Variants that are still a valid state: resuming from them is allowed (and not exact).
STILL_VALID = {"config object", "opponent null", "opponent missing", "counters best float", "counters best null",
               "counters best negative", "chooser explore float"}


def _header_variants(header: dict) -> dict:
    """Each bad variant of the header (corpus ``json_cases``), also inside each part."""
    variants = {}
    tmp = io.BytesIO()

    def value_of(make) -> object:
        class _Path:  # json_cases' makers write to a path: catch the bytes instead
            def write_bytes(self, data):
                tmp.seek(0)
                tmp.truncate()
                tmp.write(data)
        make(_Path())
        return json.loads(tmp.getvalue())

    for name, make in json_cases(header).items():
        variants[name] = value_of(make)
    for part in ("counters", "learner", "chooser", "selfplay"):
        for name, make in json_cases(header[part]).items():
            variants[f"{part} {name}"] = {**header, part: value_of(make)}
    return variants


@pytest.mark.slow
def test_every_bad_header_field_is_refused_and_valid_variants_resume(capsys, out):
    arrays = _state_arrays(out)
    variants = _header_variants(_header(arrays))
    assert len(variants) > 150
    saved = {path: path.read_bytes() for path in (out, state_path(out), best_path(out))}
    for name, header in variants.items():
        _npz(state_path(out), _with(arrays, header=json_array(header)))
        if name in STILL_VALID:
            code, _, err = run(capsys, "train", "backgammon", "--arch", "full", "--games", "12", "--out", str(out),
                               "--resume", *TINY)
            assert code == 0, (name, err)
            for path, data in saved.items():  # that run went on from the checkpoint: put it back
                path.write_bytes(data)
        else:
            _resume_refused(capsys, out, str(state_path(out)), name)
