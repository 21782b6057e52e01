"""Every roll's best play (W): the grid's data, colours, clicks, refusals, and its analyses."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pygame
import pytest

from game.core.all_rolls import NotBeforeTheRoll, all_rolls
from game.core.protocol import CHANCE
from game.core.search import SearchCancelled
from game.core.session import GameSetup
from game.games import get_game
from game.ui.analysis import every_roll
from game.ui.analysis.analyst import Analyst
from game.ui.analysis.every_roll import GAME_OVER, HALF_MADE, RollTable
from game.ui.analysis.every_roll_draw import SCALE, heat, heat_colours

from .util import click, key, run_until

BACKGAMMON = get_game("backgammon")
MIDGAME = "sGfwATDgc/ABMA"
LEVEL = "intermediate"  # 0 ply: the 21 analyses take a moment
SAVES = Path(__file__).resolve().parents[2] / "saves"


def analysed(state):
    return BACKGAMMON.move_analysis().analyze(state, level=LEVEL)


@pytest.mark.slow
def test_the_grid_holds_the_21_rolls_of_all_rolls_each_non_double_in_two_mirrored_cells():
    state = BACKGAMMON.notation.parse_position(MIDGAME)
    table = RollTable(BACKGAMMON, [state])
    cli = all_rolls(BACKGAMMON, state, {"level": LEVEL})
    assert [roll.dice for roll in table.rolls] == [row["dice"] for row in cli["rolls"]]
    assert table.summary(analysed) == cli and table.drawn is None
    assert len(table.cells) == 36 and set(table.cells.values()) == set(range(21))
    for (r, c), index in table.cells.items():
        dice = table.rolls[index].dice
        assert table.cells[(c, r)] == index  # 3-1 and 1-3: the same roll
        assert sorted(dice) == sorted(table.rows[r] + table.columns[c])
        assert (r == c) == (dice[0] == dice[1])  # the doubles on the diagonal
    bests = table.bests(analysed)
    assert [(b.notation, b.value) for b in bests] == [(row["best"], row["equity"]) for row in cli["rolls"]]


def test_colours_run_from_the_worst_roll_to_the_best():
    values = [0.31, -0.52, 0.07, 0.9, -0.1]
    colours = heat_colours(values)
    ordered = [colour for _, colour in sorted(zip(values, colours))]
    greener = [g - r for r, g, _ in ordered]
    assert greener == sorted(greener) and len(set(greener)) == len(greener)
    assert ordered[0] == SCALE[0] and ordered[-1] == SCALE[-1] and heat(0.5) == SCALE[1]
    assert heat_colours([0.2, 0.2]) == [SCALE[-1]] * 2  # no spread: all the best


def test_a_position_that_is_no_roll_away_is_refused():
    rules = BACKGAMMON.rules()
    state = BACKGAMMON.notation.parse_position(MIDGAME)
    rolled = rules.apply(state, rules.chance_outcomes(state)[3][0])
    after = rules.apply(rolled, rules.legal_moves(rolled)[0])  # the other player's roll: fine
    assert RollTable(BACKGAMMON, [after]).mover != RollTable(BACKGAMMON, [state]).mover
    table = RollTable(BACKGAMMON, [state, rolled])  # just rolled: the position before the roll
    assert table.rolls[table.drawn].state == rolled and table.drawn == 3
    alone = RollTable(BACKGAMMON, [rolled])  # rolled, with no past (pasted): taken back to its roll's start
    assert alone.rolls == table.rolls and alone.drawn == 3
    opening = rules.apply(rules.initial_state({}), rules.chance_outcomes(rules.initial_state({}))[0][0])
    with pytest.raises(NotBeforeTheRoll, match="opening roll"):
        RollTable(BACKGAMMON, [opening])  # it names who starts: no one player's rolls
    opening = rules.initial_state({})
    assert rules.to_move(opening) == CHANCE
    with pytest.raises(NotBeforeTheRoll):  # the opening roll names its starter: no place in the grid
        RollTable(BACKGAMMON, [opening])


def test_withdrawn_requests_are_not_analysed_and_a_running_one_is_cancelled():
    started, release, seen = threading.Event(), threading.Event(), []

    def analyze(state, limits=None):
        seen.append(state)
        if state == "slow":
            started.set()
            release.wait(5)
            if limits.cancel.is_set():
                raise SearchCancelled()
        return [state]

    analyst = Analyst(analyze, cancellable=True)
    for state in ("slow", "a", "b", "c"):
        analyst.request(state)
    assert started.wait(5)
    analyst.withdraw(["slow", "b", "c"])
    release.set()
    deadline = time.monotonic() + 5
    while not analyst.done("a") and time.monotonic() < deadline:
        time.sleep(0.01)
    assert analyst.get("a") == ["a"] and not analyst.done("slow")
    time.sleep(0.05)
    assert seen == ["slow", "a"] and not analyst.busy
    analyst.close()


# -- in the window ------------------------------------------------------------------------------
@pytest.fixture
def scene(app):
    """A human's turn with the dice rolled, after the computer's opening (the analysis at 0 ply)."""
    app.settings.choose(BACKGAMMON, "analysis_level", LEVEL)
    assert app.start_game(GameSetup("backgammon", ("human", "hard"), seed=5, options={"first": 1}))
    scene = app.scene
    assert run_until(app, lambda: scene.mover.human and not scene.view.animating)
    return scene


def finished(app, grid) -> bool:
    return run_until(app, lambda: grid.is_open and grid.progress() == len(grid.table.rolls))


@pytest.mark.slow
def test_w_shows_every_roll_of_the_position_before_the_roll_and_a_click_shows_a_play(app, scene, monkeypatch):
    arrows = []
    monkeypatch.setattr(every_roll, "draw_arrows", lambda surface, segments, *a, **k: arrows.append(segments))
    session, grid = scene.session, scene.overlays.every_roll
    assert "W every roll" in scene.keys.help()
    key(app, pygame.K_w)
    assert grid.is_open and grid.table.source is session.state
    before = session.states[-2]
    assert session.rules.to_move(before) == CHANCE and grid.table.rolls[grid.table.drawn].state == session.state
    assert grid.analyst().options == {"level": LEVEL}  # the hints' level (the game's setting)
    assert finished(app, grid)
    app.frame()
    cli = all_rolls(BACKGAMMON, before, {"level": LEVEL})  # here, the grid's in the worker process
    table = grid.table.summary(grid.records_of)
    assert [(row["dice"], row["best"]) for row in table["rolls"]] == [(row["dice"], row["best"]) for row in cli["rolls"]]
    assert [row["equity"] for row in table["rolls"]] == pytest.approx([row["equity"] for row in cli["rolls"]], abs=1e-6)
    assert table["average"] == pytest.approx(cli["average"], abs=1e-6)
    drawing = grid.drawing
    assert len(drawing.cells) == 36
    for cell, rect in drawing.cells:  # every cell shows its roll's best play (cut with "…" if long)
        best = cli["rolls"][grid.table.cells[cell]]["best"]
        shown = " ".join(drawing.shown_lines[cell])
        assert shown == best or (shown.endswith("…") and best.startswith(shown[:-1].rstrip()))
    three_one = next(i for i, roll in enumerate(grid.table.rolls) if roll.dice == "31")
    cell = dict(drawing.cells)[(0, 2)]  # the row of 1, the column of 3
    click(app, cell.center)
    assert grid.shown == three_one and grid.board_state() == grid.table.rolls[three_one].state
    best = grid.records_of(grid.table.rolls[three_one].state)[0]
    assert best.notation == cli["rolls"][three_one]["best"]
    assert arrows and arrows[-1] == scene.view.move_arrows(grid.board_state(), best.move) and arrows[-1]
    click(app, cell.center)  # a click goes back to the grid
    assert grid.is_open and grid.shown is None and grid.board_state() is None
    click(app, dict(drawing.cells)[(2, 0)].center)  # 3-1 the other way round: the same roll
    assert grid.shown == three_one
    key(app, pygame.K_ESCAPE)
    assert grid.is_open and grid.shown is None
    key(app, pygame.K_ESCAPE)  # Esc on the grid closes it, and stays in the game
    assert not grid.is_open and app.scene is scene


def test_the_grid_closes_when_the_position_changes_in_replay(app):
    app.settings.choose(BACKGAMMON, "analysis_level", LEVEL)
    assert app.open_saved(SAVES / "human-vs-hard-midgame.json")
    scene = app.scene
    grid = scene.overlays.every_roll
    key(app, pygame.K_LEFT, frames=2)
    assert scene.replay.replaying
    state = scene.session.states[scene.replay.shown_index]
    key(app, pygame.K_w)
    assert grid.is_open and grid.table.source is state
    key(app, pygame.K_LEFT, frames=2)  # another position: the grid is gone, its requests withdrawn
    assert not grid.is_open
    analyst = scene.overlays.analyst
    assert not any(roll in analyst._queued for roll in (r.state for r in RollTable(BACKGAMMON, [state]).rolls))


def test_w_is_refused_at_the_end_of_a_game(app):
    assert app.open_saved(SAVES / "hard-vs-medium-finished.json")
    scene = app.scene
    app.frame()
    assert scene.session.is_over and scene.overlays.every_roll.offered
    key(app, pygame.K_w)
    assert not scene.overlays.every_roll.is_open and app.banner.text == GAME_OVER


def test_w_is_refused_while_a_move_is_being_built(app, scene):
    turn = scene.view.turn
    source = next(slot for slot in range(25, 0, -1) if turn.click_move(slot, True) is not None)
    from .util import checker

    click(app, checker(scene.view, source))
    assert scene.view.can_undo()
    key(app, pygame.K_w)
    assert not scene.overlays.every_roll.is_open and app.banner.text == HALF_MADE


@pytest.mark.parametrize("text", ["XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:5:10",  # a match, dice 52
                                  "4HPwATDgc/ABMA:cAkgAAAAAAAA"])  # a 1-point match before the roll
def test_w_opens_on_a_pasted_position_with_its_dice_or_without(app, text):
    """A pasted position has no past: with its dice the grid is of its roll's start, the roll
    drawn outlined; without, of the position itself."""
    app.settings.choose(BACKGAMMON, "analysis_level", LEVEL)
    options = BACKGAMMON.position_options(text)
    assert app.start_game(GameSetup("backgammon", ("human", "human"), seed=3, options=options))
    scene = app.scene
    assert run_until(app, lambda: scene.mover.human and not scene.view.animating)
    grid = scene.overlays.every_roll
    key(app, pygame.K_w)
    assert grid.is_open, app.banner.text
    state = scene.session.state
    if state.dice is not None:
        drawn = grid.table.rolls[grid.table.drawn]
        assert drawn.state.dice == state.dice and drawn.state.sides == state.sides


def test_watching_it_waits_for_a_pause(app):
    app.settings.choose(BACKGAMMON, "analysis_level", LEVEL)
    assert app.start_game(GameSetup("backgammon", ("hard", "hard"), seed=5))
    scene = app.scene
    app.frame()
    key(app, pygame.K_w)
    assert not scene.overlays.every_roll.is_open and "pause first" in app.banner.text


@pytest.mark.parametrize("game", ["mandragora", "chesstack"])
def test_games_without_dice_do_not_offer_it(app, game):
    from game.ui.keys import key_help

    info = get_game(game)
    assert app.start_game(GameSetup(game, ("human", info.players.default), seed=1))
    scene = app.scene
    app.frame()
    assert not scene.overlays.every_roll.offered and "every roll" not in scene.keys.help()
    key(app, pygame.K_w)
    assert not scene.overlays.every_roll.is_open
    assert "W every roll" in key_help("replay", analysis=True, rolls=True)


@pytest.mark.slow
def test_the_review_screen_shows_every_roll_of_the_decision_on_show(app, tmp_path):
    import shutil

    from game.ui.review.screen import ReviewScene

    app.settings.choose(BACKGAMMON, "analysis_level", LEVEL)
    save = tmp_path / "midgame.json"
    shutil.copy(SAVES / "human-vs-hard-midgame.json", save)
    assert app.open_saved(save)
    app.frame()
    key(app, pygame.K_v)
    review = app.scene
    assert isinstance(review, ReviewScene)
    assert run_until(app, lambda: not review.waiting and not review.analysing)  # every decision reviewed
    review.go(len(review.reviewed.lines) - 1)  # the last decision (the first is the opening roll's)
    assert "W every roll" in review.help_text()
    grid = review.every_roll
    key(app, pygame.K_w)
    assert grid.is_open
    states = review.session.states[:review.state_index() + 1]
    assert grid.table.rolls == RollTable(BACKGAMMON, states).rolls and grid.analyst().options == {"level": LEVEL}
    assert finished(app, grid)
    app.frame()
    click(app, grid.drawing.cells[0][1].center)
    assert grid.shown is not None and review.view is grid.view
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)  # the grid closes; the Review screen stays
    assert not grid.is_open and app.scene is review
    key(app, pygame.K_w)
    assert grid.is_open
    key(app, pygame.K_LEFT)  # the decision before: the grid is gone
    assert not grid.is_open and app.scene is review
