"""The phase of a position (game/backgammon/phase.py) against GNU Backgammon's evaluator
library, gnubg-nn (GPL: tests only), on every position of the six real matches, on seeded
random positions and on hand-made edges of each rule."""

from __future__ import annotations

import random
from functools import lru_cache
from pathlib import Path

import gnubg_nn
import pytest

from game.backgammon.board import BAR, CHECKERS, OFF, check_board, make_side
from game.backgammon.matfile import match_record, read_mat
from game.backgammon.phase import BEAROFF, CONTACT, CRASHED, PHASES, RACE, classify, classify_sides, pip_counts
from game.backgammon.rules import BackgammonRules
from game.backgammon.state import BackgammonState
from game.core.match import replay

MATCHES = Path(__file__).parents[1] / "data" / "matches"

_TWO_SIDED = 1
"""gnubg-nn's CLASS_BEAROFF2 (both sides at most 6 checkers, all home), which it does not export."""
GNU_PHASE = {gnubg_nn.c_over: BEAROFF, _TWO_SIDED: BEAROFF, gnubg_nn.c_bearoff: BEAROFF, gnubg_nn.c_race: RACE,
             gnubg_nn.c_crashed: CRASHED, gnubg_nn.c_contact: CONTACT}


def gnu_class(first, second) -> int:
    """gnubg-nn's class of the board (its board: side not on roll, then side on roll; each
    its points 1..24 then its bar, as lists)."""
    return gnubg_nn.classify([list(second[1:26]), list(first[1:26])])


def gnu_phase(first, second) -> str:
    return GNU_PHASE[gnu_class(first, second)]


@lru_cache(maxsize=None)
def match_states(name: str):
    record = match_record(read_mat(MATCHES / name))
    return replay(BackgammonRules(), record.options, record.actions)


@pytest.mark.parametrize("name", sorted(p.name for p in MATCHES.glob("*.mat")))
def test_every_position_of_a_real_match_has_gnus_phase(name):
    states = match_states(name)
    assert len(states) > 100
    seen = set()
    for state in states:
        expected = gnu_phase(*state.sides)
        assert classify(state) == expected, (name, state.sides)
        assert classify_sides(state.sides[1], state.sides[0]) == expected  # either side first
        seen.add(expected)
    assert CONTACT in seen and seen <= set(PHASES)


def test_the_real_matches_reach_every_phase():
    seen = {classify(state) for name in sorted(p.name for p in MATCHES.glob("*.mat")) for state in match_states(name)}
    assert seen == set(PHASES)


def random_side(rng: random.Random, points, bar: int = 0):
    """A side with ``bar`` checkers on the bar and 1..15 in all, the rest on ``points`` at random."""
    on_points = rng.randint(max(1, bar), CHECKERS) - bar
    counts: dict[int, int] = {}
    for _ in range(on_points):
        point = rng.choice(points)
        counts[point] = counts.get(point, 0) + 1
    return make_side(counts, bar)


HEAPS = [1, 1, 1, 2, 2, 2, 3, 4, 5, 6, 12, 20]
"""Points weighted to the 1- and 2-points, where the crashed rule looks."""


def random_board(rng: random.Random):
    """A legal board ``(first, second)`` of one of several shapes, so that every phase and the
    crashed rule's edges come up often: anywhere, heaps on the low points (both contact),
    races, both sides home, and a side borne off."""
    shape = rng.choice(("anywhere", "heaps", "race", "home", "over"))
    cut = rng.randint(7, 18)
    mine = {"heaps": HEAPS, "race": range(1, cut + 1), "home": range(1, 7)}.get(shape, range(1, 25))
    theirs = {"race": range(1, 25 - cut), "home": range(1, 7)}.get(shape, range(1, 25))
    bar = rng.choice((0, 0, 0, 1, 2)) if shape in ("anywhere", "heaps") else 0
    me = random_side(rng, list(mine), bar)
    free = [p for p in theirs if not me[25 - p]]
    opp = make_side({}) if shape == "over" or not free else random_side(rng, free, rng.choice((0, 0, 0, 1)))
    check_board(me, opp)
    return (me, opp) if rng.random() < 0.5 else (opp, me)


def test_thousands_of_random_positions_have_gnus_phase():
    rng = random.Random(20240401)
    seen = {phase: 0 for phase in PHASES}
    for _ in range(5000):
        me, opp = random_board(rng)
        phase = classify(BackgammonState.from_board(me, opp))
        assert phase == gnu_phase(me, opp), (me, opp)
        seen[phase] += 1
    assert min(seen.values()) > 300, seen  # each phase well covered


