"""Perft for Chesstack: counts of legal action sequences, checked against counts reasoned out
by hand (every count below is derived in its comment, never by running the engine)."""

from __future__ import annotations

from game.chesstack.position import parse_position
from game.chesstack.rules import ChesstackRules
from game.core.perft import perft

RULES = ChesstackRules()


def test_start_depth_one_and_two():
    start = RULES.initial_state()
    assert perft(RULES, start, 1) == [64]        # White's King on any of the 64 squares
    assert perft(RULES, start, 2) == [64, 4032]  # then Black's on any of the other 63


def independent_depth_three() -> int:
    """Ply 3 after each of the 64 × 63 King pairs, counted from the rules alone.

    Both Kings were placed with stun 4 and are 3/1 after their side's decay, so neither moves.
    White's pocket is Q1 B2 N2 R2 P8, 62 squares are empty:
      - Q, B, N, R on any empty square: 4 × 62;
      - P on any empty square not on rank 8 (White's promotion rank): 62 − (8 − Kings on rank 8);
      - a stun on either King: 2;
      - no succession (the Black King is stunned, so no White royal is attacked by a piece
        that can move) and no disguise (White's only type on the board is K).
    """
    total = 0
    for white in range(64):
        for black in range(64):
            if white == black:
                continue
            kings_on_rank_8 = (white >= 56) + (black >= 56)
            total += 4 * 62 + (62 - (8 - kings_on_rank_8)) + 2
    return total


def test_start_depth_three_against_an_independent_count():
    # 304 per pair, plus one for each King on rank 8: 304 × 4032 + 2 × 8 × 63 = 1 226 736
    assert independent_depth_three() == 304 * 4032 + 1008 == 1_226_736
    assert perft(RULES, RULES.initial_state(), 3) == [64, 4032, 1_226_736]


def test_two_kings_with_move_stacks():
    """White K e1 0/1, Black K e8 3/1, empty pockets.

    Ply 3 (White): 5 King steps (d1 f1 d2 e2 f2) + 2 stuns = 7.
    Ply 4 (Black): its King is stunned, so each of the 7 is answered by 2 stuns = 14.
    Ply 5 (White):
      - after a King step (move now 0), whatever Black stunned, only the 2 stuns: 5 × 2 × 2 = 20;
      - after STUN@e1 (own: 1 then decay → 0/2): Black's STUN@e1 leaves it stunned (2 actions),
        Black's STUN@e8 leaves it free (5 steps + 2 stuns = 7): 9;
      - after STUN@e8: Black's STUN@e1 stuns White's King (2), STUN@e8 does not (7): 9.
      Total 38.
    """
    state = parse_position("white K*e1:0/1; black K*e8:3/1; ply 2")
    assert perft(RULES, state, 3) == [7, 14, 38]


def test_a_promotion_and_a_disguise():
    """White K h1 2/0, P b7 0/1; Black K h8 2/0, N a8 1/0; empty pockets.

    Ply 3 (White): b7→b8 and b7×a8, 5 promotions each = 10, plus 4 stuns; no succession (no
    Black piece can move) and no disguise (White has only K and P on the board): 14.
    Ply 4 (Black): nothing of Black's can move and its pocket is empty, so stuns and the
    disguise of its King into a Knight (Black's only other type on the board):
      - after b7→b8=X (5): 4 stuns + DIS h8=N = 5 — the new piece has move 0, so even the Queen
        on b8 attacking h8 along the rank allows no succession: 25;
      - after b7×a8=X (5): 3 stuns, no disguise (the Knight is gone), and no Black piece left to
        make royal: 15;
      - after each of the 4 stuns: 4 stuns + DIS h8=N = 5 (the pawn on b7 attacks a8 and c8,
        not the King): 20.
      Total 60.
    """
    state = parse_position("white K*h1:2/0 Pb7:0/1; black Na8:1/0 K*h8:2/0; ply 2")
    assert perft(RULES, state, 2) == [14, 60]


def test_a_succession_situation():
    """White K e1 2/0, N b1 1/0; Black K h8 2/0, R e5 0/1 (attacking e1); empty pockets.

    Ply 3 (White): nothing can move; 4 stuns, SUC@b1 (the rook that can move attacks the King),
    DIS e1=N: 6.
    Ply 4 (Black): the rook's 14 moves (e6 e7 e8, e4 e3 e2 e1, d5 c5 b5 a5, f5 g5 h5), 4 stuns and
    DIS h8=R = 19, after each White action but STUN@e5, which stuns the rook: 4 stuns + DIS = 5.
    No Black succession: no White piece that can move reaches h8.  5 + 5 × 19 = 100.
    """
    state = parse_position("white Nb1:1/0 K*e1:2/0; black Re5:0/1 K*h8:2/0; ply 2")
    assert perft(RULES, state, 2) == [6, 100]


def test_spec_section_8_custom_position_at_log_length_zero():
    """Spec §8's position set up directly (log length 0, both Kings already on the board): the
    King rule is moot and White plays normally.

    Moves: the rook e4 (0/2) goes e5, e6 (takes the Knight), e3, e2, d4 c4 b4 a4, f4 g4 h4 = 11;
    the pawn a7 (0/1) goes to a8 with 5 promotions (b8 is empty: no capture) = 5; the King is
    stunned.  Placements on the 59 empty squares: Q, B, N, R 4 × 59 = 236, P 59 − 7 (rank 8
    but e8) = 52.  Stuns: 5.  No succession (no Black piece can move); disguise e1=R: 1.
    16 + 288 + 5 + 1 = 310.
    """
    state = parse_position("white K*e1:4/0 Re4:0/2 Pa7:0/1 pocket Q1 B2 N2 R1 P7; "
                           "black K*e8:4/0 Ne6:3/0 pocket Q1 B2 N1 R2 P8; ply 0")
    assert perft(RULES, state, 1) == [310]


def test_a_finished_game_has_no_actions():
    over = parse_position("white K*e1:0/1 pocket K1; black Qd8:0/3; ply 9")  # Black has no royal left
    assert RULES.is_over(over)
    assert perft(RULES, over, 3) == [0, 0, 0]
    assert perft(RULES, RULES.initial_state(), 0) == []
