"""Chesstack rules (spec §2–§7 with the defaults of §9), each rule in isolation.

Positions are built directly with :class:`ChesstackState` and :class:`Piece`; every expected
stack, pocket and action list is worked out by hand from the spec (comments say how).
"""

from __future__ import annotations

import pytest

from game.chesstack.notation import ADD, DISGUISE, MOVE, STUN, SUCCESSION, Action
from game.chesstack.pieces import placement_stun
from game.chesstack.rules import ChesstackRules
from game.chesstack.state import BLACK, WHITE, ChesstackState, Piece
from game.chesstack.status import describe
from game.core.protocol import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, MoveError

RULES = ChesstackRules()
W, B = WHITE, BLACK
ORDER = ("K", "Q", "B", "N", "R", "P", "A", "G", "Kr", "W", "D", "L", "F", "C", "Cl", "Tr")
"""The pocket order of spec §2."""


def sq(name: str) -> int:
    return "abcdefgh".index(name[0]) + 8 * (int(name[1]) - 1)


def pocket(text: str = "") -> tuple[int, ...]:
    """``"Q1 P8"`` → counts in :data:`ORDER`."""
    counts = dict.fromkeys(ORDER, 0)
    for word in text.split():
        kind, count = word.rstrip("0123456789"), word.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        counts[kind] += int(count)
    return tuple(counts[kind] for kind in ORDER)


def pos(pieces: dict[str, Piece], white: str = "", black: str = "", ply: int = 2) -> ChesstackState:
    board: list[Piece | None] = [None] * 64
    for name, piece in pieces.items():
        board[sq(name)] = piece
    return ChesstackState(tuple(board), (pocket(white), pocket(black)), ply)


def at(state: ChesstackState, name: str) -> Piece | None:
    return state.board[sq(name)]


def play(state: ChesstackState, *texts: str) -> ChesstackState:
    for text in texts:
        state = RULES.apply(state, RULES.parse(state, text))
    return state


def K(colour, stun=9, move=0):
    """A royal King, stunned by default so that it stays out of the way."""
    return Piece(colour, "K", stun, move, True)


QUIET = {"h1": K(W), "a8": K(B)}
"""Two stunned royal Kings in corners that the tests' pieces do not reach."""


def moves_from(state: ChesstackState, name: str) -> set[str]:
    return {RULES.notation(state, a) for a in RULES.legal_moves(state) if a.kind == MOVE and a.square == sq(name)}


def kinds(state: ChesstackState, kind: str) -> set[str]:
    return {RULES.notation(state, a) for a in RULES.legal_moves(state) if a.kind == kind}


# -- start, first two plies, status -------------------------------------------------------------------------
def test_the_start_empty_board_full_pockets_white_first():
    start = RULES.initial_state()
    assert start.board == (None,) * 64 and start.log_length == 0
    assert start.pockets == (pocket("K1 Q1 B2 N2 R2 P8"), pocket("K1 Q1 B2 N2 R2 P8"))
    assert RULES.to_move(start) == W and not RULES.is_over(start)
    assert describe(start) == "White to place its King."


def test_the_first_two_plies_place_the_kings_and_only_them():
    start = RULES.initial_state()
    first = RULES.legal_moves(start)
    assert len(first) == 64 and {(a.kind, a.piece) for a in first} == {(ADD, "K")}
    assert {a.square for a in first} == set(range(64))
    after = play(start, "ADD K@e1")
    assert RULES.to_move(after) == B and describe(after) == "Black to place its King."
    second = RULES.legal_moves(after)
    assert len(second) == 63 and {(a.kind, a.piece) for a in second} == {(ADD, "K")}
    assert sq("e1") not in {a.square for a in second}
    with pytest.raises(IllegalMoveError, match="King"):
        RULES.parse(start, "ADD Q@d4")
    with pytest.raises(IllegalMoveError, match="King"):
        RULES.parse(after, "STUN@e1")
    both = play(after, "ADD K@e8")
    assert RULES.to_move(both) == W and not RULES.is_over(both)
    assert describe(both) == "White to move (ply 3)."
    # a King placed with stun 4 shows stun 3, move 1 once its side's turn has ended
    assert at(both, "e1") == Piece(W, "K", 3, 1, True) and at(both, "e8") == Piece(B, "K", 3, 1, True)
    assert both.pockets == (pocket("Q1 B2 N2 R2 P8"), pocket("Q1 B2 N2 R2 P8"))


