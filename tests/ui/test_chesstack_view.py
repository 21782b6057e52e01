"""The Chesstack board in the window: drawing at several sizes, a human's action by clicks,
drags and the action bar (placements, moves, stun, succession, disguise, promotion), the
analysis overlay from the window's records only, the last action, the board turned round for
Black, animation and announcements, and a whole game against the random player."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pygame
import pytest

from game.chesstack.view.display import HEIGHT, WIDTH
from game.chesstack.evaluators import TERMS
from game.chesstack.notation import DISGUISE, MOVE, STUN, SUCCESSION, Action, parse_action
from game.chesstack.pieces import parse_square
from game.chesstack.position import parse_position
from game.chesstack.rules import ChesstackRules
from game.chesstack.view.pygame_view import DARK, LAST, LIGHT, make_view
from game.core.saves import load_game
from game.core.session import GameSession, GameSetup
from game.games import get_game, rules_for
from game.ui.jobs.autosaver import AUTOSAVER

from .util import bar_button, click, distinct_colours, drag, key, play_chesstack_by_clicks, run_until

INFO = get_game("chesstack")
RULES = ChesstackRules()
OPENING = ["ADD K@e1", "ADD K@e8", "ADD N@b1", "ADD N@b8", "ADD P@a2", "ADD P@a7", "ADD P@h2", "ADD P@h7"]
"""Eight placements: White's King (stun 4) and Knight (stun 3) have decayed to stun 0, so White,
to act, may move them (the King with 4 move charges, the Knight with 3)."""
ATTACKED = "white K*e1:0/1 Nb1:0/0 Bc1:0/0; black K*e8:0/1 Re5:0/1; ply 2"
"""White's King is attacked by a Rook that can move: succession is legal, and disguise as N or B."""
PROMOTING = "white K*e1:0/1 Pe7:0/1 pocket Q1; black K*a8:0/1 Nf8:0/0; ply 2"
"""White's pawn on e7 may step to e8 or take on f8, promoting either way."""


def sq(name: str) -> int:
    return parse_square(name)


def bare_view(state=None, size=(900, 700), bottom=0):
    """A view without a window (pygame is initialised for its fonts), at a human's turn."""
    pygame.init()
    fonts = lambda size, bold=False: pygame.font.Font(None, size)  # noqa: E731
    view = make_view(INFO, fonts)
    view.configure(bottom=bottom, settings={})
    view.set_rect(pygame.Rect(0, 0, *size))
    if state is not None:
        view.begin_turn(state, 0.1)
    return view


def press(view, pos, button=1):
    pos = (int(pos[0]), int(pos[1]))
    view.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    down = view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    up = view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    return down or up


def centre(view, name):
    return view.layout.centre(sq(name))


def start(app, players=("human", "random"), actions=(), seed=3):
    if actions:
        app.play(GameSession(INFO, list(players), seed=seed, actions=list(actions)))
    else:
        assert app.start_game(GameSetup("chesstack", players, seed=seed))
    scene = app.scene
    assert run_until(app, lambda: scene.session.is_over or (scene.mover.human and not scene.view.animating))
    return scene


