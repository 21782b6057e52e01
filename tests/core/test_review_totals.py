"""Review totals (game/core/review/totals.py) on hand-built decisions, GNU Backgammon's rating
words at their thresholds, backgammon's cube errors and results, and a review stopped half
way that the next one resumes (game/core/review/run.py)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from game.backgammon.analysis.review import RATINGS, REVIEW, cube_error, game_result
from game.core.review.run import (
    ReviewCancelled,
    cache_key,
    cache_path,
    cached_review,
    read_cache,
    read_cache_entry,
    review,
)
from game.core.review.plain import PlainReview, review_marks
from game.core.review.report import Decision, Report
from game.core.match import replay
from game.core.review.totals import rating, table_rows, totals
from game.core.saves import examples_dir
from game.games import get_game, reviewed_record

BG = get_game("backgammon")
FAST = {"level": "intermediate"}


def decision(player, kind="chequer", played="13/7", best="24/18", lost=0.0, mark=None, luck=None, rated=True, ply=0):
    return Decision(player=player, kind=kind, position_id="4HPwATDgc/ABMA", match_id="cAkAAAAAAAAA", dice=None,
                    played=played, best=best, equity_lost=lost, mark=mark, luck=luck, win_chance=0.5, score=0.0,
                    rated=rated, match_win_chance=None, ply=ply)


A, B = "anna", "bert"
DECISIONS = [
    decision(A, lost=0.05, mark="doubtful", luck=0.3),
    decision(A, lost=0.2, mark="very bad", luck=-0.1),
    decision(A, played="24/18", lost=0.0, luck=0.05),
    decision(A, "cube", "Roll", "Doubles => 2", 0.09, "bad"),  # missed double
    decision(A, "cube", "Roll", "Roll", 0.0, rated=False),  # no double, not close: not rated
    decision(A, "cube", "Takes", "Drops", 0.01),  # wrong take, below the marks
    decision(B, "cube", "Doubles => 2", "Roll", 0.17, "very bad"),  # wrong double
    decision(B, "cube", "Drops", "Takes", 0.3, "very bad"),  # wrong pass
    decision(B, "cube", "Takes", "Beavers => 4", 0.05, "doubtful"),  # an error of none of the four kinds
    decision(B, lost=0.0, luck=-0.4),
]


def test_totals_count_marks_and_cube_errors_by_kind():
    found = totals(REVIEW, [A, B], DECISIONS, result=(1, -1), forced_luck={B: 0.1}, gained=(2.0, -2.0))
    a, b = found[A], found[B]
    assert (a["decisions"], a["rated"], b["decisions"], b["rated"]) == (6, 5, 4, 4)
    assert (a["chequer_doubtful"], a["chequer_bad"], a["chequer_very_bad"]) == (1, 0, 1)
    assert (a["cube_doubtful"], a["cube_bad"], a["cube_very_bad"]) == (0, 1, 0)
    assert (b["cube_doubtful"], b["cube_very_bad"], b["chequer_very_bad"]) == (1, 2, 0)
    assert (a["missed_double"], a["wrong_double"], a["wrong_take"], a["wrong_pass"]) == (1, 0, 1, 0)
    assert (b["missed_double"], b["wrong_double"], b["wrong_take"], b["wrong_pass"]) == (0, 1, 0, 1)
    assert a["missed_double_lost"] == pytest.approx(0.09) and b["wrong_pass_lost"] == pytest.approx(0.3)
    assert a["total"] == pytest.approx(0.35) and a["average"] == pytest.approx(0.35 / 5)
    assert a["error_rate"] == pytest.approx(70.0) and a["rating"] == "Awful!"
    assert b["error_rate"] == pytest.approx(130.0)
    assert a["luck"] == pytest.approx(0.25) and b["luck"] == pytest.approx(-0.3)  # B's forced turn counted
    assert a["luck_adjusted"] == pytest.approx(0.75)  # the result minus the own luck, as before
    # the luck-adjusted result: each roll's luck off the roller's result and onto the other's
    assert a["result_luck"] == pytest.approx(0.55) and a["result_luck_adjusted"] == pytest.approx(1.45)
    assert b["result_luck_adjusted"] == pytest.approx(-1.45)
    unfinished = totals(REVIEW, [A, B], DECISIONS)
    assert unfinished[A]["result"] is unfinished[A]["result_luck_adjusted"] is unfinished[A]["luck_adjusted"] is None


def test_a_game_without_a_cube_or_ratings_has_none_of_their_keys():
    plain = PlainReview(get_game("mandragora"))
    found = totals(plain, [A, B], [decision(A, "move", lost=3.0, mark="bad"), decision(B, "move")])
    assert "missed_double" not in found[A] and found[A]["rating"] is None and found[A]["luck"] is None
    assert found[A]["move_bad"] == 1
    rows = dict(table_rows(plain, [A, B], found, str))
    assert "Average lost" in rows and "Error rate" not in rows and "Luck" not in rows and "Wrong takes" not in rows


@pytest.mark.parametrize("average, word", [
    (0.0, "Supernatural"), (0.00199, "Supernatural"), (0.002, "World class"), (0.00499, "World class"),
    (0.005, "Expert"), (0.008, "Advanced"), (0.0119, "Advanced"), (0.012, "Intermediate"),
    (0.018, "Casual player"), (0.026, "Beginner"), (0.0349, "Beginner"), (0.035, "Awful!"), (2.0, "Awful!")])
def test_rating_words_change_exactly_at_gnu_backgammons_thresholds(average, word):
    assert rating(average, RATINGS) == word
    assert rating(average, None) is None


def test_cube_errors_by_kind_follow_the_play_and_the_best():
    assert cube_error(decision(A, "cube", "Roll", "Doubles => 4", 0.1)) == "missed double"
    assert cube_error(decision(A, "cube", "Doubles => 4", "Roll", 0.1)) == "wrong double"
    assert cube_error(decision(A, "cube", "Beavers => 4", "Drops", 0.1)) == "wrong take"
    assert cube_error(decision(A, "cube", "Drops", "Beavers => 4", 0.1)) == "wrong pass"
    assert cube_error(decision(A, "cube", "Roll", "Doubles => 4", 0.0)) is None  # lost nothing
    assert cube_error(decision(A, "chequer", "13/7", "24/18", 0.3)) is None


def test_a_match_result_is_the_match_winning_chance_gained():
    record = reviewed_record(Path(__file__).parents[1] / "data" / "matches" / "3pt-a.mat")
    rules = BG.rules()
    states = replay(rules, record.options, record.actions)
    games = {}
    for state in states:
        games.setdefault(REVIEW.game_number(state), []).append(state)
    results = [game_result(mine[0], mine[-1]) for mine in games.values()]
    assert all(r is not None and r[0] == pytest.approx(-r[1]) for r in results)
    assert sum(r[0] for r in results) == pytest.approx(0.5)  # lasse won the match from 0-0: 50% to 100%
    assert game_result(states[0], states[5]) is None  # the first game is not over yet


def test_a_review_stopped_half_way_is_resumed_and_ends_as_an_uninterrupted_one(tmp_path, midgame):
    whole = review(BG, midgame, FAST)
    save = tmp_path / "game.json"
    shutil.copy(examples_dir() / "human-vs-hard-midgame.json", save)
    seen = []
    with pytest.raises(ReviewCancelled) as stopped:
        cached_review(BG, midgame, save, FAST, decided=seen.append, cancelled=lambda: len(seen) >= 5)
    assert stopped.value.done == 5 and len(stopped.value.report.decisions) == 5
    key = cache_key(midgame, FAST, review_marks(BG))
    assert read_cache(save, key) is None  # a partial entry is never a report
    partial, complete = read_cache_entry(save, key)
    assert not complete and partial.decisions == whole.decisions[:5]
    assert partial.totals[partial.players[0]]["result"] is None
    again = []
    report, from_cache = cached_review(BG, midgame, save, FAST, decided=again.append)
    assert not from_cache and len(again) == len(whole.decisions) - 5  # only the rest analysed
    assert again == whole.decisions[5:] and report == whole
    assert read_cache(save, key) == whole


def test_a_partial_entry_edited_to_say_complete_is_not_trusted(tmp_path, midgame):
    save = tmp_path / "game.json"
    shutil.copy(examples_dir() / "human-vs-hard-midgame.json", save)
    seen = []
    with pytest.raises(ReviewCancelled):
        cached_review(BG, midgame, save, FAST, decided=seen.append, cancelled=lambda: len(seen) >= 2)
    data = json.loads(cache_path(save).read_text())
    assert data["complete"] is False
    data["complete"] = True
    cache_path(save).write_text(json.dumps(data))
    key = cache_key(midgame, FAST, review_marks(BG))
    assert read_cache_entry(save, key) is None and read_cache(save, key) is None


def test_ctrl_c_during_a_decision_keeps_the_finished_ones(tmp_path, midgame, monkeypatch):
    import game.core.review.run as core

    real, calls = core._decision, []

    def interrupted(*args, **kwargs):
        calls.append(1)
        if len(calls) == 4:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(core, "_decision", interrupted)
    save = tmp_path / "game.json"
    shutil.copy(examples_dir() / "human-vs-hard-midgame.json", save)
    with pytest.raises(ReviewCancelled) as stopped:
        cached_review(BG, midgame, save, FAST)
    assert stopped.value.done == 3
    entry = read_cache_entry(save, cache_key(midgame, FAST, review_marks(BG)))
    assert entry is not None and not entry[1] and len(entry[0].decisions) == 3


def test_each_game_has_its_totals_in_the_json_and_they_round_trip(midgame):
    report = review(BG, midgame, FAST)
    data = report.as_json()
    assert set(data) == {"players", "games", "totals"}  # keys only added, inside
    assert data["games"][0]["totals"] == report.totals_of(1)
    for player, t in report.totals_of(1).items():  # one game: its totals are the record's, less the old key
        assert {k: v for k, v in t.items() if k != "luck_adjusted"} == {
            k: v for k, v in report.totals[player].items() if k != "luck_adjusted"}
    assert Report.from_json(json.loads(json.dumps(data))) == report
    data["games"][0]["totals"]["human"]["rating"] = ["not", "a", "word"]
    with pytest.raises(ValueError, match="totals are damaged"):
        Report.from_json(data)
