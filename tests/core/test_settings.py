"""Settings: defaults, round trips, and tolerance of missing or corrupt files."""

from __future__ import annotations

import json

from game.core.settings import Settings, config_dir, load_settings, save_settings


def test_missing_file_gives_defaults(tmp_path):
    settings, problem = load_settings(tmp_path / "none.json")
    assert settings == Settings() and problem is None


def test_round_trip(tmp_path):
    path = tmp_path / "settings.json"
    changed = Settings(sound=False, animation="slow", home_side="left", window_size=[900, 700])
    assert save_settings(changed, path) is None
    assert load_settings(path) == (changed, None)


def test_corrupt_file_falls_back_and_reports(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{"sound": fal')
    settings, problem = load_settings(path)
    assert settings == Settings() and "unreadable" in problem
    path.write_text("[]")
    assert "not a settings file" in load_settings(path)[1]


def test_bad_values_are_replaced_one_by_one(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"sound": "yes", "animation": "warp", "home_side": "left", "unknown": 1,
                                "window_size": [10, 10]}))
    settings, problem = load_settings(path)
    assert settings.home_side == "left"
    assert settings.sound is True and settings.animation == "normal" and settings.window_size == [1280, 800]
    assert "sound" in problem and "animation" in problem and "window_size" in problem


def test_config_dir_follows_tabula_home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    assert config_dir() == tmp_path / "config"
    assert save_settings(Settings(sound=False)) is None
    assert (tmp_path / "config" / "settings.json").exists()
    assert load_settings()[0].sound is False
