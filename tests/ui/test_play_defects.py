"""Issue 17: undo past forced moves, no game lost without asking, one key table, replay mode
for finished and loaded games, watch mode's keys."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from game.core.protocol import CHANCE
from game.core.saves import examples_dir, load_game, save_game
from game.core.session import GameSession, GameSetup
from game.games import get_game, rules_for
from game.ui.gameview import load_view
from game.ui.keys import KEY_TABLE, key_help, readme_paragraph
from game.ui.menu import MenuScene
from game.ui.play.scene import PlayScene

from .util import checker, click, drag, key, press_button, run_until

PLAYING = (Path(__file__).resolve().parents[2] / "docs" / "playing.md").read_text(encoding="utf-8")
"""The guide's page on the window, which lists the keys."""
GAMES = ["backgammon", "mandragora", "chesstack"]


def play_first_moves(session: GameSession, stop) -> None:
    """Play the first legal move (chance drawn by the session) until ``stop(session)``."""
    for _ in range(2000):
        if stop(session) or session.is_over:
            return
        if session.to_move == CHANCE:
            session.roll()
        else:
            session.apply(session.rules.legal_moves(session.state)[0])
    raise AssertionError("no such position")


def forced_game() -> tuple[GameSession, int]:
    """Backgammon, White human: White chose, later had a forced move, and is to move again
    with a choice.  Returns the session and the index of White's last choice before that."""
    session = GameSession(get_game("backgammon"), ["human", "easy"], seed=1)
    rules = session.rules

    def white_forced(s):
        return s.to_move == 0 and len(rules.legal_moves(s.state)) == 1 and any(
            rules.to_move(st) == 0 for st in s.states[:-1])

    play_first_moves(session, white_forced)
    forced = len(session.actions)
    choice = max(i for i in range(forced) if rules.to_move(session.states[i]) == 0
                 and len(rules.legal_moves(session.states[i])) > 1)
    session.apply(rules.legal_moves(session.state)[0])  # the forced move
    play_first_moves(session, lambda s: s.to_move == 0 and len(rules.legal_moves(s.state)) > 1)
    return session, choice


# -- 1. undo goes back past forced moves -----------------------------------------------------------

def test_session_undo_lands_on_the_last_choice_and_redo_comes_back():
    session, choice = forced_game()
    end = list(session.actions)
    assert session.undo()
    assert len(session.actions) == choice and session.to_move == 0
    assert session.redo() and session.actions == end


def test_undo_in_the_window_goes_back_past_a_forced_move(app):
    app.settings.auto_forced = True
    session, choice = forced_game()
    app.play(session)
    scene = app.scene
    assert run_until(app, lambda: scene.mover.human)
    key(app, pygame.K_BACKSPACE)
    for _ in range(30):  # nothing is replayed for the human, the computer does not answer again
        app.frame()
    assert len(session.actions) == choice and scene.mover.human
    assert session.to_move == 0 and len(session.rules.legal_moves(session.state)) > 1


def test_two_humans_undo_never_takes_back_the_other_players_move(app):
    record = load_game(examples_dir() / "two-humans-race.json", rules_for)
    app.play(GameSession.from_record(get_game(record.game), record))
    scene = app.scene
    assert run_until(app, lambda: scene.mover.human)
    before = list(scene.session.actions)
    assert not scene.session.can_undo() and not scene.controls.buttons["undo"].is_enabled
    for code, mod in ((pygame.K_BACKSPACE, 0), (pygame.K_z, pygame.KMOD_CTRL), (pygame.K_u, 0)):
        key(app, code, mod)
    assert scene.session.actions == before


# -- 2. no game lost without asking; the key table -------------------------------------------------

def start(app, game: str, players=("human", "human"), seed: int = 3) -> PlayScene:
    assert app.start_game(GameSetup(game, players, seed=seed))
    scene = app.scene
    assert run_until(app, lambda: scene.mover.human)
    return scene


