"""The review's alternatives and cube figures (``alternatives`` and ``cube`` of each decision)."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace

import pytest

from game.backgammon.cube.decision import CubeVerdict
from game.core.match import play_game, replay
from game.core.review.run import ALTERNATIVES, cache_path, cached_review, report_checksum, review
from game.core.review.report import Report
from game.core.saves import examples_dir
from game.games import get_game
from tests.review_stubs import ReviewWithoutLuck
from game.core.capabilities import Review

BG = get_game("backgammon")
QUICK = replace(BG, abilities={**BG.abilities, Review: ReviewWithoutLuck})
FAST = {"level": "intermediate"}
PROPER = {v.words(redouble) for v in CubeVerdict for redouble in (False, True)}
"""Every proper action in GNU Backgammon's words."""
CHANCES = ["win", "win_gammon", "win_backgammon", "lose_gammon", "lose_backgammon"]


@pytest.fixture(scope="module")
def midgame_report(midgame):
    return review(QUICK, midgame, FAST).as_json()


@pytest.fixture(scope="module")
def match():
    """A 3-point match of two games with a double, a take, no doubles and a drop."""
    players = [BG.players.player("intermediate", seed) for seed in (0, 1)]
    record, _ = play_game(BG.rules(), players, BG.new_game_options({"match_length": "3"}), seed=4, max_plies=60)
    return record, review(QUICK, record, FAST).as_json()


def decisions(report):
    return [d for game in report["games"] for d in game["decisions"]]


def check_alternatives(d, chances=CHANCES):
    alternatives = d["alternatives"]
    assert 2 <= len(alternatives) <= ALTERNATIVES + 1
    assert alternatives[0]["move"] == d["best"] and alternatives[0]["diff"] == 0 and alternatives[0]["rank"] == 1
    ranks = [a["rank"] for a in alternatives]
    assert ranks == sorted(ranks) and ranks[:min(len(ranks), ALTERNATIVES)] == list(range(1, min(len(ranks), ALTERNATIVES) + 1))
    order = [(a["plies"], a["diff"]) for a in alternatives]  # deeper first, then best first
    assert order[:ALTERNATIVES] == sorted(order[:ALTERNATIVES], reverse=True) and all(x <= 0 for _, x in order)
    for a in alternatives:
        assert list(a) == ["move", "equity", "diff", "rank", "played", "plies"] + chances
        assert a["equity"] == pytest.approx(alternatives[0]["equity"] + a["diff"], abs=2e-6)
    played = [a for a in alternatives if a["played"]]
    assert len(played) == 1 and played[0]["diff"] == pytest.approx(-d["equity_lost"], abs=2e-6)
    return played[0]


def test_every_chequer_play_lists_the_best_five_and_the_play_made(midgame, midgame_report):
    rules = BG.rules()
    states = replay(rules, midgame.options, midgame.actions)
    found = decisions(midgame_report)
    for d in found:
        played = check_alternatives(d)
        assert d["cube"] is None
        legal = len(rules.legal_moves(states[d["ply"]]))
        assert len(d["alternatives"]) == min(legal, ALTERNATIVES) + (played["rank"] > ALTERNATIVES)
        if played["rank"] > ALTERNATIVES:
            assert d["alternatives"][-1] is played
        if d["played"] == d["best"]:
            assert played is d["alternatives"][0]
        for a in d["alternatives"]:
            assert all(0 <= a[key] <= 1 for key in CHANCES) and a["win_gammon"] >= a["win_backgammon"]
    assert any(d["mark"] and not d["alternatives"][0]["played"] for d in found)
    assert any(len(d["alternatives"]) == ALTERNATIVES for d in found)


def test_the_alternatives_are_the_analysis_records_in_the_reviews_units(midgame, midgame_report):
    rules = BG.rules()
    states = replay(rules, midgame.options, midgame.actions)
    d = max(decisions(midgame_report), key=lambda d: d["equity_lost"])
    records = BG.move_analysis().analyze(states[d["ply"]], **FAST, include=rules.parse(states[d["ply"]], midgame.actions[d["ply"]]))
    for a in d["alternatives"]:
        record = records[a["rank"] - 1]
        assert a["move"] == record.notation and a["equity"] == pytest.approx(record.value, abs=1e-6)  # cubeless
        assert a["win"] == pytest.approx(record.details["win"], abs=1e-6)


