"""The factors of backgammon's analysis records, computed for the records read
(:class:`game.core.factors.LazyFactors`): explaining a play with a network costs a few
milliseconds a play, the whole analysis at 0 ply two.

A play's factors are the evaluator's explanation of the play's 0-ply value in points
(:meth:`..evaluators.base.Evaluator.play_factors`: they add up to it); a play that ends the
game is explained by its result.  The explainer holds the evaluator's name and each play's
position, so it travels with the records to another process and explains there.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..evaluators import boards_to_array, get_evaluator


@dataclass(frozen=True)
class PlayExplainer:
    """Explains the plays of one analysis: key ``i`` is the ``i``-th play of ``views`` (its
    ``(mover, opponent)`` sides after the play); ``ended`` holds the factors of the plays that
    end the game, by key."""

    evaluator: str
    views: tuple
    ended: Mapping[int, Mapping[str, float]]

    def explain(self, keys: Sequence[int]) -> list[dict[str, float]]:
        """The factors of each key's play; the plays still on the board in one batch."""
        found = {key: dict(self.ended[key]) for key in keys if key in self.ended}
        rows = list(dict.fromkeys(key for key in keys if key not in self.ended))
        if rows:
            names, parts = get_evaluator(self.evaluator).play_factors(boards_to_array([self.views[k] for k in rows]))
            found.update((key, dict(zip(names, map(float, row)))) for key, row in zip(rows, parts))
        return [found[key] for key in keys]
