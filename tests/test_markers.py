"""The markers say what they promise, so that ``-m "not slow and not ray"`` really leaves out
what it claims to: every test under ``tests/ui`` and every test that builds the App carries
``window``, every test on the ``ray_cluster`` fixture carries ``ray``, every ``long`` test
carries ``slow``.

The tests checked are those this session collected (before ``-m`` or ``-k`` deselected any);
when the session did not collect every test file (one file run alone, ``--lf``), the whole
suite is collected afresh in a child process, with this module as the plugin that writes down
each test's markers and fixtures (``-p tests.test_markers``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import COLLECTED

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
UI = TESTS / "ui"
APP_FIXTURES = {"app", "window"}
"""Fixtures that build the App: ``tests/ui/conftest.py``'s ``app``, ``tests/reliability``'s ``window``."""


def record(item) -> dict:
    return {"id": item.nodeid, "path": str(item.path), "markers": sorted({m.name for m in item.iter_markers()}),
            "fixtures": sorted(getattr(item, "fixturenames", ()))}


def pytest_collection_finish(session):
    """(As a plugin of the child process only.)  The collected tests, written down."""
    out = os.environ.get("TABULA_MARKERS_OUT")
    if out:
        Path(out).write_text(json.dumps([record(item) for item in session.config.stash[COLLECTED]]))


def collected_afresh(tmp_path) -> list[dict]:
    out = tmp_path / "markers.json"
    env = {**os.environ, "TABULA_MARKERS_OUT": str(out), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-n", "0", "-p", "no:cacheprovider",
                           "-p", "tests.test_markers", str(TESTS)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return json.loads(out.read_text())


def unmarked(tests: list[dict]) -> dict[str, list[str]]:
    """For each marker, the tests that should carry it and do not."""
    def missing(marker, should):
        return [test["id"] for test in tests if should(test) and marker not in test["markers"]]

    return {"window": missing("window", lambda t: UI in Path(t["path"]).parents or APP_FIXTURES & set(t["fixtures"])),
            "ray": missing("ray", lambda t: "ray_cluster" in t["fixtures"]),
            "slow": missing("slow", lambda t: "long" in t["markers"])}


def test_every_window_ray_and_long_test_carries_its_marker(request, tmp_path):
    items = request.config.stash[COLLECTED]
    files = {str(path) for path in TESTS.rglob("test_*.py")}
    whole = files <= {str(item.path) for item in items}
    tests = [record(item) for item in items] if whole else collected_afresh(tmp_path)
    assert unmarked(tests) == {"window": [], "ray": [], "slow": []}
    assert len(tests) > 1000  # the whole suite, not a part of it
    for marker, at_least in (("window", 100), ("ray", 10), ("slow", 5)):
        assert sum(marker in test["markers"] for test in tests) >= at_least, marker


def test_the_check_finds_a_missing_marker():
    """The check itself can fail: tests without their markers are named."""
    bare = [{"id": "ui", "path": str(UI / "test_x.py"), "markers": [], "fixtures": []},
            {"id": "app", "path": str(TESTS / "reliability" / "test_x.py"), "markers": ["slow"], "fixtures": ["window"]},
            {"id": "ray", "path": str(TESTS / "core" / "test_x.py"), "markers": ["window"], "fixtures": ["ray_cluster"]},
            {"id": "long", "path": str(TESTS / "test_x.py"), "markers": ["long", "window"], "fixtures": []},
            {"id": "fine", "path": str(TESTS / "test_x.py"), "markers": [], "fixtures": ["tmp_path"]}]
    assert unmarked(bare) == {"window": ["ui", "app"], "ray": ["ray"], "slow": ["long"]}


GROUPED = '''
import os, pathlib, pytest

def _note(name):
    pathlib.Path(os.environ["NOTES"], name).write_text(os.environ.get("PYTEST_XDIST_WORKER", "none"))

@pytest.mark.parametrize("n", range(8))
def test_alone(n):
    _note(f"alone{n}")

@pytest.mark.xdist_group("together")
@pytest.mark.parametrize("n", range(8))
def test_grouped(n):
    _note(f"grouped{n}")
'''


def test_a_group_runs_on_one_worker(tmp_path):
    """``--dist loadgroup`` keeps an ``xdist_group`` on one worker with this suite's hook (the
    Ray tests share one Ray instance, the reviewed matches one review): under pytest 9.2 the
    group's tests were spread over the workers."""
    (tmp_path / "test_grouped.py").write_text(GROUPED)
    (tmp_path / "conftest.py").write_text("import pytest\nfrom tests.conftest import _group_ids\n\n"
                                          "@pytest.hookimpl(tryfirst=True)\n"
                                          "def pytest_collection_finish(session):\n    _group_ids(session)\n")
    notes = tmp_path / "notes"
    notes.mkdir()
    env = {**os.environ, "NOTES": str(notes), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "2", "--dist",
                           "loadgroup", str(tmp_path)], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-2000:]
    workers = {path.name: path.read_text() for path in notes.iterdir()}
    assert len(workers) == 16 and len({workers[f"grouped{n}"] for n in range(8)}) == 1, workers
