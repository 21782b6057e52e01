"""Potential moves and threats of every board piece of a batch, vectorised (numpy only).

A piece's *potential moves* are the destinations its pattern allows on the board whatever
its stacks (:func:`~game.chesstack.pieces.destinations`), a pawn's move onto its last rank
counting once per promotion choice; its *threat* is the sum of the values of the enemy
pieces on its non-promotion destinations.  :func:`potential` finds each piece's destinations
as a 64-bit set (a ``uint64``, bit ``sq``) and then counts them:

- **Bitboards** (K Q R B N P A W D L F C Cl: every type but three, and all that a game
  without fairy pockets can hold, the Amazon a pawn promotes to included): leaps from a
  per-(type, square) table, sliding lines by the "hyperbola quintessence" subtraction trick
  on files and diagonals (``o ^ (o − 2s)``, the reverse direction through a byte swap) and a
  (file, rank occupancy) table on ranks; a pawn's step onto an empty square and its
  captures onto enemies.  Destinations = reach & ~own.
- **Lines** (the Grasshopper, the Knightrider and the Tempest rook): per (type, colour, square)
  the squares it looks along, one flat run of rays nearest first (:data:`LINES`).  Gathered
  for those pieces only, each line square is looked up (empty / own / enemy) and a running
  sum of the blocked flags tells how many pieces stand before it in its ray: a rider's square
  is reached when none does, a Grasshopper's landing when exactly one does, right before it
  (the hurdle).  The reached squares that are not own become the destination set.

Moves = popcount(destinations) × 5 for a pawn about to promote (all its moves promote, and
they are no threats); the threat walks the enemy squares of each set lowest bit first.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..pieces import ALFIL, CAMEL, DABBABA, DIAGONAL, KING_STEPS, KNIGHT, QUEEN_LINES, RAYS, last_rank
from ..state import TYPES, WHITE
from .terms import PROMOTION_CHOICES

ONE = np.uint64(1)
BIT = np.array([1 << sq for sq in range(64)], dtype=np.uint64)
LEAPS = {"K": KING_STEPS, "N": KNIGHT, "A": KNIGHT, "W": KNIGHT, "C": KING_STEPS + KNIGHT, "D": DABBABA, "L": ALFIL,
         "F": DIAGONAL, "Cl": CAMEL}
"""Each bitboard type's leaps (its rays of length 1)."""
ORTHOGONAL_SLIDERS = ("R", "Q", "A")
DIAGONAL_SLIDERS = ("B", "Q", "A", "W")
LINE_TYPES = ("G", "Kr", "Tr")
"""Types handled by the line tables rather than by bitboards."""


def _mask(squares) -> int:
    return sum(1 << s for s in squares)


def _on_board(f: int, r: int) -> bool:
    return 0 <= f < 8 and 0 <= r < 8


def _line(sq: int, df: int, dr: int) -> int:
    """The squares through ``sq`` along ±(df, dr), ``sq`` itself left out."""
    f0, r0 = sq % 8, sq // 8
    squares = []
    for sign in (1, -1):
        f, r = f0 + sign * df, r0 + sign * dr
        while _on_board(f, r):
            squares.append(r * 8 + f)
            f, r = f + sign * df, r + sign * dr
    return _mask(squares)


def _rank_attacks(file: int, occupancy: int) -> int:
    """Squares (bits 0..7) a slider on ``file`` reaches along an 8-square rank."""
    found = 0
    for step in (1, -1):
        f = file + step
        while 0 <= f < 8:
            found |= 1 << f
            if occupancy >> f & 1:
                break
            f += step
    return found


def _table(values) -> np.ndarray:
    return np.array(list(values), dtype=np.uint64)


FILE_MASK = _table(_line(sq, 0, 1) for sq in range(64))
DIAG_MASK = _table(_line(sq, 1, 1) for sq in range(64))
ANTI_MASK = _table(_line(sq, 1, -1) for sq in range(64))
RANK_ATTACKS = _table(_rank_attacks(f, occ) for f in range(8) for occ in range(256))
"""``[file * 256 + rank occupancy]`` → reach along the rank, bits 0..7."""


def _key(kind: int, colour: int, sq: int) -> int:
    return (kind * 2 + colour) * 64 + sq


