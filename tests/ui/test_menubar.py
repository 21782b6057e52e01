"""The menu bar: a scripted walk over every item of every screen's menus, by mouse as a user
would (a click on the title, a click on the item).  An item that works does what its key
does, with no fault; one that does not is greyed and says why; its key is the key table's."""

from __future__ import annotations

import dataclasses
import shutil
import time

import pygame
import pytest

from game.core.gameinfo import ANALYSIS_LEVEL
from game.core.saves import examples_dir
from game.core.session import GameSetup
from game.games import get_game
from game.ui.keys import KEY_TABLE
from game.ui.keys_scene import KeysScene
from game.ui.menubar.entries import PLAY_MENUS, REVIEW_MENUS, key_event
from game.ui.play.scene import PlayScene

from .util import click, key, post, run_until


def _play(app, players=("human", "hard"), game="backgammon", seed=2):
    assert app.start_game(GameSetup(game, players, seed=seed, options={"first": 0} if game == "backgammon" else {}))
    scene = app.scene
    if "human" in players:
        assert run_until(app, lambda: scene.mover.human)
    return scene


@pytest.fixture(scope="module")
def midgame(tmp_path_factory):
    """A saved game to review, shared by the Review screen's tests: the review's cache beside it
    makes every review after the first instant."""
    save = tmp_path_factory.mktemp("menubar") / "midgame.json"
    shutil.copy(examples_dir() / "human-vs-hard-midgame.json", save)
    return save


def _review(app, save):
    info = get_game("backgammon")
    app.settings.choose(info, ANALYSIS_LEVEL, info.analysis_level_names[0])
    assert app.open_saved(save)
    key(app, pygame.K_v)
    review = app.scene
    end = time.monotonic() + 120
    while (review.waiting or review.analysing) and time.monotonic() < end:
        app.frame()
        time.sleep(0.005)
    assert not review.waiting and not review.analysing
    return review


def _choose(app, bar, menu: str, label: str) -> None:
    """Open ``menu`` and click ``label``, by mouse."""
    titles = [m.title for m in bar.menus()]
    click(app, bar.title_rects()[titles.index(menu)].center, frames=1)
    assert bar.is_open and bar.shown[bar.open_index].title == menu
    labels = [item.label for item in bar.shown[bar.open_index].items]
    click(app, bar.item_rects()[labels.index(label)].center, frames=2)


PLAY_ITEMS = [(menu, entry.label) for menu, entries in PLAY_MENUS for entry in entries]
REVIEW_ITEMS = [(menu, entry.label) for menu, entries in REVIEW_MENUS for entry in entries]


def test_every_key_item_is_a_key_of_the_table():
    table = {(k.keys, k.does) for k in KEY_TABLE}
    from game.backgammon.cube.display import CUBE_KEYS, OFFER_KEYS

    table |= {(keys, does) for keys, does, _ in CUBE_KEYS + OFFER_KEYS}
    for _, entries in PLAY_MENUS + REVIEW_MENUS:
        for entry in entries:
            assert (entry.table is None) != (entry.action == ""), entry
            if entry.table is not None:
                assert entry.table in table, entry
                event = key_event(entry.keys)
                assert event.type == pygame.KEYDOWN and event.key, entry


def test_key_events_are_the_keys_pygame_posts():
    event = key_event("Ctrl+Shift+C")
    assert event.key == pygame.K_c and event.mod & pygame.KMOD_CTRL and event.mod & pygame.KMOD_SHIFT
    assert key_event("H").key == pygame.K_h and key_event("H").unicode == "h"
    assert key_event("+").key == pygame.K_PLUS and key_event("Esc").key == pygame.K_ESCAPE
    assert key_event("PgDn").key == pygame.K_PAGEDOWN and key_event("F1").key == pygame.K_F1


PLAY_EFFECTS = {
    "New game": lambda app, scene: app.scene is not scene or scene.confirmation.dialog is not None,
    "Open or import a game…": lambda app, scene: type(app.scene).__name__ == "MenuScene" and app.scene.dialog,
    "Save": lambda app, scene: app.banner.text.startswith("Saved as"),
    "Undo": lambda app, scene: True,
    "Back to the menu": lambda app, scene: type(app.scene).__name__ == "MenuScene",
    "Copy position": lambda app, scene: "copied" in app.banner.text.lower() or "clipboard" in app.banner.text.lower(),
    "Type a position…": lambda app, scene: scene.paste.dialog is not None,
    "Set up position…": lambda app, scene: type(app.scene).__name__ == "SetupScene",
    "Hints": lambda app, scene: app.settings.hints,
    "Every roll": lambda app, scene: scene.overlays.every_roll.is_open,
    "Roll out": lambda app, scene: scene.overlays.rollout.job is not None or "roll" in app.banner.text.lower(),
    "Tutor": lambda app, scene: app.settings.tutor,
    "Library": lambda app, scene: type(app.scene).__name__ == "LibraryScene",
    "Drills": lambda app, scene: type(app.scene).__name__ == "DrillScene",
    "Cube and race theory": lambda app, scene: scene.overlays.theory.is_open,
    "Score map": lambda app, scene: scene.overlays.theory.is_open and (scene.overlays.theory.map_wanted
                                                                       or scene.overlays.theory.showing_map),
    "Graph": lambda app, scene: app.settings.graph,
    "Faster animation": lambda app, scene: app.banner.text.startswith("Animation: "),
    "Slower animation": lambda app, scene: app.banner.text.startswith("Animation: "),
    "Sound": lambda app, scene: not app.settings.sound,
    "Keys in the side panel": lambda app, scene: app.settings.key_help,
    "Keys": lambda app, scene: isinstance(app.scene, KeysScene) and not app.scene.about_only,
    "Rules": lambda app, scene: type(app.scene).__name__ == "RulesScene",
    "About Tabula": lambda app, scene: isinstance(app.scene, KeysScene) and app.scene.about_only,
}
"""What each play-screen item visibly does, where a test can see it at a human's first turn."""


