"""Tests run headless: no window ever opens, whatever the machine has."""

import builtins
import os
import signal
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

# One BLAS thread a process, here and in every process a test starts: the run already keeps
# every core busy with one test process each (xdist), and OpenBLAS's own threads on top of
# that spin against each other (the network-heavy tests took two and a half times as long).
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

# Ctrl-C raises KeyboardInterrupt, as in a terminal, even when the test run was started with
# SIGINT ignored (a background job of a non-interactive shell inherits that): the tests of
# interrupted tournaments, training and reviews send themselves a real SIGINT.
signal.signal(signal.SIGINT, signal.default_int_handler)


import pytest
from threadpoolctl import threadpool_limits

from tests import run_guard

threadpool_limits(1, user_api="blas")  # in case numpy was loaded before the variables were set

COLLECTED = pytest.StashKey[list]()
"""Every test this session collected, before ``-m`` or ``-k`` deselected any (``test_markers``)."""


@pytest.hookimpl(tryfirst=True)  # before ``-m`` selects by the markers added here
def pytest_collection_modifyitems(config, items):
    """Tests on Ray run in one xdist worker (``--dist loadgroup``), so one Ray instance serves
    them all instead of one per worker competing for the same two CPUs; they are marked
    ``ray``.  So do the tests of the reviewed real matches (:func:`reviewed_matches`).  A ``long`` test is ``slow`` too.  Tests marked ``long`` run first: left to the
    end of the order they kept one worker busy alone for a minute or more while the other had
    nothing left to do."""
    for item in items:
        if "ray_cluster" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.xdist_group("ray"))
            item.add_marker(pytest.mark.ray)
        elif "reviewed_matches" in getattr(item, "fixturenames", ()):  # one worker makes the reviews
            item.add_marker(pytest.mark.xdist_group("reviewed_matches"))
        if item.get_closest_marker("long") is not None and item.get_closest_marker("slow") is None:
            item.add_marker(pytest.mark.slow)
    items.sort(key=lambda item: item.get_closest_marker("long") is None)  # stable: the rest keep their order
    config.stash[COLLECTED] = list(items)


@pytest.hookimpl(tryfirst=True)  # before the worker sends its collection to the scheduler
def pytest_collection_finish(session):
    session.config.stash[RAY_TESTS_LEFT] = sum(map(_uses_ray, session.items))
    _group_ids(session)


def _group_ids(session) -> None:
    """``--dist loadgroup`` as pytest-xdist means it: each test of an ``xdist_group`` ends its
    id with ``@group``, which the scheduler reads to send a group to one worker.  pytest-xdist
    3.8 renames the item's ``_nodeid``, which pytest 9.2 no longer reads (a node's id is a
    ``NodeId`` that caches its text), so every group was spread over the workers; the text is
    set here where the worker's renaming did not take."""
    if not getattr(session.config.option, "loadgroup", False):  # set on xdist's workers (their --dist is "no")
        return
    for item in session.items:
        names = sorted({str(m.args[0] if m.args else m.kwargs.get("name", "default"))
                        for m in item.iter_markers("xdist_group")})
        node_id = getattr(item, "_id", None)
        if names and node_id is not None and "@" not in str(node_id).rpartition("]")[2]:
            object.__setattr__(node_id, "_str_cache", f"{node_id}@{'_'.join(names)}")


RUN_MARK = pytest.StashKey[str]()
"""This run's mark (:mod:`tests.run_guard`)."""


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config):
    """The run's mark (:mod:`tests.run_guard`), made by its first process before xdist starts
    the test processes (at the session's start), which inherit it."""
    config.stash[RUN_MARK] = run_guard.mark_run(first=not hasattr(config, "workerinput"))


@pytest.hookimpl(tryfirst=True)  # before xdist's own ending, which can wait on a test process
def pytest_sessionfinish(session):
    """Every process of the run ends within :data:`tests.run_guard.SHUTDOWN_SECONDS` of its
    session's end, with its threads' stacks on stderr if it has to be ended."""
    run_guard.end_within()


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config):
    """The run's first process ends what the run left running, and names it."""
    if not hasattr(config, "workerinput"):
        run_guard.end_left_running(config.stash[RUN_MARK])


