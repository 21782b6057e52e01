"""GNU Backgammon's evaluator (``gnubg-nn``, GPL: benches and tests only) in Tabula's terms.

gnubg_nn's board is ``[opponent, side on roll]``, each side points 1..24 then the bar:
our sides' slots 1..25.  Its outputs, like our networks', are the side on roll's cubeless
(win, win gammon, win backgammon, lose gammon, lose backgammon).
"""

from __future__ import annotations

import gnubg_nn
import numpy as np


def board(me, opp) -> list[list[int]]:
    """gnubg_nn's board of a position with ``me`` on roll (our 26-slot sides)."""
    return [[int(c) for c in opp[1:26]], [int(c) for c in me[1:26]]]


def board_of(state) -> list[list[int]]:
    """gnubg_nn's board of a :class:`~game.backgammon.state.BackgammonState`."""
    return board(state.on_roll, state.opponent)


def outputs(batch, plies: int = 0) -> np.ndarray:
    """``(N, 5)``: GNU's outputs at ``plies`` for the side on roll of each ``(N, 2, 26)`` row."""
    return np.array([gnubg_nn.probabilities(board(me, opp), plies) for me, opp in np.asarray(batch)], dtype=float)


class GnuChances:
    """GNU's network as our cube search's evaluator (duck-typed: :func:`~game.backgammon.cube.ai.chances_of`
    reads ``probabilities``), each position's outputs at ``plies`` remembered."""

    def __init__(self, plies: int = 0) -> None:
        self.plies = plies
        self._known: dict[bytes, np.ndarray] = {}

    def probabilities(self, batch) -> np.ndarray:
        rows = np.asarray(batch, dtype=np.int8)
        keys = [row.tobytes() for row in rows]
        for key, row in zip(keys, rows):
            if key not in self._known:
                self._known[key] = outputs(row[None], self.plies)[0]
        return np.array([self._known[key] for key in keys]).reshape(len(keys), 5)


def analyzer_cube(state, plies: int) -> tuple[float, float, float]:
    """gnubg-nn's own cube analyzer (Joseph Heled's, not GNU Backgammon's model): the (ND,
    DT, DP) match winning chances of the side on roll at ``state``, a match with a centred
    cube (the only case it analyses)."""
    cube = state.cube
    mine, theirs = (cube.match_length - cube.score[p] for p in (state.turn, 1 - state.turn))
    gnubg_nn.set.score(mine, theirs, 0)
    gnubg_nn.set.cube(1, b"X")
    key = gnubg_nn.key_of_board(board_of(state))
    return tuple(gnubg_nn.evaluate_cube_decision(key, plies, -1, b"O", 1)[3:])


def after_key(mover_after, opp_after) -> str:
    """GNU's key of the position after a play (the opponent on roll)."""
    return gnubg_nn.key_of_board(board(opp_after, mover_after))


def pick(plays, me, opp, die1: int, die2: int, plies: int = 0) -> int:
    """The index in ``plays`` (:func:`~game.backgammon.movegen.legal_plays` of the roll) of
    the play GNU Backgammon's ``best_move`` picks at ``plies``."""
    if len(plays) == 1:
        return 0
    _, key = gnubg_nn.best_move(board(me, opp), die1, die2, n=plies, b=1)
    return next(i for i, (_, mover_after, opp_after) in enumerate(plays) if after_key(mover_after, opp_after) == key)
