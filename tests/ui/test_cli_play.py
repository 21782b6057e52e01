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
    shouted = play.setup_from_args(parse("backgammon", "--white", "Human", "--black", "EXPERT"))
    assert shouted.players == ("human", "expert")  # names in any case, kept canonical


def test_mandragora_setup_options_are_passed(monkeypatch):
    seen = []
    monkeypatch.setattr("game.ui.app.run_app", lambda setup: seen.append(setup) or 0)
    assert play.run(parse("mandragora", "--pattern", "C", "--first", "opponent")) == 0
    assert seen[0].game == "mandragora" and seen[0].options == {"pattern": "C", "first": "opponent"}
    # Choices are matched in any case; an option not given takes the game's default.
    setup = play.setup_from_args(parse("mandragora", "--pattern", "random", "--player", "expert",
                                       "--opponent", "human"))
    assert setup.options == {"pattern": "random", "first": "player"} and setup.players == ("expert", "human")
    assert play.setup_from_args(parse("mandragora", "--first", "Random")).options["first"] == "random"
    assert play.setup_from_args(parse("backgammon")).options == {
        "match_length": "money", "cube": "off", "jacoby": "off", "beavers": "off"}  # cubeless
    assert play.setup_from_args(parse("backgammon", "--match_length", "7")).options["match_length"] == "7"


@pytest.mark.parametrize("argv, message", [
    (("mandragora", "--pattern", "F"), "--pattern: expected one of A, B, C, D, E, random, got 'F'"),
    (("mandragora", "--first", "both"), "--first: expected one of player, opponent, random, got 'both'"),
    (("backgammon", "--pattern", "A"),
     "--pattern is not an option of Backgammon (its options: --match_length, --cube, --jacoby, --beavers)"),
    (("mandragora", "--cube", "on"), "--cube is not an option of Mandragora Mania (its options: --pattern, --first)"),
    (("backgammon", "--match_length", "26"), "--match_length: expected one of money, 1, 2, 3, 4, 5, 6, 7, 8, "
     "9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, got '26'"),
])
def test_bad_options_exit_with_code_2(capsys, argv, message):
    from game import cli

    with pytest.raises(SystemExit) as exit_info:
        cli.main(["play", *argv])
    err = capsys.readouterr().err
    assert exit_info.value.code == 2 and err == f"tabula: error: {message}\n"


def test_help_lists_the_options_and_their_choices(capsys):
    from game import cli

    with pytest.raises(SystemExit):
        cli.main(["play", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "--pattern CHOICE Mandragora Mania: pattern, one of A, B, C, D, E, random (default A)" in out
    assert "--first CHOICE Mandragora Mania: first move, one of player, opponent, random (default player)" in out


def test_bad_player_name_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown backgammon player 'supergrandmaster'"):
        play.setup_from_args(parse("backgammon", "--black", "supergrandmaster"))


def test_run_opens_the_window_with_the_setup(monkeypatch):
    seen = []
    monkeypatch.setattr("game.ui.app.run_app", lambda setup: seen.append(setup) or 0)
    assert play.run(parse("backgammon", "--white", "easy", "--black", "human")) == 0
    assert seen[0].players == ("easy", "human")


def test_bad_player_exits_with_code_2(capsys):
    from game import cli

    with pytest.raises(SystemExit) as exit_info:
        cli.main(["play", "backgammon", "--black", "supergrandmaster"])
    assert exit_info.value.code == 2 and "supergrandmaster" in capsys.readouterr().err


def test_run_app_opens_the_game_and_closes(monkeypatch, tabula_home):
    import pygame

    from game.ui import app as app_module
    from game.core.session import GameSetup

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


def test_a_game_can_start_from_a_position():
    xgid = "XGID=-b----E-C---eE---c-e----B-:1:1:1:00:3:2:0:7:10"
    setup = play.setup_from_args(parse("backgammon", "--position", xgid, "--black", "beginner"))
    assert setup.options == {"position": xgid} and setup.players == ("human", "beginner")
    with pytest.raises(play.UsageError, match="--position: invalid XGID"):
        play.setup_from_args(parse("backgammon", "--position", "XGID=nonsense"))
    with pytest.raises(play.UsageError, match="drop --match_length"):
        play.setup_from_args(parse("backgammon", "--position", xgid, "--match_length", "7"))
