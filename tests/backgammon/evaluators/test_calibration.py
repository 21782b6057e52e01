"""Score → win-probability calibration: the fits and metrics on hand-computed values, the
self-play samples, the shipped curves and what the program does with them (equity, cube)."""

from __future__ import annotations

import json
import math
import warnings

import numpy as np
import pytest

from game.backgammon.board import START_SIDE, make_side
from game.backgammon.evaluators.calibration import selfplay_samples
from game.backgammon.cube.play import BRAS_DOUBLE, BRAS_DROP, bras_cube_action
from game.backgammon.cube.state import DECIDE, DOUBLE, OFFERED, PASS, ROLL, TAKE, CubeState
from game.backgammon.evaluators import Bras, boards_to_array, flip, get_evaluator, random_positions
from game.backgammon.evaluators.bras import bras_details, score_from_d
from game.backgammon.evaluators.calibrated import attach_shipped_curves, load_curve
from game.backgammon.state import BackgammonState
from game.core.calibration import (
    IsotonicCurve,
    LogisticCurve,
    brier,
    curve_from_json,
    fit_isotonic,
    fit_logistic,
    log_loss,
    reliability,
    split_by_group,
)
from game.core.resources import assets_dir

# --------------------------------------------------------------------------- isotonic (PAVA)


def test_pava_pools_a_violating_pair():
    curve = fit_isotonic([1, 2, 3, 4], [1, 0, 1, 1])
    assert curve.knots_x == (1, 2, 3, 4) and curve.knots_p == (0.5, 0.5, 1.0, 1.0)
    assert curve(2.5) == pytest.approx(0.75)  # linear between blocks
    assert curve(0) == 0.5 and curve(9) == 1.0  # flat beyond the data


def test_pava_pools_backwards_through_several_blocks():
    # 0 | 1 0 → 0.5 | then 0 pulls the block down to 1/3 | 1.
    curve = fit_isotonic([1, 2, 3, 4, 5], [0, 1, 0, 0, 1])
    np.testing.assert_allclose(curve([1, 2, 3, 4, 5]), [0, 1 / 3, 1 / 3, 1 / 3, 1])


def test_pava_pools_equal_scores_first_and_weighs():
    assert fit_isotonic([1, 1, 2], [1, 0, 0]).knots_p == pytest.approx((1 / 3, 1 / 3))
    assert fit_isotonic([1, 2], [1, 0], weights=[3, 1]).knots_p == pytest.approx((0.75, 0.75))
    assert fit_isotonic([3, 1, 2], [1, 0, 0.5]).knots_p == (0.0, 0.5, 1.0)  # already monotone, unsorted input


def test_isotonic_fit_is_monotone_and_keeps_the_mean():
    rng = np.random.default_rng(4)
    x = rng.normal(size=3000)
    y = (rng.random(3000) < 1 / (1 + np.exp(-2 * x))).astype(float)
    curve = fit_isotonic(x, y)
    assert (np.diff(curve.knots_x) >= 0).all() and (np.diff(curve.knots_p) >= 0).all()
    fitted = curve(x)
    assert fitted.mean() == pytest.approx(y.mean())  # every pooled block keeps its outcomes' mean
    # Least squares among monotone fits: no worse than the true (monotone) curve.
    assert np.mean((fitted - y) ** 2) <= np.mean((1 / (1 + np.exp(-2 * x)) - y) ** 2)


# --------------------------------------------------------------------------- logistic


@pytest.mark.parametrize("a, b", [(-0.5, 2.0), (0.3, 5.0)])
def test_logistic_fit_recovers_known_parameters(a, b):
    rng = np.random.default_rng(11)
    x = rng.uniform(-1, 1, 200_000)
    y = (rng.random(len(x)) < 1 / (1 + np.exp(-(a + b * x)))).astype(float)
    curve = fit_logistic(x, y)
    assert curve.a == pytest.approx(a, abs=0.03) and curve.b == pytest.approx(b, abs=0.05)
    y_odd = (rng.random(len(x)) < 1 / (1 + np.exp(-b * x))).astype(float)
    odd = fit_logistic(x, y_odd, intercept=False)
    assert odd.a == 0.0 and odd.odd and odd.b == pytest.approx(b, abs=0.05)
    assert odd(0.4) + odd(-0.4) == pytest.approx(1.0)


