"""The Library screen's shots for ``docs/make_screenshots.py`` (kept apart: that file is long).

Every shot opens a library of the six real matches of ``tests/data/matches`` analysed at
Intermediate (the bulk analysis run once, by the first shot that needs it, about two minutes;
the other shots, and the other sizes, copy its file), with "lasse" and "Lasse" joined as one
player and "lasse" the first of "My names".

- library_matches.png: the Matches view, newest first, the 7-point match selected;
- library_player.png: the Player view of lasse: the trend, PR and error rate, the worst
  decisions (the worst selected), the fingerprint;
- library_positions.png: the Positions view: lasse's chequer plays that lost at least 0.04,
  worst first, the worst drawn on the board.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pygame

from tests.ui.util import click

ROOT = Path(__file__).resolve().parents[1]
MATCHES = ROOT / "tests" / "data" / "matches"
LEVEL = "intermediate"

_BUILT: list[Path] = []
"""The analysed library, once made in this run."""


def _analysed_library() -> Path:
    """The six matches added and analysed at :data:`LEVEL` (made once a run)."""
    if _BUILT:
        return _BUILT[0]
    from game.core.library import open_library
    from game.core.library.analysing import MatchAnalyser, analyse
    from game.core.library.sources import read_file
    from game.games import all_games, get_game

    folder = Path(tempfile.mkdtemp(prefix="tabula-library-shots-"))
    games = all_games()
    path = folder / "library.sqlite3"
    with open_library(path) as library:
        for match in sorted(MATCHES.glob("*.mat")):
            copy = folder / match.name
            shutil.copyfile(match, copy)
            library.add(read_file(copy, games))
        library.alias("lasse", "Lasse")
        analyse(library, MatchAnalyser(get_game, LEVEL), workers=2)
    _BUILT.append(path)
    return path


def _open(app, view: str):
    """The Library screen at ``view``, its library in place and every answer shown."""
    from game.core.gameinfo import ANALYSIS_LEVEL
    from game.core.library import default_path
    from game.games import get_game

    target = default_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(_analysed_library(), target)
    app.settings.my_names = ["lasse"]
    app.settings.choose(get_game("backgammon"), ANALYSIS_LEVEL, LEVEL)
    app.open("library")
    scene = app.scene
    scene.command(view)
    _settle(app, scene)
    return scene


def _settle(app, scene) -> None:
    for _ in range(30):
        if not scene.reader.wait(60):
            raise RuntimeError("the library's reader did not answer")
        app.frame()
        if scene.reader.idle:
            break
    for _ in range(3):
        app.frame()


def _save(app, out: Path, name: str) -> Path:
    app.frame()
    path = out / f"{name}.png"
    pygame.image.save(app.screen, str(path))
    return path


def _click_row(app, table, index: int) -> None:
    """Click row ``index`` of ``table`` as a user would (it is in view)."""
    click(app, (table.rect.centerx, table.rect.y + table.line * (index - table.top + 1) + table.line // 2))


def shot_library_matches(app, out: Path) -> Path:
    scene = _open(app, "matches")
    table = scene.view.table
    _click_row(app, table, next(k for k, row in enumerate(table.rows) if row.cells[2] == "7 pt"))
    return _save(app, out, "library_matches")


def shot_library_player(app, out: Path) -> Path:
    scene = _open(app, "player")
    _click_row(app, scene.view.worst, 0)
    return _save(app, out, "library_player")


def shot_library_positions(app, out: Path) -> Path:
    import pygame_gui

    scene = _open(app, "positions")
    view = scene.view
    for key, text in (("player", "lasse"), ("kind", "chequer")):
        pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text=text, ui_element=view.widgets[key]))
        app.frame()
        view = scene.view
    view.widgets["min_loss"].set_text("0.04")
    pygame.event.post(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED, text="0.04", ui_element=view.widgets["min_loss"]))
    app.frame()
    _settle(app, scene)
    app.rebuild()  # the drop-downs show the choices posted to them (a click on one shows its own)
    app.frame()
    return _save(app, out, "library_positions")
