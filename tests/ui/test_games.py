"""Whole games in the window: human vs computer from posted events, watch mode, AI trouble."""

from __future__ import annotations

import threading

import pygame
import pytest

from game.core.players import Player
from game.core.saves import load_game
from game.games import rules_for
from game.core.session import GameSetup
from game.ui.jobs.autosaver import AUTOSAVER

from .util import checker, click, press_button, run_until


def play_human_turn(app, scene) -> None:
    view = scene.view
    while view.ready_move() is None:
        s, _, d = view.turn.options()[0]
        click(app, checker(view, s), button=1 if view.turn.click_move(s, True)[2] == d else 3, frames=1)
    press_button(app, scene.controls.buttons["done"], frames=1)


@pytest.mark.slow
def test_human_vs_computer_game_runs_to_the_end(app, tabula_home):
    app.settings.animation = "fast"  # time-based animation runs too (frames advance 1/60 s)
    assert app.start_game(GameSetup("backgammon", ("hard", "human"), seed=11))
    scene = app.scene
    assert scene.view.bottom == 1  # the human sits at the bottom
    turns = 0
    while not scene.session.is_over:
        assert run_until(app, lambda: scene.session.is_over or (scene.mover.human and not scene.view.animating))
        if scene.mover.human:
            play_human_turn(app, scene)
            turns += 1
    app.frame()
    assert turns > 5
    assert "wins" in scene.status.text
    AUTOSAVER.flush()  # the autosave is written by a background thread
    record = load_game(tabula_home / "data" / "autosave.json", rules_for)
    assert record.result == scene.session.record().result and record.actions == scene.session.actions


@pytest.mark.slow
def test_watch_mode_plays_itself(app):
    app.settings.watch_speed = "instant"  # no pause between moves: the same game, sooner
    assert app.start_game(GameSetup("backgammon", ("medium", "hard"), seed=5))
    scene = app.scene
    assert run_until(app, lambda: scene.session.is_over)
    assert not scene.mover.human and len(scene.move_list.lines()) > 10


class Exploding(Player):
    name = "exploding"

    def choose(self, rules, state):
        raise RuntimeError("evaluator weights missing")


class Slow(Player):
    """Thinks until released, like a deep search."""

    name = "slow"

    def __init__(self):
        self.release = threading.Event()

    def choose(self, rules, state):
        self.release.wait(30)
        return rules.legal_moves(state)[0]


def test_ai_error_is_shown_and_the_window_keeps_running(app):
    assert app.start_game(GameSetup("backgammon", ("human", "hard"), seed=2, options={"first": 1}))
    scene = app.scene
    scene.session.players[1] = Exploding()
    assert run_until(app, lambda: scene.turns.error is not None, limit=2000)
    assert "evaluator weights missing" in scene.turns.error and app.banner.error
    assert scene.controls.buttons["retry"].visible
    for _ in range(5):
        app.frame()  # still drawing, not frozen
    scene.session.players[1] = app.scene.session.info.players.player("hard", 1)
    app.banner.clear()
    press_button(app, scene.controls.buttons["retry"])
    assert run_until(app, lambda: scene.mover.human)
    assert scene.turns.error is None


def test_window_stays_responsive_while_the_computer_thinks(app):
    assert app.start_game(GameSetup("backgammon", ("human", "hard"), seed=2, options={"first": 1}))
    scene = app.scene
    slow = Slow()
    scene.session.players[1] = slow
    assert run_until(app, lambda: scene.turns.worker.busy, limit=100)
    for _ in range(30):
        assert app.frame()
    assert "thinking" in scene.status.text
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(900, 650), w=900, h=650))
    app.frame()
    assert app.screen.get_size() == (900, 650) and scene.turns.worker.busy
    slow.release.set()
    assert run_until(app, lambda: scene.mover.human)


def test_closing_while_the_computer_thinks(app, tabula_home):
    assert app.start_game(GameSetup("backgammon", ("human", "hard"), seed=2, options={"first": 1}))
    scene = app.scene
    slow = Slow()
    scene.session.players[1] = slow
    assert run_until(app, lambda: scene.turns.worker.busy, limit=100)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.frame() is False
    slow.release.set()
    assert (tabula_home / "data" / "autosave.json").exists()


def test_continue_the_last_game(app):
    assert app.start_game(GameSetup("backgammon", ("human", "hard"), seed=8))
    scene = app.scene
    assert run_until(app, lambda: scene.mover.human)
    play_human_turn(app, scene)
    assert run_until(app, lambda: scene.mover.human)
    actions = list(scene.session.actions)
    app.show_menu()
    menu = app.scene
    press_button(app, menu.widgets["continue"])
    assert app.scene is not menu and app.scene.session.actions[: len(actions)] == actions
    assert app.scene.session.player_names == ["human", "hard"]


@pytest.mark.slow
def test_a_computer_game_that_keeps_looping_is_stopped_unfinished(app):
    assert app.start_game(GameSetup("mandragora", ("analyzer", "analyzer"), seed=3))
    scene = app.scene
    scene.session.rules.max_plies = 6  # the loop guard, made short (this game's rules object only)
    assert run_until(app, lambda: scene.ending.ended)
    for _ in range(30):
        app.frame()
    assert not scene.session.is_over and len(scene.session.actions) == 6
    assert scene.status.text == "Stopped unfinished after 6 moves"


def test_the_loop_guard_never_stops_a_human(app):
    assert app.start_game(GameSetup("mandragora", ("human", "analyzer"), seed=3))
    session = app.scene.session
    session.rules.max_plies = 0  # the loop guard at its shortest (this game's rules object only)
    assert not session.stalled
