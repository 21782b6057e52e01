"""Opening a position from text in the window (issue 35 item 1): Ctrl+V, the Position… dialog
(Ctrl+L or "Open…"), the menu's Position row; paste then copy gives the same text."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.core.gameinfo import POSITION_TEXT
from game.core.protocol import POSITION
from game.core.session import GameSetup
from game.games import get_game

from .util import click, key, post, press_button, run_until

XGID = "XGID=-b----E-C---eE---c-e----B-:1:1:1:00:3:2:0:7:10"  # cube 2 owned, 3-2 in a 7-point match


@pytest.fixture
def clipboard(monkeypatch):
    held = {"text": ""}
    monkeypatch.setattr(pygame.scrap, "get_text", lambda: held["text"])
    monkeypatch.setattr(pygame.scrap, "put_text", lambda text: held.update(text=text))
    return held


def open_game(app, game="backgammon", players=("human", "human")):
    assert app.start_game(GameSetup(game, players, seed=4))
    scene = app.scene
    assert run_until(app, lambda: scene.mover.human)
    app.frame()
    return scene


@pytest.mark.parametrize("text, form", [
    ("4HPwATDgc/ABMA:cAkAAAAAAAAA", "own"),
    ("AQAAKAAAAAAAAA:MAHgACAAGAAA", "own"),
    (XGID, "xgid"),
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10", "xgid"),
])
def test_ctrl_v_opens_the_position_and_ctrl_c_copies_the_same_text(app, clipboard, text, form):
    info = get_game("backgammon")
    app.settings.choose(info, POSITION_TEXT, form)
    old = open_game(app)
    clipboard["text"] = text
    key(app, pygame.K_v, mod=pygame.KMOD_CTRL)
    scene = app.scene
    assert scene is not old and scene.session.options == {POSITION: text}
    assert scene.session.player_names == old.session.player_names  # the same players play on
    assert "Opened the position" in app.banner.text
    clipboard["text"] = ""
    key(app, pygame.K_c, mod=pygame.KMOD_CTRL)
    assert clipboard["text"] == text


def test_bad_pasted_text_says_why_and_changes_nothing(app, clipboard):
    scene = open_game(app)
    before = list(scene.session.actions)
    clipboard["text"] = "XGID=not a position"
    key(app, pygame.K_v, mod=pygame.KMOD_CTRL)
    assert app.scene is scene and scene.session.actions == before
    assert app.banner.error and "Cannot open the pasted text: invalid XGID" in app.banner.text
    clipboard["text"] = ""
    key(app, pygame.K_v, mod=pygame.KMOD_CTRL)
    assert "clipboard holds no text" in app.banner.text


def test_a_game_in_progress_is_left_only_when_the_player_says_yes(app, clipboard):
    scene = open_game(app, players=("human", "beginner"))
    scene.mover.play_human(scene.session.rules.legal_moves(scene.session.state)[0])
    assert run_until(app, lambda: scene.mover.human)
    assert scene.session.in_progress
    clipboard["text"] = XGID
    key(app, pygame.K_v, mod=pygame.KMOD_CTRL)
    assert app.scene is scene and scene.paste.confirm is not None
    key(app, pygame.K_n)
    assert app.scene is scene and scene.paste.confirm is None
    key(app, pygame.K_v, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_y)
    assert app.scene is not scene and app.scene.session.options == {POSITION: XGID}


def test_the_position_dialog_takes_typed_text_and_keeps_bad_text_to_mend(app, clipboard):
    scene = open_game(app, game="mandragora")
    key(app, pygame.K_l, mod=pygame.KMOD_CTRL)
    dialog = scene.paste.dialog
    assert dialog is not None and dialog.entry.get_text() == scene.position_line.text()[1]
    dialog.entry.set_text("1:MCM,nonsense")
    press_button(app, dialog.open)
    assert app.scene is scene and scene.paste.dialog is dialog and app.banner.error
    text = "1:MCM,2:MMM,3:PMP,4:MMM,5:MMM,6:MAM,7:KMK,8:MMM;turn=opponent;first=player;score=3-1"
    dialog.entry.set_text(text)
    post(pygame_gui.UI_TEXT_ENTRY_FINISHED, ui_element=dialog.entry, text=text)
    app.frame()
    assert app.scene is not scene and app.scene.session.options == {POSITION: text}
    assert app.scene.position_line.text()[1] == text


def test_open_on_the_position_line_opens_the_dialog_and_esc_closes_it(app, clipboard):
    scene = open_game(app, game="chesstack")
    placed = [rect for section, rect in scene.panel.placed if section is scene.position_line]
    assert placed, "the position line is shown at the default size"
    click(app, scene.position_line.open_rect.center)
    assert scene.paste.dialog is not None
    key(app, pygame.K_ESCAPE)
    assert scene.paste.dialog is None and app.scene is scene


def test_the_menu_starts_a_game_from_the_position_row(app, clipboard):
    app.show_menu()
    menu = app.scene
    clipboard["text"] = XGID
    key(app, pygame.K_v, mod=pygame.KMOD_CTRL)  # the row need not be clicked first
    assert menu.widgets["position"].get_text() == XGID
    press_button(app, menu.widgets["start"])
    assert app.scene is not menu and app.scene.session.options == {POSITION: XGID}
    state = app.scene.session.state
    assert state.cube.score == (3, 2) and state.cube.match_length == 7


def test_the_menu_refuses_a_bad_position_with_a_banner(app, clipboard):
    app.show_menu()
    menu = app.scene
    menu.widgets["position"].set_text("4HPwATDgc")
    post(pygame_gui.UI_TEXT_ENTRY_CHANGED, ui_element=menu.widgets["position"], text="4HPwATDgc")
    app.frame()
    press_button(app, menu.widgets["start"])
    assert app.scene is menu and app.banner.error and "Cannot start from that position" in app.banner.text


def test_a_pasted_position_with_the_computer_to_play_waits_for_play_on(app, clipboard):
    """It opens for analysis: nothing is played until "Play on" (Enter); then the computer plays."""
    old = open_game(app, players=("human", "hard"))
    clipboard["text"] = "XGID=-b----E-C---eE---c-e----B-:0:0:-1:00:0:0:0:0:10"  # Black, the computer, to roll
    key(app, pygame.K_v, mod=pygame.KMOD_CTRL)
    scene = app.scene
    assert scene is not old and scene.replay.replaying and "Play on (Enter)" in app.banner.text
    for _ in range(60):
        app.frame()
    assert len(scene.session.states) == 1  # the computer has not moved
    key(app, pygame.K_RETURN)  # Play on
    assert run_until(app, lambda: len(scene.session.states) > 2 and scene.mover.human)
    assert not scene.replay.replaying


def test_a_pasted_position_with_a_human_to_play_opens_to_play(app, clipboard):
    open_game(app, players=("human", "hard"))
    clipboard["text"] = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10"  # White, the human, to play 3-1
    key(app, pygame.K_v, mod=pygame.KMOD_CTRL)
    scene = app.scene
    app.frame()
    assert not scene.replay.replaying and scene.mover.human
