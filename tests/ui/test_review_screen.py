"""The window's Review screen (game/ui/review/screen.py), driven headless as a user would:
reached from a loaded save, a .mat match, a Mandragora save and a Chesstack game in
progress; progress while it analyses, cancel, marks in the move list, mistakes and graph
clicks that jump, arrows of the records' moves, the cache that makes a second review instant."""

from __future__ import annotations

import dataclasses
import shutil
import time
import zlib
from pathlib import Path

import pygame
import pytest

from game.core.analysis import MoveAnalysis
from game.core.gameinfo import ANALYSIS_LEVEL, REVIEW_STRICTNESS
from game.core.match import play_game
from game.core.review.run import (
    cache_key,
    cache_path,
    read_cache,
    read_cache_entry,
    review,
    write_cache,
)
from game.core.review.plain import review_marks
from game.core.saves import examples_dir, save_game
from game.core.session import GameSession
from game.games import get_game, reviewed_record
from game.ui.play.scene import PlayScene
from game.ui.review.data import MARK_SYMBOLS, luck_sign
from game.ui.review.screen import ReviewScene
from tests.review_stubs import ReviewWithoutLuck

from .util import click, key, press_button
from game.core.capabilities import Review, Analysis

MATCHES = Path(__file__).parents[1] / "data" / "matches"
BG = get_game("backgammon")


def fastest(app, info) -> None:
    if info.analysis_level_names:
        app.settings.choose(info, ANALYSIS_LEVEL, info.analysis_level_names[0])


def wait_for(app, condition, seconds: float = 60) -> bool:
    """Draw frames until ``condition()`` holds or ``seconds`` pass (workers think meanwhile)."""
    end = time.monotonic() + seconds
    while not condition() and time.monotonic() < end:
        app.frame()
        time.sleep(0.005)
    return condition()


def reviewed(app, limit: float = 60) -> ReviewScene:
    """Wait (drawing frames: the review runs in a worker process) until the review is shown."""
    scene = app.scene
    assert isinstance(scene, ReviewScene)
    end = time.monotonic() + limit
    while scene.analysing and time.monotonic() < end:
        app.frame()
        time.sleep(0.01)
    assert not scene.analysing and app.scene is scene, scene.job.error
    app.frame()
    return scene


def open_backgammon(app, tmp_path) -> tuple[PlayScene, Path]:
    fastest(app, BG)
    save = tmp_path / "midgame.json"
    shutil.copy(examples_dir() / "human-vs-hard-midgame.json", save)
    assert app.open_saved(save)
    app.frame()
    return app.scene, save


@pytest.mark.slow
def test_a_saved_game_is_reviewed_with_progress_marks_jumps_and_arrows(app, tmp_path):
    play, save = open_backgammon(app, tmp_path)
    press_button(app, play.controls.buttons["review"])
    scene = app.scene
    assert isinstance(scene, ReviewScene) and scene.analysing and scene.waiting
    assert "Cancel" in [b.text for b in scene.buttons.values()]
    assert wait_for(app, lambda: not scene.waiting)
    if scene.analysing:  # each decision shown as it comes, the rest pending ("…")
        assert "Stop the review" in [b.text for b in scene.buttons.values()]
        assert f"Reviewing: {scene.job.done} of 16" in scene.status() or not scene.analysing
    scene = reviewed(app)
    assert cache_path(save).is_file()
    report = scene.job.report
    decisions = [d for g in report.as_json()["games"] for d in g["decisions"]]
    lines = scene.move_lines()
    assert len(lines) == len(scene.reviewed.lines) == len(decisions) == 16
    for text, d in zip(lines, decisions):  # each line ends with its mark's symbol and luck sign
        marks = " ".join(s for s in (MARK_SYMBOLS.get(d["mark"], ""), luck_sign(d["luck"])) if s)
        assert text.endswith(f"{d['played']}  {marks}" if marks else d["played"])
    assert any("??" in text for text in lines)
    assert "Error rate" in scene.totals() and "Rating" in scene.totals()

    # next/previous mistake: Down and Up go to the nearest marked decision each way
    marked = [i for i, d in enumerate(decisions) if d["mark"]]
    scene.go(0)
    key(app, pygame.K_DOWN)
    assert scene.at == next(i for i in marked if i > 0)
    key(app, pygame.K_DOWN)
    second = scene.at
    key(app, pygame.K_UP)
    assert scene.at == marked[marked.index(second) - 1]
    key(app, pygame.K_RIGHT)
    assert scene.at == marked[marked.index(second) - 1] + 1

    # the arrows drawn are the record's best play and the play made
    line = scene.line
    rules = BG.rules()
    state = scene.session.states[line.index]
    app.frame()
    assert rules.notation(state, scene.arrows["best"]) == line.decision.best
    if line.decision.best != line.decision.played:
        assert rules.notation(state, scene.arrows["played"]) == line.decision.played
    assert "Best: " + line.decision.best in scene.decision()

    # a click on the graph jumps to the decision under the pointer
    x, index = scene.graph.xs[-3]
    click(app, (x, scene.graph.plot.centery))
    assert scene.at == index
    # and a click on a move line jumps to that move
    row_index, rect = scene.move_list.rows[1]
    click(app, rect.center)
    assert scene.selected_line() == row_index

    # back to the game as it was; a second review is instant (the cache beside the save)
    key(app, pygame.K_ESCAPE)
    assert app.scene is play
    play.command("review")
    assert isinstance(app.scene, ReviewScene) and not app.scene.analysing and app.scene.job.from_cache