RAY_TESTS_LEFT = pytest.StashKey[int]()
"""Tests asking for ``ray_cluster`` not yet run in this process."""


def _uses_ray(item) -> bool:
    return "ray_cluster" in getattr(item, "fixturenames", ())


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item, nextitem):
    """Ray ends after the last test that asked for it: idle, its processes still take about
    7% of a CPU, and the long Ray tests run first, so it would idle for most of the run.  All
    of them run in one process (their xdist group), so that process counts down to none."""
    if not _uses_ray(item):
        return
    left = item.config.stash[RAY_TESTS_LEFT] = item.config.stash[RAY_TESTS_LEFT] - 1
    ray = sys.modules.get("ray")
    if left == 0 and ray is not None and ray.is_initialized():
        ray.shutdown()


@pytest.fixture(scope="session")
def ray_cluster():
    """One local Ray instance with two CPUs for the tests of the Ray path (starting one takes
    seconds); it ends after the last of them (:func:`pytest_runtest_teardown`)."""
    from game.core.cluster import connect

    return connect(num_cpus=2)


@pytest.fixture(scope="session")
def midgame():
    """The example save ``human-vs-hard-midgame.json`` (a backgammon game of 16 decisions), loaded."""
    from game.core.saves import examples_dir, load_game
    from game.games import rules_for

    return load_game(examples_dir() / "human-vs-hard-midgame.json", rules_for)


@pytest.fixture(scope="session")
def reviewed_matches(tmp_path_factory):
    """The six real matches of ``tests/data/matches`` reviewed at Intermediate, each with the
    ``.review`` cache ``tabula review`` leaves beside it: ``(folder, {file name: report})``.
    The caches come recorded (``tests/data/reviews/record.py``); one that no longer counts
    (another version or other weights) is reviewed again.
    The library takes a match's review from that cache, so tests of what the library does with
    reviews need not analyse again.  Made once a test run: the folder is shared by the run's
    workers (a lock lets one review while the others wait, then each reads the caches), so
    neither a second worker nor a fixture set up again reviews anything.  Copy the files
    (and caches) before changing them."""
    import fcntl
    import shutil
    import zipfile
    from pathlib import Path

    from game.core.review.run import cached_review
    from game.games import get_game, reviewed_record

    root = tmp_path_factory.getbasetemp()
    shared = root.parent if os.environ.get("PYTEST_XDIST_WORKER") else root
    folder = shared / "reviewed_matches"
    folder.mkdir(exist_ok=True)
    info = get_game("backgammon")
    reports = {}
    data = Path(__file__).parent / "data"
    with open(shared / "reviewed_matches.lock", "w") as lock, zipfile.ZipFile(data / "reviews" / "intermediate.zip") as recorded:
        fcntl.flock(lock, fcntl.LOCK_EX)
        for path in sorted((data / "matches").glob("*.mat")):
            copy = folder / path.name
            if not copy.exists():
                shutil.copyfile(path, copy)
                (folder / f"{path.name}.review").write_bytes(recorded.read(f"{path.name}.review"))
            reports[path.name] = cached_review(info, reviewed_record(copy), copy, {"level": "intermediate"})[0]
    return folder, reports


@pytest.fixture(scope="session")
def reviewed_library(reviewed_matches, tmp_path_factory):
    """A library of the six reviewed real matches (:func:`reviewed_matches`), added and analysed
    at Intermediate (the analysis takes up the recorded reviews).  Made once a test run per
    worker; copy it before writing to it."""
    from game.cli import main

    folder, _ = reviewed_matches
    path = tmp_path_factory.mktemp("reviewed_library") / "library.sqlite3"
    assert main(["library", "add", str(folder), "--library", str(path)]) == 0
    assert main(["library", "analyze", "--level", "intermediate", "--workers", "1", "--library", str(path)]) == 0
    return path


@pytest.fixture
def without_ray(monkeypatch):
    """Ray not installed: importing it fails, as on a machine without the ``cluster`` extra."""
    real_import = builtins.__import__

    def no_ray(name, *args, **kwargs):
        if name == "ray" or name.startswith("ray."):
            raise ImportError("No module named 'ray'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_ray)
