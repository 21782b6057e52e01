"""The position on show as text in the side panel, copied by a click or Ctrl+C (issue 35 item 2)."""

from __future__ import annotations

import pygame
import pytest

from game.core.gameinfo import POSITION_TEXT
from game.core.session import GameSetup
from game.games import get_game

from .util import click, key, run_until


@pytest.fixture
def clipboard(monkeypatch):
    copied = []
    monkeypatch.setattr(pygame.scrap, "put_text", copied.append)
    return copied


def open_game(app, game, players, options=None):
    assert app.start_game(GameSetup(game, players, seed=4, options=options or {}))
    scene = app.scene
    assert run_until(app, lambda: scene.mover.human)
    app.frame()
    return scene


def test_ctrl_c_copies_the_gnu_id_or_the_xgid_as_the_setting_says(app, clipboard):
    info = get_game("backgammon")
    scene = open_game(app, "backgammon", ("human", "human"), {"cube": "on"})
    state = scene.session.states[scene.replay.shown_index]
    key(app, pygame.K_c, mod=pygame.KMOD_CTRL)
    assert clipboard == [info.notation.format_position(state)]  # posid:matchid: the dice and the cube too
    assert "Copied the GNU ID" in app.banner.text and scene.position_line.selected
    app.settings.choose(info, POSITION_TEXT, "xgid")
    app.frame()
    key(app, pygame.K_c, mod=pygame.KMOD_CTRL)
    assert clipboard[-1].startswith("XGID=")
    read = info.notation.parse_position(clipboard[-1])  # it reads back as the position on show
    assert (read.sides, read.turn, read.dice) == (state.sides, state.turn, state.dice)


def test_a_cubeless_position_with_its_dice_is_copied_whole(app, clipboard):
    """A GNU ID holds no dice without a match ID, which would bring a cube: the XGID, which
    keeps cubeless play, is copied instead."""
    info = get_game("backgammon")
    scene = open_game(app, "backgammon", ("human", "human"))
    state = scene.session.states[scene.replay.shown_index]
    assert state.cube is None and state.dice is not None
    key(app, pygame.K_c, mod=pygame.KMOD_CTRL)
    read = info.notation.parse_position(clipboard[-1])
    assert clipboard[-1].startswith("XGID=") and "Copied the XGID" in app.banner.text
    assert (read.sides, read.turn, read.dice, read.cube) == (state.sides, state.turn, state.dice, None)


def test_a_click_on_the_line_copies_other_games_own_text(app, clipboard):
    info = get_game("chesstack")
    scene = open_game(app, "chesstack", ("human", "human"))
    placed = [rect for section, rect in scene.panel.placed if section is scene.position_line]
    assert placed, "the position line is shown at the default size"
    click(app, placed[0].center)
    assert clipboard == [info.notation.format_position(scene.session.states[scene.replay.shown_index])]
    assert POSITION_TEXT not in info.all_settings()  # one form only: no setting to pick one


@pytest.mark.slow
def test_the_review_copies_the_position_before_the_decision_on_show(app, clipboard, tmp_path):
    import shutil

    from game.core.saves import examples_dir

    from .test_review_screen import fastest, reviewed

    info = get_game("backgammon")
    fastest(app, info)
    save = tmp_path / "finished.json"  # a copy: the review's cache goes beside it, not into saves/
    shutil.copy(examples_dir() / "hard-vs-medium-finished.json", save)
    assert app.open_saved(save)
    app.frame()
    key(app, pygame.K_v)
    scene = reviewed(app)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_c, mod=pygame.KMOD_CTRL)
    assert clipboard == [info.position_text(scene.session.states[scene.state_index()])[1]]
