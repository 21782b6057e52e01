"""The theory panel's shots for ``docs/make_screenshots.py`` (kept apart: that file is long).

theory.png: a 7-point match race at 2-3 (White on roll, both sides home: the bearoff database
values it), opened for two humans; K pressed: the cube at this score (take and cash points,
gammon values, where the position stands) and the race counts over the board.
score_map.png: the same panel with M pressed, once the score map of every score of a 7-point
match and money is worked out.
"""

from __future__ import annotations

import time
from pathlib import Path

import pygame

from tests.ui.util import key

THEORY_POSITION = "bXcPAADb7Q4AAA:MAHgACAAGAAA"


def _wait(app, done, what: str, seconds: float = 300) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            raise RuntimeError(f"gave up waiting for {what}")
        app.frame()
        time.sleep(0.004)


def _open(app):
    from game.core.session import GameSetup
    from game.games import get_game

    options = get_game("backgammon").position_options(THEORY_POSITION)
    app.start_game(GameSetup("backgammon", ("human", "human"), seed=2, options=options))
    scene = app.scene
    _wait(app, lambda: scene.mover.human and not scene.view.animating, "the human's turn")
    key(app, pygame.K_k)
    panel = scene.overlays.theory
    _wait(app, lambda: panel.figures is not None, "the theory panel's figures")
    return panel


def _save(app, out: Path, name: str) -> Path:
    for _ in range(3):
        app.frame()
    path = out / f"{name}.png"
    pygame.image.save(app.screen, str(path))
    return path


def shot_theory(app, out: Path) -> Path:
    _open(app)
    return _save(app, out, "theory")


def shot_score_map(app, out: Path) -> Path:
    panel = _open(app)
    key(app, pygame.K_m)
    _wait(app, lambda: panel.map is not None, "the score map")
    return _save(app, out, "score_map")
