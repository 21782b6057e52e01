"""Named backgammon computer players: legal play only, and the seed strategies' choices."""

from __future__ import annotations

import pytest

from game.backgammon.board import make_side
from game.backgammon.players.by_name import PLAYER_NAMES, make_player, seed_hard_value
from game.backgammon.rules import BackgammonRules
from game.backgammon.state import BackgammonState
from game.core.match import play_game, replay

RULES = BackgammonRules()


SLOW = {"expert", "worldclass", "grandmaster", "montecarlo"}
"""Players that search deep: a whole game each took minutes, so they play the opening and a
short end game instead (every play checked against the legal list as in a whole game)."""

ENDGAME = BackgammonState.from_board(make_side({20: 1, 2: 2}), make_side({20: 1, 3: 1, 2: 1}), 0, None)
"""Each side has one checker back and the rest home: hits, entering from the bar, bearing off."""


@pytest.mark.parametrize("name", [pytest.param(name, marks=pytest.mark.slow) if name in ("advanced", "beginner") else name
                                  for name in sorted(set(PLAYER_NAMES) - SLOW)])
def test_every_named_player_finishes_legal_games(name):
    for seed in range(3):
        record, end = play_game(RULES, [make_player(name, seed), make_player("random", seed + 9)], seed=seed)
        assert RULES.is_over(end)
        # replay() re-parses and checks every play against the legal list.
        assert replay(RULES, record.options, record.actions)[-1] == end


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SLOW))
def test_the_deep_players_play_legally_from_the_opening_to_the_end(name):
    import random

    record, end = play_game(RULES, [make_player(name, 0), make_player("random", 9)], seed=0, max_plies=2)
    assert record.plies == 2 and replay(RULES, record.options, record.actions)[-1] == end
    player, dice, state, turns = make_player(name, 1), random.Random(1), ENDGAME, 0
    while not RULES.is_over(state):
        state = RULES.apply(state, RULES.parse(state, f"{dice.randint(1, 6)}{dice.randint(1, 6)}"))
        play = player.choose(RULES, state)
        assert play in RULES.legal_moves(state)
        state = RULES.apply(state, play)
        turns += 1
        assert turns < 60
    assert RULES.is_over(state)


def test_unknown_player_names_the_known_ones():
    with pytest.raises(ValueError, match="known players: beginner, intermediate"):
        make_player("supergrandmaster")


def test_hard_minimises_the_seed_value():
    s = BackgammonState.from_board(make_side({6: 5, 8: 3, 13: 5, 24: 2}), make_side({6: 5, 8: 3, 13: 5, 24: 2}), 0, (3, 1))
    chosen = make_player("hard").choose(RULES, s)
    values = {RULES.notation(s, p): seed_hard_value(a.sides[0], a.sides[1]) for p, a in RULES.successors(s)}
    assert values[RULES.notation(s, chosen)] == min(values.values())
    assert RULES.notation(s, chosen) == "8/5 6/5"  # makes a point, no blots


def test_medium_moves_the_furthest_back_checker():
    s = BackgammonState.from_board(make_side({6: 5, 8: 3, 13: 5, 24: 2}), make_side({6: 5, 8: 3, 13: 5, 24: 2}), 0, (6, 5))
    assert RULES.notation(s, make_player("medium").choose(RULES, s)) == "24/13"


def test_greedy_picks_the_evaluators_favourite():
    from game.backgammon.players.greedy import play_values
    from game.backgammon.evaluators import get_evaluator

    s = BackgammonState.from_board(make_side({6: 5, 8: 3, 13: 5, 24: 2}), make_side({6: 5, 8: 3, 13: 5, 24: 2}), 0, (3, 1))
    plays, values = play_values(RULES, s, get_evaluator("bras"))
    chosen = make_player("greedy:bras").choose(RULES, s)
    assert values[plays.index(chosen)] == values.max()


def test_monte_carlo_is_seeded_and_ranks_its_candidates():
    s = BackgammonState.from_board(make_side({6: 5, 8: 3, 13: 5, 24: 2}), make_side({6: 5, 8: 3, 13: 5, 24: 2}), 0, (3, 1))
    first = make_player("montecarlo", 4).rank(RULES, s)
    again = make_player("montecarlo", 4).rank(RULES, s)
    assert first == again and len(first) == 6
    assert [row[1] for row in first] == sorted((row[1] for row in first), reverse=True)
    assert all(0 <= row[3] <= 1 for row in first)


def test_bestoffour_samples_among_the_top_four_only():
    from game.backgammon.players.greedy import play_values
    from game.backgammon.evaluators import get_evaluator

    s = BackgammonState.from_board(make_side({6: 5, 8: 3, 13: 5, 24: 2}), make_side({6: 5, 8: 3, 13: 5, 24: 2}), 0, (6, 4))
    plays, values = play_values(RULES, s, get_evaluator("phase-heuristic"))
    top = {plays[i] for i in sorted(range(len(plays)), key=lambda i: -values[i])[:4]}
    picks = {make_player("bestoffour", seed).choose(RULES, s) for seed in range(40)}
    assert picks <= top and len(picks) > 1
