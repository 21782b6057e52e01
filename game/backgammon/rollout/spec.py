"""What a rollout plays: its candidates and settings, one picklable value.

A :class:`RolloutSpec` is all a block of trials needs (:func:`.blocks.play_block`), so a
worker process or a Ray task gets the spec and a block number and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..board import Side
from .cubeful import CENTRE, Stakes
from .dice import STRATUM

MIN_EARLY_STOP = 144
"""Trials every candidate plays before a rollout may stop early (``--stop-ci`` or a clear
best): with fewer the standard errors themselves are too rough to trust (GNU Backgammon's
rollouts wait as long by default)."""
PRUNE_KEEP = 8
"""Plays of each (position, roll) the pruning network shortlists for the full evaluator in
0-ply trial play (:mod:`..nets.pruning`; measured in its training: see its ``meta``)."""
CLEAR_LEAD = 3.0
"""Standard errors by which the best candidate must lead every other to stop early."""


@dataclass(frozen=True)
class Candidate:
    """One line rolled out: its words (a play's notation, "No double", "Double/take"), the
    position its trials start from (``on_roll`` to throw first), whether that side is the
    rollout's player, the cube at the start (value and owner, :mod:`.cubeful`), and the play
    itself (``None`` for a line before the roll), which the figures name it by."""

    label: str
    on_roll: Side
    other: Side
    root_on_roll: bool
    value: int = 1
    owner: int = CENTRE
    move: Any = field(default=None, compare=False)

    @property
    def key(self) -> bytes:
        """The start position as a 52-byte key (:mod:`.choice`)."""
        return bytes(self.on_roll) + bytes(self.other)


@dataclass(frozen=True)
class RolloutSpec:
    """A rollout: ``trials`` trials of each candidate, played by ``level`` (its chequer and
    cube depth, without noise) with ``evaluator``, dice from ``seed``; cut at ``truncate``
    plies (``None``: played out) and at the bearoff database (``bearoff``); with or without
    variance reduction; cubeful when ``stakes`` is given (else cubeless).

    It stops early when every candidate's 95% half-width is at most ``stop_ci``, or, with
    ``early_stop``, when the best leads every other by :data:`CLEAR_LEAD` standard errors
    (either only after :data:`MIN_EARLY_STOP` trials)."""

    candidates: tuple[Candidate, ...]
    trials: int
    evaluator: str
    level: str = "intermediate"
    seed: int = 0
    truncate: int | None = None
    variance_reduction: bool = True
    bearoff: bool = True
    stakes: Stakes | None = None
    stop_ci: float | None = None
    early_stop: bool = True
    prune: int | None = PRUNE_KEEP
    """0-ply trial play values only the best ``prune`` plays of each roll by the pruning
    network with the full evaluator (``None``: every play, as without the network)."""
    position: str = ""
    """The position in words players exchange (GNU ID), for reports."""
    dice: str | None = None
    """The roll the candidates play ("31"), ``None`` before the roll."""
    decision: str = "play"
    """``"play"`` (candidate plays), ``"cube"`` (no double and double/take) or ``"position"``
    (the position before the roll, no cube decision)."""

    def __post_init__(self) -> None:
        if not self.candidates:
            raise ValueError("a rollout needs at least one candidate")
        if self.trials < 1:
            raise ValueError(f"a rollout needs at least one trial, not {self.trials}")
        if self.prune is not None and self.prune < 1:
            raise ValueError(f"pruning keeps at least one play, not {self.prune}")
        if self.truncate is not None and self.truncate < 0:
            raise ValueError(f"truncation must be 0 plies or more, not {self.truncate}")

    @property
    def blocks(self) -> int:
        """How many blocks of trials (:data:`~.dice.STRATUM` each, the last perhaps fewer)."""
        return -(-self.trials // STRATUM)

    def block_trials(self, index: int) -> range:
        """The trial numbers of block ``index``."""
        if not 0 <= index < self.blocks:
            raise ValueError(f"block {index} is not one of this rollout's {self.blocks}")
        return range(index * STRATUM, min((index + 1) * STRATUM, self.trials))

    @property
    def cubeful(self) -> bool:
        return self.stakes is not None