@pytest.mark.slow
def test_cube_decisions_carry_nd_dt_dp_and_the_proper_action_in_emg_and_mwc(match):
    _, report = match
    found = decisions(report)
    cube = [d for d in found if d["kind"] == "cube"]
    assert {d["played"] for d in cube} >= {"Roll", "Doubles => 2", "Takes", "Drops"}
    for d in found:
        check_alternatives(d)
        if d["kind"] == "chequer":
            assert d["cube"] is None
    for d in cube:
        c = d["cube"]
        assert list(c) == ["nd", "dt", "dp", "proper", "nd_mwc", "dt_mwc", "dp_mwc"]
        assert c["proper"] in PROPER
        assert all(0 <= c[key] <= 1 for key in ("nd_mwc", "dt_mwc", "dp_mwc"))
        by_move = {a["move"]: a["equity"] for a in d["alternatives"]}
        if d["played"] in ("Takes", "Drops"):  # the taker's view: take is -DT, pass -DP
            assert by_move["Takes"] == pytest.approx(c["dt"], abs=1e-6)
            assert by_move["Drops"] == pytest.approx(c["dp"], abs=1e-6)
            assert c["dp"] == pytest.approx(-1.0, abs=1e-6)  # a pass loses the cube's value
        else:  # the doubler's: no double is ND, a double min(DT, DP)
            assert by_move[next(m for m in by_move if m.startswith("No"))] == pytest.approx(c["nd"], abs=1e-6)
            assert by_move[next(m for m in by_move if m.startswith("Doubles"))] == pytest.approx(min(c["dt"], c["dp"]), abs=1e-6)
            assert c["dp"] == pytest.approx(1.0, abs=1e-6)
        doubles = c["proper"].startswith(("Double", "Redouble"))
        if d["played"] == "Roll":
            assert (d["equity_lost"] > 0) == (doubles and c["dt"] > c["nd"] + 1e-6)


def test_chequer_plays_in_a_match_are_valued_in_emg(match):
    """``equity`` of a play is GNU's EMG, ``(V + 1 − (W + L)) / (W − L)`` of the search's
    ``V = 2·MWC − 1``: at 0–0 of a 3-point match the opening position is about even, 0 EMG."""
    from game.backgammon.analysis.review import ReviewedPosition
    from game.backgammon.cube.ai import centred_outcomes

    record, report = match
    rules = BG.rules()
    states = replay(rules, record.options, record.actions)
    first = next(d for d in decisions(report) if d["kind"] == "chequer")
    state = states[first["ply"]]
    best = BG.move_analysis().analyze(state, **FAST)[0]
    w, _, _, l, _, _ = centred_outcomes(state.cube, state.turn)
    assert first["alternatives"][0]["equity"] == pytest.approx((best.value + 1 - (w + l)) / (w - l), abs=1e-5)
    assert ReviewedPosition(state).equity(best.value) == pytest.approx(first["alternatives"][0]["equity"], abs=1e-5)
    assert abs(first["alternatives"][0]["equity"]) < 0.25


def test_a_money_game_with_the_cube_gives_equities_per_unit_of_cube_and_no_mwc():
    players = [BG.players.player("intermediate", seed) for seed in (0, 1)]
    record, _ = play_game(BG.rules(), players, BG.new_game_options({"cube": "on"}), seed=3, max_plies=40)
    found = decisions(review(QUICK, record, FAST).as_json())
    cube = [d for d in found if d["kind"] == "cube"]
    assert cube
    for d in found:
        check_alternatives(d)
    for d in cube:
        assert d["cube"]["proper"] in PROPER
        assert d["cube"]["nd_mwc"] is d["cube"]["dt_mwc"] is d["cube"]["dp_mwc"] is None


def test_a_mandragora_review_ranks_its_moves_by_the_analyzers_score():
    info = get_game("mandragora")
    players = [info.players.player("random", seed) for seed in (1, 2)]
    record, _ = play_game(info.rules(), players, info.new_game_options(), seed=5, max_plies=12)
    found = decisions(review(info, record).as_json())
    assert found
    for d in found:
        check_alternatives(d, chances=[])
        assert d["cube"] is None


def test_an_old_cache_without_the_new_keys_is_reviewed_afresh(tmp_path, midgame):
    save = tmp_path / "game.json"
    shutil.copy(examples_dir() / "human-vs-hard-midgame.json", save)
    first, _ = cached_review(QUICK, midgame, save, FAST)
    data = json.loads(cache_path(save).read_text())
    for d in data["report"]["games"][0]["decisions"]:
        del d["alternatives"], d["cube"]
    data["checksum"] = report_checksum(data["report"])  # an honest cache of before, same key
    cache_path(save).write_text(json.dumps(data))
    again, cached = cached_review(QUICK, midgame, save, FAST)
    assert not cached and again == first and again.decisions[0].alternatives
    assert cached_review(QUICK, midgame, save, FAST)[1]  # rewritten with them


@pytest.mark.parametrize("damage", ["rank", "chance", "played", "proper", "missing mwc"])
def test_damaged_alternatives_or_cube_figures_are_refused(match, damage):
    _, report = match
    broken = json.loads(json.dumps(report))
    d = next(d for d in decisions(broken) if d["kind"] == "cube")
    if damage == "rank":
        d["alternatives"][0]["rank"] = "1"
    elif damage == "chance":
        d["alternatives"][0]["win"] = "0.5"
    elif damage == "played":
        d["alternatives"][0]["played"] = 1
    elif damage == "proper":
        d["cube"]["proper"] = 3
    else:
        del d["cube"]["nd_mwc"]
    assert Report.from_json(json.loads(json.dumps(report))).as_json() == report
    with pytest.raises(ValueError, match="alternative|cube"):
        Report.from_json(broken)
