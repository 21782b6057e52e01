"""Backgammon play warnings fire exactly when they should, with the right numbers."""

from __future__ import annotations

import random

import pytest

from game.backgammon.board import BAR, START_SIDE, check_board, make_side
from game.backgammon.formats import parse_position_id
from game.backgammon.movegen import legal_plays
from game.backgammon.rules import BackgammonRules
from game.backgammon.state import BackgammonState
from game.backgammon.analysis.warnings import (
    closeout_rolls, play_warnings, position_warnings, prime_rolls, shots, worse_than_best,
)

RULES = BackgammonRules()


def theirs(points: dict[int, int], bar: int = 0):
    """The opponent's side, given in *our* numbering (its point 25 - p)."""
    return make_side({25 - p: n for p, n in points.items()}, bar)


def warnings_by_play(me, opp, dice) -> dict[str, list[str]]:
    """Every legal play of ``dice`` with its warnings, as the analysis computes them."""
    state = BackgammonState.from_board(me, opp, 0, dice)
    successors = RULES.successors(state)
    others = [nxt.sides for _, nxt in successors]
    return {RULES.notation(state, play): play_warnings((me, opp), nxt.sides, others) for play, nxt in successors}


def position_after(me, opp, dice, notation):
    """``(me, opp)`` after the play ``notation``."""
    state = BackgammonState.from_board(me, opp, 0, dice)
    [nxt] = [n for p, n in RULES.successors(state) if RULES.notation(state, p) == notation]
    return nxt.sides


# ---- independent brute force: every roll, every legal play, the condition checked directly


ALL_ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]


def _made(opp, our_point):
    return opp[25 - our_point] >= 2


def _closes_out(me, opp):
    return me[BAR] > 0 and all(opp[p] >= 2 for p in range(1, 7))


def _traps(me, opp):
    """A checker of ours (bar = 25) behind six consecutive opponent points, not its home."""
    ours = [p for p in range(1, 26) if me[p]]
    return any(
        all(_made(opp, q) for q in range(k, k + 6)) and any(c > k + 5 for c in ours) for k in range(1, 19)
    )


def brute_force(me, opp):
    """``(closeout rolls, new-prime rolls, the rolls of each)`` over the opponent's 21 rolls."""
    closing, priming = [], []
    for d1, d2 in ALL_ROLLS:
        afters = [(me_after, opp_after) for _, opp_after, me_after in legal_plays(opp, me, d1, d2)]
        if any(_closes_out(m, o) for m, o in afters):
            closing.append((d1, d2))
        if not _traps(me, opp) and any(_traps(m, o) for m, o in afters):
            priming.append((d1, d2))

    def count(rolls):
        return sum(1 if a == b else 2 for a, b in rolls)

    return count(closing), count(priming), closing, priming


# ---- shots and blots


def test_shots_count_direct_and_indirect_rolls_exactly():
    # Our blot on our 18 (their 7) is 6 pips from their checker on their 13: any 6 hits
    # (11 rolls), and so do 5-1, 4-2 (4 rolls), 3-3 and 2-2: 17 in all.
    me = make_side({18: 1, 1: 14})
    opp = make_side({13: 1, 1: 14})
    assert shots(me, opp) == 17


def test_no_blot_no_warning_and_a_safe_point_is_quiet():
    after = make_side({24: 2, 13: 5, 8: 2, 6: 4, 5: 2})  # 31: 8/5 6/5
    assert play_warnings((START_SIDE, START_SIDE), (after, START_SIDE)) == []


def test_blots_are_reported_with_hitting_rolls():
    after = make_side({24: 2, 13: 4, 9: 1, 8: 3, 6: 5})  # one blot, on the 9-point
    [warning] = play_warnings((START_SIDE, START_SIDE), (after, START_SIDE))
    assert warning == f"leaves 1 blot: {shots(after, START_SIDE)} of 36 rolls hit"


def test_only_blots_an_opponent_checker_still_has_to_pass_are_counted():
    # Their rearmost checkers are on our 10 (their 15): our blot on our 12 is exposed
    # (2s: 11 rolls, 1-1: 1 more = 12), the blot on our 5 is already passed.
    opp = theirs({10: 2, 19: 5, 20: 4, 21: 4})
    me = make_side({12: 1, 5: 1, 6: 5, 4: 4, 3: 4})
    assert position_warnings(me, opp) == ("leaves 1 blot: 12 of 36 rolls hit",)


# ---- points given up


