"""The doubling cube and match play in the backgammon rules: decision nodes, scoring,
Crawford, Jacoby, beavers, the cube's limit, matches as one protocol game, notation and
replay of whole matches; and cubeless play unchanged."""

from __future__ import annotations

import pickle
import random
from dataclasses import fields, replace

import pytest

from game.backgammon.info import GAME
from game.backgammon.cube import rules as cube_rules
from game.backgammon.board import START_SIDE, make_side
from game.backgammon.cube.state import (BEAVER, DECIDE, DOUBLE, OVER, PASS, ROLL, ROLLING, TAKE, CubeAction,
                                        CubeState)
from game.backgammon.notation import join_turns, split_turns
from game.backgammon.rules import BackgammonRules, Play
from game.backgammon.state import BackgammonState, Roll
from game.core.match import play_game, replay
from game.core.players import Player, RandomPlayer
from game.core.protocol import CHANCE, IllegalMoveError
from game.core.saves import load_game, save_game
from game.games import rules_for

RULES = BackgammonRules()

# White (player 0) bears off its last checker with any roll; Black has borne off nothing.
LAST_CHECKER = make_side({1: 1})
GAMMONED = make_side({12: 15})          # no checker off, none in White's home: a gammon
BACKGAMMONED = make_side({12: 14, 22: 1})  # one in White's home board (Black's 22 = White's 3)
SINGLE = make_side({12: 14})            # one borne off: a single game


def position(cube: CubeState | None, opp=GAMMONED, me=LAST_CHECKER, player=0, dice=(6, 5)) -> BackgammonState:
    """``me`` (player ``player``) on roll against ``opp`` with ``cube``."""
    return BackgammonState.from_board(me, opp, player, dice, cube)


def bear_off(state: BackgammonState) -> BackgammonState:
    """The state after the only play (bearing off the last checker)."""
    [play] = RULES.legal_moves(state)
    return RULES.apply(state, play)


def after_opening(options: dict) -> BackgammonState:
    """A new game after White's opening 31 (8/5 6/5): Black's turn, dice not rolled."""
    state = RULES.initial_state(options)
    state = RULES.apply(state, Roll(3, 1, 0))
    return RULES.apply(state, RULES.parse(state, "8/5 6/5"))


# --------------------------------------------------------------------------- cubeless


def test_cubeless_is_the_default_and_has_no_cube_decisions():
    state = after_opening({})
    assert state.cube is None and RULES.to_move(state) == CHANCE and RULES.legal_moves(state) == []
    assert not cube_rules.may_double(state) and cube_rules.decision(state) is None
    with pytest.raises(IllegalMoveError, match="without the cube"):
        RULES.apply(state, DOUBLE)


@pytest.mark.parametrize("off", [{"cube": False}, {"cube": "off", "match_length": 0, "jacoby": False}])
def test_cube_off_plays_exactly_the_cubeless_game(off):
    players = [RandomPlayer(1), RandomPlayer(2)]
    plain, plain_final = play_game(RULES, players, {}, seed=5)
    players = [RandomPlayer(1), RandomPlayer(2)]
    again, final = play_game(RULES, players, off, seed=5)
    assert again.actions == plain.actions and final == plain_final and final.cube is None
    assert again.result == plain.result == tuple(RULES.result(final))


# --------------------------------------------------------------------------- options