def test_a_king_placed_on_ply_one_first_moves_on_whites_fifth_turn_with_move_four():
    state = play(RULES.initial_state(), "ADD K@e1", "ADD K@e8")
    assert at(state, "e1") == Piece(W, "K", 3, 1, True)
    assert moves_from(state, "e1") == set()  # White's 2nd turn (ply 3): still stunned
    state = play(state, "ADD P@a2", "STUN@a2")
    assert at(state, "e1") == Piece(W, "K", 2, 2, True) and moves_from(state, "e1") == set()
    state = play(state, "STUN@e8", "STUN@a2")
    assert at(state, "e1") == Piece(W, "K", 1, 3, True) and moves_from(state, "e1") == set()
    state = play(state, "STUN@e8", "STUN@a2")
    assert state.log_length == 8  # White's 5th turn is ply 9
    assert at(state, "e1") == Piece(W, "K", 0, 4, True)
    assert moves_from(state, "e1") == {"e1->d1", "e1->f1", "e1->d2", "e1->e2", "e1->f2"}


# -- placement ------------------------------------------------------------------------------------------------
STUN_TABLE = {"K": 4, "Q": 9, "R": 5, "B": 3, "N": 3, "A": 13, "G": 4, "Kr": 7, "W": 6, "D": 2, "L": 2, "F": 1,
              "C": 5, "Cl": 3, "Tr": 7}
"""Spec §5's stun on placement."""


@pytest.mark.parametrize("kind", sorted(STUN_TABLE))
def test_placement_stun_per_type_then_decay_in_the_same_action(kind):
    assert placement_stun(kind, W, sq("e4")) == STUN_TABLE[kind] == placement_stun(kind, B, sq("e4"))
    royal_rooks = {"h1": Piece(W, "R", 9, 0, True), "a8": Piece(B, "R", 9, 0, True)}  # at most 2 Kings in all
    for colour, ply in ((W, 2), (B, 3)):
        state = pos(royal_rooks, white=f"{kind}1", black=f"{kind}1", ply=ply)
        after = play(state, f"ADD {kind}@e4")
        # placed with stun S and move 0; the end of the action turns it into S - 1, 1
        assert at(after, "e4") == Piece(colour, kind, STUN_TABLE[kind] - 1, 1, kind == "K")
        assert after.pocket_count(colour, kind) == 0 and after.pocket_count(1 - colour, kind) == 1


def test_pawn_placement_stun_by_rank_for_both_colours():
    assert [placement_stun("P", W, sq(f"c{rank}")) for rank in range(1, 8)] == [8, 7, 6, 5, 4, 3, 2]
    assert [placement_stun("P", B, sq(f"g{rank}")) for rank in range(8, 1, -1)] == [8, 7, 6, 5, 4, 3, 2]
    for rank, stun in zip(range(1, 8), (8, 7, 6, 5, 4, 3, 2)):
        after = play(pos(QUIET, white="P1"), f"ADD P@c{rank}")
        assert at(after, f"c{rank}") == Piece(W, "P", stun - 1, 1)
    for rank, stun in zip(range(8, 1, -1), (8, 7, 6, 5, 4, 3, 2)):
        after = play(pos(QUIET, black="P1", ply=3), f"ADD P@g{rank}")
        assert at(after, f"g{rank}") == Piece(B, "P", stun - 1, 1)


def test_no_pawn_on_its_promotion_rank_but_its_own_back_rank_is_fine():
    white = pos(QUIET, white="P1")
    squares = {a.square for a in RULES.legal_moves(white) if a.kind == ADD}
    assert squares == set(range(64)) - {sq("h1"), sq("a8")} - set(range(56, 64))  # 62 empty minus rank 8
    with pytest.raises(IllegalMoveError):
        RULES.parse(white, "ADD P@d8")
    assert at(play(white, "ADD P@d1"), "d1") == Piece(W, "P", 7, 1)  # stun 8 then decay
    black = pos(QUIET, black="P1", ply=3)
    squares = {a.square for a in RULES.legal_moves(black) if a.kind == ADD}
    assert squares == set(range(64)) - {sq("h1"), sq("a8")} - set(range(8))
    with pytest.raises(IllegalMoveError):
        RULES.parse(black, "ADD P@d1")
    assert at(play(black, "ADD P@d8"), "d8") == Piece(B, "P", 7, 1)


