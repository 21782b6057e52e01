"""Chesstack positions: the one-line text and the JSON form, round trips, defaults and the
clear ``ValueError`` of every bad position the issue names."""

from __future__ import annotations

import json
import random

import pytest

from game.chesstack.position import format_position, parse_position, position_from_json, position_json
from game.chesstack.rules import ChesstackRules
from game.chesstack.state import BLACK, WHITE, ChesstackState, Piece

RULES = ChesstackRules()
W, B = WHITE, BLACK
ORDER = ("K", "Q", "B", "N", "R", "P", "A", "G", "Kr", "W", "D", "L", "F", "C", "Cl", "Tr")
FULL = (1, 1, 2, 2, 2, 8) + (0,) * 10


def sq(name: str) -> int:
    return "abcdefgh".index(name[0]) + 8 * (int(name[1]) - 1)


def counts(**held: int) -> tuple[int, ...]:
    return tuple(held.get(kind, 0) for kind in ORDER)


def state_of(pieces: dict[str, Piece], white=(), black=(), ply: int = 2) -> ChesstackState:
    board: list[Piece | None] = [None] * 64
    for name, piece in pieces.items():
        board[sq(name)] = piece
    return ChesstackState(tuple(board), (tuple(white) or (0,) * 16, tuple(black) or (0,) * 16), ply)


def random_states(games: int, seed: int = 0):
    """States met in seeded random playouts (every 7th ply), up to 60 plies a game."""
    rng = random.Random(seed)
    for _ in range(games):
        state = RULES.initial_state()
        while not RULES.is_over(state) and state.log_length < 60:
            state = RULES.apply(state, rng.choice(RULES.legal_moves(state)))
            if state.log_length % 7 == 0 or RULES.is_over(state):
                yield state


def round_trips(state: ChesstackState) -> None:
    text = format_position(state)
    assert parse_position(text) == state, text
    assert format_position(parse_position(text)) == text
    data = position_json(state)
    assert position_from_json(data) == state
    assert parse_position(json.dumps(data)) == state
    assert json.loads(json.dumps(data)) == data


# -- the forms ---------------------------------------------------------------------------------------------------
def test_the_documented_text_example():
    """The module's example: spec §8's custom position, the Kings already on the board at ply 0."""
    text = "white K*e1:4/0 Re4:0/2 Pa7:0/1 pocket Q1 B2 N2 R1 P7; black K*e8:4/0 Ne6:3/0 pocket Q1 B2 N1 R2 P8; ply 0"
    state = parse_position(text)
    assert state == state_of({"e1": Piece(W, "K", 4, 0, True), "e4": Piece(W, "R", 0, 2), "a7": Piece(W, "P", 0, 1),
                              "e8": Piece(B, "K", 4, 0, True), "e6": Piece(B, "N", 3, 0)},
                             counts(Q=1, B=2, N=2, R=1, P=7), counts(Q=1, B=2, N=1, R=2, P=8), 0)
    # written back with each side's pieces in square order (a1, b1, ..., h8)
    assert format_position(state) == ("white K*e1:4/0 Re4:0/2 Pa7:0/1 pocket Q1 B2 N2 R1 P7; "
                                      "black Ne6:3/0 K*e8:4/0 pocket Q1 B2 N1 R2 P8; ply 0")
    round_trips(state)
    round_trips(parse_position(text.replace("ply 0", "ply 2")))


def test_start_and_its_forms():
    start = ChesstackState((None,) * 64, (FULL, FULL), 0)
    assert parse_position("start") == parse_position("  START ") == start == RULES.initial_state()
    assert format_position(start) == "white pocket K1 Q1 B2 N2 R2 P8; black pocket K1 Q1 B2 N2 R2 P8; ply 0"
    round_trips(start)
    assert position_json(start) == {
        "board": [],
        "pockets": {"white": dict(zip(ORDER, FULL)), "black": dict(zip(ORDER, FULL))},
        "log_length": 0,
    }


