"""The compiled ``full``/``full2`` encodings equal the numpy reference bit for bit, and the
numpy code is used when asked or when numba is missing."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from game.backgammon.board import START_SIDE
from game.backgammon.evaluators import boards_to_array, random_positions
from game.backgammon.evaluators.sampling import selfplay_samples
from game.backgammon.movegen import legal_plays
from game.backgammon.nets import encoding
from game.backgammon.nets.encoding import (
    ENCODERS, FULL2_INPUTS, FULL_INPUTS, encode_full, encode_full2, encode_full2_numpy, encode_full_numpy,
)

pytestmark = pytest.mark.xdist_group("numba")


@pytest.fixture(scope="module")
def kernel():
    if not encoding.load_kernel():
        pytest.skip("numba is not installed")
    return encoding.KERNEL.module


def _selfplay(games: int, seed: int) -> np.ndarray:
    """Every turn of seeded random self-play, and the positions after every legal play of
    one turn in five (the opponent then on roll: what a rollout evaluates)."""
    boards = []
    for k, (me, opp, d1, d2) in enumerate(selfplay_samples(games, seed)):
        boards.append((me, opp))
        if k % 5 == 0:
            boards.extend((opp_after, after) for _, after, opp_after in legal_plays(me, opp, d1, d2))
    return boards_to_array(boards)


def _edge_cases() -> np.ndarray:
    """The start, finished games, empty sides, 15 checkers on one slot of either side
    against every kind of other side, bars full of checkers, races and bear-offs."""
    empty = [0] * 26
    others = [START_SIDE, empty, [15] + [0] * 25, [0] * 25 + [15], [0, 3, 3, 3, 3, 3] + [0] * 20,
              [2] * 7 + [0] * 18 + [1], [0] * 18 + [2] * 7 + [1]]
    boards = [(START_SIDE, START_SIDE), (empty, empty)]
    for slot in range(26):
        stack = [0] * 26
        stack[slot] = 15
        for other in others:
            boards += [(stack, other), (other, stack)]
    race = [3, 2, 2, 2, 2, 2, 2] + [0] * 19
    bearing_off = [9, 1, 0, 2, 0, 3] + [0] * 20
    boards += [(race, bearing_off), (bearing_off, race), (bearing_off, bearing_off)]
    return boards_to_array(boards)


def _assert_same_bits(batch: np.ndarray) -> None:
    for compiled_code, numpy_code in ((encode_full2, encode_full2_numpy), (encode_full, encode_full_numpy)):
        fast, reference = compiled_code(batch, compiled=True), numpy_code(batch)
        assert fast.dtype == reference.dtype == np.float32 and fast.shape == reference.shape
        differ = np.argwhere(fast.view(np.uint32) != reference.view(np.uint32))
        assert not len(differ), f"{len(differ)} inputs differ, first (row, input): {differ[:5].tolist()}"


def test_random_positions_and_their_flips(kernel):
    for seed in (1, 2, 3):
        batch = random_positions(12_000, seed=seed)
        _assert_same_bits(batch)
        _assert_same_bits(batch[:, ::-1])  # a view, not contiguous: the other side on roll


def test_any_counts_of_0_to_15_on_every_slot(kernel):
    # Not positions a game reaches: every slot of both sides at random, up to 15 on a bar.
    rng = np.random.default_rng(7)
    _assert_same_bits(rng.integers(0, 16, size=(20_000, 2, 26)).astype(np.int8))
    sparse = rng.integers(0, 16, size=(20_000, 2, 26)) * (rng.random((20_000, 2, 26)) < 0.2)
    _assert_same_bits(sparse.astype(np.int8))


def test_seeded_selfplay_positions(kernel):
    batch = _selfplay(games=40, seed=20240601)
    assert len(batch) > 10_000 and (batch[:, :, 25] > 0).any() and (batch[:, :, 0] > 0).any()
    _assert_same_bits(batch)


def test_edge_cases(kernel):
    batch = _edge_cases()
    _assert_same_bits(batch)
    start = encode_full2(batch[:1], compiled=True)[0]
    assert start[FULL_INPUTS:].tolist() == pytest.approx([0, 24 / 36, 0.77] * 2)


def test_other_integer_dtypes_and_odd_batches(kernel):
    batch = random_positions(500, seed=11)
    reference = encode_full2_numpy(batch)
    for dtype in (np.int64, np.uint8, np.int16):
        assert np.array_equal(encode_full2(batch.astype(dtype), compiled=True), reference)
    assert encode_full2(batch[:0], compiled=True).shape == (0, FULL2_INPUTS)
    assert encode_full(batch[:0], compiled=True).shape == (0, FULL_INPUTS)


def test_counts_outside_0_to_15_get_the_numpy_answer(kernel):
    batch = random_positions(20, seed=12)
    batch[7, 0, 3] = -1  # the kernel refuses the batch; numpy's lookup reads -1 as 15
    assert np.array_equal(encode_full2(batch, compiled=True), encode_full2_numpy(batch))
    batch[7, 0, 3] = 16
    with pytest.raises(IndexError):
        encode_full2(batch, compiled=True)
    with pytest.raises(IndexError):
        encode_full2(batch.astype(np.int64), compiled=True)


class _Recorder:
    """Stands in for the kernel module: counts calls, or fails any."""

    def __init__(self, real=None):
        self.real, self.calls = real, 0

    def encode(self, *args):
        assert self.real is not None, "the kernel was called"
        self.calls += 1
        return self.real.encode(*args)


def test_the_encoders_use_the_kernel_by_default_and_numpy_when_asked(kernel, monkeypatch):
    recorder = _Recorder(kernel)
    monkeypatch.setattr(encoding.KERNEL, "module", recorder)
    batch = random_positions(30, seed=13)
    assert ENCODERS["full2"] is encode_full2 and ENCODERS["full"] is encode_full
    fast = ENCODERS["full2"](batch)
    assert recorder.calls == 1 and np.array_equal(fast, encode_full2_numpy(batch))
    ENCODERS["full"](batch)
    assert recorder.calls == 2
    monkeypatch.setattr(encoding.KERNEL, "module", _Recorder(None))
    assert np.array_equal(encode_full2(batch, compiled=False), fast)
    assert np.array_equal(encode_full(batch, compiled=False), fast[:, :FULL_INPUTS])


def test_only_a_large_batch_loads_the_kernel(monkeypatch):
    loads = []
    monkeypatch.setattr(encoding.KERNEL, "module", None)
    monkeypatch.setattr(encoding.KERNEL, "missing", False)
    monkeypatch.setattr(encoding, "load_kernel", lambda: loads.append(1) or False)
    encode_full2(random_positions(encoding.LOAD_AT - 1, seed=14))
    assert loads == []
    encode_full2(random_positions(encoding.LOAD_AT, seed=14))
    assert loads == [1]


def test_without_numba_the_numpy_code_runs(monkeypatch):
    package = sys.modules["game.backgammon.nets"]
    monkeypatch.delattr(package, "encoding_kernel", raising=False)
    monkeypatch.setitem(sys.modules, "game.backgammon.nets.encoding_kernel", None)  # import fails
    monkeypatch.setattr(encoding.KERNEL, "module", None)
    monkeypatch.setattr(encoding.KERNEL, "missing", False)
    batch = random_positions(encoding.LOAD_AT, seed=15)
    assert np.array_equal(encode_full2(batch), encode_full2_numpy(batch))
    assert encoding.KERNEL.missing and not encoding.load_kernel()
    with pytest.raises(RuntimeError):
        encode_full2(batch, compiled=True)


def test_importing_the_encodings_does_not_import_numba():
    code = "import sys, game.backgammon.nets.evaluator; print('numba' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