def test_logistic_fit_stays_finite_on_separable_data():
    curve = fit_logistic([-2, -1, 1, 2], [0, 0, 1, 1])
    assert math.isfinite(curve.b) and curve.b > 0 and curve(2) > 0.99


def test_fits_refuse_empty_or_mismatched_data():
    with pytest.raises(ValueError, match="no samples"):
        fit_isotonic([], [])
    with pytest.raises(ValueError, match="differ in length"):
        fit_logistic([1, 2], [1])


# --------------------------------------------------------------------------- metrics


def test_brier_and_log_loss_by_hand():
    p, y = [0.8, 0.3], [1, 0]
    assert brier(p, y) == pytest.approx((0.2 ** 2 + 0.3 ** 2) / 2)  # 0.065
    assert log_loss(p, y) == pytest.approx(-(math.log(0.8) + math.log(0.7)) / 2)
    assert brier([0.5] * 4, [1, 0, 1, 0]) == 0.25 and log_loss([0.5], [1]) == pytest.approx(math.log(2))
    assert log_loss([0.0], [1]) == pytest.approx(-math.log(1e-6))  # clipped: large but finite


def test_reliability_bins_by_hand():
    rows = reliability([0.05, 0.08, 0.55, 0.99, 1.0], [0, 1, 1, 1, 0])
    assert [(r["low"], r["count"]) for r in rows] == [(0.0, 2), (0.5, 1), (0.9, 2)]
    assert rows[0]["predicted"] == pytest.approx(0.065) and rows[0]["observed"] == 0.5
    assert rows[2]["observed"] == 0.5


def test_split_by_game_never_shares_a_game_and_is_seeded():
    games = np.repeat(np.arange(20), 7)
    held = split_by_group(games, 0.25, seed=5)
    assert not set(games[held]) & set(games[~held]) and len(set(games[held])) == 5
    assert (held == split_by_group(games, 0.25, seed=5)).all()
    with pytest.raises(ValueError, match="two games"):
        split_by_group(np.zeros(5), 0.25, 0)


def test_curves_round_trip_through_json_and_bad_ones_are_named():
    for curve in (LogisticCurve(0.1, 3.0), fit_isotonic([1, 2, 3], [0, 1, 1])):
        again = curve_from_json(json.loads(json.dumps(curve.to_json())))
        assert again == curve
    for bad, words in (({"kind": "spline"}, "unknown curve kind"), ({"kind": "logistic", "a": 0, "b": -1}, "increase"),
                       ({"kind": "isotonic", "knots_x": [1, 2], "knots_p": [0.6, 0.2]}, "increasing"), ([], "object")):
        with pytest.raises(ValueError, match=words):
            curve_from_json(bad)
    assert isinstance(curve_from_json({"kind": "isotonic", "knots_x": [0], "knots_p": [0.5]}), IsotonicCurve)


# --------------------------------------------------------------------------- samples


@pytest.mark.slow
def test_selfplay_samples_are_seeded_labelled_and_sampled_per_game():
    a, b = selfplay_samples(3, seed=9, per_game=5), selfplay_samples(3, seed=9, per_game=5)
    assert len(a) == 15 and (a.boards == b.boards).all() and (a.outcome == b.outcome).all()
    assert set(a.game) == {0, 1, 2} and set(np.unique(a.outcome)) <= {0.0, 1.0}
    full = selfplay_samples(2, seed=9)
    first = full.game == 0
    assert (full.turn[first] == np.arange(first.sum())).all()  # every turn, in order
    assert (full.boards[0] == boards_to_array([(START_SIDE, START_SIDE)])[0]).all()
    # The sides alternate, so consecutive turns' outcomes alternate too (one of them won).
    assert (full.outcome[first][:-1] != full.outcome[first][1:]).all()
    # The last position is the winner's, before the roll that bears its last checker off.
    assert full.outcome[first][-1] == 1.0
    with pytest.raises(ValueError):
        selfplay_samples(0, seed=1)


# --------------------------------------------------------------------------- the program's curves


