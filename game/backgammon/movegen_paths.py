"""The four paths of :func:`.movegen.legal_plays`, each exactly the reference search's result
(the order and the reference are described in :mod:`.movegen`):

- *Two dice, at least two checkers outside the home board* (no bear-off can arise): the
  moves of each die are listed once; after a first move the second die's moves are that
  list less the emptied source plus the landing point.  A play is keyed by one integer
  (the board change in signed base-16 digits, plus ``4**t`` for each landing on a blot at
  ``t``, which tells ``8/5*/4`` from ``8/7/4``) instead of a 26-tuple.  The reverse order
  can only add a checker moved by the second die to an empty point and on by the first:
  every other pair was found the first way round, so only those are looked up.
- *Two dice, every checker home* (bearing off): the reference's two loops in line with the
  same keys.
- *Doubles, at least four checkers outside*: sources never increase, and the board change
  fixes how many checkers cross each point, so every full-length sequence is a new play: no
  dictionary; the sources searched are only those a checker can reach.
- *Everything else* (doubles near or in the home board, one checker left to come home, a
  roll that cannot be played in full): the reference search with integer keys and the
  rearmost checker kept up to date.

What they cost beyond the search is making the result's tuples (:mod:`.movegen` has the
measurements).
"""

from __future__ import annotations

from bisect import insort

from .board import BAR, OFF

_POINTS_DOWN = tuple(range(24, 0, -1))
_P = tuple(16 ** p for p in range(26))
"""A board change as one integer: point ``p`` weighs ``16**p``; a point changes by at most 4
in a play, so the signed base-16 digits (and the board they lead to) are unique."""
_MASK_WEIGHT = 16 ** 26
"""The hit mask sits above every board change: ``change + mask * 16**26`` keys a play."""
_LANDING = tuple(4 ** t * _MASK_WEIGHT for t in range(26))
"""Two dice: a landing on an opposing blot at ``t`` adds ``4**t`` above the change; at most
two landings a point, so the count per point is exact and tells the hits apart."""
_STEP = tuple(tuple((s, t) for t in range(26)) for s in range(26))
"""Interned steps ``(source, target)``: plays share these tuples instead of making new ones."""


def _move(s, t, opp, P=_P, LAND=_LANDING, STEP=_STEP):
    """The single-checker move ``s`` to ``t`` (no bear-off) as the two-dice search keeps it:
    ``(-source, source, target, key, hit bit, step)`` (``-source`` first: lists sort with
    the highest source first); ``None`` when ``t`` is blocked."""
    c = opp[25 - t]
    if c >= 2:
        return None
    if c:
        return (-s, s, t, P[t] - P[s] + LAND[t], 1 << t, STEP[s][t])
    return (-s, s, t, P[t] - P[s], 0, STEP[s][t])


