"""Running ``tabula`` in-process for the command-line tests."""

from __future__ import annotations

from game.cli import main


def run(capsys, *argv) -> tuple[int, str, str]:
    """``(exit code, stdout, stderr)`` of ``tabula ARGV``; usage errors exit with 2."""
    try:
        code = main(list(argv))
    except SystemExit as exit_:
        code = exit_.code
    out, err = capsys.readouterr()
    return code, out, err
