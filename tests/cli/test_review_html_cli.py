"""``tabula review FILE --html OUT``: the report written, with or without ``--json``; bad places."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest

from .util import run


def test_html_and_json_together(capsys, save, tmp_path):
    out = tmp_path / "report.html"
    code, stdout, err = run(capsys, "review", str(save), "--level", "intermediate", "--json", "--html", str(out))
    assert code == 0, err
    report = json.loads(stdout)
    assert f"wrote the report to {out}" in err
    html = out.read_text(encoding="utf-8")
    marked = [d for g in report["games"] for d in g["decisions"] if d["mark"]]
    boards = re.findall(r'<svg[^>]*class="board".*?</svg>', html, re.S)
    assert marked and len(boards) == len(marked)
    for svg in re.findall(r"<svg\b.*?</svg>", html, re.S):
        ET.fromstring(svg)  # well-formed
    assert "human" in html and "hard" in html
    for d in marked:  # the alternatives of each: the best first, the play made highlighted
        assert f'id="d{d["ply"]}"' in html
        assert d["alternatives"][0]["move"] == d["best"]
    # the text report comes with --html alone, and the report is rewritten from the cache
    out.unlink()
    code, stdout, err = run(capsys, "review", str(save), "--level", "intermediate", "--html", str(out))
    assert code == 0 and "totals:" in stdout and out.read_text(encoding="utf-8") == html


def test_a_bad_html_path_is_a_usage_error_before_the_review(capsys, save, tmp_path, monkeypatch):
    monkeypatch.setattr("game.core.review.run.review", lambda *a, **k: pytest.fail("reviewed before checking --html"))
    missing = tmp_path / "no" / "such" / "report.html"
    code, stdout, err = run(capsys, "review", str(save), "--html", str(missing))
    assert code == 2 and "does not exist" in err and str(missing.parent) in err and stdout == ""
    assert not (tmp_path / "no").exists()
    code, _, err = run(capsys, "review", str(save), "--html", str(tmp_path))
    assert code == 2 and "is a folder" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["midgame.json"]  # nothing half-written


def test_a_write_that_fails_leaves_the_old_report_whole(capsys, save, tmp_path, monkeypatch):
    out = tmp_path / "report.html"
    out.write_text("the old report")

    def failing(path, text):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("game.core.outputs.write_atomic", failing)
    code, _, err = run(capsys, "review", str(save), "--level", "intermediate", "--html", str(out), "--force")
    assert code == 2 and "No space left on device" in err
    assert out.read_text() == "the old report"
