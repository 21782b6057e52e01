"""The window's contract, held for every registered game with a board on screen.

Parametrized over ``game.games.all_games()`` when collected (the games declaring
``info.ability(View)``), never over a list of names, so a game added to the registry is held to
the same contract: watching two computers play (move list, status, autosave), a human's turn
(nothing built before any input, the status words, the layout at several window sizes), the
game's own settings on the settings screen and in its view.  Computer seats get the
cheapest player the game has ("random" where it has one).
"""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.elements import UIDropDownMenu

from game.core.protocol import CHANCE
from game.core.saves import load_game
from game.core.session import GameSetup
from game.games import all_games, rules_for
from game.ui.jobs.autosaver import AUTOSAVER

from .util import run_until
from game.core.capabilities import View

VIEW_GAMES = [pytest.param(info, id=info.name) for info in all_games() if info.has(View)]

WATCHED_MOVES = 6
"""Player moves a watched game plays before it is checked (fewer if it ends before)."""
SIZES = [(800, 600), (1280, 800), (1920, 1080)]
FRAME_LIMIT = 5000


def cheapest_player(info) -> str:
    return "random" if "random" in info.players.names else info.players.default


def player_moves(session) -> int:
    return sum(1 for mover, _ in session.history() if mover != CHANCE)


def resize(app, size) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.frame()
    assert app.screen.get_size() == size


def own_settings() -> list:
    """``(info, setting name, a value other than its default)`` for every game's own settings."""
    params = []
    for info in all_games():
        if not info.has(View):
            continue
        for name, setting in info.all_settings().items():
            others = [value for value in setting.choices if value != setting.default]
            if others:
                params.append(pytest.param(info, name, others[0], id=f"{info.name}-{name}"))
    return params


@pytest.mark.parametrize("info", VIEW_GAMES)
def test_watching_two_computers_lists_each_move_and_autosaves(app, tabula_home, info):
    """Computers alone play at once (instant watch speed, no animation): a numbered move-list
    line per player move naming its mover and ending with the move, a status line, no error,
    and the autosave holds the same actions as the session."""
    app.settings.watch_speed = "instant"
    app.settings.animation = "off"
    player = cheapest_player(info)
    assert app.start_game(GameSetup(info.name, (player, player), seed=3, options=info.new_game_options()))
    scene = app.scene
    session = scene.session

    def far_enough() -> bool:
        if session.is_over or session.stalled:
            return True
        history = session.history()
        return player_moves(session) >= WATCHED_MOVES and history[-1][0] != CHANCE

    assert run_until(app, far_enough, FRAME_LIMIT), (scene.turns.error, session.actions)
    app.frame()  # the scene sees the position it stopped in (an ending shows in the status)
    assert scene.turns.error is None, scene.turns.error

    moves = [(mover, text) for mover, text in session.history() if mover != CHANCE]
    assert len(moves) >= WATCHED_MOVES or session.is_over or session.stalled
    lines = scene.move_list.lines()
    if session.history()[-1][0] == CHANCE:  # the frame above may have drawn the next chance outcome
        shown = info.chance.in_move_list(session.history()[-1][1]) if info.chance else ""
        lines = lines[:-1] if shown else lines
    assert len(lines) == len(moves), (lines, moves)
    for number, (line, (mover, text)) in enumerate(zip(lines, moves), 1):
        assert line.startswith(f"{number}. "), line
        assert any(title in line for title in info.players.titles), line
        assert line.startswith(f"{number}. {info.players.titles[mover]}") and line.endswith(text), (line, text)
    assert scene.status.text.strip()

    AUTOSAVER.flush()  # the autosave is written by a background thread
    record = load_game(tabula_home / "data" / "autosave.json", rules_for)
    assert record.game == info.name and record.actions == session.actions


@pytest.mark.parametrize("info", VIEW_GAMES)
def test_a_human_turn_waits_for_input_and_the_layout_follows_the_window(app, info):
    """At a human's turn nothing is built before any input, the view words the position, and
    at every window size the board stays inside the window with the side panel to its right."""
    player = cheapest_player(info)
    assert app.start_game(GameSetup(info.name, ("human", player), seed=3, options=info.new_game_options()))
    scene = app.scene
    assert run_until(app, lambda: scene.mover.human or scene.session.is_over, FRAME_LIMIT), scene.turns.error
    assert scene.turns.error is None, scene.turns.error
    if scene.mover.human:
        assert scene.view.ready_move() is None
    words = scene.view.describe(scene.session.state)
    assert isinstance(words, str) and words.strip()
    for size in SIZES:
        resize(app, size)
        window = app.screen.get_rect()
        board, panel = scene.view.board_rect, scene.panel.rect
        assert window.contains(board), (size, board)
        assert board.w > 0 and board.h > 0, (size, board)
        assert panel.left >= board.right and panel.right <= window.right, (size, board, panel)
        assert app.scene is scene and scene.turns.error is None


@pytest.mark.parametrize("info", VIEW_GAMES)
def test_the_settings_screen_offers_each_of_the_games_own_settings(app, info):
    """A drop-down ``<game>:<setting>`` per own setting, showing its current choice; none
    with the game's prefix for a game without own settings."""
    app.show_settings()
    app.frame()
    widgets = app.scene.widgets
    own = info.all_settings()
    prefix = f"{info.name}:"
    assert {key for key in widgets if key.startswith(prefix)} == {prefix + name for name in own}
    current = app.settings.of(info)
    for name, setting in own.items():
        widget = widgets[prefix + name]
        assert isinstance(widget, UIDropDownMenu)
        assert widget.selected_option[0] == setting.choices[current[name]]


@pytest.mark.parametrize(("info", "name", "value"), own_settings())
def test_the_view_is_configured_with_the_games_own_settings(app, monkeypatch, info, name, value):
    """A non-default choice of an own setting is kept, a new game starts with it, and the view
    is configured with the game's settings, that choice included."""
    import game.ui.play.scene as play

    received = []
    load_view = play.load_view

    def recording_load_view(game, fonts):
        view = load_view(game, fonts)
        configure = view.configure

        def recording_configure(*, bottom, settings):
            received.append(dict(settings))
            return configure(bottom=bottom, settings=settings)

        view.configure = recording_configure
        return view

    monkeypatch.setattr(play, "load_view", recording_load_view)
    app.settings.choose(info, name, value)
    assert app.settings.of(info)[name] == value
    player = cheapest_player(info)
    assert app.start_game(GameSetup(info.name, ("human", player), seed=3, options=info.new_game_options()))
    assert not app.banner.error, app.banner.text
    for _ in range(3):
        app.frame()
    assert app.scene.turns.error is None
    assert received and received[0] == app.settings.of(info) and received[0][name] == value