def test_the_issue_json_example():
    data = {"board": [{"square": "e1", "colour": "white", "type": "K", "stun": 4, "move": 0, "royal": True}],
            "pockets": {"white": {"K": 0, "Q": 1, "B": 2, "N": 2, "R": 2, "P": 8, "A": 0, "G": 0, "Kr": 0, "W": 0,
                                  "D": 0, "L": 0, "F": 0, "C": 0, "Cl": 0, "Tr": 0},
                        "black": {"K": 1, "Q": 1, "B": 2, "N": 2, "R": 2, "P": 8}},
            "log_length": 1}
    state = parse_position(json.dumps(data))
    assert state == state_of({"e1": Piece(W, "K", 4, 0, True)}, counts(Q=1, B=2, N=2, R=2, P=8), FULL, 1)
    assert RULES.to_move(state) == B
    assert position_json(state)["board"] == data["board"]


@pytest.mark.parametrize("seed", range(4))
def test_round_trips_of_random_playout_states(seed):
    seen = 0
    for state in random_states(6, seed):
        round_trips(state)
        seen += 1
    assert seen >= 20


def test_round_trips_of_fairy_pieces_royal_non_kings_and_big_stacks():
    pieces = {name: Piece(W if i % 2 == 0 else B, kind, i, 3 * i, False)
              for i, (name, kind) in enumerate(zip(("a1 c1 e1 g1 b2 d2 f2 h2 a3 c3 e3 g3 b4 d4 f4 h4".split()),
                                                   ORDER))}
    pieces["a1"] = Piece(W, "K", 0, 0, True)
    pieces["h7"] = Piece(B, "Kr", 12, 40, True)   # a royal Knightrider (succession, or disguise)
    pieces["g6"] = Piece(W, "Cl", 0, 1, True)     # a royal Camel
    pieces["b7"] = Piece(W, "P", 0, 0, True)      # a royal pawn
    pieces["c8"] = Piece(B, "Tr", 100, 250)
    state = state_of(pieces, counts(A=1, G=2), counts(F=3, W=1, D=1), 37)
    text = format_position(state)
    assert "Kr*h7:12/40" in text and "Cl*g6:0/1" in text and "P*b7:0/0" in text and "Trc8:100/250" in text
    assert "pocket A1 G2" in text and "pocket W1 D1 F3" in text and text.endswith("; ply 37")
    round_trips(state)
    assert position_json(state)["board"][0] == {"square": "a1", "colour": "white", "type": "K", "stun": 0,
                                                "move": 0, "royal": True}


def test_text_reads_any_case_and_spacing_and_defaults():
    state = parse_position("  WHITE   k*E1:3/1  qd4  POCKET n2 ;black K*e8  kR*c6:2/5 pocket  cl3;PLY   4 ")
    assert state == state_of({"e1": Piece(W, "K", 3, 1, True), "d4": Piece(W, "Q", 0, 0, False),
                              "e8": Piece(B, "K", 0, 0, True), "c6": Piece(B, "Kr", 2, 5, True)},
                             counts(N=2), counts(Cl=3), 4)
    # a side without a pocket has an empty one; a missing ply is 0
    assert parse_position("white pocket K1; black pocket K1") == state_of({}, counts(K=1), counts(K=1), 0)
    assert parse_position("black K*e8; white K*e1; ply 2") == state_of(
        {"e1": Piece(W, "K", 0, 0, True), "e8": Piece(B, "K", 0, 0, True)})


def test_json_defaults():
    data = {"board": [{"square": "E1", "colour": "White", "type": "k"},
                      {"square": "d4", "colour": "white", "type": "Q"},
                      {"square": "e8", "colour": "black", "type": "K", "stun": 2},
                      {"square": "c6", "colour": "black", "type": "kr", "move": 5, "royal": True}],
            "pockets": {"white": {"N": 2}}}
    assert position_from_json(data).log_length == 0  # log_length defaults to 0
    state = position_from_json({**data, "log_length": 4})
    assert state == state_of({"e1": Piece(W, "K", 0, 0, True),       # royal defaults to "is a King"
                              "d4": Piece(W, "Q", 0, 0, False),      # stun and move default to 0
                              "e8": Piece(B, "K", 2, 0, True),
                              "c6": Piece(B, "Kr", 0, 5, True)},
                             counts(N=2), (), 4)                     # left-out types and pockets count 0
    assert position_from_json({"log_length": 2}) == state_of({}, (), (), 2)
    with pytest.raises(ValueError, match="every King is"):  # no rule makes a King lose its royalty
        position_from_json({"board": [{"square": "e1", "colour": "white", "type": "K", "royal": False}],
                            "log_length": 2})


