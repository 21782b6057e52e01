"""The Mandragora board in the window: drawing, clicks on areas, sowing animation, the analyzer
overlay, whole games from posted events, undo/redo and saves."""

from __future__ import annotations

import itertools
import json
import math
from pathlib import Path

import pygame
import pytest

from game.core.saves import load_game, saves_dir
from game.games import get_game
from game.mandragora.view.display import (CollectedTracker, badges, extra_turn_banner, guess_collected, in_hexagon,
                                          move_summary)
from game.mandragora.status import describe
from game.mandragora.position import parse_position
from game.mandragora.rules import MandragoraRules, step
from game.mandragora.state import BASES, MOVABLE, PATHS, MandragoraState
from game.mandragora.view.pygame_view import PIECE_STYLE, make_view
from game.games import rules_for
from game.core.session import GameSession, GameSetup
from game.ui.jobs.autosaver import AUTOSAVER

from .util import click, distinct_colours, key, press_button, run_until

INFO = get_game("mandragora")
RULES = MandragoraRules()
GOLDEN_GAME = json.loads((Path(__file__).parents[1] / "mandragora" / "data" / "golden.json").read_text())["games"][0]


def start(app, players=("human", "analyzer"), **options) -> object:
    assert app.start_game(GameSetup("mandragora", players, seed=4, options=options))
    scene = app.scene
    assert run_until(app, lambda: scene.session.is_over or (scene.mover.human and not scene.view.animating))
    return scene


def centre(view, area):
    return view.layout.centres[area]


def bare_view():
    """A view without a window (pygame is initialised for its fonts)."""
    pygame.init()
    fonts = lambda size, bold=False: pygame.font.Font(None, size)  # noqa: E731
    view = make_view(INFO, fonts)
    view.set_rect(pygame.Rect(0, 0, 900, 700))
    return view


@pytest.mark.parametrize("size", [(720, 480), (1100, 720), (1600, 1000)])
def test_board_draws_at_several_sizes(app, size):
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    scene = start(app)
    app.frame()
    view, screen = scene.view, app.screen
    assert screen.get_size() == size
    board = view.board_rect
    assert screen.get_rect().contains(board) and not board.colliderect(scene.panel.rect)
    for area in range(1, 9):
        assert board.collidepoint(centre(view, area))
    assert not view.layout.bases[0].colliderect(view.layout.bases[1])
    # Hexagons in their colours and every kind of piece (pattern A has all five) are on screen.
    colours = {screen.get_at((int(x - view.layout.r * 0.7), int(y)))[:3] for x, y in view.layout.centres.values()}
    assert len(colours) >= 3
    assert distinct_colours(screen, board) > 40
    pink = (240, 128, 184)
    assert any(screen.get_at((x, y))[:3] == pink for x in range(board.x, board.right, 2)
               for y in range(board.y, board.bottom, 2))


def test_clicking_each_legal_area_plays_it(app):
    first = RULES.initial_state({})
    for area in RULES.legal_moves(first):
        scene = start(app)
        view = scene.view
        x, y = centre(view, area)
        # A point near the hexagon's right edge is still in its hit box.
        edge = (x + view.layout.r * 0.8, y)
        assert view.area_at(edge) == area
        click(app, edge if area % 2 else (x, y))
        assert scene.session.actions[0] == f"P{area}"


def test_illegal_areas_and_empty_space_are_ignored(app):
    scene = start(app)
    view = scene.view
    for area in set(range(1, 9)) - set(MOVABLE[0]):
        click(app, centre(view, area))
    click(app, (view.board_rect.x + 3, view.board_rect.bottom - 3))
    click(app, view.layout.bases[1].center)
    assert scene.session.actions == [] and scene.mover.human
    # An area emptied by a move cannot be clicked again.
    click(app, centre(view, 1))
    assert run_until(app, lambda: scene.mover.human and not view.animating)
    state = scene.session.state
    if state.turn == 0 and not state.pile(1):
        before = list(scene.session.actions)
        click(app, centre(view, 1))
        assert scene.session.actions == before


def test_animated_move_shows_each_piece_and_ends(app):
    app.settings.animation = "normal"
    scene = start(app, ("human", "human"))
    view, state = scene.view, scene.session.state
    click(app, centre(view, 3), frames=1)
    assert view.animating and scene.status.text == "Player is sowing area 3…"
    anim = view.animations[0]
    assert [stop for _, stop in anim.move.landings] == [4, 5, 0]
    seen, cues = set(), []
    for _ in range(400):
        if not view.animating:
            break
        seen.add(view.animations[0].landed)
        cues += view.update(0.0)
        app.frame()
    assert not view.animating and seen >= {0, 1, 2}
    assert scene.session.states[1] == step(state, 3).state
    app.frame()
    assert scene.mover.human  # area 3 of pattern A ends in the base: the Player moves again
    assert scene.status.text.startswith("Player to move")


