"""How a game is reviewed when it declares no review of its own, and the review's marks.

A game's part of a review is its :class:`~game.core.capabilities.Review`; :func:`review_of`
gives it, or :class:`PlainReview` (every decision a plain "move") for a game that declares
none.  :func:`review_marks` are the amounts lost from which a decision is marked.
"""

from __future__ import annotations

from typing import Any

from ..capabilities import Review
from ..gameinfo import REVIEW_STRICTNESS, GameInfo
from .report import Decision


class PlainReview:
    """The review of a game that declares none (:class:`~.capabilities.Review`): every
    decision a "move", in the game's own position text, one game, no luck, no kinds of
    error and no rating words (the error rate is in the game's own units)."""

    decision_kinds: tuple[str, ...] = ("move",)
    thresholds: tuple[float, float, float] | None = None
    measures_luck: bool = False
    error_kinds: tuple[str, ...] = ()
    ratings: tuple[tuple[float, str], ...] | None = None

    def __init__(self, info: GameInfo) -> None:
        self._format = info.notation.format_position
        self._rules = info.rules

    def at(self, state: Any, played: Any = None) -> _PlainPosition:
        return _PlainPosition(self._format(state))

    def game_number(self, state: Any) -> int:
        return 1

    def game_heading(self, state: Any) -> str:
        return "Game 1"

    def luck(self, before: Any, after: Any, **options: Any) -> None:
        return None

    def picture(self) -> None:
        return None

    def error_kind(self, decision: Decision) -> None:
        return None

    def result(self, start: Any, end: Any) -> tuple[float, ...] | None:
        rules = self._rules()
        return tuple(float(x) for x in rules.result(end)) if rules.is_over(end) else None

    def result_scale(self, state: Any) -> float:
        return 1.0

    def mwc_scale(self, decision: Decision) -> None:
        return None

    def settle(self, at: Any, state: Any, played: Any, records: list, **settings: Any) -> None:
        return None


class _PlainPosition:
    kind: str = "move"
    match_id: str | None = None
    game: int = 1
    units: float = 1.0

    def __init__(self, position_id: str) -> None:
        self.position_id = position_id

    def rated(self, records: list, played: Any) -> bool:
        return True

    def match(self, best: Any) -> None:
        return None

    def equity(self, value: float) -> float:
        return value

    def cube(self, records: list) -> None:
        return None


def review_of(info: GameInfo) -> Review:
    """The game's :class:`~.capabilities.Review`, or :class:`PlainReview` when it declares none."""
    return info.ability(Review) or PlainReview(info)


def review_marks(info: GameInfo, strictness: str = "standard") -> tuple[float, float, float]:
    """The amounts lost from which a reviewed decision is doubtful, bad, very bad: the game's
    review's own ``thresholds``, else half, once and twice its tutor's margin, scaled by the
    ``strictness`` (:data:`REVIEW_STRICTNESS`: strict halves them, lenient doubles them)."""
    margin = info.move_analysis().tutor_margin.amount
    base = review_of(info).thresholds or (margin / 2, margin, 2 * margin)
    scale = REVIEW_STRICTNESS[strictness]
    doubtful, bad, very_bad = base
    return round(doubtful * scale, 6), round(bad * scale, 6), round(very_bad * scale, 6)
