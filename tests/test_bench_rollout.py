"""The rollout benches' own logic (``bench.lib.rollout_common``, ``bench.lib.rollout_positions``,
``bench.agreement.rollout``): reading the rollout command's JSON
(a recorded sample of the issue's contract), matching plays however they are written, the
agreement figures, and the seeded choice of match decisions.  Nothing here runs a rollout
or imports Open Sage; the speed and agreement targets are measured in bench/."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "tests" / "data" / "rollout" / "sample_rollout.json"


@pytest.fixture
def bench():
    from bench.agreement import rollout as rollout_agreement
    from bench.lib import rollout_common, rollout_positions

    return rollout_common, rollout_agreement, rollout_positions


def test_the_sample_of_the_contract_parses_and_a_missing_key_is_named(bench):
    common, _, _ = bench
    data = common.parse_rollout_json(SAMPLE.read_text())
    assert [c["move"] for c in data["candidates"]] == ["8/5 6/5", "24/23 13/10"]
    assert data["candidates"][0]["seconds"] == 41.2  # keys beyond the contract are kept
    broken = json.loads(SAMPLE.read_text())
    del broken["candidates"][1]["equity_se"]
    with pytest.raises(ValueError, match="'24/23 13/10' lacks equity_se"):
        common.parse_rollout_json(json.dumps(broken))
    del broken["trials"]
    with pytest.raises(ValueError, match="lacks trials"):
        common.parse_rollout_json(json.dumps(broken))


def test_plays_are_matched_by_the_position_they_reach(bench):
    common, _, _ = bench
    data = common.parse_rollout_json(SAMPLE.read_text())
    state = common.decision(data["position"], data["dice"])
    theirs = [{"move": "13/10 24/23", "equity": 0.0}, {"move": "6/5 8/5", "equity": 0.1}]
    pairs = common.matched(state, data["candidates"], theirs)
    assert [(ours["move"], row["move"]) for ours, row in pairs] == [("24/23 13/10", "13/10 24/23"),
                                                                    ("8/5 6/5", "6/5 8/5")]
    with pytest.raises(ValueError, match="no row for 24/20"):
        common.matched(state, data["candidates"], [{"move": "24/20", "equity": 0.0}])
    # Open Sage's board after 8/5 6/5, from the mover's side: two checkers made the 5 point.
    board = common.sage_post_board(state, "8/5 6/5")
    assert board[5] == 2 and board[6] == 4 and board[8] == 2 and board[24] == 2 and board[1] == -2
    assert sum(c for c in board if c > 0) == 15 and sum(c for c in board if c < 0) == -15


def test_a_missing_command_is_said_as_such(bench, monkeypatch):
    common, _, _ = bench
    monkeypatch.setattr(common, "COMMAND", [sys.executable, "-m", "game", "no-such-rollout", "backgammon"])
    with pytest.raises(common.CommandMissing, match="no-such-rollout backgammon` does not exist"):
        common.our_rollout("4HPwATDgc/ABMA", "31", ["8/5 6/5"], 36)
    assert not common.command_exists()


def test_the_agreement_figures(bench):
    _, agreement, _ = bench
    rows = [  # Open Sage's gap 0.10: a clear best, which we share; equities off by 0.01 and 0.06
        {"rollouts": [{"move": "a", "equity": 0.30}, {"move": "b", "equity": 0.20}], "ours": {"a": 0.31, "b": 0.26}},
        # gap 0.02: not clear; we prefer the other play, which is not counted against us
        {"rollouts": [{"move": "c", "equity": 0.02}, {"move": "d", "equity": 0.00}], "ours": {"c": 0.0, "d": 0.01}},
        # gap 0.08: clear, and we pick the other play
        {"rollouts": [{"move": "e", "equity": -0.1}, {"move": "f", "equity": -0.18}], "ours": {"e": -0.2, "f": -0.15}},
    ]
    figures = agreement.agreement(rows)
    assert (figures["clear"], figures["same_best"]) == (2, 1)
    assert (figures["equities"], figures["within"]) == (6, 4)
    assert figures["max_diff"] == pytest.approx(0.10)


def test_the_match_decisions_are_drawn_by_seed_and_are_real_choices(bench):
    _, _, positions = bench
    first, again, other = positions.decision_order(36), positions.decision_order(36), positions.decision_order(7)
    assert first == again and first != other

    def games(decisions):
        return [d.source.rsplit(" half-turn", 1)[0] for d in decisions]

    assert len(first) > 30 and len(set(games(first))) == len(first)  # one decision a game
    assert sorted(games(first)) == sorted(games(other))  # the same games, drawn in another order
    rules = positions.RULES
    for found in first[:12]:
        state = positions.BackgammonState.from_board(*_sides(found.position), 0, (int(found.dice[0]), int(found.dice[1])))
        assert positions.in_contact(state)
        assert len({after.sides for _, after in rules.successors(state)}) >= positions.MIN_PLAYS
        rules.parse_play(state, found.played)  # the play made is legal there


def _sides(position_id: str):
    from game.backgammon import formats

    return formats.parse_position_id(position_id)


def test_decisions_sort_into_close_and_clear_and_stored_rollouts_are_found_again(bench):
    _, agreement, _ = bench
    assert agreement.kind([{"equity": 0.30}, {"equity": 0.26}]) == "close"
    assert agreement.kind([{"equity": 0.30}, {"equity": 0.20}]) == "clear"
    assert agreement.kind([{"equity": 0.30}, {"equity": -0.05}]) is None  # no real alternative
    stored = {"config": {"trials": 1296, "seed": 36}, "open_sage": {"version": "2.0"},
              "positions": [{"position": "P", "dice": "31", "rollouts": [{"move": "8/5 6/5", "equity": 0.14}]}]}
    found = agreement.reusable(stored)
    assert found[("P", "31", "8/5 6/5", 1296, 36, "2.0")]["equity"] == 0.14
    assert ("P", "31", "8/5 6/5", 648, 36, "2.0") not in found  # other trials: rolled out again


def test_compare_reads_our_json_beside_the_stored_rollouts(bench, monkeypatch, tmp_path, capsys):
    common, agreement, _ = bench
    stored = {"open_sage": {"version": "2.0"}, "config": {"trials": 1296, "seed": 36}, "complete": True,
              "positions": [{"source": "opening", "position": "4HPwATDgc/ABMA", "dice": "31", "kind": "clear",
                             "candidates": [{"move": "6/5 8/5"}, {"move": "13/10 24/23"}],
                             "rollouts": [{"move": "6/5 8/5", "equity": 0.150, "equity_se": 0.005},
                                          {"move": "13/10 24/23", "equity": 0.010, "equity_se": 0.005}]}]}
    path = tmp_path / "reference.json"
    path.write_text(json.dumps(stored))
    asked = []

    def fake(position, dice, moves, trials, seed, workers, extra=()):
        asked.append((position, dice, moves, trials, extra))
        return common.parse_rollout_json(SAMPLE.read_text()), 1.0

    monkeypatch.setattr(agreement, "our_rollout", fake)
    assert agreement.main(["--out", str(path)]) == 0
    assert asked == [("4HPwATDgc/ABMA", "31", ["6/5 8/5", "13/10 24/23"], 1296, ("--no-early-stop",))]
    out = capsys.readouterr().out
    assert "same best play where Open Sage's gap is over 0.05: 1 of 1" in out
    # the sample's 0.1372 and -0.0032 against 0.150 and 0.010: both within 0.05
    assert "equities within 0.05: 2 of 2 (mean difference 0.0130, largest 0.0132)" in out
