"""The Mandragora Expert: exact endgames against brute force, extra turns, legality, replay, strength."""

from __future__ import annotations

import pytest

from game.core.match import play_game, replay
from game.mandragora.info import GAME
from game.mandragora.expert import ExpertPlayer, evaluate, expert_search, leaf_value
from game.mandragora.players import AnalyzerPlayer, make_player
from game.mandragora.position import parse_position
from game.mandragora.rules import MandragoraRules
from game.mandragora.state import MandragoraState

RULES = MandragoraRules()


def brute(state: MandragoraState, depth: int = 40) -> float:
    """The final margin for the Player under best play, by plain minimax to the end.

    Written independently of the search: the side to move (the same side after an extra
    turn) picks its best.  Fails if some line does not end within ``depth`` moves.
    """
    if RULES.is_over(state):
        return RULES.result(state)[0]
    assert depth > 0, "a line that does not end: not a position brute force can solve"
    values = [brute(RULES.apply(state, move), depth - 1) for move in RULES.legal_moves(state)]
    return max(values) if state.turn == 0 else min(values)


def exact_values(state: MandragoraState) -> dict[int, float]:
    """Each move's final margin for the side to move."""
    sign = 1 if state.turn == 0 else -1
    return {move: sign * brute(RULES.apply(state, move)) for move in RULES.legal_moves(state)}


ENDGAMES = [
    # The Player (second mover: P is worth 3) should sow 5 for the extra turn: 13 against 10 and 6.
    ("1:M,2:A,5:P;turn=player;first=opponent;score=20-10", 5),
    ("1:K,2:P,5:M;turn=player;first=opponent;score=12-17", 5),
    ("4:M,5:M,8:M;turn=player;first=player;score=0-0", 5),
    # The Opponent's best is 8, losing by 4 rather than 5 or 7.
    ("4:M,6:M,8:M;turn=opponent;first=opponent;score=19-14", 8),
    # Two extra turns in a row: 7 (three pieces, three stops from base 9), then 8.
    ("2:M,7:MMM;turn=opponent;first=player;score=7-25", 7),
]


@pytest.mark.parametrize("text, best", ENDGAMES)
def test_endgames_are_solved_exactly(text, best):
    state = parse_position(text)
    exact = exact_values(state)
    assert max(exact, key=exact.get) == best and sorted(exact.values())[-2] < exact[best]
    result = expert_search(state, all_exact=True)
    assert result.solved and result.best.move == best
    assert {m.move: m.value for m in result} == exact
    fast = expert_search(state)  # what the player runs: the best move exact, the others bounds
    assert fast.solved and fast.best.move == best and fast.best.value == exact[best]
    assert ExpertPlayer().choose(RULES, state) == best


def test_an_extra_turn_chain_is_searched_as_the_same_side_moving_again():
    state = parse_position("2:M,7:MMM;turn=opponent;first=player;score=7-25")
    after = RULES.apply(state, 7)
    assert after.turn == state.turn  # the extra turn
    assert ExpertPlayer().choose(RULES, after) == 8  # and the second one
    final = RULES.apply(after, 8)
    assert final.turn == state.turn and exact_values(final) == {2: 22.0}
    assert expert_search(state).best.value == 22.0


def test_leaf_value_is_the_margin_plus_half_the_pieces_each_side_alone_may_sow():
    state = parse_position("1:MK,2:C,5:P,6:A,8:MM;turn=player;first=player;score=7-3")
    # Player (first mover): 1+2+2 = 5 in areas 1 and 5; Opponent (second): 4+1+1 = 6 in 6 and 8.
    assert leaf_value(state, 0) == 4 + 0.5 * (5 - 6)
    assert list(evaluate([state], 1)) == [-leaf_value(state, 0)]


@pytest.mark.slow
def test_registered_and_plays_only_legal_moves_in_games_that_replay():
    assert "expert" in GAME.players.names and make_player("expert", 3).name == "expert"

    def check(state, action, text):
        if RULES.to_move(state) >= 0:
            assert action in RULES.legal_moves(state)

    for seed, options in enumerate([{"pattern": "random", "first": "random"}, {"pattern": "D", "first": "opponent"}]):
        players = [ExpertPlayer(nodes=2000, seed=seed), make_player("random", seed)][:: 1 if seed % 2 else -1]
        record, end = play_game(RULES, players, options, seed=seed, on_action=check, max_plies=200)
        assert replay(RULES, record.options, record.actions)[-1] == end
        again, _ = play_game(RULES, [ExpertPlayer(nodes=2000, seed=seed), make_player("random", seed)][
            :: 1 if seed % 2 else -1], options, seed=seed, max_plies=200)
        assert again.actions == record.actions


@pytest.mark.long
def test_the_expert_beats_the_analyzer():
    margins = []
    for number, pattern in enumerate("ABCDE"):  # every starting pattern, the Expert first and second in turn
        expert_side = number % 2
        players = [AnalyzerPlayer(), ExpertPlayer(nodes=10_000)][:: -1 if expert_side == 0 else 1]
        record, _ = play_game(RULES, players, {"pattern": pattern, "first": "player"}, max_plies=120)
        margins.append(record.result[expert_side] if record.result else 0.0)
    wins, losses = sum(m > 0 for m in margins), sum(m < 0 for m in margins)
    # 10,000 nodes a move (the real Expert uses 30,000): the Analyzer, ranking by its total,
    # holds an Expert of 1,000 to even.  Both sides of all five patterns: 9 wins of 10.
    assert wins >= 4 and wins > 2 * losses, margins
