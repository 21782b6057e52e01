"""Computer players and analyses run in worker processes; the autosave is written in the background."""

from __future__ import annotations

import json
import os
import threading
import time

import pytest

from game.core.jobs.tasks import process_pid
from game.core.jobs.worker import WorkerProcess
from game.core.session import GameSession
from game.games import get_game
from game.ui.analysis.analyst import Analyst
from game.ui.jobs.autosaver import Autosaver
from game.ui.jobs.worker import MoveWorker, recipe_for

BACKGAMMON = get_game("backgammon")

pytestmark = pytest.mark.skipif(bool(os.environ.get("TABULA_NO_PROCESSES")), reason="worker processes turned off")


def wait(worker, limit: float = 120.0):
    end = time.monotonic() + limit
    while time.monotonic() < end:
        outcome = worker.poll()
        if outcome is not None:
            return outcome
        time.sleep(0.002)
    raise AssertionError("worker never answered")


def deciding(session: GameSession) -> GameSession:
    """Roll (and play forced moves) until the player to move has a real choice."""
    while True:
        if session.to_move < 0:
            session.roll()
        elif len(session.rules.legal_moves(session.state)) < 2:
            session.apply(session.rules.legal_moves(session.state)[0])
        else:
            return session


# -- jobs for a private worker process (module level, so they travel by reference) ------------
def sleepy(seconds: float, *, cancel) -> str:
    """Ignores its cancel: the process has to be ended."""
    time.sleep(seconds)
    return "slept"


def polite(*, cancel) -> str:
    from game.core.search import SearchCancelled

    if cancel.wait(60):
        raise SearchCancelled()
    return "never cancelled"


def broken(*, cancel):
    raise RuntimeError("broken on purpose")


def broken_analysis(state, level="x"):
    raise RuntimeError("broken evaluator")


@pytest.fixture
def private():
    worker = WorkerProcess("test")
    yield worker
    worker.close()


def test_jobs_run_in_another_process_errors_come_back_as_messages(private):
    ticket = private.submit(process_pid)
    assert ticket.wait(60)
    assert ticket.outcome[0] == "ok" and ticket.outcome[1] == ticket.pid != os.getpid()
    failed = private.submit(broken)
    assert failed.wait(60) and failed.outcome == ("error", "RuntimeError: broken on purpose")
    unsendable = private.submit(sleepy, threading.Lock())  # cannot be pickled: an error, no hang
    assert unsendable.wait(60) and unsendable.outcome[0] == "error"
    again = private.submit(process_pid)
    assert again.wait(60) and again.outcome == ("ok", ticket.pid)  # the same process, reused


def test_a_cancel_stops_the_job_and_an_overdue_one_ends_the_process(private):
    first = private.submit(process_pid)
    assert first.wait(60)
    job = private.submit(polite)
    queued = private.submit(process_pid)
    queued.cancel()  # never sent
    assert queued.done and queued.outcome == ("cancelled", None)
    time.sleep(0.1)
    job.cancel()  # the job sees its event and stops
    assert job.wait(30) and job.outcome == ("cancelled", None) and job.pid == first.outcome[1]
    stubborn = private.submit(sleepy, 30)
    time.sleep(0.3)
    stubborn.cancel()  # ignores it: the process is ended after the grace
    assert stubborn.wait(10) and stubborn.outcome == ("cancelled", None)
    after = private.submit(process_pid)  # a new process takes the next job
    assert after.wait(60) and after.outcome[0] == "ok" and after.outcome[1] != first.outcome[1]


def test_a_computer_move_is_chosen_in_the_worker_process():
    session = deciding(GameSession(BACKGAMMON, ["hard", "intermediate"], seed=4))
    worker = MoveWorker(session)
    for _ in range(4):
        deciding(session)
        if session.is_over:
            break
        worker.start(session.players[session.to_move], session.rules, session.state)
        move, error = wait(worker)
        assert error is None and move in session.rules.legal_moves(session.state)
        assert worker.pid is not None and worker.pid != os.getpid()
        session.apply(move)


@pytest.mark.slow
def test_the_process_plays_the_moves_the_players_play_here():
    """The child rebuilds each seat's player from its recipe and keeps it: a noisy level
    plays exactly the moves the session's own player objects would."""
    info = get_game("mandragora")
    names = ["expert", "random"]
    remote, local = GameSession(info, names, seed=8), GameSession(info, names, seed=8)
    worker = MoveWorker(remote)
    for _ in range(6):
        if remote.is_over:
            break
        worker.start(remote.players[remote.to_move], remote.rules, remote.state)
        move, error = wait(worker)
        assert error is None and worker.pid != os.getpid()
        assert move == local.players[local.to_move].choose(local.rules, local.state)
        remote.apply(move)
        local.apply(move)


