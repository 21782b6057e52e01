"""What the boards mark: the last plays on the backgammon board, the play being built as text,
point numbers that follow the player on roll (or stay put, by the setting), and Mandragora's
last sowing."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.backgammon.rules import BackgammonRules
from game.backgammon.state import Roll
from game.backgammon.view.pygame_view import make_view
from game.core.session import GameSetup
from game.games import get_game

from .util import run_until

RULES = BackgammonRules()


def fonts(size, bold=False):
    return pygame.font.Font(None, max(8, int(size)))


def bare_view(bottom: int = 0, numbers: str = "roll"):
    pygame.init()
    view = make_view(get_game("backgammon"), fonts)
    view.configure(bottom=bottom, settings={"point_numbers": numbers})
    view.set_rect(pygame.Rect(0, 0, 900, 700))
    return view


def history():
    """White opens 31 with 8/5 6/5, Black answers 64 with 24/14, White rolls 52."""
    state = RULES.initial_state({})
    states = [state]
    for action in (Roll.of(3, 1, 0), "8/5 6/5", Roll.of(6, 4), "24/14", Roll.of(5, 2)):
        state = RULES.apply(state, RULES.parse(state, action) if isinstance(action, str) else action)
        states.append(state)
    return states


def numbers_strips(surface, view) -> bytes:
    """The pixels of the frame rows that carry the point numbers (checkers' shadows kept out)."""
    lay = view.layout
    board, pad = lay.board, round(lay.frame * 0.2)
    strips = (pygame.Rect(board.x, board.y + pad, board.w, round(lay.top) - board.y - 2 * pad),
              pygame.Rect(board.x, round(lay.bottom) + pad, board.w, board.bottom - round(lay.bottom) - 2 * pad))
    return b"".join(pygame.image.tobytes(surface.subsurface(strip), "RGB") for strip in strips)


# -- point numbers: the player on roll's (GNU's and XG's), or the bottom player's by the setting --

def _shots(view) -> list[tuple[int, bytes]]:
    surface = pygame.Surface((900, 700))
    shots = []
    for state in history()[1:]:  # White on turn, then Black, then White again
        surface.fill((0, 0, 0))
        view.draw(surface, state, ["a", "b"])
        shots.append((state.turn, numbers_strips(surface, view)))
    assert {turn for turn, _ in shots} == {0, 1}
    return shots


@pytest.mark.parametrize("bottom", [0, 1])
def test_point_numbers_follow_the_player_on_roll_by_default(bottom):
    shots = _shots(bare_view(bottom))
    by_turn = {turn: {shot for t, shot in shots if t == turn} for turn in (0, 1)}
    assert len(by_turn[0]) == len(by_turn[1]) == 1 and by_turn[0] != by_turn[1]  # one numbering each side


@pytest.mark.parametrize("bottom", [0, 1])
def test_point_numbers_stay_the_bottom_players_by_the_setting(bottom):
    shots = _shots(bare_view(bottom, numbers="bottom"))
    assert all(shot == shots[0][1] for _, shot in shots)  # the bottom player's throughout
    assert shots[0][1] == _shots(bare_view(bottom))[[t for t, _ in shots].index(bottom)][1]


def _strips_over_turns(app, scene, turns: int, play_humans: bool) -> list[bytes]:
    session, view, shots = scene.session, scene.view, []
    movers = set()
    for _ in range(turns):
        count = len(session.states)
        assert run_until(app, lambda count=count: len(session.states) > count + 1 and not view.animating
                         and session.state.dice is not None or (play_humans and scene.mover.human))
        if play_humans and scene.mover.human:
            movers.add(session.state.turn)
            app.frame()
            shots.append(numbers_strips(app.screen, view))
            scene.mover.play_human(RULES.legal_moves(session.state)[0])
            assert run_until(app, lambda: not scene.mover.human and not view.animating)
            continue
        app.frame()
        movers.add(session.state.turn)
        shots.append(numbers_strips(app.screen, view))
    assert movers == {0, 1}
    return shots


def test_point_numbers_stay_put_in_a_two_human_game_by_the_setting(app):
    app.settings.choose(get_game("backgammon"), "point_numbers", "bottom")
    assert app.start_game(GameSetup("backgammon", ("human", "human"), seed=3, options={"first": 0}))
    scene = app.scene
    assert scene.bottom == 0
    shots = _strips_over_turns(app, scene, 4, play_humans=True)
    assert all(shot == shots[0] for shot in shots)


@pytest.mark.slow
def test_point_numbers_follow_the_player_on_roll_when_watching(app):
    assert app.start_game(GameSetup("backgammon", ("hard", "hard"), seed=5, options={"first": 1}))
    scene = app.scene
    shots = _strips_over_turns(app, scene, 4, play_humans=False)
    assert len(set(shots)) == 2  # one numbering for each side on roll


# -- item 7: the last plays marked, the play being built as text --------------------------------

def test_last_plays_are_found_from_the_history():
    view, states = bare_view(), history()
    assert view.last_plays(states[-1]) == []  # no history handed over: nothing marked
    view.use_history(lambda: states)
    plays = view.last_plays(states[-1])
    assert [(mover, play.steps) for mover, play in plays] == [
        (1, ((24, 18), (18, 14))), (0, ((8, 5), (6, 5)))]
    assert view.last_plays(states[-2]) == []  # not the state the history ends at


def test_a_matchs_next_game_opens_without_the_previous_games_plays_marked():
    """Issue 34: the last plays of game 1 are not drawn on game 2's opening position."""
    from game.backgammon.cube.rules import game_number
    from game.backgammon.view.display import last_plays
    from game.core.match import play_game, replay
    from game.games import get_game

    info = get_game("backgammon")
    players = [info.players.player("intermediate", seed) for seed in (0, 1)]
    record, _ = play_game(info.rules(), players, info.new_game_options({"match_length": "3"}), seed=4, max_plies=60)
    states = replay(info.rules(), record.options, record.actions)
    second = next(i for i, s in enumerate(states) if game_number(s) == 2)
    assert last_plays(info.rules(), states[:second]) != []  # game 1's end: its last plays are marked
    assert last_plays(info.rules(), states[:second + 1]) == []  # game 2's opening position: none


def test_last_plays_are_drawn_the_latest_clearly():
    view, states = bare_view(), history()
    surface = pygame.Surface((900, 700))
    view.draw(surface, states[-1], ["a", "b"])
    plain = pygame.image.tobytes(surface, "RGB")
    view.use_history(lambda: states)
    marks = view.last_play_marks(states[-1])
    assert [(mover, len(lines)) for mover, _, lines in marks] == [(1, 1), (0, 2)]
    assert marks[0][1] > marks[1][1]  # Black's play (the opponent's, latest) is the clearer
    (start, end), = marks[0][2]
    # Black's 24/14 from the bottom player's point 1 to their point 11, on White's side of the board.
    assert start[0] == pytest.approx(view.layout.column_x(1)) and end[0] == pytest.approx(view.layout.column_x(11))
    surface.fill((0, 0, 0))
    view.draw(surface, states[-1], ["a", "b"])
    assert pygame.image.tobytes(surface, "RGB") != plain
    # The ghost ring where Black's checker left point 1 (above the checker still there).
    r = view.layout.u * 0.47
    ring = [surface.get_at((round(start[0]), round(start[1] + r * k / 20)))[:3] for k in range(12, 20)]
    assert any(red > 220 and 110 < green < 170 and blue < 100 for red, green, blue in ring)


def test_partial_notation_echoes_the_play_being_built():
    view, states = bare_view(), history()
    state = states[-1]  # White to play 52
    view.begin_turn(state, 0)
    assert view.partial_notation() == ""
    view._play([(13, 8, 5)], 0)
    assert view.partial_notation() == "13/8"
    view._play([(8, 6, 2)], 0)
    assert view.partial_notation() == "13/6"  # one checker moving on is written as one path
    view.undo()
    view._play([(6, 4, 2)], 0)
    assert view.partial_notation() == "13/8 6/4"
    view.end_turn()
    assert view.partial_notation() == ""


def test_partial_notation_shows_a_hit():
    view, states = bare_view(), history()
    view.begin_turn(states[-1], 0)  # Black's checker landed on White's 11 point: 13/11 hits it
    view._play([(13, 11, 2)], 0)
    assert view.partial_notation() == "13/11*"
    view._play([(11, 6, 5)], 0)
    assert view.partial_notation() == "13/11*/6"


# -- Mandragora: the last sowing, no Done, scores that tell moves apart, no empty win column ---

def mandragora_view():
    from game.mandragora.view.pygame_view import make_view as make_mandragora_view

    pygame.init()
    view = make_mandragora_view(get_game("mandragora"), fonts)
    view.configure(bottom=0, settings={})
    view.set_rect(pygame.Rect(0, 0, 900, 700))
    return view


def mandragora_history():
    from game.mandragora.rules import MandragoraRules
    from game.mandragora.state import MandragoraState

    rules, state = MandragoraRules(), MandragoraState.start("A", 0)
    states = [state]
    for area in (3, 1, 7, 8):  # the logged game's first moves (spec §3)
        state = rules.apply(state, area)
        states.append(state)
    return states


def test_mandragora_marks_the_last_sowing():
    view, states = mandragora_view(), mandragora_history()
    surface = pygame.Surface((900, 700))
    view.draw(surface, states[-1], ["a", "b"])
    plain = pygame.image.tobytes(surface, "RGB")
    view.use_history(lambda: states)
    assert view.last_sowing(states[-1]) == (1, 8)  # the Opponent sowed area 8
    assert view.last_sowing(states[-2]) is None
    area, dots = view.last_sowing_marks(states[-1])
    assert area == 8 and len(dots) == len(states[-2].pile(8))
    surface.fill((0, 0, 0))
    view.draw(surface, states[-1], ["a", "b"])
    assert pygame.image.tobytes(surface, "RGB") != plain
    from game.mandragora.view.pygame_view import LAST_MOVE
    x, y = view.layout.centres[8]
    r = view.layout.r
    edge = [surface.get_at((round(x - r * k / 100), round(y)))[:3] for k in range(80, 100)]
    assert LAST_MOVE in edge


def test_mandragora_moves_need_no_confirming():
    assert mandragora_view().needs_confirm() is False
    assert bare_view().needs_confirm() is True  # backgammon: Done plays the built move


def test_mandragora_scores_do_not_saturate():
    from game.mandragora.analysis import KNEE, analyze, normalize
    from game.mandragora.state import MandragoraState

    records = analyze(MandragoraState.start("A", 0))
    penalized = sorted((r for r in records if r.warnings), key=lambda r: r.value)
    assert len(penalized) >= 3 and penalized[0].value < -200 and penalized[1].value < -200
    # Once clamped, all at -100; now as far apart as their values, in the same order.
    scores = [round(r.score, 1) for r in penalized]
    assert len(set(scores)) == len(scores) and scores == sorted(scores)
    assert all(-100 < r.score <= 0 for r in penalized)
    values = [-1000, -350, -200, -100, -KNEE, -57, 0, 12.5, 57, KNEE, 100, 200, 350, 1000]
    shown = [normalize(v) for v in values]
    assert all(a < b for a, b in itertools.pairwise(shown)) and all(-100 < s < 100 for s in shown)
    assert [normalize(v) for v in (-KNEE, -57, 0, 12.5, 57, KNEE)] == [-KNEE, -57, 0, 12.5, 57, KNEE]


def test_mandragora_hint_table_has_no_win_column():
    from game.mandragora.analysis import analyze
    from game.mandragora.state import MandragoraState
    from game.ui.analysis.hint_table import hint_columns

    info = get_game("mandragora")
    records = analyze(MandragoraState.start("A", 0))
    columns = hint_columns(records, info.move_analysis().columns, info.move_analysis().format_value, info.move_analysis().value_heading)
    assert "win" not in [c.key for c in columns] and "Win" not in [c.heading for c in columns]
    assert all(c.cell(r) != "—" for c in columns for r in records)
    assert [c.heading for c in columns if c.key == "value"] == ["Total"]
    # The total tells apart the moves the seed's sign rule shows as 0.
    zeros = [r for r in records if r.score == 0]
    assert len({info.move_analysis().format_value(r.value) for r in zeros}) == len(zeros)
