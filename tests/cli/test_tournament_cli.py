"""``tabula tournament``: JSON contract, files in the folder, resuming, clean errors."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pygame
import pytest

from game import cli
from game.cli import tournament
from game.core.tournament import ResultStore, Settings, lock
from .util import interrupt_after

ARGS = ["tournament", "backgammon", "--players", "easy", "medium", "hard",
        "--games", "2", "--seed", "5", "--workers", "1"]


def test_tournament_is_a_subcommand():
    assert tournament in cli.SUBCOMMANDS


def run(capsys, *argv) -> tuple[int, str, str]:
    try:
        code = cli.main(list(argv))
    except SystemExit as exit_:
        code = exit_.code
    out, err = capsys.readouterr()
    return code, out, err


def test_json_output_and_files(capsys, tmp_path):
    code, out, err = run(capsys, *ARGS, "--out", str(tmp_path), "--json")
    assert code == 0 and "[" not in err  # no progress bar
    data = json.loads(out)
    assert set(data) == {"folder", "settings", "games_played", "games_total", "complete", "p_equal_test", "pairs",
                         "standings"}
    assert data["p_equal_test"] == "two-sided exact binomial test (sign test on decisive games)"
    assert data["settings"] == {"format": 1, "game": "backgammon", "players": ["easy", "medium", "hard"],
                                "games_per_pair": 2, "seed": 5, "max_plies": None}
    assert data["games_played"] == data["games_total"] == 6 and data["complete"]
    assert [(p["a"], p["b"]) for p in data["pairs"]] == [("easy", "medium"), ("easy", "hard"), ("medium", "hard")]
    assert set(data["pairs"][0]) == {"a", "b", "games", "a_wins", "b_wins", "draws", "a_points_per_game",
                                     "a_points_ci95", "p_equal", "a_win_rate", "a_win_rate_ci95", "match_games",
                                     "a_match_points_per_game"}
    assert all(p["match_games"] == 0 and p["a_match_points_per_game"] is None for p in data["pairs"])
    assert all(p["p_equal"] is None or 0 < p["p_equal"] <= 1 for p in data["pairs"])
    ranks = data["standings"]
    assert [r["rank"] for r in ranks] == [1, 2, 3] and sorted(r["player"] for r in ranks) == ["easy", "hard", "medium"]
    assert all(r["elo_ci95"][0] < r["elo"] < r["elo_ci95"][1] for r in ranks)
    assert abs(sum(r["elo"] for r in ranks)) < 1e-6
    assert json.loads((tmp_path / "results.json").read_text()) == {k: v for k, v in data.items() if k != "folder"}
    assert (tmp_path / "games.jsonl").read_text().count("\n") == 6
    assert (tmp_path / "pairs.csv").read_text().splitlines()[0] == (
        "a,b,games,a_wins,b_wins,draws,a_points_per_game,a_points_ci95_low,a_points_ci95_high,p_equal,"
        "a_win_rate,a_win_rate_ci95_low,a_win_rate_ci95_high,match_games,a_match_points_per_game")
    assert len((tmp_path / "standings.csv").read_text().splitlines()) == 4
    chart = pygame.image.load(str(tmp_path / "standings.png"))
    assert chart.get_width() == 720 and chart.get_height() > 3 * 34


def test_table_odd_games_and_rerun(capsys, tmp_path):
    argv = [*ARGS[:6], "--games", "1", "--out", str(tmp_path)]
    code, out, err = run(capsys, *argv)
    assert code == 0 and "rounded up to 2" in err
    assert "p (sign test)" in out and "two-sided exact binomial" in out and "Elo" in out and "medium" in out
    p_column = out.splitlines()[2].index("p (sign test)")
    values = [line[p_column:].strip() for line in out.splitlines()[3:6]]
    assert all(v == "n/a" or v.startswith("<") or 0 < float(v) <= 1 for v in values), values
    code, again, err = run(capsys, *argv)
    assert code == 0 and "6 already played" in err and again == out


def test_ctrl_c_keeps_games_and_the_same_command_resumes(capsys, tmp_path, monkeypatch):
    code, reference, _ = run(capsys, *ARGS, "--out", str(tmp_path / "reference"), "--json")
    resume_storing = interrupt_after(monkeypatch, 2)
    code, _, err = run(capsys, *ARGS, "--out", str(tmp_path / "run"), "--json")
    assert code == 130 and "2 of 6 games kept" in err
    resume_storing()
    code, out, _ = run(capsys, *ARGS, "--out", str(tmp_path / "run"), "--json")
    assert code == 0
    strip = lambda text: {k: v for k, v in json.loads(text).items() if k != "folder"}  # noqa: E731
    assert strip(out) == strip(reference)


def test_default_folder_is_where_the_window_keeps_tournaments(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    code, out, _ = run(capsys, *ARGS, "--json")
    folder = Path(json.loads(out)["folder"])
    assert code == 0 and folder.parent == tmp_path / "data" / "tournaments" and folder.name.endswith("-backgammon")


def snapshot(root: Path) -> dict:
    """Every path below ``root`` with its content (files) or None (folders)."""
    return {p: p.read_bytes() if p.is_file() else None for p in root.rglob("*")}


def fail_mkdir(monkeypatch) -> None:
    def mkdir(self, *args, **kwargs):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(self))
    monkeypatch.setattr(Path, "mkdir", mkdir)


def fail_first_write(monkeypatch) -> None:
    real_open = os.open

    def open_(path, *args, **kwargs):
        if str(path).endswith(lock.LOCK_FILE):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))
        return real_open(path, *args, **kwargs)
    monkeypatch.setattr(lock.os, "open", open_)


OUT = "out"
"""``--out`` below the test's folder, unless a case names another place."""


