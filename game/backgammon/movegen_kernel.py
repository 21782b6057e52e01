"""The legal-play search compiled with numba, for :func:`.movegen_batch.plays_batch`.

This module imports numba; :mod:`.movegen_batch` loads it at its first call (or
:func:`.movegen_batch.load_kernel`), never at import, so the window never waits for the
compiler.  The search is the reference one (:mod:`.movegen`'s docstring):
depth-first over the dice orders, sources from the rearmost checker down, doubles with
non-increasing sources, each resulting position (with its hits) kept once at the place it
was first found, only plays using the most dice, the larger die when only one can be
played.  Its results equal the pure-Python generator's play for play (the tests compare
both with the reference on tens of thousands of rolls).

The search works in one preallocated int64 workspace ``W`` (per thread): the sides, the
search's stack, the positions found (a hash table keyed by the board and the hits) and the
plays kept.  A play's steps are packed in one integer, ``(source * 32 + target) << 10 * i``
for its ``i``-th step; its hits are a bit mask of the mover's points.  A single-position
version for ``legal_plays`` was measured and dropped: making the Python tuples costs what
the pure-Python search does (see :mod:`.movegen`).

``cache=True`` keeps the machine code on disk (beside this file, or numba's user cache
directory when that is read-only): the first process on a machine compiles (14 s of CPU),
later ones load it (0.7 s of CPU, numba's import included).
"""

from __future__ import annotations

import numpy as np
from numba import njit

CAPACITY = 4096
"""Positions one roll's search can keep; more (no real position comes near) makes the
caller fall back to the pure-Python generator."""
_SLOTS = 8192
"""Hash table slots, a power of two twice :data:`CAPACITY` (64 KiB: it stays in cache)."""
_F = 128
"""Where the found plays' table starts in the workspace: ``CAPACITY`` rows of 5."""
_T = _F + CAPACITY * 5
"""Where the hash table starts: ``(generation << 13) | (row + 1)`` per slot."""
_O = _T + _SLOTS
"""Where the output starts: ``CAPACITY`` rows of (steps code, hit mask, found row's second key)."""
WORDS = _O + CAPACITY * 3
_GEN = 127
_COUNT = 126


@njit(cache=True, nogil=True)
def _record(W, k1, k2, n, mask, first, code):
    """Keep the position keyed ``k1, k2`` (points 1-15; points 16-25 and the hit mask)
    reached by an ``n``-step play, as the reference's ``record``; False when full."""
    h = (k1 * -7046029254386353131 + k2 * -4417276706812531889) & 0x7FFFFFFFFFFFFFFF
    slot = (h ^ (h >> 31)) & (_SLOTS - 1)
    gen = W[_GEN]
    while True:
        entry = W[_T + slot]
        if (entry >> 13) != gen:
            m = W[_COUNT]
            if m >= CAPACITY:
                return False
            W[_T + slot] = (gen << 13) | (m + 1)
            row = _F + 5 * m
            W[row] = n
            W[row + 1] = mask
            W[row + 2] = first
            W[row + 3] = code
            W[row + 4] = k1
            W[_O + 3 * m + 2] = k2  # compared on a collision
            W[_COUNT] = m + 1
            return True
        m = (entry & 8191) - 1
        row = _F + 5 * m
        if W[row + 4] == k1 and W[_O + 3 * m + 2] == k2:
            if W[row] < n:
                W[row] = n
                W[row + 1] = mask
                W[row + 2] = first
                W[row + 3] = code
            return True
        slot = (slot + 1) & (_SLOTS - 1)


