"""The Library screen (game/ui/library/), driven headless as a user would: reached from the
menu, each view drawn with a library of real matches and stand-in reviews (no analysis runs),
sorting, a double click that reviews a match, a found position opened at its decision and on
the study board, a library that cannot be opened, and the bulk analysis in its worker process
while the frames go on."""

from __future__ import annotations

import os
import time
from dataclasses import replace

import pygame
import pygame_gui
import pytest

from game.core.gameinfo import ANALYSIS_LEVEL
from game.core.library import default_path, intake, open_library
from game.core.session import GameSession
from game.games import get_game
from game.ui.jobs.library_writer import LIBRARY_WRITER
from game.ui.library.scene import LibraryScene
from game.ui.play.scene import PlayScene
from game.ui.review.screen import ReviewScene
from tests.library_stubs import LEVEL, stub_library

from .util import click, key, post, press_button

BG = get_game("backgammon")


@pytest.fixture(autouse=True)
def reviews_in_threads(monkeypatch):
    """A review opened from the library runs in a thread here (no process to start and end)."""
    import game.ui.review.screen as screen

    monkeypatch.setattr(screen, "PROCESSES", False)


def settle(app, scene: LibraryScene, frames: int = 3) -> None:
    """Frames until the reader has answered every question asked (and the answers are shown)."""
    for _ in range(20):
        assert scene.reader.wait()
        app.frame()  # the scene takes the answers (a view may ask again)
        if scene.reader.idle:
            break
    for _ in range(frames):
        app.frame()


def open_library_screen(app, view: str = "matches") -> LibraryScene:
    app.open("library")
    scene = app.scene
    assert isinstance(scene, LibraryScene)
    scene.command(view)
    settle(app, scene)
    return scene


def wait_for(app, condition, seconds: float = 30) -> bool:
    end = time.monotonic() + seconds
    while not condition() and time.monotonic() < end:
        app.frame()
        time.sleep(0.005)
    return condition()


def test_the_menu_opens_the_library_and_back_returns(app):
    app.show_menu()
    app.frame()
    press_button(app, app.scene.widgets["library"])
    scene = app.scene
    assert isinstance(scene, LibraryScene)
    settle(app, scene)
    assert scene.counts == (0, 0, 0) and default_path().is_file()  # an empty library, made
    assert "No matches yet" in scene.view.table.empty
    press_button(app, scene.widgets["back"])
    assert app.scene is not scene and "library" in app.scene.widgets


def test_the_matches_view_lists_every_match_and_sorts_by_a_click_on_a_title(app):
    stub_library(default_path(), reviewed=2)
    scene = open_library_screen(app)
    table = scene.view.table
    assert scene.counts == (3, 2, 3)  # not yet at the settings' level (advanced)
    dates = [row.cells[0] for row in table.rows]
    assert dates == ["2024-06-21", "2024-04-22", "2024-04-01"]  # newest first
    by_date = {row.cells[0]: row for row in table.rows}
    assert by_date["2024-04-01"].cells[1] == "lasse – trovander" and by_date["2024-04-01"].cells[2] == "3 pt"
    assert by_date["2024-06-21"].cells[2] == "16 pt" or by_date["2024-06-21"].cells[2] == "money"
    assert by_date["2024-06-21"].cells[4:] == ("—", "—", "—")  # not analysed
    assert by_date["2024-04-01"].cells[6] == "Intermediate" and float(by_date["2024-04-01"].cells[4]) > 0
    players = table.rect.x + sum(table.widths()[:1]) + 10  # the Players title
    click(app, (players, table.rect.y + 5))
    names = [row.cells[1].lower() for row in table.rows]
    assert names == sorted(names) and table.sort == 1 and not table.descending
    click(app, (players, table.rect.y + 5))
    assert [row.cells[1].lower() for row in table.rows] == sorted(names, reverse=True)
    pr = table.rect.x + sum(table.widths()[:4]) + 10  # the first player's PR: the unanalysed last either way
    click(app, (pr, table.rect.y + 5))
    assert table.rows[-1].cells[4] == "—"
    click(app, (pr, table.rect.y + 5))
    assert table.rows[-1].cells[4] == "—" and table.descending


