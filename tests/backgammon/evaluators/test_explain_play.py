"""``explain_play`` / ``play_factors``: every evaluator's explanation of a play's 0-ply value
adds up to that value, the seed evaluators' shares are the ones worked out by hand, and the
network's groups say what a player expects."""

from __future__ import annotations

import numpy as np
import pytest

from game.backgammon.evaluators.bearoff import in_bearoff, is_race

from game.backgammon.board import START_SIDE, make_side
from game.backgammon.evaluators import boards_to_array, evaluator_names, flip, get_evaluator, random_positions
from game.backgammon.evaluators.base import Evaluator, through_univariate
from game.backgammon.evaluators.bras import BRAS_WEIGHTS, SIGMA, bras_features
from game.backgammon.evaluators.phase_features import PHASE_FEATURES, PHASE_WEIGHTS, game_phase, phase_feature_vector
from game.backgammon.evaluators.seven_factors import seven_factor_terms
from game.backgammon.movegen import legal_plays
from game.backgammon.nets import attribution
from game.backgammon.nets.encoding import consistent, equity
from game.backgammon.nets.network import Network
from game.backgammon.evaluators.sampling import selfplay_samples

SEEDS = ["seven-factors", "bras", "phase-heuristic"]
NETS = [name for name in ("net-full", "net-phase48") if name in evaluator_names()]


def _after_play_positions() -> np.ndarray:
    """Positions just after a play, ``(mover, opponent)``: every play of some self-play turns
    (contact, hits, bar, races, bear-offs and game-ending plays), random boards and a few
    hand-built ones."""
    rows = []
    for me, opp, d1, d2 in selfplay_samples(6, seed=11)[::9]:
        rows += [(after, opp_after) for _, after, opp_after in legal_plays(me, opp, d1, d2)[:6]]
    rows += [
        (START_SIDE, START_SIDE),
        (make_side({}), make_side({6: 5, 5: 5, 4: 5})),  # the mover has just won a gammon
        (make_side({}), make_side({24: 1, 6: 4})),  # ... a backgammon
        (make_side({1: 1}), make_side({1: 1})),  # the last checkers
        (make_side({6: 5, 8: 3, 13: 5, 24: 2}), make_side({6: 5, 8: 3, 13: 5, 24: 1}, bar=1)),
    ]
    batch = np.concatenate([boards_to_array(rows), random_positions(40, seed=5)])
    assert len(batch) > 100
    return batch


POSITIONS = _after_play_positions()


@pytest.mark.parametrize("name", evaluator_names())
def test_contributions_add_up_to_the_search_value(name):
    evaluator = get_evaluator(name)
    names, parts = evaluator.play_factors(POSITIONS)
    value = -evaluator.equity(flip(POSITIONS))
    assert parts.shape == (len(POSITIONS), len(names)) and parts.dtype == np.float64
    assert len(set(names)) == len(names)
    np.testing.assert_allclose(parts.sum(axis=1), value, rtol=0, atol=1e-9)
    np.testing.assert_array_equal(evaluator.play_values(POSITIONS), value)
    # One position alone gives the same as in the batch (up to float32 sums in the networks,
    # whose order depends on the batch size); explain_play is its dict.
    for k in (0, 17, len(POSITIONS) - 1):
        one = evaluator.explain_play(POSITIONS[k, 0].tolist(), POSITIONS[k, 1].tolist())
        assert list(one) == list(names)
        np.testing.assert_allclose(list(one.values()), parts[k], rtol=0, atol=1e-6)
        assert sum(one.values()) == pytest.approx(evaluator.play_values(POSITIONS[k:k + 1])[0], abs=1e-9)


def test_the_default_explanation_is_the_whole_value():
    class Flat(Evaluator):
        name = "flat"

        def evaluate(self, batch):
            return 0.1 * (batch[:, 0, 0] - batch[:, 1, 0]).astype(float)  # checkers off ahead

        def _contributions(self, batch):
            return self.evaluate(batch)[:, None]

    assert Flat().explain_play(make_side({1: 1}), make_side({1: 2})) == {"value": pytest.approx(0.1)}


