"""A game started from a position (the ``position`` option): pasted, typed or set up, then
analysed or played on; the same text comes back out, saves keep it, and bad text is refused."""

import json

import pytest

from game.core.match import GameRecord, play_game, replay
from game.core.protocol import POSITION
from game.core.saves import SaveError, load_game, save_game
from game.core.session import GameSession
from game.games import get_game, rules_for
from game.core.capabilities import MatchFiles

BACKGAMMON_TEXTS = [
    # (text, the setting's form that writes it back)
    ("4HPwATDgc/ABMA", "own"),                                     # bare position ID: cubeless
    ("4HPwATDgc/ABMA:cAkAAAAAAAAA", "own"),                        # money game, cube centred
    ("4HPwATDgc/ABMA:QYkqASAAIAAA", "own"),                        # match with dice on the board
    ("AQAAKAAAAAAAAA:MAHgACAAGAAA", "own"),                        # a race, match score and cube
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "xgid"),  # money, before the roll
    ("XGID=-b----E-C---eE---c-e----B-:1:1:1:00:3:2:0:7:10", "xgid"),  # match, cube 2 owned, 3-2 of 7
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:6:0:1:7:10", "xgid"),  # the Crawford game
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10", "xgid"),  # dice 3-1 to play
    ("XGID=--AA--------------------a-:0:0:1:00:2:3:0:7:10", "xgid"),  # a bearoff at 2-3 of 7
]


@pytest.mark.parametrize("text, form", BACKGAMMON_TEXTS)
def test_a_pasted_backgammon_position_copies_back_as_the_same_text(text, form):
    info = get_game("backgammon")
    options = info.position_options(text)
    session = GameSession(info, ("human", "human"), seed=1, options=options)
    assert info.position_text(session.state, form)[1] == text


def test_the_started_state_keeps_cube_score_and_dice():
    info = get_game("backgammon")
    state = info.rules().initial_state(info.position_options("XGID=-b----E-C---eE---c-e----B-:1:1:1:00:3:2:0:7:10"))
    assert (state.cube.value, state.cube.owner, state.cube.match_length, state.cube.score) == (2, 0, 7, (3, 2))
    crawford = info.rules().initial_state(info.position_options("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:6:0:1:7:10"))
    assert crawford.cube.crawford
    rolled = info.rules().initial_state(info.position_options("XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10"))
    assert rolled.dice == (3, 1) and info.rules().to_move(rolled) == rolled.turn


@pytest.mark.parametrize("game", [pytest.param("mandragora", marks=pytest.mark.slow), "chesstack"])
def test_the_other_games_start_from_their_own_text(game):
    info = get_game(game)
    rules = info.rules()
    record, final = play_game(rules, [info.players.player(info.players.default, 1)] * 2, seed=3, max_plies=6)
    states = replay(rules, record.options, record.actions)
    middle = states[-1] if not rules.is_over(states[-1]) else states[-2]
    text = info.notation.format_position(middle)
    session = GameSession(info, ("human", "human"), seed=1, options=info.position_options(text))
    assert info.position_text(session.state)[1] == text
    assert rules.legal_moves(session.state), "play goes on from the position"


def test_a_chesstack_position_file_is_kept_as_its_text(tmp_path):
    info = get_game("chesstack")
    text = "white pocket K1 Q1 B2 N2 R2 P8; black pocket K1 Q1 B2 N2 R2 P8; ply 0"
    (tmp_path / "p.txt").write_text(text)
    assert info.position_options(f"@{tmp_path / 'p.txt'}") == {POSITION: text}
    with pytest.raises(ValueError, match="not a file"):
        info.rules().initial_state({POSITION: f"@{tmp_path / 'p.txt'}"})


@pytest.mark.parametrize("text, message", [
    ("", "no position given"),
    ("nonsense", "position"),
    ("4HPwATDgc/ABMA:zzzz", ""),
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:99:10", ""),
])
def test_bad_text_is_refused_with_a_message(text, message):
    with pytest.raises(ValueError, match=message) as caught:
        get_game("backgammon").position_options(text)
    assert str(caught.value)


def test_a_position_takes_no_other_option():
    rules = get_game("backgammon").rules()
    with pytest.raises(ValueError, match="give no other option .got match_length"):
        rules.initial_state({POSITION: "4HPwATDgc/ABMA", "match_length": "5"})


def test_a_finished_game_is_not_a_start():
    info = get_game("backgammon")
    rules = info.rules()
    record, final = play_game(rules, [info.players.player("beginner", 1)] * 2, seed=2)
    with pytest.raises(ValueError, match="already over"):
        info.position_options(info.notation.format_position(final))


def test_a_game_from_a_position_is_saved_played_on_and_reloaded(tmp_path):
    info = get_game("backgammon")
    text = "XGID=--AA--------------------a-:0:0:1:00:2:3:0:7:10"
    rules = info.rules()
    players = [info.players.player("beginner", 1), info.players.player("beginner", 2)]
    record, final = play_game(rules, players, options=info.position_options(text), seed=5)
    assert rules.is_over(final) or final.cube.score != (2, 3), "the race was played out"
    path = tmp_path / "race.json"
    save_game(path, record)
    assert json.loads(path.read_text())["options"] == {POSITION: text}
    loaded = load_game(path, rules_for)
    assert loaded.actions == record.actions and loaded.options == record.options
    assert replay(rules, loaded.options, loaded.actions)[-1] == final


def test_a_save_with_an_overlong_position_is_refused(tmp_path):
    path = tmp_path / "long.json"
    record = GameRecord("chesstack", {POSITION: "x" * 5000}, [], ["human", "human"], 1)
    save_game(path, record)
    with pytest.raises(SaveError, match="longer than"):
        load_game(path, rules_for)


def test_a_game_from_a_position_is_not_a_match_file():
    info = get_game("backgammon")
    record, _ = play_game(info.rules(), [info.players.player("beginner", 1)] * 2,
                          options=info.position_options("XGID=--AA--------------------a-:0:0:1:00:2:3:0:7:10"), seed=5)
    with pytest.raises(ValueError, match="opening position"):
        info.ability(MatchFiles).export(record)
