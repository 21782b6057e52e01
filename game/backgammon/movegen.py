"""Legal backgammon plays for one roll: the hot loop of every search, in plain Python.

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

**The order** is the reference search's (``tests/backgammon/movegen_reference.py``, this
module before it was made fast): depth first, ``die1`` then ``die2`` and then the other way
round (doubles: one order, sources never increasing), sources from the rearmost checker down,
each position kept where it was first found.  Seeded players and saved analyses depend on it;
the tests compare the two on every roll of thousands of positions.

**How it is fast**: :mod:`.movegen_paths` has the four paths (two dice in contact, two dice
bearing off, doubles in contact, the reference search for the rest), each exactly the
reference's result.

**Measured** against GNU Backgammon's C generator ``gnubg_nn.moves`` in the same process by
``python -m bench.speed.movegen`` (the figures: ``bench/RESULTS.md``).  What remains of the
time is the result: building the 26-tuples, 3-tuples and the list from known plays.  A numba
kernel of the same search (:mod:`.movegen_kernel`) was measured per call and dropped here:
no faster, for that reason (its dispatch and search, then the same Python objects to make).
It pays where no tuples are made: :func:`.movegen_batch.plays_batch`, many positions' plays
as the numpy arrays the evaluators take.  Building the states after
(``BackgammonRules.successors``) takes as long again as the plays: cubeless states are made
in line and ``Play`` objects shared.
"""

from __future__ import annotations

from .board import BAR, OFF, Side
from .movegen_paths import doubles, general, two_dice, two_dice_home

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
    outside = sum(me[7:])
    if die1 == die2:
        if outside >= 4:
            return doubles(me, opp, die1)
    elif outside >= 2:
        return two_dice(me, opp, die1, die2)
    elif not outside:
        return two_dice_home(me, opp, die1, die2)
    return general(me, opp, die1, die2)


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
