"""Tournament statistics against known values: the sign test, seed 002's binomial test, intervals, ratings."""

from __future__ import annotations

import math

import numpy as np
import pytest

from game.core.tournament import stats
from game.core.tournament.stats import ELO_PER_NAT, Z95, binomial_equal_p, bradley_terry, mean_interval, sign_test_p


@pytest.mark.parametrize(
    "wins,games,expected",
    [(60, 100, 0.05688793), (41, 100, 0.08862608), (50, 100, 1.07958924), (9, 11, 0.06542969)],
)
def test_binomial_matches_the_spec_vectors(wins, games, expected):
    assert binomial_equal_p(wins, games) == pytest.approx(expected, abs=5e-9)


def test_seeds_binomial_is_symmetric_exact_and_not_clipped():
    assert binomial_equal_p(3, 4) == binomial_equal_p(1, 4) == 2 * (1 + 4) / 16
    assert binomial_equal_p(0, 10) == 2 / 1024
    assert binomial_equal_p(2, 4) == 2 * 11 / 16 > 1
    assert binomial_equal_p(1, 2) == 1.5  # the seed's formula, kept for its numbers; tournaments use sign_test_p
    with pytest.raises(ValueError):
        binomial_equal_p(5, 4)


@pytest.mark.parametrize("wins,games,expected",
                         [(60, 100, 0.05688793), (41, 100, 0.08862608), (50, 100, 1.0), (9, 11, 0.06542969),
                          (1, 2, 1.0), (2, 4, 1.0), (1, 1, 1.0), (0, 1, 1.0), (3, 4, 0.625), (0, 10, 2 / 1024)])
def test_sign_test_is_a_two_sided_p_value_at_most_1(wins, games, expected):
    assert sign_test_p(wins, games) == pytest.approx(expected, abs=5e-9)


def outcomes_as_likely_or_less(wins: int, games: int) -> float:
    """The textbook two-sided exact p-value: P(X = k) summed over k no likelier than ``wins``."""
    observed = math.comb(games, wins)
    return sum(c for k in range(games + 1) if (c := math.comb(games, k)) <= observed) / 2**games


def test_sign_test_is_the_textbook_p_value_and_never_above_1():
    for games in range(1, 61):
        for wins in range(games + 1):
            p = sign_test_p(wins, games)
            assert 0 < p <= 1 and p == sign_test_p(games - wins, games)
            assert p == pytest.approx(outcomes_as_likely_or_less(wins, games), rel=1e-12)
            assert p == min(1.0, binomial_equal_p(wins, games))
    with pytest.raises(ValueError):
        sign_test_p(5, 4)


@pytest.mark.slow
def test_long_tournaments_take_the_float_sum_and_agree_with_the_exact_one(monkeypatch):
    exact = {(w, n): sign_test_p(w, n) for n in (101, 2000, 20000) for w in range(0, n + 1, max(1, n // 37))}
    ties = {n: binomial_equal_p(n // 2, n) for n in (100, 2000, 20000)}
    monkeypatch.setattr(stats, "EXACT_UP_TO", 0)
    for (w, n), p in exact.items():
        assert sign_test_p(w, n) == pytest.approx(p, rel=1e-9)
    for n, p in ties.items():  # the tie's two tails overlap: 1 + P(X = n/2), by log-gamma
        assert binomial_equal_p(n // 2, n) == pytest.approx(p, rel=1e-9) and p > 1
    assert sign_test_p(500_000, 1_000_000) == 1.0 and 0 < sign_test_p(0, 1_000_000) < 1e-300
    assert sign_test_p(499_999, 1_000_000) == pytest.approx(0.99920211, abs=1e-8)
    # C(n, n/2) / 2^n by log-gamma (the exact big integer takes seconds to build)
    tie = math.exp(math.lgamma(10**6 + 1) - 2 * math.lgamma(5 * 10**5 + 1) - 10**6 * math.log(2))
    assert binomial_equal_p(500_000, 1_000_000) == pytest.approx(1 + tie)


def test_mean_interval_arithmetic():
    interval = mean_interval([1, -1, 2, 0])
    half = 1.959963984540054 * math.sqrt(5 / 3) / 2
    assert interval.mean == 0.5 and interval.n == 4
    assert interval.low == pytest.approx(0.5 - half) and interval.high == pytest.approx(0.5 + half)
    assert mean_interval([2.0]).low is None and mean_interval([]).mean == 0.0
    assert mean_interval([1, 1, 1]).low == mean_interval([1, 1, 1]).high == 1


def test_bradley_terry_two_players_closed_form():
    # 3 wins to 1, plus one virtual draw: strengths 3.5 : 1.5; 5 games at p = 0.7.
    ratings = bradley_terry(np.array([[0, 3], [1, 0]]))
    gap = 400 * math.log10(3.5 / 1.5)
    assert ratings.elo[0] == pytest.approx(gap / 2) and ratings.elo[1] == pytest.approx(-gap / 2)
    se = ELO_PER_NAT * math.sqrt(1 / (4 * 5 * 0.7 * 0.3))
    assert ratings.se == pytest.approx((se, se))
    low, high = ratings.interval(0)
    assert (low, high) == pytest.approx((gap / 2 - Z95 * se, gap / 2 + Z95 * se))


def test_bradley_terry_solves_the_likelihood_equations():
    wins = np.array([[0, 7, 9], [3, 0, 6], [1, 4, 0]], dtype=float)
    ratings = bradley_terry(wins)
    theta = np.array(ratings.elo) / ELO_PER_NAT
    assert abs(theta.sum()) < 1e-9 and ratings.elo[0] > ratings.elo[1] > ratings.elo[2]
    w = wins + 0.5 * (1 - np.eye(3))
    p = 1 / (1 + np.exp(theta[None, :] - theta[:, None]))
    expected = ((w + w.T) * p * (1 - np.eye(3))).sum(axis=1)
    assert expected == pytest.approx(w.sum(axis=1), abs=1e-8)


def test_a_clean_sweep_has_a_finite_rating_and_equal_players_rate_zero():
    sweep = bradley_terry(np.array([[0, 10], [0, 0]]))
    assert sweep.elo[0] == pytest.approx(200 * math.log10(10.5 / 0.5))
    even = bradley_terry(np.array([[0, 2, 2], [2, 0, 2], [2, 2, 0]]))
    assert even.elo == pytest.approx((0, 0, 0), abs=1e-9)
