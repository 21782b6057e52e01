"""The game-agnostic review (game/core/review/run.py) on short backgammon and Mandragora games."""

from __future__ import annotations

import json
import shutil

import pytest

from game.core.match import play_game, replay
from game.core.protocol import CHANCE
from game.core.review.run import ReviewCancelled, cache_path, cached_review, mark
from game.core.review.run import review as review_record
from game.core.review.report import Decision, Report
from game.core.saves import examples_dir
from game.games import get_game

BG = get_game("backgammon")


def review(*args, **options):
    """The report as ``tabula review --json`` prints it (the shape these tests check)."""
    return review_record(*args, **options).as_json()

FIELDS = ["player", "kind", "position_id", "match_id", "dice", "played", "best", "equity_lost", "mark", "luck",
          "win_chance", "score", "rated", "match_win_chance", "ply", "alternatives", "cube", "settled"]  # keys only added
FAST = {"level": "intermediate"}  # 0 ply


@pytest.fixture(scope="module")
def midgame_report(midgame):
    return review(BG, midgame, FAST)


def decisions(report):
    return [d for game in report["games"] for d in game["decisions"]]


def test_every_unforced_decision_is_reviewed_with_the_exact_shape(midgame, midgame_report):
    rules = BG.rules()
    state, expected = rules.initial_state(midgame.options), []
    for text in midgame.actions:
        action = rules.parse(state, text)
        if rules.to_move(state) >= 0 and len(rules.legal_moves(state)) > 1:
            expected.append(text)
        state = rules.apply(state, action)
    found = decisions(midgame_report)
    assert [d["played"] for d in found] == expected
    assert set(midgame_report) == {"players", "games", "totals"}
    assert midgame_report["players"] == ["human", "hard"]
    assert [g["game"] for g in midgame_report["games"]] == [1]
    for d in found:
        assert list(d) == FIELDS
        assert d["kind"] == "chequer" and d["match_id"] and len(d["position_id"]) == 14
        assert len(d["dice"]) == 2 and d["dice"].isdigit()
        assert d["equity_lost"] >= 0
        if d["played"] == d["best"]:
            assert d["equity_lost"] == 0
        assert d["mark"] == mark(d["equity_lost"], (0.04, 0.08, 0.16))
    assert any(d["mark"] for d in found) and any(d["equity_lost"] == 0 for d in found)
    assert found[0]["dice"] == "43" and abs(found[0]["luck"]) < 0.1  # an average opening roll
    assert all(d["match_win_chance"] is None for d in found)  # not a match
    assert all(isinstance(d["luck"], float) for d in found)


def test_win_chance_and_score_are_the_best_records_from_the_first_players_view(midgame, midgame_report):
    rules = BG.rules()
    found = decisions(midgame_report)
    state, seen = rules.initial_state(midgame.options), 0
    for text in midgame.actions:
        action = rules.parse(state, text)
        if rules.to_move(state) >= 0 and len(rules.legal_moves(state)) > 1:
            d, mover = found[seen], rules.to_move(state)
            seen += 1
            if seen in (1, 2, 5):  # the first player's and the second's decisions
                best = BG.move_analysis().analyze(state, **FAST)[0]
                win, score = best.details["win"], best.score
                expected = (win, score) if mover == 0 else (1 - win, -score)
                assert (d["win_chance"], d["score"]) == pytest.approx(expected, abs=1e-3)
        state = rules.apply(state, action)
    assert {d["player"] for d in found[:2]} == {"human", "hard"}
    for d in found:
        assert 0 <= d["win_chance"] <= 1 and -100 <= d["score"] <= 100
        assert (d["score"] > 0) == (d["win_chance"] > 0.5) or abs(d["score"]) < 10


def test_marks_follow_the_thresholds():
    assert [mark(x) for x in (0.0, 0.039, 0.04, 0.08, 0.159, 0.16, 1)] == [
        None, None, "doubtful", "bad", "bad", "very bad", "very bad"]
    assert mark(0.05, (0.1, 0.2, 0.3)) is None


def test_totals_add_up(midgame_report):
    found = decisions(midgame_report)
    for player, t in midgame_report["totals"].items():
        mine = [d for d in found if d["player"] == player]
        assert t["decisions"] == len(mine)
        assert t["total"] == pytest.approx(sum(d["equity_lost"] for d in mine), abs=1e-5)
        assert t["chequer"] + t["cube"] == pytest.approx(t["total"], abs=1e-5)
        assert t["rated"] == sum(d["rated"] for d in mine) == len(mine)  # chequer plays all count
        assert t["error_rate"] == pytest.approx(1000 * t["total"] / len(mine), abs=1e-2)
        assert t["luck"] == pytest.approx(sum(d["luck"] or 0 for d in mine), abs=1e-5)
        assert t["luck_adjusted"] is None  # the game is not over


