"""SIGINT and SIGTERM take one clean stop path (game/core/jobs/stopping.py), in-process."""

from __future__ import annotations

import signal

import pytest

from game.cli import main
from game.core.jobs import stopping


def test_sigterm_raises_like_ctrl_c_and_the_exit_code_says_which_came():
    before = signal.getsignal(signal.SIGTERM)
    for number, code in ((signal.SIGTERM, 143), (signal.SIGINT, 130)):
        with stopping.stop_signals():
            with pytest.raises(KeyboardInterrupt):
                signal.raise_signal(number)
            assert stopping.exit_code() == code
    assert signal.getsignal(signal.SIGTERM) is before  # put back


def test_held_a_first_signal_is_only_noted_a_second_raises_at_once():
    with stopping.stop_signals(), stopping.held():
        signal.raise_signal(signal.SIGTERM)
        assert stopping.stop_requested() and stopping.exit_code() == 143
        with pytest.raises(KeyboardInterrupt):
            signal.raise_signal(signal.SIGINT)
        assert stopping.exit_code() == 143  # the first signal names the stop


def test_an_interrupt_inside_compiled_code_is_recognised():
    def compiled():
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt:
            raise SystemError("CPUDispatcher(<function x>) returned a result with an exception set") from None

    with pytest.raises(SystemError) as caught:
        compiled()
    assert stopping.is_interrupt(caught.value)
    assert not stopping.is_interrupt(SystemError("another"))


def test_a_command_ends_cleanly_on_such_an_error_or_a_held_signal(capsys, monkeypatch):
    from game.cli import perft

    def compiled(args):
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt:
            raise SystemError("CPUDispatcher(<function x>) returned a result with an exception set")  # noqa: B904

    monkeypatch.setattr(perft, "run", compiled)
    assert main(["perft", "backgammon", "--position", "4HPwATDgc/ABMA", "--depth", "1"]) == 130
    assert capsys.readouterr().err == "interrupted\n"

    def finishes_though_stopped(args):
        with stopping.held():
            signal.raise_signal(signal.SIGTERM)
        return 0

    monkeypatch.setattr(perft, "run", finishes_though_stopped)
    assert main(["perft", "backgammon", "--position", "4HPwATDgc/ABMA", "--depth", "1"]) == 143  # a stopped command never exits 0
