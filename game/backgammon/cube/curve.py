"""Piecewise-linear curves through knots, vectorised: the shape of every live-cube model here."""

from __future__ import annotations

import numpy as np


def piecewise(p, knots):
    """The value at ``p`` of the broken line through ``knots`` [(x0, y0), (x1, y1), ...].

    The xs must not decrease (0 first, 1 last for a chance); each may be an array broadcast
    against ``p``.  Written as y0 plus each segment's rise times the clipped fraction of it
    already passed, so a segment of zero width is a step and no division by zero happens.
    """
    p = np.asarray(p, dtype=float)
    value = np.zeros(np.broadcast(p, *(np.asarray(x) for x, _ in knots)).shape) + knots[0][1]
    for (x0, y0), (x1, y1) in zip(knots, knots[1:]):
        width = np.asarray(x1, dtype=float) - x0
        safe = np.where(width > 0, width, 1.0)
        passed = np.where(width > 0, np.clip((p - x0) / safe, 0.0, 1.0), (p >= x1).astype(float))
        value = value + (np.asarray(y1) - y0) * passed
    return value
