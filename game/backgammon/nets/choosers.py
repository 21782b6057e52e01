"""Batch move choosers: pick one legal play for each of many games at once.

A chooser gets a list of *requests* ``(me, opp, plays)`` — the side on roll, its opponent
and :func:`..movegen.legal_plays`' list for the roll — and returns one play index per
request.  The lockstep drivers (:mod:`.selfplay`, :mod:`.arena`) ask every live game at
once, so a network values all candidate plays of all games in one forward pass.

Perspective: a network values a position *for the side on roll*.  After a play the
opponent is on roll, so a candidate ``(mover_after, opp_after)`` is encoded as
``(opp_after, mover_after)`` and its outputs are flipped back to the mover's view; a play
that bears off the last checker gets its exact result instead.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np

from ...core.untrusted import shown
from ..board import CHECKERS, OFF
from ..evaluators import get_evaluator
from ..players.by_name import seed_hard_value
from .encoding import ENCODERS, consistent, equity, flip_outputs, terminal_outputs, win_kind_after
from .network import Network

__all__ = ["Request", "NetChooser", "RandomChooser", "HardChooser", "EvaluatorChooser", "make_chooser",
           "after_play_outputs", "candidates_array"]

Request = tuple[tuple[int, ...], tuple[int, ...], list]


def candidates_array(requests: Sequence[Request]) -> tuple[np.ndarray, np.ndarray]:
    """All candidate positions with the opponent on roll ``(M, 2, 26)`` int8, and the
    start offset of each request's plays ``(len + 1,)``."""
    flat = [x for _, _, plays in requests for _, after, opp_after in plays for x in (opp_after, after)]
    sizes = [len(plays) for _, _, plays in requests]
    array = np.array(flat, dtype=np.int8).reshape(-1, 2, 26)
    return array, np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)


def after_play_outputs(net: Network, encoding: str, after_opp_on_roll: np.ndarray) -> np.ndarray:
    """``(M, outputs)`` float64: outcome probabilities for the side that just moved
    (``[:, 1]``) of positions with the other side (``[:, 0]``) on roll; exact when over."""
    out = np.empty((len(after_opp_on_roll), net.n_outputs))
    done = after_opp_on_roll[:, 1, OFF] == CHECKERS
    live = ~done
    if live.any():
        raw = net.forward(ENCODERS[encoding](after_opp_on_roll[live]))
        out[live] = flip_outputs(consistent(raw))
    if done.any():
        kind = win_kind_after(after_opp_on_roll[done, 1], after_opp_on_roll[done, 0])
        out[done] = terminal_outputs(kind, net.n_outputs)
    return out


class NetChooser:
    """Greedy 1-ply play by a network: the play with the highest equity for the mover.

    After :meth:`choose_many`, :attr:`chosen_outputs` holds the mover-view outputs of each
    chosen play (the TD target of the position before it).  ``explore`` is the chance of a
    uniformly random play instead (training uses it only early on; then the dice explore).
    """

    def __init__(self, net: Network, encoding: str, explore: float = 0.0, seed: int = 0, name: str = "net") -> None:
        self.net, self.encoding, self.explore = net, encoding, explore
        self.rng = np.random.default_rng(seed)
        self.name = name
        self.chosen_outputs = np.zeros((0, net.n_outputs))

    def choose_many(self, requests: Sequence[Request]) -> list[int]:
        if not requests:
            return []
        array, starts = candidates_array(requests)
        outputs = after_play_outputs(self.net, self.encoding, array)
        values = equity(outputs)
        picks = []
        for k in range(len(requests)):
            lo, hi = starts[k], starts[k + 1]
            if self.explore and hi - lo > 1 and self.rng.random() < self.explore:
                picks.append(int(self.rng.integers(hi - lo)))
            else:
                picks.append(int(np.argmax(values[lo:hi])))
        self.chosen_outputs = outputs[starts[:-1] + np.array(picks, dtype=np.int64)]
        return picks

    def state(self) -> dict:
        """The exploration chance and the generator's state (JSON-able), for a checkpoint."""
        return {"explore": self.explore, "rng": self.rng.bit_generator.state}

    def restore(self, state: dict) -> None:
        self.explore = float(state["explore"])
        self.rng.bit_generator.state = state["rng"]


class RandomChooser:
    """A uniformly random legal play (seed 002's Easy under full rules)."""

    def __init__(self, seed: int = 0, name: str = "random") -> None:
        self.rng, self.name = random.Random(seed), name

    def choose_many(self, requests: Sequence[Request]) -> list[int]:
        return [self.rng.randrange(len(plays)) for _, _, plays in requests]

    def state(self) -> dict:
        """The generator's state (JSON-able), for a checkpoint."""
        version, internal, gauss = self.rng.getstate()
        return {"rng": [version, list(internal), gauss]}

    def restore(self, state: dict) -> None:
        version, internal, gauss = state["rng"]
        self.rng.setstate((version, tuple(internal), gauss))


class HardChooser:
    """Seed 002's Hard (:class:`..players.by_name.CompareAllMovesPlayer`): lowest seed value, first on ties."""

    name = "hard"

    def choose_many(self, requests: Sequence[Request]) -> list[int]:
        picks = []
        for _, _, plays in requests:
            keys = [seed_hard_value(after, opp_after) for _, after, opp_after in plays]
            picks.append(keys.index(min(keys)))
        return picks


class EvaluatorChooser:
    """Greedy by a registered evaluator, as :class:`..players.greedy.GreedyPlayer` plays:
    :meth:`..evaluators.Evaluator.after_play` of every ``(mover_after, opp_after)``, the
    best kept (first on ties)."""

    def __init__(self, evaluator_name: str) -> None:
        self.evaluator = get_evaluator(evaluator_name)
        self.name = f"greedy:{evaluator_name}"

    def choose_many(self, requests: Sequence[Request]) -> list[int]:
        if not requests:
            return []
        array, starts = candidates_array(requests)
        values = self.evaluator.after_play(np.ascontiguousarray(array[:, ::-1]))
        return [int(np.argmax(values[starts[k]:starts[k + 1]])) for k in range(len(requests))]


def make_chooser(name: str, seed: int = 0):
    """``random``, ``hard`` or ``greedy:<evaluator>`` (networks: ``greedy:net-full`` …)."""
    if name == "random":
        return RandomChooser(seed)
    if name == "hard":
        return HardChooser()
    if name.startswith("greedy:"):
        # Networks too play through their evaluator, which adds the bearoff database and the
        # race network to the bare network (a :class:`NetChooser`, as self-play uses).
        return EvaluatorChooser(name.partition(":")[2])
    raise ValueError(f"unknown chooser {shown(name)}: use random, hard or greedy:<evaluator>")
