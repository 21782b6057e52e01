"""Seed 000's seven factors: the spec's test vectors, both shot counters, sign and contact.

The spec's board has White moving towards 1 (White's own numbering = the absolute one) and
Black towards 24, so Black's absolute point q is Black's own point 25 - q.
"""

import numpy as np
import pytest

from game.backgammon.board import make_side
from game.backgammon.evaluators import SevenFactors, boards_to_array, playout_credit, random_positions, shot_counts
from game.backgammon.evaluators.seven_factors import SEVEN_FACTOR_NAMES, seven_factor_terms
from game.backgammon.evaluators.shots import ROLLS, hit_impact, hit_masks, source_roll_counts, source_shot_sums
from game.backgammon.movegen import legal_plays


def white(points, bar=0):
    return make_side(points, bar)


def black(points, bar=0):
    return make_side({25 - q: n for q, n in points.items()}, bar)


BLACK_START = black({1: 2, 12: 5, 17: 3, 19: 5})
OPENING = (white({24: 2, 13: 5, 8: 3, 6: 5}), BLACK_START)
SPLIT_21 = (white({24: 1, 23: 1, 13: 4, 11: 1, 8: 3, 6: 5}), BLACK_START)
POINT_31 = (white({24: 2, 13: 5, 8: 2, 6: 4, 5: 2}), BLACK_START)
BLACK_ON_BAR = (white({24: 2, 13: 4, 8: 3, 6: 4, 5: 1, 4: 1}), black({1: 2, 12: 5, 17: 3, 19: 4}, bar=1))
RACE = (white({6: 5, 5: 5, 4: 5}), black({19: 5, 20: 5, 21: 4}))

DEFAULT = SevenFactors()
SOURCE = SevenFactors(blot_sign=+1, correct_blocking=False)


def values(evaluator, position):
    """(E(White), E(Black)) for a (white, black) position."""
    w, b = position
    return tuple(evaluator.evaluate(boards_to_array([(w, b), (b, w)])))


def nonzero(row):
    return {p: int(n) for p, n in enumerate(row) if n}


@pytest.mark.parametrize("evaluator", [DEFAULT, SOURCE, SevenFactors(blot_sign=+1)])
@pytest.mark.parametrize("position, e_white, e_black", [
    (OPENING, 0.900, 0.900), (POINT_31, 1.341173, 0.863827), (RACE, 1.178827, 1.181173),
])
def test_vectors_without_blots_hold_for_every_variant(evaluator, position, e_white, e_black):
    assert values(evaluator, position) == pytest.approx((e_white, e_black), abs=5e-7)


def test_opening_and_point_breakdowns():
    assert DEFAULT.explain(*OPENING) == pytest.approx(
        {"pip": 0, "blot": 0, "made": 0.60, "prime": 0.12, "home": 0.10, "anchor": 0.08, "contact": 0, "total": 0.9},
        abs=1e-12)
    assert DEFAULT.explain(*POINT_31) == pytest.approx(
        {"pip": 0.006173, "blot": 0, "made": 0.825, "prime": 0.24, "home": 0.16, "anchor": 0.08,
         "contact": 0.03, "total": 1.341173}, abs=5e-7)
    assert list(DEFAULT.explain(*RACE)) == list(SEVEN_FACTOR_NAMES) + ["total"]
    assert DEFAULT.explain(*RACE)["contact"] == 0


def test_split_vector_with_source_counting():
    assert SOURCE.explain(*SPLIT_21) == pytest.approx(
        {"pip": 0.004630, "blot": 0.035222, "made": 0.45, "prime": 0.12, "home": 0.10, "anchor": 0,
         "contact": -0.09, "total": 0.619852}, abs=5e-7)
    assert values(SOURCE, SPLIT_21) == pytest.approx((0.619852, 0.985370), abs=5e-7)
    assert nonzero(source_shot_sums(boards_to_array([SPLIT_21]))[0]) == {11: 1, 23: 32, 24: 19}
    credit = playout_credit(SOURCE.relative(boards_to_array([SPLIT_21])))
    assert credit[0] == pytest.approx(0.408620, abs=5e-7)


