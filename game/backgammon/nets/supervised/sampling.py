"""The positions a supervised network learns from, drawn by self-play of the current network.

A student network decides plays by comparing the positions its candidate plays lead to,
so it must value well the positions that good *and* plausible bad plays reach.  Each draw:

- plays ``games`` self-play games of a network (greedy at 0 ply, with a chance ``explore``
  of a uniformly random play instead), ``in_flight`` at a time, each side's candidates all
  valued in one batch;
- keeps every position before a roll with the side on roll to play, and the positions
  after the ``candidates`` best plays of each roll by the network (the opponent on roll),
  which are what the network must rank;
- can start its games from given positions (``starts``: real match positions), recording
  only from ``skip`` plies on, so that the starts themselves — the benchmark's decisions —
  are never learnt;
- keeps only contact positions (the race network and the bearoff database value the rest),
  each once, minus any in ``exclude``.

Everything is seeded: the same arguments give the same positions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import numpy as np

from ...board import CHECKERS, OFF, START_SIDE
from ...evaluators.bearoff import in_bearoff, is_race
from ...movegen import legal_plays
from ..choosers import after_play_outputs, candidates_array
from ..encoding import equity
from ..network import Network

__all__ = ["sample_positions", "contact_rows", "distinct_rows", "first_rows", "member", "MAX_PLIES"]

MAX_PLIES = 400
"""A game still going after this many plies stops (a cap for pathological loops)."""


def contact_rows(batch: np.ndarray) -> np.ndarray:
    """``(N,)`` bool: positions still in contact and not over (what the main network values)."""
    batch = np.asarray(batch)
    live = (batch[:, :, OFF] < CHECKERS).all(axis=1)
    return live & ~is_race(batch) & ~in_bearoff(batch)


def first_rows(batch: np.ndarray) -> np.ndarray:
    """Indices of each distinct row of ``(N, 2, 26)`` ``batch``'s first appearance, in order."""
    if not len(batch):
        return np.zeros(0, dtype=np.int64)
    _, first = np.unique(_row_keys(batch), return_index=True)
    return np.sort(first)


def distinct_rows(batch: np.ndarray) -> np.ndarray:
    """The rows of ``(N, 2, 26)`` ``batch`` each once, in order of first appearance."""
    return np.asarray(batch)[first_rows(batch)]


def sample_positions(net: Network, encoding: str, games: int, *, explore: float = 0.1, candidates: int = 2,
                     seed: int = 0, in_flight: int = 64, starts: Iterable | None = None, skip: int = 2,
                     exclude: np.ndarray | None = None,
                     progress: Callable[[int], None] | None = None) -> np.ndarray:
    """``(N, 2, 26)`` int8 distinct contact positions, side on roll first (see the module doc).

    ``games`` games are played from the opening, plus one from each of ``starts`` (pairs
    ``(side on roll, opponent)``); ``progress`` is told the games finished so far."""
    rng = np.random.default_rng(seed)
    queue = [(tuple(me), tuple(opp), skip) for me, opp in (starts or ())]
    queue += [(START_SIDE, START_SIDE, 0)] * games
    queue.reverse()
    finished = 0
    slots: list[dict] = []
    found: list[np.ndarray] = []

    def refill() -> None:
        while len(slots) < in_flight and queue:
            me, opp, wait = queue.pop()
            slots.append({"me": me, "opp": opp, "wait": wait, "plies": 0, "opening": wait == 0 and me == START_SIDE})

    refill()
    while slots:
        requests = []
        for game in slots:
            d1, d2 = rng.integers(1, 7, 2)
            while game["opening"] and d1 == d2:
                d1, d2 = rng.integers(1, 7, 2)
            game["opening"] = False
            requests.append((game["me"], game["opp"], legal_plays(game["me"], game["opp"], int(d1), int(d2))))
        array, bounds = candidates_array(requests)
        values = equity(after_play_outputs(net, encoding, array))
        keep = []
        for k, game in enumerate(slots):
            lo, hi = bounds[k], bounds[k + 1]
            order = lo + np.argsort(-values[lo:hi], kind="stable")
            pick = order[0]
            if hi - lo > 1 and rng.random() < explore:
                pick = lo + int(rng.integers(hi - lo))
            if game["plies"] >= game["wait"]:
                found.append(np.array([[game["me"], game["opp"]]], dtype=np.int8))
                found.append(array[order[:candidates]])
            game["plies"] += 1
            _, after, opp_after = requests[k][2][pick - lo]
            if after[OFF] == CHECKERS or game["plies"] >= MAX_PLIES:
                finished += 1
                continue
            game["me"], game["opp"] = opp_after, after
            keep.append(game)
        slots[:] = keep
        refill()
        if progress:
            progress(finished)
    positions = np.concatenate(found) if found else np.zeros((0, 2, 26), np.int8)
    positions = distinct_rows(positions[contact_rows(positions)])
    if exclude is not None and len(exclude) and len(positions):
        positions = positions[~member(positions, exclude)]
    return positions


def member(rows: np.ndarray, of: np.ndarray) -> np.ndarray:
    """``(N,)`` bool: which of ``rows`` appear in ``of`` (both ``(·, 2, 26)``)."""
    return np.isin(_row_keys(rows), _row_keys(of))


def _row_keys(batch: np.ndarray) -> np.ndarray:
    """Each ``(2, 26)`` row of ``batch`` as one comparable value (its int8 bytes)."""
    flat = np.ascontiguousarray(np.asarray(batch, dtype=np.int8).reshape(len(batch), -1))
    return flat.view(np.dtype((np.void, flat.shape[1]))).ravel()
