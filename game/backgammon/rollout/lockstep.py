"""One block of trials of every candidate, played in lockstep: the engine's hot loop.

All the block's trials (every candidate's, :data:`~.dice.STRATUM` each) move one ply at a
time together.  At each ply, for every trial still going, in this order:

1. a game that is over ends the trial with its result (1, 2 or 3 points, times the cube);
2. a bearoff (both sides home) ends it with the one-sided database's chances;
3. at the truncation ply it ends with the evaluator's chances of the position (0 ply);
4. in a cubeful rollout the side on roll may double (the level decides, :mod:`.cubeful`):
   a pass ends the trial, a take doubles the cube and gives it to the taker;
5. the side on roll throws the trial's dice (:mod:`.dice`) and plays at the level's depth:
   at 0 ply every trial's plays are valued in one batch (:func:`.choice.expand`: the
   compiled move generator's arrays, shortlisted by the pruning network when the spec
   prunes); deeper, each trial's play is searched as the level searches in play.

A trial's result is the rollout player's: the chances it ended with (the won game's exact
ones, or the position's value), cubeless equity read from them, and the cubeful value; with
variance reduction, less the sum of the luck of every roll thrown (:mod:`.choice`), so its
expected value is unchanged and its variance much smaller.

Everything here is a pure function of the spec and the block number: the same block gives
the same numbers, bit for bit, whichever process or machine plays it.

A block asked to stop (``stop``, between plies: a Ctrl-C or SIGTERM) ends there with the
trials that had ended (:attr:`BlockResult.complete` false); ``partial`` hears of them while
the block goes on.  Their figures are each trial's exact ones, the same as the whole block
gives them, but they are the block's shorter games (a stratum cut short), so until the block
is whole its figures lean toward quick wins, passes and truncations.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
from threadpoolctl import threadpool_limits

from ..analysis.ai import search
from ..analysis.levels import get_level
from ..board import CHECKERS, OFF
from ..cube.ai import cube_decision
from ..cube.context import may_double
from ..cube.state import DECIDE, ROLLING, CubeState
from ..evaluators import get_evaluator
from ..state import BackgammonState
from . import valuing
from .choice import expand, roll_means, side, to_root
from .cubeful import CENTRE, OTHER, ROOT, chequer_weights, double_and_take, other_side, position_values, won_value
from .dice import ROLL21, ROLLS, DiceStreams
from .spec import RolloutSpec

QUANTITIES = ("win", "win_gammon", "win_backgammon", "lose_gammon", "lose_backgammon", "equity", "cubeful")
"""What each trial measures, in the order of :attr:`BlockResult.sums`."""
CHANCES = QUANTITIES[:5]
"""The outcomes' shares among :data:`QUANTITIES` (the rest are equities)."""
PARTIAL_SECONDS = 2.0
"""How often, at most, ``partial`` hears of a block's ended trials while it goes on."""
LONGEST = 2000
"""Plies after which a trial still going is valued like a truncated one (no real game comes
near; it only bounds a block's time)."""


class Cancelled(Exception):
    """A block stopped before it finished (its ``cancel`` said so); nothing of it is kept."""


@dataclass(frozen=True)
class BlockResult:
    """What one block of trials adds up to, per candidate: ``counts`` trials, and the sums
    and sums of squares of each of :data:`QUANTITIES` (``(candidates, 7)``); ``plies`` the
    plies played per candidate and ``seconds`` the block's time (both only for reports);
    ``complete`` false for a block stopped part way (its ended trials only: see the module doc)."""

    index: int
    counts: tuple[int, ...]
    sums: np.ndarray
    squares: np.ndarray
    plies: tuple[int, ...]
    seconds: float
    complete: bool = True


def play_block(spec: RolloutSpec, index: int, cancel=None, stop=None, partial=None) -> BlockResult:
    """Play block ``index`` of ``spec``; ``cancel()``, asked between plies, stops it
    (:class:`Cancelled`: nothing kept); ``stop()``, asked there too, ends it keeping the
    trials that had ended (a result with ``complete`` false); ``partial(result)`` hears of
    those while the block goes on, when more have ended, at most every :data:`PARTIAL_SECONDS`.

    The block's matrix products run on one BLAS thread: OpenBLAS splits a product among its
    threads in ways that change the last bits of a sum, so a block played by a process with
    two threads and one played by a worker with one would differ (measured: by 1e-8)."""
    started = time.perf_counter()
    with threadpool_limits(1, user_api="blas"):
        trials = _Trials(spec, index)

        def heard() -> None:
            partial(trials.result(index, time.perf_counter() - started))

        trials.run(cancel, stop, heard if partial is not None else None)
    return trials.result(index, time.perf_counter() - started)


