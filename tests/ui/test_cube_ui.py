"""Issue 18, the window: backgammon with the cube and matches — the menu's choices, the cube
on the board, Roll/Double buttons, the take/pass dialog, the match score and the next game."""

from __future__ import annotations

import pygame
import pytest

from game.backgammon.cube.rules import decision
from game.backgammon.cube.state import DOUBLE, TAKE
from game.core.protocol import CHANCE
from game.core.saves import load_game, saves_dir
from game.core.session import GameSession, GameSetup
from game.games import get_game, rules_for

from .test_menu_options import choose, menu_for, option_rows, start
from .util import key, press_button, run_until

BACKGAMMON = get_game("backgammon")


class Doubler:
    """A computer player that doubles whenever it may and otherwise plays the first play."""

    name = "doubler"

    def choose(self, rules, state):
        legal = rules.legal_moves(state)
        return DOUBLE if DOUBLE in legal else TAKE if TAKE in legal else legal[0]


def cube_game(app, options, players=("human", "hard"), seed=3):
    assert app.start_game(GameSetup("backgammon", players, seed=seed, options={"first": 0, **options}))
    return app.scene


def wait_for_choice(app, scene):
    """Play the human's plays (the first legal one) until the human has cube buttons."""
    for _ in range(300):
        assert run_until(app, lambda: scene.mover.human or scene.session.is_over)
        if scene.choices.current is not None:
            return scene.choices.current
        scene.mover.play_human(scene.session.rules.legal_moves(scene.session.state)[0])
    raise AssertionError("no cube decision reached")


def wait_for_double(app, scene):
    """Roll (R) and play the human's turns until the computer's double is to be answered."""
    for _ in range(300):
        assert run_until(app, lambda: scene.mover.human or scene.session.is_over)
        assert not scene.session.is_over, f"the game ended with no double: {scene.session.record().actions}"
        choice = scene.choices.current
        if choice is not None and choice.choices.modal:
            return choice
        if choice is not None:  # R rolls once the tutor has the decision's analysis: wait for it
            before = scene.session.state
            key(app, pygame.K_r)
            run_until(app, lambda: scene.session.state is not before or scene.overlays.tutor is not None)
        else:
            scene.mover.play_human(scene.session.rules.legal_moves(scene.session.state)[0])
    raise AssertionError(f"no double reached: the tutor {'asks' if scene.overlays.tutor else 'is silent'}, "
                         f"status {scene.status.text!r}, actions {scene.session.record().actions}")


# -- the menu -----------------------------------------------------------------------------------

def test_the_menu_offers_matches_and_money_options_only_for_money_games(app):
    menu = menu_for(app, BACKGAMMON)
    assert option_rows(menu) == {"match_length": "No match", "cube": "Cubeless"}
    lengths = [text for text, _ in menu.widgets["option:match_length"].options_list]
    assert lengths[:3] == ["No match", "1 point", "2 points"] and lengths[-1] == "25 points" and len(lengths) == 26
    choose(app, "option:cube", "Money game (cube)")
    assert option_rows(app.scene) == {"match_length": "No match", "cube": "Money game (cube)",
                                      "jacoby": "Off", "beavers": "Off"}
    choose(app, "option:jacoby", "On")
    session = start(app)
    assert session.options["cube"] == "on" and session.options["jacoby"] == "on"
    assert session.state.cube is not None and session.state.cube.jacoby and not session.state.cube.is_match


def test_the_menu_starts_a_five_point_match(app):
    menu_for(app, BACKGAMMON)
    choose(app, "option:cube", "Money game (cube)")
    choose(app, "option:jacoby", "On")
    choose(app, "option:match_length", "5 points")  # a match: no money options, and Jacoby is not passed on
    assert option_rows(app.scene) == {"match_length": "5 points"}
    session = start(app)
    cube = session.state.cube
    assert cube.match_length == 5 and cube.score == (0, 0) and not cube.jacoby
    assert session.options["match_length"] == "5" and session.options["jacoby"] == "off"


def test_a_cubeless_game_is_as_before(app):
    scene = cube_game(app, {})
    assert scene.session.state.cube is None
    assert run_until(app, lambda: scene.mover.human)
    app.frame()
    assert scene.choices.current is None and scene.view.cube_rect is None and scene.view.turn is not None


