"""Mandragora players: names, the Analyzer's choices, seeded games that replay."""

from __future__ import annotations

import pytest

from game.core.match import play_game, replay
from game.mandragora.info import GAME
from game.mandragora.analysis import analyze
from game.mandragora.players import PLAYER_NAMES, AnalyzerPlayer, make_player
from game.mandragora.rules import MandragoraRules

RULES = MandragoraRules()


def test_game_info():
    assert GAME.name == "mandragora" and GAME.title == "Mandragora Mania"
    assert GAME.players.titles == ("Player", "Opponent")
    assert GAME.players.names == PLAYER_NAMES and {"random", "analyzer", "expert"} <= set(PLAYER_NAMES)
    for name in PLAYER_NAMES:
        assert make_player(name, 1).name == name
    with pytest.raises(ValueError, match="known players: random, analyzer, expert"):
        make_player("grandmaster")


def test_setup_options_are_declared_for_the_menu_and_the_command_line():
    assert {name: (o.label, o.choices, o.default) for name, o in GAME.options.setup.items()} == {
        "pattern": ("Pattern", ("A", "B", "C", "D", "E", "random"), "A"),
        "first": ("First move", ("player", "opponent", "random"), "player"),
    }
    assert GAME.new_game_options() == {"pattern": "A", "first": "player"}
    assert GAME.new_game_options({"pattern": "c", "first": "RANDOM"}) == {"pattern": "C", "first": "random"}
    with pytest.raises(ValueError, match="bad pattern for Mandragora Mania: expected one of A, B, C, D, E, random"):
        GAME.new_game_options({"pattern": "F"})
    with pytest.raises(ValueError, match="Mandragora Mania has no option 'dice'"):
        GAME.new_game_options({"dice": "yes"})
    # Every declared choice is one the rules accept.
    for name, option in GAME.options.setup.items():
        for choice in option.choices:
            RULES.initial_state({name: choice})


def test_analyzer_plays_the_top_move():
    state = RULES.initial_state()
    assert AnalyzerPlayer().choose(RULES, state) == analyze(state)[0].move


@pytest.mark.parametrize("options", [{"pattern": "random", "first": "random"}, {"pattern": "C", "first": "opponent"}])
def test_analyzer_only_plays_legal_moves_and_its_games_replay(options):
    def check(state, action, text):
        if RULES.to_move(state) >= 0:
            assert action in RULES.legal_moves(state)

    for seed in range(3):
        players = [make_player("analyzer", seed), make_player("random", seed)][:: 1 if seed % 2 else -1]
        record, end = play_game(RULES, players, options, seed=seed, on_action=check)
        assert RULES.is_over(end) and record.result == RULES.result(end)
        assert replay(RULES, record.options, record.actions)[-1] == end
        again, _ = play_game(RULES, [make_player(p.name, seed) for p in players], options, seed=seed)
        assert again.actions == record.actions
