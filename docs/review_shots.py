"""The Review screen's shots for ``docs/make_screenshots.py`` (kept apart: that file is long).

review.png: the example save ``human-vs-hard-midgame.json`` reviewed at the analysis strength of
the settings, on its second mistake (marks in the move list, the graph with its markers, the
best play and the play made as arrows).  review_mandragora.png: a seeded Mandragora game
(the analyzer against a random player) reviewed, on its first mistake: the same screen
graphing the analyzer's score.  review_cube.png: the real 3-point match ``tests/data/matches/3pt-a.mat``
reviewed at the fastest level (Intermediate, 0 ply, so the shot takes a minute), on its first
double: the cube's figures, no double, double/take, double/pass in EMG and MWC with the
proper action, above the actions' table.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pygame

from tests.ui.util import key

ROOT = Path(__file__).resolve().parents[1]


def _save(app, out: Path, name: str) -> Path:
    app.frame()
    path = out / f"{name}.png"
    pygame.image.save(app.screen, str(path))
    return path


def _reviewed(app, seconds: float = 600):
    """Wait, drawing frames, until the Review screen has its report."""
    scene = app.scene
    deadline = time.monotonic() + seconds
    while scene.analysing:
        if time.monotonic() > deadline or app.scene is not scene:
            raise RuntimeError("gave up waiting for the review")
        app.frame()
        time.sleep(0.01)
    for _ in range(3):
        app.frame()
    return scene


def _midgame_reviewed(app, name: str):
    """The example save opened (a copy named ``name``) and reviewed: the Review screen's scene."""
    save = Path(name).resolve()
    shutil.copy(ROOT / "saves" / "human-vs-hard-midgame.json", save)
    app.open_saved(save)
    app.frame()
    key(app, pygame.K_v)
    return _reviewed(app)


def shot_review(app, out: Path) -> Path:
    _midgame_reviewed(app, "midgame.json")
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    return _save(app, out, "review")


def shot_review_mandragora(app, out: Path) -> Path:
    from game.core.match import play_game
    from game.core.saves import save_game
    from game.games import get_game

    info = get_game("mandragora")
    players = [info.players.player(name, seed) for name, seed in (("analyzer", 1), ("random", 2))]
    record, _ = play_game(info.rules(), players, info.new_game_options(), seed=4, max_plies=24)
    path = Path("mandragora.json").resolve()
    save_game(path, record)
    app.open_saved(path)
    app.frame()
    key(app, pygame.K_v)
    _reviewed(app)
    key(app, pygame.K_DOWN)
    return _save(app, out, "review_mandragora")


def shot_review_cube(app, out: Path) -> Path:
    from game.core.gameinfo import ANALYSIS_LEVEL
    from game.games import get_game

    info = get_game("backgammon")
    app.settings.choose(info, ANALYSIS_LEVEL, info.analysis_level_names[0])
    match = Path("3pt-a.mat").resolve()
    shutil.copy(ROOT / "tests" / "data" / "matches" / "3pt-a.mat", match)
    app.open_saved(match)
    app.frame()
    key(app, pygame.K_v)
    scene = _reviewed(app)
    lines = scene.reviewed.lines
    scene.go(next(i for i, line in enumerate(lines) if line.decision and line.decision.played.startswith("Doubles")))
    return _save(app, out, "review_cube")


def shot_review_settled(app, out: Path) -> Path:
    """The example save reviewed at the fastest level, then S: its close calls settled by
    rollout, on the first settled decision the rollout marked (else the first settled one)."""
    from game.core.gameinfo import ANALYSIS_LEVEL
    from game.games import get_game

    info = get_game("backgammon")
    app.settings.choose(info, ANALYSIS_LEVEL, info.analysis_level_names[0])
    _midgame_reviewed(app, "midgame-settled.json")
    key(app, pygame.K_s)
    scene = _reviewed(app)
    lines = scene.reviewed.lines
    settled = [i for i, line in enumerate(lines) if line.decision and line.decision.settled is not None]
    scene.go(next((i for i in settled if lines[i].decision.mark), settled[0]))
    return _save(app, out, "review_settled")