def test_bar_vector_with_source_counting():
    assert values(SOURCE, BLACK_ON_BAR) == pytest.approx((1.058864, 0.885247), abs=5e-7)
    assert SOURCE.explain(*BLACK_ON_BAR)["blot"] == pytest.approx(0.144111, abs=5e-7)
    # The bar checker does not attack in the source: only Black's point 1 (distance 3 and 4).
    assert nonzero(source_shot_sums(boards_to_array([BLACK_ON_BAR]))[0]) == {4: 14, 5: 15}


def test_credits_of_the_blot_free_vectors():
    batch = boards_to_array([OPENING, POINT_31])
    assert playout_credit(DEFAULT.relative(batch)) == pytest.approx([0.5, 0.619336], abs=5e-7)


def test_correct_counts_on_the_blot_vectors():
    # Not one blot of vectors 2 and 4 gets the same count from both counters.  By hand:
    # 11 is hit by 6-4 from Black's 1 (5-5 stops on White's 6 point);
    # 23: any 4 or 6 (20), 3-1, 5-1 (4), 1-1, 2-2, 3-3 (3) = 27.
    # 5 (Black on the bar enters first): any 5 (11), 4-1, 4-2, 4-3, 3-2 (8), 2-2, 4-4 = 21.
    batch = boards_to_array([SPLIT_21, BLACK_ON_BAR])
    counts = shot_counts(batch)
    assert nonzero(counts[0]) == {11: 2, 23: 27, 24: 22}
    assert nonzero(counts[1]) == {4: 20, 5: 21}
    # Only the blot term changes: the other six terms are the source's.
    same = [SEVEN_FACTOR_NAMES.index(k) for k in SEVEN_FACTOR_NAMES if k != "blot"]
    assert np.array_equal(seven_factor_terms(batch)[:, same], seven_factor_terms(batch, 1, False)[:, same])
    risk_2 = (2 * 0.6 + 27 * 0.12 + 22 * 0.1) / 36
    risk_4 = (20 * 0.91 + 21 * 0.88) / 36
    expected = [0.619852 - 0.035222 - 0.2 * risk_2, 1.058864 - 0.144111 - 0.2 * risk_4]
    assert DEFAULT.evaluate(batch) == pytest.approx(expected, abs=1e-6)
    assert SevenFactors(blot_sign=+1).explain(*SPLIT_21)["blot"] == pytest.approx(0.2 * risk_2, abs=1e-12)


def test_blot_sign_flips_only_the_blot_term():
    batch = random_positions(300, seed=5)
    penalty, added = seven_factor_terms(batch), seven_factor_terms(batch, blot_sign=+1)
    assert np.array_equal(penalty[:, 1], -added[:, 1])
    assert (penalty[:, 1] <= 0).all() and (penalty[:, 1] < 0).any()
    assert np.array_equal(np.delete(penalty, 1, axis=1), np.delete(added, 1, axis=1))
    with pytest.raises(ValueError):
        SevenFactors(blot_sign=0.5)


def test_source_unblocked_roll_counts():
    expected = {1: 11, 2: 12, 3: 14, 4: 15, 5: 15, 6: 17, 7: 6, 8: 6, 9: 5, 10: 3, 11: 2, 12: 3,
                15: 1, 16: 1, 18: 1, 20: 1, 24: 1}
    no_points = boards_to_array([(make_side({}, bar=15), make_side({}, bar=15))])
    assert nonzero(source_roll_counts(no_points)[0]) == expected


def test_hit_impact_zones():
    assert hit_impact([1, 6, 7, 12, 13, 18, 19, 24]) == pytest.approx(
        [1.0, 0.85, 0.8, 0.55, 0.5, 0.25, 0.2, 0.1], abs=1e-12)


