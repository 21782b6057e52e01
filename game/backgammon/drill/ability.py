"""Backgammon's :class:`~game.core.capabilities.drill.Drill`: each method is one module's work
(see the package doc); the slow ones (variations, analysing an answer) load the analysis when
called."""

from __future__ import annotations

from typing import Any

from ...core.capabilities.drill import CardFacts, Graded
from ...core.protocol import CHANCE
from ..diagram import text_board
from ..phase import classify
from ..position import format_position
from ..state import BackgammonState
from . import answers, grading
from .answers import RULES, position
from .ideas import cube_idea, play_idea


def decider(state: BackgammonState) -> int:
    """The player the card asks: the one on roll, or the taker while a double is offered."""
    player = RULES.to_move(state)
    return player if player != CHANCE else (state.turn or 0)


def tags(facts: CardFacts) -> tuple[str, ...]:
    """The question, the phase and the best answer's idea (:mod:`.ideas`), each once."""
    state = position(facts)
    found = [facts.question, facts.phase or classify(state)]
    if facts.question == "chequer":
        found += play_idea(state.on_roll, state.opponent, RULES.parse_play(state, facts.best).steps).tags()
    elif facts.cube is not None:
        found.append(cube_idea(facts.question, str(facts.cube["proper"])))
    return tuple(dict.fromkeys(found))


class BackgammonDrill:
    """Backgammon's part in drills (see the package doc)."""

    def question_of(self, row: dict[str, Any]) -> str | None:
        return answers.question_of(row)

    def position(self, facts: CardFacts) -> BackgammonState:
        return position(facts)

    def read_answer(self, facts: CardFacts, text: str) -> str:
        return answers.read_answer(facts, text)

    def answer_of(self, facts: CardFacts, move: Any) -> str:
        return answers.answer_of(facts, move)

    def grade(self, facts: CardFacts, answer: str) -> Graded | None:
        return grading.grade(facts, answer)

    def analyse(self, facts: CardFacts, answer: str) -> Graded:
        return grading.analyse(facts, answer)

    def tags(self, facts: CardFacts) -> tuple[str, ...]:
        return tags(facts)

    def variations(self, facts: CardFacts, seed: int, limit: int = 3) -> tuple[CardFacts, ...]:
        from .variations import variations

        return variations(facts, seed, limit)

    def text_board(self, facts: CardFacts) -> str:
        """GNU Backgammon's board with the card's player as X (:mod:`..diagram`)."""
        state = position(facts)
        return text_board(state, decider(state), (facts.player, "opponent"), format_position(state))

    def picture(self, facts: CardFacts, arrows: tuple[tuple[str, str], ...] = ()) -> str:
        """The review's board picture (:mod:`..view.svg`) with each play of ``arrows`` drawn in
        its colour (a cube answer draws nothing); ``ValueError`` for a play not legal here."""
        from ..view.svg import PICTURE

        state = position(facts)
        drawn = []
        for text, colour in arrows:
            if facts.question == "chequer":
                drawn.append((RULES.parse_play(state, answers.read_answer(facts, text)), colour))
        return PICTURE.svg(state, drawn)


DRILL = BackgammonDrill()
"""Backgammon's drills, as ``info.ability(Drill)`` loads it."""
