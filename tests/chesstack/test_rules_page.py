"""Chesstack's rules page names and explains every piece the game can show: the types a
position may hold (on the board or in a pocket) and every choice of the promotion picker,
both taken from the code, so a new piece without its line on the page fails here."""

from __future__ import annotations

from game.chesstack.notation import MOVE
from game.chesstack.pieces import NAMES, parse_square, placement_stun
from game.chesstack.state import TYPES
from game.chesstack.position import parse_position
from game.chesstack.rules import ChesstackRules
from game.chesstack.rules_page import PAGE


def promotion_choices() -> set[str]:
    """The types the rules offer a pawn reaching its last rank (what the picker lists)."""
    state = parse_position("white K*e1:0/1 Pa7:0/1; black K*h1:0/0; ply 4")
    a8 = parse_square("a8")
    return {action.piece for action in ChesstackRules().legal_moves(state)
            if action.kind == MOVE and action.target == a8}


def position_types() -> set[str]:
    """Every type a position can hold: what the position reader accepts, on the board and in
    a pocket."""
    accepted = set()
    for kind in TYPES:
        extra = "" if kind == "K" else f"{kind}c3"  # a third King would be one too many
        board = parse_position(f"white K*e1 {extra}; black K*e8; ply 2")
        pocket = parse_position(f"white pocket K1 {'' if kind == 'K' else kind + '1'}; black pocket K1; ply 0")
        accepted |= {p.kind for p in board.board if p is not None} | {k for k, n in zip(TYPES, pocket.pockets[0]) if n}
    return accepted


def test_the_picker_offers_the_amazon_and_the_page_names_every_choice():
    choices = promotion_choices()
    assert "A" in choices and len(choices) == 5
    rows = {row[0].split()[0]: row for row in PAGE.table("Piece")}
    assert choices <= set(rows)
    promotion = next(block.text for i, block in enumerate(PAGE.blocks) if PAGE.blocks[i - 1].text == "Promotion")
    assert all(f"{NAMES[kind]} ({kind})" in promotion for kind in choices)


def test_every_piece_a_position_can_hold_has_a_row_with_its_move_and_stun():
    rows = {row[0].split()[0]: row for row in PAGE.table("Piece")}
    assert position_types() == set(TYPES) == set(rows)
    for kind, (piece, moves, stun) in rows.items():
        assert piece == f"{kind} {NAMES[kind]}" and len(moves.split()) >= 3
        expected = "8–2" if kind == "P" else str(placement_stun(kind, 0, 0))
        assert stun == expected, kind


def test_the_pawn_stun_range_is_what_placement_gives():
    assert [placement_stun("P", 0, parse_square(f"c{rank}")) for rank in (1, 7)] == [8, 2]
