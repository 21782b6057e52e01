"""Chesstack's computer players: the levels search the real rules (stacks included), replay
with their seeds, and ``upstream`` copies the upstream bot's blindness."""

from __future__ import annotations

import random

import numpy as np
import pytest

from game.chesstack.ai import LEVELS, search
from game.chesstack.notation import ADD, STUN, Action
from game.chesstack.pieces import parse_square
from game.chesstack.players import PLAYER_NAMES, make_player
from game.chesstack.position import parse_position
from game.chesstack.rules import ChesstackRules
from game.chesstack.search import WIN, choose, narrowed, thinned, urgent
from game.chesstack.upstream import PLACEMENTS, UPSTREAM_RULES, UpstreamPlayer
from game.games import get_game

RULES = ChesstackRules()
TWO_ATTACKERS = "white K*a1:0/0 Ra8:1/0 Be5:1/0; black K*h8:0/0; ply 10"
"""Rook and bishop reach Black's spent King, ready once White's turn ends: a win in two plies."""
ROOK_ON_THE_KING = "white K*e1:0/0 Pa2:5/0 pocket N1; black K*h8:0/0 Re4:0/1; ply 2"
"""Black's ready rook takes White's spent King next turn unless White stops it now."""


def midgame(seed: int, plies: int = 16, kinds: tuple[str, ...] = ()):
    """A position after ``plies`` random actions (of the ``kinds`` given, else any)."""
    rng = random.Random(seed)
    state = RULES.initial_state()
    for _ in range(plies):
        state = RULES.apply(state, rng.choice([a for a in RULES.legal_moves(state) if not kinds or a.kind in kinds]))
    return state


@pytest.mark.slow
def test_every_player_name_plays_a_legal_action():
    state = midgame(3)
    assert set(LEVELS) <= set(PLAYER_NAMES) and "upstream" in PLAYER_NAMES
    for name in PLAYER_NAMES:
        action = make_player(name, seed=1).choose(RULES, state)
        assert action in RULES.legal_moves(state), name
    with pytest.raises(ValueError, match="unknown chesstack player"):
        make_player("grandmaster")


def test_the_declared_levels_are_the_players_levels():
    info = get_game("chesstack")
    assert [level.name for level in info.levels] == list(LEVELS)
    assert info.analysis_level_names == ("intermediate", "advanced", "expert")
    assert info.players.default in PLAYER_NAMES and info.move_analysis().analyze is not None


@pytest.mark.parametrize("name", ["beginner", "intermediate"])
def test_noisy_levels_replay_with_their_seed_and_vary_without(name):
    states = [midgame(seed, 4, (ADD,)) for seed in range(6)]  # placements close in value
    first = [make_player(name, seed=7).choose(RULES, s) for s in states]
    assert first == [make_player(name, seed=7).choose(RULES, s) for s in states]
    others = [[make_player(name, seed=seed).choose(RULES, s) for s in states] for seed in range(8, 14)]
    assert any(choices != first for choices in others)


def test_levels_see_the_stacks_decay_and_the_deeper_see_further():
    state = parse_position(TWO_ATTACKERS)
    assert search(state, LEVELS["advanced"]).best.value == WIN
    assert search(state, LEVELS["expert"]).best.value == WIN
    assert search(state, LEVELS["intermediate"]).best.value < WIN  # one ply: the win is beyond it
    # the stack-blind upstream search never sees a stunned piece move: no win for it
    upstream = UpstreamPlayer()
    upstream.choose(RULES, state)
    assert upstream.last.best.value < 1e9


def test_levels_answer_a_ready_attack_on_the_last_royal():
    state = parse_position(ROOK_ON_THE_KING)
    for name in ("intermediate", "advanced", "expert"):
        action = make_player(name).choose(RULES, state)
        after = RULES.apply(state, action)
        answers = [RULES.apply(after, reply) for reply in RULES.legal_moves(after)]
        assert not any(RULES.is_over(a) for a in answers), (name, action)


def test_narrowing_keeps_the_best_and_the_urgent_actions():
    state = midgame(5, 24)
    legal = RULES.legal_moves(state)
    kept = thinned(legal, per_type=2)
    for kind in {a.piece for a in legal if a.kind == ADD}:  # every type held can still be placed
        assert sum(1 for a in kept if a.kind == ADD and a.piece == kind) == 2
    assert [a for a in kept if a.kind != ADD] == [a for a in legal if a.kind != ADD]
    children = [(a, RULES.apply(state, a)) for a in kept]
    values = [float(i % 7) for i in range(len(children))]
    chosen = choose(state, children, np.array(values), breadth=3, pressing=2)
    order = sorted(range(len(values)), key=lambda i: -values[i])
    assert set(order[:3]) <= set(chosen) and len(chosen) <= 5
    assert all(urgent(state, children[i][0]) for i in chosen if i not in order[:3])
    assert len(narrowed(state)) <= 16


@pytest.mark.slow
def test_upstream_copies_the_bots_blind_spots():
    start = parse_position("white K*a1:0/2 pocket Q1 R1 N1; black K*h8:0/0; ply 2")
    actions = UPSTREAM_RULES.legal_moves(start)
    assert not any(a.kind == STUN for a in actions)  # never a stun
    # the 5 best placements by value (the note's value − 0.3): the queen on the first squares
    assert [RULES.notation(start, a) for a in actions if a.kind == ADD] == [
        "ADD Q@b1", "ADD Q@c1", "ADD Q@d1", "ADD Q@e1", "ADD Q@f1"] and PLACEMENTS == 5
    # its look-ahead neither decays stacks nor charges moves: a placed queen stays stunned 9
    queen = Action(ADD, parse_square("d4"), -1, "Q")
    assert UPSTREAM_RULES.apply(start, queen).board[parse_square("d4")].stun == 9
    assert RULES.apply(start, queen).board[parse_square("d4")].stun == 8  # the real rules: decayed once
    step = Action("MOVE", parse_square("a1"), parse_square("a2"))
    assert UPSTREAM_RULES.apply(start, step).board[parse_square("a2")].move == 2
    # and it never stuns while it has anything else to do
    for seed in range(4):
        state = midgame(seed, 14)
        assert make_player("upstream").choose(RULES, state).kind != STUN
