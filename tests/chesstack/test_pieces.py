"""Chesstack movement (spec §5): every piece type's destinations on an empty and a crowded board.

Expected squares are written out by hand, or produced by :func:`reference`, a small generator
written here from the spec's wording with (dx, dy) vectors and sharing no code with the engine.
Both :func:`game.chesstack.pieces.destinations` and the MOVE actions of
``ChesstackRules.legal_moves`` are checked.
"""

from __future__ import annotations

import random

import pytest

from game.chesstack.notation import MOVE, Action
from game.chesstack.pieces import destinations
from game.chesstack.rules import ChesstackRules
from game.chesstack.state import BLACK, WHITE, ChesstackState, Piece

RULES = ChesstackRules()
ALL_TYPES = ("K", "Q", "B", "N", "R", "P", "A", "G", "Kr", "W", "D", "L", "F", "C", "Cl", "Tr")
EMPTY_POCKET = (0,) * 16


# -- squares and boards, independently of the engine -------------------------------------------------
def sq(name: str) -> int:
    """``"a1"`` → 0, ``"h8"`` → 63 (rank * 8 + file, the engine's numbering)."""
    return "abcdefgh".index(name[0]) + 8 * (int(name[1]) - 1)


def squares(text: str) -> set[int]:
    """``"a1 b2"`` → {0, 9}."""
    return {sq(name) for name in text.split()}