@pytest.mark.parametrize("options, words", [
    ({"cube": 1}, "cube must be True or False"),
    ({"cube": "yes"}, "cube must be True or False"),
    ({"jacoby": None, "cube": True}, "jacoby must be True or False"),
    ({"match_length": 26}, "match_length must be a whole number of points, 1 to 25"),
    ({"match_length": 5.0}, "match_length must be"),
    ({"match_length": True}, "match_length must be"),
    ({"match_length": -1}, "match_length must be"),
    ({"match_length": 5, "jacoby": True}, "money-play rules"),
    ({"match_length": 5, "beavers": True}, "money-play rules"),
    ({"cube": True, "score": [1, 0]}, "score needs a match"),
    ({"match_length": 5, "score": [5, 0]}, "score 5-0 is impossible"),
    ({"match_length": 5, "score": [1]}, "score must be two whole numbers"),
    ({"match_length": 5, "score": [1, True]}, "score must be two whole numbers"),
    ({"match_length": 5, "score": [1, 2], "crawford_done": True}, "crawford_done needs a side at 4"),
    ({"jacoby": True}, "need the cube"),
    ({"beavers": True}, "need the cube"),
])
def test_bad_cube_options_are_refused_clearly(options, words):
    with pytest.raises(ValueError, match=words):
        RULES.initial_state(options)


def test_options_build_the_cube_state():
    assert RULES.initial_state({"cube": True}).cube == CubeState()
    money = RULES.initial_state({"cube": "on", "jacoby": True, "beavers": "on"}).cube
    assert (money.jacoby, money.beavers, money.match_length) == (True, True, 0)
    match = RULES.initial_state({"match_length": "7", "score": "3-6"}).cube
    assert (match.match_length, match.score, match.crawford) == (7, (3, 6), True)
    done = RULES.initial_state({"match_length": 7, "score": (6, 3), "crawford_done": True}).cube
    assert not done.crawford and done.post_crawford


# --------------------------------------------------------------------------- decision nodes


def test_a_player_who_may_double_decides_before_rolling():
    state = after_opening({"cube": True})
    assert RULES.to_move(state) == 1 and RULES.legal_moves(state) == [ROLL, DOUBLE]
    assert cube_rules.decision(state) == "cube" and cube_rules.may_double(state)
    rolled = RULES.apply(state, ROLL)
    assert RULES.to_move(rolled) == CHANCE and rolled.cube.phase == ROLLING
    offered = RULES.apply(state, DOUBLE)
    assert RULES.to_move(offered) == 0 and RULES.legal_moves(offered) == [TAKE, PASS]
    assert cube_rules.decision(offered) == "take" and cube_rules.double_offered(offered)
    assert offered.turn == 1 and cube_rules.cube_value(offered) == 1  # the value before the take


def test_the_states_after_plays_are_whole_states():
    """The states the rules build after each play in a game with the cube (a fast path that
    skips the dataclass constructor) equal, hash, pickle and copy like constructed ones."""
    state = RULES.apply(RULES.apply(after_opening({"match_length": "5"}), ROLL), Roll(6, 4))
    for _, after in RULES.successors(state):
        built = BackgammonState(*(getattr(after, f.name) for f in fields(BackgammonState)))
        assert after == built and hash(after) == hash(built) and repr(after) == repr(built)
        assert after.cube == built.cube and after.cube.phase == DECIDE and after.turn == 0
        assert pickle.loads(pickle.dumps(after)) == after and replace(after, dice=(2, 1)).cube == after.cube


def test_the_opening_roll_is_never_a_cube_decision():
    state = RULES.initial_state({"cube": True, "first": 0})
    assert RULES.to_move(state) == CHANCE
    assert RULES.to_move(RULES.initial_state({"match_length": 5})) == CHANCE


def test_take_doubles_the_cube_and_gives_it_to_the_taker():
    state = RULES.apply(RULES.apply(after_opening({"cube": True}), DOUBLE), TAKE)
    assert (state.cube.value, state.cube.owner, state.cube.phase) == (2, 0, ROLLING)
    assert RULES.to_move(state) == CHANCE  # the doubler rolls at once
    state = RULES.apply(state, Roll(6, 4))
    state = RULES.apply(state, RULES.legal_moves(state)[0])
    assert RULES.to_move(state) == 0 and RULES.legal_moves(state) == [ROLL, DOUBLE]  # the owner may redouble
    state = RULES.apply(RULES.apply(state, ROLL), Roll(5, 2))
    state = RULES.apply(state, RULES.legal_moves(state)[0])
    assert state.turn == 1 and RULES.to_move(state) == CHANCE  # Black no longer owns the cube
    with pytest.raises(IllegalMoveError, match="the opponent owns the cube"):
        RULES.apply(state, DOUBLE)


