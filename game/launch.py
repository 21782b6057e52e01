"""The ``tabula`` command's entry point: :func:`game.cli.main`, with Ctrl-C and SIGTERM
handled from the very first moment.

Loading the command line takes a moment (it imports every command and game).  A stop signal
in that moment is only noted: raising an exception from a signal handler in the middle of
an import can land in the import machinery's own callbacks, where Python prints "Exception
ignored" and carries on, so the command would run to its end as if never stopped.  Once
loaded, a noted stop ends the run before any work, as any stopped command ends: ``interrupted``
on stderr and exit code 130 after SIGINT, 143 after SIGTERM (:func:`forget_caught_interrupts`
keeps Python from turning the code into a SIGINT death).  From then on SIGINT raises
``KeyboardInterrupt`` as usual, SIGTERM too, until the command's own stop handling
(:mod:`game.core.jobs.stopping`) takes over.
"""

from __future__ import annotations

import signal
import sys

INTERRUPTED = 130
"""The exit code of a command stopped by Ctrl-C (128 + SIGINT), as shells report it."""
TERMINATED = 143
"""The exit code of a command stopped by SIGTERM (128 + SIGTERM)."""

_stopped: int | None = None
"""The first stop signal received (``None``: none)."""


def _note(signum, frame) -> None:
    global _stopped
    if _stopped is None:
        _stopped = signum


def _raise(signum, frame) -> None:
    _note(signum, frame)
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    global _stopped
    for number in (signal.SIGINT, signal.SIGTERM):
        signal.signal(number, _note)  # while loading: only noted (see the module doc)
    try:
        try:
            from .cli import main as run
        except KeyboardInterrupt:  # raised by the loading itself, as a Ctrl-C would
            _stopped = _stopped or signal.SIGINT
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.signal(signal.SIGTERM, _raise)
        if _stopped is not None:
            raise KeyboardInterrupt
        return run(argv)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return TERMINATED if (_stopped or _command_stopped()) == signal.SIGTERM else INTERRUPTED
    finally:
        forget_caught_interrupts()


def forget_caught_interrupts() -> None:
    """Make sure the exit code returned is the one the process ends with.

    CPython before 3.14 marks a ``KeyboardInterrupt`` that leaves code run by ``exec`` or
    ``eval`` of a string (a dataclass or named tuple being defined, as when a stop signal lands
    in an import) as unhandled, even when a caller catches it; ``python -m`` then ends the
    process by SIGINT after finalising, whatever exit code was returned, so a command stopped
    by SIGTERM would report 130 (CPython gh-128130).  Evaluating a string clears that mark
    (each evaluation starts by clearing it), so it is cleared once the command has returned."""
    eval("None")  # noqa: S307 - a constant: see the docstring


def _command_stopped() -> int | None:
    """The stop signal the command's own handling took, if it took one (a signal that came
    as that handling began can raise before the command catches it)."""
    stopping = sys.modules.get("game.core.jobs.stopping")
    return stopping.received() if stopping is not None else None