def test_through_univariate_shares_the_value_by_part():
    parts = np.array([[1.0, -3.0, 4.0], [1e-12, -1e-12, 0.0]])
    shares = through_univariate(parts, np.array([1.0, 5.0]), slope_at_zero=0.5)
    np.testing.assert_allclose(shares[0], [0.5, -1.5, 2.0])
    np.testing.assert_allclose(shares[1], [5e-13, -5e-13, 0.0])


def _relative_parts(name: str, batch: np.ndarray) -> np.ndarray:
    """The seed evaluator's per-factor parts, mover minus opponent, from its definition."""
    if name == "seven-factors":
        return seven_factor_terms(batch) - seven_factor_terms(flip(batch))
    if name == "bras":
        return bras_features(batch) * BRAS_WEIGHTS

    def h_terms(b):  # seed 002: w[phase] · normalised features / 17, per feature
        return phase_feature_vector(b, normalise=True) * PHASE_WEIGHTS.T[game_phase(b)] / 17

    names = get_evaluator(name).play_factors(batch[:1])[0]
    return (h_terms(batch) - h_terms(flip(batch)))[:, [PHASE_FEATURES.index(n) for n in names]]


def curved(name: str, raw):
    """The seed's raw equity through its shipped calibration curve (``2·p − 1``), as the
    program applies it since issue 19 (``assets/backgammon/calibration/``); raw without one."""
    curve = get_evaluator(name).curve
    return raw if curve is None else 2.0 * curve(raw) - 1.0


RAW_G = {  # each seed's raw equity after a play as a function of the relative score R
    "seven-factors": lambda r: np.clip(r / 2, -1, 1),
    "bras": lambda r: np.tanh(r / SIGMA),
    "phase-heuristic": lambda r: np.clip(10.0 * r, -1, 1),
}
G = {name: (lambda r, name=name: curved(name, RAW_G[name](r))) for name in RAW_G}
"""The value itself: the raw equity through the calibration curve (the assumption checked)."""


@pytest.mark.parametrize("name", SEEDS)
def test_seed_values_are_one_odd_function_of_the_relative_score(name):
    evaluator = get_evaluator(name)
    parts = _relative_parts(name, POSITIONS)
    relative = parts.sum(axis=1)
    np.testing.assert_allclose(evaluator.play_values(POSITIONS), G[name](relative), rtol=0, atol=1e-12)
    np.testing.assert_allclose(evaluator.equity(flip(POSITIONS)), G[name](-relative), rtol=0, atol=1e-12)
    # Each factor's share is its relative part times the same average slope g(R)/R.
    names, shares = evaluator.play_factors(POSITIONS)
    big = np.abs(relative) > 1e-6
    expected = parts[big] * (G[name](relative[big]) / relative[big])[:, None]
    np.testing.assert_allclose(shares[big], expected, rtol=0, atol=1e-12)
    kept = [f for f in evaluator.factors if f not in ("even", "offset")]  # constants cancel
    assert list(names) == (kept if name == "seven-factors" else [f for f in kept if f in names])
    assert len(names) == {"seven-factors": 7, "bras": 11, "phase-heuristic": 9}[name]


# A race: the mover's 48 pips against the opponent's 53, everything else the same.
AHEAD = make_side({6: 2, 5: 2, 4: 2, 3: 3, 2: 3, 1: 3})
BEHIND = make_side({6: 3, 5: 2, 4: 2, 3: 3, 2: 3, 1: 2})


@pytest.mark.parametrize("name", SEEDS)
def test_a_mirror_position_is_worth_nothing(name):
    explained = get_evaluator(name).explain_play(BEHIND, BEHIND)
    assert all(value == 0.0 for value in explained.values())


def test_seven_factors_puts_a_pip_lead_on_pip():
    # pip term (53 − 48)/162 × 0.25 each way: ΔE = 2 × 0.0077…, equity ΔE/2.
    explained = get_evaluator("seven-factors").explain_play(AHEAD, BEHIND)
    assert explained["pip"] == pytest.approx(curved("seven-factors", 5 / 162 * 0.25), abs=1e-12)
    assert all(v == 0.0 for k, v in explained.items() if k != "pip")


def test_bras_puts_a_pip_lead_on_pip_through_tanh():
    explained = get_evaluator("bras").explain_play(AHEAD, BEHIND)
    assert explained["pip"] == pytest.approx(curved("bras", np.tanh(2.2 * 5 / 375 / 3)), abs=1e-12)
    assert all(v == 0.0 for k, v in explained.items() if k != "pip")
    assert "even" not in explained


