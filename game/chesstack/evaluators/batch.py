"""The two evaluators over numpy batches of positions: the search's leaf evaluator.

**Encoding** (:func:`encode`).  Each distinct :class:`~game.chesstack.state.Piece` (colour,
type, stun, move, royal) gets a small integer id the first time it is seen (0 is the empty
square), so a batch of N positions is one ``(N, 64)`` array of ids read with one dictionary
look-up per square; per-id tables give each piece's colour, value, stacks and royal flag.
Pocket pairs are interned the same way (their two sums are all the evaluators read of them),
and the log length is an ``(N,)`` array.  :class:`Batch` shows the usual arrays (``kind``,
``colour``, ``stun``, ``move``, ``royal``, ``pockets`` (N, 2, 16), ``parity``) on demand.

**Terms.**  Potential moves and threats come per board piece from :mod:`.potential`
(bitboards, and line tables for the Grasshopper, Knightrider and Tempest rook); per-position sums
(``np.bincount`` over the pieces) give Mob, Thr and the designer's parts; material, stacks
and placement are gathers from the per-id tables and row sums; pockets are one gather.

Agreement with the single form is exact, not approximate: every term but ``Place`` is a
whole number (of tenths, for the designer), and ``Place`` is summed in square order from 0.0
in both forms (``np.cumsum`` along the row is sequential), then combined in the same order.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain

import numpy as np

from ..pieces import VALUES
from ..state import TYPES, ChesstackState
from .potential import potential
from .terms import (
    COMBINE_ORDER,
    LAST_ROYAL_FACTOR,
    MOB_CAP,
    PLACE_WEIGHTS,
    POCKET_PENALTY_TENTHS,
    ROYAL_BONUS,
    ROYAL_FACTOR_TENTHS,
    TURN_TENTHS,
    WEIGHTS,
)

_VALUE_OF = np.array([VALUES[kind] for kind in TYPES], dtype=np.int64)
_PLACE = np.array(PLACE_WEIGHTS, dtype=np.float64)


# -- interning -----------------------------------------------------------------------------------
class _Table:
    """Growing per-id columns (numpy arrays with spare room)."""

    def __init__(self, columns: dict[str, type]) -> None:
        self.size, self.capacity = 0, 64
        self.columns = {name: np.zeros(self.capacity, dtype) for name, dtype in columns.items()}

    def add(self, **values) -> None:
        if self.size == self.capacity:
            self.capacity *= 2
            for name, column in self.columns.items():
                grown = np.zeros(self.capacity, column.dtype)
                grown[: self.size] = column[: self.size]
                self.columns[name] = grown
        for name, value in values.items():
            self.columns[name][self.size] = value
        self.size += 1


_PIECES = _Table({"code": np.int64, "kind": np.int64, "key": np.int64, "sign": np.int64, "value": np.int64,
                  "signed": np.int64, "fsigned": np.float64, "stun": np.int64, "move": np.int64,
                  "res2": np.int64, "royal": np.int64})
_POCKETS = _Table({"mat": np.int64, "tenths": np.int64})
_PIECE_IDS: dict = {}
_POCKET_IDS: dict = {}
_POCKET_ROWS: list = []
_MAX_IDS = 1 << 20
"""When the interned pieces and pockets reach this many, the tables start afresh."""
_LOCK = threading.Lock()
_generation = 0


def _reset() -> None:
    """Empty the tables (id 0: the empty square, code 0 and everything 0); older batches
    become invalid (:func:`as_batch` refuses them)."""
    global _generation
    _PIECES.size = _POCKETS.size = 0
    _PIECE_IDS.clear()
    _POCKET_IDS.clear()
    _POCKET_ROWS.clear()
    _PIECE_IDS[None] = 0
    _PIECES.add(kind=-1)
    _generation += 1


_reset()


def _intern(cells, pockets) -> None:
    """Give the pieces among ``cells`` and the pocket pairs among ``pockets`` their ids."""
    with _LOCK:
        if len(_PIECE_IDS) + len(_POCKET_IDS) >= _MAX_IDS:
            _reset()
        for piece in set(cells) - _PIECE_IDS.keys():
            kind, sign = TYPES.index(piece.kind), 1 if piece.colour == 0 else -1
            value = VALUES[piece.kind]
            _PIECES.add(code=piece.colour + 1, kind=kind, key=(kind * 2 + piece.colour) * 64, sign=sign,
                        value=value, signed=sign * value, fsigned=float(sign * value), stun=piece.stun,
                        move=piece.move, res2=sign * (2 * piece.move - piece.stun), royal=int(bool(piece.royal)))
            _PIECE_IDS[piece] = _PIECES.size - 1
        for pair in set(pockets) - _POCKET_IDS.keys():
            white, black = (np.asarray(side, dtype=np.int64) for side in pair)
            _POCKET_ROWS.append(np.stack([white, black]))
            _POCKETS.add(mat=int((white - black) @ _VALUE_OF),
                         tenths=int((white - black) @ (10 * _VALUE_OF - POCKET_PENALTY_TENTHS)))
            _POCKET_IDS[pair] = _POCKETS.size - 1


@dataclass(frozen=True)
class Batch:
    """N encoded positions: ``ids`` (N, 64) piece ids (0 empty), ``pocket_ids`` (N,) and
    ``log_length`` (N,).  The properties give the plain arrays."""

    ids: np.ndarray
    pocket_ids: np.ndarray
    log_length: np.ndarray
    generation: int = 0

    def __len__(self) -> int:
        return len(self.log_length)

    def _column(self, name: str) -> np.ndarray:
        return _PIECES.columns[name][self.ids]

    @property
    def kind(self) -> np.ndarray:
        """(N, 64) index into :data:`~game.chesstack.state.TYPES`, −1 for an empty square."""
        return self._column("kind")

    @property
    def colour(self) -> np.ndarray:
        """(N, 64) 0 White, 1 Black, −1 empty."""
        return self._column("code") - 1

    @property
    def stun(self) -> np.ndarray:
        return self._column("stun")

    @property
    def move(self) -> np.ndarray:
        return self._column("move")

    @property
    def royal(self) -> np.ndarray:
        return self._column("royal").astype(bool)

    @property
    def pockets(self) -> np.ndarray:
        """(N, 2, 16) counts per colour and type."""
        return np.stack([_POCKET_ROWS[i] for i in self.pocket_ids]) if len(self) else np.zeros((0, 2, len(TYPES)), int)

    @property
    def parity(self) -> np.ndarray:
        """(N,) 0 when White is to move (even log length), 1 otherwise."""
        return self.log_length % 2


def encode(states: Sequence[ChesstackState]) -> Batch:
    """The :class:`Batch` of ``states``: one dictionary look-up per square and per position."""
    n = len(states)
    cells = list(chain.from_iterable(state.board for state in states))
    pockets = [state.pockets for state in states]
    while True:  # again if the tables start afresh meanwhile (another thread)
        generation = _generation
        try:
            ids = np.fromiter(map(_PIECE_IDS.__getitem__, cells), np.int64, 64 * n)
            pocket_ids = np.fromiter(map(_POCKET_IDS.__getitem__, pockets), np.int64, n)
        except KeyError:
            _intern(cells, pockets)
            continue
        if generation == _generation:
            break
    log_length = np.fromiter((state.log_length for state in states), np.int64, n)
    return Batch(ids.reshape(n, 64), pocket_ids, log_length, generation)


def as_batch(states) -> Batch:
    """``states`` encoded, or the :class:`Batch` given (if the tables have not started afresh since)."""
    if not isinstance(states, Batch):
        return encode(states)
    if states.generation != _generation:
        raise ValueError("this Chesstack batch was encoded before the piece tables started afresh; encode it again")
    return states


def piece_columns() -> dict[str, np.ndarray]:
    """Per interned piece id: ``code`` (0 empty, 1 White, 2 Black), ``kind``, ``key``, ``sign``,
    ``value``, ``stun``, ``move``, ``royal`` and the evaluators' derived columns."""
    return _PIECES.columns