def two_dice(me, opp, a, b, DOWN=_POINTS_DOWN, P=_P, LAND=_LANDING, STEP=_STEP):
    """Two dice, at least two checkers outside the home board: no bear-off can arise.

    Falls back to :func:`general` when no play uses both dice (rare: the reference's rules
    for a single die then apply)."""
    if me[BAR] >= 2:
        return _two_entering(me, opp, a, b)
    moves_a = []
    moves_b = []
    for s in DOWN:  # _move in line: this loop runs on every call
        if me[s]:
            t = s - a
            if t >= 1:
                c = opp[25 - t]
                if c < 2:
                    moves_a.append((-s, s, t, P[t] - P[s] + LAND[t], 1 << t, STEP[s][t]) if c
                                   else (-s, s, t, P[t] - P[s], 0, STEP[s][t]))
            t = s - b
            if t >= 1:
                c = opp[25 - t]
                if c < 2:
                    moves_b.append((-s, s, t, P[t] - P[s] + LAND[t], 1 << t, STEP[s][t]) if c
                                   else (-s, s, t, P[t] - P[s], 0, STEP[s][t]))
    if me[BAR]:
        return _two_dice_bar(me, opp, a, b, moves_a, moves_b)
    base = list(me)
    plays = []
    hit_sides = {0: opp}
    for _, s1, t1, _, h1, st1 in moves_a:
        second = _second(me, opp, s1, t1, moves_b, b)
        if not second:
            continue
        after_first = base.copy()
        after_first[s1] -= 1
        after_first[t1] += 1
        for _, s2, t2, _, h2, st2 in second:
            # Another checker refilling the first one's source (s2 = s1 + b) is the run
            # s2 -> s2-a -> t1 found before (sources go down), unless s2-a holds a blot.
            if t2 == s1 and not opp[25 - s2 + a]:
                continue
            board = after_first.copy()
            board[s2] -= 1
            board[t2] += 1
            mask = h1 | h2
            opp_after = hit_sides.get(mask)
            if opp_after is None:
                opp_after = hit_sides[mask] = _hit(opp, mask)
            plays.append(((st1, st2), tuple(board), opp_after))
    if not plays:
        return general(me, opp, a, b)
    # The second die first: only a checker moved to an empty point and on by the first die
    # can make a new play (any other pair was found the other way round), and not when both
    # the run's landing points are clean (the run through s-a was found).
    for _, s1, t1, _, h1, st1 in moves_b:
        if me[t1] or t1 <= a:
            continue
        t2 = t1 - a
        c = opp[25 - t2]
        if c >= 2 or not (opp[25 - t1] or opp[25 - s1 + a]):
            continue
        board = base.copy()
        board[s1] -= 1
        board[t2] += 1
        mask = h1 | (1 << t2) if c else h1
        opp_after = hit_sides.get(mask)
        if opp_after is None:
            opp_after = hit_sides[mask] = _hit(opp, mask)
        plays.append(((st1, STEP[t1][t2]), tuple(board), opp_after))
    return plays


def _two_entering(me, opp, a, b, STEP=_STEP):
    """Two dice, two checkers or more on the bar: each die enters one, if it can.  The
    reference finds both entries once (either order reaches the same position), else the
    one that enters."""
    entering = [d for d in (a, b) if opp[d] < 2]
    if not entering:
        return [((), me, opp)]
    board = list(me)
    mask = 0
    for d in entering:
        board[BAR] -= 1
        board[BAR - d] += 1
        if opp[d]:
            mask |= 1 << (BAR - d)
    steps = tuple(STEP[BAR][BAR - d] for d in entering)
    return [(steps, tuple(board), _hit(opp, mask) if mask else opp)]


def _second(me, opp, s1, t1, moves, y):
    """The moves with die ``y`` after the move ``s1`` to ``t1`` (no bar, no bear-off): ``moves``
    less the emptied source, plus the landing point's, highest source first."""
    second = moves
    if me[s1] == 1:
        for i, move in enumerate(second):
            if move[1] == s1:
                second = second[:i] + second[i + 1:]
                break
    if not me[t1] and t1 > y:
        move = _move(t1, t1 - y, opp)
        if move is not None:
            if second is moves:
                second = list(moves)
            insort(second, move)
    return second


def _two_dice_bar(me, opp, a, b, moves_a, moves_b):
    """Two dice with a checker on the bar: both orders searched, plays keyed (a set)."""
    bar = me[BAR]
    enter_a = [move for move in (_move(BAR, BAR - a, opp),) if move is not None]
    enter_b = [move for move in (_move(BAR, BAR - b, opp),) if move is not None]
    base = list(me)
    seen = set()
    plays = []
    hit_sides = {0: opp}
    for firsts, seconds, enter, y in ((enter_a, moves_b, enter_b, b), (enter_b, moves_a, enter_a, a)):
        for _, s1, t1, k1, h1, st1 in firsts:
            second = enter if bar >= 2 else _second(me, opp, s1, t1, seconds, y)
            if not second:
                continue
            after_first = base.copy()
            after_first[s1] -= 1
            after_first[t1] += 1
            for _, s2, t2, k2, h2, st2 in second:
                key = k1 + k2
                if key in seen:
                    continue
                seen.add(key)
                board = after_first.copy()
                board[s2] -= 1
                board[t2] += 1
                mask = h1 | h2
                opp_after = hit_sides.get(mask)
                if opp_after is None:
                    opp_after = hit_sides[mask] = _hit(opp, mask)
                plays.append(((st1, st2), tuple(board), opp_after))
    return plays or general(me, opp, a, b)