def unstarted_block(spec: RolloutSpec, index: int) -> BlockResult:
    """Block ``index`` stopped before its first ply: no trial ended."""
    c = len(spec.candidates)
    zeros = np.zeros((c, len(QUANTITIES)))
    return BlockResult(index, (0,) * c, zeros, zeros.copy(), (0,) * c, 0.0, complete=False)


def _groups(codes: np.ndarray):
    """``(code, positions)`` for each distinct value of ``codes``."""
    values, inverse = np.unique(codes, return_inverse=True)
    for k, code in enumerate(values):
        yield int(code), np.flatnonzero(inverse == k)


def _code(root: np.ndarray, value: np.ndarray, owner: np.ndarray) -> np.ndarray:
    """One integer per (side on roll is the rollout's player, cube value, owner)."""
    return (value.astype(np.int64) << 3) | (owner.astype(np.int64) << 1) | root.astype(np.int64)


def _decode(code: int) -> tuple[bool, int, int]:
    return bool(code & 1), code >> 3, (code >> 1) & 3


def _distinct(board: np.ndarray, codes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct (position, code) rows: the first row of each, in order of first
    appearance, and each row's index among them (trials sharing a position share its
    plays; many do in a rollout's first plies)."""
    rows = np.concatenate([board.reshape(len(board), -1).view(np.uint8),
                           codes.astype("<i8").reshape(-1, 1).view(np.uint8)], axis=1)
    keys = np.ascontiguousarray(rows).view(np.dtype((np.void, rows.shape[1]))).ravel()
    _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    order = np.argsort(first, kind="stable")
    rank = np.empty(len(order), dtype=np.intp)
    rank[order] = np.arange(len(order))
    return first[order], rank[inverse.ravel()]


class _Trials:
    """The block's trials as arrays, one row per (candidate, trial): row ``c·n + k``."""

    def __init__(self, spec: RolloutSpec, index: int) -> None:
        self.spec, self.stakes = spec, spec.stakes
        self.evaluator = get_evaluator(spec.evaluator)
        self.level = get_level(spec.level)
        block = spec.block_trials(index)
        self.dice = DiceStreams(spec.seed, block)
        n, c = len(block), len(spec.candidates)
        self.n = n
        self.trial = np.tile(np.arange(n), c)
        self.candidate = np.repeat(np.arange(c), n)
        starts = np.array([[cand.on_roll, cand.other] for cand in spec.candidates], dtype=np.int8)
        self.board = np.repeat(starts, n, axis=0)
        """``(rows, 2, 26)``: each trial's position, its side on roll first."""
        self.root_on_roll = np.repeat([cand.root_on_roll for cand in spec.candidates], n)
        self.value = np.repeat([cand.value for cand in spec.candidates], n).astype(np.int64)
        self.owner = np.repeat([cand.owner for cand in spec.candidates], n).astype(np.int64)
        rows = n * c
        self.alive = np.ones(rows, dtype=bool)
        self.final, self.luck = np.zeros((rows, 5)), np.zeros((rows, 5))
        self.final_cf, self.luck_cf = np.zeros(rows), np.zeros(rows)
        self.plies = np.zeros(c, dtype=np.int64)
        self.now = valuing.chances(self.evaluator, starts)[self.candidate]
        """The side on roll's chances at each trial's position (0 ply)."""

    # ------------------------------------------------------------------ the loop

    def run(self, cancel=None, stop=None, heard=None) -> None:
        ply, told, ended = 0, time.perf_counter(), 0
        while True:
            live = np.flatnonzero(self.alive)
            if not len(live):
                return
            if cancel is not None and cancel():
                raise Cancelled
            if stop is not None and stop():
                return
            if heard is not None and len(self.alive) - len(live) > ended \
                    and time.perf_counter() - told >= PARTIAL_SECONDS:
                heard()
                told, ended = time.perf_counter(), len(self.alive) - len(live)
            live, board = self._settle(live, self.board[live], ply)
            if not len(live):
                return
            self.plies += np.bincount(self.candidate[live], minlength=len(self.plies))
            rolls = ROLL21[self.dice.roll(ply)[self.trial[live]]]
            self._play(live, board, rolls)
            ply += 1

    def _settle(self, live: np.ndarray, board: np.ndarray, ply: int):
        """End the trials steps 1–4 of the module doc end; the rest, still to play."""
        won = board[:, 1, OFF] == CHECKERS
        if won.any():
            self._end_won(live[won], board[won])
            live, board = live[~won], board[~won]
        if self.spec.bearoff and len(live):
            home = valuing.bearoffs(board)
            if home.any():
                self._end_valued(live[home], board[home], valuing.bearoff_chances(board[home]))
                live, board = live[~home], board[~home]
        if (self.spec.truncate is not None and ply >= self.spec.truncate) or ply >= LONGEST:
            self._end_valued(live, board, self.now[live])
            return live[:0], board[:0]
        if self.stakes is not None and len(live):
            live, board = self._cube(live, board)
        return live, board

    # ------------------------------------------------------------------ ends

    def _end_won(self, rows: np.ndarray, board: np.ndarray) -> None:
        kind = valuing.win_kind(board[:, 1], board[:, 0])
        root_won = ~self.root_on_roll[rows]
        won = valuing.won_chances(kind)
        self.final[rows] = np.where(root_won[:, None], won, valuing.flip(won))
        if self.stakes is not None:
            self.final_cf[rows] = [won_value(self.stakes, bool(r), int(k), int(v), int(o)) for r, k, v, o in
                                   zip(root_won, kind, self.value[rows], self.owner[rows])]
        self.alive[rows] = False

    def _end_valued(self, rows: np.ndarray, board: np.ndarray, chances: np.ndarray) -> None:
        """End ``rows`` valued at their positions: ``chances`` of each side on roll."""
        root = self.root_on_roll[rows]
        self.final[rows] = np.where(root[:, None], chances, valuing.flip(chances))
        if self.stakes is not None and len(rows):
            values = self._cubeful(rows, board, chances)
            self.final_cf[rows] = np.where(root, values, other_side(values, self.stakes))
        self.alive[rows] = False

    def _cubeful(self, rows: np.ndarray, board: np.ndarray, chances: np.ndarray) -> np.ndarray:
        """The cubeful values of ``rows``' positions for their sides on roll."""
        out = np.empty(len(rows))
        lives = valuing.cube_life(board)
        for code, members in _groups(_code(self.root_on_roll[rows], self.value[rows], self.owner[rows])):
            context = self.stakes.context(*_decode(code))
            out[members] = position_values(chances[members], lives[members], context)
        return out

    # ------------------------------------------------------------------ the cube

    def _cube(self, live: np.ndarray, board: np.ndarray):
        """The level's cube decisions of the sides on roll; the trials that go on."""
        doubles = np.zeros(len(live), dtype=bool)
        takes = np.zeros(len(live), dtype=bool)
        plies = self.level.cube_plies or 0
        for code, members in _groups(_code(self.root_on_roll[live], self.value[live], self.owner[live])):
            context = self.stakes.context(*_decode(code))
            if not may_double(context):
                continue
            if plies == 0:
                d, t = double_and_take(self.now[live[members]], valuing.cube_life(board[members]), context)
            else:
                decisions = [cube_decision(self._state(int(live[m]), None, DECIDE), plies, self.evaluator)
                             for m in members]
                d = np.array([x.verdict.doubles for x in decisions], dtype=bool)
                t = np.array([x.best_take_action() != "pass" for x in decisions], dtype=bool)
            doubles[members], takes[members] = d, t
        passed = doubles & ~takes
        if passed.any():
            rows = live[passed]
            root = self.root_on_roll[rows]
            chances = self.now[rows]
            self.final[rows] = np.where(root[:, None], chances, valuing.flip(chances))
            self.final_cf[rows] = [won_value(self.stakes, bool(r), 1, int(v), int(o))
                                   for r, v, o in zip(root, self.value[rows], self.owner[rows])]
            self.alive[rows] = False
        taken = live[doubles & takes]
        self.value[taken] *= 2
        self.owner[taken] = np.where(self.root_on_roll[taken], OTHER, ROOT)
        return live[~passed], board[~passed]

    def _state(self, row: int, dice, phase: str) -> BackgammonState:
        """Row ``row``'s position as a state of the rules, the side on roll as player 0."""
        board = self.board[row]
        cube = None
        if self.stakes is not None:
            s = self.stakes
            mine = ROOT if self.root_on_roll[row] else OTHER
            owner = None if self.owner[row] == CENTRE else 0 if self.owner[row] == mine else 1
            score = s.score if self.root_on_roll[row] else s.score[::-1]
            cube = CubeState(value=int(self.value[row]), owner=owner, match_length=s.match_length, score=score,
                             crawford=s.crawford, jacoby=s.jacoby, beavers=s.beavers, phase=phase)
        return BackgammonState((side(board, 0), side(board, 1)), 0, dice, False, cube)

    # ------------------------------------------------------------------ the play

    def _play(self, live: np.ndarray, board: np.ndarray, rolls: np.ndarray) -> None:
        """Every live trial throws ``rolls`` (0..20) and plays; the luck is added up."""
        spec, stakes = self.spec, self.stakes
        root = self.root_on_roll[live]
        codes = _code(root, self.value[live], self.owner[live]) if stakes is not None else np.zeros(len(live), np.int64)
        first, p_of = _distinct(board, codes)
        positions, position_codes = board[first], codes[first]
        weight_keys = {}
        weight_of = np.array([weight_keys.setdefault((_decode(c)[0], _decode(c)[1]), len(weight_keys))
                              for c in position_codes.tolist()], dtype=np.intp)
        weights = np.array([chequer_weights(stakes, r, v) for r, v in weight_keys])
        vr, searched = spec.variance_reduction, bool(self.level.plies)
        expansion = None
        if vr:
            g_of = p_of * len(ROLLS) + rolls
            expansion = expand(self.evaluator, positions, weights, weight_of,
                               np.repeat(np.arange(len(positions)), len(ROLLS)), np.tile(np.arange(len(ROLLS)), len(positions)),
                               spec.prune)
        elif not searched:
            pairs, g_of = np.unique(p_of * len(ROLLS) + rolls, return_inverse=True)
            expansion = expand(self.evaluator, positions, weights, weight_of, pairs // len(ROLLS), pairs % len(ROLLS),
                               spec.prune)
        if searched:
            after = np.array([self._searched(int(i), ROLLS[int(r)]) for i, r in zip(live, rolls)], dtype=np.int8)
            self.now[live] = valuing.chances(self.evaluator, after)
        else:
            best = expansion.best[g_of]
            after = expansion.batch[best]
            self.now[live] = expansion.chances[best]
        if vr:
            self._add_luck(live, root, expansion, p_of, g_of, position_codes)
        self.board[live] = after
        self.root_on_roll[live] = ~root

    def _searched(self, row: int, dice: tuple[int, int]) -> np.ndarray:
        """The play the level's search chooses for row ``row`` with ``dice``: the position
        after it, the opponent on roll."""
        state = self._state(row, dice, ROLLING)
        after = search(state, self.level, self.evaluator).best.after
        return np.array([after.sides[1], after.sides[0]], dtype=np.int8)

    def _add_luck(self, live, root, expansion, p_of, g_of, position_codes) -> None:
        """Each trial's luck of its roll: the mover's value after the best play of the roll
        thrown less its average over the 21 rolls (0 ply), seen by the rollout's player."""
        mover = expansion.mover_chances()
        diff = mover[g_of] - roll_means(mover)[p_of]
        self.luck[live] += to_root(diff, root)
        if self.stakes is None:
            return
        best = expansion.best
        chances, lives = expansion.chances[best], valuing.cube_life(expansion.batch[best])
        group_codes = np.repeat(position_codes, len(ROLLS))
        values = np.empty(len(best))
        for code, members in _groups(group_codes):
            mover_is_root, value, owner = _decode(code)
            context = self.stakes.context(not mover_is_root, value, owner)
            values[members] = other_side(position_values(chances[members], lives[members], context), self.stakes)
        diff_cf = values[g_of] - roll_means(values)[p_of]
        self.luck_cf[live] += np.where(root, diff_cf, -diff_cf)

    # ------------------------------------------------------------------ the sums

    def result(self, index: int, seconds: float) -> BlockResult:
        """The block's sums; while trials are still going, those of the ended trials only."""
        chances = self.final - self.luck
        cubeful = np.zeros(len(chances))
        if self.stakes is not None:
            cubeful = self.stakes.normalise(self.final_cf - self.luck_cf)
        measured = np.column_stack([chances, valuing.equity(chances), cubeful])
        c = len(self.plies)
        complete = not self.alive.any()
        if complete:
            counts = (self.n,) * c
        else:
            measured[self.alive] = 0.0
            counts = tuple(int(k) for k in (~self.alive).reshape(c, self.n).sum(axis=1))
        per = measured.reshape(c, self.n, len(QUANTITIES))
        return BlockResult(index, counts, per.sum(axis=1), (per * per).sum(axis=1),
                           tuple(int(p) for p in self.plies), seconds, complete)