def test_bras_factor_shares_are_the_weighted_features():
    # The opponent on the bar against a 5-point board: bar, pips, x1 and more move together.
    me, opp = make_side({6: 5, 5: 2, 4: 2, 8: 3, 13: 3}), make_side({6: 5, 8: 3, 13: 5, 24: 1}, bar=1)
    batch = boards_to_array([(me, opp)])
    weighted = (bras_features(batch) * BRAS_WEIGHTS)[0]
    d = weighted.sum()
    explained = get_evaluator("bras").explain_play(me, opp)
    np.testing.assert_allclose(list(explained.values()), weighted * curved("bras", np.tanh(d / SIGMA)) / d, atol=1e-12)
    assert explained["bar"] > 0 and explained["x1"] > 0


def test_phase_heuristic_puts_a_pip_lead_on_both_pip_terms():
    # Both sides LATE: "tot" −0.2 × (48 − 53)/360/17, "o.tot" 0.5 × (53 − 48)/360/17, times 10.
    # Each term's share of the calibrated value is its share of the raw one.
    explained = get_evaluator("phase-heuristic").explain_play(AHEAD, BEHIND)
    raw = 10 * 0.7 * 5 / 360 / 17
    through = curved("phase-heuristic", raw) / raw
    assert explained["tot"] == pytest.approx(10 * 0.2 * 5 / 360 / 17 * through, abs=1e-12)
    assert explained["o.tot"] == pytest.approx(10 * 0.5 * 5 / 360 / 17 * through, abs=1e-12)
    assert all(v == 0.0 for k, v in explained.items() if k not in ("tot", "o.tot"))
    assert "offset" not in explained and "o.occ" not in explained  # cancels / never weighed


# -- networks ---------------------------------------------------------------------------------


def test_every_network_input_is_in_exactly_one_group():
    names, matrix = attribution.GROUPS["full"]
    np.testing.assert_array_equal(matrix.sum(axis=1), np.ones(209))
    assert names[0] == "race (pips)" and "your home board" in names and "contact" in names
    names, matrix = attribution.GROUPS["phase48"]
    by_hand = [16 * block + PHASE_FEATURES.index(f) for f in ("on", "borne", "bar", "o.on", "o.borne", "o.bar")
               for block in range(3)]  # split between "checkers off" and "on the bar" by cause
    np.testing.assert_array_equal(matrix.sum(axis=1), np.where(np.isin(np.arange(48), by_hand), 0, 1))
    assert names[-1] == "game phase" and not matrix[:, -1].any()


def test_equity_gradient_matches_finite_differences():
    rng = np.random.default_rng(3)
    outputs = rng.uniform(0.02, 0.98, (200, 5))
    grad = attribution.equity_gradient(outputs)
    eps = 1e-7
    for j in range(5):
        step = np.zeros(5)
        step[j] = eps
        numeric = (equity(consistent(outputs + step)) - equity(consistent(outputs - step))) / (2 * eps)
        np.testing.assert_allclose(grad[:, j], numeric, atol=1e-5)
    assert (attribution.equity_gradient(outputs[:, :1]) == 2.0).all()


@pytest.mark.parametrize("activation", ["sigmoid", "tanh", "relu"])
def test_integrated_gradients_add_up_to_the_change_of_equity(activation):
    net = Network((12, 16, 8, 5), activation=activation, seed=2, dtype=np.float64)
    rng = np.random.default_rng(0)
    start, end = rng.random((1, 12)), rng.random((30, 12))

    def value(x):
        return equity(consistent(net.forward(x)))

    ig = attribution.integrated_gradients(net, start, end, steps=256)
    np.testing.assert_allclose(ig.sum(axis=1), value(end) - value(start), atol=2e-3)


@pytest.mark.parametrize("name", NETS)
def test_network_explanations_start_from_the_opening(name):
    evaluator = get_evaluator(name)
    explained = evaluator.explain_play(START_SIDE, START_SIDE)
    base = -evaluator.equity(boards_to_array([(START_SIDE, START_SIDE)]))[0]
    assert explained.pop(attribution.BASELINE) == pytest.approx(base, abs=1e-12)
    assert all(value == 0.0 for value in explained.values())  # nothing moved
    assert list(evaluator.play_factors(POSITIONS[:1])[0]) == list(attribution.GROUPS[evaluator.encoding][0]) + [
        attribution.BASELINE]