def test_position_files(tmp_path):
    state = state_of({"e1": Piece(W, "K", 3, 1, True), "e8": Piece(B, "K", 3, 1, True)},
                     counts(Q=1, B=2, N=2, R=2, P=8), counts(Q=1, B=2, N=2, R=2, P=8), 2)
    path = tmp_path / "position.json"
    path.write_text(json.dumps(position_json(state)), encoding="utf-8")
    assert parse_position(f"@{path}") == state
    text_file = tmp_path / "position.txt"
    text_file.write_text(format_position(state) + "\n", encoding="utf-8")
    assert parse_position(f"@{text_file}") == state
    with pytest.raises(ValueError, match="cannot read the position file"):
        parse_position(f"@{tmp_path / 'missing.json'}")
    broken = tmp_path / "broken.json"
    broken.write_text('{"board": [', encoding="utf-8")
    with pytest.raises(ValueError, match="bad JSON position"):
        parse_position(f"@{broken}")


# -- bad positions -----------------------------------------------------------------------------------------------
KINGS = "white K*e1:3/1 pocket Q1; black K*e8:3/1 pocket Q1; ply 2"


def entry(square="d4", colour="white", kind="Q", **more):
    return {"square": square, "colour": colour, "type": kind, **more}


def json_with(*entries, white=None, black=None, log_length=2):
    return json.dumps({"board": [entry("e1", kind="K"), entry("e8", "black", "K"), *entries],
                       "pockets": {"white": white or {}, "black": black or {}}, "log_length": log_length})


BAD_TEXT = [
    ("white K*e1 Qe1; black K*e8; ply 2", "two pieces on e1"),
    ("white K*e1 Qd4; black K*e8 Nd4; ply 2", "two pieces on d4"),
    ("white K*e1 Ze4; black K*e8; ply 2", "unknown piece type 'Z'"),
    ("white K*e1 Sae4; black K*e8; ply 2", "unknown piece type 'Sa'"),  # the Samurai is left out
    ("white K*e1 pocket Z2; black K*e8; ply 2", "Z2"),
    ("white K*e1:-1/0; black K*e8; ply 2", "stun on e1 must be a whole number from 0 to 100,000, got -1"),
    ("white K*e1:0/-3; black K*e8; ply 2", "move on e1 must be a whole number from 0 to 100,000, got -3"),
    ("white K*e1 Pa8; black K*e8; ply 2", "white pawn cannot stand on a8, its promotion rank"),
    ("white K*e1; black K*e8 Ph1; ply 2", "black pawn cannot stand on h1, its promotion rank"),
    ("white K*e1 pocket Q1 B2 N2 R2 P8; black K*e8 pocket Q2 B2 N2 R2 P8; ply 2", "33 pieces.*32"),
    ("white K*e1 K*d1; black K*e8; ply 2", "3 Kings.*2"),
    ("white K*e1 pocket K1; black K*e8; ply 2", "3 Kings.*2"),
    ("white K*e1 pocket P9; black K*e8 pocket P8; ply 2", "17 pawns.*16"),
    ("white K*e1 pocket Q1; black pocket Q1; ply 1", "black has no royal on the board and must place its King"),
    ("white pocket Q1; black pocket K1; ply 0", "white has no royal on the board and must place its King"),
    ("white K*e1; black K*e8; ply -1", "ply"),
    ("white K*e1; red K*e8; ply 2", "red"),
    ("white K*e1; white Qd4; black K*e8; ply 2", "white is described twice"),
    ("white K*i9; black K*e8; ply 2", "bad square 'i9'"),
    ("", "empty position"),
]