def test_placement_needs_an_empty_square_and_the_piece_in_the_pocket():
    state = pos({**QUIET, "d4": Piece(B, "N")}, white="Q1", black="R1")
    placements = kinds(state, ADD)
    assert placements == {f"ADD Q@{'abcdefgh'[s % 8]}{s // 8 + 1}" for s in range(64)} - {"ADD Q@h1", "ADD Q@a8",
                                                                                          "ADD Q@d4"}
    with pytest.raises(IllegalMoveError):
        RULES.parse(state, "ADD R@e4")  # Black's rook, not White's
    with pytest.raises(IllegalMoveError):
        RULES.parse(state, "ADD Q@d4")


# -- decay, moves ---------------------------------------------------------------------------------------------
def test_decay_only_for_the_movers_stunned_pieces():
    state = pos({"h1": K(W, 2, 0), "d4": Piece(W, "N", 0, 3), "c3": Piece(W, "B", 5, 2),
                 "a8": K(B, 2, 0), "e5": Piece(B, "R", 3, 1), "f6": Piece(B, "Q", 0, 2)}, white="P1")
    after = play(state, "ADD P@a2")
    assert at(after, "h1") == K(W, 1, 1)                 # stunned: -1 stun, +1 move
    assert at(after, "c3") == Piece(W, "B", 4, 3)
    assert at(after, "d4") == Piece(W, "N", 0, 3)        # stun 0 gains nothing
    assert at(after, "a2") == Piece(W, "P", 6, 1)        # placed this turn: 7 then decay
    for name in ("a8", "e5", "f6"):                      # the opponent's pieces do not change
        assert at(after, name) == at(state, name)
    black = play(after, "STUN@a2")                       # Black's action: +1 on White's pawn
    assert at(black, "a8") == K(B, 1, 1) and at(black, "e5") == Piece(B, "R", 2, 2)
    assert at(black, "f6") == Piece(B, "Q", 0, 2)
    assert at(black, "a2") == Piece(W, "P", 7, 1) and at(black, "h1") == K(W, 1, 1)
    assert black.log_length == 4 and RULES.to_move(black) == W


def test_a_move_costs_one_move_and_needs_stun_zero_and_a_move():
    state = pos({**QUIET, "d4": Piece(W, "R", 0, 3), "e4": Piece(W, "N", 1, 5), "f4": Piece(W, "B", 0, 0)})
    assert moves_from(state, "e4") == set()  # stunned
    assert moves_from(state, "f4") == set()  # no move charge
    assert moves_from(state, "d4") == {"d4->d1", "d4->d2", "d4->d3", "d4->d5", "d4->d6", "d4->d7", "d4->d8",
                                       "d4->a4", "d4->b4", "d4->c4"}
    after = play(state, "d4->d7")
    assert at(after, "d7") == Piece(W, "R", 0, 2) and at(after, "d4") is None
    assert at(after, "e4") == Piece(W, "N", 0, 6)  # decay: the stunned knight charges up
    with pytest.raises(IllegalMoveError, match="stun 1 and move 5"):
        RULES.parse(state, "e4->c5")
    with pytest.raises(IllegalMoveError, match="stun 0 and move 0"):
        RULES.parse(state, "f4->g5")


def test_an_enemy_piece_cannot_be_moved():
    state = pos({**QUIET, "d4": Piece(B, "R", 0, 3)})
    assert moves_from(state, "d4") == set()
    with pytest.raises(IllegalMoveError):
        RULES.parse(state, "d4->d5")


