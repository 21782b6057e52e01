"""Dice entered by hand in the window (issue 35 item 4): the setting and Ctrl+D, the prompt in
the side panel (typed digits, clicked faces, refusals, Backspace and Esc), the opening roll, the
cube's Roll, two humans, undo, saves; the computer's rolls, watched games and tournaments are
never asked."""

from __future__ import annotations

import random

import pygame
import pytest

from game.backgammon.state import Roll
from game.core.gameinfo import MANUAL_DICE
from game.core.match import sample_chance
from game.core.protocol import CHANCE
from game.core.saves import load_game, saves_dir
from game.core.session import GameSetup
from game.games import get_game, rules_for
from game.ui.menu import MenuScene

from .test_tournament_scene import fast_players, fill, finish, open_scene, pick
from .util import click, key, post, press_button, run_until

BACKGAMMON = get_game("backgammon")
RULES = BACKGAMMON.rules()


def start(app, players=("human", "hard"), seed=3, options=None, hand=True):
    """A backgammon game, dice by hand (the setting) or not, run until the dice are asked for
    or a human is to move."""
    if hand:
        app.settings.choose(BACKGAMMON, MANUAL_DICE, "hand")
    assert app.start_game(GameSetup("backgammon", players, seed=seed, options=options or {}))
    scene = app.scene
    if "human" in players:
        assert run_until(app, lambda: scene.dice.asking() is not None or scene.mover.human)
    return scene


def typed(app, text: str) -> None:
    """Type ``text`` a character at a time, as the keyboard sends it."""
    for char in text:
        code = pygame.key.key_code(char) if char.isalnum() else pygame.K_UNKNOWN
        post(pygame.KEYDOWN, key=code, mod=0, unicode=char, scancode=0)
        app.frame()


def asked(app, scene) -> bool:
    return run_until(app, lambda: scene.dice.asking() is not None)


def play_first(app, scene) -> None:
    """The human on turn plays their first legal play."""
    assert run_until(app, lambda: scene.mover.human and not scene.view.animating)
    scene.mover.play_human(RULES.legal_moves(scene.session.state)[0])
    app.frame()


def test_the_opening_roll_is_typed_white_then_black_and_the_higher_starts(app):
    scene = start(app)
    typing = scene.dice.asking()
    assert typing is not None and typing.names == ("White", "Black") and scene.session.actions == []
    assert scene.dice.section in dict(scene.panel.placed)  # the prompt is on show in the panel
    typed(app, "31")
    assert scene.session.actions == ["white 31"] and scene.dice.asking() is None
    assert run_until(app, lambda: scene.mover.human) and scene.session.state.dice == (3, 1)


def test_clicked_faces_enter_the_dice(app):
    scene = start(app)
    app.frame()
    faces = dict(scene.dice.section.faces)
    assert sorted(faces) == [1, 2, 3, 4, 5, 6]
    click(app, faces[2].center)
    assert scene.dice.asking().dice == [2]
    click(app, faces[5].center)
    assert scene.session.actions[0] == "black 52"  # Black's die is higher: Black starts


def test_what_is_not_a_die_is_refused_and_equal_opening_dice_too(app):
    scene = start(app)
    typing = scene.dice.asking()
    for text, words in (("0", "0 is no die"), ("7", "7 is no die"), ("a", "'a' is not a die"),
                        ("44", "equal opening dice are thrown again")):
        typed(app, text)
        assert words in typing.message and typing.dice == [] and scene.session.actions == []
    app.frame()
    assert scene.dice.section in dict(scene.panel.placed)  # the refusal is shown with the prompt


def test_backspace_takes_back_a_die_and_esc_the_dice_typed(app):
    scene = start(app)
    typed(app, "5")
    key(app, pygame.K_BACKSPACE)
    assert scene.dice.asking().dice == [] and scene.session.actions == []
    typed(app, "5")
    key(app, pygame.K_ESCAPE)
    assert scene.dice.asking().dice == [] and app.scene is scene
    key(app, pygame.K_ESCAPE)  # nothing typed, no decision to go back to: the menu, as always
    assert isinstance(app.scene, MenuScene)


def test_the_computers_rolls_stay_drawn_from_the_seed(app):
    scene = start(app, seed=6)
    typed(app, "42")  # White starts
    play_first(app, scene)
    assert asked(app, scene)  # Black's roll and play went by; White's next roll is asked
    session = scene.session
    assert len(session.actions) == 4 and session.history()[2][0] == CHANCE
    rng = random.Random(6)
    rng.random()  # the opening's draw, used up by the entered roll
    assert session.actions[2] == RULES.notation(session.states[2], sample_chance(RULES, session.states[2], rng))


