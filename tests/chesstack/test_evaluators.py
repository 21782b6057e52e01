"""Chesstack's evaluators (spec §8): the reference values, the terms, symmetry, and the
batch form agreeing exactly with the single-position form."""

from __future__ import annotations

import json
import math
import random

import numpy as np
import pytest

from game.chesstack.evaluators import (
    DEFAULT_EVALUATOR,
    EVALUATORS,
    TERMS,
    encode,
    evaluate,
    evaluate_batch,
    explain,
    terms_batch,
    value,
)
from game.chesstack.evaluators.potential import (
    ANTI_MASK,
    DIAG_MASK,
    DIAGONAL_SLIDERS,
    FILE_MASK,
    LEAP,
    LINE_TYPES,
    ORTHOGONAL_SLIDERS,
)
from game.chesstack.evaluators.terms import weighted_value
from game.chesstack.notation import parse_action
from game.chesstack.pieces import INDEX, RAYS, VALUES, last_rank, parse_square, placement_stun
from game.chesstack.position import parse_position
from game.chesstack.rules import ChesstackRules
from game.chesstack.state import START_POCKET, TYPES, ChesstackState, Piece

NOTE_EVALUATORS = ("weighted", "designer")
"""The design note's two, whose batch forms agree with the single ones exactly (``stacks`` is
held to its reference in ``test_stacks_evaluator.py``)."""
RULES = ChesstackRules()
FAIRY_POCKET = tuple(1 for _ in TYPES)  # one of every type, fairies included


def as_placed(placements: list[str], log_length: int) -> ChesstackState:
    """The start position with ``placements`` ("wK@e1") made straight on the board, stacks as
    placed (stun = placement stun, move 0, no end-of-turn decay), as the upstream engine
    computed §8's table."""
    board: list[Piece | None] = [None] * 64
    pockets = [list(START_POCKET), list(START_POCKET)]
    for text in placements:
        colour, kind, sq = "wb".index(text[0]), text[1:].split("@")[0], parse_square(text.split("@")[1])
        board[sq] = Piece(colour, kind, placement_stun(kind, colour, sq), 0, kind == "K")
        pockets[colour][INDEX[kind]] -= 1
    return ChesstackState(tuple(board), (tuple(pockets[0]), tuple(pockets[1])), log_length)


def played(*actions: str) -> ChesstackState:
    state = RULES.initial_state()
    for text in actions:
        state = RULES.apply(state, parse_action(text))
    return state


def pocket(**counts: int) -> tuple[int, ...]:
    return tuple(counts.get(kind, 0) for kind in TYPES)


def custom_position(log_length: int = 0) -> ChesstackState:
    """§8's custom position (upstream built it with direct placePiece calls, log length 0)."""
    board: list[Piece | None] = [None] * 64
    for sq, piece in (("e1", Piece(0, "K", 4, 0, True)), ("e8", Piece(1, "K", 4, 0, True)),
                      ("e4", Piece(0, "R", 0, 2)), ("e6", Piece(1, "N", 3, 0)), ("a7", Piece(0, "P", 0, 1))):
        board[parse_square(sq)] = piece
    pockets = (pocket(Q=1, B=2, N=2, R=1, P=7), pocket(Q=1, B=2, N=1, R=2, P=8))
    return ChesstackState(tuple(board), pockets, log_length)


def playout_states(seed: int, games: int, plies: int, start_pocket=START_POCKET) -> list[ChesstackState]:
    """Every position of ``games`` seeded random games (uniform legal actions)."""
    rng = random.Random(seed)
    found = []
    for _ in range(games):
        state = ChesstackState((None,) * 64, (start_pocket, start_pocket), 0)
        for _ in range(plies):
            actions = RULES.legal_moves(state)
            if not actions:
                break
            state = RULES.apply(state, rng.choice(actions))
            found.append(state)
    return found


