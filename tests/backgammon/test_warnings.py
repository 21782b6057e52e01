"""Backgammon play warnings fire exactly when they should, with the right numbers."""

from __future__ import annotations

from game.backgammon.board import START_SIDE, make_side
from game.backgammon.warnings import play_warnings, shots, worse_than_best

OPENING = {6: 5, 8: 3, 13: 5, 24: 2}


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


def test_giving_up_a_point_is_named():
    before = make_side({24: 2, 13: 5, 8: 2, 6: 4, 5: 2})
    after = make_side({24: 2, 13: 5, 8: 2, 6: 4, 3: 1, 1: 1})  # 4-2 played 5/3 5/1
    warnings = play_warnings((before, START_SIDE), (after, START_SIDE))
    assert "gives up the 5-point" in warnings


def test_stacking_and_burying_are_reported_only_when_the_play_does_it():
    before = make_side({24: 2, 13: 5, 8: 3, 6: 5})
    stacked = make_side({24: 2, 13: 3, 8: 3, 6: 7})
    assert "stacks 7 checkers on the 6-point" in play_warnings((before, START_SIDE), (stacked, START_SIDE))
    buried = make_side({24: 2, 13: 5, 8: 3, 6: 3, 2: 1, 1: 1})
    assert any("buries 2 checkers" in w for w in play_warnings((before, START_SIDE), (buried, START_SIDE)))
    assert not any("stacks" in w for w in play_warnings((stacked, START_SIDE), (stacked, START_SIDE)))


def test_prime_and_closeout_threats():
    # Our back checker on 24 behind the opponent's 6-prime on their 2..7 (our 23..18).
    opp = make_side({2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 2, 13: 3})
    me = make_side({24: 1, 13: 4, 6: 5, 8: 5})
    warnings = play_warnings((me, opp), (me, opp))
    assert "the opponent has a 6-point prime in front of your back checker" in warnings
    assert "the opponent holds 5 home points: a hit may be closed out" in warnings


def test_worse_than_best_threshold():
    assert worse_than_best(0.31, "13/9 13/10") == "0.31 worse than 13/9 13/10"
    assert worse_than_best(0.02, "13/9 13/10") is None


def test_can_hit_agrees_with_the_full_move_generator():
    from game.backgammon.board import BAR
    from game.backgammon.movegen import can_hit, legal_plays
    from game.backgammon.sampling import selfplay_samples

    samples = selfplay_samples(60, 11)
    hitting = 0
    for me, opp, d1, d2 in samples:
        expected = any(after_opp[BAR] > opp[BAR] for _, _, after_opp in legal_plays(me, opp, d1, d2))
        assert can_hit(me, opp, d1, d2) == expected, (me, opp, d1, d2)
        hitting += expected
    assert hitting > 300  # the sample really exercises hits
