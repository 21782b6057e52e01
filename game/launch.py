"""The ``tabula`` command's entry point: :func:`game.cli.main`, with Ctrl-C handled from the
very first moment.

Loading the command line takes a moment (it imports every command and game); a Ctrl-C in
that moment, or while the window starts, would otherwise end in a traceback.  Here it ends
as any interrupted command does: ``interrupted`` on stderr and exit code 130.
"""

from __future__ import annotations

import sys

INTERRUPTED = 130
"""The exit code of a command stopped by Ctrl-C (128 + SIGINT), as shells report it."""


def main(argv: list[str] | None = None) -> int:
    try:
        from .cli import main as run

        return run(argv)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return INTERRUPTED