def test_bras_ships_an_odd_curve_that_its_equity_goes_through():
    bras = get_evaluator("bras")
    assert isinstance(bras.curve, LogisticCurve) and bras.curve.odd and bras.curve.b > 0
    batch = random_positions(200, seed=3)
    s = bras.evaluate(batch)  # the seed's S is untouched
    np.testing.assert_allclose(s, bras_details(batch).s_me)
    np.testing.assert_allclose(bras.raw_equity(batch), s / 50 - 1)
    np.testing.assert_allclose(bras.equity(batch), 2 * bras.curve(s / 50 - 1) - 1)
    np.testing.assert_allclose(bras.equity(flip(batch)), -bras.equity(batch), atol=1e-12)  # still antisymmetric
    assert bras.equity(boards_to_array([(START_SIDE, START_SIDE)]))[0] == pytest.approx(0.0, abs=1e-12)
    order = np.argsort(s)
    assert (np.diff(bras.equity(batch)[order]) >= 0).all()  # never reorders positions


def test_shipped_curves_are_only_for_the_seed_evaluators():
    folder = assets_dir() / "backgammon" / "calibration"
    for name in ("bras", "seven-factors", "phase-heuristic"):
        assert get_evaluator(name).curve == load_curve(folder / f"{name}.json", name)
    assert not (folder / "net-full.json").exists()


def test_a_damaged_curve_file_warns_and_keeps_the_raw_formula(tmp_path):
    (tmp_path / "bras.json").write_text("{not json")
    fresh = Bras()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert attach_shipped_curves([fresh], tmp_path) == []
    assert fresh.curve is None and "bras.json" in str(caught[0].message)
    (tmp_path / "bras.json").write_text(json.dumps({"evaluator": "bras", "use": "logistic",
                                                    "curves": {"logistic": {"kind": "logistic", "a": 0.2, "b": 3}}}))
    with pytest.raises(ValueError, match="odd logistic"):
        load_curve(tmp_path / "bras.json", "bras")
    with pytest.raises(ValueError, match="not a calibration of evaluator 'seven-factors'"):
        load_curve(tmp_path / "bras.json", "seven-factors")


def _state(me, opp, phase=DECIDE):
    return BackgammonState.from_board(me, opp, 0, None, CubeState(phase=phase))


def test_greedy_bras_doubles_on_the_calibrated_chance_not_on_s():
    # A position with S below the seed's 62 whose calibrated chance is above 62 %.
    me = make_side({6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 8: 2})
    opp = make_side({6: 3, 5: 3, 4: 2, 3: 2, 2: 2, 13: 3})
    bras = Bras()
    s = float(bras.evaluate(boards_to_array([(me, opp)]))[0])
    x = s / 50 - 1
    bras.curve = LogisticCurve(0.0, 2.0 * math.atanh((BRAS_DOUBLE + 1) / 50 - 1) / x)  # 63 % at this S
    assert s < BRAS_DOUBLE
    assert bras_cube_action(_state(me, opp), bras) == DOUBLE
    assert bras_cube_action(_state(me, opp, OFFERED), bras) == TAKE  # 63 % < 80 %: take
    bras.curve = LogisticCurve(0.0, 2.0 * math.atanh((BRAS_DROP + 1) / 50 - 1) / x)
    assert bras_cube_action(_state(me, opp, OFFERED), bras) == PASS
    bras.curve = None  # uncalibrated: the seed's rule on S itself
    assert bras_cube_action(_state(me, opp), bras) == ROLL


def test_play_factors_still_add_up_through_the_curve():
    bras = get_evaluator("bras")
    batch = random_positions(50, seed=8)
    names, parts = bras.play_factors(batch)
    np.testing.assert_allclose(parts.sum(axis=1), bras.play_values(batch), atol=1e-9)
    assert score_from_d(0.0) == 50.0


def test_eval_reports_the_calibrated_win_chance():
    from game.backgammon.evaluators.report import evaluate

    me = make_side({6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 8: 2})
    opp = make_side({6: 3, 5: 3, 4: 2, 3: 2, 2: 2, 13: 3})
    report = evaluate(_state(me, opp), "bras")
    bras = get_evaluator("bras")
    assert report.outputs == {"win": pytest.approx(float(bras.curve(report.value / 50 - 1)))}
    assert report.hidden["equity"] == pytest.approx(2 * report.outputs["win"] - 1)