def test_a_double_click_on_a_match_opens_its_review_and_back_comes_back(app):
    stub_library(default_path(), names=("3pt-a.mat",))
    app.settings.choose(BG, ANALYSIS_LEVEL, LEVEL)
    scene = open_library_screen(app)
    table = scene.view.table
    row = table.rect.y + table.line + table.line // 2
    click(app, (table.rect.centerx, row), frames=1)
    click(app, (table.rect.centerx, row), frames=1)
    assert wait_for(app, lambda: isinstance(app.scene, ReviewScene))
    review = app.scene
    assert app.stack[0] is scene and isinstance(app.stack[1], PlayScene)
    with open_library(default_path()) as library:
        stored = library.match(table.rows[0].data)
    assert review.save is not None and review.save.read_text() == stored.text  # the match's own text
    assert review.record.players == ["lasse", "trovander"]
    key(app, pygame.K_ESCAPE)  # stops the review: back to the match in replay mode
    play = app.scene
    assert isinstance(play, PlayScene) and play.controls.buttons["menu"].text == "Back"
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and scene.view.table.rows  # as it was left
    assert not os.path.exists(default_path().parent / "autosave.json")  # a library match is not "Continue"


def test_the_player_view_shows_the_page_of_my_first_name_in_the_library(app):
    stub_library(default_path())
    app.settings.my_names = ["nobody", "trovander"]
    scene = open_library_screen(app, "player")
    view = scene.view
    assert view.player == "trovander" and view.players == sorted(view.players) and "lasse" in view.players
    page = view.page
    assert page.matches == 1 and page.decisions > 50 and page.pr.value is not None
    assert view.fingerprint.rows[0].heading and any(not row.heading for row in view.fingerprint.rows)
    assert any(row.dim for row in view.fingerprint.rows) == any(not r.enough for s in page.by.values()
                                                                 for r in s.values())
    assert [row.data for row in view.worst.rows] == list(page.worst)
    assert len(view.dots) == 1 and scene.view.chart.collidepoint(view.dots[0])
    app.settings.choose(BG, ANALYSIS_LEVEL, LEVEL)
    click(app, (view.dots[0][0] + 3, view.dots[0][1] - 2))  # the match's dot opens its review
    assert wait_for(app, lambda: isinstance(app.scene, ReviewScene))
    assert app.scene.record.players == ["lasse", "trovander"]
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene
    app.settings.my_names = []
    view.player = None
    view.refresh()
    settle(app, scene)
    assert view.player == "lasse"  # the most matches


def test_the_positions_view_finds_by_filters_draws_the_board_and_opens_the_position(app):
    stub_library(default_path())
    scene = open_library_screen(app, "positions")
    view = scene.view
    rows = view.table.rows
    assert len(rows) > 20 and [r.data["equity_lost"] for r in rows] == sorted((r.data["equity_lost"] for r in rows),
                                                                             reverse=True)
    post(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text="race", ui_element=view.widgets["phase"])
    view.widgets["min_loss"].set_text("0.1")
    post(pygame_gui.UI_TEXT_ENTRY_CHANGED, text="0.1", ui_element=view.widgets["min_loss"])
    settle(app, scene)
    found = [r.data for r in view.table.rows]
    assert found and all(d["phase"] == "race" and d["equity_lost"] >= 0.1 for d in found)
    assert view.table.selected == 0 and view._state is not None and view._state[1] is not None
    board = view.board_rect
    assert len({app.screen.get_at((x, y))[:3] for x in range(board.x, board.right, 7)
                for y in range(board.y, board.bottom, 7)}) > 8  # a board is drawn
    first = found[0]
    press_button(app, view.widgets["study"])
    play = app.scene
    assert isinstance(play, PlayScene) and app.stack[0] is scene
    assert play.session.state == BG.notation.parse_position(first["xgid"])
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene
    settle(app, scene)
    press_button(app, scene.view.widgets["review"])
    assert wait_for(app, lambda: isinstance(app.scene, ReviewScene))
    assert app.scene.opened_at == first["match"]["ply"]  # the Review screen opens at that decision


