"""The menu's computer players: the levels first, weakest first, by title; the seed
strategies and evaluator players after a "research players" heading; and the chosen player's
one-line description under its drop-down (issue 17 item 11)."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.games import get_game
from game.ui.menu import RESEARCH_HEADING, player_choices


def menu_for(app, game: str, mode: str = "hvc"):
    app.settings.last_game, app.settings.last_mode = game, mode
    app.show_menu()
    app.frame()
    return app.scene


def choose(app, widget: str, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text=text,
                                         ui_element=app.scene.widgets[widget]))
    app.frame()


@pytest.mark.parametrize("game", ["backgammon", "chesstack"])
def test_levels_come_first_then_the_research_players(app, game):
    info = get_game(game)
    menu = menu_for(app, game)
    texts = [text for text, _ in menu.widgets["level"].options_list]
    levels = ["Beginner", "Intermediate", "Advanced", "Expert"] + (["World class", "Grandmaster"] if game == "backgammon" else [])
    assert [level.title for level in info.levels] == levels
    assert texts[:len(levels) + 1] == levels + [RESEARCH_HEADING]
    assert set(texts[len(levels) + 1:]) == set(info.players.names) - {level.name for level in info.levels}
    assert "random" in texts[len(levels) + 1:]


def test_every_player_has_a_one_line_description():
    for game in ("backgammon", "chesstack", "mandragora"):
        info = get_game(game)
        for _, name in player_choices(info):
            if name:
                assert 10 < len(info.player_description(name)) < 100, (game, name)


def test_mandragora_lists_random_as_a_research_player():
    assert player_choices(get_game("mandragora")) == [
        ("Analyzer", "analyzer"), ("Expert", "expert"), (RESEARCH_HEADING, ""), ("random", "random")]


def test_choosing_by_title_or_name_and_the_heading_chooses_nothing(app):
    menu_for(app, "backgammon")
    choose(app, "level", "Intermediate")
    assert app.scene.players == ["human", "intermediate"]
    choose(app, "level", RESEARCH_HEADING)
    assert app.scene.players == ["human", "intermediate"]
    assert app.scene.widgets["level"].selected_option[0] == "Intermediate"
    choose(app, "level", "greedy:bras")
    assert app.scene.players == ["human", "greedy:bras"]


@pytest.mark.parametrize("size", [(720, 480), (800, 600), (1920, 1080)])
@pytest.mark.parametrize("mode", ["hvc", "cvc"])
def test_the_description_is_drawn_under_the_drop_down_and_fits(app, size, mode):
    app.resize(size)
    menu = menu_for(app, "mandragora", mode)
    app.frame()
    w, h = app.screen.get_size()
    assert menu.abouts and all(area.bottom <= h for area, _ in menu.abouts)
    drops = [menu.widgets[k].rect for k in ("level", "seat0", "seat1") if k in menu.widgets]
    for area, _ in menu.abouts:
        assert not any(area.inflate(0, -4).colliderect(d) for d in drops)  # never under a drop-down
    assert menu.widgets["quit"].rect.bottom <= h  # the buttons still fit
