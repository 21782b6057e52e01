"""A seeded fuzzer for everything a user hands Tabula: text files, position strings, command
options, output paths and signals.

Map:
- :mod:`.runner`: a :class:`Target` (how a case is drawn and checked), the outcomes, the report;
- :mod:`.mutations`: mutations of a valid text;
- :mod:`.readers`: mutated ``.mat`` and ``.sgf`` files, Chesstack positions, match IDs, XGIDs;
- :mod:`.commands`: position strings through every command that takes one, ``rollout``'s options;
- :mod:`.outputs`: output paths of every command that writes a file (the input, its cache, links,
  devices, FIFOs, folders, names too long): nothing the user did not name is destroyed;
- :mod:`.signals`: long jobs stopped by SIGINT or SIGTERM at random moments.

Every case's outcome is one of

- ``clean error``: the reader's or the command's own refusal (the user gets one message);
- ``accepted``: read or run, and everything after it held (a match file exports to both formats
  and imports again the same; a position's text reads back the same; a stopped job exited as
  it should);
- ``crash``: any other exception, or an accepted input whose follow-up failed;
- ``hang``: no answer within the target's time limit.

The suite runs a few cases of each (``tests/reliability/test_fuzz.py``);
``python -m bench.reliability.soak --fuzz N`` runs ``N`` in all, shared out by each target's
``share``, and prints the counts per target.  The same seed gives the same cases.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from . import commands, outputs, readers, signals
from .mutations import mutate
from .readers import MATCHES, games_of
from .runner import HANG_SECONDS, OUTCOMES, FollowUpFailed, FuzzReport, Hang, Target, time_limit

__all__ = ["HANG_SECONDS", "MATCHES", "OUTCOMES", "TARGETS", "FuzzReport", "Target", "cases", "counts_for", "fuzz",
           "games_of", "mutate", "run_case"]

TARGETS: dict[str, Target] = {**readers.TARGETS, **commands.TARGETS, **outputs.TARGETS, **signals.TARGETS}


def cases(target: str, count: int, seed: int) -> Iterator[tuple[int, Any]]:
    """``(number, case)``: the same ``count`` cases for the same seed."""
    for number in range(count):
        yield number, TARGETS[target].draw(random.Random(f"{seed}-{target}-{number}"))


def run_case(target: str, case: Any) -> tuple[str, str]:
    """``(outcome, detail)`` of one case (see the module doc)."""
    spec = TARGETS[target]
    try:
        with time_limit(spec.hang_seconds):
            spec.check(case)
    except Hang as error:
        return "hang", str(error)
    except FollowUpFailed as error:
        return "crash", str(error)
    except ValueError:
        return "clean error", ""
    except Exception as error:  # noqa: BLE001 - any other exception is the finding
        return "crash", f"{type(error).__name__}: {str(error)[:200]}"
    return "accepted", ""


def counts_for(total: int, targets=None) -> dict[str, int]:
    """``total`` cases shared out over ``targets`` (all by default) by their ``share`` (at least one each)."""
    names = list(targets or TARGETS)
    whole = sum(TARGETS[name].share for name in names)
    exact = {name: total * TARGETS[name].share / whole for name in names}
    counts = {name: int(value) for name, value in exact.items()}
    for name in sorted(names, key=lambda n: counts[n] - exact[n])[:total - sum(counts.values())]:
        counts[name] += 1  # the largest remainders, so the counts add up to the total
    return {name: max(1, count) for name, count in counts.items()}


def fuzz(count: int | dict[str, int], seed: int, targets=None,
         progress: Callable[[str, int], None] | None = None) -> FuzzReport:
    """``count`` cases of each target (all by default), or ``{target: cases}``; their outcomes."""
    plan = count if isinstance(count, dict) else {name: count for name in targets or TARGETS}
    report = FuzzReport()
    for target, many in plan.items():
        for number, case in cases(target, many, seed):
            outcome, detail = run_case(target, case)
            report.add(target, outcome, f"case {number} (seed {seed}): {detail}")
            if progress:
                progress(target, number + 1)
    return report
