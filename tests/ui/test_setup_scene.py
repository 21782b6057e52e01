"""The Set up position screen (issue 35, item 3), driven by clicks and keys as a user would:
the board's hit-testing of points, bar and trays, the panel's buttons and dice, Done into
the analysis of the position, Save, the menu's button and Ctrl+E from a game, Esc back."""

from __future__ import annotations

import pygame
import pytest

from game.backgammon.board import BAR, OFF, START_SIDE
from game.core.protocol import POSITION
from game.core.saves import load_game, saves_dir
from game.core.session import GameSession, GameSetup
from game.games import get_game, rules_for
from game.ui.menu import MenuScene
from game.ui.play.scene import PlayScene
from game.ui.setup_scene import SetupScene

from .util import click, drag, key, post, press_button, run_until
from game.core.capabilities import PositionEditor

INFO = get_game("backgammon")


def open_setup(app) -> SetupScene:
    app.show_menu()
    app.frame()
    press_button(app, app.scene.widgets["setup"])
    scene = app.scene
    assert isinstance(scene, SetupScene)
    app.frame()
    return scene


def widget(scene, key_name: str, value=None):
    """The panel's widget that sets ``key_name`` (a toggle's button: the one for ``value``)."""
    return next(w for w, (k, v) in scene.widgets.items() if k == key_name and (value is None or v == value))


def spot(scene, colour: int, slot: int, index: int | None = None):
    """Where the board draws ``colour``'s checker ``index`` (default: its top one) on its ``slot``."""
    count = scene.draft.count(colour, slot)
    return scene.board.view.slot_pos(colour, slot, count - 1 if index is None else index)


def type_text(app, text: str) -> None:
    for char in text:
        post(pygame.KEYDOWN, key=pygame.K_0 + int(char) if char.isdigit() else 0, mod=0, unicode=char, scancode=0)
        app.frame()


def test_the_menu_offers_it_only_for_a_game_with_an_editor(app):
    app.show_menu()
    menu = app.scene
    assert "setup" in menu.widgets and menu.widgets["setup"].text == "Set up position…"
    menu._choose(menu.widgets["game"], next(g.title for g in menu.games if not g.has(PositionEditor)))
    assert "setup" not in app.scene.widgets


def test_clicks_add_take_away_and_drag_at_the_points_the_view_hit_tests(app):
    scene = open_setup(app)
    draft, board = scene.draft, scene.board
    assert draft.sides == [list(START_SIDE)] * 2 and board.bottom == 0
    # White's 6-point at the bottom: a left click adds a White checker (a 16th: said at once)
    click(app, spot(scene, 0, 6, 0))
    assert draft.sides[0][6] == 6 and "White has 16 checkers" in draft.problems()[0]
    assert not scene.buttons["done"].is_enabled
    click(app, spot(scene, 0, 6), button=3)  # and a right click takes it away again
    assert draft.sides[0][6] == 5 and draft.problems() == []
    # a right click on Black's 1-point (White's 24) takes a Black checker to Black's tray
    click(app, spot(scene, 1, 6), button=3)
    assert draft.sides[1][6] == 4 and draft.sides[1][OFF] == 1
    # Black is chosen: a click on an empty point adds Black's checker, from its tray
    press_button(app, widget(scene, "colour", "Black"))
    assert draft.colour == 1
    click(app, board.view.slot_pos(1, 20, 0))
    assert draft.sides[1][20] == 1 and draft.sides[1][OFF] == 0 and draft.problems() == []
    # drags: White 13 -> 11, White 24 -> the bar, White 8 -> White's tray
    drag(app, spot(scene, 0, 13), board.view.slot_pos(0, 11, 0))
    drag(app, spot(scene, 0, 24), board.layout.bar_pos(True, 0))
    drag(app, spot(scene, 0, 8), board.layout.tray_slab(True, 0).center)
    assert (draft.sides[0][13], draft.sides[0][11], draft.sides[0][24], draft.sides[0][BAR]) == (4, 1, 1, 1)
    assert (draft.sides[0][8], draft.sides[0][OFF]) == (2, 1) and draft.problems() == []
    # the bar and the trays: each half is one colour's (a right click takes that colour's checker)
    assert board.place_at(board.layout.bar_pos(True, 0)) == (BAR, True)
    assert board.place_at(board.layout.bar_pos(False, 0)) == (BAR, False)
    click(app, board.layout.tray_slab(True, 0).center, button=3)  # White's tray (bottom half)
    assert draft.sides[0][OFF] == 0 and draft.total(0) == 14 and "White has only 14" in draft.problems()[0]
    click(app, board.layout.tray_slab(True, 0).center)  # a click in the tray: Black is chosen, Black's tray
    assert draft.sides[1][OFF] == 1 and draft.total(1) == 16