# -- drawing -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_board_draws_at_several_sizes(app, size):
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    scene = start(app, actions=OPENING)
    app.frame()
    view, screen, lay = scene.view, app.screen, scene.view.layout
    assert screen.get_size() == size
    window, panel = screen.get_rect(), scene.panel.rect
    block = pygame.Rect(lay.block.x, lay.block.y, lay.block.w, lay.block.h)
    assert window.contains(block) and not block.colliderect(panel)
    assert lay.s * WIDTH <= view.rect.w + 1 and lay.s * HEIGHT <= view.rect.h + 1
    board = view.board_rect
    trays = [pygame.Rect(*map(round, lay.trays[c])) for c in (0, 1)]
    bar = pygame.Rect(*map(round, lay.bar))
    assert not trays[0].colliderect(trays[1]) and not any(t.colliderect(board) for t in trays)
    assert bar.top >= board.bottom and not bar.colliderect(trays[0])
    assert trays[1].top < trays[0].top  # Black's pocket at the top, White's at the bottom
    # Both square colours, the pieces in both colours, the trays, the badges: many colours.
    assert screen.get_at((board.x + 2, board.bottom - 3))[:3] == DARK  # a1 is dark
    assert screen.get_at((board.right - 3, board.bottom - 3))[:3] == LIGHT
    assert distinct_colours(screen, board, (128, 96)) > 40  # a sparse sample could fall between the badges
    for colour in (0, 1):
        slots = view.tray_slots(colour, scene.session.state)
        assert [kind for kind, _ in slots] == ["K", "Q", "R", "B", "N", "P"]
        assert all(trays[colour].contains(pygame.Rect(*map(round, box))) for _, box in slots)
    white = screen.get_at((round(centre(view, "e1")[0]), round(centre(view, "e1")[1] + lay.s * 0.25)))[:3]
    black = screen.get_at((round(centre(view, "e8")[0]), round(centre(view, "e8")[1] + lay.s * 0.25)))[:3]
    assert sum(white) > 600 and sum(black) < 200  # the Kings' bodies: white and black


def test_fairy_pieces_are_drawn_distinctly_with_a_legend():
    state = parse_position("white K*e1:0/1 Ad4:2/3 pocket G1; black K*e8:0/1 Kre5:0/0 Tr*h5:1/0; ply 4")
    view = bare_view(state)
    surface = pygame.Surface((900, 700))
    view.draw(surface, state, ["Human", "Random"])
    def pixels(colour, kind):
        return pygame.image.tobytes(view.pieces.sprite(colour, kind, 40), "RGBA")

    sprites = {kind: pixels(0, kind) for kind in ("Q", "A", "G", "Kr", "Tr", "C")}
    assert len(set(sprites.values())) == len(sprites)  # each fairy type its own letters
    assert all(pixels(0, kind) != pixels(1, kind) for kind in ("K", "Q", "A"))  # and each colour its own
    from game.chesstack.view.display import fairies_present, legend

    assert fairies_present(state) == ["A", "G", "Kr", "Tr"]
    assert legend(["A", "Tr"]).startswith("Fairy pieces: A Amazon (queen + knight) · Tr Tempest rook")
    assert "G" in [kind for kind, _ in view.tray_slots(0, state)]


# -- a human's action ---------------------------------------------------------------------------------
def test_place_a_king_by_clicking_the_tray_then_a_square(app):
    scene = start(app)
    view, session = scene.view, scene.session
    slot = view.tray_slot(0, "K", session.state)
    click(app, slot.centre)
    assert view.turn.selected.kind == "K" and len(view.turn.targets()) == 64
    click(app, centre(view, "e1"))
    assert session.actions[0] == "ADD K@e1"


def test_place_a_king_by_dragging_it_from_the_tray(app):
    scene = start(app)
    view, session = scene.view, scene.session
    drag(app, view.tray_slot(0, "K", session.state).centre, centre(view, "d2"))
    assert session.actions[0] == "ADD K@d2"


def test_move_a_piece_by_click_then_by_drag_and_stun_by_the_bar(app):
    scene = start(app, ("human", "human"), OPENING)
    view, session = scene.view, scene.session
    click(app, centre(view, "b1"))
    assert set(view.turn.targets()) == {sq("a3"), sq("c3"), sq("d2")}
    click(app, centre(view, "c3"))
    assert session.actions[-1] == "b1->c3"
    assert run_until(app, lambda: scene.mover.human and not view.animating)
    drag(app, centre(view, "e8"), centre(view, "d7"))  # Black's King, dragged
    assert session.actions[-1] == "e8->d7"
    assert run_until(app, lambda: scene.mover.human and not view.animating)
    click(app, centre(view, "d7"))  # White stuns Black's King from the action bar
    assert [k for k, _, _ in view.bar_buttons()] == ["stun", "cancel"]
    click(app, bar_button(view, "stun"))
    assert session.actions[-1] == "STUN@d7"
    assert session.state.board[sq("d7")].stun == 1


