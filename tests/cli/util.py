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


def interrupt_after(monkeypatch, games: int):
    """Make a tournament raise ``KeyboardInterrupt`` (a Ctrl-C) once ``games`` results are
    stored; returns a function that restores normal storing."""
    from game.core.tournament import results

    append = results.ResultStore.append

    def interrupting(store, record):
        append(store, record)
        if len(store.records) == games:
            raise KeyboardInterrupt

    monkeypatch.setattr(results.ResultStore, "append", interrupting)
    return lambda: monkeypatch.setattr(results.ResultStore, "append", append)