def names(found) -> str:
    return " ".join(sorted("abcdefgh"[s % 8] + str(s // 8 + 1) for s in found))


def make_board(pieces: dict[str, tuple[int, str]]) -> list[Piece | None]:
    board: list[Piece | None] = [None] * 64
    for name, (colour, kind) in pieces.items():
        board[sq(name)] = Piece(colour, kind)
    return board


def sym(a: int, b: int) -> set[tuple[int, int]]:
    """Every (±a, ±b) and (±b, ±a)."""
    return {(x * sa, y * sb) for x, y in ((a, b), (b, a)) for sa in (1, -1) for sb in (1, -1)}


ORTHO, DIAG, KNIGHT = sym(1, 0), sym(1, 1), sym(1, 2)
RIDES = {"Q": ORTHO | DIAG, "R": ORTHO, "B": DIAG, "A": ORTHO | DIAG, "W": DIAG, "Kr": KNIGHT}
LEAPS = {"K": ORTHO | DIAG, "N": KNIGHT, "A": KNIGHT, "W": KNIGHT, "D": sym(2, 0), "L": sym(2, 2), "F": DIAG,
         "C": ORTHO | DIAG | KNIGHT, "Cl": sym(3, 1)}


def reference(board, at: int, kind: str, colour: int) -> set[int]:
    """The spec's §5 movement, written from its wording (riders, leapers, pawn, Grasshopper,
    Tempest rook)."""
    f0, r0 = at % 8, at // 8

    def inside(f, r):
        return 0 <= f < 8 and 0 <= r < 8

    def free_or_enemy(f, r):
        return board[f + 8 * r] is None or board[f + 8 * r].colour != colour

    found = set()

    def ride(f, r, dx, dy):  # from (f, r) onwards, (f, r) itself included
        while inside(f, r):
            if board[f + 8 * r] is not None:
                if board[f + 8 * r].colour != colour:
                    found.add(f + 8 * r)
                return
            found.add(f + 8 * r)
            f, r = f + dx, r + dy

    for dx, dy in RIDES.get(kind, ()):
        ride(f0 + dx, r0 + dy, dx, dy)
    for dx, dy in LEAPS.get(kind, ()):
        if inside(f0 + dx, r0 + dy) and free_or_enemy(f0 + dx, r0 + dy):
            found.add(f0 + dx + 8 * (r0 + dy))
    if kind == "Tr":  # from each diagonal neighbour, the two orthogonal rays pointing away
        for dx, dy in DIAG:
            ride(f0 + dx, r0 + 2 * dy, 0, dy)
            ride(f0 + 2 * dx, r0 + dy, dx, 0)
    if kind == "G":
        for dx, dy in ORTHO | DIAG:
            f, r = f0 + dx, r0 + dy
            while inside(f, r) and board[f + 8 * r] is None:
                f, r = f + dx, r + dy
            if inside(f, r) and inside(f + dx, r + dy) and free_or_enemy(f + dx, r + dy):
                found.add(f + dx + 8 * (r + dy))
    if kind == "P":
        dy = 1 if colour == WHITE else -1
        if inside(f0, r0 + dy) and board[f0 + 8 * (r0 + dy)] is None:
            found.add(f0 + 8 * (r0 + dy))
        for dx in (-1, 1):
            if inside(f0 + dx, r0 + dy) and board[f0 + dx + 8 * (r0 + dy)] is not None \
                    and board[f0 + dx + 8 * (r0 + dy)].colour != colour:
                found.add(f0 + dx + 8 * (r0 + dy))
    return found


def engine(board, at: int, kind: str, colour: int) -> set[int]:
    found = destinations(board, at, kind, colour)
    assert len(found) == len(set(found)), f"{kind} on {names([at])} lists a square twice: {names(found)}"
    return set(found)


def with_kings(board: list, at: int) -> list:
    """``board`` with the piece on ``at`` ready to move (stun 0, move 1) and a stunned royal King
    for each side that has none (on h1 / a8, else g1 / b8), so that the game is on."""
    board = list(board)
    board[at] = board[at]._replace(stun=0, move=1)
    for side, spots in ((WHITE, ("h1", "g1")), (BLACK, ("a8", "b8"))):
        if not any(p is not None and p.royal and p.colour == side for p in board):
            spot = next(sq(name) for name in spots if board[sq(name)] is None)
            board[spot] = Piece(side, "K", 9, 0, True)
    return board


def legal_targets(board: list, at: int, colour: int) -> dict[int, list[str]]:
    """Target → promotion types ("" for none) of the legal MOVE actions from ``at`` in
    :func:`with_kings` of ``board``, ``colour`` to move."""
    state = ChesstackState(tuple(with_kings(board, at)), (EMPTY_POCKET, EMPTY_POCKET), 2 + colour)
    found: dict[int, list[str]] = {}
    for action in RULES.legal_moves(state):
        if action.kind == MOVE and action.square == at:
            found.setdefault(action.target, []).append(action.piece)
    return found


# -- the empty board ------------------------------------------------------------------------------------
HAND = {  # (type, square) → every destination on an empty board, worked out by hand
    ("K", "a1"): "a2 b1 b2",
    ("K", "d4"): "c3 c4 c5 d3 d5 e3 e4 e5",
    ("K", "a4"): "a3 a5 b3 b4 b5",
    ("Q", "a1"): "a2 a3 a4 a5 a6 a7 a8 b1 c1 d1 e1 f1 g1 h1 b2 c3 d4 e5 f6 g7 h8",
    ("Q", "d4"): "d1 d2 d3 d5 d6 d7 d8 a4 b4 c4 e4 f4 g4 h4 a1 b2 c3 e5 f6 g7 h8 a7 b6 c5 e3 f2 g1",
    ("R", "a1"): "a2 a3 a4 a5 a6 a7 a8 b1 c1 d1 e1 f1 g1 h1",
    ("R", "e5"): "e1 e2 e3 e4 e6 e7 e8 a5 b5 c5 d5 f5 g5 h5",
    ("B", "a1"): "b2 c3 d4 e5 f6 g7 h8",
    ("B", "d4"): "a1 b2 c3 e5 f6 g7 h8 a7 b6 c5 e3 f2 g1",
    ("B", "d1"): "c2 b3 a4 e2 f3 g4 h5",
    ("N", "a1"): "b3 c2",
    ("N", "d4"): "b3 b5 c2 c6 e2 e6 f3 f5",
    ("N", "a4"): "b2 b6 c3 c5",
    ("A", "a1"): "a2 a3 a4 a5 a6 a7 a8 b1 c1 d1 e1 f1 g1 h1 b2 c3 d4 e5 f6 g7 h8 b3 c2",
    ("W", "a1"): "b2 c3 d4 e5 f6 g7 h8 b3 c2",
    ("W", "d4"): "a1 b2 c3 e5 f6 g7 h8 a7 b6 c5 e3 f2 g1 b3 b5 c2 c6 e2 e6 f3 f5",
    ("Kr", "a1"): "b3 c5 d7 c2 e3 g4",
    ("Kr", "d4"): "e6 f8 f5 h6 c6 b8 b5 e2 f3 h2 c2 b3",
    ("D", "a1"): "a3 c1",
    ("D", "d4"): "b4 f4 d2 d6",
    ("L", "a1"): "c3",
    ("L", "d4"): "b2 b6 f2 f6",
    ("F", "a1"): "b2",
    ("F", "d4"): "c3 c5 e3 e5",
    ("F", "a4"): "b3 b5",
    ("C", "a1"): "a2 b1 b2 b3 c2",
    ("C", "d4"): "c3 c4 c5 d3 d5 e3 e4 e5 b3 b5 c2 c6 e2 e6 f3 f5",
    ("Cl", "a1"): "b4 d2",
    ("Cl", "d4"): "e7 g5 c7 a5 e1 g3 c1 a3",
    ("Tr", "a1"): "b3 b4 b5 b6 b7 b8 c2 d2 e2 f2 g2 h2",
    ("Tr", "a4"): "b6 b7 b8 c5 d5 e5 f5 g5 h5 b2 b1 c3 d3 e3 f3 g3 h3",
    ("Tr", "d4"): "e6 e7 e8 f5 g5 h5 e2 e1 f3 g3 h3 c6 c7 c8 b5 a5 c2 c1 b3 a3",
    ("Tr", "h8"): "g6 g5 g4 g3 g2 g1 f7 e7 d7 c7 b7 a7",
    ("G", "a1"): "",
    ("G", "d4"): "",
}


@pytest.mark.parametrize(("kind", "where"), sorted(HAND))
def test_empty_board_by_hand(kind, where):
    board = [None] * 64
    expected = squares(HAND[kind, where])
    assert names(engine(board, sq(where), kind, WHITE)) == names(expected)
    assert names(engine(board, sq(where), kind, BLACK)) == names(expected)
    assert reference(board, sq(where), kind, WHITE) == expected  # the generator agrees with the hand


@pytest.mark.parametrize("kind", [kind for kind in ALL_TYPES if kind != "P"])
@pytest.mark.parametrize("where", ["a1", "h1", "a8", "h8", "a4", "d1", "h5", "e8", "d4", "e5", "c6"])
def test_empty_board_from_corners_edges_and_centre(kind, where):
    board = [None] * 64
    expected = reference(board, sq(where), kind, WHITE)
    assert names(engine(board, sq(where), kind, WHITE)) == names(expected)
    board = make_board({where: (WHITE, kind)})
    targets = legal_targets(board, sq(where), WHITE)
    assert names(targets) == names(reference(with_kings(board, sq(where)), sq(where), kind, WHITE))
    assert all(promotions == [""] for promotions in targets.values())


def test_empty_board_counts_of_the_centre_square():
    counts = {kind: len(destinations([None] * 64, sq("d4"), kind, WHITE)) for kind in ALL_TYPES if kind != "P"}
    assert counts == {"K": 8, "Q": 27, "B": 13, "N": 8, "R": 14, "A": 35, "G": 0, "Kr": 12, "W": 21, "D": 4,
                      "L": 4, "F": 4, "C": 16, "Cl": 8, "Tr": 20}


def test_pawns_on_an_empty_board_one_step_forward_no_double_step():
    board = [None] * 64
    assert engine(board, sq("e2"), "P", WHITE) == squares("e3")  # no e4
    assert engine(board, sq("e7"), "P", BLACK) == squares("e6")  # Black moves down, no e5
    assert engine(board, sq("a1"), "P", WHITE) == squares("a2")  # a pawn placed on its back rank
    assert engine(board, sq("h8"), "P", BLACK) == squares("h7")
    assert engine(board, sq("d4"), "P", WHITE) == squares("d5")
    assert engine(board, sq("d4"), "P", BLACK) == squares("d3")
    assert engine(board, sq("b7"), "P", WHITE) == squares("b8")
    assert engine(board, sq("g2"), "P", BLACK) == squares("g1")
    for where in ("a2", "c3", "h6", "e7"):
        assert engine(board, sq(where), "P", WHITE) == reference(board, sq(where), "P", WHITE)
        assert engine(board, sq(where), "P", BLACK) == reference(board, sq(where), "P", BLACK)
    assert legal_targets(make_board({"e2": (WHITE, "P")}), sq("e2"), WHITE) == {sq("e3"): [""]}
    assert legal_targets(make_board({"e7": (BLACK, "P")}), sq("e7"), BLACK) == {sq("e6"): [""]}


def royal_kings(board: list, white: str = "h1", black: str = "h4") -> list:
    board = list(board)
    board[sq(white)], board[sq(black)] = Piece(WHITE, "K", 9, 0, True), Piece(BLACK, "K", 9, 0, True)
    return board


def test_a_pawn_reaching_its_last_rank_offers_exactly_the_five_promotions():
    board = royal_kings(make_board({"b7": (WHITE, "P")}))
    assert legal_targets(board, sq("b7"), WHITE) == {sq("b8"): ["Q", "R", "B", "N", "A"]}
    board = royal_kings(make_board({"g2": (BLACK, "P")}), "a1", "a8")
    assert legal_targets(board, sq("g2"), BLACK) == {sq("g1"): ["Q", "R", "B", "N", "A"]}


# -- crowded boards ----------------------------------------------------------------------------------------
W, B = WHITE, BLACK
RIDER_BOARD = {"d4": (W, "Q"), "d6": (W, "N"), "b2": (W, "P"), "f2": (W, "R"),
               "d2": (B, "N"), "g4": (B, "P"), "b6": (B, "B"), "g7": (B, "R")}
"""White moves from d4: own pieces on d6, b2, f2; enemies on d2, g4, b6, g7."""
RIDER_HAND = {
    "R": "d5 d3 d2 e4 f4 g4 c4 b4 a4",  # d6 own stops before; d2, g4 captured and block beyond
    "B": "e5 f6 g7 c5 b6 e3 c3",        # f2 and b2 own; g7 and b6 captured
    "Q": "d5 d3 d2 e4 f4 g4 c4 b4 a4 e5 f6 g7 c5 b6 e3 c3",
    "K": "c3 c4 c5 d3 d5 e3 e4 e5",
    "N": "b3 b5 c2 c6 e2 e6 f3 f5",
    "A": "d5 d3 d2 e4 f4 g4 c4 b4 a4 e5 f6 g7 c5 b6 e3 c3 b3 b5 c2 c6 e2 e6 f3 f5",
    "W": "e5 f6 g7 c5 b6 e3 c3 b3 b5 c2 c6 e2 e6 f3 f5",
    # Grasshopper: d6 hurdle → d7; d2 hurdle → d1; g4 hurdle → h4; g7 hurdle → h8; b6 hurdle → a7;
    # f2 hurdle → g1 (empty); b2 hurdle → a1; nothing on the left of d4 (a4 edge).
    "G": "d7 d1 h4 h8 a7 g1 a1",
}
RING_BOARD = {"d4": (W, "Q"), "c3": (W, "P"), "c4": (W, "P"), "c5": (W, "N"), "d3": (W, "B"), "d5": (W, "R"),
              "e3": (W, "P"), "e4": (W, "N"), "e5": (W, "B"), "e6": (W, "R"), "b5": (B, "N"), "f3": (B, "P")}
"""White on d4 inside a ring of its own pieces; e6 own, b5 and f3 enemy (knight squares)."""
RING_HAND = {
    "K": "", "Q": "", "R": "", "B": "", "F": "",
    "N": "b3 b5 c2 c6 e2 f3 f5",  # leapers jump over the ring; e6 own, b5 and f3 captured
    "C": "b3 b5 c2 c6 e2 f3 f5",
    "A": "b3 b5 c2 c6 e2 f3 f5",
    "W": "b3 b5 c2 c6 e2 f3 f5",
    "D": "b4 f4 d2 d6",
    "L": "b2 b6 f2 f6",
    "Cl": "e7 g5 c7 a5 e1 g3 c1 a3",
    "Kr": "f5 h6 c6 b8 b5 e2 f3 c2 b3",  # e6 own blocks the (1, 2) ray at once; b5, f3 stop theirs
    # the diagonal neighbours c3 c5 e3 e5 (own) neither block nor are destinations; e6 own blocks
    # e6-e8; f3 and b5 enemies are captured and block beyond
    "Tr": "f5 g5 h5 e2 e1 f3 c6 c7 c8 b5 c2 c1 b3 a3",
    "G": "d6 d2 f4 b4 f6 b6 f2 b2",  # each adjacent ring piece is a hurdle, land just beyond
}


@pytest.mark.parametrize("kind", sorted(RIDER_HAND))
def test_crowded_board_riders(kind):
    board = make_board({**RIDER_BOARD, "d4": (W, kind)})
    expected = squares(RIDER_HAND[kind])
    assert names(engine(board, sq("d4"), kind, W)) == names(expected)
    assert reference(board, sq("d4"), kind, W) == expected
    assert names(legal_targets(board, sq("d4"), W)) == names(expected)


@pytest.mark.parametrize("kind", sorted(RING_HAND))
def test_crowded_board_leapers_jump_and_riders_are_walled_in(kind):
    board = make_board({**RING_BOARD, "d4": (W, kind)})
    expected = squares(RING_HAND[kind])
    assert names(engine(board, sq("d4"), kind, W)) == names(expected)
    assert reference(board, sq("d4"), kind, W) == expected
    assert names(legal_targets(board, sq("d4"), W)) == names(expected)


def test_own_pieces_are_never_captured_and_colours_swap_cleanly():
    """The same crowded board with the colours swapped gives Black the same moves."""
    for kind in RIDER_HAND:
        swapped = make_board({name: (1 - colour, k) for name, (colour, k) in {**RIDER_BOARD, "d4": (W, kind)}.items()})
        found = engine(swapped, sq("d4"), kind, B)
        assert found == squares(RIDER_HAND[kind])
        assert all(swapped[s] is None or swapped[s].colour == W for s in found)


def test_grasshopper_needs_a_hurdle_and_lands_just_beyond():
    board = make_board({"d4": (W, "G"),
                        "d7": (B, "N"),                  # up: hurdle d7, land d8 (empty)
                        "f4": (W, "N"), "g4": (W, "N"),  # right: hurdle f4, g4 own: no move
                        "b4": (B, "N"), "a4": (B, "R"),  # left: hurdle b4, capture a4 (b4 stays)
                        "d1": (W, "R"),                  # down: hurdle on the edge: no move
                        "h8": (B, "B"),                  # up-right: hurdle h8 on the edge: no move
                        "a7": (W, "P"),                  # up-left: hurdle a7 on the edge: no move
                        "f2": (B, "P")})                 # down-right: hurdle f2, land g1 (empty)
    expected = squares("d8 a4 g1")                       # down-left: no piece, no move
    assert names(engine(board, sq("d4"), "G", W)) == names(expected)
    assert names(legal_targets(board, sq("d4"), W)) == names(expected)
    state = ChesstackState(tuple(Piece(p.colour, p.kind, 0, 1 if s == sq("d4") else 0, False) if p else None
                                 for s, p in enumerate(board)), (EMPTY_POCKET, EMPTY_POCKET), 2)
    state = ChesstackState(tuple(Piece(W, "K", 9, 0, True) if s == sq("h1") else Piece(B, "K", 9, 0, True)
                                 if s == sq("a8") else p for s, p in enumerate(state.board)), state.pockets, 2)
    after = RULES.apply(state, Action(MOVE, sq("d4"), sq("a4")))
    assert after.board[sq("b4")] == Piece(B, "N")  # the hurdle is not captured
    assert after.board[sq("a4")].kind == "G" and after.board[sq("d4")] is None
    assert after.pocket_count(W, "R") == 1 and after.pocket_count(W, "N") == 0
    lonely = make_board({"d4": (W, "G"), "h1": (B, "N")})  # h1 is not on a queen line of d4
    assert engine(lonely, sq("d4"), "G", W) == set()


def test_tempest_rook_neighbour_squares_neither_block_nor_are_destinations():
    alone = engine([None] * 64, sq("d4"), "Tr", W)
    blocked_neighbours = make_board({"d4": (W, "Tr"), "e5": (W, "N"), "c5": (B, "N"), "e3": (B, "P"), "c3": (W, "P")})
    assert engine(blocked_neighbours, sq("d4"), "Tr", W) == alone  # nothing changes
    assert not alone & squares("c3 c5 e3 e5")  # the neighbours are never destinations
    assert not alone & squares("d5 d3 c4 e4 d8 a4 h4 d1 a1 h8 a7 g1")  # nor the queen's lines
    on_rays = make_board({"d4": (W, "Tr"), "e7": (B, "N"), "g5": (W, "N"), "e1": (B, "R"), "a3": (W, "P")})
    expected = squares("e6 e7 f5 e2 e1 f3 g3 h3 c6 c7 c8 b5 a5 c2 c1 b3")  # e8, g5 h5, a3 gone
    assert names(engine(on_rays, sq("d4"), "Tr", W)) == names(expected)
    assert names(legal_targets(on_rays, sq("d4"), W)) == names(expected)


def test_pawns_on_a_crowded_board():
    board = make_board({"e4": (W, "P"), "e5": (B, "N"), "d5": (B, "N"), "f5": (W, "N"), "d3": (B, "N"),
                        "b2": (W, "P"), "b3": (W, "N"), "a3": (B, "P"),
                        "e6": (B, "P"), "d7": (W, "N"), "f7": (W, "Q"),
                        "h7": (B, "P"), "h6": (W, "R"), "g8": (W, "N"),
                        "a5": (W, "P"), "a6": (B, "N"), "b6": (W, "R")})
    assert engine(board, sq("e4"), "P", W) == squares("d5")  # e5 blocks, d5 enemy, f5 own, d3 behind
    assert engine(board, sq("b2"), "P", W) == squares("a3")  # own b3 blocks, a3 enemy, c3 empty
    assert engine(board, sq("e6"), "P", B) == squares("f5")  # Black goes down: e5 own, d5 own, f5 enemy;
    #                                                          d7 and f7 are behind it
    assert engine(board, sq("h7"), "P", B) == set()  # h6 blocks (no forward capture), g6 empty, g8 behind
    assert engine(board, sq("a5"), "P", W) == set()  # a6 enemy straight ahead is no capture, b6 own
    for where, colour in (("e4", W), ("b2", W), ("e6", B), ("h7", B), ("a5", W)):
        assert engine(board, sq(where), "P", colour) == reference(board, sq(where), "P", colour)
    assert legal_targets(board, sq("e4"), W) == {sq("d5"): [""]}
    assert legal_targets(board, sq("e6"), B) == {sq("f5"): [""]}


def test_a_pawn_capturing_onto_its_last_rank_promotes():
    board = royal_kings(make_board({"b7": (W, "P"), "a8": (B, "N"), "b8": (B, "R"), "c8": (W, "N")}))
    assert legal_targets(board, sq("b7"), W) == {sq("a8"): ["Q", "R", "B", "N", "A"]}
    board = royal_kings(make_board({"e2": (B, "P"), "d1": (W, "N"), "f1": (W, "R")}), "a3", "a8")
    assert legal_targets(board, sq("e2"), B) == {t: ["Q", "R", "B", "N", "A"] for t in squares("d1 e1 f1")}


@pytest.mark.parametrize("seed", range(150))
def test_random_crowded_boards_agree_with_the_reference(seed):
    rng = random.Random(seed)
    cells = rng.sample(range(64), rng.randrange(4, 30))
    board: list[Piece | None] = [None] * 64
    for s in cells:
        board[s] = Piece(rng.randrange(2), rng.choice(ALL_TYPES))
    for s in cells:
        piece = board[s]
        if piece.kind == "P" and s // 8 == (7 if piece.colour == W else 0):
            continue
        assert engine(board, s, piece.kind, piece.colour) == reference(board, s, piece.kind, piece.colour), \
            f"{piece} on {names([s])}"