def test_extra_turn_banner_and_status(app):
    """The extra turn is announced in the window's banner, which the next move takes away."""
    scene = start(app, ("human", "human"))
    view = scene.view
    click(app, centre(view, 3))  # P3 of pattern A: last piece in the base
    assert app.banner.visible and app.banner.text == "★ Extra turn — Player moves again"
    app.frame()  # drawn over the turn strip, clear of every area
    assert app.banner.rect.center == view.layout.strip.center
    assert not any(app.banner.rect.collidepoint(centre(view, area)) for area in range(1, 9))
    assert scene.session.state.turn == 0 and view._extra_turn(scene.session.state)
    click(app, centre(view, 1))
    app.frame()
    assert not app.banner.visible


def test_extra_turn_banner_waits_for_the_sowing_to_land():
    """Shown while pieces fly, the banner would hide them and give the outcome away."""
    view = bare_view()
    state = RULES.initial_state({})
    after = step(state, 3).state
    view.animate(state, 3, 0.1)  # P3 of pattern A: three pieces, the last into the base
    assert view.animating and view.announcements() == []
    view.update(0.25)
    assert view.animating and view.announcements() == []
    assert view.describe(after) == "Player is sowing area 3…"  # not yet "Player to move" again
    view.update(0.1)
    assert not view.animating and view.announcements() == ["★ Extra turn — Player moves again"]
    assert view.announcements() == []  # announced once
    assert view.describe(after) == "Player to move · Player 2, Opponent 0."


@pytest.mark.parametrize("seconds", [0.1, 0.0])
def test_no_extra_turn_banner_when_the_move_ends_the_game(seconds):
    """P5 lands in the base, but the Player has no area left: the game is over, not an extra turn."""
    view = bare_view()
    state = parse_position("5:M,7:MM;turn=player;first=player;score=20-8")
    assert step(state, 5).extra and RULES.is_over(step(state, 5).state)
    view.animate(state, 5, seconds)
    view.update(10.0)
    assert not view.animating and view.announcements() == []
    assert "moves again" not in view.last_move and "No area left for the extra turn: game over." in view.last_move
    assert extra_turn_banner(state, 5, INFO.players.titles) == ""
    assert move_summary(RULES.initial_state({}), 3, INFO.players.titles).endswith("Extra turn: Player moves again.")


def test_last_move_of_the_logged_game_shows_the_result_without_a_banner(app):
    """log1 ends with an extra turn the Player cannot use: the result box alone, no banner."""
    moves = GOLDEN_GAME["moves"].split()
    app.settings.animation = "normal"
    app.play(GameSession(INFO, ["human", "human"], seed=1, actions=moves[:-1]))
    scene, view = app.scene, app.scene.view
    flights = 0
    for _ in range(2000):  # the last move, P5, is the only one: it is played by itself
        if scene.ending.ended and not view.animating:
            break
        flights += view.animating
        assert "Extra turn" not in app.banner.text
        app.frame()
    assert flights > 5 and scene.session.actions == moves
    app.frame()
    assert "Extra turn" not in app.banner.text and scene.status.text == "Player wins 21–8."
    assert "moves again" not in view.last_move


def test_every_piece_kind_has_its_own_colour():
    """Shapes and letters tell the kinds apart; so must the colour (K and P were both near black)."""
    fills = {kind: style[0] for kind, style in PIECE_STYLE.items()}
    assert set(fills) == set("MKPCA")
    for a, b in itertools.combinations(fills, 2):
        assert math.dist(fills[a], fills[b]) > 100, (a, b)


