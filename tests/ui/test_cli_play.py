"""``tabula play``: player names are checked before any window opens."""

from __future__ import annotations

import argparse

import pytest

from game.cli import play


def parse(*argv):
    parser = argparse.ArgumentParser(prog="tabula")
    play.add(parser.add_subparsers(dest="command"))
    return parser.parse_args(["play", *argv])


def test_setup_from_arguments():
    setup = play.setup_from_args(parse("backgammon", "--white", "human", "--black", "medium", "--seed", "9"))
    assert setup.game == "backgammon" and setup.players == ("human", "medium") and setup.seed == 9
    default = play.setup_from_args(parse("backgammon"))
    assert default.players[0] == "human" and default.players[1] != "human" and default.seed is None


def test_bad_player_name_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown backgammon player 'grandmaster'"):
        play.setup_from_args(parse("backgammon", "--black", "grandmaster"))


def test_run_opens_the_window_with_the_setup(monkeypatch):
    seen = []
    monkeypatch.setattr("game.ui.app.run_app", lambda setup: seen.append(setup) or 0)
    assert play.run(parse("backgammon", "--white", "easy", "--black", "human")) == 0
    assert seen[0].players == ("easy", "human")


def test_bad_player_exits_with_code_2(capsys):
    from game import cli

    with pytest.raises(SystemExit) as exit_info:
        cli.main(["play", "backgammon", "--black", "grandmaster"])
    assert exit_info.value.code == 2 and "grandmaster" in capsys.readouterr().err


def test_run_app_opens_the_game_and_closes(monkeypatch, tabula_home):
    import pygame

    from game.ui import app as app_module
    from game.ui.session import GameSetup

    frames = []
    real_frame = app_module.App.frame

    def frame(self, dt=1 / 60):
        frames.append(type(self.scene).__name__)
        if len(frames) == 20:
            pygame.event.post(pygame.event.Event(pygame.QUIT))
        return real_frame(self, dt)

    monkeypatch.setattr(app_module.App, "frame", frame)
    assert app_module.run_app(GameSetup("backgammon", ("hard", "human"), seed=1)) == 0
    assert frames[0] == "PlayScene" and len(frames) == 20
    assert (tabula_home / "data" / "autosave.json").exists()
    assert (tabula_home / "config" / "settings.json").exists()


def test_run_app_without_a_display(monkeypatch, capsys):
    import pygame

    from game.ui import app as app_module

    def no_display(*args, **kwargs):
        raise pygame.error("No available video device")

    monkeypatch.setattr(pygame.display, "set_mode", no_display)
    assert app_module.run_app() == 1
    assert "cannot open a window" in capsys.readouterr().err
    pygame.quit()
