"""How a game ended, as data, and the one wording every front end uses.

A game declares ``GameInfo.ending.outcome(state) -> Outcome`` for its finished states; the window's
result box, ``tabula replay`` and ``tabula analyze``'s error all word it with
:meth:`Outcome.words`, so the same end reads the same everywhere:

- ``White wins a gammon (2 points).``  (a kind of win, with its points)
- ``Player wins 21–8.``                (a game with a score)
- ``White wins 1 point: Black has no royal left.``  (a reason)
- ``Draw.`` / ``Draw, 10–10.``
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Outcome:
    """The end of a game: who won, the points the rules give them, and how.

    ``winner`` is a player index, ``None`` for a draw.  ``points`` is what the winner scores
    (the rules' ``result``).  ``kind`` names the win where the game has kinds ("a gammon");
    ``score`` is the final score per player where the game keeps one; ``reason`` says why
    the game ended where that is not obvious.
    """

    winner: int | None
    points: float = 0.0
    kind: str = ""
    score: tuple[float, ...] | None = None
    reason: str = ""

    def words(self, titles: Sequence[str]) -> str:
        """The sentence for the players called ``titles`` (see the module doc)."""
        score = "–".join(f"{s:g}" for s in sorted(self.score, reverse=True)) if self.score else ""
        if self.winner is None:
            text = f"Draw, {score}" if score else "Draw"
        else:
            text = f"{titles[self.winner]} wins"
            if self.kind:
                text += f" {self.kind}"
            if score:
                text += f" {score}"
            elif self.kind:
                text += f" ({_points(self.points)})"
            else:
                text += f" {_points(self.points)}"
        return f"{text}: {self.reason}." if self.reason else f"{text}."


def _points(points: float) -> str:
    return f"{points:g} point{'' if points == 1 else 's'}"


def outcome_from_result(result: Sequence[float]) -> Outcome:
    """The outcome a two-sided ``result`` (points per player) implies, for games that declare
    nothing more: the player with the most points wins them; equal points are a draw."""
    best = max(range(len(result)), key=result.__getitem__)
    if sum(1 for points in result if points == result[best]) > 1 or result[best] <= 0:
        return Outcome(None)
    return Outcome(best, float(result[best]))
