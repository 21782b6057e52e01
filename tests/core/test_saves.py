"""Saved games: atomic writes, exact round trips, and clear errors for bad files."""

from __future__ import annotations

import json
from dataclasses import replace
import os
from pathlib import Path

import pytest

from game.core import saves
from game.core.match import play_game
from game.core.players import RandomPlayer
from game.core.saves import SaveError, load_game, save_game
from game.games import get_game


def rules_for(name):
    return get_game(name).rules()


@pytest.fixture
def record():
    rules = rules_for("backgammon")
    rec, _ = play_game(rules, [RandomPlayer(1), RandomPlayer(2)], seed=5, max_plies=12)
    return replace(rec, players=["human", "hard"])


def test_round_trip(tmp_path, record):
    path = tmp_path / "game.json"
    save_game(path, record)
    loaded = load_game(path, rules_for)
    assert loaded.actions == record.actions
    assert loaded.players == ["human", "hard"] and loaded.seed == 5
    assert loaded.plies == record.plies and loaded.result is None
    data = json.loads(path.read_text())
    assert data["format"] == "tabula-game" and data["schema"] == saves.SCHEMA_VERSION


def test_finished_game_gets_its_result(tmp_path):
    rec, _ = play_game(rules_for("backgammon"), [RandomPlayer(3), RandomPlayer(4)], seed=9)
    save_game(tmp_path / "done.json", rec)
    assert load_game(tmp_path / "done.json", rules_for).result == rec.result


@pytest.mark.parametrize(
    "content, message",
    [
        ('{"format": "tabula-game", "schema": 1, "game": "backg', "damaged or truncated"),
        ("[1, 2, 3]", "not a Tabula saved game"),
        ('{"format": "other-program"}', "not a Tabula saved game"),
        ('{"format": "tabula-game", "schema": 99}', "newer Tabula"),
        ('{"format": "tabula-game", "schema": 1, "game": "go", "players": [], "options": {}, "actions": []}',
         "does not know"),
        ('{"format": "tabula-game", "schema": 1, "game": "backgammon", "players": ["a"], "options": {}, "actions": []}',
         "a list of 2 names"),
    ],
)
def test_bad_files_give_clear_messages(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(SaveError, match=message):
        load_game(path, rules_for)


def test_binary_and_missing_files(tmp_path):
    path = tmp_path / "noise.json"
    path.write_bytes(bytes(range(256)))
    with pytest.raises(SaveError, match="not a text file"):
        load_game(path, rules_for)
    with pytest.raises(SaveError, match="no such file"):
        load_game(tmp_path / "nothing.json", rules_for)


def test_illegal_move_is_reported_with_its_number(tmp_path, record):
    record.actions[3] = "24/1"
    save_game(tmp_path / "illegal.json", record)
    with pytest.raises(SaveError, match=r"invalid at action 4 \('24/1'\)"):
        load_game(tmp_path / "illegal.json", rules_for)
    record.actions[3] = "24/x"  # no move at all (an InvalidMoveError): refused the same way
    save_game(tmp_path / "malformed.json", record)
    with pytest.raises(SaveError, match=r"move list is invalid at action 4 \('24/x'\)"):
        load_game(tmp_path / "malformed.json", rules_for)


def test_failed_write_keeps_the_old_file(tmp_path, record, monkeypatch):
    path = tmp_path / "keep.json"
    save_game(path, record)
    before = path.read_bytes()

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(SaveError, match="No space left"):
        save_game(path, record)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["keep.json"]  # no temporary file left


def test_unserialisable_record_overwrites_nothing(tmp_path, record):
    path = tmp_path / "keep.json"
    save_game(path, record)
    before = path.read_bytes()
    with pytest.raises(SaveError):
        save_game(path, replace(record, options={"bad": object()}))
    assert path.read_bytes() == before


def test_data_dir_follows_tabula_home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    assert saves.autosave_path() == tmp_path / "data" / "autosave.json"
    assert saves.saves_dir() == tmp_path / "data" / "saves"


def test_example_saves_load():
    folder = saves.examples_dir()
    assert folder is not None
    files = sorted(Path(folder).glob("*.json"))
    assert len(files) >= 2
    for path in files:
        record = load_game(path, rules_for)
        for name in record.players:
            if name != "human":
                get_game(record.game).players.player(name, 0)
