"""PR, error rate, their intervals and the trend, against hand computations."""

from __future__ import annotations

import math

import pytest

from game.core.library.rating import Z95, rates, trend


def test_pr_is_500_times_the_loss_per_counted_decision_and_1_5_times_in_one_point_matches():
    decisions = [(0.1, True, 5), (0.0, True, 5), (0.05, True, 5), (0.02, False, 5)]  # an uncounted loss still adds
    pr, error = rates(decisions)
    assert pr.value == pytest.approx(500 * 0.17 / 3) and error.value == pytest.approx(1000 * 0.17 / 3)
    assert pr.n == 3
    one_point, _ = rates([(0.1, True, 1), (0.0, True, 1)])
    assert one_point.value == pytest.approx(1.5 * 500 * 0.1 / 2)


def test_the_interval_is_the_normal_approximation_of_the_mean():
    losses = [0.0, 0.0, 0.1, 0.0, 0.04, 0.0, 0.2, 0.01]
    pr, _ = rates([(x, True, 7) for x in losses])
    n = len(losses)
    mean = sum(losses) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in losses) / (n - 1))
    half = Z95 * 500 * sd / math.sqrt(n)
    assert (pr.low, pr.high) == pytest.approx((max(0.0, 500 * mean - half), 500 * mean + half))
    assert not pr.enough  # eight decisions: the interval is wider than the value
    many, _ = rates([(x, True, 7) for x in losses * 200])
    assert many.enough and many.high - many.low < pr.high - pr.low


def test_no_counted_decision_has_no_rate_and_one_has_no_interval():
    assert rates([])[0].value is None and rates([(0.1, False, 3)])[0].value is None
    one, _ = rates([(0.1, True, 3)])
    assert one.value == pytest.approx(50) and one.low is None and not one.enough


def test_the_trend_weighs_older_matches_by_the_decision_half_life():
    first = [(0.1, True, 5)] * 10
    second = [(0.0, True, 5)] * 10
    points = trend([first, second], half_life=10)
    assert points[0][0].value == pytest.approx(50) and points[0][1].value == pytest.approx(50)
    assert points[1][0].value == pytest.approx(0)
    # the first match's ten decisions weigh 2^(-10/10) = 0.5 after the second's ten
    assert points[1][1].value == pytest.approx(500 * (0.5 * 1.0) / (0.5 * 10 + 10))
    flat = trend([first, second], half_life=10**12)
    assert flat[1][1].value == pytest.approx(500 * 1.0 / 20)
