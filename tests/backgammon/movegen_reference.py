"""The backgammon move generator as it was before it was made fast: the reference for order.

:func:`game.backgammon.movegen.legal_plays` must return exactly what this plain recursive
search returns (the same plays, the same steps, in the same order); the tests compare the
two on many positions.  Kept verbatim (only ``rearmost`` is inlined here), never imported
by ``game/``.
"""

from __future__ import annotations

from game.backgammon.board import BAR, OFF, Side

Step = tuple[int, int]

_POINTS_DOWN = tuple(range(24, 0, -1))


def rearmost(board) -> int:
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