@pytest.mark.slow
@pytest.mark.parametrize("name", NETS)
def test_network_groups_account_for_the_whole_change(name):
    """Before the residual is shared out, the groups already add up to the change of the
    network's equity from the opening (complete, no input forgotten), and more steps change
    them little: they are the network's own integrated gradients, not a rescaling."""
    evaluator = get_evaluator(name)
    flipped = flip(POSITIONS[(POSITIONS[:, :, 0] < 15).all(axis=1)])
    flipped = flipped[~in_bearoff(flipped) & ~is_race(flipped)]  # valued by the database, the race network
    change = evaluator.equity(flipped) - evaluator.equity(boards_to_array([(START_SIDE, START_SIDE)]))
    parts = attribution.group_parts(evaluator.network, evaluator.encoding, flipped)
    error = np.abs(parts.sum(axis=1) - change)
    assert error.mean() < 2e-3 and error.max() < 0.05
    precise = attribution.group_parts(evaluator.network, evaluator.encoding, flipped, steps=512)
    assert np.abs(parts - precise).sum(axis=1).mean() < 5e-3


def _plays(me, opp, d1, d2):
    plays = legal_plays(me, opp, d1, d2)
    return plays, boards_to_array([(after, opp_after) for _, after, opp_after in plays])


@pytest.mark.parametrize("name", NETS)
def test_networks_credit_a_hit_to_the_opponent_on_the_bar(name):
    # The opponent opened 6-2 with 24/18 13/11 and left blots; we roll 6-1.
    opp = make_side({24: 1, 18: 1, 13: 4, 11: 1, 8: 3, 6: 5})
    plays, batch = _plays(START_SIDE, opp, 6, 1)
    names, parts = get_evaluator(name).play_factors(batch)
    on_bar = parts[:, names.index("opponent on the bar")]
    hits = np.array([opp_after[25] > 0 for _, _, opp_after in plays])
    assert hits.any() and (~hits).any()
    assert (on_bar[hits] > 0.05).all() and (on_bar[~hits] == 0).all()
    assert (parts[:, names.index("opponent's checkers off")] == 0).all()  # nobody bore off


@pytest.mark.parametrize("name", NETS)
def test_networks_credit_a_pip_lead_to_the_race(name):
    evaluator = get_evaluator(name)
    ahead = evaluator.explain_play(make_side({1: 5, 2: 5, 3: 5}), make_side({6: 5, 5: 5, 4: 5}))
    home = make_side({1: 2, 2: 2, 3: 2, 4: 3, 5: 3, 6: 3})
    behind = evaluator.explain_play(make_side({24: 2, 13: 5, 8: 3, 6: 5}), home)
    assert ahead["race (pips)"] > 0.3 and behind["race (pips)"] < -0.3
    assert max(ahead, key=lambda k: abs(ahead[k])) == "race (pips)"


@pytest.mark.slow
def test_a_race_is_explained_by_the_race_network_and_contact_by_the_main_one():
    """net-full values contact-free positions with its race network (bearoffs from the
    database): the shares of those come from the race network's gradients, contact's from
    the main network's, and both add up to the evaluator's value."""
    evaluator = get_evaluator("net-full")
    if evaluator.race is None:
        pytest.skip("the race network is not installed")
    names, parts = evaluator.play_factors(POSITIONS)
    after = flip(POSITIONS)
    racing = is_race(after) | in_bearoff(after)
    assert racing.sum() >= 10 and (~racing).sum() >= 10
    by_race = attribution.explain_plays(evaluator.race, evaluator.encoding, POSITIONS, evaluator.equity)[1]
    by_main = attribution.explain_plays(evaluator.network, evaluator.encoding, POSITIONS, evaluator.equity)[1]
    np.testing.assert_allclose(parts[racing], by_race[racing], atol=1e-5)  # float32 sums: batch sizes differ
    np.testing.assert_allclose(parts[~racing], by_main[~racing], atol=1e-5)
    assert np.abs(by_race[racing] - by_main[racing]).max() > 0.01  # the two networks see races differently