def test_illegal_clicks_do_nothing(app):
    scene = start(app)
    view, session = scene.view, scene.session
    state = session.state
    for pos in (centre(view, "e4"), view.tray_slot(0, "Q", state).centre, view.tray_slot(1, "K", state).centre,
                (view.board_rect.x - 30, view.board_rect.y + 5), view.layout.info.centre):
        click(app, pos)
        assert view.turn.selected is None and view.ready_move() is None
    drag(app, view.tray_slot(0, "K", state).centre, (5, 5))  # dropped off the board: nothing is played
    assert view.turn.selected == ("tray", -1, "K")  # still selected, its squares marked
    assert session.actions == [] and scene.mover.human
    bare = bare_view(parse_position(ATTACKED))
    assert press(bare, centre(bare, "e1")) == "changed"
    press(bare, centre(bare, "e3"))  # not a target of the King, and nothing starts there
    assert bare.turn.selected is None and bare.ready_move() is None
    assert press(bare, centre(bare, "e3")) is None  # with nothing selected: nothing at all
    press(bare, centre(bare, "e1"))
    press(bare, centre(bare, "e5"))  # no King move: the enemy Rook is selected (it may be stunned)
    assert bare.turn.selected == ("board", sq("e5"), "") and bare.ready_move() is None


def test_succession_disguise_and_stun_from_the_action_bar():
    state = parse_position(ATTACKED)
    view = bare_view(state)
    assert press(view, centre(view, "b1")) == "changed"
    assert [k for k, _, _ in view.bar_buttons()] == ["stun", "suc", "cancel"]
    assert press(view, bar_button(view, "suc")) == "confirm"
    assert view.ready_move() == Action(SUCCESSION, sq("b1"))
    press(view, centre(view, "e1"))
    assert [k for k, _, _ in view.bar_buttons()] == ["stun", "dis", "cancel"]
    assert view.ready_move() is None  # a new selection gives up the action chosen before
    assert press(view, bar_button(view, "dis")) == "changed"
    assert [k for k, _, _ in view.bar_buttons()] == ["pick:B", "pick:N", "cancel"]
    assert press(view, bar_button(view, "pick:N")) == "confirm"
    assert view.ready_move() == Action(DISGUISE, sq("e1"), -1, "N")
    press(view, centre(view, "e5"))
    assert press(view, bar_button(view, "stun")) == "confirm" and view.ready_move() == Action(STUN, sq("e5"))
    for action in (Action(SUCCESSION, sq("b1")), Action(DISGUISE, sq("e1"), -1, "N"), Action(STUN, sq("e5"))):
        assert action in RULES.legal_moves(state)


def test_a_promotion_asks_for_the_type_by_click_or_drag():
    state = parse_position(PROMOTING)
    view = bare_view(state)
    press(view, centre(view, "e7"))
    assert press(view, centre(view, "e8")) == "changed" and view.ready_move() is None
    assert [k for k, _, _ in view.bar_buttons()] == ["pick:Q", "pick:R", "pick:B", "pick:N", "pick:A", "cancel"]
    assert view.turn.picker.square == sq("e8")
    assert press(view, bar_button(view, "pick:Q")) == "confirm"
    assert view.ready_move() == parse_action("e7->e8=Q")
    # Dragged onto f8 (a capture), then the Amazon.
    assert drag_view(view, centre(view, "e7"), centre(view, "f8")) == "changed"
    assert view.turn.picker is not None and view.turn.picker.square == sq("f8")
    assert press(view, bar_button(view, "pick:A")) == "confirm"
    assert view.ready_move() == parse_action("e7->f8=A")
    view.end_turn()  # the pawn went back to e7 while the type was picked: it slides
    assert view.animating and view.update(1.0) == ["hit"]