@pytest.mark.slow
def test_the_cache_answers_the_second_review_and_a_bad_cache_is_rewritten(tmp_path, midgame, monkeypatch):
    save = tmp_path / "game.json"
    shutil.copy(examples_dir() / "human-vs-hard-midgame.json", save)
    first, cached = cached_review(BG, midgame, save, FAST)
    assert not cached and cache_path(save).is_file()
    monkeypatch.setattr("game.core.review.run.review", lambda *a, **k: pytest.fail("analysed again"))
    again, cached = cached_review(BG, midgame, save, FAST)
    assert cached and again == first
    monkeypatch.undo()
    data = json.loads(cache_path(save).read_text())
    data["report"]["games"][0]["decisions"][0]["equity_lost"] = -1
    cache_path(save).write_text(json.dumps(data))
    fixed, cached = cached_review(BG, midgame, save, FAST)
    assert not cached and fixed == first
    _, cached = cached_review(BG, midgame, save, FAST, thresholds=(0.1, 0.2, 0.3))
    assert not cached  # other thresholds, another key


@pytest.mark.slow
@pytest.mark.parametrize("edit", ["a flipped digit", "a changed mark", "a changed total", "no checksum"])
def test_an_edited_cache_that_still_looks_right_is_reviewed_afresh(tmp_path, midgame, edit):
    save = tmp_path / "game.json"
    shutil.copy(examples_dir() / "human-vs-hard-midgame.json", save)
    first, _ = cached_review(BG, midgame, save, FAST)
    data = json.loads(cache_path(save).read_text())
    decision = max(data["report"]["games"][0]["decisions"], key=lambda d: d["equity_lost"])
    if edit == "a flipped digit":
        decision["equity_lost"] = float(str(decision["equity_lost"]).replace("0.0", "0.9", 1)) + 0.001
    elif edit == "a changed mark":
        decision["mark"] = None if decision["mark"] else "very bad"
    elif edit == "a changed total":
        data["report"]["totals"][data["report"]["players"][0]]["total"] += 1.0
    else:
        del data["checksum"]
    cache_path(save).write_text(json.dumps(data))
    again, cached = cached_review(BG, midgame, save, FAST)
    assert not cached and again == first  # the edit is never shown: the game is reviewed again


@pytest.mark.slow
def test_other_weights_or_another_version_never_show_an_old_review(tmp_path, midgame, monkeypatch):
    save = tmp_path / "game.json"
    shutil.copy(examples_dir() / "human-vs-hard-midgame.json", save)
    cached_review(BG, midgame, save, FAST)
    monkeypatch.setattr("game.core.review.cache.weights_fingerprint", lambda: "a-better-network")
    assert not cached_review(BG, midgame, save, FAST)[1]
    monkeypatch.setattr("game.core.review.cache.__version__", "99.0")
    assert not cached_review(BG, midgame, save, FAST)[1]
    assert cached_review(BG, midgame, save, FAST)[1]


def test_a_save_with_the_longest_name_is_reviewed_and_cached(tmp_path, midgame):
    save = tmp_path / ("x" * 250 + ".json")  # 255 bytes: "<name>.review" would be 262
    shutil.copy(examples_dir() / "human-vs-hard-midgame.json", save)
    report, cached = cached_review(BG, midgame, save, FAST)
    assert not cached and report.games
    path = cache_path(save)
    assert path.parent == tmp_path and path.is_file() and len(path.name) <= 255
    assert cached_review(BG, midgame, save, FAST) == (report, True)