def test_pass_ends_the_game_and_the_doubler_wins_the_value_before_the_double():
    cube = CubeState(value=4, owner=1, phase=DECIDE)
    state = position(cube, opp=SINGLE, player=1, dice=None)
    assert RULES.to_move(state) == 1
    over = RULES.apply(RULES.apply(state, DOUBLE), PASS)
    assert RULES.is_over(over) and RULES.result(over) == (-4.0, 4.0)
    assert cube_rules.game_over_points(over) == (1, 4)
    assert GAME.outcome_of(over).words(GAME.players.titles) == "Black wins 4 points: White passes the double to 8."


@pytest.mark.parametrize("opp, kind", [(SINGLE, 1), (GAMMONED, 2), (BACKGAMMONED, 3)])
@pytest.mark.parametrize("value, owner", [(1, None), (2, 1), (8, 0)])
def test_a_win_scores_its_kind_times_the_cube(opp, kind, value, owner):
    over = bear_off(position(CubeState(value=value, owner=owner), opp=opp))
    assert RULES.is_over(over) and RULES.result(over) == (kind * value, -kind * value)
    assert cube_rules.game_over_points(over) == (0, kind * value)


def test_jacoby_counts_a_gammon_single_while_the_cube_is_centred():
    centred = bear_off(position(CubeState(jacoby=True)))
    assert RULES.result(centred) == (1.0, -1.0)
    assert GAME.outcome_of(centred).words(GAME.players.titles) == "White wins a gammon counted single (Jacoby) (1 point)."
    taken = bear_off(position(CubeState(value=2, owner=1, jacoby=True)))
    assert RULES.result(taken) == (4.0, -4.0)  # a gammon with the cube at 2
    assert RULES.result(bear_off(position(CubeState()))) == (2.0, -2.0)  # no Jacoby: the gammon counts


def test_jacoby_does_not_apply_to_matches():
    state = position(CubeState(match_length=7, jacoby=True))  # as a GNU match ID may say
    assert RULES.result(bear_off(state)) == (0.0, 0.0)  # the match goes on ...
    assert bear_off(state).cube.score == (2, 0)  # ... with the gammon counted


def test_beaver_takes_and_redoubles_keeping_the_cube():
    state = after_opening({"cube": True, "beavers": True})
    offered = RULES.apply(state, DOUBLE)
    assert RULES.legal_moves(offered) == [TAKE, PASS, BEAVER]
    beavered = RULES.apply(offered, BEAVER)
    assert (beavered.cube.value, beavered.cube.owner) == (4, 0)
    assert RULES.to_move(beavered) == CHANCE  # the doubler may not refuse: it rolls
    assert RULES.notation(offered, BEAVER) == "Beavers => 4"
    assert BEAVER not in RULES.legal_moves(RULES.apply(after_opening({"cube": True}), DOUBLE))
    assert BEAVER not in RULES.legal_moves(RULES.apply(after_opening({"match_length": 5}), DOUBLE))


def test_the_cube_stops_at_64():
    for value, decides in ((32, True), (64, False)):
        black = BackgammonState.from_board(START_SIDE, START_SIDE, 1, (3, 1), CubeState(value=value, owner=0))
        after = RULES.apply(black, RULES.parse(black, "8/5 6/5"))  # White, the owner, is next
        assert (RULES.to_move(after) == 0) == decides and cube_rules.may_double(after) == decides
    top = position(CubeState(value=64, owner=0), dice=None)
    assert RULES.to_move(top) == CHANCE
    with pytest.raises(IllegalMoveError, match="highest, 64"):
        RULES.apply(top, DOUBLE)
    below = position(CubeState(value=32, owner=0, phase=DECIDE, beavers=True), dice=None)
    offered = RULES.apply(below, DOUBLE)
    assert RULES.legal_moves(offered) == [TAKE, PASS]  # a beaver would make it 128
    assert RULES.apply(offered, TAKE).cube.value == 64
    beaver = RULES.apply(position(CubeState(value=16, owner=0, phase=DECIDE, beavers=True), dice=None), DOUBLE)
    assert RULES.apply(beaver, BEAVER).cube.value == 64


