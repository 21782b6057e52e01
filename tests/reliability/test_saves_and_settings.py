"""Saves, the autosave and settings as untrusted files: every corpus case gets a clear message,
the file stays as it was (or is set aside, never deleted), and the program still starts."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from game.core.saves import (SaveError, autosave_path, examples_dir, load_game, remove_stale_temporaries,
                             save_game, write_atomic)
from game.core.settings import Settings, load_settings, save_settings, settings_path
from game.games import all_games, rules_for

from .corpus import CASES, fingerprint, json_cases

EXAMPLE = sorted(Path(examples_dir()).glob("*.json"))[1]  # human-vs-hard-midgame.json
VALID = json.loads(EXAMPLE.read_text())
SAVE_CASES = {**CASES, **json_cases(VALID)}
VALID_SETTINGS = {"sound": False, "animation": "fast", "window_size": [900, 700], "last_game": "backgammon",
                  "last_players": ["human", "hard"], "games": {"backgammon": {"home_side": "left"}}}
SETTINGS_CASES = {**CASES, **json_cases(VALID_SETTINGS)}


@pytest.fixture(autouse=True)
def tabula_home(tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("TABULA_HOME", str(home))
    return home


def _accepted_variant(case: str) -> bool:
    """Variants of a valid save that are still a valid save (a seed may be null or negative)."""
    return case in ("seed null", "seed negative", "seed missing", "result missing", "result null", "result true",
                    "result float", "result negative", "result huge number", "result long text",
                    "result deep list", "result object", "result list")


@pytest.mark.parametrize("case", sorted(SAVE_CASES))
def test_every_bad_save_is_a_clear_error_and_untouched(tmp_path, case):
    path = tmp_path / "game.json"
    SAVE_CASES[case](path)
    before = fingerprint(path)
    if _accepted_variant(case):
        assert load_game(path, rules_for).game == "backgammon"
    else:
        with pytest.raises(SaveError) as caught:
            load_game(path, rules_for)
        message = str(caught.value)
        assert "game.json" in message and len(message) < 400 and "Traceback" not in message
    assert fingerprint(path) == before


@pytest.mark.parametrize("options, words", [
    ({"first": 1.0}, "option 'first' must be a short text or a whole number; got 1.0"),
    ({"first": True}, "option 'first' must be a short text or a whole number; got True"),
    ({"first": 2}, "first player must be white or black"),
    ({"first": "purple"}, "first player must be white or black"),
    ({"colour": "white"}, r"backgammon has no option 'colour' \(its options: first, cube, match_length"),
    ({"first": "x" * 10_000}, "option 'first' must be a short text"),
])
def test_save_options_are_checked_against_the_game(tmp_path, options, words):
    path = tmp_path / "options.json"
    path.write_text(json.dumps({**VALID, "options": options}))
    with pytest.raises(SaveError, match=words):
        load_game(path, rules_for)


@pytest.mark.parametrize("game, options", [("backgammon", {"first": 1.0}), ("backgammon", {"first": True}),
                                           ("mandragora", {"first": True}), ("mandragora", {"pattern": 1.0})])
def test_rules_refuse_options_of_the_wrong_type(game, options):
    """The rules check their options themselves too (a tournament or a test may pass them)."""
    with pytest.raises(ValueError):
        rules_for(game).initial_state(options)


def test_valid_options_still_load(tmp_path):
    path = tmp_path / "first.json"
    assert VALID["actions"][0] == "white 43"
    path.write_text(json.dumps({**VALID, "options": {"first": 0}, "actions": ["43", *VALID["actions"][1:]]}))
    assert load_game(path, rules_for).options == {"first": 0}


def test_a_device_or_fifo_is_refused_without_reading_or_waiting(tmp_path):
    link = tmp_path / "zero.json"
    os.symlink("/dev/zero", link)
    with pytest.raises(SaveError, match="not a regular file"):
        load_game(link, rules_for)
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(SaveError, match="not a regular file"):
        load_game(fifo, rules_for)  # would block forever if opened for a blocking read


@pytest.mark.parametrize("case", sorted(SETTINGS_CASES))
def test_every_bad_settings_file_falls_back_and_is_kept_aside(tmp_path, case):
    path = tmp_path / "settings.json"
    SETTINGS_CASES[case](path)
    before = fingerprint(path)
    settings, problem = load_settings(path, all_games())
    assert isinstance(settings, Settings)
    if problem is None:  # a harmless variant (a missing field takes its default)
        assert fingerprint(path) == before
        return
    assert len(problem) < 400
    assert not os.path.lexists(path) and "settings.json.bad" in problem
    assert fingerprint(tmp_path / "settings.json.bad") == before  # the same file, renamed
    assert save_settings(settings, path) is None  # and the good settings can be saved
    assert load_settings(path, all_games()) == (settings, None)  # said once: the next start is quiet


def test_set_aside_never_overwrites_an_earlier_bad_file(tmp_path):
    path = tmp_path / "settings.json"
    for round_ in range(3):
        path.write_text("{" * (round_ + 1))
        load_settings(path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.json.bad", "settings.json.bad2",
                                                          "settings.json.bad3"]
    assert (tmp_path / "settings.json.bad3").read_text() == "{{{"


def test_stale_temporaries_are_removed_and_fresh_ones_kept(tmp_path):
    write_atomic(tmp_path / "autosave.json", "{}")
    stale = tmp_path / ".autosave.json.abc123.tmp"
    fresh = tmp_path / ".autosave.json.def456.tmp"
    for path in (stale, fresh):
        path.write_text("partial")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    assert remove_stale_temporaries(tmp_path) == 1
    assert not stale.exists() and fresh.exists() and (tmp_path / "autosave.json").exists()


# -- the window ---------------------------------------------------------------------------------

@pytest.fixture
def window():
    import pygame

    from game.ui.app import App

    def start():
        app = App((900, 640))
        app.settings.animation = "off"
        opened.append(app)
        return app

    opened: list = []
    yield start
    for app in opened:
        app.close()
    pygame.quit()


@pytest.mark.window
@pytest.mark.parametrize("case", ["deeply nested", "5000-digit number", "not utf-8", "fifo", "huge"])
def test_the_window_starts_with_a_bad_settings_file_and_a_bad_autosave(window, case):
    settings, autosave = settings_path(), autosave_path()
    for path in (settings, autosave):
        path.parent.mkdir(parents=True, exist_ok=True)
        CASES[case](path)
    autosave_before = fingerprint(autosave)
    app = window()
    app.show_menu()
    for _ in range(3):
        app.frame()
    assert app.banner.visible and app.banner.error
    assert "autosave.json" in app.banner.text and "kept as autosave.json.bad" in app.banner.text
    assert not app.scene.continue_available()
    assert fingerprint(autosave.with_name("autosave.json.bad")) == autosave_before
    assert settings.with_name("settings.json.bad").exists()
    app.close()
    assert json.loads(settings.read_text())["sound"] is True  # the defaults were saved in its place


@pytest.mark.window
@pytest.mark.parametrize("options", [{"first": 1.0}, {"first": True}])
def test_an_autosave_with_bad_options_is_set_aside(window, options):
    autosave = autosave_path()
    autosave.parent.mkdir(parents=True, exist_ok=True)
    autosave.write_text(json.dumps({**VALID, "options": options, "actions": VALID["actions"][1:]}))
    app = window()
    app.show_menu()
    app.frame()
    assert "option 'first' must be a short text or a whole number" in app.banner.text
    assert not app.scene.continue_available() and autosave.with_name("autosave.json.bad").exists()
    assert not app.continue_game()  # and Continue says so instead of crashing


@pytest.mark.window
def test_a_huge_unknown_player_name_is_shown_cut_short(window, tmp_path):
    path = tmp_path / "huge-name.json"
    path.write_text(json.dumps({**VALID, "players": ["human", "z" * 7_000_000]}))
    app = window()
    assert not app.open_saved(path)
    assert "'players' must be a list of 2 names of at most 64 characters" in app.banner.text
    assert len(app.banner.text) < 700
    for _ in range(3):
        app.frame()  # drawing the banner neither crashes nor takes the machine's memory
    autosave = autosave_path()
    save_game(autosave, load_game(EXAMPLE, rules_for))
    data = json.loads(autosave.read_text())
    data["players"] = ["human", "nomaster" * 5]
    autosave.write_text(json.dumps(data))
    app.show_menu()
    app.frame()
    assert "unknown backgammon player" in app.banner.text and "autosave.json.bad" in app.banner.text


@pytest.mark.window
def test_the_window_removes_interrupted_save_leftovers(window):
    data = autosave_path().parent
    data.mkdir(parents=True, exist_ok=True)
    leftover = data / ".autosave.json.x1y2.tmp"
    leftover.write_bytes(b"x" * 1000)
    old = time.time() - 3600
    os.utime(leftover, (old, old))
    window()
    assert not leftover.exists()


@pytest.mark.window
def test_open_saved_shows_every_bad_file_in_the_banner(window, tmp_path):
    """"Open saved" and the Load dialog's choice: a message, the menu kept, the file untouched."""
    app = window()
    app.show_menu()
    menu = app.scene
    for case, make in sorted(SAVE_CASES.items()):
        if _accepted_variant(case):
            continue
        path = tmp_path / case.replace(" ", "-").replace("/", "") / "game.json"
        path.parent.mkdir()
        make(path)
        before = fingerprint(path)
        assert not app.open_saved(path), case
        app.frame()
        assert app.scene is menu and app.banner.error and "Cannot load the game: " in app.banner.text, case
        assert fingerprint(path) == before, case


def test_a_failed_atomic_write_names_the_file_asked_for_and_leaves_no_temporary(tmp_path, monkeypatch):
    """os.replace failing names both files; the error the user sees names only the one written."""
    target = tmp_path / "game.json"
    target.write_text("old")

    def refuse(source, destination):
        raise OSError(18, "Invalid cross-device link", source, None, destination)

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError) as raised:
        write_atomic(target, "new")
    assert raised.value.filename == str(target) and ".tmp" not in str(raised.value)
    assert target.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["game.json"]
