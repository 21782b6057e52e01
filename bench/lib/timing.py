"""Timing shared by the speed benches."""

from __future__ import annotations

import math
import time


def best_time(call, repeat: int) -> float:
    """Least seconds of ``repeat`` calls (the least disturbed measurement)."""
    best = math.inf
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - start)
    return best
