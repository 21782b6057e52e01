"""The Review screen's alternatives table and cube figures (game/ui/review/alternatives.py) at
three window sizes, and its "Export report…" (game/ui/review/export.py)."""

from __future__ import annotations

import dataclasses
import shutil

import pygame
import pytest

from game.core.capabilities import Review
from game.core.match import play_game
from game.core.review.plain import review_marks
from game.core.review.run import cache_key, review, write_cache
from game.core.saves import data_dir, examples_dir, save_game
from game.games import get_game
from tests.review_stubs import ReviewWithoutLuck

from .test_review_screen import BG, fastest, reviewed
from .util import key, press_button

QUICK = dataclasses.replace(BG, abilities={**BG.abilities, Review: ReviewWithoutLuck})
OPTIONS = {"level": "intermediate"}
CHANCE_HEADS = ["Win", "W(g)", "W(bg)", "L(g)", "L(bg)"]


def open_reviewed(app, save, record=None):
    """The Review screen of ``save``, its report cached beforehand (real 0-ply analysis, no luck)."""
    fastest(app, BG)
    assert app.open_saved(save)
    app.frame()
    play = app.scene
    record = play.session.record()
    write_cache(save, cache_key(record, OPTIONS, review_marks(BG)), review(QUICK, record, OPTIONS))
    play.command("review")
    return reviewed(app)


@pytest.fixture
def midgame(tmp_path):
    save = tmp_path / "midgame.json"
    shutil.copy(examples_dir() / "human-vs-hard-midgame.json", save)
    return save


def test_the_table_fits_each_size_with_the_columns_it_has_room_for(app, midgame):
    scene = open_reviewed(app, midgame)
    lines = scene.reviewed.lines
    low = next(i for i, line in enumerate(lines) if line.decision.played_alternative.rank >= 4)
    for size, chances in (((800, 600), []), ((1280, 800), CHANCE_HEADS[:1]), ((1920, 1080), CHANCE_HEADS)):
        app.resize(size)
        scene.go(low)
        app.frame()
        table, window = scene.table_rect, pygame.Rect((0, 0), size)
        assert window.contains(table) and not table.colliderect(scene.view.board_rect)
        assert not table.colliderect(scene.graph_rect) and not table.colliderect(scene.panel.rect)
        shown = scene.alternatives
        assert shown.heads[:4] == ["#", "Move", "Equity", "Diff"] and set(chances) <= set(shown.heads[4:])
        d = lines[low].decision
        assert shown.rows[0] == ("1", d.best, False) and sum(played for *_, played in shown.rows) == 1
        rank, move, _ = next(row for row in shown.rows if row[2])  # the play made, wherever it ranks
        assert move == d.played and rank.endswith(str(d.played_alternative.rank))
        assert len(shown.rows) >= 4
    assert len(scene.alternatives.heads) == 4 + len(CHANCE_HEADS)  # 1920×1080: every chance


def test_a_cube_decision_shows_nd_dt_dp_and_the_proper_action(app, tmp_path):
    players = [BG.players.player("intermediate", seed) for seed in (0, 1)]
    record, _ = play_game(BG.rules(), players, BG.new_game_options({"match_length": "3"}), seed=4, max_plies=60)
    save = tmp_path / "match.json"
    save_game(save, record)
    scene = open_reviewed(app, save)
    lines = scene.reviewed.lines
    double = next(i for i, line in enumerate(lines) if line.decision and line.decision.played.startswith("Doubles"))
    for size in ((800, 600), (1920, 1080)):
        app.resize(size)
        scene.go(double)
        app.frame()
        cube = lines[double].decision.cube
        shown = scene.alternatives.cube_lines
        assert shown[0].startswith(f"No double {cube.nd:+.3f}") and shown[0].endswith(f"{100 * cube.nd_mwc:.1f}%")
        assert shown[1].startswith("Double/take") and shown[2].startswith("Double/pass +1.000")
        assert shown[3] == f"Proper: {cube.proper}"
    assert scene.alternatives.heads[1] == "Action"  # the actions' table below, at the large size
    assert {row[1] for row in scene.alternatives.rows} == {"No double", "Doubles to 2"}


def test_export_writes_the_report_beside_the_file_or_in_the_data_folder(app, midgame, monkeypatch):
    scene = open_reviewed(app, midgame)
    key(app, pygame.K_e)
    beside = midgame.parent / "midgame-review.html"
    html = beside.read_text(encoding="utf-8")
    assert "<svg" in html and "human" in html and "hard" in html
    assert str(beside) in app.banner.text
    import game.ui.review.export as export

    write = export.write_report

    def read_only_beside(path, text, *protected):
        if path.parent == midgame.parent:
            raise OSError(13, "Permission denied")
        return write(path, text, *protected)

    monkeypatch.setattr(export, "write_report", read_only_beside)
    press_button(app, scene.buttons["export"])
    fallback = data_dir() / "reviews" / "midgame-review.html"
    assert fallback.read_text(encoding="utf-8") == html and str(fallback) in app.banner.text


@pytest.mark.slow
def test_a_game_without_a_file_exports_to_the_data_folder(app):
    from game.core.session import GameSession

    info = get_game("mandragora")
    players = [info.players.player("random", seed) for seed in (1, 2)]
    record, _ = play_game(info.rules(), players, info.new_game_options(), seed=5, max_plies=12)
    app.play(GameSession.from_record(info, record))
    app.frame()
    key(app, pygame.K_v)
    scene = reviewed(app)
    scene.command("export")
    written = list((data_dir() / "reviews").glob("mandragora-review-*.html"))
    assert len(written) == 1 and str(written[0]) in app.banner.text
    assert scene.alternatives.heads[:4] == ["#", "Move", "Total", "Diff"]  # its value heading: the analyzer's total ranks
