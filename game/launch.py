"""The ``tabula`` command's entry point: :func:`game.cli.main`, with Ctrl-C and SIGTERM
handled from the very first moment.

Loading the command line takes a moment (it imports every command and game); a Ctrl-C in
that moment, or while the window starts, would otherwise end in a traceback, and a SIGTERM
would end the process unannounced.  Here both end as any stopped command does
(:mod:`game.core.jobs.stopping` takes over once a command runs): ``interrupted`` on stderr
and exit code 130 after SIGINT, 143 after SIGTERM.
"""

from __future__ import annotations

import signal
import sys

INTERRUPTED = 130
"""The exit code of a command stopped by Ctrl-C (128 + SIGINT), as shells report it."""
TERMINATED = 143
"""The exit code of a command stopped by SIGTERM (128 + SIGTERM)."""

_terminated = False


def _terminate(signum, frame) -> None:
    global _terminated
    _terminated = True
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    signal.signal(signal.SIGTERM, _terminate)  # until a command's own stop handling takes over
    try:
        from .cli import main as run

        return run(argv)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return TERMINATED if _terminated else INTERRUPTED
