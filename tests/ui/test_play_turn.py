"""Synthetic clicks, drags and keys play a human turn on the board: legal steps, undo, Done."""

from __future__ import annotations

import pygame
import pytest

from game.core.session import GameSetup

from .util import checker, click, drag, key, press_button, run_until


@pytest.fixture
def scene(app):
    # White starts (option "first"); seed 3 gives White 5-2 for the opening.
    assert app.start_game(GameSetup("backgammon", ("human", "hard"), seed=3, options={"first": 0}))
    scene = app.scene
    assert run_until(app, lambda: scene.mover.human)
    return scene


def test_click_right_click_undo_and_done(app, scene):
    view, session = scene.view, scene.session
    state = session.state
    high, low = state.dice
    assert not scene.controls.buttons["done"].is_enabled and not scene.controls.buttons["undo"].is_enabled
    source = next(s for s, _, d in view.turn.options() if d == high)
    click(app, checker(view, source))
    assert view.turn.moves[0][:2] == (source, source - high)
    assert scene.controls.buttons["undo"].is_enabled
    press_button(app, scene.controls.buttons["undo"])
    assert view.turn.moves == []
    # Right click moves by the lower die.
    source = next(s for s, _, d in view.turn.options() if d == low)
    click(app, checker(view, source), button=3)
    assert view.turn.moves[-1][2] == low
    key(app, pygame.K_BACKSPACE)
    assert view.turn.moves == []
    # Now a complete legal turn by clicks, then Done.
    while view.ready_move() is None:
        s, _, d = view.turn.options()[0]
        click(app, checker(view, s), button=1 if view.turn.click_move(s, True)[2] == d else 3)
    move = view.ready_move()
    assert move in session.rules.legal_moves(state)
    n = len(session.states)
    press_button(app, scene.controls.buttons["done"])
    assert session.states[n - 1] == state and session.states[n] == session.rules.apply(state, move)
    assert not scene.mover.human and session.actions[n - 1] == session.rules.notation(state, move)


def test_drag_with_both_dice_and_enter_confirms(app, scene):
    view, session = scene.view, scene.session
    state = session.state
    high, low = state.dice
    # A drag from 13 to 13 - high - low uses both dice in one gesture when the way is open.
    target = 13 - high - low
    assert view.turn.path(13, target), "the opening roll leaves 13 free to run"
    end = view.layout.stack_pos(target, 0)
    drag(app, checker(view, 13), end)
    assert [m[:2] for m in view.turn.moves][-1][1] == target and len(view.turn.moves) == 2
    assert view.ready_move() is not None
    key(app, pygame.K_RETURN)
    assert len(session.states) >= 3 and session.rules.to_move(session.states[-1]) != 0


def test_drag_to_an_illegal_point_changes_nothing(app, scene):
    view = scene.view
    drag(app, checker(view, 6), view.layout.stack_pos(12, 0))
    assert view.turn.moves == []


def test_clicking_the_dice_confirms_a_complete_move(app, scene):
    view, session = scene.view, scene.session
    before = len(session.actions)
    while view.ready_move() is None:
        s = view.turn.options()[0][0]
        click(app, checker(view, s))
    move = view.ready_move()
    click(app, view.dice_rect.center)
    assert len(session.actions) > before
    assert session.actions[before] == session.rules.notation(session.states[before], move)


def test_legal_targets_are_highlighted_on_hover(app, scene):
    view = scene.view
    source = view.turn.options()[0][0]
    pos = checker(view, source)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0), buttons=(0, 0, 0)))
    app.frame()
    assert view.hover == source
    target = next(t for s, t, _ in view.turn.options() if s == source)
    x, y = view.slot_pos(0, target, view.turn.me[target])
    colour = app.screen.get_at((int(x), int(y)))[:3]
    assert colour[1] > colour[0] and colour[1] > colour[2]  # the green target glow


def test_keyboard_new_game_and_save(app, scene, tabula_home):
    key(app, pygame.K_s)
    saved = list((tabula_home / "data" / "saves").glob("backgammon-*.json"))
    assert len(saved) == 1 and "Saved" in app.banner.text
    old = scene.session
    key(app, pygame.K_n)
    assert app.scene is not scene and app.scene.session is not old
    assert app.scene.session.player_names == ["human", "hard"]


def _closed_out_state():
    """White on the bar against Black's closed home board, 6-5 to play: no play."""
    from game.backgammon.board import make_side
    from game.backgammon.state import BackgammonState

    white = make_side({6: 5, 8: 3, 13: 5}, bar=1)
    black = make_side({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})
    return BackgammonState.from_board(white, black, 0, (6, 5))


def test_a_pass_is_the_views_to_announce_and_hold():
    """The view, not the play scene, says "no play": once when the human must press Done,
    once when the pass is shown, which then stays on the board a moment."""
    from game.backgammon.rules import Play
    from game.backgammon.view.pygame_view import NO_PLAY_SECONDS, BackgammonView

    pygame.font.init()
    view = BackgammonView(lambda size, bold=False: pygame.font.Font(None, size))
    view.configure(bottom=0, settings={})
    state = _closed_out_state()
    view.begin_turn(state)
    assert view.automatic_move(forced=False) is None
    assert view.announcements() == ["White rolled 6-5: no play. Press Done to pass."]
    assert view.ready_move() == Play() and view.announcements() == []
    assert view.automatic_move(forced=True) == Play()
    view.end_turn()
    view.animate(state, Play(), 0.0)
    assert view.announcements() == ["White rolled 6-5: no play."] and view.animating
    view.update(NO_PLAY_SECONDS - 0.1)
    assert view.animating
    view.update(0.2)
    assert not view.animating