def two_dice_home(me, opp, a, b, P=_P, LAND=_LANDING, STEP=_STEP):
    """Two dice, every checker in the home board: the reference's two loops in line, bearing
    off included, with :func:`two_dice`'s keys.  Falls back to :func:`general` when a first
    move has no second one (a shorter play may then share a position with a longer one, and
    the reference keeps the longer where the shorter was found)."""
    board = list(me)
    high = 6
    while high and not board[high]:
        high -= 1
    if not high:
        return general(me, opp, a, b)
    seen = set()
    plays = []
    hit_sides = {0: opp}
    for x, y in ((a, b), (b, a)):
        for s in range(high, 0, -1):
            if not board[s]:
                continue
            t = s - x
            if t >= 1:
                c = opp[25 - t]
                if c >= 2:
                    continue
                k1 = P[t] - P[s] + LAND[t] if c else P[t] - P[s]
                h1 = (1 << t) if c else 0
            elif t == 0 or s == high:
                t, k1, h1 = OFF, P[OFF] - P[s], 0
            else:
                continue
            board[s] -= 1
            board[t] += 1
            high2 = high
            while high2 and not board[high2]:
                high2 -= 1
            followed = False
            for s2 in range(high2, 0, -1):
                if not board[s2]:
                    continue
                t2 = s2 - y
                if t2 >= 1:
                    c = opp[25 - t2]
                    if c >= 2:
                        continue
                    k2 = P[t2] - P[s2] + LAND[t2] if c else P[t2] - P[s2]
                    h2 = (1 << t2) if c else 0
                elif t2 == 0 or s2 == high2:
                    t2, k2, h2 = OFF, P[OFF] - P[s2], 0
                else:
                    continue
                followed = True
                key = k1 + k2
                if key in seen:
                    continue
                seen.add(key)
                after = board.copy()
                after[s2] -= 1
                after[t2] += 1
                mask = h1 | h2
                opp_after = hit_sides.get(mask)
                if opp_after is None:
                    opp_after = hit_sides[mask] = _hit(opp, mask)
                plays.append(((STEP[s][t], STEP[s2][t2]), tuple(after), opp_after))
            board[t] -= 1
            board[s] += 1
            if not followed:
                return general(me, opp, a, b)
    return plays or general(me, opp, a, b)


def doubles(me, opp, d, STEP=_STEP):
    """Doubles, at least four checkers outside the home board: no bear-off can arise.

    Checkers on the bar enter first (all of them, or none can and nothing moves).  Sources
    never increase along a play and the board change fixes how many checkers cross each
    point, so each full-length sequence is a new position: no dictionary.  Falls back to
    :func:`general` when no play uses all four (the reference keeps the longest then)."""
    board = list(me)
    bar = me[25]
    prefix = ()
    mask = 0
    left = 4
    if bar:
        t = 25 - d
        c = opp[d]
        if c >= 2:
            return [((), me, opp)]
        n = bar if bar < 4 else 4
        board[25] -= n
        board[t] += n
        prefix = (STEP[25][t],) * n
        if c:
            mask = 1 << t
        left -= n
        if not left:
            return [(prefix, tuple(board), _hit(opp, mask) if mask else opp)]
    # Sources a play may use: occupied points and the points their checkers reach, each
    # whose move is open, highest first.
    legal = {}
    for q in range(24, d, -1):
        if board[q]:
            p = q
            for _ in range(left):
                if p <= d:
                    break
                t = p - d
                c = opp[25 - t]
                if c >= 2:
                    break
                legal[p] = (p, t, (1 << t) if c else 0, STEP[p][t])
                p = t
    cand = sorted(legal.values(), reverse=True)
    n_cand = len(cand)
    plays = []
    hit_sides = {0: opp}

    def deeper(start, left, steps, mask):
        for i in range(start, n_cand):
            s, t, hb, st = cand[i]
            if not board[s]:
                continue
            board[s] -= 1
            board[t] += 1
            if left == 2:
                m1 = mask | hb
                steps1 = steps + (st,)
                for j in range(i, n_cand):
                    s2, t2, hb2, st2 = cand[j]
                    if not board[s2]:
                        continue
                    b = board.copy()
                    b[s2] -= 1
                    b[t2] += 1
                    m = m1 | hb2
                    opp_after = hit_sides.get(m)
                    if opp_after is None:
                        opp_after = hit_sides[m] = _hit(opp, m)
                    plays.append((steps1 + (st2,), tuple(b), opp_after))
            else:
                deeper(i, left - 1, steps + (st,), mask | hb)
            board[t] -= 1
            board[s] += 1

    if left == 1:
        for s, t, hb, st in cand:
            if board[s]:
                b = board.copy()
                b[s] -= 1
                b[t] += 1
                m = mask | hb
                opp_after = hit_sides.get(m)
                if opp_after is None:
                    opp_after = hit_sides[m] = _hit(opp, m)
                plays.append((prefix + (st,), tuple(b), opp_after))
    else:
        deeper(0, left, prefix, mask)
    if plays:
        return plays
    return general(me, opp, d, d)