def drag_view(view, start, end):
    """Press at ``start``, move to ``end``, release there; what the release returned."""
    events = ((pygame.MOUSEBUTTONDOWN, start, {"button": 1}),
              (pygame.MOUSEMOTION, end, {"rel": (0, 0), "buttons": (1, 0, 0)}),
              (pygame.MOUSEBUTTONUP, end, {"button": 1}))
    return [view.handle_event(pygame.event.Event(kind, pos=(int(pos[0]), int(pos[1])), **fields))
            for kind, pos, fields in events][-1]


def test_a_dropped_piece_is_played_where_it_lies():
    view = bare_view(parse_position(ATTACKED))
    assert drag_view(view, centre(view, "e1"), centre(view, "f2")) == "confirm"
    assert view.ready_move() == parse_action("e1->f2")
    view.end_turn()
    assert not view.animating and view.update(0) == ["move"]


def test_escape_right_click_and_the_cross_cancel_a_selection():
    state = parse_position(PROMOTING)
    view = bare_view(state)
    for cancel in ("escape", "right", "cross"):
        press(view, view.tray_slot(0, "Q", state).centre)
        assert view.turn.selected is not None
        if cancel == "escape":
            assert view.handle_key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
        elif cancel == "right":
            assert press(view, (5, 5), button=3) == "changed"
        else:
            press(view, bar_button(view, "cancel"))
        assert view.turn.selected is None and not view.turn.targets()
    press(view, centre(view, "e7"))
    press(view, centre(view, "e8"))
    press(view, bar_button(view, "cancel"))  # ✕ closes the picker first, then the selection
    assert view.turn.picker is None and view.turn.selected is not None
    assert not view.handle_key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0))


# -- the analysis overlay -------------------------------------------------------------------------------
def same(a, b, area) -> bool:
    return pygame.image.tobytes(a.subsurface(area), "RGB") == pygame.image.tobytes(b.subsurface(area), "RGB")


@dataclass
class Record:
    move: Action
    score: float
    warnings: tuple = ()


def test_overlay_shows_only_the_records_the_window_gives():
    state = parse_position(ATTACKED)
    view = bare_view(state)
    surface = pygame.Surface((900, 700))
    view.draw(surface, state, ["", ""])
    plain = surface.copy()
    assert view.analysis(state) == []  # no analysis of its own
    asked, ready = [], []

    def records_for(shown):
        asked.append(shown)
        return ready or None

    view.use_analysis(records_for)
    view.draw(surface, state, ["", ""])
    board = view.board_rect
    assert asked and asked[-1] is state  # asked for the position on show, not computed
    assert same(surface, plain, board)
    ready += [Record(parse_action("e1->f1"), 42.0), Record(parse_action("STUN@e5"), 10.0, ("a warning",)),
              Record(parse_action("e1->d1"), -20.0)]
    view.draw(surface, state, ["", ""])

    def region(image, name):
        box = view.layout.square_box(sq(name))
        area = pygame.Rect(box.x, box.y + box.h * 0.7, box.w, box.h * 0.3)
        return pygame.image.tobytes(image.subsurface(area), "RGB")

    for name in ("f1", "d1", "e5"):
        assert region(surface, name) != region(plain, name), name
    for name in ("a4", "b1", "g1"):
        assert region(surface, name) == region(plain, name), name
    from game.chesstack.view.display import selection_badges

    badges = selection_badges(view.turn, ready)
    assert set(badges) == {sq("f1"), sq("e5"), sq("d1")} and badges[sq("f1")].best and badges[sq("e5")].warned
    press(view, centre(view, "e1"))  # with the King selected, its moves' scores only
    assert set(selection_badges(view.turn, ready)) == {sq("f1"), sq("d1")}
    assert view.handle_key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0)) and not view.scores.shown
    view.turn.clear()
    view.draw(surface, state, ["", ""])
    assert region(surface, "f1") == region(plain, "f1")


