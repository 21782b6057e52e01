"""Backgammon's part in drills (:class:`~game.core.capabilities.drill.Drill`): :data:`DRILL`.

- :mod:`.answers`: a card's question and position, answers typed or played as canonical text;
- :mod:`.ideas`: what a play does (hits, points made, slot, split, run, anchor broken) and
  a cube card's proper action, "the same idea", and the tags;
- :mod:`.grading`: an answer's loss from the stored figures, or analysed at the card's level;
- :mod:`.why`: the warnings and factors that separate an answer from the best;
- :mod:`.variations`: nearby positions that keep the idea, checked at Expert;
- GNU Backgammon's ASCII board: :mod:`..diagram`;
- :mod:`.ability`: the :class:`~.ability.BackgammonDrill` tying them together.

Importing the package loads no analysis: grading, variations and the "why" load it when used.
"""

from .ability import DRILL, BackgammonDrill

__all__ = ["DRILL", "BackgammonDrill"]
