"""The seed analyzer: golden component columns, the hand-checked S1, warnings and search."""

from __future__ import annotations

import json
import random
from math import inf
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.mandragora.analysis import (
    DISCOUNT,
    EXTRA_MOVE_WARNING,
    SCORING_WARNING,
    _best,
    _plain_best,
    analyze,
    analyze_move,
    record_text,
)
from game.mandragora.position import parse_position
from game.mandragora.rules import MandragoraRules
from game.mandragora.state import (
    BASES,
    FIRST_MOVER_VALUES,
    OPPONENT,
    OWN_AREAS,
    PATHS,
    PATTERNS,
    PLAYER,
    SECOND_MOVER_VALUES,
    SHARED_AREAS,
    SIDES,
    MandragoraState,
)

RULES = MandragoraRules()
GOLDEN = json.loads((Path(__file__).parent / "data" / "golden.json").read_text())
COLUMNS = GOLDEN["columns"]

# The threat flags of init-A/O cannot be V1's: for an Opponent to move, V1 checked the
# Player's threats only on areas 2 and 4, still on the Opponent's path (spec §2.1).  Tabula
# mirrors the threat rule for the Opponent (spec §5.8, applied in §6 "Threat … for the other
# side").  The board has a mirror symmetry that swaps the sides, so the mirrored flags follow
# from the Player's golden flags in init-A/P (same board), checked in test_mirror_* below.
MIRROR = {1: 6, 3: 7, 5: 8, 2: 4, 0: 9}
MIRROR |= {b: a for a, b in MIRROR.items()}
"""Area (or base) → its mirror image: the Player's own areas to the Opponent's, 2 ↔ 4, base 0 ↔ 9."""
EQUAL_VALUED = str.maketrans("KPCA", "PKAC")
"""Pachypodium ↔ Korrigan and Citrillus ↔ Adenium: kinds worth the same (spec §1, Values)."""


def golden_state(position: dict) -> MandragoraState:
    # The golden numbers take the Player as first mover (V1's assumption; spec §6).
    board = tuple(position["board"][str(area)] for area in range(1, 9))
    return MandragoraState(board, SIDES.index(position["toMove"]), PLAYER)


def golden_rows():
    for position in GOLDEN["positions"]:
        for row in position["moves"]:
            yield pytest.param(position, dict(zip(COLUMNS, row)), id=f"{position['name']}:{row[0]}")


@pytest.mark.parametrize("position,row", list(golden_rows()))
def test_golden_component_columns(position, row):
    state = golden_state(position)
    records = {record.move: record for record in analyze(state)}
    assert sorted(records) == [r[0] for r in position["moves"]]
    details = records[row["area"]].details
    assert details["pts"] == row["pts"]
    assert details["extra"] == row["extra"]
    assert details["dPerfect"] == row["dPerfect"]
    assert details["dAvg"] == pytest.approx(row["dAvg"], abs=5.1e-5)
    assert details["dFlex"] == row["dFlex"]
    # Presence counts the pieces entering the base too (the seed doc), V1 did not.
    assert details["dPresence"] == row["dPresence"] + details["pieces"]
    expected_flag = mirrored_player_flags()[row["area"]] if position["name"] == "init-A/O" else row["penalty"]
    assert details["penalty"] == expected_flag
    warnings = {"": (), "WX": (EXTRA_MOVE_WARNING,), "WS": (SCORING_WARNING,)}
    assert records[row["area"]].warnings == warnings[expected_flag]


def golden_position(name: str) -> dict:
    return next(position for position in GOLDEN["positions"] if position["name"] == name)


def mirrored_player_flags() -> dict[int, str]:
    """The Player's golden threat flags in init-A/P, moved to the mirrored areas."""
    return {MIRROR[row[0]]: dict(zip(COLUMNS, row))["penalty"] for row in golden_position("init-A/P")["moves"]}


def test_mirror_swaps_the_sides_paths_and_areas():
    assert PATHS[OPPONENT] == tuple(MIRROR[stop] for stop in PATHS[PLAYER])
    assert OWN_AREAS[OPPONENT] == tuple(MIRROR[area] for area in OWN_AREAS[PLAYER])
    assert BASES[OPPONENT] == MIRROR[BASES[PLAYER]] and sorted(MIRROR[a] for a in SHARED_AREAS) == list(SHARED_AREAS)
    for table in (FIRST_MOVER_VALUES, SECOND_MOVER_VALUES):
        assert all(table[kind] == table[kind.translate(EQUAL_VALUED)] for kind in table)


def test_mirror_maps_pattern_a_onto_itself():
    """Pattern A mirrored (areas and the equal-valued kinds swapped) is pattern A again, so the
    init-A/O position is init-A/P with the sides' roles exchanged."""
    board = golden_position("init-A/O")["board"]
    assert board == golden_position("init-A/P")["board"]
    assert tuple(board[str(area)] for area in range(1, 9)) == PATTERNS["A"]
    for area in range(1, 9):
        assert board[str(MIRROR[area])] == board[str(area)].translate(EQUAL_VALUED)


