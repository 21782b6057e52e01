"""``tabula rollout``: its JSON, its options, its text, bad input, progress and Ctrl-C."""

from __future__ import annotations

import json

import pytest

from .util import run

OPENING = ("rollout", "backgammon", "--position", "4HPwATDgc/ABMA")
KEYS = {"move", "win", "win_gammon", "win_backgammon", "lose_gammon", "lose_backgammon", "equity", "equity_se",
        "cubeful", "cubeful_se", "trials"}


def rollout_json(capsys, *options) -> dict:
    code, out, err = run(capsys, *OPENING, "--workers", "1", "--json", *options)
    assert code == 0, err
    return json.loads(out)


def test_the_json_holds_the_issues_keys_best_first_with_the_options_given(capsys):
    report = rollout_json(capsys, "--dice", "31", "--moves", "24/20", "8/5 6/5", "--trials", "40", "--truncate", "3",
                          "--seed", "7")
    assert {"position", "dice", "trials", "truncate", "seed", "candidates"} <= set(report)
    assert (report["position"], report["dice"], report["trials"], report["truncate"], report["seed"]) == \
        ("4HPwATDgc/ABMA", "31", 40, 3, 7)
    assert [c["move"] for c in report["candidates"]] == ["8/5 6/5", "24/20"]  # best first
    for c in report["candidates"]:
        assert KEYS <= set(c) and c["trials"] == 40 and c["cubeful"] is None and c["cubeful_se"] is None
        assert 0 <= c["lose_backgammon"] <= c["lose_gammon"] <= 1 - c["win"]
        low, high = c["equity_ci"]
        assert low < c["equity"] < high and high - low == pytest.approx(2 * 1.96 * c["equity_se"], rel=1e-3)
        assert c["plies"] == 3.0 and c["seconds"] >= 0
    assert report["trials_done"] == 40 and report["stopped"] == "trials" and report["variance_reduction"] is True
    assert report["candidates"][0]["equity"] > report["candidates"][1]["equity"]


def test_moves_may_follow_one_moves_or_each_its_own(capsys):
    options = ("--dice", "31", "--trials", "2", "--truncate", "0")
    one = rollout_json(capsys, *options, "--moves", "24/20", "8/5 6/5")
    each = rollout_json(capsys, *options, "--moves", "24/20", "--moves", "8/5 6/5")
    assert {c["move"] for c in one["candidates"]} == {c["move"] for c in each["candidates"]} == {"24/20", "8/5 6/5"}


@pytest.mark.slow
def test_the_same_seed_gives_the_same_numbers_and_another_seed_others(capsys):
    options = ("--dice", "31", "--moves", "8/5 6/5", "13/9", "--trials", "50", "--truncate", "2")
    first = rollout_json(capsys, *options, "--seed", "3")
    code, out, err = run(capsys, *OPENING, "--json", *options, "--seed", "3", "--workers", "2")
    assert code == 0, err
    shared = json.loads(out)
    drop = ("seconds",)
    strip = [{k: v for k, v in c.items() if k not in drop} for c in first["candidates"]]
    assert strip == [{k: v for k, v in c.items() if k not in drop} for c in shared["candidates"]]
    other = rollout_json(capsys, *options, "--seed", "4")
    assert other["candidates"][0]["equity"] != first["candidates"][0]["equity"]


def test_no_variance_reduction_and_no_early_stop_are_options(capsys):
    options = ("--dice", "31", "--moves", "8/5 6/5", "24/21 8/7", "--trials", "180", "--truncate", "1")
    assert rollout_json(capsys, *options)["stopped"] == "clear"
    full = rollout_json(capsys, *options, "--no-early-stop", "--no-variance-reduction")
    assert full["stopped"] == "trials" and full["trials_done"] == 180 and full["variance_reduction"] is False
    ci = rollout_json(capsys, *options, "--no-early-stop", "--stop-ci", "0.9")
    assert ci["stopped"] == "ci" and ci["candidates"][0]["trials"] == 144


def test_pruning_is_on_by_default_and_an_option(capsys):
    options = ("--dice", "31", "--moves", "8/5 6/5", "--trials", "36", "--truncate", "4")
    default, kept, whole = (rollout_json(capsys, *options, *more) for more in ((), ("--prune", "3"), ("--no-prune",)))
    assert default["prune"] == 8 and kept["prune"] == 3 and whole["prune"] is None
    assert kept["candidates"][0]["equity"] != whole["candidates"][0]["equity"]  # 3 misses some best plays


def test_the_default_candidates_and_the_text_table(capsys):
    code, out, err = run(capsys, *OPENING, "--dice", "31", "--trials", "36", "--truncate", "2", "--workers", "1")
    assert code == 0, err
    assert "Rollout of 4HPwATDgc/ABMA, dice 31: 36 of 36 trials" in out and "8/5 6/5" in out
    assert "Equity" in out and "W(g)" in out and "rollout: 36/36 trials" in err


def test_before_the_roll_with_the_cube_it_gives_the_cube_action(capsys):
    code, out, err = run(capsys, "rollout", "backgammon", "--position", "4HPwATDgc/ABMA:cAkAAAAAAAAA", "--trials", "36",
                         "--truncate", "2", "--workers", "1", "--json")
    assert code == 0, err
    report = json.loads(out)
    assert report["dice"] is None and report["cubeful"] is True and report["units"] == "points per unit of the cube"
    assert {c["move"] for c in report["candidates"]} == {"No double", "Double/take"}
    assert all(isinstance(c["cubeful"], float) and isinstance(c["cubeful_se"], float) for c in report["candidates"])
    assert set(report["cube"]) == {"nd", "nd_se", "dt", "dt_se", "dp", "proper"} and report["cube"]["dp"] == 1.0
    code, out, _ = run(capsys, "rollout", "backgammon", "--position", "4HPwATDgc/ABMA:cAkAAAAAAAAA", "--trials", "36",
                       "--truncate", "2", "--workers", "1")
    assert "Proper cube action: No double, take" in out


