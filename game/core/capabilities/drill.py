"""What drills (:mod:`game.core.drill`) ask of a game: :class:`Drill`, which turns a reviewed
decision into a question, reads and grades an answer, tags a card by its idea and makes
variations of a failed card.

A card is a reviewed decision copied whole (:class:`CardFacts`): the position, the dice, the
question, the play made, the review's alternatives and cube figures, so it outlives the review
it came from.  The library and the scheduler know no game; the game knows what a position
means.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

QUESTIONS = ("chequer", "double", "take")
"""What a card asks: the play (``chequer``), double or no double (``double``), take or pass
(``take``)."""


@dataclass(frozen=True)
class CardFacts:
    """A card's question and the analysis that grades it (a reviewed decision's copy):

    - ``game``: the game's registry name; ``player``: the library's name of the player asked;
    - ``position_id``, ``match_id``, ``xgid``, ``dice``: the position as the library stores it;
    - ``question``: one of :data:`QUESTIONS`;
    - ``played``: what was played in the match (empty for a variation), ``best``: the best answer;
    - ``alternatives``: the review's alternatives, best first (each
      :meth:`~game.core.review.report.Alternative.as_json`), ``cube``: its cube figures
      (:meth:`~game.core.review.report.CubeFigures.as_json`) or ``None``;
    - ``equity_lost``: what the play made lost; ``level``: the analysis level of the figures;
    - ``phase``: the position's phase (backgammon: ``contact``, ``crashed``, ``race``, ``bearoff``)."""

    game: str
    player: str
    question: str
    position_id: str
    match_id: str | None
    xgid: str | None
    dice: str | None
    played: str
    best: str
    alternatives: tuple[dict[str, Any], ...]
    cube: dict[str, Any] | None
    equity_lost: float
    level: str
    phase: str | None = None


@dataclass(frozen=True)
class Graded:
    """An answer graded: ``answer`` and ``best`` in the game's notation, the ``equity_lost`` by
    the answer (0 for the best), ``alternatives`` the table shown after the answer (best first,
    the answer among them, marked ``"answer": True``), ``analysed`` whether the answer had to be
    analysed (it was not among the stored alternatives)."""

    answer: str
    best: str
    equity_lost: float
    alternatives: tuple[dict[str, Any], ...] = ()
    analysed: bool = False
    why: tuple[str, ...] = field(default=())
    """The factors and warnings that separate the answer from the best, one sentence each."""


@runtime_checkable
class Drill(Protocol):
    """A game's part in drills (backgammon's: :mod:`game.backgammon.drill`)."""

    def question_of(self, row: dict[str, Any]) -> str | None:
        """The question a card made of ``row`` asks (one of :data:`QUESTIONS`), ``row`` being a
        library decision (the ``decisions`` table's columns, alternatives unpacked); ``None`` for
        a decision no card asks (a resignation)."""

    def position(self, facts: CardFacts) -> Any:
        """The game state the card asks about: dice rolled for a play, before the roll for a
        double, the double offered for a take."""

    def read_answer(self, facts: CardFacts, text: str) -> str:
        """``text`` typed by a player (``13/7 8/7``, ``double``, ``no double``, ``take``,
        ``pass``) as the answer's canonical text; ``ValueError`` with a one-line message for
        text that is no legal answer."""

    def answer_of(self, facts: CardFacts, move: Any) -> str:
        """The canonical text of ``move``, a move of the game's rules made on the board or by a
        cube button in :meth:`position`."""

    def grade(self, facts: CardFacts, answer: str) -> Graded | None:
        """``answer`` graded from the stored figures (fast); ``None`` when it is not among them
        and must be analysed (:meth:`analyse`)."""

    def analyse(self, facts: CardFacts, answer: str) -> Graded:
        """``answer`` graded by analysing it at ``facts.level`` (slow: a worker's job)."""

    def tags(self, facts: CardFacts) -> tuple[str, ...]:
        """The card's themes: its question, its phase and the best answer's idea (backgammon: hits
        or not, the points made, slot, split, run, breaks an anchor)."""

    def variations(self, facts: CardFacts, seed: int, limit: int = 3) -> tuple[CardFacts, ...]:
        """Up to ``limit`` nearby positions whose best answer keeps the idea of ``facts``'s best,
        each checked (slow: a worker's job); seeded, so the same card and seed give the same."""

    def text_board(self, facts: CardFacts) -> str:
        """The position as plain text (backgammon: GNU Backgammon's ASCII board)."""

    def picture(self, facts: CardFacts, arrows: tuple[tuple[str, str], ...] = ()) -> str:
        """The position as one SVG element; ``arrows``: ``(answer text, CSS colour)`` drawn over it."""
