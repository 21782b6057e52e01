"""``tabula library``'s refusals: a damaged, foreign or newer library, an unknown player and
bad values are one line and exit code 2, the file left as it was; ``check`` and ``--html``;
a bulk analysis killed outright keeps its finished matches and the next run completes it."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.cli import main
from game.core.library import VERSION, open_library
from tests.core.library.test_safety import renamed

ROOT = Path(__file__).resolve().parents[2]
MATCHES = ROOT / "tests" / "data" / "matches"


def _refused(capsys, *argv) -> str:
    with pytest.raises(SystemExit) as stopped:
        main(list(argv))
    assert stopped.value.code == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("tabula: error: ") and "\n" not in err and "Traceback" not in err
    return err


@pytest.mark.parametrize("content", [b"garbage" * 300, b"SQLite format 3\x00" + b"\x00\xff" * 100])
def test_a_damaged_library_is_refused_in_one_line_and_left_alone(tmp_path, capsys, content):
    path = tmp_path / "l.sqlite3"
    path.write_bytes(content)
    for command in (["list"], ["add", str(MATCHES / "3pt-a.mat")], ["check"], ["player", "lasse"],
                    ["positions"], ["alias", "a", "b"], ["analyze"]):
        err = _refused(capsys, "library", *command, "--library", str(path))
        assert str(path) in err and "left as it is" in err
        assert path.read_bytes() == content


def test_a_newer_library_and_another_programs_database_are_refused(tmp_path, capsys):
    newer = tmp_path / "newer.sqlite3"
    with sqlite3.connect(newer) as db:
        db.execute("CREATE TABLE x (y)")
        db.execute(f"PRAGMA user_version = {VERSION + 5}")
    assert "newer Tabula" in _refused(capsys, "library", "list", "--library", str(newer))
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE notes (text)")
    assert "not a Tabula library" in _refused(capsys, "library", "list", "--library", str(other))


def test_bad_values_and_unknown_players_are_one_line(tmp_path, capsys):
    path = str(tmp_path / "l.sqlite3")
    assert main(["library", "add", str(MATCHES / "3pt-a.mat"), "--library", path]) == 0
    capsys.readouterr()
    assert "nobody" in _refused(capsys, "library", "player", "nobody", "--library", path)
    for bad in (["--dice", "77"], ["--score", "3:2"], ["--pips", "90-10"], ["--from", "2024-13-01"],
                ["--min-loss", "-1"], ["--position", "not-a-position"], ["--limit", "0"]):
        _refused(capsys, "library", "positions", *bad, "--library", path)
    assert "unknown level" in _refused(capsys, "library", "analyze", "--level", "godlike", "--library", path)
    assert "--address is for --cluster ray" in _refused(capsys, "library", "analyze", "--address", "x:1",
                                                         "--library", path)
    assert "is a folder" in _refused(capsys, "library", "list", "--library", str(tmp_path))


def test_check_reports_a_healthy_library_and_the_missing_one(tmp_path, capsys):
    path = str(tmp_path / "l.sqlite3")
    assert main(["library", "add", str(MATCHES), "--library", path, "--json"]) == 0
    capsys.readouterr()
    assert main(["library", "check", "--library", path, "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["ok"] and found["problems"] == [] and found["counts"]["matches"] == 6
    assert "no library there" in _refused(capsys, "library", "check", "--library", str(tmp_path / "none.sqlite3"))
    assert not (tmp_path / "none.sqlite3").exists()


def test_the_players_html_page_goes_through_the_guarded_writer(tmp_path, capsys):
    path = str(tmp_path / "l.sqlite3")
    match = tmp_path / "m.mat"
    match.write_text((MATCHES / "3pt-a.mat").read_text())
    assert main(["library", "add", str(match), "--library", path]) == 0
    out = tmp_path / "page.html"
    out.write_text("keep me")
    assert "exists" in _refused(capsys, "library", "player", "lasse", "--html", str(out), "--library", path)
    assert out.read_text() == "keep me"
    assert main(["library", "player", "lasse", "--html", str(out), "--force", "--library", path]) == 0
    assert out.read_text().startswith("<!DOCTYPE html>") and "<svg" in out.read_text() or "No analysed" in out.read_text()


@pytest.mark.slow
def test_kill_9_during_analyze_keeps_the_finished_matches_and_the_next_run_completes(tmp_path):
    path = tmp_path / "l.sqlite3"
    renamed(tmp_path / "m", 2)
    assert main(["library", "add", str(tmp_path / "m"), "--library", str(path)]) == 0
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.Popen([sys.executable, "-m", "game", "library", "analyze", "--level", "intermediate", "--workers", "1", "--library",
                            str(path)], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and run.poll() is None:
        time.sleep(0.1)
        with sqlite3.connect(path, timeout=5) as db:
            if db.execute("SELECT COUNT(*) FROM reviews").fetchone()[0] >= 1:
                break
    run.send_signal(signal.SIGKILL)
    run.wait(30)
    with open_library(path) as library:
        db = library.connection
        reviews = db.execute("SELECT COUNT(*) FROM reviews").fetchone()[0]
        assert 1 <= reviews and library.check() == []
        assert db.execute("SELECT COUNT(*) FROM reviews WHERE id NOT IN (SELECT review FROM decisions)").fetchone()[0] == 0
        assert db.execute("SELECT COUNT(*) FROM reviews WHERE id NOT IN (SELECT review FROM cells)").fetchone()[0] == 0
    done = subprocess.run([sys.executable, "-m", "game", "library", "analyze", "--level", "intermediate", "--workers", "1", "--json",
                           "--library", str(path)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["analysed"] == 2 - reviews
    with open_library(path) as library:
        assert library.unreviewed("intermediate") == [] and library.counts()["reviews"] == 2