def test_overlay_matches_the_analyzer(app):
    """The marks on the areas are the window's analysis (its worker's records, never one the
    view computes), which the hint panel lists too."""
    scene = start(app)
    view, state = scene.view, scene.session.state
    records = INFO.move_analysis().analyze(state)
    assert run_until(app, lambda: view.analysis(state))
    shown = view.analysis(state)
    assert shown is scene.overlays.analyst.get(state)
    assert [(r.move, r.score, r.warnings) for r in shown] == [(r.move, r.score, r.warnings) for r in records]
    overlay = badges(shown)
    assert sorted(b[0] for b in overlay) == RULES.legal_moves(state)
    assert overlay[0][2] and not any(b[2] for b in overlay[1:])  # the pick, starred on the board
    assert [b[1] for b in overlay] == [bool(r.warnings) for r in records]
    # The A key hides it, and shows it again.
    key(app, pygame.K_a)
    assert not view.scores.shown
    click(app, view.scores.rect.center)
    assert view.scores.shown
    # H shows the same records as a ranked list in the side panel.
    key(app, pygame.K_h)
    assert run_until(app, lambda: scene.overlays.hint_section.rows)
    assert [r.move for r in scene.overlays.hints.records] == [r.move for r in records]


def test_a_view_on_its_own_computes_no_analysis():
    """Without the window's analysis the view marks nothing rather than analyse on the drawing thread."""
    view = bare_view()
    assert view.analysis(RULES.initial_state({})) == []


def test_two_humans_play_to_the_end_by_clicks(app):
    scene = start(app, ("human", "human"), pattern="C", first="opponent")
    view, session = scene.view, scene.session
    assert session.states[0].turn == 1
    for _ in range(200):
        if session.is_over:
            break
        legal = RULES.legal_moves(session.state)
        click(app, centre(view, legal[-1]), frames=1)
        assert run_until(app, lambda: session.is_over or (scene.mover.human and not view.animating))
    app.frame()
    assert session.is_over and scene.ending.ended
    assert scene.status.text == describe(session.state, INFO.players.titles)
    assert ("wins" in scene.status.text) or ("Draw" in scene.status.text)
    collected = view.collected(session.state)
    assert len(collected[0]) + len(collected[1]) + sum(map(len, session.state.board)) == 24


@pytest.mark.slow
def test_human_vs_analyzer_game_runs_to_the_end(app, tabula_home):
    app.settings.animation = "fast"
    scene = start(app, ("analyzer", "human"))
    view, session = scene.view, scene.session
    assert view.bottom == 1 and centre(view, 6)[1] > centre(view, 2)[1] > centre(view, 1)[1]
    assert view.layout.bases[1].x > view.layout.bases[0].x  # the human's base on the right
    turns = 0
    while not session.is_over:
        assert run_until(app, lambda: session.is_over or (scene.mover.human and not view.animating))
        if scene.mover.human:
            assert run_until(app, lambda: view.analysis(session.state))
            best = view.analysis(session.state)[0].move
            click(app, centre(view, best), frames=1)
            turns += 1
    assert run_until(app, lambda: scene.ending.ended) and not view.animating
    assert turns >= 3 and ("wins" in scene.status.text or "Draw" in scene.status.text)
    AUTOSAVER.flush()  # the autosave is written by a background thread
    record = load_game(tabula_home / "data" / "autosave.json", rules_for)
    assert record.actions == session.actions and record.result == tuple(RULES.result(session.state))


def test_undo_and_redo_whole_moves(app):
    scene = start(app)
    session, view = scene.session, scene.view
    assert not scene.controls.buttons["undo"].is_enabled and not scene.controls.buttons["redo"].is_enabled
    click(app, centre(view, 4))  # no extra turn: the analyzer replies
    assert run_until(app, lambda: scene.mover.human and not view.animating)
    played = list(session.actions)
    states = list(session.states)
    assert played[0] == "P4" and len(played) >= 2
    assert scene.controls.buttons["undo"].is_enabled
    press_button(app, scene.controls.buttons["undo"])
    assert session.actions == [] and session.state == states[0]
    assert run_until(app, lambda: scene.mover.human)
    assert scene.controls.buttons["redo"].is_enabled
    key(app, pygame.K_y, mod=pygame.KMOD_CTRL)
    assert session.actions == played and session.states == states
    assert run_until(app, lambda: scene.mover.human)
    # Undo, then a different move: the redo list is dropped.
    key(app, pygame.K_BACKSPACE)
    assert session.actions == []
    assert run_until(app, lambda: scene.mover.human)
    click(app, centre(view, 2))
    assert session.actions[0] == "P2" and not session.can_redo()


