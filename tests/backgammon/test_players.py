"""Named backgammon computer players: legal play only, and the seed strategies' choices."""

from __future__ import annotations

import pytest

from game.backgammon.board import make_side
from game.backgammon.players import PLAYER_NAMES, make_player, seed_hard_value
from game.backgammon.rules import BackgammonRules, BackgammonState
from game.core.match import play_game, replay

RULES = BackgammonRules()


@pytest.mark.parametrize("name", PLAYER_NAMES)
def test_every_named_player_finishes_legal_games(name):
    for seed in range(3):
        record, end = play_game(RULES, [make_player(name, seed), make_player("random", seed + 9)], seed=seed)
        assert RULES.is_over(end)
        # replay() re-parses and checks every play against the legal list.
        assert replay(RULES, record.options, record.actions)[-1] == end


def test_unknown_player_names_the_known_ones():
    with pytest.raises(ValueError, match="known players: random, easy"):
        make_player("grandmaster")


def test_hard_minimises_the_seed_value():
    s = BackgammonState.from_board(make_side({6: 5, 8: 3, 13: 5, 24: 2}), make_side({6: 5, 8: 3, 13: 5, 24: 2}), 0, (3, 1))
    chosen = make_player("hard").choose(RULES, s)
    values = {RULES.notation(s, p): seed_hard_value(a.sides[0], a.sides[1]) for p, a in RULES.successors(s)}
    assert values[RULES.notation(s, chosen)] == min(values.values())
    assert RULES.notation(s, chosen) == "8/5 6/5"  # makes a point, no blots


def test_medium_moves_the_furthest_back_checker():
    s = BackgammonState.from_board(make_side({6: 5, 8: 3, 13: 5, 24: 2}), make_side({6: 5, 8: 3, 13: 5, 24: 2}), 0, (6, 5))
    assert RULES.notation(s, make_player("medium").choose(RULES, s)) == "24/13"
