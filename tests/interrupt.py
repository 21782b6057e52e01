"""A result callback that stops a run like Ctrl+C after a few results (interrupted-run tests)."""

from __future__ import annotations


def interrupt_after(count: int):
    """``on_result`` for a run: keeps each record in ``.seen`` and raises ``KeyboardInterrupt``
    at the ``count``-th."""

    def on_result(record) -> None:
        on_result.seen.append(record)
        if len(on_result.seen) == count:
            raise KeyboardInterrupt

    on_result.seen = []
    return on_result
