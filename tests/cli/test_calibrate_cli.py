"""``tabula calibrate``: a tiny run end to end writing every file, and bad options refused."""

from __future__ import annotations

import csv
import json
import struct

import pytest

from .util import run

FILES = {"bras.json", "seven-factors.json", "samples.csv", "report.json", "report.txt", "reliability.png"}


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    """One run shared by the tests that read its output: 3 games, 6 positions each."""
    from game.cli import main

    out = tmp_path_factory.mktemp("calibration")
    code = main(["calibrate", "backgammon", "--evaluator", "bras", "--evaluator", "seven-factors",
                 "--games", "3", "--positions-per-game", "6", "--seed", "4", "--holdout", "0.34", "--out", str(out)])
    return code, out


def test_a_tiny_run_writes_every_file(tiny):
    code, out = tiny
    assert code == 0
    assert {p.name for p in out.iterdir()} == FILES  # no temporary file left behind


def test_the_png_is_a_real_image(tiny):
    _, out = tiny
    data = (out / "reliability.png").read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    assert width >= 600 and height >= 300  # two panels side by side


def test_curve_files_say_how_they_were_made(tiny):
    _, out = tiny
    curve = json.loads((out / "bras.json").read_text())
    assert curve["evaluator"] == "bras" and curve["seed"] == 4 and curve["games"] == 3 and curve["samples"] == 18
    assert curve["use"] == "odd-logistic" and curve["curves"]["odd-logistic"]["a"] == 0.0
    assert set(curve["curves"]) == {"isotonic", "logistic", "odd-logistic"}
    assert set(curve["held_out"]) == {"raw", "isotonic", "logistic", "odd-logistic"}
    assert all(set(m) == {"brier", "log_loss"} for m in curve["held_out"].values())
    assert "--evaluator bras" in curve["command"] and "--games 3" in curve["command"]


def test_samples_csv_and_reports_line_up(tiny):
    _, out = tiny
    rows = list(csv.DictReader((out / "samples.csv").open()))
    assert len(rows) == 18 and {r["outcome"] for r in rows} <= {"0", "1"}
    assert {"game", "turn", "bras:score", "bras:raw_p", "seven-factors:score"} <= set(rows[0])
    # The raw probability of BRAS is S/100, i.e. (score + 1)/2 on the equity scale.
    assert all(abs(float(r["bras:raw_p"]) - (float(r["bras:score"]) + 1) / 2) < 1e-5 for r in rows)
    report = json.loads((out / "report.json").read_text())
    assert list(report["evaluators"]) == ["bras", "seven-factors"]
    assert report["held_out_games"] == 1 and report["held_out_samples"] == 6
    text = (out / "report.txt").read_text()
    assert "bras" in text and "seven-factors" in text and "log-loss" in text


def test_the_same_seed_gives_the_same_curves(tiny, tmp_path, capsys):
    _, out = tiny
    code, stdout, _ = run(capsys, "calibrate", "backgammon", "--evaluator", "bras", "--evaluator", "seven-factors",
                          "--games", "3", "--positions-per-game", "6", "--seed", "4", "--holdout", "0.34",
                          "--out", str(tmp_path))
    assert code == 0 and "bras" in stdout
    assert json.loads((tmp_path / "bras.json").read_text()) == json.loads((out / "bras.json").read_text())


@pytest.mark.parametrize("args, words", [
    (["--evaluator", "nope"], "unknown evaluator 'nope'"),
    (["--games", "0"], "expected a number of games from 1 to 1,000,000, got 0"),
    (["--games", "1"], "--games must be at least 2"),
    (["--noise", "2"], "from 0 to 1"),
    (["--holdout", "1"], "strictly between 0 and 1"),
])
def test_bad_options_are_refused(capsys, tmp_path, args, words):
    base = {"--evaluator": "bras", "--games": "3", "--out": str(tmp_path / "out")}
    argv = ["calibrate", "backgammon"]
    for flag, value in base.items():
        if flag not in args:
            argv += [flag, value]
    code, _, err = run(capsys, *argv, *args)
    assert code == 2 and words in err and "Traceback" not in err
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_an_unwritable_out_is_refused_before_any_game(capsys, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    code, _, err = run(capsys, "calibrate", "backgammon", "--evaluator", "bras", "--games", "2",
                       "--out", str(blocker))
    assert code == 2 and "not a folder" in err
    code, _, err = run(capsys, "calibrate", "backgammon", "--evaluator", "bras", "--games", "2",
                       "--out", str(blocker / "below"))
    assert code == 2 and "cannot write there" in err and "played" not in err
    assert blocker.read_text() == "x"


def test_a_game_without_calibration_says_so(capsys, tmp_path):
    code, _, err = run(capsys, "calibrate", "mandragora", "--evaluator", "x", "--games", "2", "--out", str(tmp_path))
    assert code == 2 and "calibrate is not available for Mandragora" in err


def test_ctrl_c_stops_cleanly_and_writes_nothing(capsys, tmp_path, monkeypatch):
    import game.core.calibration_report as report

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(report, "calibrate", interrupted)
    code, _, err = run(capsys, "calibrate", "backgammon", "--evaluator", "bras", "--games", "2", "--out", str(tmp_path))
    assert code == 130 and "interrupted" in err and list(tmp_path.iterdir()) == []