# -- captures -------------------------------------------------------------------------------------------------
def test_capture_credit_and_stack_transfer_spec_example():
    """Spec §4: A (move 10, stun 0) takes B (move 3, stun 4) → A stun 4, move 12; then the
    end-of-turn decay makes it stun 3, move 13.  The pocket gets one Bishop."""
    state = pos({**QUIET, "d1": Piece(W, "A", 0, 10), "d5": Piece(B, "B", 4, 3)}, white="B1")
    after = play(state, "d1->d5")
    assert at(after, "d5") == Piece(W, "A", 3, 13) and at(after, "d1") is None
    assert after.pocket_count(W, "B") == 2 and after.pockets[B] == state.pockets[B]
    calm = play(pos({**QUIET, "d1": Piece(W, "A", 0, 10), "d5": Piece(B, "B", 0, 3)}), "d1->d5")
    assert at(calm, "d5") == Piece(W, "A", 0, 12)  # 10 - 1 + 3, no stun so no decay


def test_capture_credits_the_victims_current_type():
    # a promoted Queen and a disguised royal (a King now moving as a Knight) go in as Q and N
    state = pos({"h1": K(W), "a8": K(B), "d1": Piece(W, "R", 0, 2), "d5": Piece(B, "Q", 0, 0),
                 "f3": Piece(B, "N", 0, 0, True), "f1": Piece(W, "R", 0, 1)})
    after = play(state, "d1->d5")
    assert after.pockets[W] == pocket("Q1")
    after = play(after, "STUN@h1", "f1->f3")
    assert after.pockets[W] == pocket("Q1 N1") and after.pocket_count(W, "K") == 0


def test_black_captures_into_blacks_pocket():
    state = pos({**QUIET, "c6": Piece(B, "N", 0, 1), "d4": Piece(W, "P", 2, 5)}, ply=3)
    after = play(state, "c6->d4")
    assert after.pockets == (pocket(), pocket("P1"))
    assert at(after, "d4") == Piece(B, "N", 1, 6)  # stun 0 + 2, move 1 - 1 + 5, then decay


def test_a_royal_capture_stuns_the_victims_side_and_the_capturer_takes_the_stun_from_before():
    """Black keeps a second royal (a Queen by succession), so the game goes on."""
    state = pos({"h1": K(W, 1, 0), "c8": Piece(W, "R", 0, 1), "b3": Piece(W, "N", 0, 2),
                 "e8": K(B, 2, 1), "d5": Piece(B, "Q", 0, 0, True), "g7": Piece(B, "N", 0, 0),
                 "a7": Piece(B, "P", 1, 4)})
    after = play(state, "c8->e8")
    # rook: stun 0 + 2 (the King's stun before the +3, not 5), move 1 - 1 + 1; then decay → 1, 2
    assert at(after, "e8") == Piece(W, "R", 1, 2) and at(after, "c8") is None
    assert at(after, "d5") == Piece(B, "Q", 3, 0, True)  # every other Black piece: stun + 3
    assert at(after, "g7") == Piece(B, "N", 3, 0)
    assert at(after, "a7") == Piece(B, "P", 4, 4)
    assert at(after, "h1") == K(W, 0, 1)  # White's own pieces: only the decay
    assert at(after, "b3") == Piece(W, "N", 0, 2)
    assert after.pockets == (pocket("K1"), pocket())
    assert not RULES.is_over(after) and RULES.winner(after) is None and after.royals(B) == 1
    quiet = play(state, "c8->c1")  # a capture of a non-royal or no capture stuns nobody
    assert at(quiet, "g7") == Piece(B, "N", 0, 0) and at(quiet, "d5") == Piece(B, "Q", 0, 0, True)
    plain = play(pos({**QUIET, "c8": Piece(W, "R", 0, 1), "e8": Piece(B, "N", 2, 1), "g7": Piece(B, "N", 0, 0)}),
                 "c8->e8")
    assert at(plain, "g7") == Piece(B, "N", 0, 0) and at(plain, "e8") == Piece(W, "R", 1, 2)


