"""The computer and a resignation: accepting by equity as GNU Backgammon does (clear bearoff
positions: no chance to win, a certain gammon, a won one), resigning a race lost for certain
(only with the setting on), and the setting reaching the players, in the window's worker too."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.backgammon.info import GAME
from game.backgammon.analysis.ai import analyze_position, level_player
from game.backgammon.board import make_side
from game.backgammon.cube.state import CubeState
from game.backgammon.evaluators import get_evaluator
from game.backgammon.names import RESIGNS
from game.backgammon.resignation.decide import accepts, certain_loss, play_on, resign_records, resignation
from game.backgammon.resignation.state import ACCEPT, DECLINE, OFFERS, Resignation
from game.backgammon.rules import BackgammonRules
from game.backgammon.state import BackgammonState
from game.core.session import GameSession
from game.ui.jobs.worker import recipe_for

RULES = BackgammonRules()
EVALUATOR = get_evaluator("net-full")

LOST = make_side({6: 2, 5: 2, 4: 2, 3: 2, 2: 2})  # 5 off, 10 home: two rolls at least
LAST = make_side({1: 1})                            # one checker on the ace: off with any roll
FAR = make_side({18: 3, 13: 6, 12: 6})              # none off, far from home, none in the other's home
CUBES = {"cubeless": None, "money": CubeState(phase="decide"),
         "match": CubeState(match_length=7, score=(2, 3), phase="decide")}


def at(me, opp, cube=None, dice=None, player=0) -> BackgammonState:
    """``me`` (White by default) to decide against ``opp``: before the roll with a cube,
    after rolling ``dice`` (2-1 without a cube)."""
    if cube is None and dice is None:
        dice = (2, 1)
    state = BackgammonState.from_board(me, opp, player, dice, cube)
    if cube is not None and dice is not None:
        state = replace(state, cube=replace(cube, phase="rolling"))
    return state


def offered(state, level: int):
    return replace(state, resign=Resignation(level))


@pytest.mark.parametrize("cube", CUBES)
def test_a_single_game_is_accepted_when_the_resigner_cannot_win(cube):
    state = at(LOST, LAST, CUBES[cube])
    for level in (1, 2, 3):
        assert accepts(offered(state, level), EVALUATOR)  # the opponent gets at least the game's worth


@pytest.mark.parametrize("cube", ["cubeless", "money"])
def test_a_single_game_is_declined_when_a_gammon_is_certain(cube):
    state = at(FAR, LAST, CUBES[cube])
    assert play_on(state, EVALUATOR)[0] == pytest.approx(-2.0, abs=1e-5)
    assert not accepts(offered(state, 1), EVALUATOR)
    assert accepts(offered(state, 2), EVALUATOR) and accepts(offered(state, 3), EVALUATOR)


def test_in_a_match_the_offer_is_weighed_in_match_winning_chances():
    # Black needs 2 points of 7 at 5-5... here 3-5: a gammon wins Black the match, a single
    # game leaves White a chance: the single is declined, the gammon accepted.
    state = at(FAR, LAST, CubeState(match_length=7, score=(3, 5), phase="decide"))
    assert not accepts(offered(state, 1), EVALUATOR) and accepts(offered(state, 2), EVALUATOR)
    # With Black one point away a single game already wins the match: any offer will do.
    post = at(FAR, LAST, CubeState(match_length=7, score=(3, 6), phase="rolling"), dice=(2, 1))
    assert accepts(offered(post, 1), EVALUATOR)
    assert certain_loss(post) == 1


def test_an_offer_from_a_won_position_is_accepted_and_recorded_as_the_resigners_error():
    state = at(LAST, LOST)  # White bears its last checker off with any roll
    assert accepts(offered(state, 1), EVALUATOR)
    records = resign_records(offered(state, 1), EVALUATOR)
    assert [r.move for r in records] == [ACCEPT, DECLINE] and records[1].diff == pytest.approx(-2.0)
    offer = resign_records(state, EVALUATOR, OFFERS[1])
    assert [r.notation for r in offer] == ["Play on", "Resigns a gammon"]
    assert offer[1].diff == pytest.approx(-3.0) and offer[1].warnings == ("Resign a gammon loses 3.000",)


def test_the_analysis_of_an_offer_waiting_is_its_answer():
    state = offered(at(FAR, LAST, CUBES["money"]), 1)
    records = analyze_position(state, "advanced")
    assert [r.move for r in records] == [DECLINE, ACCEPT]
    assert records[0].value == pytest.approx(2.0, abs=1e-5) and records[1].value == 1.0


@pytest.mark.parametrize("cube", CUBES)
def test_a_race_lost_for_certain_is_resigned_for_what_it_loses(cube):
    assert certain_loss(at(LOST, LAST, CUBES[cube])) == 1
    assert certain_loss(at(FAR, LAST, CUBES[cube])) == 2


def test_no_resignation_while_the_resigner_can_do_better():
    assert certain_loss(at(LAST, LOST)) is None  # it wins
    assert certain_loss(at(make_side({6: 3}), make_side({6: 2}))) is None  # a race still open
    assert certain_loss(at(make_side({23: 1, 13: 7, 12: 7}), LAST)) is None  # a backgammon is possible
    assert certain_loss(at(make_side({10: 15}), make_side({2: 4}))) is None  # the gammon may be saved
    contact = at(make_side({24: 2, 6: 5}), make_side({6: 1, 20: 1}))
    assert certain_loss(contact) is None  # contact: never
    jacoby = CubeState(phase="decide", jacoby=True)
    assert certain_loss(at(FAR, LAST, jacoby)) == 1  # a centred cube's gammon counts single
    assert certain_loss(offered(at(LOST, LAST), 1)) is None  # an offer waits: nothing to offer


def test_a_level_resigns_only_with_the_setting_and_never_twice_a_turn():
    state = at(LOST, LAST)
    quiet, resigning = level_player("intermediate", seed=1), level_player("intermediate", seed=1)
    resigning.resigns = True
    assert quiet.choose(RULES, state) in RULES.legal_moves(state)
    assert resigning.choose(RULES, state) == OFFERS[0] == resignation(state)
    declined = RULES.apply(RULES.apply(state, OFFERS[0]), DECLINE)
    assert resigning.choose(RULES, declined) in RULES.legal_moves(declined)  # plays on
    assert quiet.choose(RULES, offered(at(FAR, LAST), 1)) == DECLINE
    assert quiet.choose(RULES, offered(at(FAR, LAST), 2)) == ACCEPT


def test_the_setting_reaches_the_levels_and_the_workers_recipe():
    session = GameSession(GAME, ["advanced", "human"], seed=5, settings={RESIGNS: True})
    assert session.players[0].resigns
    recipe = recipe_for(session, session.players[0])
    assert recipe is not None and dict(recipe.settings) == {RESIGNS: True}
    assert GAME.computer_player("advanced", 1, dict(recipe.settings)).resigns
    plain = GameSession(GAME, ["advanced", "human"], seed=5)
    assert not plain.players[0].resigns and recipe_for(plain, plain.players[0]).settings == ()
    plain.use_settings({RESIGNS: True})
    assert plain.players[0].resigns
    assert not GAME.players.player("expert", 1).resigns  # tournaments and the command line: never