def pocket_material(batch: Batch) -> np.ndarray:
    """(N,) White's pocket material minus Black's, in centipawns."""
    return _POCKETS.columns["mat"][batch.pocket_ids]


# -- the terms ------------------------------------------------------------------------------------
def _potential(batch: Batch):
    """Per board piece: ``(position index, piece id, potential moves, threat)``."""
    return potential(batch.ids.ravel(), _PIECES.columns, len(batch))


def _per_position(index: np.ndarray, weights: np.ndarray, n: int) -> np.ndarray:
    return np.bincount(index, weights=weights, minlength=n)


def weighted_terms(states) -> np.ndarray:
    """(N, 7) raw terms Mat, Mob, Res, Thr, Place, Turn, Royal."""
    batch = as_batch(states)
    n, ids, columns = len(batch), batch.ids, _PIECES.columns
    position, piece, moves, threat = _potential(batch)
    sign = columns["sign"][piece]
    terms = np.empty((n, 7))
    terms[:, 0] = columns["signed"][ids].sum(axis=1) + _POCKETS.columns["mat"][batch.pocket_ids]
    terms[:, 1] = _per_position(position, sign * np.minimum(moves, MOB_CAP), n)
    terms[:, 2] = columns["res2"][ids].sum(axis=1) / 2
    terms[:, 3] = _per_position(position, sign * threat, n)
    place = np.cumsum(columns["fsigned"][ids] * _PLACE, axis=1)[:, -1] if n else np.zeros(0)
    terms[:, 4] = place + 0.0
    terms[:, 5] = 1 - 2 * (batch.log_length % 2)
    royal = columns["royal"][piece]
    white = _per_position(position, royal * (sign > 0), n)
    black = _per_position(position, royal * (sign < 0), n)
    terms[:, 6] = ROYAL_BONUS * (((white == 1) & (black == 0)).astype(int) - ((black == 1) & (white == 0)))
    return terms