def test_giving_up_a_point_is_named():
    before = make_side({24: 2, 13: 5, 8: 2, 6: 4, 5: 2})
    after = make_side({24: 2, 13: 5, 8: 2, 6: 4, 3: 1, 1: 1})  # 4-2 played 5/3 5/1
    warnings = play_warnings((before, START_SIDE), (after, START_SIDE))
    assert "gives up the 5-point" in warnings


def test_giving_up_an_anchor_names_the_opponents_point():
    before = make_side({20: 2, 18: 2, 13: 3, 8: 3, 6: 5})
    after = make_side({20: 1, 18: 1, 16: 1, 15: 1, 13: 3, 8: 3, 6: 5})  # 20/15 18/16 (5-2)
    warnings = play_warnings((before, START_SIDE), (after, START_SIDE))
    assert "gives up anchor on the opponent's 5-point" in warnings
    assert "gives up anchor on the opponent's 7-point" in warnings


def test_no_point_given_up_in_a_race_or_the_bear_off():
    # Pure race (uDsAAAx3AAAAAA, 66: the only play 6/off(3) 5/off).
    me, opp = parse_position_id("uDsAAAx3AAAAAA")
    race = warnings_by_play(me, opp, (6, 6))
    assert list(race) == ["6/off(3) 5/off"] and race["6/off(3) 5/off"] == []
    # Bearing off against an anchor (2PsAAIztNgAAAA, 61): clearing the 6-point is the
    # technique, not a mistake; the other plays are warned about their blots only.
    me, opp = parse_position_id("2PsAAIztNgAAAA")
    bear_off = warnings_by_play(me, opp, (6, 1))
    assert bear_off["6/5 6/off"] == []
    assert not any("gives up" in w or "buries" in w for ws in bear_off.values() for w in ws)
    assert bear_off["6/off 4/3"] == ["leaves 1 blot: 11 of 36 rolls hit"]


def test_a_point_no_opponent_checker_has_to_pass_is_not_worth_a_warning():
    # Their rearmost checkers are on our 11 (their 14), moving up past our 13 towards our 24:
    # our midpoint still blocks them, our 8-point (behind them) no more.
    opp = theirs({11: 2, 19: 5, 20: 4, 22: 4})
    before = make_side({24: 2, 13: 2, 8: 2, 6: 5, 5: 4})
    after = make_side({24: 2, 13: 1, 8: 1, 6: 5, 5: 4, 7: 1, 3: 1})  # 13/7 8/3 (6-5)
    warnings = play_warnings((before, opp), (after, opp))
    assert "gives up the 13-point" in warnings
    assert not any("8-point" in w for w in warnings)


# ---- closed out, closeout and prime chances


def test_closed_out_on_the_bar_says_so():
    # 27YPAADgc9gDQA, 64: our checker on the bar against a closed board, no play.
    me, opp = parse_position_id("27YPAADgc9gDQA")
    assert warnings_by_play(me, opp, (6, 4)) == {"(no play)": ["you are closed out"]}


def test_no_closeout_warning_for_a_blot_that_cannot_be_hit():
    # tu0MBgDgc/ABUA, 61: bar/24 13/7 leaves a blot on our 7 that no opponent checker has
    # to pass (0 shots), and we hold their ace point: no closeout is possible.
    me, opp = parse_position_id("tu0MBgDgc/ABUA")
    by_play = warnings_by_play(me, opp, (6, 1))
    assert not any("close" in w for w in by_play["bar/24 13/7"])
    assert closeout_rolls(*position_after(me, opp, (6, 1), "bar/24 13/7")) == 0


# Their home board points 1..5 made (our 24..20), two checkers on their 8 (our 17) and three
# on their 11 (our 14).  To close the board they must make their 6-point (our 19) with two
# checkers: from their 8 (2 pips) or their 11 (5 pips).  The rolls that do:
#   2-2 (8/6 8/6), 5-2 (11/6 8/6, twice), 5-5 (11/6 11/6), 1-1 (8/7/6 8/7/6) = 1+2+1+1 = 5.
# 4-1, 3-2 bring only one checker (11/6); 3-3, 4-4, 6-6 reach neither point.
CLOSEOUT_OPP = theirs({24: 2, 23: 2, 22: 2, 21: 2, 20: 2, 17: 2, 14: 3})
CLOSEOUT_ROLLS = [(1, 1), (2, 2), (2, 5), (5, 5)]