def general(me, opp, die1, die2):
    """Any position, as the reference search (bear-offs included), with cheap keys."""
    board = list(me)
    found = {}
    best = [0]
    steps = []
    used = []

    def record(key, mask):
        n = len(steps)
        if n < best[0]:
            return
        if n > best[0]:
            best[0] = n
        key += mask * _MASK_WEIGHT
        known = found.get(key)
        if known is None or len(known[0]) < n:
            found[key] = (tuple(steps), mask, used[0] if used else 0)

    def search(dice, key, mask, max_source, high):
        die = dice[0]
        rest = dice[1:]
        moved = False
        if board[BAR]:
            sources = (BAR,)
        else:
            sources = _POINTS_DOWN[24 - min(high, max_source):] if high else ()
        for s in sources:
            if not board[s]:
                continue
            t = s - die
            if t >= 1:
                c = opp[25 - t]
                if c >= 2:
                    continue
                hit = c == 1 and not (mask >> t) & 1
            else:
                if high > 6 or (t < 0 and s != high):
                    continue
                t = OFF
                hit = False
            moved = True
            board[s] -= 1
            board[t] += 1
            steps.append(_STEP[s][t])
            used.append(die)
            if rest:
                h = high
                if s == high and not board[s]:
                    h = s - 1
                    while h and not board[h]:
                        h -= 1
                    if t > h:
                        h = t
                search(rest, key + _P[t] - _P[s], mask | (1 << t) if hit else mask,
                       s if rest[0] == die else 25, h)
            else:
                record(key + _P[t] - _P[s], mask | (1 << t) if hit else mask)
            used.pop()
            steps.pop()
            board[t] -= 1
            board[s] += 1
        if not moved:
            record(key, mask)

    high = 25
    while high and not me[high]:
        high -= 1
    if die1 == die2:
        search((die1,) * 4, 0, 0, 25, high)
    else:
        search((die1, die2), 0, 0, 25, high)
        search((die2, die1), 0, 0, 25, high)

    high_die = max(die1, die2)
    n_best = best[0]
    one_die_high = n_best == 1 and die1 != die2 and any(
        first == high_die for steps_, _, first in found.values() if len(steps_) == 1
    )
    plays = []
    for play_steps, mask, first in found.values():
        if len(play_steps) != n_best or (one_die_high and first != high_die):
            continue
        after = list(me)
        for s, t in play_steps:
            after[s] -= 1
            after[t] += 1
        plays.append((play_steps, tuple(after), _hit(opp, mask) if mask else opp))
    return plays


def _hit(opp, mask):
    """``opp`` with its checkers on the points in ``mask`` (mover's numbering) on the bar."""
    counts = list(opp)
    t = 1
    mask >>= 1
    while mask:
        if mask & 1:
            counts[25 - t] -= 1
            counts[BAR] += 1
        mask >>= 1
        t += 1
    return tuple(counts)
