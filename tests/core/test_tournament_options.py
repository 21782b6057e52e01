"""Tournaments played with a game's declared options: matches and cubeful money games
(backgammon's ``match_length`` and ``cube``), their records, resuming, and their statistics."""

from __future__ import annotations

import json
import math
import re

import pytest

from game.backgammon.cube.rules import game_number, game_over_points, match_score
from game.core.match import replay
from game.core.tournament import ResultStore, Settings, run_tournament, summarize, validate
from game.core.tournament.records import check_record
from game.core.tournament.results import SETTINGS_FILE, read_settings
from game.core.tournament.stats import mean_interval, sign_test_p, wilson_interval
from game.games import game_names, get_game
from ..interrupt import interrupt_after

MATCH = Settings("backgammon", ("random", "hard", "easy"), 2, seed=11, options={"match_length": 3})
CUBE = Settings("backgammon", ("random", "easy"), 4, seed=15, options={"cube": True})


def play(folder, settings, **kwargs):
    with ResultStore(folder, settings) as store:
        return run_tournament(settings, get_game, store, **kwargs)


def lines(records):
    return [json.dumps(r, sort_keys=True) for r in records]


def test_options_are_part_of_the_settings_and_round_trip():
    assert MATCH.to_dict()["options"] == {"match_length": 3}
    assert Settings.from_dict(MATCH.to_dict()) == MATCH
    plain = Settings(MATCH.game, MATCH.players, MATCH.games_per_pair, MATCH.seed)
    assert MATCH != plain and len({MATCH, plain}) == 2  # still hashable
    cubeless = Settings("backgammon", ("a", "b"), 2, 0).to_dict()
    assert "options" not in cubeless  # as before the options: old folders resume
    assert Settings.from_dict(cubeless).options == {}
    for bad in ("match_length=3", {"": 1}, {"x": [1]}, {"x": 2**40}, {"x": "y" * 500}, {f"o{k}": 1 for k in range(17)}):
        with pytest.raises(ValueError, match="options"):
            Settings("backgammon", ("a", "b"), 2, 0, options=bad)


@pytest.mark.parametrize("options,message", [
    ({"match_length": 0}, "match_length must be a whole number from 1 to 25, got 0"),
    ({"match_length": 26}, "from 1 to 25, got 26"),
    ({"match_length": True}, "whole number"),
    ({"cube": False}, "cube must be true"),
    ({"match_length": 3, "cube": True}, "--match and --cube cannot be used together: choose one"),
    ({"jacoby": True}, "take no option 'jacoby' \\(their flags: --match, --cube\\)"),
])
def test_validate_accepts_only_what_the_games_flags_set(options, message):
    with pytest.raises(ValueError, match=message):
        validate(Settings("backgammon", ("random", "easy"), 2, 0, options=options), get_game)


def test_a_game_without_flags_takes_no_options():
    with pytest.raises(ValueError, match="take no option 'cube' \\(their flags: none\\)"):
        validate(Settings("mandragora", ("random", "random"), 2, 0, options={"cube": True}), get_game)


def test_a_match_tournament_plays_matches_and_tallies_their_games(tmp_path):
    validate(MATCH, get_game)
    records = play(tmp_path, MATCH)
    rules = get_game("backgammon").rules()
    assert len(records) == MATCH.total_games
    for record in records:
        assert record["options"] == {"match_length": 3} and sorted(record["result"]) == [-1.0, 1.0]
        final = replay(rules, record["options"], record["actions"])[-1]
        assert rules.is_over(final) and list(match_score(final)) == record["match_points"]
        assert record["match_games"] == game_number(final) >= 1
        winner = record["result"].index(1.0)
        assert record["match_points"][winner] >= 3 > record["match_points"][1 - winner]
        check_record(record, MATCH)
    summary = summarize(MATCH, records)
    for pair in summary.pairs:
        assert pair.games == 2 and pair.a_wins + pair.b_wins == 2
        assert pair.a_win_rate == pair.a_wins / 2
        assert pair.match_games == sum(r["match_games"] for r in records if r["pair"] == [
            MATCH.labels.index(pair.a), MATCH.labels.index(pair.b)])
    data = summary.to_dict()
    assert data["settings"]["options"] == {"match_length": 3}
    assert all(p["a_match_points_per_game"] is not None for p in data["pairs"])