@njit(cache=True, nogil=True)
def _search(W, d1, d2):
    """The reference search on the sides in ``W[0:26]`` (mover) and ``W[26:52]`` (opponent);
    leaves the plays to keep as rows ``0..returned-1`` of the output: (code, mask); ``-1``
    when the table overflowed."""
    board = W[0:26]
    oppc = W[52:78]
    dice = W[78:82]
    cur = W[82:87]
    high = W[87:92]
    mask = W[92:97]
    moved = W[97:102]
    maxsrc = W[102:107]
    code = W[107:112]
    kk1 = W[112:117]
    kk2 = W[117:122]
    W[_GEN] += 1
    W[_COUNT] = 0
    oppc[0] = 0
    oppc[25] = 0
    for t in range(1, 25):
        oppc[t] = W[26 + 25 - t]
    k1 = 0
    for p in range(1, 16):
        k1 |= board[p] << (4 * (p - 1))
    k2 = 0
    for p in range(16, 26):
        k2 |= board[p] << (4 * (p - 16))
    best = 0
    ok = True
    n_orders = 1 if d1 == d2 else 2
    nd = 4 if d1 == d2 else 2
    for order in range(n_orders):
        if d1 == d2:
            for i in range(4):
                dice[i] = d1
        elif order == 0:
            dice[0] = d1
            dice[1] = d2
        else:
            dice[0] = d2
            dice[1] = d1
        level = 0
        mask[0] = 0
        maxsrc[0] = 25
        code[0] = 0
        kk1[0] = k1
        kk2[0] = k2
        entering = True
        while True:
            if entering:
                h = 25
                while h > 0 and board[h] == 0:
                    h -= 1
                high[level] = h
                moved[level] = 0
                if board[25] > 0:
                    cur[level] = 25
                else:
                    cur[level] = h if h < maxsrc[level] else maxsrc[level]
                entering = False
            die = dice[level]
            h = high[level]
            s = cur[level]
            t = 0
            hit = False
            found = False
            if board[25] > 0:
                if s == 25:
                    t = 25 - die
                    if oppc[t] < 2:
                        hit = oppc[t] == 1 and ((mask[level] >> t) & 1) == 0
                        found = True
            else:
                while s >= 1:
                    if board[s] > 0:
                        t = s - die
                        if t >= 1:
                            if oppc[t] < 2:
                                hit = oppc[t] == 1 and ((mask[level] >> t) & 1) == 0
                                found = True
                                break
                        elif not (h > 6 or (t < 0 and s != h)):
                            t = 0
                            found = True
                            break
                    s -= 1
            if found:
                cur[level] = s - 1
                moved[level] = 1
                board[s] -= 1
                board[t] += 1
                a1 = kk1[level]
                a2 = kk2[level]
                if s < 16:
                    a1 -= 1 << (4 * (s - 1))
                else:
                    a2 -= 1 << (4 * (s - 16))
                if t >= 16:
                    a2 += 1 << (4 * (t - 16))
                elif t >= 1:
                    a1 += 1 << (4 * (t - 1))
                new_mask = (mask[level] | (1 << t)) if hit else mask[level]
                new_code = code[level] | ((s * 32 + t) << (10 * level))
                if level + 1 < nd:
                    level += 1
                    mask[level] = new_mask
                    code[level] = new_code
                    kk1[level] = a1
                    kk2[level] = a2
                    maxsrc[level] = s if dice[level] == die else 25
                    entering = True
                    continue
                if level + 1 >= best:
                    best = level + 1
                    ok = _record(W, a1, a2 | ((new_mask >> 1) << 40), level + 1, new_mask, dice[0], new_code) and ok
                board[t] -= 1
                board[s] += 1
                continue
            if moved[level] == 0 and level >= best:
                best = level
                ok = _record(W, kk1[level], kk2[level] | ((mask[level] >> 1) << 40), level, mask[level],
                             dice[0] if level > 0 else 0, code[level]) and ok
            if level == 0:
                break
            level -= 1
            c = code[level + 1] >> (10 * level)
            board[c & 31] -= 1
            board[(c >> 5) & 31] += 1
    if not ok:
        return -1
    high_die = d1 if d1 > d2 else d2
    one_die_high = False
    m = W[_COUNT]
    if best == 1 and d1 != d2:
        for i in range(m):
            row = _F + 5 * i
            if W[row] == 1 and W[row + 2] == high_die:
                one_die_high = True
                break
    out = 0
    for i in range(m):
        row = _F + 5 * i
        if W[row] != best or (one_die_high and W[row + 2] != high_die):
            continue
        W[_O + 3 * out] = W[row + 3]
        W[_O + 3 * out + 1] = W[row + 1]
        out += 1
    return out


@njit(cache=True, nogil=True)
def generate_batch(positions, dice, W):
    """Every legal play of each position with its roll, for :func:`.movegen.plays_batch`.

    ``positions``: ``(K, 2, 26)`` (mover, opponent); ``dice``: ``(K, 2)``.  Returns
    ``(after, owner, codes, status)``: ``after`` ``(P, 2, 26)`` int8, the mover's and the
    opponent's sides after each play; ``owner[p]`` the position it belongs to; ``codes``
    its steps packed as in :func:`generate`; ``status`` 0, or ``k + 1`` when position
    ``k`` overflowed the workspace (the arrays then stop before it)."""
    k_count = positions.shape[0]
    capacity = max(64, k_count * 32)
    after = np.empty((capacity, 2, 26), np.int8)
    owner = np.empty(capacity, np.int32)
    codes = np.empty(capacity, np.int64)
    total = 0
    for k in range(k_count):
        for i in range(26):
            W[i] = positions[k, 0, i]
            W[26 + i] = positions[k, 1, i]
        n = _search(W, dice[k, 0], dice[k, 1])
        if n < 0:
            return after[:total], owner[:total], codes[:total], k + 1
        if total + n > capacity:
            while total + n > capacity:
                capacity *= 2
            grown = np.empty((capacity, 2, 26), np.int8)
            grown[:total] = after[:total]
            after = grown
            grown_owner = np.empty(capacity, np.int32)
            grown_owner[:total] = owner[:total]
            owner = grown_owner
            grown_codes = np.empty(capacity, np.int64)
            grown_codes[:total] = codes[:total]
            codes = grown_codes
        for p in range(n):
            row = total + p
            for i in range(26):
                after[row, 0, i] = W[i]
                after[row, 1, i] = W[26 + i]
            c = W[_O + 3 * p]
            codes[row] = c
            while c:
                step = c & 1023
                after[row, 0, step >> 5] -= 1
                after[row, 0, step & 31] += 1
                c >>= 10
            hits = W[_O + 3 * p + 1] >> 1
            t = 1
            while hits:
                if hits & 1:
                    after[row, 1, 25 - t] -= 1
                    after[row, 1, 25] += 1
                hits >>= 1
                t += 1
            owner[row] = k
        total += n
    return after[:total], owner[:total], codes[:total], 0

