"""The window's move list in a cube game: no line for "no double" (Roll), only the roll, the play
made on it and real cube actions, as GNU Backgammon and eXtreme Gammon show them; line *k* is
still replay stop *k*, showing the position after that line's move."""

from __future__ import annotations

import random

from game.backgammon.cube.state import DOUBLE, ROLL, TAKE
from game.core.protocol import CHANCE
from game.core.session import GameSession
from game.games import get_game

BACKGAMMON = get_game("backgammon")


def cube_session(plies: int = 40, double_at: int = 12, seed: int = 5) -> GameSession:
    """Two humans, the cube on: each rolls without doubling, except one double (taken) at
    ply ``double_at``; every play is a seeded random legal one."""
    session = GameSession(BACKGAMMON, ["human", "human"], seed=seed, options={"cube": "on", "first": 0})
    rng = random.Random(seed)
    for ply in range(plies):
        if session.is_over:
            break
        if session.to_move == CHANCE:
            session.roll()
            continue
        legal = session.rules.legal_moves(session.state)
        if DOUBLE in legal:
            doubled = any(action.startswith("Doubles") for action in session.actions)
            session.apply(DOUBLE if ply >= double_at and not doubled else ROLL)
        elif TAKE in legal:
            session.apply(TAKE)
        else:
            session.apply(rng.choice(legal))
    return session


def test_no_double_makes_no_line_and_lines_match_the_stops(app):
    session = cube_session()
    assert "Roll" in session.actions and any(a.startswith("Doubles") for a in session.actions)
    app.play(session, review=True)
    scene = app.scene
    lines, stops = scene.move_list.lines(), scene.move_list.stops()
    assert lines and not any(line.endswith(" Roll") or "Roll" in line.split() for line in lines)
    assert any("Doubles to 2" in line for line in lines) and any(line.endswith("Takes") for line in lines)
    assert len(stops) == len(lines) + 1
    history = session.history()
    for number, (line, (shown, decision, played)) in enumerate(zip(lines, stops[1:]), start=1):
        assert line.startswith(f"{number}. ")
        if played is not None:  # the stop shows the position after the move its line names
            words = get_game("backgammon").notation.shown_move(played)  # the line writes the notation in words
            assert line.endswith(words) and shown == decision + 1 and history[decision][1] == played
    plays = [line for line in lines if ":" in line]  # "3. Black 51: 13/7": the roll and its play
    assert plays and all(line.split(":")[0].split()[-1].isdigit() for line in plays)


def test_clicking_a_line_shows_the_position_after_its_move(app):
    session = cube_session()
    app.play(session, review=True)
    scene = app.scene
    lines = scene.move_list.lines()
    target = next(k for k, line in enumerate(lines) if ":" in line and k > 2)
    scene.replay.go(target + 1)
    _, decision, played = scene.move_list.stops()[target + 1]
    assert scene.replay.shown_index == decision + 1
    assert session.rules.apply(session.states[decision], session.rules.parse(session.states[decision], played)) \
        == session.states[scene.replay.shown_index]


def test_the_last_roll_decision_with_no_roll_yet_adds_no_line(app):
    session = cube_session(plies=30)
    while session.to_move == CHANCE or DOUBLE not in session.rules.legal_moves(session.state):
        if session.to_move == CHANCE:
            session.roll()
        else:
            session.apply(session.rules.legal_moves(session.state)[0])
    lines_before = GameSession(BACKGAMMON, ["human", "human"], seed=5, options=session.options,
                               actions=session.actions)
    session.apply(ROLL)  # no double: the dice are still to come
    assert session.to_move == CHANCE
    app.play(session, review=True)
    lines = app.scene.move_list.lines()
    app.play(lines_before, review=True)
    assert lines == app.scene.move_list.lines() and not lines[-1].endswith("Roll")