def test_random_games_have_gnus_phase_at_every_position():
    rules = BackgammonRules()
    rng = random.Random(7)
    count = 0
    for _ in range(20):
        state = rules.initial_state({})
        while not rules.is_over(state):
            if rules.to_move(state) < 0:
                outcomes = rules.chance_outcomes(state)
                action = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                action = rng.choice(rules.legal_moves(state))
            state = rules.apply(state, action)
            assert classify(state) == gnu_phase(*state.sides)
            count += 1
    assert count > 1000


def side(points: dict[int, int], bar: int = 0):
    return make_side(points, bar)


# An opponent in contact with every side below (its rearmost checker on its 20-point, our
# 5-point) and never crashed itself (15 checkers, none on its low points).
FAR = side({20: 1, 13: 6, 12: 8})


@pytest.mark.parametrize("mine, expected", [
    ({6: 7}, CONTACT),                         # 7 active checkers, no heap: not crashed
    ({6: 6}, CRASHED),                         # tot <= 6
    ({1: 2, 6: 6}, CRASHED),                   # b0 = 2: tot 8 <= 6 + 2
    ({1: 2, 6: 7}, CONTACT),                   # tot 9 > 8, and b1 = 0
    ({1: 2, 2: 2, 6: 5}, CRASHED),             # 1 + 9 - (2 + 2) = 6
    ({1: 2, 2: 1, 6: 6}, CONTACT),             # b1 = 1 is no heap
    ({1: 3, 2: 3, 6: 5}, CRASHED),             # tot 11 > 6 + 3, but 1 + 11 - (3 + 3) = 6
    ({1: 3, 2: 2, 6: 6}, CONTACT),             # 1 + 11 - (3 + 2) = 7
    ({1: 1, 2: 2, 6: 4}, CRASHED),             # b0 <= 1: tot 7 <= 6 + 2 - 1
    ({1: 1, 2: 2, 6: 5}, CONTACT),             # tot 8 > 7
    ({2: 3, 6: 5}, CRASHED),                   # b0 = 0: tot 8 <= 6 + 3 - 1
    ({2: 3, 6: 6}, CONTACT),                   # tot 9 > 8
])
def test_the_crashed_rule_edge_by_edge(mine, expected):
    me = side(mine)
    assert gnu_phase(me, FAR) == expected
    assert classify_sides(me, FAR) == classify_sides(FAR, me) == expected


def test_contact_ends_when_the_rearmost_checkers_have_passed():
    # My rearmost on my 12-point; the opponent's rearmost on their 13-point = my 12-point
    # would be the same point, so: theirs on their 13 (my 12) is contact only if mine is
    # behind it.  Rearmost points adding to 25 or more is contact (GNU: nBack + nOppBack > 22).
    me = side({12: 1, 6: 14})
    touching = side({12: 1, 6: 14})     # 12 + 12 = 24: passed
    assert classify_sides(me, touching) == gnu_phase(me, touching) == RACE
    behind = side({14: 1, 6: 14})       # 12 + 14 = 26: my 12-point checker still meets it
    assert classify_sides(me, behind) == gnu_phase(me, behind) == CONTACT
    on_bar = side({6: 14}, bar=1)       # a checker on the bar is behind everything
    assert classify_sides(side({1: 15}), on_bar) == gnu_phase(side({1: 15}), on_bar) == CRASHED  # 15 on the 1-point
    assert classify_sides(side({3: 15}), on_bar) == gnu_phase(side({3: 15}), on_bar) == CONTACT


def test_bearoff_is_every_checker_home_else_race_and_over_counts_as_bearoff():
    home, home_few = side({1: 5, 2: 5, 6: 5}), side({1: 3, 3: 3})
    assert classify_sides(home, home_few) == BEAROFF and gnu_class(home, home_few) == gnubg_nn.c_bearoff
    assert classify_sides(home_few, side({2: 6})) == BEAROFF and gnu_class(home_few, side({2: 6})) == _TWO_SIDED
    one_out = side({7: 1, 1: 14})
    assert classify_sides(one_out, home) == gnu_phase(one_out, home) == RACE
    over = side({})
    assert over[OFF] == CHECKERS and over[BAR] == 0
    assert classify_sides(over, one_out) == BEAROFF and gnu_class(over, one_out) == gnubg_nn.c_over
    assert classify_sides(FAR, over) == BEAROFF  # over even with the other side far back


def test_pip_counts_are_each_players_in_player_order():
    state = BackgammonState.from_board(side({6: 2, 1: 1}, bar=1), side({23: 1, 13: 2}), player=1)
    assert state.turn == 1
    assert pip_counts(state) == (23 + 26, 12 + 1 + 25)  # player 0 is the opponent here
    start = BackgammonRules().initial_state({})
    assert pip_counts(start) == (167, 167)
