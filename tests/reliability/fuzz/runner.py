"""What every fuzz target shares: a :class:`Target` (how a case is drawn and checked), the
outcomes, the report, and the guards a case runs under."""

from __future__ import annotations

import random
import signal
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

HANG_SECONDS = 20
"""A case still running after this long is a hang."""
OUTCOMES = ("clean error", "accepted", "crash", "hang")


@dataclass(frozen=True)
class Target:
    """One kind of input: ``draw(rng)`` makes a case from its own seeded generator and
    ``check(case)`` feeds it to Tabula, raising ``ValueError`` for a clean refusal and
    :class:`FollowUpFailed` (or anything else) for a finding.  ``share`` is its part of a
    soak run's cases (a case that starts processes and waits for signals costs seconds,
    a text read milliseconds); ``hang_seconds`` its own limit."""

    draw: Callable[[random.Random], Any]
    check: Callable[[Any], None]
    share: float = 1.0
    hang_seconds: float = HANG_SECONDS


class Hang(Exception):
    """Raised in a case that ran past its time limit."""


class FollowUpFailed(Exception):
    """What an accepted input went on to failed: any exception there is a finding, a
    ``ValueError`` included (an export that its own import refuses, a command's traceback)."""


@contextmanager
def follow_up(what: str) -> Iterator[None]:
    try:
        yield
    except Exception as error:  # noqa: BLE001
        raise FollowUpFailed(f"{what}: {type(error).__name__}: {str(error)[:200]}") from None


@dataclass
class FuzzReport:
    """Counts per target and outcome, and every crash and hang, to replay."""

    counts: dict[str, Counter] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)

    def add(self, target: str, outcome: str, detail: str = "") -> None:
        self.counts.setdefault(target, Counter())[outcome] += 1
        if outcome in ("crash", "hang"):
            self.failures.append(f"{target}: {outcome}: {detail}")

    def table(self) -> str:
        lines = [f"{'input':<20}" + "".join(f"{name:>14}" for name in OUTCOMES)]
        for target, counts in self.counts.items():
            lines.append(f"{target:<20}" + "".join(f"{counts[name]:>14}" for name in OUTCOMES))
        return "\n".join(lines)

    @property
    def bad(self) -> int:
        return sum(c["crash"] + c["hang"] for c in self.counts.values())


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`Hang` in the block after ``seconds`` (SIGALRM: the main thread, Unix)."""
    def alarm(signum, frame):
        raise Hang(f"no answer within {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
