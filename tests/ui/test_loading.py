"""Loading games in the window: example saves, the file dialog, and bad files shown clearly."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.core.saves import examples_dir
from game.ui.play.scene import PlayScene

from .util import press_button

EXAMPLES = sorted(Path(examples_dir()).glob("*.json"))


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_example_saves_open_and_draw(app, path):
    assert app.open_saved(path)
    scene = app.scene
    assert isinstance(scene, PlayScene)
    assert scene.session.actions[: len(json.loads(path.read_text())["actions"])] == json.loads(path.read_text())["actions"]
    for _ in range(3):
        app.frame()


def test_corrupt_save_shows_a_message_and_overwrites_nothing(app, tmp_path):
    good = EXAMPLES[0].read_text()
    bad = tmp_path / "truncated.json"
    bad.write_text(good[: len(good) // 2])
    app.show_menu()
    menu = app.scene
    assert not app.open_saved(bad)
    app.frame()
    assert app.scene is menu
    assert app.banner.visible and app.banner.error
    assert "truncated.json is damaged or truncated" in app.banner.text
    assert bad.read_text() == good[: len(good) // 2]
    assert app.screen.get_at((app.screen.get_width() // 2, 14))[:3] == (190, 60, 52)  # the red banner


def test_illegal_move_list_names_the_move(app, tmp_path):
    data = json.loads(EXAMPLES[0].read_text())
    data["actions"][5] = "24/3"
    path = tmp_path / "illegal.json"
    path.write_text(json.dumps(data))
    assert not app.open_saved(path)
    assert "action 6 ('24/3')" in app.banner.text


def test_foreign_file_and_unknown_player(app, tmp_path):
    foreign = tmp_path / "photo.json"
    foreign.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(100))
    assert not app.open_saved(foreign)
    assert "not a Tabula saved game" in app.banner.text
    data = json.loads(EXAMPLES[0].read_text())
    data["players"] = ["human", "grandmaster9000"]
    path = tmp_path / "player.json"
    path.write_text(json.dumps(data))
    assert not app.open_saved(path)
    assert "grandmaster9000" in app.banner.text


def test_load_through_the_file_dialog(app):
    app.show_menu()
    menu = app.scene
    press_button(app, menu.widgets["load"])
    assert menu.dialog is not None and menu.dialog.alive()
    pygame.event.post(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(EXAMPLES[-1]),
                                         ui_element=menu.dialog))
    app.frame()
    assert isinstance(app.scene, PlayScene)


def test_corrupt_settings_are_reported_at_start(tabula_home):
    from game.ui.app import App

    (tabula_home / "config").mkdir(parents=True)
    (tabula_home / "config" / "settings.json").write_text("{not json")
    window = App((800, 600))
    try:
        assert window.banner.error and "settings" in window.banner.text
        assert window.settings.sound is True
    finally:
        window.close()
        pygame.quit()


def test_a_game_without_a_board_is_refused_clearly(app, tmp_path, monkeypatch):
    from game.core.match import play_game
    from game.core.players import RandomPlayer
    from game.core.saves import save_game
    from game.games import get_game
    from game.ui import gameview, menu

    info = get_game("mandragora")  # every registered game has a view: pretend this one has none
    real = gameview.has_view
    boardless = lambda game: game.name != info.name and real(game)  # noqa: E731
    monkeypatch.setattr(gameview, "has_view", boardless)
    monkeypatch.setattr(menu, "has_view", boardless)
    record, _ = play_game(info.rules(), [RandomPlayer(1), RandomPlayer(2)], seed=1, max_plies=4)
    save_game(tmp_path / "other.json", record)
    app.show_menu()
    menu = app.scene
    assert not app.open_saved(tmp_path / "other.json")
    assert app.scene is menu and "cannot be shown in the window yet" in app.banner.text
    assert info.title not in [g.title for g in menu.games]


@pytest.mark.parametrize("text, words", [
    ("3 point match\n\n Game 1\n a : 0                       b : 0\n  1)  Takes\n", "before the game's opening roll"),
    ("(;" * 1000, "nested more than 100 deep"),
])
def test_a_damaged_match_file_is_a_banner_message(app, tmp_path, text, words):
    path = tmp_path / "damaged.mat"
    path.write_text(text)
    app.show_menu()
    assert not app.open_saved(path)
    app.frame()
    assert app.running and app.banner.error and words in app.banner.text


def test_an_unexpected_fault_while_opening_is_a_banner_message(app, monkeypatch, capsys):
    """The last line of defence: a reader's bug (here a TypeError) is reported, not fatal."""
    import game.ui.app as app_module

    def broken(path):
        raise TypeError("unsupported operand type(s) for -: 'int' and 'NoneType'")

    monkeypatch.setattr(app_module, "imported_record", broken)
    app.show_menu()
    assert not app.open_saved(EXAMPLES[0])
    app.frame()
    assert app.running and app.banner.error
    assert app.banner.text.startswith("Cannot load the game: TypeError: unsupported operand")
    assert "Traceback" in capsys.readouterr().err


