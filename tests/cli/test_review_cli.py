"""``tabula review FILE``: text and JSON output, the cache, bad input, Ctrl-C."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from game.cli import main
from game.core.match import play_game
from game.core.saves import save_game
from game.games import get_game

from .util import run
from game.core.capabilities import Review, Analysis


def test_json_report_and_second_run_from_the_cache(capsys, save, monkeypatch):
    code, out, err = run(capsys, "review", str(save), "--level", "intermediate", "--json")
    assert code == 0, err
    report = json.loads(out)
    assert set(report) == {"players", "games", "totals", "met"}  # met: the match equity table's name
    assert report["players"] == ["human", "hard"] and len(report["games"]) == 1
    first = report["games"][0]["decisions"][0]
    assert first["player"] == "human" and first["dice"] == "43" and first["played"] == "13/6"
    assert set(report["totals"]["hard"]) >= {"chequer", "cube", "total", "error_rate", "luck"}
    assert (save.parent / "midgame.json.review").is_file()
    monkeypatch.setattr("game.core.review.run.review", lambda *a, **k: pytest.fail("analysed again"))
    code, again, _ = run(capsys, "review", str(save), "--level", "intermediate", "--json")
    assert code == 0 and json.loads(again) == report


def test_text_report_names_marked_decisions_and_totals(capsys, save):
    code, out, err = run(capsys, "review", str(save), "--level", "intermediate", "--thresholds", "0.1", "0.2", "0.3")
    assert code == 0, err
    assert "Backgammon review, level intermediate" in out
    totals = out[out.index("totals:"):].splitlines()
    assert totals[1].split() == ["human", "hard"]  # the table: a column per player
    rows = {line.split("  ")[1].strip(): line.split()[-2:] for line in totals[2:]}
    assert {"Decisions", "Chequer ?!/?/??", "Missed doubles", "Error rate (mp per decision)", "Rating", "Luck",
            "Luck-adjusted"} <= set(rows)
    assert rows["Decisions"] == ["8", "8"] and all(word in ("Awful!", "Beginner") for word in rows["Rating"])
    # human's 13/7 with 51 loses about 0.38 (GNU Backgammon: 0.34; the first net-full said 0.45)
    assert "(very bad)" in out
    marked = [line for line in out.splitlines() if ", lost " in line]
    assert marked and all(", lost 0." in line for line in marked)  # a loss is written as a loss, no sign
    assert "Lost (MWC)" not in out and "% MWC)" not in out  # money play: no match winning chance


def test_bad_input_is_a_usage_error(capsys, save, tmp_path):
    assert run(capsys, "review", str(tmp_path / "missing.json"))[0] == 2
    code, _, err = run(capsys, "review", str(save), "--level", "beginner")
    assert code == 2 and "analysis levels" in err
    code, _, err = run(capsys, "review", str(save), "--thresholds", "0.2", "0.1", "0.3")
    assert code == 2 and "increasing" in err


def test_ctrl_c_ends_with_a_message_and_130(capsys, save, monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr("game.core.review.run.review", interrupted)
    code, out, err = run(capsys, "review", str(save), "--level", "intermediate")
    assert code == 130 and "review cancelled" in err and out == ""
    assert not (save.parent / "midgame.json.review").exists()


def test_mandragora_save_reviews_with_the_same_shape(capsys, tmp_path):
    info = get_game("mandragora")
    record, _ = play_game(info.rules(), [info.players.player("random", s) for s in (1, 2)],
                          info.new_game_options(), seed=5, max_plies=8)
    path = tmp_path / "mandragora.json"
    save_game(path, record)
    code, out, err = run(capsys, "review", str(path), "--json")
    assert code == 0, err
    report = json.loads(out)
    decisions = report["games"][0]["decisions"]
    assert decisions and all(d["match_id"] is None and d["kind"] == "move" for d in decisions)


MATCHES = Path(__file__).resolve().parents[1] / "data" / "matches"


@pytest.fixture(scope="module")
def match_report(tmp_path_factory):
    """``tabula review`` of a copy of a real 3-point match (three games) at the fastest level."""
    path = tmp_path_factory.mktemp("mat") / "3pt-a.mat"
    shutil.copy(MATCHES / "3pt-a.mat", path)
    code = main(["review", str(path), "--level", "intermediate", "--json"])
    assert code == 0
    return path


ON_ONE_REVIEW = pytest.mark.xdist_group("review_match")
"""The tests on :func:`match_report` run in one xdist worker (``--dist loadgroup``): the match is reviewed once."""


@pytest.mark.slow
@ON_ONE_REVIEW
def test_a_match_file_is_reviewed_game_by_game_with_the_files_names(capsys, match_report):
    code, out, err = run(capsys, "review", str(match_report), "--level", "intermediate", "--json")
    assert code == 0, err
    report = json.loads(out)
    assert report["players"] == ["lasse", "trovander"]
    assert [g["game"] for g in report["games"]] == [1, 2, 3]
    first = report["games"][0]["decisions"][0]
    assert (first["player"], first["dice"], first["played"]) == ("trovander", "32", "24/21 13/11")
    found = [d for g in report["games"] for d in g["decisions"]]
    cube = [d for d in found if d["kind"] == "cube"]
    assert {"Doubles => 2", "Takes"} <= {d["played"] for d in cube}
    assert all(d["match_id"] and d["equity_lost"] >= 0 and 0 <= d["win_chance"] <= 1 for d in found)
    assert set(report["totals"]) == {"lasse", "trovander"}
    # trovander's three dances in game 1 (forced, so no decisions) count in his luck
    his = [d["luck"] for d in found if d["player"] == "trovander" and d["kind"] == "chequer"]
    assert all(isinstance(x, float) for x in his)
    assert report["totals"]["trovander"]["luck"] < sum(his) - 0.1  # 0.18 by the two-layer net-full
    assert Path(f"{match_report}.review").is_file()


@pytest.mark.slow
@ON_ONE_REVIEW
def test_a_match_prints_a_table_per_game_then_the_match_and_each_game_has_its_totals(capsys, match_report):
    code, out, err = run(capsys, "review", str(match_report), "--level", "intermediate")  # from the cache
    assert code == 0, err
    titles = [line for line in out.splitlines() if line.endswith(":") and not line.startswith(" ")]
    assert titles[-4:] == ["game 1:", "game 2:", "game 3:", "totals of the match:"]
    match = out[out.index("totals of the match:"):]
    assert "Luck-adjusted" in match and "%" in match.splitlines()[-1]  # a match: in match winning chance
    code, out, _ = run(capsys, "review", str(match_report), "--level", "intermediate", "--json")
    report = json.loads(out)
    games = [g["totals"] for g in report["games"]]
    for player in ("lasse", "trovander"):
        assert sum(g[player]["decisions"] for g in games) == report["totals"][player]["decisions"]
        assert sum(g[player]["missed_double"] for g in games) == report["totals"][player]["missed_double"]
        assert sum(g[player]["result"] for g in games) == pytest.approx(report["totals"][player]["result"])
    assert report["totals"]["lasse"]["result"] == pytest.approx(0.5)  # lasse won the match from 0-0
    assert report["totals"]["lasse"]["result_luck_adjusted"] == pytest.approx(
        -report["totals"]["trovander"]["result_luck_adjusted"])


def test_ctrl_c_keeps_the_finished_decisions_and_the_next_run_goes_on(capsys, save, monkeypatch):
    import game.core.review.run as core

    real, calls = core._decision, []

    def interrupted(*args, **kwargs):
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(core, "_decision", interrupted)
    code, out, err = run(capsys, "review", str(save), "--level", "intermediate", "--json")
    assert code == 130 and out == "" and "after 2 of 16 decisions" in err and "kept" in err
    monkeypatch.undo()
    analysed = []
    monkeypatch.setattr(core, "_decision", lambda *a, **k: analysed.append(1) or real(*a, **k))
    code, out, err = run(capsys, "review", str(save), "--level", "intermediate", "--json")
    assert code == 0 and len(analysed) == 14  # only the rest
    assert len([d for g in json.loads(out)["games"] for d in g["decisions"]]) == 16


def test_a_broken_match_file_is_a_clear_error(capsys, tmp_path):
    text = (MATCHES / "3pt-a.mat").read_text().replace("51: 13/8 24/23", "51: 13/2 24/23", 1)
    path = tmp_path / "broken.mat"
    path.write_text(text)
    code, _, err = run(capsys, "review", str(path))
    assert code == 2 and "broken.mat" in err and "game 1" in err
    assert not Path(f"{path}.review").exists()


@pytest.mark.slow
def test_every_game_of_the_six_real_matches_gets_its_entry():
    """The six real matches through the review's replay (a stand-in analysis, so it is fast):
    one entry per game of the file, the file's names, every double and answer a cube decision."""
    from dataclasses import replace as replaced

    from game.backgammon.matfile import read_mat
    from game.core.analysis import MoveAnalysis
    from game.core.review.run import review
    from game.games import reviewed_record
    from tests.review_stubs import ReviewWithoutLuck

    info = get_game("backgammon")
    rules = info.rules()

    def analyze(state, **_):
        return [MoveAnalysis(move=m, notation=rules.notation(state, m), score=0.0, value=0.0)
                for m in rules.legal_moves(state)]

    quick = replaced(info, abilities={**info.abilities, Analysis: lambda: replaced(info.move_analysis(), analyze=analyze), Review: ReviewWithoutLuck})
    all_doubles = 0
    for path in sorted(MATCHES.glob("*.mat")):
        match = read_mat(path.read_text())
        report = review(quick, reviewed_record(path)).as_json()
        assert report["players"] == list(match.players), path.name
        assert [g["game"] for g in report["games"]] == [g.number for g in match.games], path.name
        doubles = sum(1 for g in match.games for t in g.turns if t.kind == "double")
        found = [d for g in report["games"] for d in g["decisions"]]
        assert sum(1 for d in found if d["played"].startswith("Doubles")) == doubles, path.name
        assert all(d["equity_lost"] == 0 for d in found)
        all_doubles += doubles
    assert all_doubles >= 10
