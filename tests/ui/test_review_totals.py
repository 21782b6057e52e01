"""The Review screen's totals table (game/ui/review/totals.py) and the way back to the game:
a match reviewed with a quick stand-in analysis (precomputed into the match file's cache),
its totals per game and for the match, collapsed at 800x600 and expanded with T, and Esc
leaving the play scene at the decision on show."""

from __future__ import annotations

import dataclasses
import shutil

import pygame
import pytest

from game.core.review.run import cache_key, review, write_cache
from game.core.review.plain import review_marks
from game.games import get_game, reviewed_record
from tests.review_stubs import ReviewWithoutLuck

from .test_review_screen import MATCHES, fastest, quick_analysis, reviewed
from .util import click, key
from game.core.capabilities import Review, Analysis

BG = get_game("backgammon")


@pytest.fixture
def match_review(app, tmp_path):
    """The 3-point match loaded (replay mode, at its end) with its review in the cache."""
    fastest(app, BG)
    match = tmp_path / "3pt-a.mat"
    shutil.copy(MATCHES / "3pt-a.mat", match)
    assert app.open_saved(match)
    record, options = reviewed_record(match), {"level": "intermediate"}
    quick = dataclasses.replace(BG, abilities={**BG.abilities, Analysis: lambda: dataclasses.replace(BG.move_analysis(), analyze=quick_analysis), Review: ReviewWithoutLuck})
    report = review(quick, record, options)
    write_cache(match, cache_key(record, options, review_marks(BG)), report)
    return app.scene, report


def test_totals_are_a_table_per_player_for_the_game_on_show_or_the_match(app, match_review):
    play, report = match_review
    play.command("review")
    scene = reviewed(app)
    section = scene.sections["totals"]
    view = scene.totals_view()
    assert view.title == "Totals · game 1" and view.players == ("lasse", "trovander")
    labels = [label for label, _ in view.rows]
    assert labels[:2] == ["Decisions", "Rated"] and "Missed doubles" in labels and "Rating" in labels
    decisions = dict(view.rows)["Decisions"]
    first = report.totals_of(1)
    assert decisions == (str(first["lasse"]["decisions"]), str(first["trovander"]["decisions"]))
    key(app, pygame.K_TAB)  # the whole match
    view = scene.totals_view()
    assert view.title == "Totals · match"
    assert dict(view.rows)["Decisions"] == tuple(str(report.totals[p]["decisions"]) for p in view.players)
    key(app, pygame.K_PAGEDOWN)  # the scope stays the match's as the games go by
    assert scene.totals_view().title == "Totals · match"
    key(app, pygame.K_TAB)
    assert scene.totals_view().title == "Totals · game 2"
    app.frame()
    assert any(s is section for s, _ in scene.panel.placed) and not section.collapsed  # 1100x720: room for it


def test_the_totals_stay_at_800x600_collapsed_and_t_expands_them(app, match_review):
    play, _ = match_review
    app.resize((800, 600))
    play.command("review")
    scene = reviewed(app)
    section = scene.sections["totals"]
    app.frame()
    placed = dict((id(s), rect) for s, rect in scene.panel.placed)
    assert id(section) in placed and section.collapsed  # one line a player, still on show
    assert id(scene.move_list) in placed  # and the move list keeps its six lines
    assert placed[id(scene.move_list)].h >= 6 * scene.move_list.fonts(14).get_linesize()
    key(app, pygame.K_t)
    app.frame()
    assert section.expanded and not section.collapsed  # the whole table: the move list gives way
    assert all(rect.bottom <= 600 - 56 for _, rect in scene.panel.placed)
    click(app, section.rect.center)  # a click on it collapses it again
    app.frame()
    assert not section.expanded and section.collapsed


@pytest.mark.slow
def test_leaving_review_returns_to_the_decision_on_show_and_back_again(app, match_review):
    play, _ = match_review
    assert play.replay.replaying and play.replay.cursor == play.replay.last_stop
    play.command("review")
    scene = reviewed(app)
    assert scene.game == 1  # from the end of a match file: its first decision
    key(app, pygame.K_PAGEDOWN)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    line = scene.line
    assert line.game == 2 and line.decision is not None
    key(app, pygame.K_ESCAPE)
    assert app.scene is play and play.replay.replaying
    shown, decision, _ = play.move_list.stops()[play.replay.cursor]
    assert decision == line.index and shown == line.index + 1  # the position after that move, not the start
    play.command("review")  # and the review opens on the same decision again
    again = reviewed(app)
    assert again.line.index == line.index
    # a no double that was no error has no line in the play scene's list: its roll's line
    quiet = next(i for i, s in enumerate(play.session.states[:-1])
                 if play.session.rules.to_move(s) >= 0 and play.session.actions[i] == "Roll"
                 and i not in {stop[1] for stop in play.move_list.stops()})
    play.replay.show_decision(quiet)
    earlier = play.move_list.stops()[play.replay.cursor - 1][1]
    assert play.move_list.stops()[play.replay.cursor][1] > quiet and (earlier is None or earlier < quiet)  # the next line


def test_a_missed_double_too_small_to_mark_is_counted_and_stepped_to(app, match_review):
    """The totals count every missed double; one below the doubtful mark still gets its line
    (a no double otherwise has none) and "Mistake >" stops at it."""
    from game.ui.gameview import unlisted_moves
    from game.ui.review.data import ReviewedGame

    play, report = match_review
    session = play.session
    quiet = next(d for d in report.decisions if d.kind == "cube" and d.played == "Roll" and not d.mark)
    missed = dataclasses.replace(quiet, best="Double", equity_lost=0.01, mark=None)
    changed = dataclasses.replace(report, games=tuple((n, tuple(missed if d is quiet else d for d in ds))
                                                      for n, ds in report.games))
    before = ReviewedGame(BG, session.rules, session.states, session.actions, report, unlisted_moves(play.view))
    after = ReviewedGame(BG, session.rules, session.states, session.actions, changed, unlisted_moves(play.view))
    assert quiet.ply not in {line.index for line in before.lines}  # a no double that was no error: no line
    where = next(i for i, line in enumerate(after.lines) if line.index == quiet.ply)
    assert after.lines[where].decision is missed and after.counted(missed)
    start = max((i for i in range(where) if not after.counted(after.lines[i].decision)), default=0)
    stops = []
    at = start
    while (at := after.step(at, True, mistakes=True)) is not None and at <= where:
        stops.append(at)
    assert stops[-1] == where


def test_a_matchs_alternatives_say_emg_and_its_totals_the_mwc_lost(app, match_review):
    from game.ui.review.screen import ReviewScene

    play, _ = match_review
    key(app, pygame.K_v)
    scene = app.scene
    assert isinstance(scene, ReviewScene)
    for _ in range(3):
        app.frame()
    assert scene.alternatives.heads[2] == "EMG"  # the value column's unit in a match
    assert "Lost (MWC)" in scene.totals()