@pytest.mark.parametrize("game", GAMES)
def test_new_game_asks_first_when_a_game_is_in_progress(app, game):
    scene = start(app, game)
    key(app, pygame.K_n)  # nothing played yet: no question
    assert app.scene is not scene and app.scene.confirmation.dialog is None
    scene = app.scene
    assert run_until(app, lambda: scene.mover.human)
    session = scene.session
    scene.mover.play_human(session.rules.legal_moves(session.state)[0])
    assert run_until(app, lambda: scene.mover.human or session.is_over)
    played = list(session.actions)
    key(app, pygame.K_n)
    assert app.scene is scene and scene.confirmation.dialog is not None
    assert "Start a new game?" in scene.confirmation.dialog.question and "will be lost" in scene.confirmation.dialog.detail
    key(app, pygame.K_n)  # No
    assert app.scene is scene and scene.confirmation.dialog is None and session.actions == played
    press_button(app, scene.controls.buttons["new"])
    assert scene.confirmation.dialog is not None
    key(app, pygame.K_ESCAPE)  # No, and not the menu
    assert app.scene is scene and scene.confirmation.dialog is None
    key(app, pygame.K_n)
    press_button(app, scene.confirmation.dialog.yes)
    assert app.scene is not scene and isinstance(app.scene, PlayScene)


def test_new_game_does_not_ask_when_the_game_is_over(app):
    assert app.open_saved(examples_dir() / "hard-vs-medium-finished.json")
    scene = app.scene
    key(app, pygame.K_n)
    assert app.scene is not scene and isinstance(app.scene, PlayScene)


def test_enter_in_the_menu_asks_before_overwriting_the_game_behind_continue(app):
    scene = start(app, "mandragora")
    session = scene.session
    scene.mover.play_human(session.rules.legal_moves(session.state)[0])
    app.frame()
    scene.leave()  # autosaved
    app.show_menu()
    menu = app.scene
    assert isinstance(menu, MenuScene) and menu.game_in_progress()
    key(app, pygame.K_RETURN)
    assert app.scene is menu and menu.confirm is not None
    key(app, pygame.K_n)
    assert app.scene is menu and menu.confirm is None
    press_button(app, menu.widgets["start"])
    assert menu.confirm is not None
    key(app, pygame.K_y)
    assert isinstance(app.scene, PlayScene)


def test_enter_in_the_menu_does_not_ask_without_a_game_in_progress(app):
    app.show_menu()
    menu = app.scene
    assert not menu.game_in_progress()
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, PlayScene)


def test_readme_keys_paragraph_is_the_key_table(app):
    """The table's keys and backgammon's decision keys (its view's, in a money game with the cube)."""
    found = re.search(r"^Keys:.*?\.(?=\s)", PLAYING, re.M | re.S)
    assert found, "docs/playing.md has no Keys: paragraph"
    text = " ".join(found.group(0).split())
    info = get_game("backgammon")
    cube_game = info.rules().initial_state(info.new_game_options({"cube": "on"}))
    assert text == readme_paragraph(load_view(info, app.fonts).decisions.keys(cube_game))


def test_key_help_is_built_from_the_table_and_fits_the_mode():
    assert [k.keys for k in KEY_TABLE if k.keys in ("U", "u")] == []
    play, watch, replay = (key_help(mode, analysis=True) for mode in ("play", "watch", "replay"))
    assert "undo" in play and "done" in play and "tutor" in play
    for absent in ("undo", "redo", "done", "tutor"):
        assert absent not in watch and absent not in key_help("replay", analysis=True, human=False)
    assert "done" not in replay and "undo" in replay  # undo leaves replay mode for the game
    assert "watch speed" in watch and "animation speed" not in watch
    assert "hints" not in key_help("play", analysis=False)


def test_mandragora_key_help_has_no_done_key(app):
    """A Mandragora click plays at once: there is no Done button, so no Enter key to list."""
    scene = start(app, "mandragora", ("human", "analyzer"))
    assert "done" not in scene.keys.help() and "undo" in scene.keys.help()
    scene = start(app, "backgammon", ("human", "easy"))
    assert "Enter done" in scene.keys.help()


# -- 4. replay mode ----------------------------------------------------------------------------

def test_a_loaded_finished_game_opens_in_replay_mode(app):
    assert app.open_saved(examples_dir() / "hard-vs-medium-finished.json")
    scene = app.scene
    app.frame()
    session = scene.session
    last = len(session.states) - 1
    assert scene.replay.replaying and scene.replay.shown_index == last and scene.ending.ended
    assert not scene.controls.buttons["pause"].is_enabled  # nothing to pause
    assert "undo" not in scene.keys.help() and "Left/Right" in scene.keys.help()
    assert run_until(app, lambda: scene.overlays.hints.ready, limit=60000)  # not "Analysing…" forever
    app.frame()
    assert scene.overlays.hints.played == session.actions[-1]
    key(app, pygame.K_LEFT)
    assert scene.replay.shown_index < last and scene.replay.cursor == scene.replay.last_stop - 1
    assert "Replay: move" in scene.status.text
    key(app, pygame.K_HOME)
    assert scene.replay.shown_index == 0
    key(app, pygame.K_RIGHT)
    first = scene.replay.shown_index
    assert first > 0 and session.rules.to_move(session.states[first - 1]) != CHANCE
    key(app, pygame.K_END)
    assert scene.replay.shown_index == last and scene.replay.replaying
    key(app, pygame.K_RIGHT)  # a finished game stays in replay mode
    assert scene.replay.replaying and len(session.actions) == last


