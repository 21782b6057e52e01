"""A card's question and position, and answers read as players type them or made on the board,
as the canonical texts the review stores its alternatives under."""

from __future__ import annotations

import pytest

from game.backgammon.cube.rules import decision
from game.backgammon.cube.state import DOUBLE, PASS, ROLL, TAKE
from game.backgammon.drill import DRILL
from game.backgammon.rules import BackgammonRules
from game.core.capabilities.drill import CardFacts

from .cards import first, recorded_cards

RULES = BackgammonRules()
OPENING_31 = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10"
DOUBLES_11 = "XGID=-b----E-C---eE---c-e----B-:0:0:1:11:0:0:0:0:10"
ON_THE_BAR_31 = "XGID=-b----E-C---eE---c-e----AA:0:0:1:31:0:0:0:0:10"
BLOT_ON_MY_7_61 = "XGID=-b----EaC---dE---c-e----B-:0:0:1:61:0:0:0:0:10"


def hand_card(xgid: str) -> CardFacts:
    """A chequer card of a position set by hand (read from its XGID alone)."""
    return CardFacts("backgammon", "me", "chequer", xgid.split("=")[1][:26], None, xgid, xgid.split(":")[4], "", "",
                     (), None, 0.0, "intermediate")


@pytest.mark.parametrize("row, expected", [
    ({"kind": "chequer", "played": "13/7 8/7"}, "chequer"),
    ({"kind": "cube", "played": "Takes"}, "take"),
    ({"kind": "cube", "played": "Drops"}, "take"),
    ({"kind": "cube", "played": "Beavers => 4"}, "take"),
    ({"kind": "cube", "played": "Roll", "position_id": "4HPwATDgc/ABMA", "match_id": "cIkgAAAAAAAA"}, "double"),
    ({"kind": "cube", "played": "Doubles => 2", "position_id": "4HPwATDgc/ABMA", "match_id": "cIkgAAAAAAAA"},
     "double"),
    ({"kind": "resign", "played": "Accepts"}, None),
])
def test_the_question_a_library_decision_asks(row, expected):
    assert DRILL.question_of(row) == expected


def test_a_cube_decision_with_a_double_offered_asks_take_or_pass():
    card = first("take")
    row = {"kind": "cube", "played": "", "position_id": card.position_id, "match_id": card.match_id}
    assert DRILL.question_of(row) == "take"


def test_the_position_is_rolled_for_a_play_before_the_roll_for_a_double_and_offered_for_a_take():
    play, double, take = first("chequer"), first("double"), first("take")
    assert DRILL.position(play).dice == tuple(int(d) for d in play.dice)
    assert decision(DRILL.position(double)) == "cube" and DRILL.position(double).dice is None
    assert decision(DRILL.position(take)) == "take"
    with pytest.raises(ValueError, match="does not ask"):
        DRILL.position(CardFacts(**{**play.__dict__, "question": "take"}))


@pytest.mark.parametrize("xgid, typed, canonical", [
    (OPENING_31, "8/5 6/5", "8/5 6/5"),
    (OPENING_31, "6/5 8/5", "8/5 6/5"),
    (OPENING_31, "  6/5   8/5 ", "8/5 6/5"),
    (OPENING_31, "31: 8/5 6/5", "8/5 6/5"),
    (OPENING_31, "24/21/20", "24/20"),
    (OPENING_31, "24/21 21/20", "24/20"),
    (DOUBLES_11, "6/5(2) 8/7(2)", "8/7(2) 6/5(2)"),
    (DOUBLES_11, "8/7 8/7 6/5 6/5", "8/7(2) 6/5(2)"),
    (ON_THE_BAR_31, "6/5 bar/22", "bar/22 6/5"),
    (ON_THE_BAR_31, "25/22 6/5", "bar/22 6/5"),
    (BLOT_ON_MY_7_61, "13/7*/6", "13/7*/6"),
    (BLOT_ON_MY_7_61, "13/7* 6/5", "13/7* 6/5"),
    (BLOT_ON_MY_7_61, "6/5 13/7", "13/7* 6/5"),  # the hit need not be marked
])
def test_a_play_typed_in_any_order_or_form_reads_as_the_rules_write_it(xgid, typed, canonical):
    assert DRILL.read_answer(hand_card(xgid), typed) == canonical


