"""What a card and an answer look like as text: the question in words, the alternatives table
(as ``tabula analyze`` prints its table), when the card is due again.  Game-agnostic: the columns
and the amounts are the game's analysis' (``Analysis.columns``, ``format_value``)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timezone
from typing import Any

from ...core.capabilities.drill import CardFacts
from ...core.drill.words import RATING_WORDS, due_words
from ...core.gameinfo import GameInfo

QUESTIONS = {"chequer": "Your play with {dice}?", "double": "Double or no double?", "take": "Take or pass?"}
"""Each question's words (``{dice}``: the roll, as ``4-3``)."""
TOP = 5
"""The best alternatives shown after an answer (the answer's row is added when lower)."""


def dice_text(dice: str | None) -> str:
    """``"43"`` as ``"4-3"``; any other text as it is."""
    return "-".join(dice) if dice and len(dice) == 2 and dice.isdigit() else (dice or "")


def question_text(facts: CardFacts) -> str:
    """The card's question in words ("Your play with 4-3?", "Double or no double?", "Take or pass?")."""
    return QUESTIONS.get(facts.question, "Your answer?").format(dice=dice_text(facts.dice))


def heading(card) -> str:
    """The line above a card's board: its number, the player asked, its tags, a variation's parent."""
    parent = f", a variation of card {card.parent}" if card.parent is not None else ""
    return f"Card {card.id} ({card.facts.player}: {', '.join(card.tags)}{parent})"


def utc_text(moment: datetime) -> str:
    """``moment`` as ISO 8601 UTC to the second (``2026-05-01T12:10:00Z``)."""
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def due_text(due: datetime, now: datetime) -> str:
    """When a card is due again, relative to ``now`` and as a UTC time."""
    return f"{due_words(due, now)} ({due.astimezone(timezone.utc).strftime('%Y-%m-%d %H:%M')} UTC)"


def shown_rows(alternatives: Sequence[dict[str, Any]], top: int = TOP) -> list[dict[str, Any]]:
    """The ``top`` best alternatives, and the answer's and the match's rows when lower."""
    rows = list(alternatives[:top])
    rows += [row for row in alternatives[top:] if row.get("answer") or row.get("played")]
    return rows


def table_lines(info: GameInfo, alternatives: Sequence[dict[str, Any]], noun: str = "play",
                top: int = TOP) -> list[str]:
    """The alternatives as the hint table of ``tabula analyze``: rank, depth, the analysis' chance
    columns, the value, the difference to the best and the move, the answer's and the match's
    rows marked."""
    analysis = info.move_analysis()
    rows = shown_rows(alternatives, top)
    if not rows:
        return []
    chances = [(key, title) for key, title in analysis.columns if all(key in row for row in rows)]
    value = analysis.value_heading.lower()[:8]
    lines = [f"{'#':>3} {'ply':>3} " + "".join(f"{title:>7}" for _, title in chances) + f" {value:>8} {'diff':>8}  {noun}"]
    for row in rows:
        cells = "".join(f"{100 * float(row[key]):6.1f}%" for key, _ in chances)
        diff = "" if row.get("rank") == 1 else analysis.format_value(float(row["diff"]))
        marks = [word for key, word in (("answer", "your answer"), ("played", "played in the match")) if row.get(key)]
        mark = f"   <- {', '.join(marks)}" if marks else ""
        lines.append(f"{row.get('rank', ''):>3} {row.get('plies', ''):>3} {cells} "
                     f"{analysis.format_value(float(row['equity'])):>8} {diff:>8}  {row['move']}{mark}")
    return lines


def answer_lines(info: GameInfo, done, now: datetime) -> list[str]:
    """An answer given (a :class:`game.core.drill.Answered`) in words: the loss and the rating,
    the best answer, the play made in the match, the table, the why and the next due date."""
    graded, facts = done.graded, done.card.facts
    rating = RATING_WORDS.get(done.rating, done.rating)
    if graded.equity_lost <= 0 or graded.answer == graded.best:
        lines = [f"{graded.answer}: the best answer. {rating}."]
    else:
        lines = [f"{graded.answer} loses {graded.equity_lost:.3f}: {rating}."]
    lines.append(f"Best: {graded.best}")
    if facts.played:
        lines.append(f"Played in the match: {facts.played} (lost {facts.equity_lost:.3f})")
    table = table_lines(info, graded.alternatives, "play" if facts.question == "chequer" else "action")
    if table:
        lines += ["", *table]
    if graded.why:
        lines += ["", "Why:", *(f"  {line}" for line in graded.why)]
    lines += ["", f"Due again {due_text(done.due, now)}."]
    return lines
