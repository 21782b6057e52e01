"""The six real matches through the whole library: added (a second add adds nothing), analysed
at Intermediate, and every stored figure checked against the review's: decision counts, every
equity lost, the PR by hand, the command line's JSON shapes."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from game.cli import main
from game.core.library import open_library
from game.core.review.cache import cache_path

pytestmark = pytest.mark.long


def _json(capsys, *argv) -> object:
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


@pytest.fixture(scope="module")
def reviewed(reviewed_matches):
    """The six matches, each reviewed at Intermediate as ``tabula review`` does (its cache
    beside it, which the library's analysis takes up), and the reports by file name."""
    return reviewed_matches


@pytest.fixture
def library(reviewed_library):
    """The six matches added and analysed (the run's shared library: these tests add nothing new to it)."""
    return reviewed_library


def _stored(path) -> dict[str, list[tuple]]:
    with open_library(path) as lib:
        rows = lib.connection.execute(
            "SELECT m.source, d.ply, d.player, d.kind, d.equity_lost, d.rated, d.position_id, d.played, d.best"
            " FROM decisions d JOIN matches m ON m.id = d.match ORDER BY d.match, d.id").fetchall()
    found: dict[str, list[tuple]] = {}
    for source, *rest in rows:
        found.setdefault(Path(source).name, []).append(tuple(rest))
    return found


def _expected(report) -> list[tuple]:
    return [(d.ply, d.player, d.kind, d.equity_lost, int(d.rated), d.position_id, d.played, d.best)
            for d in report.decisions]


def test_every_decision_and_equity_lost_is_the_reviews(reviewed, library):
    _, reports = reviewed
    stored = _stored(library)
    assert sorted(stored) == sorted(reports)
    for name, report in reports.items():
        assert len(stored[name]) == len(report.decisions) > 50, name
        assert stored[name] == _expected(report), name
    assert sum(len(rows) for rows in stored.values()) == 2858


def test_a_second_add_adds_nothing(reviewed, library, capsys):
    folder, _ = reviewed
    assert _json(capsys, "library", "add", str(folder), "--library", str(library), "--json") == {
        "added": 0, "present": 6, "skipped": []}
    assert _json(capsys, "library", "analyze", "--level", "intermediate", "--library", str(library), "--json") == {
        "analysed": 0, "decisions": 0, "level": "intermediate"}


def test_pr_against_a_hand_computation(reviewed, library, capsys):
    _, reports = reviewed
    report = reports["3pt-a.mat"]  # trovander plays only this match
    mine = [d for d in report.decisions if d.player == "trovander"]
    by_hand = 500 * sum(d.equity_lost for d in mine) / sum(d.rated for d in mine)
    error_rate = 1000 * sum(d.equity_lost for d in mine) / sum(d.rated for d in mine)
    page = _json(capsys, "library", "player", "trovander", "--library", str(library), "--json")
    assert page["pr"]["value"] == pytest.approx(by_hand) and page["error_rate"]["value"] == pytest.approx(error_rate)
    assert page["pr"]["low"] < by_hand < page["pr"]["high"]
    assert page["decisions"] == len(mine) and page["matches"] == 1
    assert {"player", "matches", "decisions", "error_rate", "pr", "by", "trend"} <= set(page)
    assert set(page["by"]) >= {"kind", "phase", "pips", "score"} and len(page["trend"]) == 1
    listed = _json(capsys, "library", "list", "--player", "trovander", "--library", str(library), "--json")
    assert len(listed) == 1 and listed[0]["pr"]["trovander"] == pytest.approx(by_hand)
    assert {"id", "players", "length", "date", "result", "level", "pr"} <= set(listed[0])
    assert listed[0]["players"] == ["lasse", "trovander"] and listed[0]["length"] == 3
    assert listed[0]["level"] == "intermediate" and listed[0]["date"] == "2024-04-01"
    one = _json(capsys, "library", "player", "lasse", "--match", str(listed[0]["id"]), "--library", str(library),
                "--json")
    lasse = [d for d in report.decisions if d.player == "lasse"]
    assert one["matches"] == 1 and one["decisions"] == len(lasse)
    assert one["pr"]["value"] == pytest.approx(500 * sum(d.equity_lost for d in lasse) / sum(d.rated for d in lasse))


def test_positions_are_found_by_their_filters(reviewed, library, capsys):
    found = _json(capsys, "library", "positions", "--player", "lasse", "--kind", "chequer", "--min-loss", "0.04",
                  "--library", str(library), "--json")
    assert found and all(d["kind"] == "chequer" and d["equity_lost"] >= 0.04 for d in found)
    assert [d["equity_lost"] for d in found] == sorted((d["equity_lost"] for d in found), reverse=True)
    keys = {"position_id", "match_id", "xgid", "dice", "kind", "phase", "played", "best", "equity_lost", "mark", "match"}
    assert all(keys <= set(d) for d in found)
    races = _json(capsys, "library", "positions", "--phase", "race", "--limit", "5", "--library", str(library), "--json")
    assert 0 < len(races) <= 5 and all(d["phase"] == "race" for d in races)
    first = found[0]
    same = _json(capsys, "library", "positions", "--position", first["xgid"], "--library", str(library), "--json")
    assert any(d["position_id"] == first["position_id"] and d["played"] == first["played"] for d in same)


def test_the_librarys_own_analysis_is_the_review(reviewed, tmp_path):
    folder, reports = reviewed
    alone = tmp_path / "3pt-a.mat"
    shutil.copyfile(folder / "3pt-a.mat", alone)
    assert not cache_path(alone).exists()
    path = tmp_path / "fresh.sqlite3"
    assert main(["library", "add", str(alone), "--library", str(path)]) == 0
    assert main(["library", "analyze", "--level", "intermediate", "--workers", "1", "--library", str(path)]) == 0
    # The same decisions, plays and marks; the losses to the last rounded digit, which another
    # numpy (its BLAS) than the one the review was recorded with may round the other way.
    stored, expected = _stored(path)["3pt-a.mat"], _expected(reports["3pt-a.mat"])
    assert [row[:3] + row[4:] for row in stored] == [row[:3] + row[4:] for row in expected]
    assert [row[3] for row in stored] == pytest.approx([row[3] for row in expected], abs=2e-6, rel=0)
    assert not cache_path(alone).exists()  # the library writes nothing beside the user's files

