"""The manual dice shot for ``docs/make_screenshots.py`` (kept apart: that file is long).

manual_dice.png: a money game with the cube, White (human) against expert, seed 7, with the
setting "Dice: entered by hand".  White enters the opening roll (3, then 1: White starts),
plays the quick analysis's top play for ``MANUAL_DICE_TURNS`` turns entering each roll, then
chooses Roll (R) and types a 5: the side panel asks for the second die, the first one shown,
with the keys that take it back (Backspace) or go back to Roll or Double (Esc).
"""

from __future__ import annotations

import time
from pathlib import Path

import pygame

from tests.ui.util import click, key, post

MANUAL_DICE_SEED, MANUAL_DICE_TURNS = 7, 2
ROLLS = ("31", "64", "52")
"""The dice White enters, the opening roll's first (White's die, then Black's)."""


def _until(app, condition, what: str, seconds: float = 300) -> None:
    """Frames until ``condition()``, resting between them for the computer's worker process."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise RuntimeError(f"gave up waiting for {what}")
        app.frame()
        time.sleep(0.004)


def _type(app, text: str) -> None:
    for char in text:
        post(pygame.KEYDOWN, key=pygame.key.key_code(char), mod=0, unicode=char, scancode=0)
        app.frame()


def shot_manual_dice(app, out: Path) -> Path:
    from game.core.gameinfo import MANUAL_DICE
    from game.core.session import GameSetup
    from game.games import get_game

    info = get_game("backgammon")
    app.settings.choose(info, MANUAL_DICE, "hand")
    app.start_game(GameSetup("backgammon", ("human", "expert"), seed=MANUAL_DICE_SEED, options={"cube": "on"}))
    scene = app.scene
    session = scene.session
    rolls = list(ROLLS)
    turns = 0
    for _ in range(60):
        _until(app, lambda: scene.dice.asking() is not None or (scene.mover.human and not scene.view.animating),
               "the dice asked for or White's turn")
        if scene.dice.asking() is not None:
            if turns == MANUAL_DICE_TURNS:
                break
            _type(app, rolls.pop(0))
        elif scene.choices.current is not None:  # Roll rather than Double; a double is taken
            key(app, pygame.K_t if scene.choices.current.choices.modal else pygame.K_r)
        else:
            scene.mover.play_human(info.move_analysis().analyze(session.state, level="intermediate")[0].move)
            turns += 1
    else:
        raise RuntimeError("White's roll was never asked for")
    _type(app, "5")
    for _ in range(150):  # the computer's last cube note fades
        app.frame()
    if app.banner.visible:
        click(app, app.banner.rect.center)
    w, h = app.screen.get_size()
    post(pygame.MOUSEMOTION, pos=(w - 10, h - 10), rel=(0, 0), buttons=(0, 0, 0))
    app.frame()
    path = out / "manual_dice.png"
    pygame.image.save(app.screen, str(path))
    return path