# -- the cube on the board, the buttons -------------------------------------------------------

def test_roll_and_double_buttons_then_the_cube_goes_to_the_taker(app):
    scene = cube_game(app, {"cube": "on"})
    choice = wait_for_choice(app, scene)
    assert decision(scene.session.state) == "cube" and choice.labels == ["Roll (R)", "Double (D)"]
    app.frame()
    view, lay = scene.view, scene.view.layout
    centred = view.cube_rect
    assert centred.center == (lay.bar.centerx, round((lay.top + lay.bottom) / 2))  # centred on the bar
    press_button(app, choice.buttons[1][0])  # Double
    assert scene.choices.current is None
    assert run_until(app, lambda: scene.mover.human and scene.view.turn is not None)  # Black took; White rolls
    state = scene.session.state
    assert state.cube.value == 2 and state.cube.owner == 1
    assert [text for _, text in scene.session.history()[-3:-1]] == ["Doubles => 2", "Takes"]
    app.frame()
    owned = view.cube_rect
    assert owned.centerx == lay.bar.centerx and owned.centery < centred.centery - 4 * lay.u  # Black's end (top)
    assert "Doubles to 2" in "\n".join(scene.move_list.lines())  # the file notation "Doubles => 2" in words


def test_the_roll_key_rolls_and_no_buttons_when_the_opponent_owns_the_cube(app):
    scene = cube_game(app, {"cube": "on"})
    wait_for_choice(app, scene)
    key(app, pygame.K_r)
    assert scene.choices.current is None
    assert run_until(app, lambda: scene.view.turn is not None)  # rolled: White plays
    assert [text for _, text in scene.session.history()[-2:]][0] == "Roll"
    # Black owns the cube: White is never offered the buttons again.
    session = GameSession(BACKGAMMON, ["human", "hard"], seed=5, options={"cube": "on", "first": 0})
    rules = session.rules
    for _ in range(60):
        if session.to_move == CHANCE:
            session.roll()
        elif decision(session.state) == "cube" and session.to_move == 0:
            break
        else:
            session.apply(rules.legal_moves(session.state)[0])
    session.apply(DOUBLE)
    session.apply(TAKE)
    for _ in range(40):  # the rules never ask White again (a play always follows)
        if session.to_move == CHANCE:
            session.roll()
        else:
            assert decision(session.state) != "cube" or session.to_move == 1
            session.apply(rules.legal_moves(session.state)[0])
    app.play(session)
    scene = app.scene
    for _ in range(10):
        assert run_until(app, lambda: scene.mover.human)
        assert scene.choices.current is None  # the opponent owns the cube
        scene.mover.play_human(scene.session.rules.legal_moves(scene.session.state)[0])


def test_no_buttons_in_the_crawford_game(app):
    scene = cube_game(app, {"match_length": "5", "score": "4-2"})
    assert scene.session.state.cube.crawford
    for _ in range(6):
        assert run_until(app, lambda: scene.mover.human)
        assert scene.choices.current is None
        scene.mover.play_human(scene.session.rules.legal_moves(scene.session.state)[0])
    app.frame()
    assert "Crawford" in scene.status.text
    assert "roll/double" not in scene.keys.help() and "take/pass" not in scene.keys.help()  # no cube keys


def test_a_match_game_with_the_cube_lists_the_cube_keys(app):
    scene = cube_game(app, {"match_length": "5", "score": "2-2"})
    assert not scene.session.state.cube.crawford and "roll/double" in scene.keys.help()


def test_a_computer_double_asks_take_or_pass_and_pass_ends_the_game(app):
    scene = cube_game(app, {"cube": "on"}, players=("hard", "human"))
    scene.session.players[0] = Doubler()
    choice = wait_for_double(app, scene)
    assert choice.choices.modal and choice.labels == ["Take (T)", "Pass (P)"]
    assert decision(scene.session.state) == "take" and scene.session.to_move == 1
    app.frame()
    assert scene.view.cube_rect.w > scene.view.layout.u  # offered: larger, in Black's half
    assert "White doubles to 2" in scene.status.text or "doubles to 2" in scene.status.text
    press_button(app, choice.buttons[1][0])  # Pass
    assert run_until(app, lambda: scene.session.is_over)
    outcome = BACKGAMMON.outcome_of(scene.session.state)
    assert outcome.winner == 0 and outcome.points == 1.0
    assert scene.session.history()[-1][1] == "Drops"