# -- the last action, the board turned round, animation ------------------------------------------------
def test_the_last_action_is_highlighted(app):
    scene = start(app, ("human", "human"), OPENING + ["b1->c3"])
    view, state = scene.view, scene.session.state
    assert view.last_action(state) == parse_action("b1->c3")
    app.frame()

    def shown(name):
        box = view.layout.square_box(sq(name))
        return tuple(app.screen.get_at((round(box.x + 3), round(box.y + box.h / 2)))[:3])

    def tinted(base):
        return tuple(round(x + (y - x) * 0.55) for x, y in zip(base, LAST))

    assert shown("b1") == tinted(LIGHT) and shown("c3") == tinted(DARK)  # from and to
    assert shown("d4") == DARK and shown("d5") == LIGHT


def test_keys_reach_the_view(app):
    scene = start(app)
    key(app, pygame.K_a)
    assert not scene.view.scores.shown
    key(app, pygame.K_a)
    assert scene.view.scores.shown


def test_the_board_turns_round_when_the_human_plays_black(app):
    scene = start(app, ("random", "human"))
    view = scene.view
    assert view.bottom == 1
    a1, h8 = centre(view, "a1"), centre(view, "h8")
    assert a1[0] > h8[0] and a1[1] < h8[1]  # a1 top right, h8 bottom left
    assert view.layout.trays[1].y > view.layout.trays[0].y  # Black's pocket at the bottom
    click(app, view.tray_slot(1, "K", scene.session.state).centre)
    click(app, centre(view, "e8"))
    assert scene.session.actions[1] == "ADD K@e8"


def test_animations_sounds_arrows_and_announcements():
    state = parse_position("white K*e1:0/1 Qd4:0/2 pocket N1; black K*e8:0/1 R*d7:0/0 Pa7:0/0; ply 2")
    view = bare_view()
    capture = parse_action("d4->d7")
    view.animate(state, capture, 0.2)
    assert view.animating and view.describe(state) == "White plays d4->d7…"
    assert view.update(0.1) == [] and view.announcements() == []
    assert view.update(0.2) == ["hit"] and not view.animating
    assert view.announcements() == ["White took Black's royal Rook: every Black piece is stunned +3"]
    view.animate(state, parse_action("ADD N@c3"), 0)
    assert view.update(0) == ["move"] and view.announcements() == []
    slot = view.tray_slot(0, "N", state)
    assert view.move_arrows(state, parse_action("ADD N@c3")) == [(slot.centre, centre(view, "c3"))]
    assert view.move_arrows(state, capture) == [(centre(view, "d4"), centre(view, "d7"))]
    assert view.move_arrows(state, parse_action("STUN@a7")) == [(centre(view, "a7"), centre(view, "a7"))]
    promoting = parse_position(PROMOTING)
    view.animate(promoting, parse_action("e7->e8=Q"), 0)
    assert view.announcements() == ["White promoted to Queen on e8"]
    assert view.factor_labels["charges"] == "move charges" and set(view.factor_labels) == set(TERMS["stacks"])
    assert view.describe(promoting) == "White to move (ply 3)."


# -- whole games --------------------------------------------------------------------------------------------
@pytest.mark.slow
def test_a_game_against_the_random_player_runs_by_clicks(app, tabula_home):
    app.settings.animation = "fast"
    scene = start(app, ("human", "random"), seed=11)
    view, session = scene.view, scene.session
    pick = random.Random(5)
    turns = 0
    while not session.is_over and turns < 14:
        legal = RULES.legal_moves(session.state)
        moves = [a for a in legal if a.kind == MOVE]
        choice = pick.choice(moves if moves and pick.random() < 0.6 else legal)
        before = len(session.actions)
        play_chesstack_by_clicks(app, scene, choice)
        assert run_until(app, lambda: len(session.actions) > before)  # once its slide has been shown
        assert session.actions[before] == RULES.notation(session.states[before], choice)
        assert run_until(app, lambda: session.is_over or (scene.mover.human and not view.animating))
        turns += 1
    assert scene.turns.error is None and turns >= 5
    app.frame()
    AUTOSAVER.flush()  # the autosave is written by a background thread
    record = load_game(tabula_home / "data" / "autosave.json", rules_for)
    assert record.actions == session.actions