@pytest.mark.parametrize("make, action, words", [
    (lambda: after_opening({"cube": True}), TAKE, "not possible here"),
    (lambda: after_opening({"cube": True}), Roll(3, 1), "a cube decision comes first"),
    (lambda: RULES.apply(after_opening({"cube": True}), DOUBLE), Roll(3, 1), "a cube decision comes first"),
    (lambda: RULES.apply(after_opening({"cube": True}), DOUBLE), DOUBLE, "a double is offered"),
    (lambda: RULES.apply(after_opening({"cube": True}), ROLL), DOUBLE, "the dice are to be rolled"),
    (lambda: after_opening({"cube": True}), Play(((8, 5),)), "roll the dice before moving"),
    (lambda: position(CubeState(value=2, owner=1)), DOUBLE, "the dice are rolled"),
    (lambda: after_opening({"match_length": 5, "score": [4, 1]}), DOUBLE, "Crawford"),
])
def test_illegal_cube_actions_are_refused(make, action, words):
    with pytest.raises(IllegalMoveError, match=words):
        RULES.apply(make(), action)


# --------------------------------------------------------------------------- notation


def test_cube_notation_round_trips_and_reads_the_usual_words():
    state = after_opening({"cube": True, "beavers": True})
    assert [RULES.notation(state, a) for a in RULES.legal_moves(state)] == ["Roll", "Doubles => 2"]
    offered = RULES.apply(state, DOUBLE)
    assert [RULES.notation(offered, a) for a in RULES.legal_moves(offered)] == ["Takes", "Drops", "Beavers => 4"]
    for node in (state, offered):
        for action in RULES.legal_moves(node):
            assert RULES.parse(node, RULES.notation(node, action)) == action
    for text, action in (("double", DOUBLE), ("DOUBLES => 2", DOUBLE), ("roll", ROLL), ("no double", ROLL),
                         ("No redouble", ROLL), ("redouble", DOUBLE)):
        assert RULES.parse(state, text) == action
    for text, action in (("take", TAKE), ("Accepts", TAKE), ("pass", PASS), ("drop", PASS), ("Drops", PASS),
                         ("beaver", BEAVER), ("beavers => 4", BEAVER)):
        assert RULES.parse(offered, text) == action


@pytest.mark.parametrize("text, words", [
    ("Doubles => 4", "the cube is at 1, so expected Doubles => 2"),
    ("Takes", "not possible here"),
    ("31", "no cube decision; expected Roll or Doubles => 2"),
    ("8/5 6/5", "no cube decision"),
])
def test_cube_parse_refuses_wrong_words(text, words):
    with pytest.raises(IllegalMoveError, match=words):
        RULES.parse(after_opening({"cube": True}), text)


def test_typed_move_lists_carry_cube_words():
    actions = ["31", "8/5 6/5", "Doubles => 2", "Takes", "64", "24/18 13/9", "Roll", "52", "13/8 13/11",
               "Doubles => 4", "Drops", "black 42", "8/4 6/4"]
    text = join_turns(actions)
    assert text == ("31:8/5 6/5 Doubles => 2 Takes 64:24/18 13/9 Roll 52:13/8 13/11 Doubles => 4 Drops "
                    "black 42:8/4 6/4")
    assert split_turns(text) == actions
    assert split_turns("31:8/5 6/5 double take 66: roll 52:13/8") == [
        "31", "8/5 6/5", "double", "take", "66", "(no play)", "roll", "52", "13/8"]


# --------------------------------------------------------------------------- matches


