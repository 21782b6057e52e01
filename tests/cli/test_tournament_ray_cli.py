"""``tabula tournament --cluster ray``: the same report as a local run, resume, clean errors."""

from __future__ import annotations

import json

import pytest

from game import cli
from .util import interrupt_after

ARGS = ["tournament", "backgammon", "--players", "easy", "medium", "hard", "--games", "2", "--seed", "5"]
FILES = ("pairs.csv", "standings.csv", "results.json")


def run(capsys, *argv) -> tuple[int, str, str]:
    try:
        code = cli.main(list(argv))
    except SystemExit as exit_:
        code = exit_.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.slow
def test_ray_run_writes_the_local_runs_report_byte_for_byte(ray_cluster, capsys, tmp_path):
    code, local, _ = run(capsys, *ARGS, "--workers", "2", "--out", str(tmp_path / "local"), "--json")
    assert code == 0
    code, on_ray, _ = run(capsys, *ARGS, "--cluster", "ray", "--out", str(tmp_path / "ray"), "--json")
    assert code == 0
    for name in FILES:
        assert (tmp_path / "ray" / name).read_bytes() == (tmp_path / "local" / name).read_bytes(), name
    strip = lambda text: {k: v for k, v in json.loads(text).items() if k != "folder"}
    assert strip(on_ray) == strip(local) and strip(local)["games_played"] == 6


@pytest.mark.slow
def test_an_interrupted_ray_run_resumes_with_the_same_results(ray_cluster, capsys, tmp_path, monkeypatch):
    code, _, _ = run(capsys, *ARGS, "--workers", "1", "--out", str(tmp_path / "reference"), "--json")
    resume_storing = interrupt_after(monkeypatch, 2)
    code, _, err = run(capsys, *ARGS, "--cluster", "ray", "--out", str(tmp_path / "run"), "--json")
    assert code == 130 and "2 of 6 games kept" in err
    assert (tmp_path / "run" / "games.jsonl").read_text().count("\n") == 2
    resume_storing()
    code, _, err = run(capsys, *ARGS, "--cluster", "ray", "--out", str(tmp_path / "run"))
    assert code == 0 and "2 already played" in err
    for name in FILES:
        assert (tmp_path / "run" / name).read_bytes() == (tmp_path / "reference" / name).read_bytes(), name


def test_address_needs_cluster_ray(capsys, tmp_path):
    code, _, err = run(capsys, *ARGS, "--address", "auto", "--out", str(tmp_path / "t"))
    assert code == 2 and "--address is for --cluster ray" in err and not (tmp_path / "t").exists()


@pytest.mark.parametrize("cluster", ["dask"])
def test_unknown_cluster_is_a_usage_error(capsys, cluster):
    code, _, err = run(capsys, *ARGS, "--cluster", cluster)
    assert code == 2 and "invalid choice" in err


def test_without_ray_installed_the_error_says_how_to_install_it(capsys, tmp_path, without_ray):
    code, out, err = run(capsys, *ARGS, "--cluster", "ray", "--out", str(tmp_path / "t"))
    assert code == 2 and out == "" and not (tmp_path / "t").exists()
    assert "tabula: error: --cluster ray needs Ray" in err and "pip install 'tabula[cluster]'" in err