@pytest.mark.slow
def test_a_match_splits_by_game_and_its_cube_decisions_are_kind_cube():
    players = [BG.players.player("intermediate", seed) for seed in (0, 1)]
    record, _ = play_game(BG.rules(), players, BG.new_game_options({"match_length": "3"}), seed=4, max_plies=60)
    report = review(BG, record, FAST)
    assert [g["game"] for g in report["games"]] == [1, 2]
    cube = [d for d in decisions(report) if d["kind"] == "cube"]
    assert cube and all(d["dice"] is None and d["played"] in ("Roll", "Doubles => 2", "Doubles => 4", "Takes", "Drops")
                        for d in cube)  # a double and a take in the second game
    assert all(d["match_id"] and d["equity_lost"] >= 0 for d in decisions(report))
    # the match winning chance, the first player's: a game lost by a drop at 0-0 of a 3-point match
    found = decisions(report)
    assert all(0 <= d["match_win_chance"] <= 1 for d in found)
    game1 = [d for d in found if d in report["games"][0]["decisions"]]
    dropper_first = game1[-1]["player"] == report["players"][0]  # the chance is the first player's
    assert game1[-1]["played"] == "Drops" and (game1[-1]["match_win_chance"] < 0.5) == dropper_first
    assert abs(found[0]["match_win_chance"] - 0.5) < 0.1  # the first play of the match
    # one measure for the graph: a match's score is the match chance's, cube decisions too
    from game.backgammon.analysis.scale import DISPLAY_SCALE
    from game.core.analysis import display_score
    for d in found:
        assert d["score"] == pytest.approx(display_score(2 * d["match_win_chance"] - 1, DISPLAY_SCALE), abs=0.01)
    # GNU's count: every chequer play, every double, take and pass, a no double only when close
    assert all(d["rated"] for d in decisions(report) if d["kind"] == "chequer" or d["played"] != "Roll")
    idle = [d for d in cube if not d["rated"]]
    assert idle and all(d["played"] == "Roll" for d in idle)
    for player, t in report["totals"].items():
        mine = [d for d in decisions(report) if d["player"] == player]
        assert t["decisions"] == len(mine) and t["rated"] == sum(d["rated"] for d in mine) < len(mine)
        assert t["error_rate"] == pytest.approx(1000 * t["total"] / t["rated"], abs=1e-2)


@pytest.mark.slow
def test_chequer_errors_in_a_match_are_in_emg():
    """``equity_lost`` of a chequer play in a match is the search's ``2·ΔMWC`` over ``W − L``."""
    from game.backgammon.analysis.review import emg_scale

    players = [BG.players.player("beginner", seed) for seed in (0, 1)]
    record, _ = play_game(BG.rules(), players, BG.new_game_options({"match_length": "5"}), seed=4, max_plies=40)
    report = review(BG, record, FAST)
    rules, state, found, checked = BG.rules(), BG.rules().initial_state(record.options), decisions(report), 0
    index = 0
    for text in record.actions:
        action = rules.parse(state, text)
        if rules.to_move(state) >= 0 and len(rules.legal_moves(state)) > 1:
            d, index = found[index], index + 1
            if d["kind"] == "chequer" and d["equity_lost"] > 0:
                played = next(r for r in BG.move_analysis().analyze(state, **FAST) if r.move == action)
                assert emg_scale(state) > 1.1  # a single game is worth less than the match
                assert d["equity_lost"] == pytest.approx(-played.diff * emg_scale(state), abs=1e-5)
                checked += 1
        state = rules.apply(state, action)
    assert checked >= 2


@pytest.mark.slow
def test_the_play_made_is_compared_with_the_best_at_the_reviews_depth(midgame):
    """As GNU Backgammon analyses the move made: at Advanced (1 ply, the best 8 plays within
    0.16 searched deeper) a play outside the filter still loses its 1-ply gap, not its 0-ply one."""
    from dataclasses import replace

    from game.backgammon.analysis.ai import Level, get_level, search, strongest_evaluator
    from game.backgammon.evaluators import get_evaluator

    short = replace(midgame, actions=midgame.actions[:24], result=None)
    report = review(BG, short, {"level": "advanced"})
    rules, state, found, index, outside = BG.rules(), BG.rules().initial_state(short.options), decisions(report), 0, 0
    evaluator = get_evaluator(strongest_evaluator())
    for text in short.actions:
        action = rules.parse(state, text)
        if rules.to_move(state) >= 0 and len(rules.legal_moves(state)) > 1:
            d, index = found[index], index + 1
            every_play = Level("wide", "Wide", "1 ply", plies=1, reply_shortlist=get_level("advanced").reply_shortlist)
            wide = {m.move: m.value for m in search(state, every_play, evaluator)}  # every play at Advanced's 1 ply
            best = rules.parse(state, d["best"])
            assert d["equity_lost"] == pytest.approx(max(0.0, wide[best] - wide[action]), abs=1e-5)
            filtered = {m.move: m.plies for m in search(state, get_level("advanced"), evaluator)}
            outside += filtered[action] == 0  # the filter alone would have left it at 0 ply
        state = rules.apply(state, action)
    assert index == len(found) and outside >= 1