def test_contact_means_not_passed():
    me = white({6: 5, 5: 5, 4: 5})
    behind = seven_factor_terms(boards_to_array([(me, black({19: 5, 20: 5, 18: 4, 2: 1}))]))
    assert behind[0, 6] == pytest.approx(((3 - 3) * 0.3 + (1 - 0) * 0.2) * 0.10)  # Black's 2 still behind
    passed = seven_factor_terms(boards_to_array([(me, black({19: 5, 20: 5, 18: 4, 7: 1}))]))
    assert passed[0, 6] == 0  # Black's straggler on my 7 has passed my checkers
    assert seven_factor_terms(boards_to_array([(me, black({19: 5, 20: 5, 21: 4}))]))[0, 6] == 0
    on_bar = seven_factor_terms(boards_to_array([(me, black({19: 5, 20: 5, 21: 3, 22: 1}, bar=1))]))
    assert on_bar[0, 6] == pytest.approx(0.02)  # Black must enter behind my checkers


def oracle_counts(me, opp):
    """Rolls after which some legal play of the opponent leaves my blot's point empty."""
    counts = [0] * 26
    blots = [p for p in range(1, 25) if me[p] == 1]
    for d1 in range(1, 7):
        for d2 in range(1, 7):
            after = [mine for _, _, mine in legal_plays(opp, me, d1, d2)]
            for p in blots:
                counts[p] += any(side[p] == 0 for side in after)
    return counts


def test_shot_counts_against_full_move_generation():
    # Ours ignores the forced-play rules (both dice, larger die), so it may only count more.
    batch = random_positions(250, seed=21)
    ours = shot_counts(batch)
    agree = 0
    for row, (me, opp) in zip(ours, batch):
        expected = oracle_counts(tuple(int(n) for n in me), tuple(int(n) for n in opp))
        assert (row >= expected).all()
        agree += list(row) == expected
    assert agree >= 0.95 * len(batch)


@pytest.mark.parametrize("opp_bar, expected", [
    # Black: one checker on my 1 point, the rest on my 12, ``opp_bar`` on the bar; blots 3 and 9.
    (0, {3: 12, 9: 6}),   # 3: any 2, 1-1.  9: 6-2, 5-3, 4-4, 2-2 from my 1
    (1, {3: 19, 9: 5}),   # 3: any 3, 2-1, 1-1, 2-4, 2-5, 2-2 (not 2-6: the 6 cannot enter). 9: 6-3, 5-4, 4-4
    (2, {3: 13, 9: 1}),   # both enter first: any 3; 1-1 and 2-2 have two steps left; 9: 4-4 from my 1
    (4, {3: 11}),         # four enter: only the entering 3s
])
def test_entering_from_the_bar(opp_bar, expected):
    me = make_side({3: 1, 9: 1, 6: 2, 8: 2, 13: 9})
    opp = black({1: 1, 12: 14 - opp_bar}, bar=opp_bar)
    counts = shot_counts(boards_to_array([(me, opp)]))[0]
    assert nonzero(counts) == expected
    assert list(counts) == oracle_counts(me, opp)


def test_hit_masks_judge_intermediate_points():
    assert len(ROLLS) == 21 and ROLLS[0] == (1, 2) and ROLLS[-1] == (6, 6)
    me, opp = make_side({24: 1, 6: 2, 4: 2, 18: 10}), black({1: 15})  # Black only on my 1 point
    masks = hit_masks(boards_to_array([(me, opp)]))[0]

    def rolls_landing_on(point):
        return {roll for roll, mask in zip(ROLLS, masks) if mask >> point & 1}

    sixes = {(d, 6) for d in range(1, 7)}
    assert rolls_landing_on(7) == sixes | {(1, 5), (2, 4), (2, 2)}  # 3-3 stops on my 4 point
    assert rolls_landing_on(10) == {(3, 6), (4, 5)}  # 3-6 via 7, 4-5 via 5; 3-3 is blocked
    assert rolls_landing_on(24) == set()
