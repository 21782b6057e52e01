"""The keys screen (?): every key of the screen on show, and About."""

import pygame

from game import __version__
from game.core.session import GameSetup
from game.ui.keys_scene import KeysScene
from game.ui.play.scene import PlayScene

from .util import key, post, run_until


def test_question_mark_lists_the_screens_keys_and_about_then_esc_goes_back(app):
    assert app.start_game(GameSetup("backgammon", ("human", "hard"), seed=2))
    play = app.scene
    assert run_until(app, lambda: play.mover.human)
    post(pygame.KEYDOWN, key=pygame.K_SLASH, mod=pygame.KMOD_SHIFT, unicode="?", scancode=0)
    app.frame()
    screen = app.scene
    assert isinstance(screen, KeysScene)
    listed = dict(screen.keys)
    assert listed["H"] == "hints" and listed["F1"].startswith("the game's rules") and "?" in listed
    assert listed["K"].startswith("the theory panel")  # the table's longer wording
    assert screen.about[0] == f"Tabula {__version__}" and any("net-full.npz" in line for line in screen.about)
    app.frame()
    assert screen.shown > 5
    key(app, pygame.K_ESCAPE)
    assert app.scene is play and isinstance(play, PlayScene)