def test_cancelling_stops_the_review(midgame):
    seen = []
    with pytest.raises(ReviewCancelled):
        review(BG, midgame, FAST, progress=lambda done, total: seen.append((done, total)),
               cancelled=lambda: len(seen) >= 2)
    assert seen == [(1, 16), (2, 16)]


def test_mandragora_review_has_the_same_shape(tmp_path):
    info = get_game("mandragora")
    players = [info.players.player("random", seed) for seed in (1, 2)]
    record, _ = play_game(info.rules(), players, info.new_game_options(), seed=5, max_plies=12)
    report = review(info, record)
    found = decisions(report)
    assert len(found) >= 10 and all(list(d) == FIELDS for d in found)
    assert all(d["kind"] == "move" and d["match_id"] is None and d["luck"] is None for d in found)
    assert all(d["win_chance"] is None and -100 <= d["score"] <= 100 for d in found)
    assert len({d["score"] for d in found}) > 1
    assert all(d["position_id"] == d["position_id"].strip() and d["equity_lost"] >= 0 for d in found)
    assert all(t["luck"] is None and set(t) >= {"move", "total", "error_rate"} for t in report["totals"].values())


def test_luck_is_measured_in_a_money_game_with_the_cube_and_in_a_match():
    players = [BG.players.player("intermediate", seed) for seed in (0, 1)]
    for options in ({"cube": "on"}, {"match_length": "3"}):
        record, _ = play_game(BG.rules(), players, BG.new_game_options(options), seed=3, max_plies=12)
        lucky = [d["luck"] for d in decisions(review(BG, record, FAST)) if d["kind"] == "chequer"]
        assert lucky and all(isinstance(x, float) for x in lucky)
        assert len({round(x, 3) for x in lucky}) > 1


def _dance_position(cube=None):
    """White on the bar against Black's five-point board: 66, 55, 44, 33 have no play."""
    from game.backgammon.board import make_side
    from game.backgammon.state import BackgammonState

    return BackgammonState.from_board(make_side({24: 1, 13: 5, 8: 3, 6: 5}, bar=1),
                                      make_side({2: 3, 3: 3, 4: 3, 5: 3, 6: 3}), 0, cube=cube)


@pytest.mark.parametrize("options", [{}, {"match_length": 5, "score": [1, 2]}, {"match_length": 3, "score": [2, 2], "crawford_done": True}])
def test_luck_averages_to_zero_with_rolls_that_have_no_play(options):
    from game.backgammon.cube.rules import cube_from_options
    from game.backgammon.analysis.review import luck

    rules = BG.rules()
    state = _dance_position(cube_from_options(options) if options else None)
    outcomes = rules.chance_outcomes(state)
    assert rules.to_move(state) < 0 and len(outcomes) == 21
    lucks = {roll: luck(state, rules.apply(state, roll)) for roll, _ in outcomes}
    assert sum(p * lucks[roll] for roll, p in outcomes) == pytest.approx(0, abs=1e-9)
    dance = lucks[rules.parse(state, "66")]
    assert dance < 0 and dance < lucks[rules.parse(state, "11")]  # dancing is bad luck


def test_match_luck_is_in_emg():
    """At double match point ``W − L = 1`` so EMG is ``2·MWC − 1`` itself; at 5-away 4-away
    (first to 5, score 0–1) a single game is worth less than the whole match, so the same
    roll's luck in EMG is larger than its ``2·ΔMWC``."""
    from game.backgammon.cube.rules import cube_from_options
    from game.backgammon.analysis.review import _value, emg_scale, luck

    rules = BG.rules()
    dmp = _dance_position(cube_from_options({"match_length": 3, "score": [2, 2], "crawford_done": True}))
    assert emg_scale(dmp) == pytest.approx(1.0)
    after = rules.apply(dmp, rules.parse(dmp, "66"))
    average = sum(p * _value(rules.apply(dmp, r), 0) for r, p in rules.chance_outcomes(dmp))
    assert luck(dmp, after) == pytest.approx(_value(after, 0) - average)
    early = _dance_position(cube_from_options({"match_length": 5, "score": [0, 1]}))
    assert emg_scale(early) > 1.5