@pytest.mark.slow
def test_decisions_show_as_they_come_and_esc_keeps_them_for_the_next_review(app, tmp_path):
    play, save = open_backgammon(app, tmp_path)
    app.settings.choose(BG, ANALYSIS_LEVEL, "expert")  # slow enough to be stopped half way
    key(app, pygame.K_v)
    scene = app.scene
    assert isinstance(scene, ReviewScene) and scene.analysing
    app.frame()
    assert "Esc" in scene.decision()
    # the window keeps drawing while the worker process reports each decision, shown at once
    assert wait_for(app, lambda: scene.job.done >= 2 and scene.reviewed is not None)
    app.frame()
    assert scene.analysing and "Reviewing: " in scene.status()
    lines = scene.move_lines()
    assert any(text.endswith("…") for text in lines)  # still to come
    shown = [line for line in scene.reviewed.lines if line.decision]
    assert len(shown) >= 2 and scene.reviewed.pending
    assert "so far" in scene.totals()
    # the last decision still to come (the review reaches it last): not "a forced move", whatever move it is
    waiting = max(i for i, line in enumerate(scene.reviewed.lines) if scene.reviewed.is_pending(line))
    scene.go(waiting)
    app.frame()
    assert scene.reviewed.is_pending(scene.line) and scene.alternatives.said == "Still being reviewed…"
    key(app, pygame.K_ESCAPE)  # stops, keeping what is finished
    assert app.scene is play and scene.job.status == "cancelled"
    end = time.monotonic() + 5
    while scene.job.alive and time.monotonic() < end:  # the worker process is stopped
        time.sleep(0.05)
    assert not scene.job.alive
    kept = read_cache_entry(save, scene.job.key)
    assert read_cache(save, scene.job.key) is None  # never taken for a whole review
    assert kept is not None and not kept[1] and len(kept[0].decisions) >= len(shown)
    play.command("review")  # the next review goes on from there: those are on show at once
    again = app.scene
    assert again.job.resumed == len(kept[0].decisions) and not again.waiting
    assert sum(1 for line in again.reviewed.lines if line.decision) == len(kept[0].decisions)
    press_button(app, again.buttons["stop"])
    assert app.scene is play


def quick_analysis(state, **options):
    """A stand-in for backgammon's analysis, fast and deterministic: every legal move with a
    made-up value (the screen is under test here, not the analysis; luck is left out too)."""
    rules = BG.rules()

    def value(text: str) -> float:  # not doubling is an error a third of the time: those get a line
        if text == "Roll":
            return -0.3 if zlib.crc32(repr(state).encode()) % 3 == 0 else 0.0
        return -(zlib.crc32(text.encode()) % 25) / 100

    rows = sorted(((value(rules.notation(state, m)), rules.notation(state, m), m)
                   for m in rules.legal_moves(state)), key=lambda row: -row[0])
    top = rows[0][0]
    return [MoveAnalysis(m, text, score=50 * v, value=v, details={"win": 0.5 + v}, rank=k + 1, diff=v - top,
                         score_diff=50 * (v - top)) for k, (v, text, m) in enumerate(rows)]