def test_capturing_the_last_royal_ends_the_game():
    state = pos({"h1": K(W), "b2": Piece(W, "B", 0, 1), "g7": K(B, 0, 5), "c4": Piece(B, "N", 0, 2)})
    assert not RULES.is_over(state)
    over = play(state, "b2->g7")
    assert RULES.is_over(over) and RULES.winner(over) == W and RULES.result(over) == (1.0, -1.0)
    assert at(over, "c4") == Piece(B, "N", 3, 2)
    assert at(over, "g7") == Piece(W, "B", 0, 5)
    assert RULES.legal_moves(over) == []
    assert describe(over) == "White wins 1 point: Black has no royal left."
    black_wins = play(pos({"h1": K(W, 1, 0), "h3": Piece(B, "R", 0, 1), "a8": K(B)}, ply=5), "h3->h1")
    assert RULES.is_over(black_wins) and RULES.winner(black_wins) == B
    assert RULES.result(black_wins) == (-1.0, 1.0)
    assert describe(black_wins) == "Black wins 1 point: White has no royal left."


def test_the_end_needs_the_first_two_plies_and_a_side_without_royal():
    lonely = pos({"e1": K(W, 3, 1)}, black="K1", ply=1)
    assert not RULES.is_over(lonely) and len(RULES.legal_moves(lonely)) == 63
    no_black = pos({"e1": K(W, 3, 1), "e8": Piece(B, "K", 3, 1, False)}, ply=2)  # a King that is not royal
    assert RULES.is_over(no_black) and RULES.winner(no_black) == W
    neither = pos({"e1": Piece(W, "Q", 0, 1), "e8": Piece(B, "Q", 0, 1)}, ply=6)
    assert RULES.is_over(neither) and RULES.winner(neither) is None and RULES.result(neither) == (0.0, 0.0)
    assert describe(neither).startswith("Draw")


def test_a_captured_king_replaced_by_its_new_owner_is_royal():
    state = pos({"h1": K(W), "b2": Piece(W, "B", 0, 2), "g7": K(B, 0, 0), "c6": Piece(B, "R", 0, 0, True)})
    after = play(state, "b2->g7")
    assert not RULES.is_over(after) and after.pocket_count(W, "K") == 1
    after = play(after, "STUN@h1", "ADD K@d4")
    assert at(after, "d4") == Piece(W, "K", 3, 1, True) and after.royals(W) == 2
    assert after.pocket_count(W, "K") == 0


# -- promotion ------------------------------------------------------------------------------------------------
def test_promotion_is_forced_offers_q_r_b_n_a_and_keeps_the_stacks():
    state = pos({**QUIET, "e7": Piece(W, "P", 0, 3), "d8": Piece(B, "N", 2, 1)})
    assert moves_from(state, "e7") == {f"e7->{t}8={k}" for t in "de" for k in "QRBNA"}
    with pytest.raises(IllegalMoveError, match="must promote: add =Q, =R, =B, =N, =A"):
        RULES.parse(state, "e7->e8")  # no promotion type: not an action, and the message says why
    with pytest.raises(IllegalMoveError):
        RULES.parse(state, "e7->e8=K")
    with pytest.raises(IllegalMoveError):
        RULES.parse(state, "e7->e8=P")
    queen = play(state, "e7->e8=Q")
    assert at(queen, "e8") == Piece(W, "Q", 0, 2) and at(queen, "e7") is None
    assert queen.pockets == state.pockets  # promotion does not touch the pocket
    amazon = play(state, "e7->d8=A")  # stun 0 + 2, move 3 - 1 + 1 = 3; decay → 1, 4
    assert at(amazon, "d8") == Piece(W, "A", 1, 4)
    assert amazon.pocket_count(W, "N") == 1


def test_black_promotes_on_rank_one_and_a_royal_pawn_stays_royal():
    state = pos({**QUIET, "c2": Piece(B, "P", 0, 1, True), "f2": Piece(B, "P", 0, 2)}, ply=3)
    assert moves_from(state, "c2") == {f"c2->c1={k}" for k in "QRBNA"}
    after = play(state, "c2->c1=N")
    assert at(after, "c1") == Piece(B, "N", 0, 0, True)
    after = play(state, "f2->f1=R")
    assert at(after, "f1") == Piece(B, "R", 0, 1, False)