def test_match_points_per_game_are_as_from_a_not_the_seat():
    settings = Settings("backgammon", ("a", "b"), 2, 0, options={"match_length": 5})
    records = [{"index": 0, "pair": [0, 1], "number": 0, "seats": [0, 1], "result": [1.0, -1.0],
                "match_games": 3, "match_points": [6, 2]},
               {"index": 1, "pair": [0, 1], "number": 1, "seats": [1, 0], "result": [1.0, -1.0],
                "match_games": 5, "match_points": [5, 4]}]
    pair = summarize(settings, records).pairs[0]
    assert (pair.match_games, pair.a_match_points) == (8, (6 - 2) + (4 - 5))
    assert pair.to_dict()["a_match_points_per_game"] == pytest.approx(3 / 8)


@pytest.mark.parametrize("workers", [1, 2])
def test_an_interrupted_match_tournament_resumes_to_the_same_results(tmp_path, workers):
    reference = play(tmp_path / "reference", MATCH)
    with pytest.raises(KeyboardInterrupt):
        play(tmp_path / "run", MATCH, workers=workers, on_result=interrupt_after(2))
    assert json.loads((tmp_path / "run" / SETTINGS_FILE).read_text())["options"] == {"match_length": 3}
    assert read_settings(tmp_path / "run") == MATCH
    resumed = play(tmp_path / "run", MATCH, workers=workers)
    assert lines(resumed) == lines(reference)
    assert summarize(MATCH, resumed) == summarize(MATCH, reference)


def test_a_resume_with_other_options_is_refused(tmp_path):
    play(tmp_path, Settings(MATCH.game, MATCH.players, 2, MATCH.seed, options={"match_length": 3}))
    for options, shown in (({"match_length": 5}, "{'match_length': 5} here but {'match_length': 3} there"),
                           ({}, "{} here but {'match_length': 3} there")):
        with pytest.raises(ValueError, match="different settings.*options " + re.escape(shown)):
            ResultStore(tmp_path, Settings(MATCH.game, MATCH.players, 2, MATCH.seed, options=options))


def test_options_read_from_a_folder_are_checked(tmp_path):
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({**MATCH.to_dict(), "options": "match 3"}))
    with pytest.raises(ValueError, match="'options' must be an object"):
        read_settings(tmp_path)
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({**MATCH.to_dict(), "options": {"match_length": [3]}}))
    with pytest.raises(ValueError, match="options"):
        read_settings(tmp_path)
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({**MATCH.to_dict(), "options": {"match_length": 99}}))
    tampered = read_settings(tmp_path)  # well formed, but no game of backgammon's flags: refused before play
    with pytest.raises(ValueError, match="from 1 to 25, got 99"):
        validate(tampered, get_game)


def test_a_match_tally_in_a_record_is_checked():
    record = {"index": 0, "pair": [0, 1], "number": 0, "seats": [0, 1], "players": ["random", "hard"],
              "seed": 0, "player_seeds": [0, 0], "options": {}, "actions": ["x"], "result": [1, -1], "plies": 1}
    settings = Settings("backgammon", ("random", "hard"), 2, 0)
    from game.core.tournament.schedule import spec_at
    spec = spec_at(settings, 0)
    record.update(seed=spec.seed, player_seeds=list(spec.player_seeds))
    check_record(record, settings)
    check_record({**record, "match_games": 1, "match_points": [3, 0]}, settings)
    match = Settings("backgammon", ("random", "hard"), 2, 0, options={"match_length": 3})
    check_record({**record, "options": {"match_length": 3}}, match)
    for options in ({}, {"match_length": 5}):  # a cubeless game or another match in a match tournament
        with pytest.raises(ValueError, match="'options' must be the tournament's options"):
            check_record({**record, "options": options}, match)
    for bad in ({"match_games": 1}, {"match_games": 0, "match_points": [1, 0]},
                {"match_games": 1, "match_points": [1.5, 0]}, {"match_games": 1, "match_points": [-1, 0]}):
        with pytest.raises(ValueError, match="match_"):
            check_record({**record, **bad}, settings)


