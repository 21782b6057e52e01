"""The study board's shots for ``docs/make_screenshots.py`` (kept apart: that file is long).

position.png: a pasted XGID (White on roll with the cube at 2, 4-3 in a 7-point match) opened
as a game against expert with the hints shown; the Position… dialog (Ctrl+L) is open again,
the next position typed in it.
"""

from __future__ import annotations

import time
from pathlib import Path

import pygame

from tests.ui.util import key

POSITION_XGID = "XGID=-a-BBBBBB----A-----bbbbbb-:1:1:1:00:4:3:0:7:10"
NEXT_XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:5:10"


def shot_position(app, out: Path) -> Path:
    from game.core.session import GameSetup
    from game.games import get_game

    app.settings.hints = True
    options = get_game("backgammon").position_options(POSITION_XGID)
    app.start_game(GameSetup("backgammon", ("human", "expert"), seed=1, options=options))
    scene, deadline = app.scene, time.monotonic() + 300
    hints = scene.overlays.hints
    while not (scene.mover.human and hints.state is scene.session.state and hints.ready):
        if time.monotonic() > deadline:
            raise RuntimeError("gave up waiting for the hints of the pasted position")
        app.frame()
        time.sleep(0.004)
    key(app, pygame.K_l, mod=pygame.KMOD_CTRL)
    scene.paste.dialog.entry.set_text(NEXT_XGID)
    for _ in range(3):
        app.frame()
    path = out / "position.png"
    pygame.image.save(app.screen, str(path))
    return path


ROLLOUT_XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10"
ROLLOUT_TRIALS = 72
"""rollout.png: a money game's opening 3-1 (White to play, two humans, hints on), O pressed:
the top five plays rolled out at 1,296 trials, shot while it runs once ``ROLLOUT_TRIALS`` are done (or when
the rollout stops early, the best play clear) — the rows' figures replaced (depth "R" and the
trials, the ± column), the progress bar under the table while it runs."""


def shot_rollout(app, out: Path) -> Path:
    from game.core.session import GameSetup
    from game.games import get_game

    app.settings.hints = True
    options = get_game("backgammon").position_options(ROLLOUT_XGID)
    app.start_game(GameSetup("backgammon", ("human", "human"), seed=1, options=options))
    scene, deadline = app.scene, time.monotonic() + 900
    hints, control = scene.overlays.hints, scene.overlays.rollout
    while not (scene.mover.human and hints.ready and hints.records):
        if time.monotonic() > deadline:
            raise RuntimeError("gave up waiting for the hints")
        app.frame()
        time.sleep(0.004)
    key(app, pygame.K_o)
    while control.job.running and control.job.progress()[0] < ROLLOUT_TRIALS:  # or stopped early: a clear best
        if time.monotonic() > deadline:
            raise RuntimeError(f"the rollout did not reach {ROLLOUT_TRIALS} trials")
        app.frame()
        time.sleep(0.02)
    if control.job.status == "failed":
        raise RuntimeError(f"the rollout failed: {control.job.error}")
    for _ in range(3):
        app.frame()
    path = out / "rollout.png"
    pygame.image.save(app.screen, str(path))
    control.close()
    return path


def shot_rollout_settings(app, out: Path) -> Path:
    """rollout_settings.png: rollout.png's position with Analysis → Rollout settings… chosen:
    the dialog over the board, each setting with its value."""
    from game.core.session import GameSetup
    from game.games import get_game

    app.settings.hints = True
    options = get_game("backgammon").position_options(ROLLOUT_XGID)
    app.start_game(GameSetup("backgammon", ("human", "human"), seed=1, options=options))
    scene, deadline = app.scene, time.monotonic() + 300
    while not (scene.mover.human and scene.overlays.hints.ready):
        if time.monotonic() > deadline:
            raise RuntimeError("gave up waiting for the hints")
        app.frame()
        time.sleep(0.004)
    scene.menu_bar.item_named("Analysis", "Rollout settings…").run()
    for _ in range(3):
        app.frame()
    path = out / "rollout_settings.png"
    pygame.image.save(app.screen, str(path))
    return path
