"""Move notation in the standard forms, printed and parsed."""

from __future__ import annotations

import pytest

from game.backgammon.board import make_side
from game.backgammon.notation import format_play, parse_play
from game.backgammon.rules import BackgammonRules
from game.backgammon.state import BackgammonState

RULES = BackgammonRules()


@pytest.mark.parametrize(
    "steps,hits,text",
    [
        (((24, 18), (13, 11)), set(), "24/18 13/11"),
        (((13, 7), (7, 5)), {7}, "13/7*/5"),
        (((13, 7), (7, 5)), set(), "13/5"),
        (((6, 4), (6, 4)), set(), "6/4(2)"),
        (((25, 22), (13, 7)), set(), "bar/22 13/7"),
        (((6, 0), (5, 0)), set(), "6/off 5/off"),
        (((24, 18), (24, 18), (13, 7), (13, 7)), set(), "24/18(2) 13/7(2)"),
        ((), set(), "(no play)"),
    ],
)
def test_format_standard_forms(steps, hits, text):
    assert format_play(steps, frozenset(hits)) == text


def test_parse_reads_bar_off_counts_dice_and_hits():
    parsed = parse_play("62: bar/22* 13/7(2) 6/off")
    assert parsed.dice == (6, 2)
    assert parsed.paths == ((25, 22), (13, 7), (13, 7), (6, 0))
    assert parsed.hits == {22}
    assert parse_play("25/22 6/0").paths == ((25, 22), (6, 0))


@pytest.mark.parametrize(
    "text,message",
    [("13-7", "not of the form"), ("13/30", "not a point"), ("7/13", "towards home"), ("6/4(5)", "1 to 4")],
)
def test_parse_rejects_malformed_text(text, message):
    with pytest.raises(ValueError, match=message):
        parse_play(text)


def test_hit_on_the_way_is_shown_and_chosen_by_its_star():
    # 6-2 from 13 with opponent blots on our 7 and 11: 13/7*/5 and 13/11*/5 end alike.
    me = make_side({13: 1, 6: 14})
    opp = make_side({18: 1, 14: 1, 1: 13})
    s = BackgammonState.from_board(me, opp, 0, (6, 2))
    texts = {RULES.notation(s, m) for m in RULES.legal_moves(s)}
    assert {"13/7*/5", "13/11*/5"} <= texts
    assert RULES.notation(s, RULES.parse(s, "13/7*/5")) == "13/7*/5"
    with pytest.raises(ValueError, match="ambiguous"):
        RULES.parse(s, "13/5")


@pytest.mark.parametrize("text, other_side", [
    ("24/18 13/11", "1/7 12/14"), ("13/7*/5", "12/18*/20"), ("6/4(2)", "19/21(2)"), ("bar/22", "bar/3"),
    ("6/off", "19/off"), ("8/5(2) 6/1*(2)", "17/20(2) 19/24*(2)"), ("(no play)", "(no play)"),
])
def test_a_play_renumbered_from_the_other_side(text, other_side):
    from game.backgammon.notation import renumbered

    assert renumbered(text) == other_side and renumbered(other_side) == text
