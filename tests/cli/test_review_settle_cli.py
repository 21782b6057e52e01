"""``tabula review FILE --settle``: close calls settled by rollout, end to end on a real match's
first game (the rollouts cut to 12 trials for speed; the product plays 360)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.backgammon.analysis import settle as settling

from .util import run

MATCHES = Path(__file__).resolve().parents[1] / "data" / "matches"


@pytest.fixture
def game_one(tmp_path, monkeypatch):
    monkeypatch.setattr(settling, "TRIALS", 12)
    lines = (MATCHES / "3pt-a.mat").read_text().splitlines()
    path = tmp_path / "3pt-game1.mat"
    path.write_text("\n".join(lines[:lines.index(" Game 2")]) + "\n")
    return path


def test_settle_json_text_and_html(capsys, game_one, tmp_path):
    code, out, err = run(capsys, "review", str(game_one), "--level", "intermediate", "--json")
    assert code == 0, err
    plain = json.loads(out)
    html = tmp_path / "settled.html"
    code, out, err = run(capsys, "review", str(game_one), "--level", "intermediate", "--settle", "--json",
                         "--html", str(html))
    assert code == 0, err
    settled = json.loads(out)
    before = [d for g in plain["games"] for d in g["decisions"]]
    after = [d for g in settled["games"] for d in g["decisions"]]
    assert [d["ply"] for d in before] == [d["ply"] for d in after]
    rolled = [d for d in after if d["settled"] is not None]
    assert rolled and all(d["settled"] is None for d in before)
    assert all(d["settled"]["trials"] == 12 and d["settled"]["truncate"] == 7 for d in rolled)
    for old, new in zip(before, after):
        close = len(old["alternatives"]) > 1 and -old["alternatives"][1]["diff"] <= settling.CLOSE
        assert (new["settled"] is not None) == (close and old["kind"] != "resign")
        if new["settled"] is None:
            assert new == {**old, "settled": None}
    assert sum(t["settled"] for t in settled["totals"].values()) == len(rolled)
    assert "Settled by rollout, 12 trials" in html.read_text() or not any(d["mark"] for d in rolled)
    assert "close calls settled by rollout" in html.read_text()

    code, out, err = run(capsys, "review", str(game_one), "--level", "intermediate", "--settle")  # from the cache
    assert code == 0, err
    assert "close calls settled by rollout" in out.splitlines()[0]
    assert f"{len(rolled)} settled by rollout" in out
    rows = {line.split("  ")[1].strip(): line.split()[-2:] for line in out[out.index("totals:"):].splitlines()[2:]}
    assert [int(n) for n in rows["Settled by rollout"]] == [settled["totals"][p]["settled"] for p in settled["players"]]


def test_settle_is_in_the_help(capsys):
    code, out, _ = run(capsys, "review", "--help")
    assert code == 0 and "--settle" in out and "360 trials" in out


def test_settle_trials_set_the_rollouts_and_go_with_settle_only(capsys, game_one):
    code, out, err = run(capsys, "review", str(game_one), "--level", "intermediate", "--settle", "--settle-trials", "6",
                         "--json")
    assert code == 0, err
    found = [d["settled"] for g in json.loads(out)["games"] for d in g["decisions"] if d["settled"]]
    assert found and all(s["trials"] == 6 for s in found)
    code, _, err = run(capsys, "review", str(game_one), "--settle-trials", "6")
    assert code == 2 and "--settle" in err