def test_a_shared_point_is_shown_and_refused(app):
    scene = open_setup(app)
    drag(app, spot(scene, 0, 13), scene.board.view.slot_pos(0, 19, 0))  # onto Black's 6-point
    assert scene.draft.sides[0][19] == 1
    assert "White's 19-point (Black's 6-point) holds checkers of both sides" in scene.draft.problems()[0]
    key(app, pygame.K_RETURN)  # Done refused, saying why
    assert app.scene is scene and "White's 19-point" in app.banner.text


def test_the_panel_buttons_clear_start_swap_and_turn(app):
    scene = open_setup(app)
    draft = scene.draft
    press_button(app, widget(scene, "clear"))
    assert draft.sides == [[15] + [0] * 25] * 2
    assert any("borne off all 15" in problem for problem in draft.problems())
    press_button(app, widget(scene, "start"))
    assert draft.sides == [list(START_SIDE)] * 2
    drag(app, spot(scene, 0, 24), scene.board.view.slot_pos(0, 18, 0))
    press_button(app, widget(scene, "turn", "Black"))
    assert draft.turn == 1
    press_button(app, widget(scene, "swap"))
    assert draft.sides[1][18] == 1 and draft.sides[0][18] == 0 and draft.turn == 0


def test_dice_by_keys_by_the_line_and_by_the_faces(app):
    scene = open_setup(app)
    draft = scene.draft
    type_text(app, "31")
    assert draft.dice == (3, 1)
    type_text(app, "0")
    assert draft.dice is None
    entry = widget(scene, "dice")
    click(app, entry.rect.center)
    for char in "64":  # a key typed in the line is the line's: the board does not take it too
        post(pygame.KEYDOWN, key=pygame.K_0 + int(char), mod=0, unicode=char, scancode=0)
        post(pygame.TEXTINPUT, text=char)
        app.frame()
    app.frame()  # the entry's change arrives as an event of its own
    assert draft.dice == (6, 4)
    click(app, scene.board.view.slot_pos(0, 1, 0))  # the board again: the entry keeps no focus
    faces = dict(scene.board.faces)
    click(app, faces[5].center)
    assert draft.dice_text == "5" and not scene.buttons["done"].is_enabled  # half a roll
    click(app, faces[2].center)
    assert draft.dice == (5, 2) and widget(scene, "dice").get_text() == "52"
    click(app, faces[0].center)  # "none"
    assert draft.dice is None


def test_done_opens_the_analysis_of_exactly_the_edited_position(app):
    scene = open_setup(app)
    draft = scene.draft
    app.settings.hints = False
    drag(app, spot(scene, 0, 24), scene.board.view.slot_pos(0, 20, 0))
    press_button(app, widget(scene, "turn", "Black"))
    type_text(app, "43")
    scene.use("kind", "Money game")
    scene.use("cube", "2")
    scene.use("owner", "White's")
    scene.use("beavers", "on")
    app.frame()
    assert draft.problems() == [] and scene.buttons["done"].is_enabled
    edited, text = draft.state(), draft.text()
    press_button(app, scene.buttons["done"])
    play = app.scene
    assert isinstance(play, PlayScene)
    session = play.session
    assert session.states[0] == edited and session.options == {POSITION: text}
    assert INFO.position_text(session.state, "xgid")[1] == text  # the text round-trips
    assert session.player_names == ["human", "human"] and app.settings.hints
    assert run_until(app, lambda: play.overlays.hints.ready and play.overlays.hints.state is session.state,
                     limit=60000)
    assert play.overlays.hints.records  # the plays of Black's 4-3, analysed


