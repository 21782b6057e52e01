"""``stacks``: Tabula's own Chesstack evaluator, the one its computer levels search with.

The design note's two evaluators read the pieces' patterns but not their stacks: a knight
stunned for eight turns "threatens" as much as one ready to jump, and a piece left where a
ready enemy takes it next turn costs nothing until it is gone.  A search that simulates the
stacks sees those things a few plies deep, but at its leaves it still needs a value that
knows them.  This one does (all terms in centipawns, White positive, by the pieces' values
of spec §5):

- ``material``  Σ ±value of the pieces on the board and in the pockets;
- ``charges``   Σ ±CHARGE·min(move, CHARGE_CAP): move charges are moves to come;
- ``stun``      Σ ∓STUN·stun: turns a piece waits;
- ``mobility``  Σ ±MOBILITY·min(destinations, MOBILITY_CAP)·readiness, readiness 1 for a piece
  that can move now, 1/(1 + stun) for a stunned one, and EXHAUSTED for one with neither stun
  nor move left (it moves again only when stunned by its owner);
- ``royals``    ±ROYAL_SAFETY per royal beyond the first (losing one is not losing the game),
  ∓ for each enemy attack on a royal: ATTACKED per ready attacker, LATENT/(1 + stun) per
  stunned one; and for the side to move whose last royal a ready enemy piece attacks twice or
  more, ∓DOUBLE_ATTACK (one stun parries one attacker);
- ``capture``   the side to move's best capture now (a quiescence step in one look): the
  victim's value if no ready enemy piece protects its square, else what the victim is worth
  above the capturer, times CAPTURE_SHARE; taking the last enemy royal is worth WIN_NEXT;
- ``tempo``     ±TEMPO for the side to move.

:func:`stacks_terms` computes the terms over a numpy batch (per-piece reach bitboards from
:func:`~.potential.reach`, sums by ``np.bincount``, the best capture by walking the takers'
target bits); :func:`stacks_terms_of` is the piece-by-piece reference on
:func:`~game.chesstack.pieces.destinations`, which the tests hold the batch form to.  The
weights are set by hand, not tuned: the search does the rest, and
``python -m bench.strength.chesstack`` measures the result.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..pieces import VALUES, destinations
from ..rules import can_move, defenders
from ..state import TYPES, ChesstackState
from .batch import Batch, as_batch, piece_columns, pocket_material
from .potential import ONE, reach

STACKS_TERMS = ("material", "charges", "stun", "mobility", "royals", "capture", "tempo")
CHARGE, CHARGE_CAP = 12.0, 10
STUN = 8.0
MOBILITY, MOBILITY_CAP, EXHAUSTED = 4.0, 20, 0.25
ROYAL_SAFETY, ATTACKED, LATENT, DOUBLE_ATTACK = 120.0, 150.0, 60.0, 1500.0
CAPTURE_SHARE = 0.7
WIN_NEXT = 50_000.0
"""Value of a position whose side to move takes the enemy's last royal now (a won game is
worth more: the search's ``WIN``)."""
TEMPO = 25.0


def _or_reduce(index: np.ndarray, bits: np.ndarray, size: int) -> np.ndarray:
    out = np.zeros(size, np.uint64)
    np.bitwise_or.at(out, index, bits)
    return out