def random_position(rng: random.Random) -> ChesstackState:
    """A random board of any types (fairies, several royals, pawns near promotion, stacks)."""
    board: list[Piece | None] = [None] * 64
    for sq in rng.sample(range(64), rng.randint(0, 40)):
        colour, kind = rng.randrange(2), rng.choice(TYPES)
        if kind == "P" and sq // 8 == last_rank(colour):
            kind = rng.choice(("G", "Kr", "Tr"))
        board[sq] = Piece(colour, kind, rng.choice((0, 0, 1, 3, 9)), rng.choice((0, 0, 1, 2, 7)),
                          rng.random() < (0.8 if kind == "K" else 0.15))
    pockets = tuple(tuple(rng.choice((0, 0, 1, 2)) for _ in TYPES) for _ in range(2))
    return ChesstackState(tuple(board), pockets, rng.randrange(60))


def mirror(state: ChesstackState) -> ChesstackState:
    """Colours swapped, ranks mirrored (a pawn keeps its distance to promotion), pockets
    swapped, the other side to move."""
    board: list[Piece | None] = [None] * 64
    for sq, piece in enumerate(state.board):
        if piece is not None:
            board[(7 - sq // 8) * 8 + sq % 8] = piece._replace(colour=1 - piece.colour)
    return ChesstackState(tuple(board), (state.pockets[1], state.pockets[0]), state.log_length + 1)


@pytest.fixture(scope="module")
def sample() -> list[ChesstackState]:
    """Random playouts with the standard and with fairy pockets, and random fairy boards."""
    rng = random.Random(7)
    return (playout_states(1, 4, 70) + playout_states(2, 4, 70, FAIRY_POCKET)
            + [random_position(rng) for _ in range(200)])


# -- §8's reference table ----------------------------------------------------------------------------
@pytest.mark.parametrize("placements, log_length, weighted, designer, upstream", [
    ([], 0, 10, 0.0, 0),
    (["wK@e1"], 1, 10445, 7999599.7, 7999600),
    (["wK@e1", "bK@e8"], 2, -2446, 0.0, 0),
    (["wK@e1", "bK@e8", "wQ@d4"], 3, 10609, -1.8, -2),
])
def test_reference_table_as_placed(placements, log_length, weighted, designer, upstream):
    state = as_placed(placements, log_length)
    assert value("weighted", state) == weighted
    assert isinstance(value("weighted", state), int)
    assert value("designer", state) == designer
    assert round(value("designer", state)) == upstream  # the upstream bot rounds it to an int


def test_queen_on_d4_has_27_potential_moves_and_stun_9():
    state = as_placed(["wK@e1", "bK@e8", "wQ@d4"], 3)
    assert state.board[parse_square("d4")].stun == 9
    # Mob = Q 27 + K e1 5 − K e8 5
    assert explain("weighted", state)["Mob"] == 27


def test_custom_position():
    state = custom_position()
    terms = explain("weighted", state)
    # Mob: K e1 5 + R e4 11 (e5 e6× e3 e2 a4–d4 f4–h4) + P a7 5 (a8 = 5 promotions) − K e8 5 − N e6 8.
    # Res: R 2 + P 1 + K −2 − (K −2) − (N −1.5).  Thr: R takes the 320 knight.
    assert terms == {"Mat": 0, "Mob": 8, "Res": 4.5, "Thr": 320, "Place": pytest.approx(-25.21, abs=0.005),
                     "Turn": 1, "Royal": 0}
    assert value("weighted", state) == 15554
    # Designer: the kings cancel; R 500 + 0.3·11·2 = 506.6; P 100 + 0.3·5·1 = 101.5;
    # N −(320 − 0.3·3) = −319.1; pockets (3400 − 0.9·13) − (3680 − 0.9·14) = −279.1 → 9.9.
    assert value("designer", state) == pytest.approx(9.9, abs=1e-9)
    # The position reader wants a King still in the pocket at ply 0 or 1: the same position at
    # ply 2 (White to move again) values the same.
    text = "white K*e1:4/0 Re4:0/2 Pa7:0/1 pocket Q1 B2 N2 R1 P7; black K*e8:4/0 Ne6:3/0 pocket Q1 B2 N1 R2 P8; ply 2"
    assert parse_position(text) == custom_position(2)
    assert value("weighted", parse_position(text)) == 15554


def test_issue_json_contract():
    report = evaluate(custom_position(), "weighted").to_json()
    assert list(report) == ["evaluator", "value", "terms"]
    assert report["evaluator"] == "weighted" and report["value"] == 15554 and isinstance(report["value"], int)
    assert list(report["terms"]) == ["Mat", "Mob", "Res", "Thr", "Place", "Turn", "Royal"]
    assert round(report["terms"]["Place"], 2) == -25.21
    assert {k: v for k, v in report["terms"].items() if k != "Place"} == \
        {"Mat": 0, "Mob": 8, "Res": 4.5, "Thr": 320, "Turn": 1, "Royal": 0}
    json.dumps(report)


# -- the same positions reached by playing (end-of-turn decay applied) --------------------------------
def test_played_positions():
    # ADD K@e1: the King decays to stun 3, move 1.  Weighted: Res −0.5 instead of −2 (+60).
    # Designer: 0.3·5·1 − 0.3·3 = 0.6 instead of −1.2 (+1.8).
    one = played("ADD K@e1")
    assert one.board[parse_square("e1")] == Piece(0, "K", 3, 1, True)
    assert value("weighted", one) == 10505
    assert value("designer", one) == 7999601.5
    # ADD K@e8: both Kings stun 3, move 1: every stack term cancels, as with the placed ones.
    two = played("ADD K@e1", "ADD K@e8")
    assert value("weighted", two) == -2446 and value("designer", two) == 0.0
    # ADD Q@d4: White's decay gives K e1 stun 2 move 2 and Q d4 stun 8 move 1.
    # Weighted: Res = (2 − 1) + (1 − 4) − (1 − 1.5) = −1.5; 15·27 − 40·1.5 + 30·346.47 − 10 = 10729.1.
    # Designer in tenths: K 3·5·2 − 3·2 = 24, K e8 −(3·5·1 − 3·3) = −6, Q 9000 + 3·27·1 − 3·8 = 9057,
    # pocket −(9000 − 9) = −8991: 84 → 8.4.
    three = played("ADD K@e1", "ADD K@e8", "ADD Q@d4")
    assert explain("weighted", three)["Res"] == -1.5
    assert value("weighted", three) == 10729
    assert value("designer", three) == 8.4


# -- terms ---------------------------------------------------------------------------------------
def test_explain_terms_make_the_value(sample):
    for state in sample[::3]:
        assert weighted_value(explain("weighted", state)) == value("weighted", state)
        assert sum(explain("designer", state).values()) == pytest.approx(value("designer", state), abs=1e-6)
        assert list(explain("designer", state)) == list(TERMS["designer"])


def test_designer_royal_factor():
    # Two white royals (K e1, R a1 by succession): factor 0.9·(400 + 500) each, not 20000.
    board: list[Piece | None] = [None] * 64
    board[parse_square("e1")] = Piece(0, "K", 0, 0, True)
    board[parse_square("a1")] = Piece(0, "R", 0, 0, True)
    board[parse_square("e8")] = Piece(1, "K", 0, 0, True)
    state = ChesstackState(tuple(board), (pocket(), pocket()), 2)
    terms = explain("designer", state)
    assert terms["Royal"] == pytest.approx(0.9 * 900 * (400 + 500) - 20000 * 400)
    assert terms["Activity"] == 0 and terms["Stun"] == 0 and terms["Material"] == 0
    assert explain("weighted", state)["Royal"] == 0  # two royals against one: no bonus


def test_promotion_counts_five_times_and_is_no_threat():
    board: list[Piece | None] = [None] * 64
    board[parse_square("a7")] = Piece(0, "P", 0, 1)
    board[parse_square("b8")] = Piece(1, "R", 0, 0)
    board[parse_square("c6")] = Piece(0, "P", 0, 0)
    board[parse_square("d7")] = Piece(1, "N", 0, 0)
    state = ChesstackState(tuple(board), (pocket(), pocket()), 0)
    terms = explain("weighted", state)
    # White: P a7 → a8, b8× (promotions, 5 each) = 10; P c6 → c7, d7× = 2.
    # Black: R b8 → a8, c8–h8, b7–b1 = 14; N d7 → f8 f6 e5 c5 b6 = 5.
    assert terms["Mob"] == 12 - 19
    # Only c6×d7 threatens (320): a7×b8 is a promotion, not a threat.
    assert terms["Thr"] == 320
    # Designer: the a7 pawn's 10 potential moves × move 1 × 0.3.
    assert explain("designer", state)["Activity"] == pytest.approx(3.0)
    assert terms_batch("weighted", [state])[0, 1] == -7 and terms_batch("weighted", [state])[0, 3] == 320


def test_fairy_patterns_by_hand():
    def mobility(pieces: dict[str, Piece]) -> int:
        board: list[Piece | None] = [None] * 64
        for sq, piece in pieces.items():
            board[parse_square(sq)] = piece
        state = ChesstackState(tuple(board), (pocket(), pocket()), 0)
        assert terms_batch("weighted", [state])[0, 1] == explain("weighted", state)["Mob"]
        return explain("weighted", state)["Mob"]

    # Tempest rook d4 alone: e6–e8, f5–h5, e2–e1, f3–h3, c6–c8, b5–a5, c2–c1, b3–a3 = 20.
    assert mobility({"d4": Piece(0, "Tr")}) == 20
    # Its diagonal neighbour is neither a destination nor a blocker; a piece on e6 blocks e6–e8.
    assert mobility({"d4": Piece(0, "Tr"), "e5": Piece(1, "F")}) == 20 - 4  # the ferz's own 4 moves
    assert mobility({"d4": Piece(0, "Tr"), "e6": Piece(0, "D")}) == 20 - 3 + 4  # D e6: e8 c6 g6 e4
    # Grasshopper a1 alone: no hurdle, no move.  With an own pawn on a3: lands on a4.  With an
    # enemy on a4 too: lands there (a capture).  With the hurdle on the edge: nothing beyond.
    assert mobility({"a1": Piece(0, "G")}) == 0
    assert mobility({"a1": Piece(0, "G"), "a3": Piece(0, "P", 0, 0)}) == 1 + 1  # + the pawn's a4
    assert mobility({"a1": Piece(0, "G"), "a8": Piece(1, "K")}) == 0 - 3  # the hurdle on the last square
    # Knightrider a1 alone: b3 c5 d7 and c2 e3 g4 = 6.
    assert mobility({"a1": Piece(0, "Kr")}) == 6


def test_bitboard_tables_match_the_rays_of_pieces():
    """On an empty board the bitboard types reach exactly the squares of their rays."""
    for k, kind in enumerate(TYPES):
        if kind in LINE_TYPES or kind == "P":
            continue
        for sq in range(64):
            reach = int(LEAP[(k * 2) * 64 + sq])
            if kind in ORTHOGONAL_SLIDERS:
                reach |= int(FILE_MASK[sq]) | (0xFF << (sq // 8 * 8)) & ~(1 << sq)
            if kind in DIAGONAL_SLIDERS:
                reach |= int(DIAG_MASK[sq]) | int(ANTI_MASK[sq])
            assert reach == sum(1 << s for ray in RAYS[kind][sq] for s in ray), (kind, sq)


def test_every_piece_on_every_square_alone():
    """A lone piece on each square: the batch's tables against pieces.destinations."""
    states = []
    for kind in TYPES:
        for colour in (0, 1):
            for sq in range(64):
                if kind == "P" and sq // 8 == last_rank(colour):
                    continue
                board: list[Piece | None] = [None] * 64
                board[sq] = Piece(colour, kind, 1, 2)
                states.append(ChesstackState(tuple(board), (pocket(), pocket()), 0))
    for name in NOTE_EVALUATORS:
        assert evaluate_batch(name, states).tolist() == [value(name, state) for state in states]


# -- symmetry ------------------------------------------------------------------------------------
def test_mirror_negates(sample):
    """Colours swapped, ranks mirrored, the other side to move: the designer's value and every
    weighted term but Place negate exactly.  Place does not, because the note's centre
    (4.5, 4.5) is off the board's centre: the mirror's Place is the original's pieces weighed
    at their mirrored distance."""
    for state in sample[::2]:
        other = mirror(state)
        assert value("designer", other) == -value("designer", state)
        terms, mirrored = explain("weighted", state), explain("weighted", other)
        for name in ("Mat", "Mob", "Res", "Thr", "Turn", "Royal"):
            assert mirrored[name] == -terms[name], name
        expected = -sum((1 if p.colour == 0 else -1) * VALUES[p.kind]
                        * math.exp(-0.35 * math.hypot(4.5 - sq % 8, 4.5 - (7 - sq // 8)))
                        for sq, p in enumerate(state.board) if p is not None)
        assert mirrored["Place"] == pytest.approx(expected, abs=1e-9)
    states = sample[::2]
    assert (evaluate_batch("designer", [mirror(s) for s in states]) == -evaluate_batch("designer", states)).all()


def test_pawns_mirror():
    board: list[Piece | None] = [None] * 64
    board[parse_square("b7")] = Piece(0, "P", 0, 3)
    board[parse_square("c8")] = Piece(1, "N", 2, 0)
    board[parse_square("a1")] = Piece(0, "P", 8, 0)
    state = ChesstackState(tuple(board), (pocket(P=2), pocket(N=1)), 4)
    assert value("designer", mirror(state)) == -value("designer", state)
    assert explain("weighted", mirror(state))["Mob"] == -explain("weighted", state)["Mob"]


# -- batch against single ---------------------------------------------------------------------------
def test_batch_equals_single(sample):
    kinds = {p.kind for state in sample for p in state.board if p is not None}
    assert kinds == set(TYPES) and len(sample) >= 400
    for name in NOTE_EVALUATORS:
        assert evaluate_batch(name, sample).tolist() == [value(name, state) for state in sample], name
    weighted = terms_batch("weighted", sample)
    assert weighted.tolist() == [list(explain("weighted", state).values()) for state in sample]
    designer = terms_batch("designer", sample)  # in tenths
    assert (designer / 10).tolist() == [list(explain("designer", state).values()) for state in sample]


def test_batch_of_encoded_positions(sample):
    batch = encode(sample[:50])
    assert len(batch) == 50
    assert evaluate_batch("weighted", batch).tolist() == evaluate_batch("weighted", sample[:50]).tolist()
    state = sample[-1]
    one = encode([state])
    for sq, piece in enumerate(state.board):
        if piece is None:
            assert one.kind[0, sq] == -1 and one.colour[0, sq] == -1
        else:
            assert (TYPES[one.kind[0, sq]], one.colour[0, sq], one.stun[0, sq], one.move[0, sq],
                    one.royal[0, sq]) == (piece.kind, piece.colour, piece.stun, piece.move, piece.royal)
    assert one.pockets[0].tolist() == [list(state.pockets[0]), list(state.pockets[1])]
    assert one.parity.tolist() == [state.log_length % 2]


def test_empty_batch():
    for name in EVALUATORS:
        assert evaluate_batch(name, []).shape == (0,)


# -- the report ------------------------------------------------------------------------------------
def test_evaluation_report():
    state = played("ADD K@e1", "ADD K@e8", "ADD Q@d4")
    for name in EVALUATORS:
        evaluation = evaluate(state, name)
        assert evaluation.perspective == "White" and evaluation.factors_key == "terms"
        assert evaluation.description and evaluation.summary
        report = evaluation.to_json()
        assert set(report) == {"evaluator", "value", "terms"}
        assert report["value"] == value(name, state) and list(report["terms"]) == list(TERMS[name])
        assert evaluation.lines("a position")[0] == f"{name} for White in a position"
    summary = "Eval = round(Mat + 15·Mob + 40·Res + 30·Place + 50·Thr + 10·Turn + Royal)"
    assert evaluate(state, "weighted").summary == summary
    assert isinstance(evaluate(state, "designer").value, float)


def test_names():
    assert EVALUATORS == ("weighted", "designer", "stacks") and DEFAULT_EVALUATOR == "weighted"
    state = RULES.initial_state()
    for call in (lambda: value("bras", state), lambda: explain("bras", state), lambda: evaluate(state, "bras"),
                 lambda: evaluate_batch("bras", [state]), lambda: terms_batch("bras", [state])):
        with pytest.raises(ValueError, match="known evaluators: weighted, designer, stacks"):
            call()
    assert np.asarray(evaluate_batch(DEFAULT_EVALUATOR, [state])).tolist() == [10]