@pytest.mark.slow
def test_a_watched_game_is_never_asked(app):
    scene = start(app, players=("hard", "hard"))
    assert run_until(app, lambda: len(scene.session.actions) >= 5)
    assert scene.dice.asking() is None and scene.dice.manual  # the setting is on, and no human rolls
    assert "Ctrl+D" not in scene.keys.help()


def test_two_humans_both_enter_their_dice(app):
    scene = start(app, players=("human", "human"))
    typed(app, "13")  # Black starts
    play_first(app, scene)
    assert asked(app, scene) and scene.dice.asking().names == ("", "")
    typed(app, "66")
    assert scene.session.actions[-1] == "66" and scene.session.state.turn == 0


def test_with_the_cube_roll_asks_the_dice_and_esc_goes_back_to_the_decision(app):
    scene = start(app, options={"cube": "on", "first": 0})
    typed(app, "31")
    assert scene.session.actions == ["31"]  # a fixed first player: no opening dice to compare
    play_first(app, scene)
    assert run_until(app, lambda: scene.choices.current is not None)  # White: Roll or Double
    decided = len(scene.session.actions)
    key(app, pygame.K_r)
    assert asked(app, scene) and scene.dice.decision_back() and len(scene.session.actions) == decided + 1
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and len(scene.session.actions) == decided
    assert run_until(app, lambda: scene.choices.current is not None) and scene.dice.asking() is None
    key(app, pygame.K_r)
    assert asked(app, scene)
    typed(app, "65")
    assert scene.session.actions[-2:] == ["Roll", "65"]


def test_ctrl_d_switches_this_game_between_the_program_and_the_hand(app):
    scene = start(app, hand=False)
    assert scene.session.actions and scene.dice.asking() is None  # the program rolled the opening
    assert "Ctrl+D dice by hand/program" in scene.keys.help()
    key(app, pygame.K_d, pygame.KMOD_CTRL)
    assert scene.dice.manual and "by hand" in app.banner.text
    assert app.settings.of(BACKGAMMON)[MANUAL_DICE] == "program"  # the setting is not changed
    if scene.session.state.turn != 0:  # Black (the computer) started: its play, then White's roll
        assert asked(app, scene)
    else:
        play_first(app, scene)
        assert asked(app, scene)
    rolled = len(scene.session.actions)
    key(app, pygame.K_d, pygame.KMOD_CTRL)  # back to the program: it rolls at once
    app.frame()
    assert not scene.dice.manual and len(scene.session.actions) == rolled + 1


def test_undo_works_over_an_entered_roll(app):
    scene = start(app, seed=6)
    typed(app, "42")
    play_first(app, scene)
    assert asked(app, scene)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert run_until(app, lambda: scene.mover.human)
    assert scene.session.actions == ["white 42"] and scene.session.state.dice == (4, 2)
    assert scene.dice.asking() is None
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert asked(app, scene) and len(scene.session.actions) == 4


def test_the_entered_dice_reach_the_save(app):
    scene = start(app, seed=6)
    typed(app, "42")
    play_first(app, scene)
    assert asked(app, scene)
    typed(app, "55")
    key(app, pygame.K_s)
    saved = sorted(saves_dir().glob("backgammon-*.json"))
    assert len(saved) == 1
    record = load_game(saved[0], rules_for)
    assert record.actions == scene.session.actions and record.actions[0] == "white 42" and "55" in record.actions


def test_a_tournament_with_dice_by_hand_set_plays_as_the_core_runner(app, tabula_home):
    from game.core.tournament import ResultStore, Settings, run_tournament, summarize

    app.settings.choose(BACKGAMMON, MANUAL_DICE, "hand")
    scene = open_scene(app)
    players = fast_players("backgammon")
    pick(app, scene, players)
    fill(scene, games="2", seed="5")
    press_button(app, scene.widgets["start"])
    finish(app, scene)
    progress = scene.job.progress()
    assert progress.status == "finished" and progress.done == progress.total == 2
    settings = Settings("backgammon", players, 2, 5)
    with ResultStore(tabula_home / "core", settings) as store:
        core = summarize(settings, run_tournament(settings, get_game, store))
    assert progress.summary.to_dict() == core.to_dict()


def test_an_entered_roll_is_exactly_the_one_played():
    from game.core.session import GameSession

    session = GameSession(BACKGAMMON, ["human", "hard"], seed=1)
    assert session.roll(Roll(6, 5, 1)) == "black 65"
    assert session.state.turn == 1 and session.state.dice == (6, 5)
