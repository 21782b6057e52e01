"""``tabula drill --json``: one JSON object a line on stdout, nothing else there.

- Each card is asked as ``{"question": {"position_id", "match_id", "xgid", "dice", "kind",
  "card", "player", "variation", "text"}}`` (``kind``: ``chequer``, ``double`` or ``take``;
  ``text``: the question in words), written and flushed before its answer is read.
- An answer is one line: the answer as typed (``13/7 8/7``, ``double``, ``no double``,
  ``take``, ``pass``), or a JSON string, or ``{"answer": "..."}``.
- A legal answer is answered with ``{"position_id", "match_id", "dice", "kind", "answer",
  "best", "equity_lost", "rating", "due", "variation", "card", "played", "analysed",
  "alternatives", "why", "variations_added"}`` (``rating``: again, hard, good or easy; ``due``:
  ISO 8601 UTC; ``variation``: whether the card is a variation; ``variations_added``: the
  variations made of it now, when it failed).
- An answer that is no legal answer gets ``{"error": "..."}``, and the card is asked again
  (its question line written again).
- End of input ends the session, keeping every answer given.
"""

from __future__ import annotations

import json
from typing import Any

from .text import question_text, utc_text


def question(card) -> dict[str, Any]:
    """The line asking ``card`` (a :class:`game.core.drill.Card`)."""
    facts = card.facts
    return {"question": {"position_id": facts.position_id, "match_id": facts.match_id, "xgid": facts.xgid,
                         "dice": facts.dice, "kind": facts.question, "card": card.id, "player": facts.player,
                         "variation": card.parent is not None, "text": question_text(facts)}}


def answered(done, added: int | None) -> dict[str, Any]:
    """The line answering an answer (a :class:`game.core.drill.Answered`); ``added``: the
    variations made of the failed card (``None``: none were tried)."""
    facts, graded = done.card.facts, done.graded
    line = {"position_id": facts.position_id, "match_id": facts.match_id, "dice": facts.dice,
            "kind": facts.question, "answer": done.answer, "best": graded.best, "equity_lost": graded.equity_lost,
            "rating": done.rating, "due": utc_text(done.due), "variation": done.card.parent is not None,
            "card": done.card.id, "played": facts.played, "analysed": graded.analysed,
            "alternatives": list(graded.alternatives), "why": list(graded.why)}
    if added is not None:
        line["variations_added"] = added
    return line


def read(line: str) -> str:
    """The answer a line gives (see the module doc); ``ValueError`` for JSON that gives none."""
    text = line.strip()
    if not text.startswith(("{", '"')):
        return text
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"the line is no JSON: {error.msg} at column {error.colno}") from None
    if isinstance(value, dict):
        value = value.get("answer")
    if not isinstance(value, str):
        raise ValueError('give the answer as text, a JSON string or {"answer": "..."}')
    return value


def dumps(value: dict[str, Any]) -> str:
    return json.dumps(value, ensure_ascii=False)