def test_a_cube_tournament_scores_points_with_the_cube(tmp_path):
    records = play(tmp_path, CUBE)
    rules = get_game("backgammon").rules()
    for record in records:
        assert record["options"] == {"cube": True} and "match_games" not in record
        final = replay(rules, record["options"], record["actions"])[-1]
        winner, points = game_over_points(final)
        assert record["result"][winner] == points and record["result"][1 - winner] == -points
    assert max(abs(r["result"][0]) for r in records) >= 8  # random players double, redouble and take
    assert any(a.startswith("Doubles") for r in records for a in r["actions"])


def test_points_statistics_with_large_cube_values():
    settings = Settings("backgammon", ("a", "b"), 6, 0, options={"cube": True})

    def record(number, seats, result):
        return {"index": number, "pair": [0, 1], "number": number, "seats": seats, "result": result}

    # a's points: deal 0: +64 and -8 (a sits second: b's -8); deal 1: -2, -4; deal 2: +16, -32.
    records = [record(0, [0, 1], [64, -64]), record(1, [1, 0], [8, -8]), record(2, [0, 1], [-2, 2]),
               record(3, [1, 0], [4, -4]), record(4, [0, 1], [16, -16]), record(5, [1, 0], [32, -32])]
    pair = summarize(settings, records).pairs[0]
    deals = [(64 - 8) / 2, (-2 - 4) / 2, (16 - 32) / 2]
    mean = sum(deals) / 3
    sd = math.sqrt(sum((d - mean) ** 2 for d in deals) / 2)
    assert pair.a_points.mean == pytest.approx(mean) == pytest.approx(17 / 3)
    assert pair.a_points.low == pytest.approx(mean - 1.959963984540054 * sd / math.sqrt(3))
    assert pair.a_points.high == pytest.approx(mean + 1.959963984540054 * sd / math.sqrt(3))
    assert (pair.a_wins, pair.b_wins) == (2, 4)  # a win is a win whatever the cube
    assert pair.p_equal == sign_test_p(2, 6) == pytest.approx(2 * (1 + 6 + 15) / 64)
    standings = {s.player: s for s in summarize(settings, records).standings}
    assert standings["a"].points_per_game == pytest.approx((64 - 8 - 2 - 4 + 16 - 32) / 6)
    assert standings["b"].points_per_game == pytest.approx(-standings["a"].points_per_game)
    assert mean_interval([64.0, -64.0]).low == pytest.approx(-1.959963984540054 * math.sqrt(2 * 64**2) / math.sqrt(2))


def test_wilson_interval():
    assert wilson_interval(0, 0) is None
    low, high = wilson_interval(0, 10)
    assert low == 0 and high == pytest.approx(0.2775, abs=1e-4)  # textbook: 0 of 10
    low, high = wilson_interval(5, 10)
    assert (low, high) == (pytest.approx(0.2366, abs=1e-4), pytest.approx(0.7634, abs=1e-4))
    assert wilson_interval(10, 10) == (pytest.approx(1 - 0.2775, abs=1e-4), 1.0)
    with pytest.raises(ValueError):
        wilson_interval(11, 10)


@pytest.mark.parametrize("name", game_names())
def test_every_choice_the_window_offers_is_valid(name):
    info = get_game(name)
    for _label, options in info.tournament_play().choices:
        validate(Settings(name, tuple(info.players.names[:2]), 2, 0, options=options), get_game)
