"""The tournament screen's "Play" choice (backgammon: cubeless, money with cube, a match) and
match results in its pairs table."""

from __future__ import annotations

import json

import pygame
import pygame_gui
import pytest

from game.core.tournament import ResultStore, Settings, run_tournament, summarize
from game.core.tournament.folders import new_folder
from game.games import get_game
from game.ui.tournament import view as tournament_view
from game.ui.tournament.scene import choice_of, read_choices
from ..interrupt import interrupt_after
from .test_tournament_scene import fill, finish, open_scene, pick
from .util import press_button

BACKGAMMON = get_game("backgammon")


def test_the_choices_and_the_options_they_set():
    labels = [label for label, _ in BACKGAMMON.tournament_play().choices]
    assert labels[:2] == ["Cubeless", "Money with cube"]
    assert labels[2:] == [f"Match to {n}" for n in (1, 3, 5, 7, 9, 11, 13, 15, 17, 21, 25)]
    picked = ["random", "easy"]
    assert read_choices(BACKGAMMON, picked, "2", "0", "1")[0].options == {}
    assert read_choices(BACKGAMMON, picked, "2", "0", "1", "Match to 7")[0].options == {"match_length": 7}
    assert read_choices(BACKGAMMON, picked, "2", "0", "1", "Money with cube")[0].options == {"cube": True}
    assert choice_of(BACKGAMMON, {"match_length": 25}) == "Match to 25" and choice_of(BACKGAMMON, {"x": 1}) is None
    assert read_choices(get_game("mandragora"), ["random", "analyzer"], "2", "0", "1")[0].options == {}


def test_a_game_without_choices_shows_none(app):
    assert "choice" not in open_scene(app, "mandragora").widgets


def test_a_match_tournament_from_the_screen(app, tabula_home):
    scene = open_scene(app)
    menu = scene.widgets["choice"]
    assert menu.selected_option in ("Cubeless", ("Cubeless", "Cubeless"))
    scene.handle_event(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, {"ui_element": menu,
                                                                                 "text": "Match to 1"}))
    pick(app, scene, ("random", "easy"))
    fill(scene, games="2", seed="4")
    press_button(app, scene.widgets["start"])
    assert not scene.widgets["choice"].is_enabled  # fixed while playing
    finish(app, scene)
    progress = scene.job.progress()
    assert progress.status == "finished" and progress.done == 2
    settings = json.loads((scene.job.folder / "settings.json").read_text())
    assert settings["options"] == {"match_length": 1}
    records = [json.loads(line) for line in (scene.job.folder / "games.jsonl").read_text().splitlines()]
    assert all(r["options"] == {"match_length": 1} and "match_games" in r for r in records)
    head, rows = tournament_view.pairs_table(progress.summary)
    assert "A match wins" in head and rows[0][head.index("A match wins")].endswith("%)")


def test_resume_last_shows_the_choice_it_was_played_with(app, tabula_home):
    settings = Settings("backgammon", ("random", "easy"), 4, 0, options={"cube": True})
    with ResultStore(new_folder("backgammon"), settings) as store, pytest.raises(KeyboardInterrupt):
        run_tournament(settings, get_game, store, on_result=interrupt_after(1))
    scene = open_scene(app)
    assert scene.choice_text == "Cubeless" and scene.last is not None
    press_button(app, scene.widgets["resume"])
    assert scene.choice_text == "Money with cube" and scene.job.settings == settings
    finish(app, scene)


def test_cubeless_tournaments_show_no_match_column():
    settings = Settings("backgammon", ("a", "b"), 2, 0)
    records = [{"index": 0, "pair": [0, 1], "number": 0, "seats": [0, 1], "result": [1, -1]}]
    assert "A match wins" not in tournament_view.pairs_table(summarize(settings, records))[0]