def test_session_undo_redo_without_a_window():
    # Two humans: undo takes back the mover's own moves (O7, an extra turn's), never the other
    # player's confirmed move (P1).
    session = GameSession(INFO, ["human", "human"], seed=1)
    for text in ("P3", "P1", "O7"):
        session.apply(RULES.parse(session.state, text))
    assert session.undo() and session.actions == ["P3", "P1"]
    assert not session.can_undo() and not session.undo() and session.actions == ["P3", "P1"]
    assert session.redo() and session.actions == ["P3", "P1", "O7"] and not session.redo()
    # A human against a computer: back to each of the human's choices, the computer's replies with them.
    session = GameSession(INFO, ["human", "analyzer"], seed=1)
    for text in ("P3", "P1", "O7"):
        session.apply(RULES.parse(session.state, text))
    assert session.undo() and session.actions == ["P3"]
    assert session.undo() and session.actions == [] and not session.undo()
    assert session.redo() and session.actions == ["P3"]
    assert session.redo() and session.actions == ["P3", "P1", "O7"] and not session.redo()
    watch = GameSession(INFO, ["analyzer", "random"], seed=1)
    watch.apply(3)
    assert not watch.can_undo()


def test_bases_show_the_pieces_each_move_scored():
    rules, state = RULES, RULES.initial_state({"pattern": "A"})
    states = [state]
    for text in "P3 P1 O7 O8 P2 O6 P3 P2 O4 P2 O4 P3 P5 O8 P4 P5 P2 P5 P1 O2 P5 P4 P5 P3 O6 P5 P4 P5".split():
        states.append(rules.apply(states[-1], rules.parse(states[-1], text)))
    tracker = CollectedTracker()
    player, opponent = tracker.collected(states)
    assert states[-1].scores == (21, 8)
    first, second = {"M": 1, "K": 2, "P": 2, "C": 3, "A": 3}, {"M": 1, "K": 3, "P": 3, "C": 4, "A": 4}
    assert sum(first[p] for p in player) == 21 and sum(second[p] for p in opponent) == 8
    assert tracker.collected(states[:3]) == ("P", "")  # P3 lands its last piece, a P, in the base
    assert tracker.collected(states) == (player, opponent)  # undo and redo reuse the prefix
    guess = guess_collected(states[-1])
    assert sum(first[p] for p in guess[0]) == 21 and sum(second[p] for p in guess[1]) == 8


def test_hit_boxes_are_hexagons():
    assert in_hexagon((0, 0), (0, 0), 10) and in_hexagon((0, 9.9), (0, 0), 10)
    assert not in_hexagon((8.6, 9), (0, 0), 10) and not in_hexagon((9, 0), (0, 0), 10)


def test_save_round_trips_and_loads(app, tabula_home):
    scene = start(app, ("human", "analyzer"), pattern="B")
    view = scene.view
    for _ in range(3):
        click(app, centre(view, RULES.legal_moves(scene.session.state)[0]))
        assert run_until(app, lambda: scene.session.is_over or scene.mover.human)
    key(app, pygame.K_s)
    saved = sorted(saves_dir().glob("mandragora-*.json"))
    assert saved
    record = load_game(saved[-1], rules_for)
    assert record.game == "mandragora" and record.actions == scene.session.actions
    assert record.options == {"pattern": "B"}
    collected = view.collected(scene.session.state)
    assert app.open_saved(saved[-1])
    loaded = app.scene
    assert loaded is not scene and loaded.session.actions == record.actions
    assert loaded.session.state == scene.session.state
    app.frame()
    assert loaded.view.collected(loaded.session.state) == collected


def test_setup_drawn_at_random_is_shown(app):
    scene = start(app, ("human", "human"), pattern="random", first="random")
    assert isinstance(scene.session.state, MandragoraState) and not scene.session.state.setups
    assert len(scene.session.actions) == 1  # the drawn setup, e.g. "C opponent"
    app.frame()
    assert "to move" in scene.status.text


def test_a_click_is_shown_only_once_the_move_is_played(app):
    """The tutor may question a move on Done: nothing moves until the scene plays it."""
    view = make_view(INFO, app.fonts)
    view.set_rect(pygame.Rect(0, 0, 900, 700))
    state = RULES.initial_state({})
    view.begin_turn(state, 0.1)

    def press(area):
        x, y = view.layout.centres[area]
        return view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(x), int(y)), button=1))

    assert press(1) == "confirm" and view.ready_move() == 1 and not view.animating
    assert press(3) == "confirm" and view.ready_move() == 3  # chosen again after a second thought
    assert press(7) is None and view.ready_move() == 3
    view.end_turn()
    assert view.animating and view.animations[0].move.source == 3 and view.ready_move() is None
    cues = view.update(10.0)
    assert not view.animating and cues == ["move", "move", "hit"]