@pytest.mark.parametrize("menu, label", PLAY_ITEMS)
def test_every_play_item_works_or_says_why_not(app, menu, label):
    scene = _play(app)
    app.settings.sound = True
    bar = scene.menu_bar
    item = bar.item_named(menu, label)
    if not item.enabled:
        assert item.reason and len(item.reason) > 10
        _choose(app, bar, menu, label)  # a greyed item does nothing: the menu stays open
        assert app.scene is scene and bar.is_open
        return
    _choose(app, bar, menu, label)
    assert not bar.is_open
    check = PLAY_EFFECTS.get(label)
    if check is not None:
        assert run_until(app, lambda: check(app, scene), limit=300), f"{menu} > {label} did nothing visible"


def test_greyed_items_at_a_humans_first_turn_are_those_that_cannot_work(app):
    scene = _play(app)
    greyed = {item.label: item.reason for m in scene.menu_bar.menus() for item in m.items if not item.enabled}
    assert greyed["Export as a match file (.mat)"].startswith("no finished game to export")
    assert greyed["Pause"] == "only while computers play" and greyed["Review the game"] == "no move has been made yet"
    assert "Chesstack" in greyed["Scores on the board"]
    assert "Hints" not in greyed and "Cube and race theory" not in greyed
    assert greyed["Roll out"] == "rolls out the hint table's plays: show the hints first (H)"


def test_watching_and_replay_grey_what_needs_a_human(app):
    scene = _play(app, players=("hard", "hard"))
    greyed = {item.label: item.reason for m in scene.menu_bar.menus() for item in m.items if not item.enabled}
    assert greyed["Tutor"] == "only while a game is played" and "Pause" not in greyed
    _choose(app, scene.menu_bar, "View", "Pause")
    assert scene.overlays.watch.paused


def test_chesstack_has_its_scores_and_no_backgammon_items(app):
    scene = _play(app, players=("human", "beginner"), game="chesstack", seed=1)
    bar = scene.menu_bar
    assert bar.item_named("View", "Scores on the board").enabled
    assert "backgammon" in bar.item_named("Analysis", "Every roll").reason
    shown = scene.view.scores.shown
    _choose(app, bar, "View", "Scores on the board")
    assert scene.view.scores.shown is not shown


@pytest.mark.parametrize("menu, label", REVIEW_ITEMS)
def test_every_review_item_works_or_says_why_not(app, midgame, menu, label):
    review = _review(app, midgame)
    review.go(0)
    bar = review.menu_bar
    item = bar.item_named(menu, label)
    if not item.enabled:
        assert item.reason and len(item.reason) > 10
        return
    before = review.at
    _choose(app, bar, menu, label)
    assert not bar.is_open
    if label in ("Next decision", "Last decision", "Next mistake"):
        assert review.at > before
    elif label == "Back to the game":
        assert isinstance(app.scene, PlayScene)
    elif label in ("Keys", "About Tabula"):
        assert isinstance(app.scene, KeysScene) and app.scene.about_only == (label == "About Tabula")


def test_the_menu_closes_by_esc_a_click_beside_it_or_f10_and_keys_walk_it(app):
    scene = _play(app)
    bar = scene.menu_bar
    key(app, pygame.K_F10)
    assert bar.is_open and bar.shown[bar.open_index].title == "Game"
    key(app, pygame.K_RIGHT)
    assert bar.shown[bar.open_index].title == "Position"
    key(app, pygame.K_ESCAPE)
    assert not bar.is_open and app.scene is scene  # Esc closed the menu, not the game
    _choose_title = bar.title_rects()[2].center
    click(app, _choose_title, frames=1)
    assert bar.is_open
    hints = app.settings.hints
    click(app, (bar.rect.right - 5, app.screen.get_height() - 30), frames=1)  # beside it: closes, nothing else
    assert not bar.is_open and app.settings.hints == hints
    key(app, pygame.K_F10)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)  # Analysis
    key(app, pygame.K_DOWN)  # Hints
    key(app, pygame.K_RETURN)
    assert not bar.is_open and app.settings.hints != hints


