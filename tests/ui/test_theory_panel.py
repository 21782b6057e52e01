"""The theory panel (K): the cube at this score and the race counts over the board, and the
score map (M), worked out in the background."""

from __future__ import annotations

import os

import pygame
import pytest

from game.core.session import GameSetup
from game.games import get_game
from game.ui.analysis import theory_panel

from .util import click, key, run_until

BEAROFF = "d9sGAIDttgEAAA"  # both sides home: the cube's figures and the race counts


@pytest.fixture(autouse=True)
def in_a_thread(monkeypatch):
    monkeypatch.setattr(theory_panel, "PROCESSES", False)  # the same jobs, no process to start


def open_position(app, text):
    app.settings.choose(get_game("backgammon"), "analysis_level", "intermediate")
    info = get_game("backgammon")
    assert app.start_game(GameSetup("backgammon", ("human", "human"), seed=3, options=info.position_options(text)))
    scene = app.scene
    assert run_until(app, lambda: scene.mover.human and not scene.view.animating)
    return scene


def test_k_shows_the_cube_at_this_score_and_the_race_counts_and_m_the_score_map(app):
    scene = open_position(app, BEAROFF)
    panel = scene.overlays.theory
    assert panel.offered and "K cube theory" in scene.keys.help()
    key(app, pygame.K_k)
    assert panel.is_open and run_until(app, lambda: panel.figures is not None)
    headings = [s.heading for s in panel.figures.sections]
    assert headings[0].startswith("The cube at this score (money") and headings[1] == "Race counts"
    rows = dict(panel.figures.sections[0].rows)
    assert rows["Take point (other side)"].startswith("dead 25.0%   live 20.0%")  # no gammons in a bearoff
    app.frame()
    if os.environ.get("TABULA_SHOTS"):
        pygame.image.save(app.screen, os.path.join(os.environ["TABULA_SHOTS"], "theory.png"))
    assert panel.button is not None
    click(app, panel.button.center)  # the Score map button
    assert panel.showing_map and run_until(app, lambda: panel.map is not None)
    assert panel.map.length == 7 and panel.map.money in {key for key, _, _ in panel.theory.actions}
    app.frame()
    assert len(panel.cells) == 6 * 6 + 2 * 2 * 6 + 1
    if os.environ.get("TABULA_SHOTS"):
        pygame.image.save(app.screen, os.path.join(os.environ["TABULA_SHOTS"], "score_map.png"))
    key(app, pygame.K_ESCAPE)
    assert panel.is_open and not panel.showing_map
    key(app, pygame.K_ESCAPE)
    assert not panel.is_open and app.scene is scene


def test_the_panel_closes_when_the_position_changes_and_says_what_is_missing(app):
    scene = open_position(app, "XGID=-b----E-C---eE---c-e----B-:1:-1:1:00:0:0:0:0:10")  # Black owns the cube
    panel = scene.overlays.theory
    key(app, pygame.K_k)
    assert run_until(app, lambda: panel.figures is not None)
    assert panel.figures.sections == () and panel.figures.missing == "the other side owns the cube"
    key(app, pygame.K_m)  # no map without a cube decision: a banner says why
    assert not panel.showing_map and "other side owns the cube" in app.banner.text
    key(app, pygame.K_k)
    assert not panel.is_open


def test_copy_board_as_text_and_as_image(app, tmp_path, monkeypatch):
    scene = open_position(app, BEAROFF)
    copied = {}
    monkeypatch.setattr(pygame.scrap, "put_text", lambda text: copied.setdefault("text", text))
    key(app, pygame.K_t, mod=pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    info = get_game("backgammon")
    assert info.notation.format_position(info.notation.parse_position(copied["text"])) == \
        info.notation.format_position(scene.session.state)
    monkeypatch.setattr("platformdirs.user_pictures_dir", lambda: str(tmp_path))
    monkeypatch.setattr(pygame.scrap, "put", lambda *a: (_ for _ in ()).throw(pygame.error("no clipboard")))
    key(app, pygame.K_c, mod=pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    saved = list((tmp_path / "Tabula").glob("backgammon-*.png"))
    assert len(saved) == 1 and pygame.image.load(str(saved[0])).get_size() == (1000, 760)
    assert str(saved[0]) in app.banner.text


def test_the_match_equity_table_setting_reaches_the_analysis_and_restarts_the_workers(app, monkeypatch):
    from game.backgammon.cube import met_choice
    from game.core.gameinfo import MATCH_EQUITY_TABLE
    from game.ui.analysis import tables

    closed = []
    monkeypatch.setattr(tables, "_in_workers", {})
    monkeypatch.setattr(tables, "shared", lambda name: type("W", (), {"close": lambda self: closed.append(name)})())
    info = get_game("backgammon")
    assert info.all_settings()[MATCH_EQUITY_TABLE].choices == {"kazaross-xg2": "Kazaross XG2",
                                                               "mec": "mec (Zadeh's method)"}
    try:
        open_position(app, BEAROFF)
        assert met_choice.active() is met_choice.kazaross() and closed == []  # the workers have the default
        app.settings.choose(info, MATCH_EQUITY_TABLE, "mec")
        scene = open_position(app, "bXcPAADb7Q4AAA:MAHgACAAGAAA")
        assert met_choice.active() is met_choice.mec() and closed == ["analysis", "moves"]
        key(app, pygame.K_k)
        panel = scene.overlays.theory
        assert run_until(app, lambda: panel.figures is not None)
        assert "mec" in panel.figures.sections[0].heading
    finally:
        met_choice.use(None)