@pytest.mark.parametrize("me", [
    make_side({19: 1, 13: 5, 8: 4, 6: 5}),  # our blot on their 6-point: the closing play hits it
    make_side({13: 5, 8: 4, 6: 5}, bar=1),  # or we are on the bar already
])
def test_closeout_chances_are_counted_exactly(me):
    count, _, rolls, _ = brute_force(me, CLOSEOUT_OPP)
    assert (count, rolls) == (5, CLOSEOUT_ROLLS)
    assert closeout_rolls(me, CLOSEOUT_OPP) == 5
    assert "5 of 36 rolls close you out" in position_warnings(me, CLOSEOUT_OPP)


def test_the_blot_on_their_six_point_is_hit_by_23_rolls():
    # 2s from their 8 (11 rolls) or 5s from their 11 (11 more, 5-2 counted once: 20),
    # 4-1 via 7 or 10 (2), 1-1 (1): 23.
    me = make_side({19: 1, 13: 5, 8: 4, 6: 5})
    assert shots(me, CLOSEOUT_OPP) == 23


# Their 5-prime on their 4..8 (our 21..17), spares: two on their 10 (our 15), three on their
# 13 (our 12); our anchor on their ace point (our 24) is behind it.  A 6th point traps it:
#   their 9 (two checkers from 10 at 1 pip or 13 at 4): 4-1 (13/9 10/9, twice), 4-4 (13/9
#   13/9, then 13/9 10/6), 2-2 (13/11/9 13/11/9);
#   their 3 (from 10 at 7 pips or 13 at 10): 5-5 (13/8/3 13/8/3).
# = 2+1+1+1 = 5.  Not 1-1: after 10/9 10/9 two more 1s must be played, 13/12 is blocked by
# our midpoint, and any other 1 breaks the prime.  3-1 or 4-x bring one checker to 9 only;
# 3-3 and 6-6 reach neither point.
PRIME_OPP = theirs({21: 2, 20: 2, 19: 2, 18: 2, 17: 2, 15: 2, 12: 3})
PRIME_ME = make_side({24: 2, 13: 5, 8: 3, 6: 5})


def test_prime_chances_are_counted_exactly():
    _, count, _, rolls = brute_force(PRIME_ME, PRIME_OPP)
    assert (count, rolls) == (5, [(1, 4), (2, 2), (4, 4), (5, 5)])
    assert prime_rolls(PRIME_ME, PRIME_OPP) == 5
    assert position_warnings(PRIME_ME, PRIME_OPP) == ("5 of 36 rolls trap a checker behind a 6-point prime",)


def test_no_prime_chances_once_already_trapped():
    # Our blot on 24 behind their 6-prime on their 2..7: nothing new to count, and the 36
    # shots at the blot (a checker on each of their 2..7) are the only news; 3-3 (7/4/1*
    # twice) and 6-6 (13/1* twice) hit and make their ace point: a closeout.
    opp = make_side({2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 2, 13: 3})
    me = make_side({24: 1, 13: 4, 6: 5, 8: 5})
    assert prime_rolls(me, opp) == 0
    assert brute_force(me, opp)[:2] == (2, 0)
    assert position_warnings(me, opp) == ("leaves 1 blot: 36 of 36 rolls hit", "2 of 36 rolls close you out")


def test_no_warning_repeats_on_every_play_when_the_play_cannot_change_it():
    # tu0MBgDgc/ABUA, 61: behind their 5-prime (their 2..6), every play leaves 5 rolls that
    # make their 7-point (6-1 twice, 1-1, 3-3, 6-6), trapping our back checkers; the plays
    # differ only in the blots they leave and how deep they bury, so only those are said.
    me, opp = parse_position_id("tu0MBgDgc/ABUA")
    for notation in ("bar/24 13/7", "bar/24 8/2", "bar/18"):
        assert prime_rolls(*position_after(me, opp, (6, 1), notation)) == 5
    assert warnings_by_play(me, opp, (6, 1)) == {
        "bar/24 13/7": [],
        "bar/24 8/2": ["buries 1 checker deep (wasted pips)"],
        # 6-6 hits on their ace point and closes the board: 13/7(2) 7/1*(2).
        "bar/18": ["leaves 2 blots: 36 of 36 rolls hit", "1 of 36 rolls close you out"],
    }
    # Behind a full prime: the blot on 24 cannot move, so plays that leave no other blot
    # all get the same shots, but not every play does.
    opp = make_side({2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 2, 13: 3})
    me = make_side({24: 1, 13: 4, 6: 5, 8: 5})
    by_play = warnings_by_play(me, opp, (5, 3))
    assert len(by_play) > 1
    assert not set.intersection(*(set(ws) for ws in by_play.values()))