def test_a_king_is_royal_with_or_without_its_star():
    """Every King is royal (placing one makes it so), so the text needs no ``*`` for it."""
    state = parse_position("white Ke1 pocket Q1; black pocket K1; ply 0")
    assert state.board[sq("e1")] == Piece(W, "K", 0, 0, True)
    assert format_position(state).startswith("white K*e1:0/0")


@pytest.mark.parametrize(("text", "message"), BAD_TEXT)
def test_bad_text_positions(text, message):
    with pytest.raises(ValueError, match=message):
        parse_position(text)


BAD_JSON = [
    (json_with(entry("e1")), "two pieces on e1"),
    (json_with(entry("d4"), entry("d4", "black", "N")), "two pieces on d4"),
    (json_with(entry(kind="Z")), "unknown piece type 'Z'"),
    (json_with(entry(kind="Sa")), "unknown piece type 'Sa'"),
    (json_with(white={"Z": 1}), "unknown piece type 'Z'"),
    (json_with(entry(stun=-1)), "stun on d4 must be a whole number from 0 to 100,000, got -1"),
    (json_with(entry(move=-2)), "move on d4 must be a whole number from 0 to 100,000, got -2"),
    (json_with(entry(stun=1.5)), "stun on d4 must be a whole number"),
    (json_with(white={"Q": -1}), "white pocket Q must be a whole number from 0 to 32, got -1"),
    (json_with(entry("a8", kind="P")), "white pawn cannot stand on a8, its promotion rank"),
    (json_with(entry("h1", "black", "P")), "black pawn cannot stand on h1, its promotion rank"),
    (json_with(white=dict(zip(ORDER, FULL), K=0), black=dict(zip(ORDER, FULL), K=0, Q=2)), "33 pieces.*32"),
    (json_with(entry("a1", kind="K")), "3 Kings.*2"),
    (json_with(white={"P": 9}, black={"P": 8}), "17 pawns.*16"),
    (json_with(log_length=-1), "log_length must be a whole number from 0 to 1,000,000"),
    (json.dumps({"board": [entry("e8", "black", "K")], "pockets": {"white": {"Q": 1}}}),
     "white has no royal on the board and must place its King"),
    ('{"board": [', "bad JSON position"),
    ('{"board": [], "pockets": {}, "log_length": 2, "turn": "white"}', "unknown position field 'turn'"),
    (json_with(entry(stack=3)), "unknown board entry field 'stack'"),
    (json_with().replace('"white": {}', '"red": {}'), "unknown pockets field 'red'"),
    (json_with(entry(colour="red")), "bad colour 'red': expected white or black"),
    (json_with(entry(colour=1)), "bad colour 1"),
    (json_with(entry(square="i9")), "bad square 'i9'"),
    (json_with(entry(royal="yes")), "royal on d4 must be true or false"),
    (json.dumps({"board": [{"square": "d4", "colour": "white"}], "log_length": 2}), "has no 'type'"),
    ('{"board": {}}', "board must be a list"),
]


@pytest.mark.parametrize(("text", "message"), BAD_JSON)
def test_bad_json_positions(text, message):
    with pytest.raises(ValueError, match=message):
        parse_position(text)


def test_json_that_is_not_an_object():
    with pytest.raises(ValueError, match="a JSON position is an object"):
        position_from_json([])
    with pytest.raises(ValueError, match="a JSON position is an object"):
        position_from_json("start")


def test_a_full_game_worth_of_pieces_is_accepted():
    """32 pieces, 2 Kings and 16 pawns are the limits, not beyond them."""
    state = parse_position("white K*e1 pocket Q1 B2 N2 R2 P8; black K*e8 pocket Q1 B2 N2 R2 P8; ply 2")
    assert sum(state.pockets[0]) + sum(state.pockets[1]) + sum(p is not None for p in state.board) == 32
    parse_position("white K*e1 pocket K1 Q29; black Q*e8; ply 2")  # both Kings one side's, 32 pieces
    parse_position("white K*e1 pocket P16; black K*e8; ply 2")
