"""Chesstack's analysis: every legal action ranked, the terms behind each, and the warnings in
words, each on a small position whose answer is worked out by hand."""

from __future__ import annotations

import pytest

from game.chesstack.analysis import DISPLAY_SCALE, analyze_position
from game.chesstack.evaluators import explain
from game.chesstack.position import parse_position
from game.chesstack.rules import ChesstackRules
from game.chesstack.search import WIN
from game.chesstack.warnings import action_warnings
from game.core.analysis import display_score

RULES = ChesstackRules()


def warnings_of(position: str, action: str) -> list[str]:
    state = parse_position(position)
    move = RULES.parse(state, action)
    return action_warnings(state, move, RULES.apply(state, move))


def records_by_notation(position: str, level: str = "advanced") -> dict:
    return {r.notation: r for r in analyze_position(parse_position(position), level)}


# -- warnings -------------------------------------------------------------------------------------
ROOK_ON_THE_KING = "white K*e1:0/0 Pa2:5/0; black K*h8:0/0 Re4:0/1; ply 2"
"""White's King is spent (stun 0, move 0): it cannot step away from Black's ready rook."""


def test_a_royal_left_to_a_ready_attacker():
    assert warnings_of(ROOK_ON_THE_KING, "STUN@a2") == [
        "your king can be taken next turn by the rook on e4",
        "succession is allowed now: your king is attacked",
    ]
    assert warnings_of(ROOK_ON_THE_KING, "STUN@e4") == []  # the rook waits a turn: no danger now
    # after succession the side has two royals: the one in danger is named by its square
    assert warnings_of(ROOK_ON_THE_KING, "SUC@a2") == ["your king on e1 can be taken next turn by the rook on e4"]


def test_a_royal_that_is_not_a_king_is_named_as_such():
    position = "white Q*e1:0/0; black K*h8:0/0 Re4:0/1 Bb4:0/1; ply 2"
    assert warnings_of(position, "STUN@h8")[0] == (
        "your royal queen can be taken next turn by the rook on e4 and the bishop on b4")


def test_a_piece_left_to_a_ready_capture():
    position = "white K*a1:0/0 Nf6:0/0; black K*h1:0/0 Bh4:0/1; ply 2"
    assert warnings_of(position, "STUN@h1") == ["the knight on f6 is left to a ready capture by the bishop on h4"]
    assert warnings_of(position, "STUN@h4") == []
    # protected by a ready pawn, a knight taken by a bishop is a fair trade: no warning
    assert warnings_of("white K*a1:0/0 Nf6:0/0 Pe5:0/1; black K*h1:0/0 Bh4:0/1; ply 2", "STUN@h1") == []


def test_a_capture_takes_the_victims_stun_and_a_placement_its_own():
    position = "white K*a1:0/0 Re1:0/1 pocket Q1 N1 P1; black K*h8:0/0 Qe4:4/0; ply 2"
    assert warnings_of(position, "e1->e4") == ["capturing the queen stuns your rook for 4 turns (it takes the queen's stun)"]
    assert warnings_of(position, "ADD Q@d4") == ["the placed queen is stunned for 9 turns"]
    assert warnings_of(position, "ADD P@c1") == ["the placed pawn is stunned for 8 turns"]
    assert warnings_of(position, "ADD N@c3") == []  # a knight's 3 is the usual price


def test_a_winning_action_has_no_warnings():
    position = "white K*a1:0/0 Nf6:0/0 Rh1:0/1; black K*h8:0/0 Bd8:0/1; ply 2"
    assert warnings_of(position, "STUN@h8") == ["the knight on f6 is left to a ready capture by the bishop on d8"]
    assert warnings_of(position, "h1->h8") == []  # the game is won: what it leaves does not matter


# -- the records ------------------------------------------------------------------------------------
TWO_ATTACKERS = "white K*a1:0/0 Ra8:1/0 Be5:1/0; black K*h8:0/0; ply 10"
"""White's rook and bishop both reach Black's spent King and are ready once White's turn ends
(stun 1 decays): Black can stun or block only one, so any White action wins two plies later."""


def test_the_levels_see_the_stacks_decay():
    records = analyze_position(parse_position(TWO_ATTACKERS), "advanced")
    assert records[0].value == WIN and records[0].plies == 2
    assert records[0].score == pytest.approx(100.0)


def test_every_legal_action_once_best_first_with_its_terms():
    state = parse_position(ROOK_ON_THE_KING)
    records = analyze_position(state, "advanced")
    assert sorted(r.notation for r in records) == sorted(RULES.notation(state, a) for a in RULES.legal_moves(state))
    assert [r.rank for r in records] == list(range(1, len(records) + 1))
    assert records[0].notation == "STUN@e4" and records[0].diff == 0.0
    for r in records:
        assert r.score == pytest.approx(display_score(r.value, DISPLAY_SCALE))
        after = RULES.apply(state, RULES.parse(state, r.notation))
        assert r.factors == pytest.approx(explain("stacks", after))  # White's terms: White acts
    black = parse_position("white K*a1:0/1; black K*h8:0/1 Nc6:2/0; ply 3")
    for r in analyze_position(black, "intermediate"):  # Black acts: the terms turned to its side
        after = RULES.apply(black, r.move)
        assert r.factors == pytest.approx({name: -v for name, v in explain("stacks", after).items()})
    lost = records[-1]
    assert lost.value < records[0].value and lost.warnings[0].startswith("your king can be taken next turn")


def test_a_missed_win_and_a_far_worse_action_are_said():
    records = records_by_notation("white K*a1:0/0 Rh1:0/1 Nb1:0/1; black K*h8:0/0 Qc3:0/0; ply 2")
    won = records["h1->h8"]
    assert won.rank == 1 and won.value == WIN and won.factors == {}  # no sentinel shown as a factor
    assert won.explanation == ("wins at once: takes the last enemy royal",)
    assert "misses the win: h1->h8 takes the last enemy royal" in records["b1->c3"].warnings


def test_each_level_analyses_and_expert_goes_deeper():
    state = parse_position(ROOK_ON_THE_KING)
    depths = {level: analyze_position(state, level)[0].plies for level in ("intermediate", "advanced", "expert")}
    assert depths["intermediate"] == 1 and depths["advanced"] == 2 and depths["expert"] >= 2
    with pytest.raises(ValueError, match="unknown level"):
        analyze_position(state, "grandmaster")