def test_the_opening_roll_has_luck_for_the_player_it_makes_start():
    from game.backgammon.analysis.review import _value, luck

    rules = BG.rules()
    start = rules.initial_state({})
    outcomes = rules.chance_outcomes(start)
    assert len(outcomes) == 30
    after = {text: rules.apply(start, rules.parse(start, text)) for text in ("white 31", "black 31", "white 21")}
    assert luck(start, after["white 31"]) == pytest.approx(luck(start, after["black 31"]))
    assert luck(start, after["white 31"]) == pytest.approx(_value(after["white 31"], 0), abs=1e-6)  # the average is 0 (float32)
    # 31 makes the 5 point; 21 is among the weakest openings (about even by rollouts, +0.008
    # by net-full): far less lucky
    assert luck(start, after["white 31"]) > 0.1 + luck(start, after["white 21"])


def test_the_luck_of_a_roll_averages_to_zero_over_the_rolls():
    from game.backgammon.analysis.review import ROLLS, luck
    from game.backgammon.rules import with_dice

    rules = BG.rules()
    state = rules.initial_state({})
    for text in ("white 43", "13/6"):
        state = rules.apply(state, rules.parse(state, text))
    assert rules.to_move(state) < 0  # black's roll
    average = sum(p * luck(state, with_dice(state, roll)) for roll, p in ROLLS)
    assert average == pytest.approx(0, abs=1e-9)
    assert sum(p for _, p in ROLLS) == pytest.approx(1)


def test_review_units_normalise_chequer_errors_as_gnu_does():
    """Per unit of cube in money, EMG in a match, equity without the cube; cube records as they are."""
    from dataclasses import replace

    from game.backgammon.cube.rules import cube_from_options
    from game.backgammon.analysis.review import decision_kind, emg_scale, review_units

    rules = BG.rules()
    cubeless = rules.apply(_dance_position(), rules.parse(_dance_position(), "21"))
    assert review_units(cubeless) == 1.0
    money = _dance_position(replace(cube_from_options({"cube": "on"}), value=2))
    rolled = rules.apply(money, rules.parse(money, "21"))
    assert decision_kind(rolled) == "chequer" and review_units(rolled) == 0.5
    match = _dance_position(cube_from_options({"match_length": 5, "score": [0, 1]}))
    rolled = rules.apply(match, rules.parse(match, "21"))
    assert review_units(rolled) == pytest.approx(emg_scale(rolled)) and emg_scale(rolled) > 1.5
    deciding = _dance_position(cube_from_options({"match_length": 5, "score": [0, 1]}))
    deciding = replace(deciding, cube=replace(deciding.cube, phase="decide"))
    assert decision_kind(deciding) == "cube" and review_units(deciding) == 1.0


def test_every_decision_names_the_ply_of_its_action(midgame):
    """The window finds a decision on the game by its ply, never by matching notation."""
    report = review(BG, midgame, FAST)
    rules = BG.rules()
    states = replay(rules, midgame.options, midgame.actions)
    for d in decisions(report):
        before = states[d["ply"]]
        assert rules.to_move(before) != CHANCE
        assert rules.notation(before, rules.parse(before, midgame.actions[d["ply"]])) == d["played"]
    assert [d["ply"] for d in decisions(report)] == sorted({d["ply"] for d in decisions(report)})


def test_the_report_is_frozen_records_that_round_trip_through_json(midgame):
    report = review_record(BG, midgame, FAST)
    first = report.decisions[0]
    assert isinstance(report, Report) and isinstance(first, Decision) and first.ply == 1
    with pytest.raises(AttributeError):
        first.mark = "bad"  # frozen: the window and the cache share one record
    assert Report.from_json(json.loads(json.dumps(report.as_json()))) == report
    broken = report.as_json()
    broken["games"][0]["decisions"][0]["ply"] = "1"
    with pytest.raises(ValueError, match="decision is damaged"):
        Report.from_json(broken)


def test_a_game_without_a_review_of_its_own_is_reviewed_as_plain_moves():
    from game.core.review.plain import PlainReview, review_marks, review_of

    chesstack, backgammon = get_game("chesstack"), review_of(BG)
    assert isinstance(review_of(chesstack), PlainReview) and review_of(chesstack).decision_kinds == ("move",)
    assert backgammon.decision_kinds == ("chequer", "cube", "resign") and backgammon.measures_luck
    assert review_marks(BG, "lenient") == (0.08, 0.16, 0.32)
    margin = chesstack.move_analysis().tutor_margin.amount
    assert review_marks(chesstack) == (margin / 2, margin, 2 * margin)