def _build_keys():
    """Per (type, colour, square) key: leaps, a pawn's step and captures, the promotion
    multiple and the mask of squares whose enemies count as threats."""
    size = len(TYPES) * 2 * 64
    leap, step, take = (np.zeros(size, np.uint64) for _ in range(3))
    multiple = np.ones(size, np.int64)
    threat_mask = np.full(size, ~np.uint64(0), np.uint64)
    for k, kind in enumerate(TYPES):
        for colour in (0, 1):
            for sq in range(64):
                f, r = sq % 8, sq // 8
                key = _key(k, colour, sq)
                leap[key] = _mask((r + dr) * 8 + f + df for df, dr in LEAPS.get(kind, ()) if _on_board(f + df, r + dr))
                if kind == "P":
                    ahead = r + (1 if colour == WHITE else -1)
                    if 0 <= ahead < 8:
                        step[key] = 1 << (ahead * 8 + f)
                        take[key] = _mask(ahead * 8 + f + df for df in (-1, 1) if 0 <= f + df < 8)
                        if ahead == last_rank(colour):
                            multiple[key] = PROMOTION_CHOICES
                            threat_mask[key] = 0
    return leap, step, take, multiple, threat_mask


LEAP, PAWN_STEP, PAWN_TAKE, MULTIPLE, THREAT_MASK = _build_keys()
_ORTHOGONAL = np.array([kind in ORTHOGONAL_SLIDERS for kind in TYPES])
_DIAGONAL = np.array([kind in DIAGONAL_SLIDERS for kind in TYPES])
_LINES_KIND = np.array([kind in LINE_TYPES for kind in TYPES])
_PAWN = TYPES.index("P")


# -- the line tables (Grasshopper, Knightrider, Tempest rook) ---------------------------------------
def _build_lines():
    squares, positions, hops = [], [], []
    start = np.zeros(len(TYPES) * 2 * 64, dtype=np.int64)
    length = np.zeros_like(start)
    for k, kind in enumerate(TYPES):
        if kind not in LINE_TYPES:
            continue
        for colour in (0, 1):
            for sq in range(64):
                key = _key(k, colour, sq)
                start[key] = len(squares)
                rays = QUEEN_LINES[sq] if kind == "G" else RAYS[kind][sq]
                for ray in rays:
                    squares += ray
                    positions += range(len(ray))
                    hops += [kind == "G"] * len(ray)
                length[key] = len(squares) - start[key]
    return start, length, np.array(squares, np.int64), np.array(positions, np.int64), np.array(hops, bool)


LINES = _build_lines()
"""``(start, length)`` per key, then per line square: its square, position in its ray, and
whether it is a Grasshopper's (a landing beyond a hurdle) rather than a rider's."""


def _line_reach(flat_ids, code, where, key) -> np.ndarray:
    """Reach of the line-table pieces (``where``: flat square index in the batch): the squares
    they land on, own pieces' squares included (what they protect)."""
    start, length, line_square, line_pos, line_hop = LINES
    lengths = length[key]
    ends = np.cumsum(lengths)
    total = int(ends[-1]) if len(ends) else 0
    owner = np.repeat(np.arange(len(key)), lengths)
    line = np.repeat(start[key] - (ends - lengths), lengths) + np.arange(total)
    target = line_square[line]
    cell = code[flat_ids[np.repeat(where - (where & 63), lengths) + target]]
    blocked = cell != 0
    before = np.cumsum(blocked) - blocked
    before -= before[np.arange(total) - line_pos[line]]  # pieces standing before it in its ray
    previous = np.zeros_like(blocked)
    previous[1:] = blocked[:-1]
    reached = np.where(line_hop[line], (before == 1) & previous, before == 0)
    reach = np.zeros(len(key), np.uint64)
    np.bitwise_or.at(reach, owner[reached], BIT[target[reached]])
    return reach