def test_a_game_that_does_not_decide_the_match_leads_to_the_next_opening():
    state = position(CubeState(match_length=5, score=(1, 2)), opp=SINGLE)
    between = bear_off(state)
    assert not RULES.is_over(between) and RULES.to_move(between) == CHANCE
    assert between.cube.phase == OVER and cube_rules.match_score(between) == (2, 2)
    assert cube_rules.game_over_points(between) == (0, 1)
    outcomes = RULES.chance_outcomes(between)
    assert len(outcomes) == 30 and all(roll.first is not None and not roll.is_double for roll, _ in outcomes)
    assert GAME.status(between) == "White wins game 1 (1 point). Game 2: opening roll. Score 2–2, match to 5."
    with pytest.raises(IllegalMoveError, match="does not fit"):
        RULES.apply(between, Roll(3, 1))
    game2 = RULES.apply(between, RULES.parse(between, "black 42"))
    assert (game2.sides, game2.turn, game2.dice, game2.opening) == ((START_SIDE, START_SIDE), 1, (4, 2), True)
    assert game2.cube == CubeState(match_length=5, score=(2, 2), game=2)
    assert cube_rules.game_number(game2) == 2 and cube_rules.game_number(between) == 1


def test_crawford_game_then_post_crawford():
    # White reaches 4 of 5: the next game is the Crawford game.
    between = bear_off(position(CubeState(match_length=5, score=(3, 0)), opp=SINGLE))
    crawford = RULES.apply(between, Roll(3, 1, 0))
    assert cube_rules.is_crawford(crawford) and crawford.cube.score == (4, 0)
    assert "Crawford game" in GAME.status(crawford)
    state = RULES.apply(crawford, RULES.parse(crawford, "8/5 6/5"))
    assert RULES.to_move(state) == CHANCE and not cube_rules.may_double(state)  # Black may not double
    # Black wins the Crawford game: the next game is post-Crawford, doubling again.
    end = bear_off(BackgammonState.from_board(LAST_CHECKER, SINGLE, 1, (6, 5), crawford.cube))
    assert end.cube.score == (4, 1) and not RULES.is_over(end)
    post = RULES.apply(end, Roll(3, 1, 0))
    assert not post.cube.crawford and cube_rules.is_post_crawford(post)
    post = RULES.apply(post, RULES.parse(post, "8/5 6/5"))
    assert RULES.to_move(post) == 1 and RULES.legal_moves(post) == [ROLL, DOUBLE]


def test_both_one_away_is_post_crawford():
    """At 2-2 in a 3-point match the Crawford game was necessarily played: no option needed."""
    state = RULES.initial_state({"match_length": 3, "score": [2, 2]})
    assert not state.cube.crawford and state.cube.post_crawford
    assert RULES.initial_state({"match_length": 3, "score": [2, 2], "crawford_done": True}).cube == state.cube


def test_a_crawford_game_has_no_cube_decision_at_all():
    record, _ = play_game(RULES, [RandomPlayer(1), RandomPlayer(2)], {"match_length": 3, "score": [2, 1]}, seed=4)
    states = replay(RULES, record.options, record.actions)
    first_game = [s for s in states if s.cube.game == 1]
    assert all(s.cube.crawford for s in first_game)
    assert not any(isinstance(a, CubeAction) for s in first_game if RULES.to_move(s) != CHANCE
                   for a in RULES.legal_moves(s))


def test_the_match_ends_at_its_length_and_may_overshoot():
    state = position(CubeState(match_length=3, score=(2, 0), value=2, owner=1), opp=GAMMONED)
    over = bear_off(state)
    assert RULES.is_over(over) and cube_rules.match_score(over) == (6, 0)
    assert RULES.result(over) == (1.0, -1.0)
    assert GAME.outcome_of(over).words(GAME.players.titles) == "White wins the 3-point match 6–0."
    with pytest.raises(IllegalMoveError, match="over"):
        RULES.apply(over, Roll(3, 1, 0))