@pytest.mark.slow
def test_a_match_file_is_reviewed_game_by_game(app, tmp_path):
    fastest(app, BG)
    match = tmp_path / "3pt-a.mat"
    shutil.copy(MATCHES / "3pt-a.mat", match)
    assert app.open_saved(match)
    play = app.scene
    # a review is precomputed (with a quick stand-in analysis) into the match file's cache,
    # for the window's own options: the screen finds it there
    record, options = reviewed_record(match), {"level": "intermediate"}
    assert record.actions == play.session.record().actions and record.players == ["lasse", "trovander"]
    report = review(dataclasses.replace(BG, abilities={**BG.abilities, Analysis: lambda: dataclasses.replace(BG.move_analysis(), analyze=quick_analysis), Review: ReviewWithoutLuck}), record, options)
    write_cache(match, cache_key(record, options, review_marks(BG)), report)
    play.command("review")
    scene = reviewed(app)
    assert scene.job.from_cache and scene.reviewed.games == [1, 2, 3]
    assert "lasse" in scene.totals() and "trovander" in scene.totals()  # the file's names, as the CLI
    assert scene.game == 1 and scene.game_label.text == "Game 1 of 3"
    first = scene.move_lines()
    key(app, pygame.K_PAGEDOWN)
    assert scene.game == 2 and scene.move_lines() != first and scene.game_label.text == "Game 2 of 3"
    assert scene.move_lines()[0].startswith("1. ")
    press_button(app, scene.buttons["next game"])
    assert scene.game == 3
    key(app, pygame.K_HOME)
    assert scene.line.decision is not None and scene.line.game == 3
    texts = []
    for game in scene.reviewed.games:
        scene.go(scene.reviewed.first_line(game))
        texts += scene.move_lines()
    assert any("No double" in text for text in texts) and not any(" Roll" in text for text in texts)  # in words
    cube = [line for line in scene.reviewed.lines if line.decision and line.decision.kind == "cube"]
    assert cube and all(line.decision.win_chance is not None for line in cube)
    # "no double" gets a line only when it was an error (as the window's move list, and GNU's)
    no_double = [d for g in report.as_json()["games"] for d in g["decisions"] if d["played"] == "Roll"]
    listed = [line for line in scene.reviewed.lines if line.played == "Roll"]
    assert len(no_double) > len(listed) and all(line.mark for line in listed)
    assert len(listed) == sum(1 for d in no_double if d["mark"])


def _review_of(app, info, record, tmp_path=None):
    fastest(app, info)
    if tmp_path is not None:
        path = tmp_path / f"{info.name}.json"
        save_game(path, record)
        assert app.open_saved(path)
    else:
        app.play(GameSession.from_record(info, record))
    app.frame()
    play = app.scene
    assert play.controls.buttons["review"].visible
    key(app, pygame.K_v)
    return play, reviewed(app)


def test_mandragora_is_reviewed_on_the_same_screen_by_score(app, tmp_path):
    info = get_game("mandragora")
    players = [info.players.player("random", seed) for seed in (1, 2)]
    record, _ = play_game(info.rules(), players, info.new_game_options(), seed=5, max_plies=12)
    _, scene = _review_of(app, info, record, tmp_path)
    values = [scene.reviewed.value(line) for line in scene.reviewed.lines if line.decision]
    assert values and all(kind == "score" for kind, _ in values)
    assert "Average lost" in scene.totals() and "Error rate" not in scene.totals()  # milli-points of equity only
    assert "Rating" not in scene.totals() and "Missed doubles" not in scene.totals()  # backgammon's words only
    assert info.move_analysis().tutor_margin.unit in "\n".join(
        decision_text_of(scene, line) for line in scene.reviewed.lines if line.decision)
    assert any(mark in " ".join(scene.move_lines()) for mark in MARK_SYMBOLS.values())
    key(app, pygame.K_END)
    assert scene.line is scene.reviewed.lines[-1]


def decision_text_of(scene, line) -> str:
    scene.go(scene.reviewed.lines.index(line))
    return scene.decision()


def test_a_chesstack_game_in_progress_is_reviewed_and_kept_for_the_session(app):
    info = get_game("chesstack")
    players = [info.players.player("random", seed) for seed in (3, 4)]
    record, _ = play_game(info.rules(), players, info.new_game_options(), seed=2, max_plies=6)
    play, scene = _review_of(app, info, record)
    assert len(scene.reviewed.decisions()) == 6
    line = scene.line
    app.frame()
    state = scene.session.states[line.index]
    assert info.rules().notation(state, scene.arrows["best"]) == line.decision.best
    key(app, pygame.K_ESCAPE)
    assert app.scene is play
    key(app, pygame.K_v)
    assert not app.scene.analysing and app.scene.job.from_cache  # kept in memory: no file