# -- all pieces ------------------------------------------------------------------------------------
def _hyperbola(occupied: np.ndarray, bit: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Reach of sliders on ``bit`` along the file or diagonal ``mask`` (both directions)."""
    forward = occupied & mask
    reverse = forward.byteswap() - bit.byteswap()
    forward = forward - bit
    return (forward ^ reverse.byteswap()) & mask


class Reach(NamedTuple):
    """Per board piece of a batch, in square order: its ``position`` in the batch, piece
    ``id``, ``square``, table ``key`` ((type·2 + colour)·64 + square), the squares it
    ``attacks`` (own pieces' squares included: those it protects; a pawn's diagonals only)
    and its ``destinations`` (where its pattern lets it go now, stacks aside); and per
    position the ``own``-side bitboard of each piece and the ``enemy`` one."""

    position: np.ndarray
    id: np.ndarray
    square: np.ndarray
    key: np.ndarray
    attacks: np.ndarray
    destinations: np.ndarray
    own: np.ndarray
    enemy: np.ndarray


def reach(flat_ids: np.ndarray, columns: dict[str, np.ndarray], n: int) -> Reach:
    """:class:`Reach` of the board pieces of N positions (``flat_ids``: their (N·64,) piece ids,
    0 empty; ``columns``: per id ``code`` (0 empty, 1 White, 2 Black) and ``key``)."""
    code = columns["code"]
    cells = code[flat_ids].reshape(n, 64)
    occupied_rows = np.packbits(cells != 0, axis=1, bitorder="little").view("<u8").ravel()
    white_rows = np.packbits(cells == 1, axis=1, bitorder="little").view("<u8").ravel()
    where = np.flatnonzero(flat_ids)
    piece = flat_ids[where]
    position, sq = where >> 6, where & 63
    key = columns["key"][piece] + sq
    kind = key >> 7
    occupied, white = occupied_rows[position], white_rows[position]
    own = np.where(code[piece] == 1, white, occupied ^ white)
    enemy = occupied ^ own
    attacks = LEAP[key]
    for sliders, masks in ((_ORTHOGONAL, (FILE_MASK,)), (_DIAGONAL, (DIAG_MASK, ANTI_MASK))):
        some = np.flatnonzero(sliders[kind])
        if not some.size:
            continue
        o, s, bit = occupied[some], sq[some], BIT[sq[some]]
        found = np.zeros(some.size, np.uint64)
        for mask in masks:
            found |= _hyperbola(o, bit, mask[s])
        if sliders is _ORTHOGONAL:
            shift = (s & ~7).astype(np.uint64)
            found |= RANK_ATTACKS[(s & 7) * 256 + ((o >> shift) & np.uint64(255)).astype(np.int64)] << shift
        attacks[some] |= found
    lined = np.flatnonzero(_LINES_KIND[kind])
    if lined.size:
        attacks[lined] = _line_reach(flat_ids, code, where[lined], key[lined])
    destinations = attacks & ~own
    pawns = np.flatnonzero(kind == _PAWN)
    if pawns.size:
        k = key[pawns]
        attacks[pawns] = PAWN_TAKE[k]
        destinations[pawns] = (PAWN_STEP[k] & ~occupied[pawns]) | (PAWN_TAKE[k] & enemy[pawns])
    return Reach(position, piece, sq, key, attacks, destinations, own, enemy)


def potential(flat_ids: np.ndarray, columns: dict[str, np.ndarray], n: int):
    """For the board pieces of N positions (``flat_ids``: their (N·64,) piece ids, 0 empty;
    ``columns``: per id ``code`` (0 empty, 1 White, 2 Black), ``key`` ((type·2 + colour)·64)
    and ``value``): ``(position, piece id, moves, threat)``, pieces in square order."""
    found = reach(flat_ids, columns, n)
    key, destinations = found.key, found.destinations
    moves = np.bitwise_count(destinations).astype(np.int64) * MULTIPLE[key]
    threat = np.zeros(len(key), np.int64)
    targets = destinations & found.enemy & THREAT_MASK[key]
    index = np.flatnonzero(targets)
    where = found.position * 64 + found.square
    targets, base = targets[index], where[index] - found.square[index]
    value = columns["value"]
    while index.size:  # each enemy square, lowest first
        low = targets & (~targets + ONE)
        square = np.frexp(low.astype(np.float64))[1] - 1  # exact: a power of two
        threat[index] += value[flat_ids[base + square]]
        targets ^= low
        keep = targets != 0
        index, targets, base = index[keep], targets[keep], base[keep]
    return found.position, found.id, moves, threat