def test_pointing_at_a_greyed_item_says_why(app):
    scene = _play(app)
    bar = scene.menu_bar
    titles = [m.title for m in bar.menus()]
    click(app, bar.title_rects()[titles.index("Analysis")].center, frames=1)
    labels = [item.label for item in bar.shown[bar.open_index].items]
    post(pygame.MOUSEMOTION, pos=bar.item_rects()[labels.index("Review the game")].center, rel=(0, 0),
         buttons=(0, 0, 0))
    app.frame()
    assert bar.shown[bar.open_index].items[bar.hover].reason == "no move has been made yet"
    assert bar.list_rect().h > len(labels) * bar._row_height + 12  # room for the reason under the items


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_the_bar_and_its_lists_stay_beside_the_panel_and_over_no_board_when_closed(app, size):
    app.resize(size)
    scene = _play(app)
    bar = scene.menu_bar
    assert bar.rect.right <= scene.panel.rect.x and bar.rect.bottom <= scene.view.rect.top
    for index in range(len(bar.menus())):
        bar.open(index)
        assert bar.list_rect().right <= scene.panel.rect.x and bar.list_rect().x >= 0
        assert bar.list_rect().bottom <= size[1]
    bar.close()
    app.frame()


def test_roll_out_from_the_menu_rolls_out_the_hint_tables_plays(app):
    app.settings.hints = True
    scene = _play(app)
    assert run_until(app, lambda: scene.overlays.hints.ready, limit=2000)
    assert scene.menu_bar.item_named("Analysis", "Roll out").enabled
    _choose(app, scene.menu_bar, "Analysis", "Roll out")
    assert scene.overlays.rollout.job is not None
    _choose(app, scene.menu_bar, "Analysis", "Roll out")  # again: stops it, as O does
    assert not scene.overlays.rollout.job.running


def test_point_numbers_follow_the_player_on_roll_or_stay_the_bottom_players(app):
    """The board's numbers and the hints' plays always agree: by default both are the player
    on roll's; fixed to the bottom player's, the top player's plays are written in them too."""
    from game.backgammon.notation import renumbered

    app.settings.hints = True
    scene = _play(app, players=("human", "human"))
    view, hints = scene.view, scene.overlays.hints
    state = scene.session.state
    assert run_until(app, lambda: hints.ready and hints.records)
    top = dataclasses.replace(state, turn=1 - scene.bottom)
    assert view._numbered_from_top(top) and not view._numbered_from_top(state)
    assert view.shown_notation(top, "24/18 13/11") == "24/18 13/11"
    _choose(app, scene.menu_bar, "View", "Point numbers: the player on roll's or the bottom's")
    assert app.settings.of(scene.session.info)["point_numbers"] == "bottom"
    assert not view._numbered_from_top(top) and view.shown_notation(top, "24/18 13/11") == "1/7 12/14"
    assert view.shown_notation(state, "24/18 13/11") == "24/18 13/11"
    records = hints.records
    hints.state = top  # as if the top player were on roll: the table writes its plays in the bottom's numbers
    move = next(c for c in scene.overlays.hint_section.columns(records) if c.key == "move")
    assert move.cell(records[0]) == renumbered(records[0].notation) != records[0].notation


def test_the_set_up_position_screen_has_its_menus_too(app):
    from game.ui.setup_scene import SetupScene

    scene = _play(app)
    key(app, pygame.K_e, mod=pygame.KMOD_CTRL)
    setup = app.scene
    assert isinstance(setup, SetupScene)
    bar = setup.menu_bar
    assert [m.title for m in bar.menus()] == ["Position", "Help"]
    assert all(item.enabled for m in bar.menus() for item in m.items)
    assert bar.rect.bottom <= setup.board.rect.top
    _choose(app, bar, "Position", "No dice")
    assert setup.draft.rows()  # still the screen, the dice taken away
    _choose(app, bar, "Help", "Keys")
    assert isinstance(app.scene, KeysScene) and ("0", "no dice (set up position)") in app.scene.keys
    key(app, pygame.K_ESCAPE)
    _choose(app, bar, "Position", "Back, unchanged")
    assert app.scene is scene


def test_a_closed_bar_is_drawn_with_the_scene_under_a_dialog_and_an_open_list_over_it(app):
    """A dialog over the board (here Ctrl+L's) covers the bar as it covers the board; an open
    menu's list is drawn after the widgets, over everything."""
    scene = _play(app)
    blank = pygame.Surface(app.screen.get_size())
    drawn = blank.copy()
    scene.draw_above(drawn)  # closed: nothing after the widgets
    assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(blank, "RGB")
    scene.menu_bar.open(0)
    scene.draw_above(drawn)
    box = scene.menu_bar.list_rect()
    assert drawn.get_at(box.center)[:3] != blank.get_at(box.center)[:3]