def stacks_terms(states: Sequence[ChesstackState] | Batch) -> np.ndarray:
    """(N, 7) terms of :data:`STACKS_TERMS` of N positions (states or a :class:`~.batch.Batch`)."""
    batch = as_batch(states)
    n, columns = len(batch), piece_columns()
    found = reach(batch.ids.ravel(), columns, n)
    piece, position = found.id, found.position
    colour = columns["code"][piece] - 1
    sign = columns["sign"][piece].astype(float)
    value = columns["value"][piece].astype(float)
    stun, move, royal = columns["stun"][piece], columns["move"][piece], columns["royal"][piece].astype(bool)
    ready = (stun == 0) & (move >= 1)
    side = position * 2 + colour  # (position, colour) of each piece
    mover = batch.log_length % 2
    terms = np.zeros((n, len(STACKS_TERMS)))

    def per_position(weights) -> np.ndarray:
        return np.bincount(position, weights=weights, minlength=n)

    terms[:, 0] = per_position(sign * value) + pocket_material(batch)
    terms[:, 1] = per_position(sign * CHARGE * np.minimum(move, CHARGE_CAP))
    terms[:, 2] = per_position(-sign * STUN * stun)
    readiness = np.where(ready, 1.0, np.where(stun > 0, 1.0 / (1.0 + stun), EXHAUSTED))
    moves = np.minimum(np.bitwise_count(found.destinations), MOBILITY_CAP)
    terms[:, 3] = per_position(sign * MOBILITY * moves * readiness)

    # royals: how many, and the attacks on them
    royal_count = np.bincount(side[royal], minlength=2 * n).reshape(n, 2)
    royal_bits = _or_reduce(side[royal], ONE << found.square[royal].astype(np.uint64), 2 * n).reshape(n, 2)
    enemy_royals = royal_bits[position, 1 - colour]
    hits = (found.destinations & enemy_royals) != 0
    attack = np.where(ready, ATTACKED, LATENT / (1.0 + stun)) * hits
    terms[:, 4] = per_position(sign * attack)
    white_sign = np.array([1.0, -1.0])
    terms[:, 4] += (np.maximum(royal_count - 1, 0) * white_sign).sum(axis=1) * ROYAL_SAFETY
    ready_hits = np.bincount(side[hits & ready], minlength=2 * n).reshape(n, 2)
    rows = np.arange(n)
    attackers_of_mover = ready_hits[rows, 1 - mover]
    mover_sign = 1.0 - 2.0 * mover
    terms[:, 4] -= mover_sign * DOUBLE_ATTACK * ((attackers_of_mover >= 2) & (royal_count[rows, mover] == 1))

    # the side to move's best capture
    protected = _or_reduce(side[ready], found.attacks[ready], 2 * n).reshape(n, 2)
    takers = np.flatnonzero(ready & (colour == mover[position]))
    targets = found.destinations[takers] & found.enemy[takers]
    keep = targets != 0
    takers, targets = takers[keep], targets[keep]
    best = np.zeros(n)
    flat = batch.ids.ravel()
    while takers.size:
        low = targets & (~targets + ONE)
        square = np.frexp(low.astype(np.float64))[1] - 1
        pos = position[takers]
        victim = flat[pos * 64 + square]
        victim_value = columns["value"][victim].astype(float)
        victim_colour = 1 - colour[takers]
        guarded = (protected[pos, victim_colour] >> square.astype(np.uint64)) & ONE
        gain = np.where(guarded == 1, np.maximum(victim_value - value[takers], 0.0), victim_value)
        last_royal = columns["royal"][victim].astype(bool) & (royal_count[pos, victim_colour] == 1)
        gain = np.where(last_royal, WIN_NEXT / CAPTURE_SHARE, gain)
        np.maximum.at(best, pos, gain)
        targets ^= low
        keep = targets != 0
        takers, targets = takers[keep], targets[keep]
    terms[:, 5] = mover_sign * CAPTURE_SHARE * best
    terms[:, 6] = mover_sign * TEMPO
    return terms


def stacks_values(terms: np.ndarray) -> np.ndarray:
    """(N,) the value of (N, 7) terms: their sum."""
    return terms.sum(axis=1)


def stacks_terms_of(state: ChesstackState) -> dict[str, float]:
    """One position's terms, the reference form: piece by piece with
    :func:`~game.chesstack.pieces.destinations` (:func:`stacks_terms` must agree)."""
    board = state.board
    mover = state.turn
    terms = dict.fromkeys(STACKS_TERMS, 0.0)
    for colour, sign in ((0, 1), (1, -1)):
        terms["material"] += sign * sum(count * VALUES[kind] for kind, count in zip(TYPES, state.pockets[colour]))
    royals = [[sq for sq, piece in state.pieces(colour) if piece.royal] for colour in (0, 1)]
    reached = {}
    for sq, piece in enumerate(board):
        if piece is None:
            continue
        sign = 1 if piece.colour == 0 else -1
        ready = piece.stun == 0 and piece.move >= 1
        targets = destinations(board, sq, piece.kind, piece.colour)
        reached[sq] = targets
        readiness = 1.0 if ready else 1.0 / (1.0 + piece.stun) if piece.stun > 0 else EXHAUSTED
        terms["material"] += sign * VALUES[piece.kind]
        terms["charges"] += sign * CHARGE * min(piece.move, CHARGE_CAP)
        terms["stun"] -= sign * STUN * piece.stun
        terms["mobility"] += sign * MOBILITY * min(len(targets), MOBILITY_CAP) * readiness
        if set(targets) & set(royals[1 - piece.colour]):
            terms["royals"] += sign * (ATTACKED if ready else LATENT / (1.0 + piece.stun))
    terms["royals"] += ROYAL_SAFETY * (max(len(royals[0]) - 1, 0) - max(len(royals[1]) - 1, 0))
    mover_sign = 1 if mover == 0 else -1
    ready_attackers = sum(1 for sq, piece in state.pieces(1 - mover)
                          if can_move(piece) and set(reached[sq]) & set(royals[mover]))
    if ready_attackers >= 2 and len(royals[mover]) == 1:
        terms["royals"] -= mover_sign * DOUBLE_ATTACK
    best = 0.0
    for sq, piece in state.pieces(mover):
        if not can_move(piece):
            continue
        for target in reached[sq]:
            victim = board[target]
            if victim is None or victim.colour == mover:
                continue
            if victim.royal and len(royals[1 - mover]) == 1:
                gain = WIN_NEXT / CAPTURE_SHARE
            elif defenders(board, target):
                gain = max(VALUES[victim.kind] - VALUES[piece.kind], 0)
            else:
                gain = VALUES[victim.kind]
            best = max(best, gain)
    terms["capture"] = mover_sign * CAPTURE_SHARE * best
    terms["tempo"] = mover_sign * TEMPO
    return terms