def weighted_values(terms: np.ndarray) -> np.ndarray:
    """(N,) float64 whole numbers: the weighted value of (N, 7) raw terms."""
    order = {"Mat": 0, "Mob": 1, "Res": 2, "Thr": 3, "Place": 4, "Turn": 5}
    total = np.zeros(len(terms))
    for name in COMBINE_ORDER:
        total += WEIGHTS[name] * terms[:, order[name]]
    total += terms[:, 6]
    magnitude = np.abs(total)
    whole = np.floor(magnitude)
    whole += magnitude - whole >= 0.5
    return np.copysign(whole, total) + 0.0


def designer_tenths(states) -> np.ndarray:
    """(N, 5) int64 terms Material, Royal, Activity, Stun, Pocket, in tenths."""
    batch = as_batch(states)
    n, columns = len(batch), _PIECES.columns
    position, piece, moves, _ = _potential(batch)
    sign, value, royal = columns["sign"][piece], columns["value"][piece], columns["royal"][piece]
    side = position * 2 + (sign < 0)  # (position, colour) of each piece
    own = np.bincount(side, weights=value, minlength=2 * n)[side]  # its side's board values
    last = np.bincount(side, weights=royal, minlength=2 * n)[side] == 1
    factor_tenths = np.where(last, 10 * LAST_ROYAL_FACTOR, ROYAL_FACTOR_TENTHS * own)
    parts = (10 * value * (1 - royal), factor_tenths * value * royal,
             TURN_TENTHS * moves * columns["move"][piece], -TURN_TENTHS * columns["stun"][piece])
    tenths = np.empty((n, 5), np.int64)
    for i, part in enumerate(parts):  # whole numbers far below 2**53: float sums are exact
        tenths[:, i] = np.rint(_per_position(position, sign * part, n))
    tenths[:, 4] = _POCKETS.columns["tenths"][batch.pocket_ids]
    return tenths


def designer_values(tenths: np.ndarray) -> np.ndarray:
    """(N,) float64: the designer's value of (N, 5) terms in tenths."""
    return tenths.sum(axis=1) / 10