# -- stun ------------------------------------------------------------------------------------------------------
def test_stun_any_piece_of_either_colour_kings_included():
    state = pos({"e1": K(W, 0, 2), "e8": K(B, 0, 2), "d4": Piece(W, "N", 2, 0), "d5": Piece(B, "Q", 0, 1)})
    assert kinds(state, STUN) == {"STUN@e1", "STUN@e8", "STUN@d4", "STUN@d5"}
    assert at(play(state, "STUN@e8"), "e8") == K(B, 1, 2)         # enemy King: +1, no decay
    assert at(play(state, "STUN@d5"), "d5") == Piece(B, "Q", 1, 1)
    own = play(state, "STUN@e1")                                   # own: +1 then decay gives +1 move
    assert at(own, "e1") == K(W, 0, 3)
    assert at(own, "d4") == Piece(W, "N", 1, 1)
    assert at(play(state, "STUN@d4"), "d4") == Piece(W, "N", 2, 1)  # 3 then decay
    with pytest.raises(IllegalMoveError):
        RULES.parse(state, "STUN@a1")                              # an empty square


# -- succession ------------------------------------------------------------------------------------------------
def test_succession_only_while_a_royal_is_attacked_by_a_piece_that_can_move():
    base = {"e1": K(W, 3, 0), "b1": Piece(W, "N", 0, 1), "c3": Piece(W, "P", 2, 0), "h8": K(B, 5, 0)}
    attacked = pos({**base, "e5": Piece(B, "R", 0, 1)})
    assert kinds(attacked, SUCCESSION) == {"SUC@b1", "SUC@c3"}   # own non-royal pieces, stunned or not
    after = play(attacked, "SUC@b1")
    assert at(after, "b1") == Piece(W, "N", 0, 1, True)           # stacks kept
    assert at(play(attacked, "SUC@c3"), "c3") == Piece(W, "P", 1, 1, True)  # (only the usual decay)
    for attacker in (Piece(B, "R", 1, 1), Piece(B, "R", 0, 0)):  # stunned, or no move charge
        state = pos({**base, "e5": attacker})
        assert kinds(state, SUCCESSION) == set()
        with pytest.raises(IllegalMoveError, match="succession needs"):
            RULES.parse(state, "SUC@b1")
    blocked = pos({**base, "e5": Piece(B, "R", 0, 1), "e3": Piece(B, "P", 9, 0)})  # the rook's line is closed
    assert kinds(blocked, SUCCESSION) == set()
    elsewhere = pos({**base, "d5": Piece(B, "R", 0, 1)})          # a rook that does not reach e1
    assert kinds(elsewhere, SUCCESSION) == set()


def test_succession_pawn_attacks_are_its_diagonals_not_its_step():
    base = {"h8": K(B, 5, 0), "a1": Piece(W, "N", 0, 0)}
    ahead = pos({**base, "e3": K(W, 5, 0), "e4": Piece(B, "P", 0, 1)})  # Black pawn e4 steps down to e3
    assert kinds(ahead, SUCCESSION) == set()
    diagonal = pos({**base, "d3": K(W, 5, 0), "e4": Piece(B, "P", 0, 1)})
    assert kinds(diagonal, SUCCESSION) == {"SUC@a1"}


def test_succession_attacks_on_any_royal_and_never_of_a_royal():
    state = pos({"h1": K(W, 4, 0), "d4": Piece(W, "Q", 2, 0, True), "a1": Piece(W, "R", 0, 0),
                 "h8": K(B, 5, 0), "f6": Piece(B, "N", 0, 3)})  # f6 reaches e4 g4 d5 h5 d7 h7 e8 g8
    assert kinds(state, SUCCESSION) == set()
    state = pos({"h1": K(W, 4, 0), "d4": Piece(W, "Q", 2, 0, True), "a1": Piece(W, "R", 0, 0),
                 "h8": K(B, 5, 0), "f5": Piece(B, "N", 0, 3)})  # f5 knight attacks d4
    assert kinds(state, SUCCESSION) == {"SUC@a1"}               # royal Q and King excluded
    black = pos({"h1": K(W, 4, 0), "g2": Piece(W, "G", 0, 1), "a8": K(B, 5, 0), "c5": Piece(B, "F", 0, 0),
                 "b7": Piece(B, "P", 0, 0)}, ply=3)             # the Grasshopper hops b7 onto a8
    assert kinds(black, SUCCESSION) == {"SUC@c5", "SUC@b7"}
    hurdle_less = pos({"h1": K(W, 4, 0), "g2": Piece(W, "G", 0, 1), "a8": K(B, 5, 0), "c5": Piece(B, "F", 0, 0)},
                      ply=3)                                    # no hurdle before a8: no attack
    assert kinds(hurdle_less, SUCCESSION) == set()


