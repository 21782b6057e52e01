"""The numpy network: backpropagation against finite differences, files, encodings, λ-returns."""

from __future__ import annotations

import numpy as np
import pytest

from game.backgammon.board import START_SIDE
from game.backgammon.evaluators import boards_to_array, random_positions
from game.backgammon.nets.encoding import (
    FULL_INPUTS, consistent, encode_full, encode_phase48, equity, flip_outputs, terminal_outputs,
)
from game.backgammon.nets.network import Adam, Network
from game.backgammon.nets.selfplay import lambda_returns


@pytest.mark.parametrize("activation", ["sigmoid", "relu", "tanh"])
def test_backpropagation_matches_finite_differences(activation):
    net = Network((5, 4, 3, 2), activation, seed=1, dtype=np.float64)
    net.weights[-1] *= 10  # undo the small start of the output layer, so every layer matters
    rng = np.random.default_rng(2)
    x, t = rng.standard_normal((7, 5)), rng.random((7, 2))
    out, layers = net.forward(x, keep=True)
    grads = net.backward(layers, out - t)  # cross-entropy's gradient at the logits
    eps = 1e-6
    for param, grad in zip(net.params, grads):
        for index in np.ndindex(param.shape):
            saved = param[index]
            param[index] = saved + eps
            up = net.loss(x, t)
            param[index] = saved - eps
            down = net.loss(x, t)
            param[index] = saved
            assert grad[index] == pytest.approx((up - down) / (2 * eps), rel=1e-5, abs=1e-7)


def test_adam_lowers_the_loss_on_a_fixed_batch():
    net = Network((4, 8, 1), "sigmoid", seed=0, dtype=np.float64)
    rng = np.random.default_rng(0)
    x = rng.standard_normal((32, 4))
    t = (x[:, :1] > 0).astype(float)
    adam, before = Adam(net), net.loss(x, t)
    for _ in range(200):
        out, layers = net.forward(x, keep=True)
        adam.step(net.backward(layers, (out - t) / len(x)), 0.01)
    assert net.loss(x, t) < 0.5 * before


def test_save_and_load_round_trip(tmp_path):
    net = Network((6, 3, 5), "sigmoid", seed=4, meta={"arch": "full", "games": 12})
    path = net.save(tmp_path / "n.npz")
    twin = Network.load(path)
    assert twin.sizes == net.sizes and twin.meta == net.meta
    x = np.random.default_rng(0).random((3, 6))
    np.testing.assert_array_equal(twin.forward(x), net.forward(x))


def test_loading_a_foreign_file_is_a_clear_error(tmp_path):
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"\x80\x04not a zip")  # numpy alone would call this "pickled data"
    with pytest.raises(ValueError, match=r"bad.npz is not a Tabula network \(not an .npz archive\)"):
        Network.load(bad)
    np.savez(bad, weights=np.zeros(3))
    with pytest.raises(ValueError, match=r"bad.npz is not a Tabula network \(bad or missing 'header'\)"):
        Network.load(bad)
    np.savez(bad, header=np.array([None, 1], dtype=object))
    with pytest.raises(ValueError, match=r"bad.npz is not a Tabula network \(array 'header' holds Python objects"):
        Network.load(bad)  # never unpickled


def test_encodings_have_their_sizes_and_describe_the_side_on_roll():
    batch = random_positions(20, seed=3)
    full, phase = encode_full(batch), encode_phase48(batch)
    assert full.shape == (20, FULL_INPUTS) and phase.shape == (20, 48)
    start = encode_full(boards_to_array([(START_SIDE, START_SIDE)]))[0]
    assert start[:103].tolist() == start[103:206].tolist()  # a symmetric position: equal halves
    assert start[206:].tolist() == [0.0, 1.0, 0.0]  # no pip difference, contact


def test_output_algebra():
    o = np.array([[0.6, 0.2, 0.05, 0.1, 0.01]])
    assert equity(o)[0] == pytest.approx(0.2 + 0.1 + 0.04)
    assert equity(flip_outputs(o))[0] == pytest.approx(-equity(o)[0])
    clamped = consistent([[0.3, 0.5, 0.6, 0.9, 0.95]])[0]
    assert clamped.tolist() == pytest.approx([0.3, 0.3, 0.3, 0.7, 0.7])
    assert terminal_outputs(np.array([1, 2, 3]), 5).tolist() == [
        [1, 0, 0, 0, 0], [1, 1, 0, 0, 0], [1, 1, 1, 0, 0]]


def test_lambda_returns_blend_one_step_targets_backwards():
    y = np.array([[0.5], [0.4], [1.0]])  # each from its own mover's view
    g = lambda_returns(y, 0.5)
    assert g[2, 0] == 1.0
    assert g[1, 0] == pytest.approx(0.5 * 0.4 + 0.5 * (1 - 1.0))
    assert g[0, 0] == pytest.approx(0.5 * 0.5 + 0.5 * (1 - g[1, 0]))
    np.testing.assert_allclose(lambda_returns(y, 0.0), y)


def test_a_network_evaluator_refuses_a_network_that_does_not_fit_its_encoding():
    from game.backgammon.nets.evaluator import NetEvaluator

    with pytest.raises(ValueError, match="cannot read the full encoding"):
        NetEvaluator("net-x", Network((48, 4, 5), meta={"encoding": "full"}))
    with pytest.raises(ValueError, match="cannot read the phase48 encoding"):
        NetEvaluator("net-x", Network((48, 4, 3), meta={"encoding": "phase48"}))