def test_beaver_is_offered_when_the_money_game_allows_it(app):
    scene = cube_game(app, {"cube": "on", "beavers": "on"}, players=("hard", "human"))
    scene.session.players[0] = Doubler()
    wait_for_double(app, scene)
    assert scene.choices.current.labels == ["Take (T)", "Pass (P)", "Beaver (B)"]
    key(app, pygame.K_t)
    assert scene.choices.current is None and "Black takes" in app.banner.text  # shown, then played
    assert run_until(app, lambda: scene.session.state.cube.value == 2 and scene.session.state.cube.owner == 1)


# -- matches --------------------------------------------------------------------------------------

def test_a_match_goes_on_to_the_next_game_with_the_score_shown(app):
    scene = cube_game(app, {"match_length": "3"}, players=("hard", "human"))
    scene.session.players[0] = Doubler()
    wait_for_double(app, scene)
    press_button(app, scene.choices.current.buttons[1][0])  # Black passes: White leads 1-0
    assert run_until(app, lambda: scene.session.state.cube.game == 2)
    assert not scene.session.is_over and not scene.ending.ended
    assert scene.session.state.cube.score == (1, 0)
    app.frame()
    assert "Score 1–0" in scene.status.text


def test_the_game_end_note_is_held_before_the_next_game(app):
    scene = cube_game(app, {"match_length": "3"}, players=("hard", "human"))
    scene.session.players[0] = Doubler()
    wait_for_double(app, scene)
    press_button(app, scene.choices.current.buttons[1][0])
    assert run_until(app, lambda: app.banner.text.startswith("Black passes") or scene.session.state.cube.phase == "over")
    assert run_until(app, lambda: "score 1–0 (3-point match)" in app.banner.text, limit=400)
    assert scene.session.state.cube.game == 1  # still on show: the next game waits
    assert run_until(app, lambda: scene.session.state.cube.game == 2)


def test_a_saved_match_continues_as_a_match(app, tabula_home):
    scene = cube_game(app, {"match_length": "5"})
    wait_for_choice(app, scene)
    press_button(app, scene.choices.current.buttons[1][0])  # Double
    assert run_until(app, lambda: scene.session.state.cube.value == 2)
    key(app, pygame.K_s)
    saved = load_game(next(saves_dir().glob("*.json")), rules_for)
    assert saved.options["match_length"] == "5"
    key(app, pygame.K_ESCAPE)
    press_button(app, app.scene.widgets["continue"])
    state = app.scene.session.state
    assert state.cube.match_length == 5 and state.cube.value == 2 and state.cube.owner == 1


# -- hints, undo, two humans, watching --------------------------------------------------------------

def test_the_hint_table_names_cube_actions_and_copes_with_no_analysis(app):
    from game.ui.analysis.hint_table import hint_columns

    scene = cube_game(app, {"cube": "on"})
    wait_for_choice(app, scene)
    records = BACKGAMMON.move_analysis().analyze(scene.session.state, level="intermediate")
    move = next(c for c in hint_columns(records, words=scene.view.decisions.words) if c.key == "move")
    assert sorted(move.cell(r) for r in records) == ["Double", "No double"]
    assert scene.view.decisions.words(records[0].move) in ("Double", "No double")
    assert hint_columns([], words=scene.view.decisions.words)  # no records: the columns still build
    scene.overlays.hints.show(scene.session.state)
    app.settings.hints = True
    for _ in range(5):
        app.frame()  # the panel draws the cube records without failing


def test_undo_after_a_double_asks_roll_or_double_again(app):
    scene = cube_game(app, {"cube": "on"})
    wait_for_choice(app, scene)
    key(app, pygame.K_d)
    assert run_until(app, lambda: scene.mover.human and scene.view.turn is not None)
    press_button(app, scene.controls.buttons["undo"])
    assert run_until(app, lambda: scene.choices.current is not None)
    assert decision(scene.session.state) == "cube" and scene.session.state.cube.value == 1
    assert scene.choices.current.labels == ["Roll (R)", "Double (D)"]