def test_the_gates_never_drop_a_roll():
    """The cheap preconditions skip only rolls that cannot do it: the counts equal a brute
    force over every roll on random positions with blocks, blots and checkers on the bar."""
    rng = random.Random(5)
    checked, found = 0, [0, 0]
    while checked < 60:
        opp = [0] * 26
        start, left = rng.choice((1, 1, 2, rng.randint(1, 14))), 15
        for p in range(start, min(start + rng.randint(4, 6), 25)):
            if rng.random() < 0.85:
                n = min(rng.choice((1, 2, 2, 2, 3)), left)
                opp[p], left = n, left - n
        for _ in range(left):
            opp[rng.randint(1, 25)] += 1
        me, left = [0] * 26, 15
        while left:
            p = 25 if rng.random() < 0.08 else rng.choice((rng.randint(13, 24), rng.randint(1, 24)))
            if p == 25 or not opp[25 - p]:
                me[p], left = me[p] + 1, left - 1
        me, opp = tuple(me), tuple(opp)
        try:
            check_board(me, opp)
        except ValueError:
            continue
        if _closes_out(me, opp):
            continue
        expected = brute_force(me, opp)[:2]
        assert (closeout_rolls(me, opp), prime_rolls(me, opp)) == expected, (me, opp)
        checked += 1
        found = [n + bool(count) for n, count in zip(found, expected)]
    assert min(found) >= 5, found  # the sample really exercises both counts


# ---- stacking and burying


def test_stacking_and_burying_are_reported_only_when_the_play_does_it():
    before = make_side({24: 2, 13: 5, 8: 3, 6: 5})
    stacked = make_side({24: 2, 13: 3, 8: 3, 6: 7})
    assert "stacks 7 checkers on the 6-point" in play_warnings((before, START_SIDE), (stacked, START_SIDE))
    buried = make_side({24: 2, 13: 5, 8: 3, 6: 3, 2: 1, 1: 1})
    assert "buries 2 checkers deep (wasted pips)" in play_warnings((before, START_SIDE), (buried, START_SIDE))
    assert not any("stacks" in w for w in play_warnings((stacked, START_SIDE), (stacked, START_SIDE)))


def test_stacking_and_burying_count_what_the_play_adds():
    before = make_side({24: 2, 13: 4, 8: 3, 6: 5, 2: 1})
    # 6/2 2/1: one more checker on the 1- and 2-points together, not two.
    after = make_side({24: 2, 13: 4, 8: 3, 6: 4, 2: 1, 1: 1})
    assert "buries 1 checker deep (wasted pips)" in play_warnings((before, START_SIDE), (after, START_SIDE))
    # 13/8 13/8 puts five on the 8-point: heavy is six.
    five = make_side({24: 2, 13: 2, 8: 5, 6: 5, 2: 1})
    assert not any("stacks" in w for w in play_warnings((before, START_SIDE), (five, START_SIDE)))


def test_stacking_and_burying_are_quiet_without_contact_or_in_the_bear_off():
    race_opp = make_side({1: 5, 2: 5, 3: 5})  # their checkers all home, past ours
    before = make_side({10: 2, 8: 3, 6: 5, 5: 5})
    after = make_side({10: 1, 8: 2, 6: 6, 5: 5, 2: 1})  # 10/6 8/2
    assert play_warnings((before, race_opp), (after, race_opp)) == []
    bear_before = make_side({6: 2, 5: 3, 4: 5, 3: 3})
    bear_after = make_side({6: 1, 5: 3, 4: 6, 3: 3, 1: 1})  # 6/4 ... 6/1 against their anchor
    anchor = make_side({23: 2, 6: 5, 8: 3, 13: 5})  # their anchor on our 2-point
    assert not any("stacks" in w or "buries" in w for w in play_warnings((bear_before, anchor), (bear_after, anchor)))


# ---- far worse than the best play


def test_worse_than_best_threshold():
    assert worse_than_best(0.31, "13/9 13/10") == "0.31 worse than 13/9 13/10"
    assert worse_than_best(0.02, "13/9 13/10") is None


def test_can_hit_agrees_with_the_full_move_generator():
    from game.backgammon.movegen import can_hit
    from game.backgammon.evaluators.sampling import selfplay_samples

    samples = selfplay_samples(60, 11)
    hitting = 0
    for me, opp, d1, d2 in samples:
        expected = any(after_opp[BAR] > opp[BAR] for _, _, after_opp in legal_plays(me, opp, d1, d2))
        assert can_hit(me, opp, d1, d2) == expected, (me, opp, d1, d2)
        hitting += expected
    assert hitting > 300  # the sample really exercises hits