# -- disguise --------------------------------------------------------------------------------------------------
def test_disguise_royals_only_to_own_types_on_the_board_never_k_p_or_the_current_type():
    state = pos({"e1": K(W, 0, 1), "b1": Piece(W, "N", 0, 0), "a2": Piece(W, "P", 5, 0),
                 "d1": Piece(W, "Q", 0, 0), "c1": Piece(W, "N", 0, 0), "f1": Piece(W, "K", 0, 0, False),
                 "e8": K(B, 3, 0), "h8": Piece(B, "R", 0, 0), "g8": Piece(B, "Tr", 0, 0)},
                white="B2 A1")
    assert kinds(state, DISGUISE) == {"DIS e1=N", "DIS e1=Q"}  # not B/A (pocket), R/Tr (Black's), K, P
    after = play(state, "DIS e1=Q")
    assert at(after, "e1") == Piece(W, "Q", 0, 1, True)         # stacks and royalty kept
    assert after.royals(W) == 1 and not RULES.is_over(after)
    after = play(after, "STUN@e8")
    assert moves_from(after, "e1") >= {"e1->e2", "e1->e7", "e1->h4"}  # moves as a Queen now
    assert kinds(after, DISGUISE) == {"DIS e1=N"}                # Q is its current type now; never K
    with pytest.raises(IllegalMoveError):
        RULES.parse(after, "DIS e1=K")
    with pytest.raises(IllegalMoveError):
        RULES.parse(after, "DIS d1=N")                           # d1 is not royal
    black = play(after, "DIS e1=N")
    assert kinds(black, DISGUISE) == {"DIS e8=R", "DIS e8=Tr"}
    stunned = play(black, "DIS e8=Tr")
    # e8 was 3/0; Black's stun on it (4) and decay made it 3/1; the disguise keeps that, then decay
    assert at(stunned, "e8") == Piece(B, "Tr", 2, 2, True)


def test_two_royals_may_disguise_into_each_others_types():
    state = pos({"e1": K(W, 0, 1), "d4": Piece(W, "P", 0, 1, True), "c3": Piece(W, "B", 0, 0),
                 "e8": K(B, 3, 0)})
    assert kinds(state, DISGUISE) == {"DIS e1=B", "DIS d4=B"}


# -- always something to do ------------------------------------------------------------------------------------
def test_a_side_with_nothing_else_can_always_stun():
    state = pos({"e1": K(W, 7, 0), "e8": K(B, 7, 0)}, ply=10)
    assert RULES.legal_moves(state) == [Action(STUN, sq("e1")), Action(STUN, sq("e8"))]


def test_the_action_list_of_a_busy_position_holds_every_kind_once():
    state = pos({"e1": K(W, 0, 1), "d2": Piece(W, "R", 0, 1), "e8": K(B, 0, 1), "e5": Piece(B, "R", 0, 1)},
                white="N1")
    actions = RULES.legal_moves(state)
    assert len(actions) == len(set(actions))
    assert {a.kind for a in actions} == {ADD, MOVE, STUN, SUCCESSION, DISGUISE}
    # King e1: d1 f1 e2 f2 (d2 own) = 4; rook d2: d1, d3..d8, a2 b2 c2, e2..h2 = 1+6+3+4 = 14;
    # N on 60 empty squares; 4 stuns; SUC@d2 (e5 rook attacks e1); DIS e1=R
    assert len(actions) == 4 + 14 + 60 + 4 + 1 + 1


