"""The Drill screen's shots for ``docs/make_screenshots.py`` (kept apart: that file is long).

Every shot opens the Library shots' library (:mod:`library_shots`: the six real matches of
``tests/data/matches`` analysed at Intermediate, made once a run), "lasse" the first of "My
names": opening the Drill screen makes lasse's cards of it (every decision losing 0.04 or
more), the same cards in the same order each run.

- drill_question.png: the first of lasse's chequer plays due ("My chequer plays"), on the board;
- drill_answer.png: that card answered with a play that is neither the best nor the play made in
  the match (the third of the stored alternatives that is neither), built by clicks and Done:
  the three arrows and their legend, the alternatives with the answer's row marked, the why, the
  rating and when the card is due;
- drill_start.png: the start page after three cards answered so: the cards due, the statistics
  and the loss per theme.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pygame
from library_shots import LEVEL, _analysed_library

from tests.ui.util import play_by_clicks, press_button

THEME = "my-plays"
"""The theme drilled: chequer plays, answered on the board."""


def _open(app):
    """The Drill screen over lasse's cards, the theme chosen, its counts read."""
    from game.core.gameinfo import ANALYSIS_LEVEL
    from game.core.library import default_path
    from game.games import get_game

    target = default_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(_analysed_library(), target)
    app.settings.my_names = ["lasse"]
    app.settings.choose(get_game("backgammon"), ANALYSIS_LEVEL, LEVEL)
    app.settings.drill_cap, app.settings.drill_cards = "cards", 20
    app.open("drill")
    scene = app.scene
    scene.start_page.theme = THEME
    scene.refresh()
    _settle(app, scene, lambda: scene.overview is not None and scene.overview.due > 0)
    return scene


def _settle(app, scene, condition, seconds: float = 300) -> None:
    end = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > end:
            raise RuntimeError("the Drill screen did not get there")
        scene.store.wait(1)
        app.frame()
        time.sleep(0.004)
    for _ in range(3):
        app.frame()


def _question(app, scene) -> None:
    press_button(app, scene.widgets["start"])
    _settle(app, scene, lambda: scene.mode == "question" and scene.card is not None)


def _answer(app, scene) -> None:
    """The third stored play that is neither the best nor the match's, built by clicks, then Done."""
    facts, state = scene.card.facts, scene.question.state
    rows = [row["move"] for row in facts.alternatives if row["move"] not in (facts.best, facts.played)]
    text = rows[min(2, len(rows) - 1)] if rows else facts.played
    move = scene.move_of(state, text)
    play_by_clicks(app, scene.view, move)
    press_button(app, scene.widgets["done"])
    _settle(app, scene, lambda: scene.result is not None and scene.result.answered is not None)


def _rest(app) -> None:
    """The pointer off the board and the buttons, the banner gone."""
    w, h = app.screen.get_size()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(w // 3, h - 4), rel=(0, 0), buttons=(0, 0, 0)))
    app.banner.clear()
    for _ in range(3):
        app.frame()


def _save(app, out: Path, name: str) -> Path:
    _rest(app)
    path = out / f"{name}.png"
    pygame.image.save(app.screen, str(path))
    return path


def shot_drill_question(app, out: Path) -> Path:
    scene = _open(app)
    _question(app, scene)
    return _save(app, out, "drill_question")


def shot_drill_answer(app, out: Path) -> Path:
    scene = _open(app)
    _question(app, scene)
    _answer(app, scene)
    return _save(app, out, "drill_answer")


def shot_drill_start(app, out: Path) -> Path:
    scene = _open(app)
    _question(app, scene)
    for _ in range(3):
        _answer(app, scene)
        scene.command("next")
        _settle(app, scene, lambda: not scene.waiting)
    scene.command("end")
    _settle(app, scene, lambda: scene.mode == "start" and scene.store.reader.idle)
    return _save(app, out, "drill_start")