def test_a_fault_in_a_frame_is_reported_and_the_window_goes_on(app, monkeypatch, capsys):
    app.show_menu()
    scene, calls = app.scene, []
    update = scene.update

    def flaky(dt):
        calls.append(dt)
        if len(calls) == 2:
            raise RuntimeError("a fault in one frame")
        if len(calls) == 5:
            app.running = False  # then the window closes normally
        update(dt)

    monkeypatch.setattr(scene, "update", flaky)
    assert app.run() == 0
    assert len(calls) == 5 and "Something went wrong: RuntimeError: a fault in one frame" in app.banner.text
    assert "RuntimeError: a fault in one frame" in capsys.readouterr().err


def test_a_fault_in_every_frame_closes_the_window_with_code_1(app, monkeypatch, capsys):
    import game.ui.app as app_module

    app.show_menu()
    monkeypatch.setattr(app.scene, "update", lambda dt: 1 / 0)
    assert app.run() == 1
    err = capsys.readouterr().err
    assert f"the window stopped after {app_module.FAULTS_IN_A_ROW} faults in a row: ZeroDivisionError" in err


def test_a_match_file_that_contradicts_itself_opens_with_a_note(app, tmp_path):
    from tests.reliability.test_damaged_match_files import _two_games

    path = tmp_path / "contradicts.mat"
    path.write_text(_two_games("0-2"))
    assert app.open_saved(path)
    app.frame()
    assert app.banner.visible and not app.banner.error
    assert app.banner.text.startswith("Note: game 2: the file gives the score as 0-2, but the games before it make "
                                      "it 0-1; the replayed score is used")


def test_between_games_the_strip_says_neither_crawford_nor_post_crawford():
    """Game 2 took Black to 2 of 3: the next game is the Crawford game, not a post-Crawford one."""
    from game.backgammon.cube.display import match_words
    from game.games import imported_record, get_game
    from tests.reliability.test_damaged_match_files import _two_games

    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "m.mat"
        path.write_text(_two_games("0-1"))
        record = imported_record(path)
    rules = get_game("backgammon").rules()
    state = rules.initial_state(dict(record.options))
    for action in record.actions:
        state = rules.apply(state, rules.parse(state, action))
    assert state.cube.score == (0, 2) and match_words(state) == "3-point match"
    state = rules.apply(state, rules.parse(state, "white 31"))
    assert match_words(state) == "3-point match · Crawford"


def test_a_loaded_match_file_names_its_players_and_a_save_keeps_them(app, tmp_path):
    from game.backgammon.matfile import read_match_file
    from game.core.saves import load_game, save_game
    from game.games import rules_for

    path = Path(__file__).parents[1] / "data" / "matches" / "3pt-a.mat"
    names = list(read_match_file(path).players)
    assert app.open_saved(path)
    app.frame()
    scene = app.scene
    assert scene.labels == names and "Human" not in scene.labels
    saved = tmp_path / "kept.json"
    save_game(saved, scene.session.record())
    assert load_game(saved, rules_for).names == names  # and the seats stay human, to play on
    assert load_game(saved, rules_for).players == ["human", "human"]


def test_a_save_with_a_bad_names_list_is_refused_clearly(tmp_path):
    from game.core.saves import SaveError, load_game
    from game.games import rules_for

    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"format": "tabula-game", "schema": 1, "game": "backgammon",
                                "players": ["human", "human"], "names": ["only one"], "options": {},
                                "seed": 1, "actions": [], "result": None}))
    with pytest.raises(SaveError, match="names"):
        load_game(path, rules_for)


def test_a_match_is_listed_game_by_game_and_pgup_pgdn_go_between_games(app):
    """A loaded match used to be one numbered list of all its moves, with no game headers."""
    path = Path(__file__).parents[1] / "data" / "matches" / "3pt-a.mat"
    assert app.open_saved(path)
    app.frame()
    scene = app.scene
    headings, lines = scene.move_list.headings(), scene.move_list.lines()
    assert list(headings.values()) == ["Game 1 — score 0–0", "Game 2 — score 2–0", "Game 3 — score 2–1"]
    second, third = sorted(headings)[1:]
    assert lines[second].startswith("1. ") and lines[third].startswith("1. ")  # each game numbered from 1
    assert lines[second - 1].startswith(f"{second}. ")
    assert "PgUp/PgDn previous/next game" in scene.keys.help()
    scene.replay.go(5)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode=""))
    app.frame()
    assert scene.replay.cursor == second + 1 and "game 2, move 1 of" in scene.status.text
    for _ in range(2):  # past the last game: it stays
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode=""))
        app.frame()
    assert scene.replay.cursor == third + 1
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0, unicode=""))
    app.frame()
    assert scene.replay.cursor == second + 1
    drawn = [index for index, _ in scene.move_list.section.rows]  # the headings are drawn but no rows to click
    assert second in drawn and len(drawn) == len(set(drawn))


def test_a_single_game_has_no_game_headings(app):
    from game.core.session import GameSetup

    assert app.start_game(GameSetup("backgammon", ("human", "human"), seed=3))
    app.frame()
    assert app.scene.move_list.headings() == {} and "PgUp" not in app.scene.keys.help()
