"""A game's rollouts: :class:`Rollouts`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol, runtime_checkable

from ..rollout_figures import RolloutFigures


@runtime_checkable
class Rollouts(Protocol):
    """A game's rollouts: Monte Carlo games played out from a position (``tabula rollout``,
    the window's Rollout buttons), the candidates' figures with standard errors.

    A rollout is planned once (:meth:`plan`: a picklable value, what the trials need) and
    run (:meth:`run`) here, over local worker processes or on Ray; the same plan gives the
    same figures bit for bit however it is run.  :meth:`run` may be called in a worker
    process: ``progress(figures)`` hears the figures after each block of trials (and may hear
    them within one) and ``cancel()`` is asked between blocks; a cancelled or interrupted
    (Ctrl-C or SIGTERM: :mod:`game.core.jobs.stopping`) run returns what it finished.  The figures are one frozen, picklable record
    (:class:`game.core.rollout_figures.RolloutFigures`), and that record is what crosses every seam
    (worker process to window, window to hint table or Review screen): :meth:`rows` reads it;
    :meth:`to_json` (the command line's ``--json`` only), :meth:`lines` and
    :meth:`progress_line` write it out as the game words it."""

    @property
    def defaults(self) -> Mapping[str, Any]:
        """Option → default of what :meth:`plan` takes (``trials``, ``level``...)."""

    def plan(self, state: Any, moves: list[str] | None = None, **options: Any) -> Any:
        """The rollout of ``state``: of the moves named (notation), or of the game's own choice
        of candidates; ``ValueError`` (a sentence for the user) for what cannot be rolled out."""

    def planned(self, plan: Any) -> tuple[int, int]:
        """``(trials planned for each line, lines rolled out)``: what a window says from the
        first moment, before any trial has ended."""

    def blocks(self, plan: Any) -> int:
        """How many blocks of trials the plan is cut into (more workers than that would idle)."""

    def run(self, plan: Any, workers: int = 1, cluster: str = "local", address: str | None = None,
            progress: Callable[[RolloutFigures], None] | None = None,
            cancel: Callable[[], bool] | None = None) -> RolloutFigures:
        """Play the plan's trials, handing ``progress`` the figures so far after each block; the
        final figures (their ``stopped`` says why it ended: ``"cancelled"`` and
        ``"interrupted"`` are partial)."""

    def to_json(self, figures: RolloutFigures) -> dict:
        """The figures as the command line's JSON (``tabula rollout --json``), the best
        candidate first; never how the window gets them."""

    def lines(self, figures: RolloutFigures) -> list[str]:
        """The figures as lines of text."""

    def progress_line(self, figures: RolloutFigures) -> str:
        """One line on a run in progress (trials done, the best so far)."""

    def rows(self, records: list, figures: RolloutFigures) -> list:
        """The analysis ``records`` (best first) with the figures in the rows they rolled out
        (matched by move), re-ranked: the window's hint table after a rollout."""