# -- notation ---------------------------------------------------------------------------------------------------
def test_notation_parse_round_trip_of_each_kind():
    state = pos({"e1": K(W, 0, 1), "e7": Piece(W, "P", 0, 1), "d2": Piece(W, "R", 0, 1),
                 "e8": K(B, 0, 1), "e5": Piece(B, "R", 0, 1), "d8": Piece(B, "Kr", 0, 0)}, white="Cl1")
    texts = {
        Action(ADD, sq("c3"), -1, "Cl"): "ADD Cl@c3",
        Action(MOVE, sq("d2"), sq("d7")): "d2->d7",
        Action(MOVE, sq("e7"), sq("d8"), "N"): "e7->d8=N",
        Action(STUN, sq("e5")): "STUN@e5",
        Action(SUCCESSION, sq("d2")): "SUC@d2",
        Action(DISGUISE, sq("e1"), -1, "R"): "DIS e1=R",
    }
    legal = RULES.legal_moves(state)
    for action, text in texts.items():
        assert action in legal
        assert RULES.notation(state, action) == text
        assert RULES.parse(state, text) == action
    for action in legal:
        assert RULES.parse(state, RULES.notation(state, action)) == action


def test_parse_accepts_short_forms_and_any_case():
    start = RULES.initial_state()
    assert RULES.parse(start, "K@e1") == Action(ADD, sq("e1"), -1, "K")
    assert RULES.parse(start, "add k@E1") == Action(ADD, sq("e1"), -1, "K")
    assert RULES.parse(start, "  ADD   K @ e1 ") == Action(ADD, sq("e1"), -1, "K")
    state = pos({"e1": K(W, 0, 1), "e8": K(B, 0, 1), "a7": Piece(W, "P", 0, 1)}, white="Kr1")
    assert RULES.parse(state, "e1-e2") == RULES.parse(state, "E1->E2") == Action(MOVE, sq("e1"), sq("e2"))
    assert RULES.parse(state, "a7-a8=q") == Action(MOVE, sq("a7"), sq("a8"), "Q")
    assert RULES.parse(state, "kr@d4") == RULES.parse(state, "ADD KR@D4") == Action(ADD, sq("d4"), -1, "Kr")
    assert RULES.parse(state, "stun@E8") == Action(STUN, sq("e8"))


def test_illegal_text_gives_a_helpful_illegal_move_error():
    state = pos({"e1": K(W, 0, 1), "e8": K(B, 0, 1)}, white="Q1")
    for text, cause, words in (
            ("hello", InvalidMoveError, "expected one of the forms"),
            ("e9->e10", InvalidMoveError, "expected one of the forms"),
            ("ADD X@e4", InvalidMoveError, "unknown piece type"), ("ADD R@e4", IllegalMoveError, "not legal"),
            ("e1->e3", IllegalMoveError, "not legal"), ("SUC@e1", IllegalMoveError, "not legal"),
            ("DIS e1=Q", IllegalMoveError, "not legal")):
        with pytest.raises(cause, match=words) as error:
            RULES.parse(state, text)
        assert isinstance(error.value, MoveError) and isinstance(error.value, ValueError)
    with pytest.raises(IllegalMoveError, match="ADD R@e4"):
        RULES.parse(state, "add r@e4")
    with pytest.raises(IllegalMoveError):
        RULES.apply(state, "e1->e2")  # text is not an action: apply takes Action values


def test_move_errors_name_their_cause():
    """Text no action form reads is invalid, a well-formed action not legal here is illegal;
    both are caught as a ``MoveError`` and as a ``ValueError``.  Chesstack text is never
    ambiguous: every form names its squares (and a promotion or piece type) in full, so it
    reads as one action and ``parse`` only asks whether that action is legal."""
    state = pos({"e1": K(W, 0, 1), "e8": K(B, 0, 1)}, white="Q1")
    cases = [("e2-e9", InvalidMoveError), ("ADD Z@e4", InvalidMoveError), ("", InvalidMoveError),
             ("ADD R@e4", IllegalMoveError), ("e8->e7", IllegalMoveError), ("e1->e3", IllegalMoveError)]
    for text, cause in cases:
        for catch in (cause, MoveError, ValueError):
            with pytest.raises(catch) as error:
                RULES.parse(state, text)
            assert type(error.value) is cause
    with pytest.raises(IllegalMoveError, match="no piece of the side to move"):
        RULES.apply(state, Action(MOVE, sq("e8"), sq("e7")))
    assert issubclass(AmbiguousMoveError, MoveError) and issubclass(AmbiguousMoveError, ValueError)