def test_play_on_against_the_computer(app):
    scene = open_setup(app)
    words, players = scene.players[2]
    scene.use("players", words)
    assert players[1] == "human" and players[0] != "human"
    press_button(app, scene.buttons["done"])
    assert app.scene.session.player_names == list(players)


def test_save_writes_a_game_that_loads_back_at_the_position(app):
    scene = open_setup(app)
    scene.use("kind", "Match")
    scene.use("score0", "White: 4")
    drag(app, spot(scene, 1, 13), scene.board.view.slot_pos(1, 9, 0))
    edited = scene.draft.state()
    press_button(app, scene.buttons["save"])
    saved = sorted(saves_dir().glob("backgammon-setup-*.json"))
    assert len(saved) == 1 and "Saved as" in app.banner.text and app.scene is scene
    record = load_game(saved[0], rules_for)
    assert record.actions == [] and record.options == {POSITION: scene.draft.text()}
    assert GameSession.from_record(INFO, record).state == edited
    assert app.open_saved(saved[0])  # the window opens it, to play on from
    assert app.scene.session.states[0] == edited


def test_ctrl_e_starts_from_the_position_on_show_and_esc_changes_nothing(app):
    assert app.start_game(GameSetup("backgammon", ("human", "human"), seed=4, options={"match_length": "5"}))
    play = app.scene
    assert run_until(app, lambda: play.mover.human)
    actions = list(play.session.actions)
    key(app, pygame.K_e, mod=pygame.KMOD_CTRL, frames=2)
    scene = app.scene
    assert isinstance(scene, SetupScene) and scene.draft.kind == "match" and scene.draft.length == 5
    assert scene.draft.dice == play.session.state.dice and scene.draft.turn == play.session.state.turn
    assert scene.draft.state().sides == play.session.state.sides
    drag(app, spot(scene, 0, 13), scene.board.view.slot_pos(0, 12, 0))
    key(app, pygame.K_ESCAPE, frames=2)
    assert app.scene is play and play.session.actions == actions  # back to the same game, untouched
    assert "Ctrl+E set up position" in play.keys.help()


def test_done_over_a_game_in_progress_asks_first(app):
    assert app.start_game(GameSetup("backgammon", ("human", "human"), seed=4))
    play = app.scene
    assert run_until(app, lambda: play.mover.human)
    move = play.session.rules.legal_moves(play.session.state)[0]
    play.mover.play_human(move)
    assert run_until(app, lambda: play.session.in_progress and play.mover.human)
    key(app, pygame.K_e, mod=pygame.KMOD_CTRL, frames=2)
    scene = app.scene
    key(app, pygame.K_RETURN)
    assert scene.confirm is not None and app.scene is scene
    key(app, pygame.K_n)
    assert scene.confirm is None and app.scene is scene
    key(app, pygame.K_RETURN)
    key(app, pygame.K_y, frames=2)
    assert isinstance(app.scene, PlayScene) and app.scene is not play and not app.scene.session.actions


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_the_panel_fits_small_and_large_windows(size):
    import pygame as pg

    from game.ui.app import App

    window = App(size)
    try:
        window.show_menu()
        window.frame()
        press_button(window, window.scene.widgets["setup"])
        scene = window.scene
        scene.use("kind", "Match")
        window.frame()
        w, h = size
        rects = [element.rect for element in scene.widgets] + [b.rect for b in scene.buttons.values()]
        assert all(0 <= r.left and r.right <= w and 0 <= r.top and r.bottom <= h for r in rects)
        assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
        assert not any(r.colliderect(scene.board.board_rect) for r in rects)
        assert scene.board.picker.bottom <= h and not scene.board.picker.colliderect(scene.board.board_rect)
    finally:
        window.close()
        pg.quit()


def test_esc_goes_back_to_the_menu_as_it_was(app):
    app.show_menu()
    menu = app.scene
    menu.seed_text = "42"
    press_button(app, menu.widgets["setup"])
    scene = app.scene
    scene.use("kind", "Match")
    key(app, pygame.K_ESCAPE, frames=2)
    assert app.scene is menu and isinstance(menu, MenuScene) and len(app.stack) == 1
    assert menu.widgets["seed"].get_text() == "42"
    press_button(app, menu.widgets["setup"])
    assert app.scene.draft.kind == "cubeless"  # a new setup starts again from the starting position
