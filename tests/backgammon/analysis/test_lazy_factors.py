"""Backgammon's analysis explains only the records read: none until one is, then that one."""

from __future__ import annotations

import pickle
import threading

import pytest

from game.backgammon.analysis.ai import analyze_position
from game.backgammon.analysis.factors import PlayExplainer
from game.backgammon.board import make_side
from game.backgammon.state import BackgammonState
from game.core.factors import LazyFactors, explain
from game.core.jobs.tasks import run_analysis

OPENING = {6: 5, 8: 3, 13: 5, 24: 2}
STATE = BackgammonState.from_board(make_side(OPENING), make_side(OPENING), 0, (3, 1))


@pytest.fixture
def calls(monkeypatch):
    """The keys of each call of the play explainer, in order."""
    made: list[list[int]] = []
    real = PlayExplainer.explain

    def counted(self, keys):
        made.append(list(keys))
        return real(self, keys)

    monkeypatch.setattr(PlayExplainer, "explain", counted)
    return made


def test_a_zero_ply_analysis_explains_no_play_until_one_is_read_then_that_one(calls):
    records = analyze_position(STATE, "intermediate")
    assert len(records) == 16 and calls == []
    assert all(isinstance(r.factors, LazyFactors) and not r.factors.computed for r in records)
    chosen = records[5].factors
    assert sum(chosen.values()) == pytest.approx(records[5].value, abs=1e-6)  # they add up to the 0-ply value
    assert calls == [[5]]
    dict(chosen), list(records[5].factors)
    assert calls == [[5]]  # kept, not computed again
    explain([records[0], records[5], records[1]])
    assert calls == [[5], [0, 1]]  # the two still missing, in one batch
    assert [r.factors.computed for r in records].count(True) == 3


def test_lazy_factors_are_the_batch_ones_and_travel_with_the_records(calls):
    eager = analyze_position(STATE, "intermediate")
    explain(eager)  # every play in one batch, as the analysis did before
    assert calls == [list(range(16))]
    lazy = pickle.loads(pickle.dumps(analyze_position(STATE, "intermediate")))
    for old, new in zip(eager, lazy):
        assert list(new.factors) == list(old.factors)
        # the same to float32's precision: the network's last bits vary with the batch
        assert all(new.factors[n] == pytest.approx(v, abs=1e-4) for n, v in old.factors.items())
    assert analyze_position(STATE, "intermediate")[0] == lazy[0]  # records compare by their factors' values
    sent = pickle.loads(pickle.dumps(lazy))
    assert sent[0].factors.computed and dict(sent[0].factors) == dict(lazy[0].factors)


def test_the_analysis_job_explains_only_the_rows_asked(calls):
    records = run_analysis(analyze_position, STATE, {"level": "intermediate"}, False, 2, cancel=threading.Event())
    assert calls == [[0, 1]]
    assert [r.factors.computed for r in records] == [True, True] + [False] * 14


def test_brief_records_have_no_factors_to_compute(calls):
    records = analyze_position(STATE, "intermediate", brief=True)
    assert all(r.factors == {} and not isinstance(r.factors, LazyFactors) for r in records)
    assert calls == []


def test_a_play_ending_the_game_is_explained_by_its_result(calls):
    state = BackgammonState.from_board(make_side({1: 1}), make_side({12: 15}), 0, (6, 5))
    records = analyze_position(state, "intermediate")
    assert dict(records[0].factors) == {"wins a gammon": 2.0}
    assert calls == [[0]]