@pytest.mark.parametrize(
    "extra,out,prepare,message",
    [
        (["--players", "easy", "bogus"], OUT, None, "unknown backgammon player 'bogus'"),
        (["--players", "easy"], OUT, None, "at least two players"),
        (["--players", "easy", "hard", "--games", "0"], OUT, None, "expected a whole number from 1 to 1,000,000, got 0"),
        (["--players", "easy", "hard", "--workers", "0"], OUT, None, "expected a whole number from 1 to"),
        (["--players", "easy", "hard"], "afile", None, "tabula: error: {root}/afile is a file, not a folder"),
        (["--players", "easy", "hard"], "afile/sub", None, "tabula: error: {root}/afile is a file, not a folder"),
        (["--players", "easy", "hard"], OUT, fail_mkdir, "tabula: error: cannot use {root}/out: Permission denied"),
        (["--players", "easy", "hard"], "empty", fail_first_write, "tabula: error: cannot use {root}/empty: Read-only file system"),
    ],
)
def test_bad_values_exit_2(capsys, tmp_path, monkeypatch, extra, out, prepare, message):
    (tmp_path / "afile").write_text("not a folder", encoding="utf-8")
    (tmp_path / "empty").mkdir()
    before = snapshot(tmp_path)
    if prepare:
        prepare(monkeypatch)
    code, _, err = run(capsys, "tournament", "backgammon", "--games", "2", *extra, "--out", str(tmp_path / out))
    monkeypatch.undo()
    assert code == 2 and message.format(root=tmp_path) in err and "Traceback" not in err
    assert snapshot(tmp_path) == before  # nothing created or changed


def test_a_folder_in_use_by_another_run_is_refused(capsys, tmp_path):
    settings = Settings("backgammon", ("easy", "medium", "hard"), 2, 5)
    with ResultStore(tmp_path, settings):  # another run holds the folder
        code, _, err = run(capsys, *ARGS, "--out", str(tmp_path), "--json")
        assert code == 2 and err == f"tabula: error: {tmp_path} is in use by another tournament run\n"
        assert not (tmp_path / "games.jsonl").exists()
    assert run(capsys, *ARGS, "--out", str(tmp_path), "--json")[0] == 0  # free once it has ended


def test_another_tournaments_folder_is_refused(capsys, tmp_path):
    assert run(capsys, *ARGS, "--out", str(tmp_path), "--json")[0] == 0
    code, _, err = run(capsys, *ARGS[:-4], "--seed", "6", "--workers", "1", "--out", str(tmp_path))
    assert code == 2 and "different settings" in err and "seed 6 here but 5 there" in err


def test_player_names_in_any_case_are_made_canonical(capsys, tmp_path):
    argv = ["tournament", "backgammon", "--players", "EASY", "Medium", "--games", "2", "--seed", "5",
            "--workers", "1", "--out", str(tmp_path), "--json"]
    code, out, _ = run(capsys, *argv)
    assert code == 0 and json.loads(out)["settings"]["players"] == ["easy", "medium"]