def test_a_library_that_cannot_be_opened_is_a_banner_not_a_crash(app, tmp_path):
    bad = tmp_path / "library.sqlite3"
    bad.write_bytes(b"not a database at all\n" * 100)
    app.settings.library_path = str(bad)
    scene = open_library_screen(app)
    assert scene.reader.error and "left as it is" in scene.reader.error
    assert app.banner.error and "cannot be opened" in app.banner.text
    for view in ("player", "positions", "matches"):
        scene.command(view)
        settle(app, scene)
    app.banner.clear()  # it covers the top of the window
    press_button(app, scene.widgets["analyse"])
    assert scene.analysis is None and "cannot be opened" in app.banner.text
    assert bad.read_bytes() == b"not a database at all\n" * 100


def tiny_library(count: int = 1) -> None:
    """A library of ``count`` games of one decision (White resigns a backgammon on the opening
    roll; Black accepts), none analysed: a bulk analysis of them takes a moment."""
    with open_library(default_path()) as library:
        for seed in range(count):
            session = resigned_game(seed)
            record = replace(session.record(), names=["alice", "Advanced"])
            library.add(intake.record_source(BG, record, f"window:{seed}"))


def resigned_game(seed: int) -> GameSession:
    session = GameSession(BG, ["human", "advanced"], seed=seed, options={"first": 0})
    session.roll()
    session.apply(session.rules.offers(session.state)[-1])  # resigns a backgammon
    session.apply(session.rules.legal_moves(session.state)[0])  # accepted
    assert session.is_over
    return session


def test_the_analysis_runs_in_a_worker_process_while_the_frames_go_on(app):
    tiny_library()
    app.settings.choose(BG, ANALYSIS_LEVEL, LEVEL)
    scene = open_library_screen(app)
    assert scene.counts == (1, 0, 1)
    press_button(app, scene.widgets["analyse"])
    analysis = scene.analysis
    assert analysis is not None and analysis.in_process and analysis.pid != os.getpid()
    assert "cancel" in scene.widgets and "analyse" not in scene.widgets
    frames, end = 0, time.monotonic() + 120
    while analysis.running and time.monotonic() < end:
        app.frame()  # each frame returns while the child works
        frames += 1
        time.sleep(0.005)
    assert analysis.status == "done" and frames > 10, analysis.error
    assert analysis.progress.done == analysis.progress.total == 1 and analysis.progress.decisions >= 1
    settle(app, scene)
    assert scene.counts == (1, 1, 0) and scene.view.table.rows[0].cells[6] == "Intermediate"
    assert "analyse" in scene.widgets and not analysis.join(5) is False
    with open_library(default_path()) as library:
        assert library.levels(1) == [LEVEL]


def test_cancel_stops_the_analysis_and_ends_its_process(app):
    tiny_library(2)
    app.settings.choose(BG, ANALYSIS_LEVEL, LEVEL)
    scene = open_library_screen(app)
    press_button(app, scene.widgets["analyse"])
    analysis = scene.analysis
    press_button(app, scene.widgets["cancel"])
    assert analysis.status == "cancelled" and "Analysis stopped" in app.banner.text
    assert analysis.join(10)  # the process has ended
    assert "analyse" in scene.widgets


def test_a_game_played_in_the_window_opens_from_the_library_and_its_review_goes_back_into_it(app):
    tiny_library()
    app.settings.choose(BG, ANALYSIS_LEVEL, LEVEL)
    scene = open_library_screen(app)
    scene.open_match(scene.view.table.rows[0].data, None)
    assert wait_for(app, lambda: isinstance(app.scene, ReviewScene))
    review = app.scene
    assert review.save.parent.name == "library-matches" and review.save.suffix == ".json"  # its text, written once
    assert wait_for(app, lambda: review.job.status == "done"), review.job.error
    app.frame()
    assert LIBRARY_WRITER.flush()
    with open_library(default_path()) as library:
        assert library.match_ids() == [1] and library.levels(1) == [LEVEL]  # the same match, now reviewed
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene
