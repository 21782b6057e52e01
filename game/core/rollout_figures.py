"""A rollout's figures as one frozen record: what :meth:`~.capabilities.Rollouts.run` hands its
``progress`` after each block of trials and returns at the end.

The record crosses every seam a rollout's results cross (a worker process to the window, the
window to the hint table and the Review screen) as itself: it pickles, and nothing reads it
back from JSON or matches it up through words (the game's ``to_json`` writes JSON for the
command line only).

- :class:`RolloutFigures`: the estimates by move, best first, the cube's figures where the
  rollout had a cube decision, the trials done and planned, the time, and why it stopped.
- :class:`MoveEstimate`: one line rolled out (a move, or a line such as "No double"): its
  cubeless equity, its cubeful equity where there is a cube, its chances, its trials.
- :class:`Estimate`: a mean with its standard error and 95% interval.
- :class:`CubeEstimate`: no double, double/take and double/pass, the proper action.

Units are the game's (backgammon: cubeless equity in points per game; cubeful per unit of
the cube in money, EMG in a match; chances as fractions).  No pygame and no game here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Z95 = 1.959963984540054
"""The normal distribution's two-sided 95% point."""
PARTIAL = ("cancelled", "interrupted")
"""Why a rollout that did not finish its trials stopped: its caller's cancel, Ctrl-C."""


@dataclass(frozen=True)
class Estimate:
    """A mean over trials (``None`` with none), its standard error (``None`` with fewer than
    two) and the 95% interval around the mean."""

    mean: float | None
    se: float | None = None

    @property
    def half_width(self) -> float | None:
        return None if self.se is None else Z95 * self.se

    @property
    def interval(self) -> tuple[float, float] | None:
        if self.mean is None or self.se is None:
            return None
        half = Z95 * self.se
        return self.mean - half, self.mean + half


@dataclass(frozen=True)
class MoveEstimate:
    """One line rolled out: ``move`` (the game's move value; ``None`` for a line that is not
    one, such as "No double"), its ``notation`` (or the line's words), its estimates, and its
    trials (with the time spent on them and the plies a trial lasted on average)."""

    move: Any
    notation: str
    equity: Estimate
    """Cubeless equity."""
    cubeful: Estimate | None
    """Cubeful equity; ``None`` when the rollout had no cube."""
    chances: tuple[tuple[str, Estimate], ...]
    """Each outcome's share of the trials, by the game's names (backgammon: ``win``,
    ``win_gammon``, ``win_backgammon``, ``lose_gammon``, ``lose_backgammon``), in its order."""
    trials: int
    seconds: float = 0.0
    plies: float = 0.0

    @property
    def value(self) -> Estimate:
        """What lines are ranked by: the cubeful equity where there is a cube, else the cubeless."""
        return self.cubeful if self.cubeful is not None else self.equity

    def chance(self, name: str) -> Estimate | None:
        """The estimate of the outcome ``name`` (``None`` when the game has no such outcome)."""
        return next((estimate for key, estimate in self.chances if key == name), None)


@dataclass(frozen=True)
class CubeEstimate:
    """Before the roll with a cube decision, from the doubler's view: no double and
    double/take (cubeful), double/pass, the proper action in the game's words, and in a
    match the three as match winning chances."""

    no_double: Estimate
    double_take: Estimate
    double_pass: float
    proper: str
    match_chances: tuple[float, float, float] | None = None
    """``(no double, double/take, double/pass)`` as match winning chances; ``None`` for money."""


@dataclass(frozen=True)
class RolloutFigures:
    """A rollout's figures so far (or final): see the module's notes."""

    estimates: tuple[MoveEstimate, ...]
    """The lines rolled out, best first (by :attr:`MoveEstimate.value`)."""
    trials_done: int
    """Trials every line has played."""
    trials: int
    """Trials planned for each line."""
    stopped: str | None
    """Why it stopped (the game's words; backgammon: ``"trials"``, ``"ci"``, ``"clear"``,
    ``"cancelled"``, ``"interrupted"``); ``None`` while it goes on."""
    seconds: float
    """Wall time so far."""
    cube: CubeEstimate | None = None
    plan: Any = None
    """The plan rolled out (:meth:`~.capabilities.Rollouts.plan`'s value), for the game's reports."""

    @property
    def partial(self) -> bool:
        """Whether it stopped before its trials were done (cancelled, interrupted)."""
        return self.stopped in PARTIAL

    def of_move(self, move: Any) -> MoveEstimate | None:
        """The estimate of ``move`` (the game's move value), if it was rolled out."""
        return next((e for e in self.estimates if e.move is not None and e.move == move), None)

    def of_notation(self, notation: str) -> MoveEstimate | None:
        """The estimate of the line written ``notation``, if it was rolled out."""
        return next((e for e in self.estimates if e.notation == notation), None)
