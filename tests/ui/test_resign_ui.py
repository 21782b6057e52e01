"""Resigning in the window: Ctrl+R asks which resignation, the computer answers by equity, a
second human answers in a dialog, a computer's offer is answered by the human, the words on
the status line and in the result, and the key help; the "computer resigns" setting."""

from __future__ import annotations

import pygame
import pytest

from game.backgammon.names import RESIGNS
from game.backgammon.resignation.state import OFFERS
from game.core.session import GameSetup
from game.games import get_game

from .util import click, key, press_button, run_until

BACKGAMMON = get_game("backgammon")


class Resigner:
    """A computer player that offers to resign a single game whenever it may."""

    name = "resigner"

    def choose(self, rules, state):
        return OFFERS[0] if OFFERS[0] in rules.offers(state) else rules.legal_moves(state)[0]


def start(app, players, options=None):
    assert app.start_game(GameSetup("backgammon", players, seed=7, options={"first": 0, **(options or {})}))
    scene = app.scene
    assert run_until(app, lambda: scene.mover.human)
    return scene


def test_ctrl_r_asks_which_resignation_and_esc_takes_it_back(app):
    scene = start(app, ("human", "advanced"))
    assert "Ctrl+R resign" in scene.keys.help() and "A/D accept/decline" in scene.keys.help()
    key(app, pygame.K_r, pygame.KMOD_CTRL)
    assert scene.offers.dialog is not None and scene.offers.dialog.choices.modal
    assert scene.offers.dialog.labels == ["Single (1)", "Gammon (2)", "Backgammon (3)"]
    assert scene.offers.dialog.choices.question == "White resigns: 1, 2 or 3 points? Esc cancels."
    key(app, pygame.K_ESCAPE)
    assert scene.offers.dialog is None and scene.mover.human and scene.app.scene is scene  # Esc did not leave
    key(app, pygame.K_r, pygame.KMOD_CTRL)
    click(app, (scene.offers.dialog.panel.rect.right + 5, scene.offers.dialog.panel.rect.bottom + 5))  # beside the dialog
    assert scene.offers.dialog is None and not any("Resigns" in action for action in scene.session.actions)


def test_the_computer_accepts_a_backgammon_and_the_game_ends_with_the_words(app):
    scene = start(app, ("human", "advanced"))
    key(app, pygame.K_r, pygame.KMOD_CTRL)
    key(app, pygame.K_3)
    assert run_until(app, lambda: scene.session.is_over)
    assert scene.session.actions[-2:] == ["Resigns a backgammon", "Accepts"]
    assert scene.view.describe(scene.session.state) == "White resigns a backgammon; Black accepts (3 points)."
    app.frame()
    assert scene.ending.ended and "resigns a backgammon" in scene.status.text
    roll = scene.session.actions[0]
    assert scene.move_list.lines() == [f"1. White {roll}: Resigns a backgammon", "2. Black Accepts"]


@pytest.mark.slow
def test_between_two_humans_the_other_one_answers_in_a_dialog(app):
    scene = start(app, ("human", "human"), {"cube": "on"})
    key(app, pygame.K_r, pygame.KMOD_CTRL)
    key(app, pygame.K_1)
    assert run_until(app, lambda: scene.choices.current is not None and scene.choices.current.choices.modal)
    assert scene.choices.current.labels == ["Accept (A)", "Decline (D)"]
    assert scene.choices.current.choices.question == "White resigns a single game (1 point). Black: accept or decline?"
    assert "Black to accept or decline" in scene.status.text
    key(app, pygame.K_d)
    assert run_until(app, lambda: scene.mover.human and scene.session.to_move == 0 and scene.choices.current is None)
    assert scene.session.state.resign.declined and "Black declined a single game" in scene.status.text
    key(app, pygame.K_r, pygame.KMOD_CTRL)
    assert scene.offers.dialog.labels == ["Gammon (2)", "Backgammon (3)"]  # only more now
    key(app, pygame.K_2)
    assert run_until(app, lambda: scene.choices.current is not None)
    key(app, pygame.K_a)
    assert run_until(app, lambda: scene.session.is_over)
    assert scene.session.state.cube.result == (1, 2)


def test_a_computers_offer_is_answered_by_the_human(app):
    assert app.start_game(GameSetup("backgammon", ("hard", "human"), seed=7, options={"first": 0}))
    scene = app.scene
    scene.session.players[0] = Resigner()
    assert run_until(app, lambda: scene.choices.current is not None and scene.choices.current.choices.modal)
    assert scene.choices.current.choices.question.startswith("White resigns a single game (1 point).")
    press_button(app, scene.choices.current.buttons[0][0])  # Accept
    assert run_until(app, lambda: scene.session.is_over)
    assert BACKGAMMON.outcome_of(scene.session.state).winner == 1


def test_nothing_to_resign_on_the_computers_turn_and_the_setting_reaches_its_players(app):
    app.settings.choose(BACKGAMMON, RESIGNS, True)
    assert app.start_game(GameSetup("backgammon", ("advanced", "human"), seed=7, options={"first": 0}))
    scene = app.scene
    assert scene.session.players[0].resigns and scene.session.settings[RESIGNS]
    if not scene.mover.human:
        key(app, pygame.K_r, pygame.KMOD_CTRL)
        assert scene.offers.dialog is None and "Nothing to offer now" in app.banner.text
