"""The streaming job (game/core/jobs/stream.py): messages in order from a process or a thread,
cancel keeping what arrived and ending a stubborn process after its grace, a dead child
reported as a failure, and no process left behind."""

from __future__ import annotations

import multiprocessing
import os
import time

import pytest

from game.core.jobs.stream import StreamingJob

FLAVOURS = [pytest.param(True, id="process"), pytest.param(False, id="thread")]
needs_processes = pytest.mark.skipif(bool(os.environ.get("TABULA_NO_PROCESSES")), reason="processes turned off")


# -- jobs (module level: a spawned child imports them by reference) ----------------------------
def count(up_to: int, *, send, cancel) -> str:
    for n in range(up_to):
        send(("step", n, os.getpid()))
    return "counted"


def polite(*, send, cancel) -> str:
    send("started")
    cancel.wait(60)
    send("stopping")
    return "partial"


def stubborn(*, send, cancel) -> str:
    send("started")
    time.sleep(60)  # never looks at cancel: its process has to be ended
    return "slept"


def dies(*, send, cancel) -> None:
    send("before")
    os._exit(3)


def broken(*, send, cancel) -> None:
    send("before")
    raise RuntimeError("broken on purpose")


# -- helpers ------------------------------------------------------------------------------------
def follow(job: StreamingJob, until=lambda messages: False, limit: float = 120.0) -> list:
    """Poll ``job`` until it ends or ``until(messages so far)``; the messages, in order."""
    messages: list = []
    end = time.monotonic() + limit
    while time.monotonic() < end:
        messages += job.poll()
        if not job.running or until(messages):
            return messages
        time.sleep(0.01)
    raise AssertionError(f"the job neither ended nor got there: {messages}")


@pytest.fixture(autouse=True)
def no_process_left():
    yield
    end = time.monotonic() + 15
    while multiprocessing.active_children() and time.monotonic() < end:
        time.sleep(0.05)
    assert multiprocessing.active_children() == []


# -- tests --------------------------------------------------------------------------------------
@pytest.mark.parametrize("processes", FLAVOURS)
def test_messages_arrive_in_order_then_the_result(processes):
    job = StreamingJob(count, 50, name="count", processes=processes)
    messages = follow(job)
    assert [m[:2] for m in messages] == [("step", n) for n in range(50)]
    assert (job.status, job.result, job.error) == ("done", "counted", None)
    assert job.poll() == []  # each message is handed once
    in_child = {m[2] for m in messages} != {os.getpid()}
    assert job.in_process == in_child == (processes and not os.environ.get("TABULA_NO_PROCESSES"))
    assert job.join(30) and not job.alive


@needs_processes
def test_a_cancel_keeps_what_arrived_and_ends_a_stubborn_process_after_its_grace():
    job = StreamingJob(stubborn, name="stubborn")
    assert follow(job, lambda messages: "started" in messages) == ["started"]
    job.cancel(grace=1.0)
    assert job.alive  # given its grace first
    assert job.join(30)  # then ended
    follow(job)
    assert job.status == "cancelled" and job.error is None and job.result is None


@pytest.mark.parametrize("processes", FLAVOURS)
def test_a_job_that_stops_when_asked_ends_done_with_what_it_sent(processes):
    job = StreamingJob(polite, name="polite", processes=processes)
    assert follow(job, lambda messages: "started" in messages) == ["started"]
    job.cancel(grace=30)
    assert follow(job) == ["stopping"]  # sent after the cancel, before its end: still handed
    assert (job.status, job.result) == ("done", "partial")
    assert job.join(30)


@needs_processes
def test_a_child_that_dies_is_reported_as_failed_keeping_what_it_sent():
    job = StreamingJob(dies, name="dying")
    assert follow(job) == ["before"]
    assert job.status == "failed"
    assert job.error == "the dying process stopped unexpectedly (exit code 3)"


@pytest.mark.parametrize("processes", FLAVOURS)
def test_a_job_that_raises_fails_saying_why(processes):
    job = StreamingJob(broken, name="broken", processes=processes)
    assert follow(job) == ["before"]
    assert (job.status, job.error) == ("failed", "RuntimeError: broken on purpose")


def test_a_thread_when_asked_or_when_no_process_can_start(monkeypatch):
    asked = StreamingJob(count, 2, processes=False)
    follow(asked)
    assert not asked.in_process and asked.fallback is None and asked.status == "done"
    unsendable = StreamingJob(lambda *, send, cancel: send("here") or "ok", name="lambda")  # cannot be pickled
    assert follow(unsendable) == ["here"] and unsendable.result == "ok"
    assert not unsendable.in_process and unsendable.fallback
    monkeypatch.setenv("TABULA_NO_PROCESSES", "1")
    turned_off = StreamingJob(count, 1)
    follow(turned_off)
    assert not turned_off.in_process and "TABULA_NO_PROCESSES" in turned_off.fallback


def keeps_sending(*, send, cancel) -> None:
    """A job like the rollout's: it reports its own failures back, by sending them."""
    try:
        for n in range(3):
            send(("step", n))
    except Exception as error:  # noqa: BLE001
        send(("error", str(error)))


def test_a_child_whose_owner_stopped_listening_ends_quietly(monkeypatch, capsys):
    """A cancelled job's child finishing its block finds the pipe closed: it ends without a
    traceback (nobody is there to read one), however the job handles its own errors."""
    import signal

    from game.core.jobs import stream
    from game.core.tournament import runner

    monkeypatch.setattr(signal, "signal", lambda *args: None)  # in_child would take this process's Ctrl-C
    monkeypatch.setattr(runner, "end_with_parent", lambda: None)

    class Closed:
        sent = 0

        def send(self, message) -> None:
            Closed.sent += 1
            raise BrokenPipeError(32, "Broken pipe")

    stream._main(keeps_sending, (), Closed(), None, in_child=True)
    stream._main(count, (2,), Closed(), None, in_child=True)
    assert Closed.sent == 2 and capsys.readouterr().err == ""  # each stopped at its first send
