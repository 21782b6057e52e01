"""A plain-text progress bar for long jobs: done/total, rate and ETA, redrawn with ``\\r``."""

from __future__ import annotations

import time
from typing import TextIO

ETA_MIN_ITEMS = 3
ETA_MIN_SECONDS = 1.0
"""No time left is guessed before this many items and seconds: the first items' rate
includes starting the workers and would promise far too long a wait."""


def eta_seconds(done: int, remaining: int, elapsed: float) -> float | None:
    """Seconds left at the rate of ``done`` items in ``elapsed`` seconds; ``None`` while too early."""
    if remaining <= 0:
        return 0.0
    if done < ETA_MIN_ITEMS or elapsed < ETA_MIN_SECONDS:
        return None
    return remaining * elapsed / done


def format_duration(seconds: float) -> str:
    seconds = int(round(seconds))
    hours, rest = divmod(seconds, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"


class ProgressBar:
    """Counts finished items; the rate and ETA use only items finished in this run.

    ``start`` items were done before (a resumed run).  Redraws at most every
    ``interval`` seconds, and always at the last item.
    """

    def __init__(self, total: int, stream: TextIO, start: int = 0, unit: str = "games",
                 width: int = 30, interval: float = 0.1) -> None:
        self.total, self.done, self.start = total, start, start
        self.stream, self.unit, self.width, self.interval = stream, unit, width, interval
        self.began = time.monotonic()
        self.drawn = float("-inf")

    def advance(self, count: int = 1) -> None:
        self.done += count
        now = time.monotonic()
        if now - self.drawn >= self.interval or self.done >= self.total:
            self.drawn = now
            self.stream.write("\r" + self.line(now - self.began))
            self.stream.flush()

    def line(self, elapsed: float) -> str:
        fraction = self.done / self.total if self.total else 1.0
        filled = int(self.width * fraction)
        bar = "#" * filled + "." * (self.width - filled)
        rate = (self.done - self.start) / elapsed if elapsed > 0 else 0.0
        left = eta_seconds(self.done - self.start, self.total - self.done, elapsed)
        eta = "?" if left is None else format_duration(left)
        return f"[{bar}] {self.done}/{self.total} {self.unit}  {rate:.1f} {self.unit}/s  ETA {eta} "

    def close(self) -> None:
        """End the bar's line, if one was drawn (call once, finished or not)."""
        if self.drawn == float("-inf"):
            return
        self.stream.write("\n")
        self.stream.flush()
