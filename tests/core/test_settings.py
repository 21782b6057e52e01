"""Settings: defaults, round trips, and tolerance of missing or corrupt files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core.settings import Settings, config_dir, load_settings, parse_names, save_settings
from game.games import all_games, get_game

BACKGAMMON = get_game("backgammon")


def test_missing_file_gives_defaults(tmp_path):
    settings, problem = load_settings(tmp_path / "none.json")
    assert settings == Settings() and problem is None


def test_round_trip(tmp_path):
    path = tmp_path / "settings.json"
    changed = Settings(sound=False, animation="slow", window_size=[900, 700])
    changed.choose(BACKGAMMON, "home_side", "left")
    changed.choose(BACKGAMMON, "dice", "hand")
    assert save_settings(changed, path) is None
    assert load_settings(path, all_games()) == (changed, None)
    assert changed.of(BACKGAMMON) == {"home_side": "left", "point_numbers": "roll", "auto_bearoff": False,
                                      "computer_resigns": False,
                                      "analysis_level": "advanced", "position_text": "own", "dice": "hand",
                                      "met": "kazaross-xg2"}


def test_corrupt_file_falls_back_and_reports(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{"sound": fal')
    settings, problem = load_settings(path)
    assert settings == Settings() and "not valid JSON" in problem and "settings.json.bad" in problem
    path.write_text("[]")
    assert "not a settings file" in load_settings(path)[1]


def test_bad_values_are_replaced_one_by_one(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"sound": "yes", "animation": "warp", "unknown": 1, "window_size": [10, 10],
                                "games": {"backgammon": {"home_side": "left", "auto_bearoff": "yes"}}}))
    settings, problem = load_settings(path, all_games())
    assert settings.of(BACKGAMMON)["home_side"] == "left" and settings.of(BACKGAMMON)["auto_bearoff"] is False
    assert settings.sound is True and settings.animation == "normal" and settings.window_size == [1280, 800]
    assert "sound" in problem and "animation" in problem and "window_size" in problem
    assert "backgammon.auto_bearoff" in problem


def test_a_games_own_settings_are_read_from_an_older_flat_file(tmp_path):
    """Files written before games kept their own settings had them at the top level."""
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"home_side": "left", "auto_bearoff": True, "analysis_level": "expert"}))
    settings, problem = load_settings(path, all_games())
    assert problem is None
    assert settings.of(BACKGAMMON) == {"home_side": "left", "point_numbers": "roll", "auto_bearoff": True,
                                       "computer_resigns": False,
                                       "analysis_level": "expert", "position_text": "own", "dice": "program",
                                       "met": "kazaross-xg2"}
    assert settings.of(get_game("mandragora")) == {}


def test_choose_refuses_a_setting_the_game_does_not_declare():
    settings = Settings()
    with pytest.raises(ValueError):
        settings.choose(BACKGAMMON, "home_side", "up")
    with pytest.raises(ValueError):
        settings.choose(get_game("mandragora"), "home_side", "left")
    assert settings.games == {}


def test_config_dir_follows_tabula_home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    assert config_dir() == tmp_path / "config"
    assert save_settings(Settings(sound=False)) is None
    assert (tmp_path / "config" / "settings.json").exists()
    assert load_settings()[0].sound is False


def test_the_librarys_settings_round_trip_and_bad_ones_fall_back(tmp_path, monkeypatch):
    monkeypatch.setenv("TABULA_HOME", str(tmp_path / "home"))
    from game.core.library import default_path

    assert Settings().library_file == default_path() and Settings().library_auto_add is True
    path = tmp_path / "settings.json"
    long_path = "/" + "folder/" * 100 + "my library.sqlite3"  # a path may be longer than a name
    changed = Settings(library_path=long_path, my_names=["Alice", "alice_bg"], library_auto_add=False)
    assert save_settings(changed, path) is None
    assert load_settings(path, all_games()) == (changed, None)
    assert changed.library_file == Path(long_path)
    assert Settings(library_path="~/lib.sqlite3").library_file == Path.home() / "lib.sqlite3"
    path.write_text(json.dumps({"library_path": 7, "my_names": "Alice", "library_auto_add": "yes"}))
    settings, problem = load_settings(path, all_games())
    assert (settings.library_path, settings.my_names, settings.library_auto_add) == ("", [], True)
    assert "library_path" in problem and "my_names" in problem and "library_auto_add" in problem
    path.write_text(json.dumps({"library_path": "x\0y", "my_names": ["ok", ""], "sound": False}))
    settings, problem = load_settings(path, all_games())
    assert (settings.library_path, settings.my_names, settings.sound) == ("", [], False)
    assert "library_path" in problem and "my_names" in problem


def test_my_names_are_read_from_comma_separated_text():
    assert parse_names(" Alice , alice_bg,,Alice ") == ["Alice", "alice_bg"]
    assert parse_names("") == [] and parse_names(" , ") == []
    assert parse_names(",".join(f"n{k}" for k in range(40))) == [f"n{k}" for k in range(16)]
    assert parse_names("x" * 100) == ["x" * 64]


def test_the_drills_settings_round_trip_give_the_options_and_bad_ones_fall_back(tmp_path):
    from game.core.drill import DrillOptions

    assert Settings().drill_options() == DrillOptions()
    path = tmp_path / "settings.json"
    changed = Settings(drill_threshold=0.02, drill_retention=0.85, drill_again=0.1, drill_hard=0.05, drill_good=0.02,
                       drill_variations=0, drill_cap="minutes", drill_cards=5, drill_minutes=2.5)
    assert save_settings(changed, path) is None
    assert load_settings(path, all_games()) == (changed, None)
    assert changed.drill_options() == DrillOptions(threshold=0.02, retention=0.85, again=0.1, hard=0.05, good=0.02,
                                                   variations=0)
    path.write_text(json.dumps({"drill_threshold": 0, "drill_retention": 1.5, "drill_cap": "days", "drill_cards": 2.0,
                                "drill_minutes": True, "drill_variations": -1, "drill_again": "high"}))
    settings, problem = load_settings(path, all_games())
    assert settings == Settings()
    for name in ("drill_threshold", "drill_retention", "drill_cap", "drill_cards", "drill_minutes",
                 "drill_variations", "drill_again"):
        assert name in problem
    path.write_text(json.dumps({"drill_again": 0.03, "drill_good": 0.005, "drill_minutes": 30}))
    settings, problem = load_settings(path, all_games())
    assert (settings.drill_again, settings.drill_hard, settings.drill_good) == (0.08, 0.04, 0.01)
    assert "drill_again" in problem and "drill_good" in problem and settings.drill_minutes == 30
    settings.drill_options()  # always valid options
