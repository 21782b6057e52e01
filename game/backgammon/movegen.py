"""Legal backgammon plays for one roll: the hot loop of every search, kept in plain Python.

A *play* is the complete use of a roll: a sequence of single-checker steps.  The rules:

- a checker on the bar must enter before any other checker moves;
- a point holding two or more opposing checkers is blocked; landing on a single opposing
  checker (a blot) hits it and sends it to the bar;
- bearing off is allowed once every checker is in the home board (points 1..6); a die larger
  than needed bears off from the highest occupied point only;
- both dice must be played when possible; if only one can be, the larger when either could;
  doubles are played four times, as many as possible.

Legal plays are distinct *resulting positions*: two step orders that reach the same position
(hits included) are one play.  Steps are ``(source, target)`` pairs in the mover's numbering,
``25`` for the bar and ``0`` for off.
"""

from __future__ import annotations

from .board import BAR, OFF, Side

Step = tuple[int, int]

_POINTS_DOWN = tuple(range(24, 0, -1))


def rearmost(board) -> int:
    """The side's highest occupied point in its own numbering (25 for the bar), 0 when all are off."""
    for p in range(25, 0, -1):
        if board[p]:
            return p
    return 0


def legal_plays(me: Side, opp: Side, die1: int, die2: int) -> list[tuple[tuple[Step, ...], Side, Side]]:
    """Every legal play of roll ``die1``-``die2``: ``(steps, mover_after, opponent_after)``.

    The list holds one entry per distinct resulting position, in a fixed order (the order
    the search finds them), so seeded players that pick among them replay exactly.  When
    no checker can move it holds a single empty play that leaves the board unchanged.
    """
    opp_count = [0] * 26
    for t in range(1, 25):
        opp_count[t] = opp[25 - t]
    board = list(me)
    found: dict[tuple, tuple[tuple[Step, ...], int, int]] = {}
    best = [0]  # most dice any play uses
    steps: list[Step] = []
    used: list[int] = []

    def record(hit_mask: int) -> None:
        n = len(steps)
        if n < best[0]:
            return
        if n > best[0]:
            best[0] = n
        key = (tuple(board), hit_mask)
        known = found.get(key)
        if known is None or len(known[0]) < n:
            found[key] = (tuple(steps), hit_mask, used[0] if used else 0)

    def search(dice: tuple[int, ...], hit_mask: int, max_source: int) -> None:
        die = dice[0]
        rest = dice[1:]
        moved = False
        high = rearmost(board)
        if board[BAR]:
            sources: tuple[int, ...] = (BAR,)
        else:
            sources = _POINTS_DOWN[24 - min(high, max_source):] if high else ()
        for s in sources:
            if not board[s]:
                continue
            t = s - die
            if t >= 1:
                if opp_count[t] >= 2:
                    continue
                hit = opp_count[t] == 1 and not (hit_mask >> t) & 1
            else:
                if high > 6 or (t < 0 and s != high):
                    continue
                t = OFF
                hit = False
            moved = True
            board[s] -= 1
            board[t] += 1
            steps.append((s, t))
            used.append(die)
            mask = hit_mask | (1 << t) if hit else hit_mask
            if rest:
                # Doubles: sources never increase, so each combination is searched once.
                search(rest, mask, s if rest[0] == die else 25)
            else:
                record(mask)
            used.pop()
            steps.pop()
            board[t] -= 1
            board[s] += 1
        if not moved:
            record(hit_mask)

    if die1 == die2:
        search((die1,) * 4, 0, 25)
    else:
        search((die1, die2), 0, 25)
        search((die2, die1), 0, 25)

    high_die = max(die1, die2)
    n_best = best[0]
    one_die_high = n_best == 1 and die1 != die2 and any(
        first == high_die for steps_, _, first in found.values() if len(steps_) == 1
    )
    plays = []
    for (after, hit_mask), (play_steps, _, first) in found.items():
        if len(play_steps) != n_best or (one_die_high and first != high_die):
            continue
        opp_after = opp
        if hit_mask:
            counts = list(opp)
            for t in range(1, 25):
                if (hit_mask >> t) & 1:
                    counts[25 - t] -= 1
                    counts[BAR] += 1
            opp_after = tuple(counts)
        plays.append((play_steps, after, opp_after))
    return plays


def can_hit(me: Side, opp: Side, die1: int, die2: int) -> bool:
    """True when some legal play of ``me`` with this roll hits a checker of ``opp``.

    The same rules as :func:`legal_plays` (a hit counts only within a play that uses as many
    dice as possible, and the larger die when only one can be played), but it builds no
    plays and stops at the first full-length hitting line: what shot counting needs.
    """
    opp_count = [0] * 26
    for t in range(1, 25):
        opp_count[t] = opp[25 - t]
    board = list(me)

    def search(dice: tuple[int, ...], hit: bool, max_source: int) -> tuple[int, bool]:
        """(most dice usable from here, whether a line using that many hits)."""
        die, rest = dice[0], dice[1:]
        high = rearmost(board)
        if board[BAR]:
            sources: tuple[int, ...] = (BAR,)
        else:
            sources = _POINTS_DOWN[24 - min(high, max_source):] if high else ()
        best_n, best_hit = 0, hit
        for s in sources:
            if not board[s]:
                continue
            t = s - die
            if t >= 1:
                if opp_count[t] >= 2:
                    continue
                hits_here = opp_count[t] == 1
            else:
                if high > 6 or (t < 0 and s != high):
                    continue
                t, hits_here = OFF, False
            board[s] -= 1
            board[t] += 1
            if rest:
                used, line_hit = search(rest, hit or hits_here, s if rest[0] == die else 25)
            else:
                used, line_hit = 0, hit or hits_here
            board[t] -= 1
            board[s] += 1
            used += 1
            if used > best_n:
                best_n, best_hit = used, line_hit
            elif used == best_n:
                best_hit = best_hit or line_hit
            if best_hit and best_n == len(dice):
                break  # a full-length hitting line: nothing can beat it
        return best_n, best_hit

    if die1 == die2:
        return search((die1,) * 4, False, 25)[1]
    high, low = max(die1, die2), min(die1, die2)
    n_high, hit_high = search((high, low), False, 25)
    if n_high == 2 and hit_high:
        return True
    n_low, hit_low = search((low, high), False, 25)
    most = max(n_high, n_low)
    if most == 2:
        return (n_high == 2 and hit_high) or (n_low == 2 and hit_low)
    if most == 1:
        # Only one die can be played: the larger one if it can.
        if n_high == 1 and _single_die_playable(board, high, opp_count):
            return _single_die_hits(board, high, opp_count)
        return _single_die_hits(board, low, opp_count)
    return False


def _single_die_moves(board: list[int], die: int, opp_count: list[int]):
    """Targets of single-checker moves with ``die`` (the target is OFF for a bear-off)."""
    high = rearmost(board)
    sources = (BAR,) if board[BAR] else tuple(p for p in _POINTS_DOWN if board[p])
    for s in sources:
        t = s - die
        if t >= 1:
            if opp_count[t] < 2:
                yield t
        elif high <= 6 and (t == 0 or s == high):
            yield OFF


def _single_die_playable(board: list[int], die: int, opp_count: list[int]) -> bool:
    return any(True for _ in _single_die_moves(board, die, opp_count))


def _single_die_hits(board: list[int], die: int, opp_count: list[int]) -> bool:
    return any(t != OFF and opp_count[t] == 1 for t in _single_die_moves(board, die, opp_count))