@pytest.mark.parametrize("options, message", [
    (("--dice", "31", "--trials", "0"), "--trials"),
    (("--dice", "31", "--truncate", "-1"), "--truncate"),
    (("--dice", "31", "--stop-ci", "0"), "--stop-ci"),
    (("--dice", "31", "--workers", "0"), "--workers"),
    (("--dice", "31", "--seed", "x"), "--seed"),
    (("--dice", "31", "--moves", "24/18"), "illegal"),
    (("--dice", "31", "--moves", "8/5 6/5", "6/5 8/5"), "same play"),
    (("--moves", "8/5 6/5"), "need dice"),
    (("--dice", "31", "--level", "supergrandmaster"), "unknown level"),
    (("--dice", "31", "--select-level", "supergrandmaster"), "unknown level"),
    (("--dice", "31", "--evaluator", "oracle"), "unknown evaluator"),
    (("--dice", "31", "--address", "localhost:6379"), "--cluster ray"),
    (("--dice", "7"), "dice"),
    (("--dice", "31", "--prune", "0"), "--prune"),
    (("--dice", "31", "--prune", "4", "--no-prune"), "contradict"),
])
def test_bad_values_are_usage_errors(capsys, options, message):
    code, out, err = run(capsys, *OPENING, "--trials", "36", *options) if "--trials" not in options else \
        run(capsys, *OPENING, *options)
    assert code == 2 and out == "" and message in err and "Traceback" not in err


def test_a_finished_game_or_another_game_is_a_usage_error(capsys):
    code, _, err = run(capsys, "rollout", "backgammon", "--position", "AAAAAAAAAAAAAA")
    assert code == 2
    code, _, err = run(capsys, "rollout", "chesstack", "--position", "x")
    assert code == 2 and "invalid choice" in err


def test_ctrl_c_prints_what_finished_and_exits_130(capsys, monkeypatch):
    from game.backgammon.rollout import run as running

    played = running.play_block

    def interrupted(spec, index, *args):
        if index == 1:
            raise KeyboardInterrupt
        return played(spec, index, *args)

    monkeypatch.setattr(running, "play_block", interrupted)
    code, out, err = run(capsys, *OPENING, "--dice", "31", "--trials", "108", "--truncate", "1", "--workers", "1",
                         "--json")
    assert code == 130 and "interrupted" in err
    report = json.loads(out)
    assert report["stopped"] == "interrupted" and report["trials_done"] == 36 and report["candidates"][0]["trials"] == 36
    monkeypatch.setattr(running, "play_block", lambda *a, **k: (_ for _ in ()).throw(KeyboardInterrupt))
    code, out, err = run(capsys, *OPENING, "--dice", "31", "--trials", "108", "--workers", "1")
    assert code == 130 and out == "" and "interrupted before every candidate had a trial: no figures" in err
    assert "figures below" not in err  # never promises figures it does not print


def test_the_five_best_by_default_each_figure_with_its_interval_and_a_diff(capsys):
    code, out, err = run(capsys, "rollout", "backgammon", "--position", "4HPwATDgc/ABMA", "--dice", "31",
                         "--trials", "36", "--truncate", "2")
    assert code == 0, err
    lines = out.splitlines()
    head = next(line for line in lines if "Diff" in line)
    assert all(title in head for title in ("Equity", "±95%", "Diff", "Win", "W(g)", "W(bg)", "L(g)", "L(bg)"))
    rows = [line for line in lines if line[:4].strip().isdigit()]
    assert len(rows) == 5 and all(line.count("±") == 5 for line in rows)  # every chance with its interval
    end = head.index("Diff") + len("Diff")  # the column is right-aligned under its heading
    diffs = [float(line[end - 7:end]) for line in rows[1:]]
    assert all(d <= 0 for d in diffs) and diffs == sorted(diffs, reverse=True)  # behind the best, in order
    code, out, _ = run(capsys, "rollout", "backgammon", "--position", "4HPwATDgc/ABMA", "--dice", "31",
                       "--trials", "36", "--truncate", "2", "--top", "2", "--json")
    candidates = json.loads(out)["candidates"]
    assert code == 0 and len(candidates) == 2 and candidates[0]["diff"] == 0.0 and candidates[1]["diff"] < 0
    assert all(f"{q}_ci" in candidates[0] for q in ("win", "win_gammon", "lose_gammon", "equity"))
    code, _, err = run(capsys, "rollout", "backgammon", "--position", "4HPwATDgc/ABMA", "--dice", "31",
                       "--moves", "8/5 6/5", "--top", "2")
    assert code == 2 and "--top and --moves" in err


def test_xgid_is_accepted_and_written_by_rollout_and_cube(capsys):
    xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10"
    code, out, err = run(capsys, "rollout", "backgammon", "--position", xgid, "--trials", "36", "--truncate", "2",
                         "--top", "2", "--xgid", "--json")
    assert code == 0, err
    assert json.loads(out)["xgid"] == xgid
    code, out, err = run(capsys, "cube", "backgammon", "--position", "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:7:10",
                         "--level", "intermediate", "--xgid", "--json")
    assert code == 0, err
    assert json.loads(out)["xgid"] == "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:7:10"