@pytest.mark.parametrize("typed, message", [
    ("8/4 6/5", "illegal move"),
    ("13/7 8/7", "illegal move"),
    ("8/5 6/5 13/10", "illegal move"),
    ("eight to five", "bad move notation"),
    ("8/5 6/", "bad move notation"),
    ("double", "is a cube action"),
    ("take", "is a cube action"),
    ("", "no answer given"),
    ("42: 8/4 6/4", "is for the roll 42"),
])
def test_text_that_is_no_legal_play_is_refused_in_one_line(typed, message):
    with pytest.raises(ValueError, match=message) as refused:
        DRILL.read_answer(hand_card(OPENING_31), typed)
    assert "\n" not in str(refused.value) and "Traceback" not in str(refused.value)


@pytest.mark.parametrize("typed, canonical", [
    ("double", "Doubles => 2"), ("d", "Doubles => 2"), ("D", "Doubles => 2"), ("Doubles => 2", "Doubles => 2"),
    ("redouble", "Doubles => 2"), ("no double", "No double"), ("No  Double", "No double"), ("nd", "No double"),
    ("roll", "No double"), ("Roll", "No double"),
])
def test_double_or_no_double_in_the_players_words(typed, canonical):
    card = first("double", match_id="cAkgAvAAGAAA")  # a centred cube at 1
    assert DRILL.read_answer(card, typed) == canonical


@pytest.mark.parametrize("typed, canonical", [
    ("take", "Takes"), ("t", "Takes"), ("Takes", "Takes"), ("accept", "Takes"),
    ("pass", "Drops"), ("p", "Drops"), ("drop", "Drops"), ("Drops", "Drops"),
])
def test_take_or_pass_in_the_players_words(typed, canonical):
    assert DRILL.read_answer(first("take"), typed) == canonical


def test_no_double_with_the_cube_owned_is_no_redouble():
    card = next(c for c in recorded_cards() if c.question == "double" and c.cube["proper"].startswith("No redouble"))
    assert DRILL.read_answer(card, "nd") == "No redouble" == card.best
    assert DRILL.read_answer(card, "double") == f"Doubles => {2 * DRILL.position(card).cube.value}"


@pytest.mark.parametrize("question, typed, message", [
    ("double", "take", "asks double or no double"),
    ("double", "13/7 8/7", "no answer here"),
    ("double", "Doubles => 8", "the cube is at 1"),
    ("take", "no double", "asks take or pass"),
    ("take", "perhaps", "no answer here"),
])
def test_a_wrong_cube_answer_is_refused_in_one_line(question, typed, message):
    card = first(question, match_id="cAkgAvAAGAAA") if question == "double" else first(question)
    with pytest.raises(ValueError, match=message) as refused:
        DRILL.read_answer(card, typed)
    assert "\n" not in str(refused.value)


def test_every_recorded_play_and_best_reads_as_a_stored_alternative():
    for card in recorded_cards():
        moves = {row["move"] for row in card.alternatives}
        assert DRILL.read_answer(card, card.best) == card.best
        assert DRILL.read_answer(card, card.played) in moves, card


def test_a_move_made_on_the_board_is_its_canonical_text():
    card = hand_card(BLOT_ON_MY_7_61)
    state = DRILL.position(card)
    for play in RULES.legal_moves(state):
        assert DRILL.answer_of(card, play) == RULES.notation(state, play)
    reversed_steps = type(play)(tuple(reversed(RULES.parse_play(state, "13/7* 6/5").steps)))
    assert DRILL.answer_of(card, reversed_steps) == "13/7* 6/5"
    double, take = first("double", match_id="cAkgAvAAGAAA"), first("take")
    assert DRILL.answer_of(double, ROLL) == "No double" and DRILL.answer_of(double, DOUBLE) == "Doubles => 2"
    assert DRILL.answer_of(take, TAKE) == "Takes" and DRILL.answer_of(take, PASS) == "Drops"
    with pytest.raises(ValueError, match="no answer to this card"):
        DRILL.answer_of(double, TAKE)
    with pytest.raises(ValueError):
        DRILL.answer_of(card, type(play)(((8, 3), (6, 5))))
