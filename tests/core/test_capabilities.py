"""Abilities as objects: declared lazily by import path, loaded once, absent when a game lacks them."""

from __future__ import annotations

import subprocess
import sys

import pytest

from game.core.capabilities import Commands, MatchFiles, lazy
from game.games import all_games, get_game, import_suffixes, match_files_for


def test_lazy_loads_on_the_first_call_and_keeps_the_object():
    factory = lazy("game.backgammon.matfile.capability:MATCH_FILES")
    assert factory() is factory() and factory.path.endswith(":MATCH_FILES")
    with pytest.raises(ValueError, match="package.module:NAME"):
        lazy("game.backgammon.matfile.capability")


def test_declaring_match_files_loads_nothing():
    code = ("import sys, game.backgammon\n"
            "print(any(m.startswith('game.backgammon.matfile') for m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == "False", done.stderr


def test_only_backgammon_has_match_files_and_they_are_found_by_suffix(tmp_path):
    having = [info.name for info in all_games() if info.has(MatchFiles)]
    assert having == ["backgammon"]
    files = get_game("backgammon").ability(MatchFiles)
    assert isinstance(files, MatchFiles)
    assert import_suffixes() == (".mat", ".sgf") == files.suffixes
    assert match_files_for(tmp_path / "m.SGF")[1] is files and match_files_for(tmp_path / "m.json") is None


def test_a_match_file_read_written_and_opened_through_the_ability():
    from pathlib import Path

    files = get_game("backgammon").ability(MatchFiles)
    text = (Path(__file__).parents[1] / "data" / "matches" / "3pt-a.mat").read_text()
    match = files.read(text, "m.mat")
    assert files.game_count(match) == 3
    again = files.read(files.write(match, "m.sgf"), "m.sgf")
    record = files.record(again).named()
    assert record.game == "backgammon" and record.players == list(match.players) and record.notes == []
    exported, left_out = files.export(files.record(match))
    assert files.game_count(exported) == 3 and not left_out


def test_a_games_commands_are_registered_from_its_declaration():
    from game.cli import build_parser

    having = {info.name: info.ability(Commands) for info in all_games() if info.has(Commands)}
    assert list(having) == ["backgammon"] and isinstance(having["backgammon"], Commands)
    commands = next(a for a in build_parser()._actions if a.dest == "command").choices
    assert {"cube", "import"} <= set(commands) and "calibrate" in commands


def test_a_game_without_commands_adds_none(monkeypatch):
    """Take backgammon's declaration away: its subcommands go with it, the shared ones stay."""
    from dataclasses import replace

    import game.games as registry
    from game.cli import build_parser

    monkeypatch.setitem(registry._GAMES, "backgammon", replace(registry._GAMES["backgammon"], abilities={k: v for k, v in registry._GAMES["backgammon"].abilities.items() if k is not Commands}))
    commands = next(a for a in build_parser()._actions if a.dest == "command").choices
    assert "cube" not in commands and "import" not in commands and "export" in commands