def test_two_humans_each_answer_their_own_cube_decisions(app):
    scene = cube_game(app, {"cube": "on"}, players=("human", "human"))
    for _ in range(300):
        assert run_until(app, lambda: scene.mover.human)
        if scene.choices.current is not None:
            break
        scene.mover.play_human(scene.session.rules.legal_moves(scene.session.state)[0])
    doubler = scene.session.to_move
    key(app, pygame.K_d)
    assert run_until(app, lambda: scene.choices.current is not None and scene.choices.current.choices.modal)
    assert scene.session.to_move == 1 - doubler  # the other human answers
    assert scene.choices.current.choices.question.endswith("take or pass?")
    key(app, pygame.K_t)
    assert run_until(app, lambda: scene.session.state.cube.owner == 1 - doubler)


@pytest.mark.slow
def test_watching_shows_the_computers_cube_actions(app):
    scene = cube_game(app, {"cube": "on"}, players=("hard", "hard"))
    scene.session.players[0] = Doubler()
    notes = set()

    def noted():
        notes.add(app.banner.text)
        return scene.session.state.cube.value == 2

    assert run_until(app, noted)
    assert "White doubles to 2" in notes and any(n.startswith("Black takes") for n in notes)


def test_an_option_hidden_by_an_earlier_choice_keeps_its_default():
    assert BACKGAMMON.new_game_options({"match_length": "7", "cube": "on", "jacoby": "on"}) == {
        "match_length": "7", "cube": "off", "jacoby": "off", "beavers": "off"}
    assert BACKGAMMON.new_game_options({"cube": "on", "beavers": "on"})["beavers"] == "on"
    assert BACKGAMMON.new_game_options({"jacoby": "on"})["jacoby"] == "off"  # cubeless: no Jacoby rule
    with pytest.raises(ValueError):
        BACKGAMMON.new_game_options({"match_length": "26"})


@pytest.mark.slow
def test_the_tutor_questions_a_pass_that_loses_much(app):
    app.settings.tutor = True
    scene = cube_game(app, {"cube": "on"}, players=("hard", "human"))
    scene.session.players[0] = Doubler()
    wait_for_double(app, scene)
    key(app, pygame.K_p)  # an early double is an easy take: passing gives a point away
    assert run_until(app, lambda: scene.overlays.tutor is not None, limit=3000)
    assert "Drops" in scene.overlays.tutor.title.text
    assert scene.session.state.cube.phase == "offered"  # nothing played while the tutor asks


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_the_take_dialog_hides_nothing_of_the_board(app, size):
    """The dialog used to stand in the board's middle, over the taker's home board and outfield:
    it goes in the side panel, above its buttons, and the panel's sections make room for it."""
    app.resize(size)
    scene = cube_game(app, {"cube": "on", "beavers": "on"}, players=("hard", "human"))
    scene.session.players[0] = Doubler()
    choice = wait_for_double(app, scene)
    app.frame()
    dialog = choice.panel.rect
    assert scene.panel.rect.contains(dialog) and not dialog.colliderect(scene.view.rect)
    for button, _ in choice.buttons:  # Take, Pass and Beaver all inside it, whole
        assert dialog.contains(button.rect)
    for section, rect in scene.panel.placed:
        assert rect.bottom <= dialog.top
    key(app, pygame.K_p)
    assert run_until(app, lambda: scene.session.is_over)
    assert scene.panel.reserved_bottom == 106  # the room is given back


def test_the_computers_take_is_noted_over_its_strip_not_on_the_cube(app):
    """"White takes" used to be drawn at mid-height, on top of the offered cube."""
    scene = cube_game(app, {"cube": "on"})  # White (human) doubles; Black, the computer, answers
    wait_for_choice(app, scene)
    press_button(app, scene.choices.current.buttons[1][0])  # Double
    assert run_until(app, lambda: "takes" in app.banner.text or "passes" in app.banner.text)
    app.frame()
    x, y, w, h = scene.view.layout.strips[0]  # Black's strip, above the board
    assert app.banner.rect.collidepoint(x + w // 2, y + h // 2)
    assert scene.view.cube_rect is not None and not app.banner.rect.colliderect(scene.view.cube_rect)