def test_a_pass_can_decide_the_match():
    state = position(CubeState(match_length=5, score=(1, 3), value=2, owner=1, phase=DECIDE), player=1, dice=None)
    over = RULES.apply(RULES.apply(state, DOUBLE), PASS)
    assert RULES.is_over(over) and over.cube.score == (1, 5) and RULES.result(over) == (-1.0, 1.0)


def test_money_with_the_cube_is_a_single_game():
    over = bear_off(position(CubeState(value=2, owner=1), opp=SINGLE))
    assert RULES.is_over(over) and RULES.result(over) == (2.0, -2.0)
    assert GAME.outcome_of(over).words(GAME.players.titles) == "White wins a single game with the cube at 2 (2 points)."


class CubeRandomPlayer(Player):
    """Random plays and random cube actions (doubling often, so cubes get big)."""

    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.name = "cube-random"

    def choose(self, rules, state):
        moves = rules.legal_moves(state)
        if DOUBLE in moves and self.rng.random() < 0.5:
            return DOUBLE
        return self.rng.choice(moves)


@pytest.mark.parametrize("options", [
    {"match_length": 5}, {"match_length": 7, "score": [6, 4], "crawford_done": True},
    {"match_length": 3, "score": (1, 0)},
    {"cube": True, "jacoby": True, "beavers": True}, {"cube": True, "first": "black"},
])
def test_random_cube_matches_replay_through_saves_and_typed_lists(tmp_path, options):
    kinds = set()
    for seed in range(6):
        record, final = play_game(RULES, [CubeRandomPlayer(seed), CubeRandomPlayer(seed + 50)], options, seed=seed)
        assert RULES.is_over(final) and sum(record.result) == 0
        states = replay(RULES, record.options, record.actions)
        assert states[-1] == final
        assert replay(RULES, record.options, split_turns(join_turns(record.actions)))[-1] == final
        path = tmp_path / f"game{seed}.json"
        save_game(path, record)
        loaded = load_game(path, rules_for)
        assert loaded.actions == record.actions and loaded.result == record.result
        assert replay(RULES, loaded.options, loaded.actions)[-1] == final
        for state in states:
            kinds.add(cube_rules.decision(state))
            if state.cube.match_length and not RULES.is_over(state):
                assert max(state.cube.score) < state.cube.match_length or state.cube.phase == OVER
        if final.cube.is_match:
            assert max(final.cube.score) >= final.cube.match_length
            assert RULES.result(final) in ((1.0, -1.0), (-1.0, 1.0))
    assert {"cube", "take", "play"} <= kinds


def test_save_refuses_a_flag_option_of_the_wrong_type(tmp_path):
    record, _ = play_game(RULES, [RandomPlayer(1), RandomPlayer(2)], {"cube": True}, seed=1)
    record = replace(record, options={"cube": 1})
    path = tmp_path / "bad.json"
    save_game(path, record)
    with pytest.raises(Exception, match="cube must be True or False"):
        load_game(path, rules_for)


def test_search_and_seed_players_finish_cube_matches():
    from game.backgammon.players.by_name import make_player
    for name in ("hard", "intermediate"):
        record, final = play_game(RULES, [make_player(name, 1), CubeRandomPlayer(3)], {"match_length": 3}, seed=2)
        assert RULES.is_over(final) and record.result is not None


def test_describe_cube_decisions():
    state = after_opening({"cube": True, "beavers": True})
    assert GAME.status(state) == "Black to roll or double (cube 1)."
    offered = RULES.apply(state, DOUBLE)
    assert GAME.status(offered) == "Black doubles to 2: White to take, pass or beaver."
    assert GAME.status(RULES.apply(offered, TAKE)) == "Black to roll. Cube 2, White's."
    owner_decides = replace(state, turn=1, cube=replace(state.cube, value=2, owner=1))
    assert GAME.status(owner_decides) == "Black to roll or double. Cube 2, Black's."  # the cube said once
