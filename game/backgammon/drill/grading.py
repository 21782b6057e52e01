"""An answer graded by the equity it loses, in the review's units (EMG in a match, per unit of
cube in money), so a card's answer is graded exactly as the decision it came from was.

- **From the stored figures** (:func:`grade`): the answer's row among the card's alternatives
  (found by its canonical text, :mod:`.answers`) gives its loss, ``−diff``: the review stores
  each alternative's difference to the best in the units of ``equity_lost``, so the play made
  in the match grades to the stored ``equity_lost`` and the best to 0.  A cube answer loses
  what the review's cube records say: ``max − value`` over the decider's actions, no double
  ``nd``, double ``min(dt, dp)`` (the taker's best answer), take ``dt``, pass ``dp`` (beaver
  ``2·dt``), all from the decider's view; its row's ``diff`` is that difference before the
  figures were rounded, so it is read first and the figures only when the row is missing.
  A play not among the stored alternatives is not graded here (``None``).
- **Analysed** (:func:`analyse`): the position analysed at the card's level as the review
  analyses one decision (:func:`reviewed`: the level's search, the answer searched as deep as
  the best, the review's own alternatives and cube figures), the answer's row included.

The table shown after the answer is the alternatives, each marked ``"answer"`` (the answer's
row true) and ``"played"`` (the play made in the match).
"""

from __future__ import annotations

from typing import Any

from ...core.capabilities.drill import CardFacts, Graded
from ..cube.state import BEAVER, DOUBLE, PASS, ROLL, TAKE
from ..state import BackgammonState
from .answers import RULES, position, read_answer, read_cube
from .why import cube_why, play_why


def reviewed(state: BackgammonState, level: str, played: Any = None, brief: bool = True):
    """``(records, alternatives, cube figures)`` of one position as a review at ``level``
    makes them (:func:`game.core.review.run.alternatives`, :meth:`ReviewedPosition.cube`), the
    action ``played`` searched as deep as the best and kept among the alternatives."""
    from ...core.review.run import alternatives
    from ..analysis.ai import ANALYSIS, analyze_position
    from ..analysis.review import REVIEW

    records = analyze_position(state, level, include=played, brief=brief)
    at = REVIEW.at(state, played)
    record = next((r for r in records if r.move == played), None) if played is not None else None
    return records, alternatives(ANALYSIS, at, records, record), (at.cube(records) if records else None)


def _played(facts: CardFacts) -> str | None:
    """The match's play as a canonical answer (``None`` for a variation, or unreadable)."""
    if not facts.played:
        return None
    try:
        return read_answer(facts, facts.played)
    except ValueError:
        return None


def marked(rows, answer: str, played: str | None) -> tuple[dict[str, Any], ...]:
    """The alternatives with ``answer`` and ``played`` set per row (see the module doc)."""
    return tuple({**row, "played": row["move"] == played, "answer": row["move"] == answer} for row in rows)


def _figure_loss(facts: CardFacts, answer: str) -> float | None:
    """A cube answer's loss from the card's cube figures (see the module doc)."""
    cube = facts.cube
    if cube is None:
        return None
    action = read_cube(position(facts), facts.question, answer)
    if facts.question == "take":
        values = {TAKE: cube["dt"], PASS: cube["dp"], BEAVER: 2.0 * cube["dt"]}
        choices = (TAKE, PASS) + ((BEAVER,) if action == BEAVER else ())
    else:
        values = {ROLL: cube["nd"], DOUBLE: min(cube["dt"], cube["dp"])}
        choices = (ROLL, DOUBLE)
    return max(0.0, max(values[a] for a in choices) - values[action])


def _why(facts: CardFacts, state: BackgammonState, answer: str, best: str, loss: float,
         cube: dict[str, Any] | None) -> tuple[str, ...]:
    if facts.question != "chequer":
        return cube_why(facts.question, cube, answer, best, loss)
    return play_why(state, RULES.parse_play(state, answer), RULES.parse_play(state, best), loss, best)


def grade(facts: CardFacts, answer: str) -> Graded | None:
    """``answer`` graded from the card's stored figures; ``None`` when it is not among them
    (see the module doc).  ``ValueError`` for text that is no legal answer."""
    text = read_answer(facts, answer)
    row = next((r for r in facts.alternatives if r["move"] == text), None)
    if row is not None:
        loss = max(0.0, -float(row["diff"]))
    elif facts.question != "chequer":
        loss = _figure_loss(facts, text)
    else:
        return None
    if loss is None:
        return None
    loss = round(loss, 6) + 0.0
    best = facts.best
    why = _why(facts, position(facts), text, best, loss, facts.cube)
    return Graded(text, best, loss, marked(facts.alternatives, text, _played(facts)), False, why)


def analyse(facts: CardFacts, answer: str) -> Graded:
    """``answer`` graded by analysing the card's position at its level (see the module doc)."""
    text = read_answer(facts, answer)
    state = position(facts)
    move = RULES.parse_play(state, text) if facts.question == "chequer" else read_cube(state, facts.question, text)
    _, found, cube = reviewed(state, facts.level, move)
    rows = [a.as_json() for a in found]
    row = next(r for r in rows if r["move"] == text)
    loss = round(max(0.0, -float(row["diff"])), 6) + 0.0
    best = rows[0]["move"]
    figures = cube.as_json() if cube is not None else facts.cube
    return Graded(text, best, loss, marked(rows, text, _played(facts)), True,
                  _why(facts, state, text, best, loss, figures))