def test_players_not_built_by_the_session_think_in_a_thread():
    session = deciding(GameSession(BACKGAMMON, ["hard", "hard"], seed=1))
    assert recipe_for(session, session.players[0]) is not None
    stranger = BACKGAMMON.players.player("hard", 12345)
    assert recipe_for(session, stranger) is None
    worker = MoveWorker(session)
    worker.start(stranger, session.rules, session.state)
    _, error = wait(worker)
    assert error is None and worker.pid is None


def test_cancel_stops_an_expert_thinking_in_the_process():
    session = deciding(GameSession(BACKGAMMON, ["expert", "expert"], seed=2))
    worker = MoveWorker(session)
    process = worker._process
    process.submit(process_pid).wait(60)  # the process is up
    worker.start(session.players[session.to_move], session.rules, session.state)
    time.sleep(0.3)
    worker.cancel()
    assert not worker.busy and worker.poll() is None
    ticket = process.submit(process_pid)  # the search has stopped: the next job is answered
    assert ticket.wait(60) and ticket.outcome[0] == "ok"
    worker.start(session.players[session.to_move], session.rules, session.state)  # and it thinks again
    move, error = wait(worker)
    assert error is None and move in session.rules.legal_moves(session.state)


def test_the_analysis_runs_in_the_analysis_process_and_errors_come_back():
    session = deciding(GameSession(BACKGAMMON, ["hard", "hard"], seed=3))
    analyst = Analyst(BACKGAMMON.move_analysis().analyze, {"level": "beginner"}, BACKGAMMON.move_analysis().cancellable)
    analyst.focus(session.state)
    end = time.monotonic() + 120
    while not analyst.done(session.state) and time.monotonic() < end:
        time.sleep(0.01)
    records = analyst.get(session.state)
    assert records and records[0].notation and analyst.pid not in (None, os.getpid())
    analyst.close()
    failing = Analyst(broken_analysis, {"level": "x"})
    failing.focus("position")
    end = time.monotonic() + 60
    while not failing.done("position") and time.monotonic() < end:
        time.sleep(0.01)
    assert failing.error("position") == "the analysis failed: RuntimeError: broken evaluator"
    assert failing.pid not in (None, os.getpid())
    failing.close()


def test_the_autosaver_keeps_the_latest_record_and_flushes(tmp_path, monkeypatch):
    from game.core import saves

    session = GameSession(BACKGAMMON, ["hard", "hard"], seed=6)
    saver = Autosaver()
    release = threading.Event()
    real = saves.save_game

    def slow_save(path, record):
        release.wait(10)
        real(path, record)

    monkeypatch.setattr("game.ui.jobs.autosaver.save_game", slow_save)
    path = tmp_path / "auto.json"
    records = []
    for _ in range(5):
        deciding(session)
        session.apply(session.rules.legal_moves(session.state)[0])
        records.append(session.record())
        saver.save(path, records[-1])
    release.set()
    assert saver.flush()
    assert json.loads(path.read_text())["actions"] == records[-1].actions
    assert saver.written < 5  # the records waiting behind the first write were coalesced
    saver.save(tmp_path / "missing" / "\0bad", records[-1])
    assert saver.flush() and saver.errors() and saver.errors() == []


@pytest.mark.slow
def test_the_autosave_is_written_after_a_move_and_at_leave(app, tabula_home):
    from game.core.saves import autosave_path
    from game.ui.jobs.autosaver import AUTOSAVER

    from .util import run_until

    app.play(GameSession(BACKGAMMON, ["hard", "hard"], seed=11))
    scene = app.scene
    assert run_until(app, lambda: len(scene.session.actions) >= 4, limit=200000)
    assert AUTOSAVER.flush()
    saved = json.loads(autosave_path().read_text())["actions"]
    assert saved and saved == scene.session.actions[:len(saved)]
    app.show_menu()  # leaving: the last position is on disk at once
    assert json.loads(autosave_path().read_text())["actions"] == scene.session.actions


def test_closing_while_an_expert_thinks_in_the_process(app, tabula_home):
    import pygame

    from game.core.saves import autosave_path
    from game.core.session import GameSetup

    from .util import run_until

    assert app.start_game(GameSetup("backgammon", ("human", "expert"), seed=2, options={"first": 1}))
    scene = app.scene
    assert run_until(app, lambda: scene.turns.worker.busy, limit=100)
    assert scene.turns.worker._ticket is not None  # thinking in the process, not in a thread
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.frame() is False
    assert not scene.turns.worker.busy and autosave_path().exists()