def test_mirror_gives_the_opponent_the_players_threat_flags():
    """The Opponent's flags in init-A/O are the Player's flags in init-A/P mapped through the mirror."""
    expected = mirrored_player_flags()
    state = golden_state(golden_position("init-A/O"))
    assert {record.move: record.details["penalty"] for record in analyze(state)} == expected
    # The golden (V1) flags differ: V1 did not mirror the rule.
    v1 = {row[0]: dict(zip(COLUMNS, row))["penalty"] for row in golden_position("init-A/O")["moves"]}
    assert v1 != expected


def test_golden_measures_before_the_move():
    from game.mandragora.analysis import side_stats

    for position in GOLDEN["positions"]:
        state = golden_state(position)
        stats = side_stats(state.board, state.turn)
        before = position["before"]
        assert (stats.presence, stats.perfect, stats.flex) == (before["presence"], before["perfect"], before["flex"])
        assert stats.avg == pytest.approx(before["avg"], abs=5.1e-5)


def test_s1_by_hand():
    (record,) = analyze(parse_position("5:M"))
    # 10 + 90 + 5·0 (one piece leaves area 5, one enters the base) − 20 − 20 − 3 = 57;
    # the game then ends (extra turn, no area), so there is no look-ahead.
    assert record.score == record.value == pytest.approx(57)
    assert record.notation == "P5" and record.warnings == ()
    assert list(record.factors) == [
        "points", "extra turn", "presence", "perfect moves", "average value", "flexibility", "threat", "look-ahead",
    ]
    assert record.factors["points"] == 10 and record.factors["extra turn"] == 90 and record.factors["look-ahead"] == 0
    assert record_text(record) == "Area 5: gains 1 point, ★ EXTRA TURN - last piece lands in base"


@pytest.mark.slow
def test_scores_warnings_and_factors_are_consistent():
    rng = random.Random(7)
    for _ in range(40):
        state = MandragoraState.start(rng.choice(sorted(PATTERNS)), rng.choice([0, 1]))
        while not RULES.is_over(state):
            records = analyze(state)
            assert sorted(r.move for r in records) == RULES.legal_moves(state)
            # Ranked by the total alone (equal totals: the lower area first), diff measured on it.
            assert [(-r.value, r.move) for r in records] == sorted((-r.value, r.move) for r in records)
            assert [r.rank for r in records] == list(range(1, len(records) + 1))
            for r in records:
                assert r.diff == r.value - records[0].value <= 0
                assert -100 <= r.score <= 100 and r.score_diff == r.score - records[0].score
                assert r.value == pytest.approx(sum(r.factors.values()))
                assert r.notation == RULES.notation(state, r.move)
                assert len(r.warnings) <= 1
                if r.warnings:
                    penalty = {EXTRA_MOVE_WARNING: -100, SCORING_WARNING: -80}[r.warnings[0]]
                    assert r.score <= 0 and r.factors["threat"] == penalty
                    assert record_text(r).endswith(" | " + r.warnings[0])
                else:
                    assert r.score >= 0 and r.factors["threat"] == 0
                extra = RULES.apply(state, r.move).turn == state.turn
                assert r.factors["look-ahead"] == pytest.approx((1 if extra else -1) * DISCOUNT * r.details["future"])
            state = RULES.apply(state, rng.choice(RULES.legal_moves(state)))


def test_a_scoring_warning():
    # Nine pieces from 1 pass area 2 twice: the Opponent's 2 (two stops from base 9) goes
    # from one piece (no score) to three (scores, but does not end in the base), and no
    # other Opponent area gets a move ending in its base.
    record = analyze_move(parse_position("1:MMMMMMMMM,2:M"), 1)
    assert record.details["penalty"] == "WS" and record.warnings == (SCORING_WARNING,)
    assert record.factors["threat"] == -80


def test_look_ahead_depth():
    state = RULES.initial_state()
    shallow = analyze_move(state, 4, depth=0)
    assert shallow.factors["look-ahead"] == 0 and shallow.value == pytest.approx(sum(
        v for k, v in shallow.factors.items() if k != "look-ahead"))
    deep = analyze_move(state, 4)
    assert deep.details["future"] == pytest.approx(_plain_best(RULES.apply(state, 4), 1, 3))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_alpha_beta_equals_the_full_search(seed):
    rng = random.Random(seed)
    state = MandragoraState.start(rng.choice(sorted(PATTERNS)), rng.choice([0, 1]))
    for _ in range(rng.randrange(40)):
        if RULES.is_over(state):
            break
        state = RULES.apply(state, rng.choice(RULES.legal_moves(state)))
    if not RULES.is_over(state):
        assert _best(state, 0, 3, -inf, inf) == pytest.approx(_plain_best(state, 0, 3), abs=1e-9)


def test_nothing_to_analyse_at_chance_nodes_or_the_end():
    assert analyze(RULES.initial_state({"pattern": "random"})) == []
    assert analyze(parse_position("7:M;turn=player")) == []
