"""Run as ``python -m tests.stop_exit_probe``: a command that a SIGTERM stops inside code run by
``exec`` (where a stop signal lands when it comes while a dataclass or named tuple is being
defined, in an import), which catches the interrupt and returns the stop's exit code through
the ``tabula`` entry point.  The process must end with that code (143), not by SIGINT."""

from __future__ import annotations

import sys

import game.cli
from game import launch
from game.core.jobs import stopping


def _stopped_inside_exec(argv) -> int:
    with stopping.stop_signals():
        try:
            exec("import os, signal\nos.kill(os.getpid(), signal.SIGTERM)\nfor _ in range(10 ** 8): pass")
        except KeyboardInterrupt:
            return stopping.exit_code()
    return 0


if __name__ == "__main__":
    game.cli.main = _stopped_inside_exec
    sys.exit(launch.main([]))