def test_the_screen_fits_small_and_large_windows(app, tmp_path):
    play, save = open_backgammon(app, tmp_path)
    record, options = play.session.record(), {"level": "intermediate"}
    write_cache(save, cache_key(record, options, review_marks(BG)),
                review(dataclasses.replace(BG, abilities={**BG.abilities, Analysis: lambda: dataclasses.replace(BG.move_analysis(), analyze=quick_analysis), Review: ReviewWithoutLuck}), record, options))
    play.command("review")
    scene = reviewed(app)
    for size in ((800, 600), (1920, 1080)):
        app.resize(size)
        app.frame()
        assert scene.graph.plot.h >= 40 and scene.graph_rect.bottom <= size[1]
        assert scene.view.board_rect.bottom <= scene.graph_rect.y
        lists = [rect for s, rect in scene.panel.placed if s is scene.move_list]
        assert lists and lists[0].h >= 6 * scene.move_list.fonts(14).get_linesize()  # six moves at least
        assert all(rect.bottom <= size[1] - 56 for _, rect in scene.panel.placed)


@pytest.mark.slow
def test_a_game_in_progress_reviews_the_moves_so_far_and_play_goes_on(app, tmp_path):
    fastest(app, BG)
    save = tmp_path / "midgame.json"
    shutil.copy(examples_dir() / "human-vs-hard-midgame.json", save)
    assert app.open_saved(save, review=False)  # playing on, as "Continue" does
    play = app.scene
    assert wait_for(app, lambda: play.mover.human)
    moves = len(play.session.actions)
    assert play.controls.buttons["review"].visible
    key(app, pygame.K_v)
    scene = reviewed(app)
    assert scene.reviewed.lines[-1].index < moves and len(scene.reviewed.decisions()) >= 16
    assert "Decision" not in scene.status() and scene.decision()
    key(app, pygame.K_ESCAPE)
    assert app.scene is play and play.mover.human and not play.replay.replaying
    assert len(play.session.actions) == moves  # nothing was played meanwhile


@pytest.mark.slow
def test_review_marks_follow_the_setting(app, tmp_path):
    """The thresholds are a setting (strict halves, lenient doubles each game's own); the
    screen reviews with the chosen ones, and a stricter choice marks at least as much."""
    assert review_marks(BG) == (0.04, 0.08, 0.16) and review_marks(get_game("mandragora"), "strict") == (2.5, 5, 10)
    counts = {}
    for strictness in ("lenient", "strict"):
        app.settings.review_marks = strictness
        scene, _ = open_backgammon(app, tmp_path)
        press_button(app, scene.controls.buttons["review"])
        review = reviewed(app)
        assert review.job.thresholds == review_marks(BG, strictness)
        assert tuple(review.job.thresholds) == tuple(v * REVIEW_STRICTNESS[strictness] for v in (0.04, 0.08, 0.16))
        counts[strictness] = sum(1 for line in review.reviewed.lines if line.decision and line.decision.mark)
        key(app, pygame.K_ESCAPE)
        app.frame()
    assert counts["strict"] >= counts["lenient"] and counts["strict"] > 0


def test_s_settles_close_calls_by_rollout_and_s_again_goes_back(app, tmp_path, monkeypatch):
    from game.backgammon.analysis import settle as settling
    from game.ui.review import screen

    monkeypatch.setattr(screen, "PROCESSES", False)  # in a thread: the cut trial count below holds there
    monkeypatch.setattr(settling, "TRIALS", 12)
    play, save = open_backgammon(app, tmp_path)
    play.command("review")
    scene = reviewed(app)
    assert "S settle close calls" in scene.help_text()
    plain = scene.job.report
    assert all(d.settled is None for d in plain.decisions)
    key(app, pygame.K_s)
    assert scene.settled and scene.options["settle"] is True and "settle" not in scene.searched
    assert scene.analysing or scene.job.from_cache
    scene = reviewed(app, 120)
    settled = scene.job.report
    rolled = [d for d in settled.decisions if d.settled is not None]
    assert rolled and all(d.settled.trials == 12 for d in rolled)
    assert "close calls settled" in scene.status()
    at = next(i for i, line in enumerate(scene.reviewed.lines) if line.decision is not None
              and line.decision.settled is not None)
    scene.go(at)
    assert "Settled by rollout, 12 trials" in scene.decision()
    key(app, pygame.K_s)  # back to the search's marks (the cache beside the save holds the latest review)
    assert not scene.settled
    scene = reviewed(app)
    assert scene.job.report == plain and "close calls settled" not in scene.status()