def test_the_move_list_is_clickable(app):
    assert app.open_saved(examples_dir() / "hard-vs-medium-finished.json")
    scene = app.scene
    app.frame()
    index, rect = scene.move_list.section.rows[0]
    click(app, rect.center)
    assert scene.replay.cursor == index + 1 and scene.replay.selected_line() == index
    assert scene.move_list.section.rows[0][0] <= index


@pytest.mark.parametrize("game", GAMES)
def test_a_loaded_unfinished_game_replays_then_plays_on(app, game, tmp_path):
    scene = start(app, game, players=("human", "human"))
    session = scene.session
    for _ in range(2):
        scene.mover.play_human(session.rules.legal_moves(session.state)[0])
        assert run_until(app, lambda: scene.mover.human or session.is_over)
    path = tmp_path / "game.json"
    save_game(path, session.record())
    assert app.open_saved(path)
    scene = app.scene
    session = scene.session
    actions = list(session.actions)
    for _ in range(5):
        app.frame()
    assert scene.replay.replaying and not scene.mover.human and session.actions == actions
    assert scene.controls.buttons["done"].text == "Play on" and scene.controls.buttons["done"].is_enabled
    key(app, pygame.K_LEFT)
    assert scene.replay.shown_index < len(session.states) - 1
    key(app, pygame.K_RIGHT)
    assert scene.replay.replaying and scene.replay.shown_index == len(session.states) - 1
    key(app, pygame.K_RIGHT)  # past the last position: the game goes on
    assert not scene.replay.replaying
    assert run_until(app, lambda: scene.mover.human)
    key(app, pygame.K_LEFT)  # and Left in a game in progress looks back again
    assert scene.replay.replaying and not scene.mover.human
    press_button(app, scene.controls.buttons["done"])  # "Play on"
    assert not scene.replay.replaying and run_until(app, lambda: scene.mover.human)


def test_continue_plays_on_at_once(app):
    scene = start(app, "backgammon", players=("human", "easy"))
    scene.leave()
    assert app.continue_game()
    assert not app.scene.replay.replaying


# -- 5. watch mode's keys -----------------------------------------------------------------------

def test_watch_mode_minus_plus_keys_change_the_watch_speed(app):
    assert app.start_game(GameSetup("mandragora", ("analyzer", "analyzer"), seed=1))
    scene = app.scene
    app.frame()
    assert scene.overlays.watching
    animation, speed = app.settings.animation, app.settings.watch_speed
    key(app, pygame.K_MINUS)
    assert app.settings.animation == animation and app.settings.watch_speed != speed
    key(app, pygame.K_EQUALS)
    assert app.settings.watch_speed == speed
    help_text = scene.keys.help()
    for absent in ("done", "undo", "tutor"):
        assert absent not in help_text
    assert "watch speed" in help_text and "pause" in help_text


def test_the_status_echoes_the_move_being_built(app):
    scene = start(app, "backgammon", ("human", "easy"))
    view = scene.view
    assert "Your move" not in scene.status.text
    move = next(m for m in scene.session.rules.legal_moves(scene.session.state) if len(m.steps) == 2)
    source, target = move.steps[0]
    turn = view.turn
    drag(app, checker(view, source), view.slot_pos(turn.mover, target, turn.me[target]))
    app.frame()
    assert view.partial_notation() and f"Your move: {view.partial_notation()}" in scene.status.text


def test_mandragora_shows_no_done_button(app):
    scene = start(app, "mandragora", ("human", "human"))
    assert run_until(app, lambda: scene.mover.human)
    app.frame()
    assert not scene.controls.buttons["done"].visible
    backgammon = start(app, "backgammon", ("human", "human"))
    app.frame()
    assert backgammon.controls.buttons["done"].visible
