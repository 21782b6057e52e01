"""The ``stacks`` evaluator: terms worked out by hand on small positions, the batch form against
the piece-by-piece reference, and its symmetry."""

from __future__ import annotations

import random

import pytest

from game.chesstack.evaluators import EVALUATORS, evaluate, evaluate_batch, explain, terms_batch, value
from game.chesstack.evaluators.stacks import (ATTACKED, CAPTURE_SHARE, DOUBLE_ATTACK, STACKS_TERMS, TEMPO, WIN_NEXT,
                                              stacks_terms_of)
from game.chesstack.position import parse_position
from game.chesstack.rules import ChesstackRules
from game.chesstack.state import ChesstackState

from .test_evaluators import mirror

RULES = ChesstackRules()


@pytest.fixture(scope="module")
def positions() -> list[ChesstackState]:
    """Positions of seeded random games, fairy pockets included (every type appears)."""
    found = []
    for seed in range(40):
        rng = random.Random(seed)
        state = RULES.initial_state()
        if seed % 2:
            state = ChesstackState(state.board, tuple(tuple(1 for _ in pocket) for pocket in state.pockets), 0)
        for _ in range(90):
            if RULES.is_over(state):
                break
            state = RULES.apply(state, rng.choice(RULES.legal_moves(state)))
            found.append(state)
    return found


def test_a_quiet_position_by_hand():
    state = parse_position("white K*a1:0/2 Nc3:3/0; black K*h8:0/0; ply 2")
    assert stacks_terms_of(state) == pytest.approx({
        "material": 400 + 320 - 400,
        "charges": 12 * 2,  # the King's two move charges
        "stun": -8 * 3,  # the Knight's stun
        # King a1 ready: a2 b1 b2; Knight c3 stunned 3: 8 squares at 1/4; Black's King spent: 3 squares at 1/4
        "mobility": 4 * 3 + 4 * 8 / 4 - 4 * 3 / 4,
        "royals": 0.0, "capture": 0.0, "tempo": TEMPO,
    })
    assert value("stacks", state) == pytest.approx(362.0)


def test_the_side_to_move_counts_its_best_capture():
    # the rook takes the knight (stunned: it cannot run), which nothing ready protects
    free = parse_position("white K*a1:0/1 Rd1:0/1; black K*h8:0/0 Nd5:1/0; ply 2")
    assert explain("stacks", free)["capture"] == pytest.approx(CAPTURE_SHARE * 320)
    # protected by a ready pawn: a rook for a knight gains nothing
    guarded = parse_position("white K*a1:0/1 Rd1:0/1; black K*h8:0/0 Nd5:1/0 Pe6:0/1; ply 2")
    assert explain("stacks", guarded)["capture"] == 0.0
    # Black to move: a queen for a protected rook gains nothing, a rook for a protected queen
    # the difference (negative: White positive)
    black = parse_position("white K*a1:0/0 Rd1:0/0 Re1:0/1; black K*h8:0/0 Qd5:0/1; ply 3")
    assert explain("stacks", black)["capture"] == 0.0
    black = parse_position("white K*a1:0/0 Qd1:0/0 Re1:0/1; black K*h8:0/0 Rd5:0/1; ply 3")
    assert explain("stacks", black)["capture"] == pytest.approx(-CAPTURE_SHARE * (900 - 500))


def test_royal_attacks_and_the_last_royal_at_hand():
    state = parse_position("white K*a1:0/1 Rh1:0/1; black K*h8:0/0; ply 2")
    terms = explain("stacks", state)
    assert terms["capture"] == pytest.approx(WIN_NEXT) and terms["royals"] == ATTACKED
    # Black to move, its only royal attacked by two ready pieces: one stun parries one
    state = parse_position("white K*a1:0/1 Rh1:0/1 Bb2:0/1; black K*h8:0/0; ply 3")
    assert explain("stacks", state)["royals"] == pytest.approx(2 * ATTACKED + DOUBLE_ATTACK)


def test_terms_add_up_and_the_report():
    state = parse_position("white K*a1:0/2 Nc3:3/0; black K*h8:0/0; ply 2")
    assert sum(explain("stacks", state).values()) == pytest.approx(value("stacks", state))
    report = evaluate(state, "stacks").to_json()
    assert report["evaluator"] == "stacks" and list(report["terms"]) == list(STACKS_TERMS)
    assert "stacks" in EVALUATORS


@pytest.mark.slow
def test_batch_equals_the_reference(positions):
    assert len(positions) > 2000
    assert evaluate_batch("stacks", positions) == pytest.approx([value("stacks", s) for s in positions], abs=1e-6)
    terms = terms_batch("stacks", positions[::7])
    for row, state in zip(terms, positions[::7]):
        assert row == pytest.approx(list(stacks_terms_of(state).values()), abs=1e-9)


def test_mirror_negates(positions):
    """Colours swapped, ranks mirrored, the other side to move: every term negates (this
    evaluator has no off-centre placement term)."""
    sample = positions[::5]
    mirrored = [mirror(state) for state in sample]
    assert evaluate_batch("stacks", mirrored) == pytest.approx(-evaluate_batch("stacks", sample), abs=1e-6)