def test_command_line_setup_opens_mandragora(app):
    import argparse

    from game.cli import play

    parser = argparse.ArgumentParser(prog="tabula")
    play.add(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["play", "mandragora", "--player", "human", "--opponent", "analyzer",
                              "--pattern", "C", "--first", "opponent"])
    setup = play.setup_from_args(args)
    assert setup.game == "mandragora" and setup.players == ("human", "analyzer")
    assert app.start_game(setup) and app.scene.session.info is INFO
    first = app.scene.session.states[0]
    assert first == MandragoraState.start("C", 1)
    app.show_menu()
    assert INFO.title in [game.title for game in app.scene.games]  # offered in the menu, every mode


def test_tournament_screen_opens_for_mandragora(app):
    app.open("tournament", info=INFO)
    for _ in range(3):
        app.frame()
    assert app.scene.info is INFO and set(app.scene.selected) <= set(INFO.players.names)


def test_the_tutor_questions_a_bad_area_and_the_human_picks_again(app):
    app.settings.tutor = True
    scene = start(app)
    session, view = scene.session, scene.view
    records = INFO.move_analysis().analyze(session.state)
    worst, best = records[-1], records[0]
    assert best.value - worst.value >= 50, "pattern A offers the Player a clearly bad area"
    click(app, centre(view, worst.move))
    assert run_until(app, lambda: scene.overlays.tutor is not None)
    assert session.actions == [] and not view.animating
    press_button(app, scene.overlays.tutor.rethink)
    assert scene.overlays.tutor is None and scene.mover.human and session.actions == []
    click(app, centre(view, best.move))
    assert run_until(app, lambda: bool(session.actions))
    assert session.actions[0] == best.notation and scene.overlays.tutor is None


def test_undo_rewinds_the_dice_of_a_dice_game():
    """Generic session undo: after taking back moves, the dice to come are the ones they were."""
    from game.core.protocol import CHANCE

    backgammon = get_game("backgammon")
    session = GameSession(backgammon, ["human", "easy"], seed=7)  # two humans: no undo past the other's move
    while len(session.actions) < 9:
        if session.to_move == CHANCE:
            session.roll()
        else:
            session.apply(session.rules.legal_moves(session.state)[0])
    actions, states = list(session.actions), list(session.states)
    assert session.undo() and session.undo() and len(session.actions) < len(actions)
    replay = GameSession(backgammon, ["human", "easy"], seed=7, actions=session.actions)
    assert replay._chance.getstate() == session._chance.getstate()
    while session.can_redo():
        session.redo()
    assert session.actions == actions and session.states == states
    again = GameSession(backgammon, ["human", "easy"], seed=7, actions=actions)
    assert again._chance.getstate() == session._chance.getstate()


def test_a_clicked_area_is_played_once_its_sowing_has_been_shown(app, tabula_home):
    from game.core.saves import autosave_path, load_game
    from game.games import rules_for

    app.settings.animation = "slow"
    scene = start(app, ("human", "human"))
    session, view = scene.session, scene.view
    area = view.legal()[0]
    click(app, centre(view, area))
    assert view.animating and session.actions == []  # the board shows the sowing first
    assert run_until(app, lambda: not view.animating)
    app.frame()
    assert session.actions == [f"P{area}"]
    # Leaving while a move is on show keeps it: the autosave has it.
    area = view.legal()[0]
    click(app, centre(view, area))
    assert view.animating and len(session.actions) == 1
    app.show_menu()
    assert load_game(autosave_path(), rules_for).actions[-1].endswith(str(area))



def test_move_arrows_follow_the_sowing_from_the_area_to_where_its_pieces_land():
    """The review screen and the hint panel draw a sowing as a chain of arrows: from the area
    sown, through each stop a piece lands on in order, into the mover's base when one does."""
    view = bare_view()
    state = RULES.initial_state({})
    for area in RULES.legal_moves(state):
        arrows = view.move_arrows(state, area)
        pile = state.pile(area)
        assert arrows and arrows[0][0] == centre(view, area)
        assert all(end == following[0] for (_, end), following in zip(arrows, arrows[1:]))
        assert len(arrows) <= len(pile)
        path = PATHS[state.turn]
        last_stop = path[(path.index(area) + len(pile)) % len(path)]
        if last_stop in BASES:
            x, y, w, h = view.layout.bases[state.turn]
            assert arrows[-1][1] == (x + w / 2, y + h / 2)
        else:
            assert arrows[-1][1] == centre(view, last_stop)
    assert view.move_arrows(state, "not a move") == []
