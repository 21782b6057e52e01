"""What the window puts into the study library by itself (game/ui/library/intake.py): a game the
user finished, its players named by "My names" and the menu's titles, then its review as the
same match; a reviewed match file as the file's match; nothing when the setting is off or
when the computer plays itself; a busy library and one that cannot be opened give a banner,
never a crash, and the game goes on as ever."""

from __future__ import annotations

import shutil
import sqlite3
import time
from pathlib import Path

import pygame
import pytest

from game.core.gameinfo import ANALYSIS_LEVEL
from game.core.library import default_path, open_library
from game.core.match import GameRecord
from game.core.review.run import write_cache
from game.core.session import GameSetup
from game.games import get_game
from game.ui.jobs.library_writer import LIBRARY_WRITER
from game.ui.library.intake import add_completed_review, named_record
from game.ui.review.screen import ReviewScene
from tests.library_stubs import LEVEL, MATCHES, stub_report

from .util import key, run_until

BG = get_game("backgammon")


@pytest.fixture(autouse=True)
def quick_reviews(app, monkeypatch):
    """Reviews in a thread (no process to start), at the quickest level."""
    import game.ui.review.screen as screen

    monkeypatch.setattr(screen, "PROCESSES", False)
    app.settings.choose(BG, ANALYSIS_LEVEL, LEVEL)


def resign_at_once(app, players=("human", "advanced")):
    """A game whose White (a human) resigns a backgammon on the opening roll; Black accepts."""
    assert app.start_game(GameSetup("backgammon", players, seed=7, options={"first": 0}))
    scene = app.scene
    assert run_until(app, lambda: scene.mover.human)
    key(app, pygame.K_r, pygame.KMOD_CTRL)
    key(app, pygame.K_3)
    assert run_until(app, lambda: scene.session.is_over and scene.ending.ended)
    return scene


def stored(path: Path = None) -> list[tuple]:
    """Every match in the library: its players, source and the levels it was reviewed at."""
    with open_library(path or default_path()) as library:
        return [(*library.match(m).players, library.match(m).source, library.levels(m)) for m in library.match_ids()]


def wait_review(app, seconds: float = 60) -> ReviewScene:
    scene = app.scene
    assert isinstance(scene, ReviewScene)
    end = time.monotonic() + seconds
    while scene.analysing and time.monotonic() < end:
        app.frame()
        time.sleep(0.005)
    assert scene.job.status == "done", scene.job.error
    return scene


def test_players_are_named_by_my_names_and_the_menus_titles():
    record = GameRecord("backgammon", players=["human", "expert"])
    assert named_record(BG, record, []).names == ["You", "Expert"]
    assert named_record(BG, record, ["alice", "al"]).names == ["alice", "Expert"]
    both = GameRecord("backgammon", players=["human", "human"])
    assert named_record(BG, both, ["alice", "bob"]).names == ["alice", "bob"]
    assert named_record(BG, both, ["alice"]).names == ["alice (White)", "alice (Black)"]
    assert named_record(BG, both, []).names == ["You (White)", "You (Black)"]
    from_file = GameRecord("backgammon", players=["human", "human"], names=["lasse", "trovander"])
    assert named_record(BG, from_file, ["alice"]).names == ["lasse", "trovander"]


def test_a_finished_game_then_its_review_go_into_the_library_as_one_match(app):
    app.settings.my_names = ["alice", "al"]
    play = resign_at_once(app)
    assert LIBRARY_WRITER.flush()
    [(first, second, source, levels)] = stored()
    assert (first, second, levels) == ("alice", "Advanced", []) and source.startswith("window:")
    key(app, pygame.K_v)
    review = wait_review(app)
    decisions = len(review.job.report.decisions)
    assert review.save is None and decisions == 2  # the resignation and its answer
    app.frame()
    assert LIBRARY_WRITER.flush()
    assert stored() == [("alice", "Advanced", source, [LEVEL])]  # the same match, now reviewed
    with open_library(default_path()) as library:
        assert library.connection.execute("SELECT COUNT(*) FROM decisions").fetchone()[0] == decisions
    key(app, pygame.K_ESCAPE)
    assert app.scene is play


def test_nothing_goes_in_when_the_setting_is_off_nobody_played_or_the_game_goes_on(app):
    app.settings.library_auto_add = False
    resign_at_once(app)
    assert LIBRARY_WRITER.flush() and not default_path().exists()
    app.settings.library_auto_add = True
    app.start_game(GameSetup("backgammon", ("easy", "easy"), seed=3, options={"first": 0}))
    scene = app.scene
    scene.ending.finished()  # as if the computers' game had ended: watch mode's games are not the user's
    in_progress = GameRecord("backgammon", players=["human", "expert"], actions=["31"])  # its result: None
    assert not add_completed_review(app.settings, BG, in_progress, None, None, {})
    assert LIBRARY_WRITER.flush() and not default_path().exists()  # a game in progress goes in when it ends


def test_a_reviewed_match_file_goes_in_as_the_files_match_once(app, tmp_path):
    match = tmp_path / "3pt-a.mat"
    shutil.copyfile(MATCHES / "3pt-a.mat", match)
    assert app.open_saved(match)
    play = app.scene
    key(app, pygame.K_v)
    review = app.scene
    review.cancel()  # stopped at once: a complete review is put in its cache instead
    assert app.scene is play
    write_cache(match, review.job.key, stub_report(BG, review.record), complete=True)
    key(app, pygame.K_v)
    review = wait_review(app)
    assert review.job.from_cache
    app.frame()
    assert LIBRARY_WRITER.flush()
    assert stored() == [("lasse", "trovander", str(match), [LEVEL])]
    with open_library(default_path()) as library:
        first = library.connection.execute("SELECT id FROM reviews").fetchall()
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_v)  # from its cache again: the library has it, nothing is written again
    wait_review(app)
    app.frame()
    assert LIBRARY_WRITER.flush()
    with open_library(default_path()) as library:
        assert library.connection.execute("SELECT id FROM reviews").fetchall() == first


def test_a_busy_library_is_a_banner_and_the_game_is_unaffected(app, monkeypatch):
    monkeypatch.setattr(LIBRARY_WRITER, "busy_seconds", 0.2)
    open_library(default_path()).close()
    other = sqlite3.connect(default_path(), isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program in the middle of a write
    try:
        scene = resign_at_once(app)
        assert LIBRARY_WRITER.flush()
        app.frame()
        assert app.banner.error and "library is busy" in app.banner.text and "the game was not added" in app.banner.text
        assert app.scene is scene and scene.ending.ended
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert stored() == []


def test_a_library_that_cannot_be_opened_is_a_banner_and_the_game_is_unaffected(app, tmp_path):
    bad = tmp_path / "library.sqlite3"
    bad.write_bytes(b"SQLite format 3\x00" + b"\xff" * 200)
    app.settings.library_path = str(bad)
    scene = resign_at_once(app)
    assert LIBRARY_WRITER.flush()
    app.frame()
    assert app.banner.error and "The game was not added to the library" in app.banner.text
    assert app.scene is scene and bad.read_bytes() == b"SQLite format 3\x00" + b"\xff" * 200
    key(app, pygame.K_n)  # the window goes on: a new game
    assert app.scene is not scene
