"""The ``full`` and ``full2`` encodings compiled with numba, for :mod:`.encoding`.

This module imports numba; :mod:`.encoding` loads it at the first large batch (or
:func:`.encoding.load_kernel`), never at import, so the window never waits for the compiler.
One pass per position computes what :func:`.encoding.encode_full` and
:func:`.encoding.encode_full2`'s numpy code compute with whole-batch arrays (the unit
lookup, pips, made points, longest prime, blots, back checkers, contact; the 21 rolls' hit
masks of :func:`..evaluators.shots.hit_masks`, the escapes and the pips to home) and stores
the same float32 bits: every input is a quotient of two small integers, computed in the
precision the numpy code uses (float32 where it divides a float32 array, float64 then
rounded where it divides an integer one; the two agree anyway, a float64 quotient rounded
to float32 being the correctly rounded float32 quotient).  The tests compare both
encodings bit for bit on tens of thousands of positions.

``cache=True`` keeps the machine code on disk (beside this file, or numba's user cache
directory when that is read-only): the first process on a machine compiles, later ones
(rollout workers) load it.
"""

from __future__ import annotations

import numpy as np
from numba import njit

_POINTS = ((1 << 25) - 1) & ~1  # bits 1..24
_F32 = np.float32


@njit(cache=True, nogil=True)
def _hit_rolls(me, opp):
    """The other side's rolls (of 36) hitting at least one of ``me``'s blots, as
    :func:`..evaluators.shots.hit_masks` builds each roll's mask (both ``(26,)``, own numbering)."""
    blots = 0
    open_ = 0
    board = 0
    for p in range(1, 25):
        if me[p] == 1:
            blots |= 1 << p
        if me[p] < 2:
            open_ |= 1 << p
        if opp[25 - p] > 0:  # the other side's point 25 - p is my point p
            board |= 1 << p
    if blots == 0:
        return 0
    on_bar = np.int64(opp[25])
    total = 0
    for a in range(1, 7):
        for b in range(a, 7):
            if a != b:
                if on_bar == 0:
                    oa = board << a
                    ob = board << b
                    mask = oa | ob | ((oa & open_) << b) | ((ob & open_) << a)
                elif on_bar >= 2:
                    mask = (1 << a) | (1 << b)
                else:
                    mask = 0
                    if (open_ >> a) & 1:
                        mask |= (1 << a) | ((board | (1 << a)) << b)
                    if (open_ >> b) & 1:
                        mask |= (1 << b) | ((board | (1 << b)) << a)
                weight = 2
            else:
                if on_bar == 0:
                    reach = board << a
                    mask = reach
                    for _ in range(3):
                        reach = (reach & open_) << a
                        mask |= reach
                else:
                    steps_left = 4 - on_bar  # moves of the double left after entering
                    reach = (board | (1 << a)) << a
                    mask = 1 << a
                    if steps_left >= 1:
                        mask |= reach
                    for step in range(2, 4):
                        reach = (reach & open_) << a
                        if steps_left >= step:
                            mask |= reach
                    if not (open_ >> a) & 1:
                        mask = 0
                weight = 1
            if mask & _POINTS & blots:
                total += weight
    return total


@njit(cache=True, nogil=True)
def _escapes(me, opp, table):
    """The least escaping rolls (of 36) over ``me``'s checkers on the bar or points 16..24,
    36 when it has none there (:func:`.encoding.escape_rolls`)."""
    held = 0
    for s in range(26):
        if opp[s] >= 2:
            held |= 1 << s
    least = 36
    for p in range(16, 26):
        if me[p] > 0:
            rolls = table[(held >> (26 - p)) & 0xFFF]
            if rolls < least:
                least = rolls
    return least


@njit(cache=True, nogil=True)
def encode(batch, units, escape_table, out, full2):
    """Fill ``out`` (``(N, 209)`` or, with ``full2``, ``(N, 215)`` float32) with the encoding
    of ``batch`` (``(N, 2, 26)`` int8); returns 0, or ``i + 1`` when row ``i`` holds a count
    outside 0..15 (``out`` is then incomplete: the caller uses the numpy code, which raises
    or values such rows its own way)."""
    n = batch.shape[0]
    pips = np.zeros(2, np.int64)
    furthest = np.zeros(2, np.int64)
    for i in range(n):
        for s in range(2):
            for slot in range(26):
                c = batch[i, s, slot]
                if c < 0 or c > 15:
                    return i + 1
        for s in range(2):
            side = batch[i, s]
            base = 103 * s
            total = 0
            home = 0
            blots = 0
            back = 0
            made = 0
            far = 0
            for p in range(1, 25):
                c = side[p]
                o = base + 4 * (p - 1)
                for k in range(4):
                    out[i, o + k] = units[c, k]
                total += c * p
                if c >= 2:
                    made |= 1 << (p - 1)
                    if p <= 6:
                        home += 1
                elif c == 1:
                    blots += 1
                if p >= 19:
                    back += c
                if c > 0:
                    far = p
            bar = np.int64(side[25])
            total += 25 * bar
            if bar > 0:
                far = 25
            run = 0
            for _ in range(6):  # the longest run of made points, at most 6 (encoding._longest_run)
                if made != 0:
                    run += 1
                made &= made >> 1
            pips[s] = total
            furthest[s] = far
            out[i, base + 96] = _F32(bar) / _F32(2)
            out[i, base + 97] = side[0] / 15.0
            out[i, base + 98] = _F32(total) / _F32(100)
            out[i, base + 99] = home / 6.0
            out[i, base + 100] = _F32(run) / _F32(6)
            out[i, base + 101] = blots / 5.0
            out[i, base + 102] = (back + bar) / 5.0
        out[i, 206] = (_F32(pips[1]) - _F32(pips[0])) / _F32(50)
        contact = furthest[0] + furthest[1] > 25
        out[i, 207] = 1.0 if contact else 0.0
        out[i, 208] = 0.0 if contact else 1.0
        if full2:
            for s in range(2):
                me = batch[i, s]
                opp = batch[i, 1 - s]
                to_home = 0
                for slot in range(7, 26):
                    to_home += np.int64(me[slot]) * (slot - 6)
                o = 209 + 3 * s
                out[i, o] = _hit_rolls(me, opp) / 36.0
                out[i, o + 1] = _escapes(me, opp, escape_table) / 36.0
                out[i, o + 2] = to_home / 100.0
    return 0
