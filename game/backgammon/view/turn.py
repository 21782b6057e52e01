"""The rules side of a human's backgammon turn in progress (no pygame).

:class:`TurnBuilder` builds a play one checker step at a time, keeping every partial play
on the way to a legal one; the view (``pygame_view.py``) drives it from clicks and drags and the
window's overlays use :func:`die_for` and :func:`apply_step` to draw a play as arrows.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..board import BAR, OFF, Side
from ..rules import BackgammonRules, Play
from ..state import BackgammonState

Step = tuple[int, int]
Move = tuple[int, int, int]  # (source, target, die)


def single_steps(me: Side, opp: Side, die: int) -> list[Step]:
    """Every legal single-checker step of ``die`` (bar first, blocks, bear-off rules)."""
    if me[BAR]:
        sources: Sequence[int] = (BAR,)
        high = BAR
    else:
        sources = [p for p in range(24, 0, -1) if me[p]]
        high = sources[0] if sources else 0
    steps = []
    for s in sources:
        t = s - die
        if t >= 1:
            if opp[25 - t] < 2:
                steps.append((s, t))
        elif high <= 6 and (t == 0 or s == high):
            steps.append((s, OFF))
    return steps


def apply_step(me: Side, opp: Side, step: Step) -> tuple[Side, Side, bool]:
    """Both sides after one step, and whether it hit."""
    s, t = step
    mine, theirs = list(me), list(opp)
    mine[s] -= 1
    mine[t] += 1
    hit = t != OFF and theirs[25 - t] == 1
    if hit:
        theirs[25 - t], theirs[BAR] = 0, theirs[BAR] + 1
    return tuple(mine), tuple(theirs), hit


class TurnBuilder:
    """A human's play built step by step; every partial play stays on the way to a legal one.

    :meth:`options` lists the single steps ``(source, target, die)`` from which some legal
    play can still be completed; :meth:`complete` is the legal :class:`Play` whose resulting
    position equals the partial board (the Done button), ``None`` otherwise.
    """

    def __init__(self, rules: BackgammonRules, state: BackgammonState) -> None:
        self.state, self.mover = state, state.turn
        high, low = state.dice
        self.targets: dict[tuple[Side, Side], Play] = {}
        for play, after in rules.successors(state):
            self.targets.setdefault((after.sides[self.mover], after.sides[1 - self.mover]), play)
        self.me, self.opp = state.on_roll, state.opponent
        self.remaining: list[int] = [high] * 4 if high == low else [high, low]
        self.moves: list[Move] = []
        self._undo: list[tuple[Side, Side, list[int]]] = []
        self._memo: dict = {}
        self._options: list[Move] | None = None

    def _can_finish(self, me: Side, opp: Side, dice: tuple[int, ...]) -> bool:
        key = (me, opp, dice)
        if key not in self._memo:
            self._memo[key] = (me, opp) in self.targets or any(
                self._can_finish(*apply_step(me, opp, step)[:2], dice[:i] + dice[i + 1:])
                for i, die in enumerate(dice) if die not in dice[:i]
                for step in single_steps(me, opp, die)
            )
        return self._memo[key]

    def options(self) -> list[Move]:
        if self._options is None:
            dice = tuple(sorted(self.remaining, reverse=True))
            self._options = [
                (s, t, die)
                for i, die in enumerate(dice) if die not in dice[:i]
                for s, t in single_steps(self.me, self.opp, die)
                if self._can_finish(*apply_step(self.me, self.opp, (s, t))[:2], dice[:i] + dice[i + 1:])
            ]
        return self._options

    def sources(self) -> set[int]:
        return {s for s, _, _ in self.options()}

    def complete(self) -> Play | None:
        return self.targets.get((self.me, self.opp))

    def click_move(self, source: int, high: bool = True) -> Move | None:
        """The step a click on ``source`` makes: the higher die if it can, else the lower."""
        moves = sorted((m for m in self.options() if m[0] == source), key=lambda m: m[2], reverse=high)
        return moves[0] if moves else None

    def path(self, source: int, target: int) -> list[Move] | None:
        """The shortest run of steps taking a checker from ``source`` to ``target``."""
        for depth in range(1, len(self.remaining) + 1):
            found = self._path(source, target, depth)
            if found:
                return found
        return None

    def _path(self, source: int, target: int, depth: int) -> list[Move] | None:
        for move in [m for m in self.options() if m[0] == source]:
            if move[1] == target:
                return [move]
            if depth > 1 and move[1] != OFF:
                self.play(move)
                rest = self._path(move[1], target, depth - 1)
                self.undo()
                if rest:
                    return [move, *rest]
        return None

    def play(self, move: Move) -> bool:
        """Play one step of :meth:`options`; returns whether it hit."""
        if move not in self.options():
            raise ValueError(f"step {move} cannot lead to a legal play")
        self._undo.append((self.me, self.opp, list(self.remaining)))
        self.me, self.opp, hit = apply_step(self.me, self.opp, move[:2])
        self.remaining.remove(move[2])
        self.moves.append(move)
        self._options = None
        return hit

    def undo(self) -> bool:
        if not self._undo:
            return False
        self.me, self.opp, self.remaining = self._undo.pop()
        self.moves.pop()
        self._options = None
        return True

    def automatic(self, forced: bool, bearoff: bool) -> Play | None:
        """The only legal play (``forced``), or in a race with every checker home the one play
        that bears off the most checkers (``bearoff``); ``None`` if the human must choose."""
        if forced and len(self.targets) == 1:
            return next(iter(self.targets.values()))
        me, opp = self.state.on_roll, self.state.opponent
        last_mine = max((p for p in range(1, 26) if me[p]), default=0)
        last_theirs = max((p for p in range(1, 26) if opp[p]), default=0)
        if bearoff and last_mine <= 6 and last_mine + last_theirs < 25:
            most = max(after[0][OFF] for after in self.targets)
            best = [play for after, play in self.targets.items() if after[0][OFF] == most]
            if len(best) == 1:
                return best[0]
        return None


def die_for(step: Step, dice: list[int]) -> int:
    """The die a step uses from ``dice`` (a bear-off may use a higher die than its distance)."""
    s, t = step
    if s - t in dice or t != OFF:
        return s - t
    return min(d for d in dice if d > s) if any(d > s for d in dice) else max(dice)
