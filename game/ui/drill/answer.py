"""What the Drill screen shows once a card is answered: the best play as green arrows, the answer
magenta and the play made in the match in a third colour, named in a legend under the board
(the Review screen's colours and legend); the alternatives table with the answer's row marked
(the Review screen's :class:`~game.ui.review.alternatives.AlternativesTable`, the answer in the
place of the play made); the "why" lines; the rating and when the card is due again.

:class:`Result` holds one answered card; it knows no pygame but for :func:`draw_arrows_legend`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import pygame

from ...core.capabilities.drill import CardFacts, Graded
from ...core.drill.words import RATING_WORDS, due_words
from ...core.review.report import ALTERNATIVE_KEYS, Alternative, CubeFigures, Decision
from ..analysis.hints import draw_arrows
from ..review.frame import BEST_ARROW, PLAYED_ARROW, Arrow
from ..theme import TEXT
from ..widgets import draw_text, elide

ANSWER_ARROW = PLAYED_ARROW
"""The answer: magenta, as the Review screen's play made."""
MATCH_ARROW = (90, 200, 255)
"""The play made in the match: light blue (the board's own last-move marks are orange)."""
RATING_COLOURS = {"again": (226, 112, 96), "hard": (232, 186, 96), "good": (120, 200, 130), "easy": (90, 210, 120)}


def graded_decision(facts: CardFacts, graded: Graded) -> Decision:
    """``graded`` as a reviewed decision for the alternatives table: its rows (the answer's
    marked as the play made) and the card's cube figures."""
    rows = []
    for row in graded.alternatives:
        chances = tuple((k, float(v)) for k, v in row.items()
                        if k not in ALTERNATIVE_KEYS and k != "answer" and isinstance(v, (int, float))
                        and not isinstance(v, bool))
        rows.append(Alternative(str(row["move"]), float(row["equity"]), float(row["diff"]), int(row["rank"]),
                                bool(row.get("answer")), int(row.get("plies") or 0), chances))
    cube = CubeFigures(**facts.cube) if facts.cube else None
    kind = "chequer" if facts.question == "chequer" else "cube"
    return Decision(facts.player, kind, facts.position_id, facts.match_id, facts.dice, graded.answer, graded.best,
                    graded.equity_lost, None, None, None, None, True, None, 0, tuple(rows), cube)


@dataclass
class Result:
    """One answered card: the answer, its grading (``None`` while it is analysed), what was saved
    (``answered``, an :class:`~game.core.drill.Answered`), and the moves the arrows draw."""

    card: Any
    state: Any
    answer: str
    graded: Graded | None = None
    answered: Any = None
    moves: dict[str, Any] = field(default_factory=dict)
    """``"best"``, ``"answer"``, ``"match"`` → the move on the board (missing: none to draw)."""
    variations: str = ""
    """What became of the variations of a failed card ("Making variations…", "2 variations added")."""
    error: str | None = None

    @property
    def facts(self) -> CardFacts:
        return self.card.facts

    def named(self, role: str, words) -> str:
        """The ``"answer"``'s or the ``"best"``'s words: a decision's name ("Pass"), else its text."""
        move = self.moves.get(role)
        text = self.graded.best if role == "best" and self.graded is not None else self.answer
        return (words(move) if move is not None else None) or text

    def decision(self) -> Decision | None:
        return graded_decision(self.facts, self.graded) if self.graded is not None else None

    def arrows(self, words) -> tuple[Arrow, ...]:
        """The best play, the answer and the play made in the match, the best first, each once
        (one arrow where two are the same move, its words saying both); ``words(move)``: the
        view's names of decisions."""
        if self.graded is None:
            return ()
        facts, graded = self.facts, self.graded
        named = {"best": graded.best, "answer": graded.answer, "match": facts.played}
        said = {"best": "best", "answer": "your answer", "match": "played in the match"}
        colours = {"best": BEST_ARROW, "answer": ANSWER_ARROW, "match": MATCH_ARROW}
        groups: list[tuple[str, list[str]]] = []
        for role in ("best", "answer", "match"):
            if not named[role]:
                continue
            move = self.moves.get(role)
            same = next((g for g in groups if (move is not None and self.moves.get(g[0]) == move)
                         or named[g[0]].lower() == named[role].lower()), None)
            if same is not None:
                same[1].append(role)
            else:
                groups.append((role, [role]))
        arrows = []
        for role, roles in groups:
            move = self.moves.get(role)
            text = (words(move) if move is not None else None) or named[role]
            label = ", ".join(said[r] for r in roles)
            arrows.append(Arrow(colours[role], move, f"{label}: {text}"))
        return tuple(arrows)

    def verdict(self, now: datetime) -> str:
        """The rating, the equity lost and when the card is due again."""
        graded, answered = self.graded, self.answered
        if graded is None:
            return "Analysing your play…"
        lost = "the best answer" if graded.equity_lost <= 1e-9 else f"{graded.equity_lost:.3f} lost"
        if answered is None:
            return f"{lost}\nSaving…"
        return f"{RATING_WORDS.get(answered.rating, answered.rating)} · {lost}\nDue again {due_words(answered.due, now)}"


def draw_arrows_legend(surface: pygame.Surface, view, state, arrows: tuple[Arrow, ...], font,
                       legend: pygame.Rect) -> list[str]:
    """The arrows on the board (the match's play under the answer under the best) and their
    legend in ``legend`` under the board, an entry a colour, on a second line where the first
    is full (a cube action has no arrow: its entry names it).  Returns the entries as drawn."""
    drawn: list[str] = []
    for arrow in reversed(arrows):
        segments = view.move_arrows(state, arrow.move) if arrow.move is not None else []
        draw_arrows(surface, segments, arrow.colour, width=5 if arrow.colour == BEST_ARROW else 4)
    x, y, step = legend.x, legend.y, font.get_linesize()
    for arrow in arrows:
        text = arrow.words[0].upper() + arrow.words[1:]
        if x > legend.x and x + 32 + font.size(text)[0] > legend.right and y + 2 * step <= legend.bottom:
            x, y = legend.x, y + step
        mid = y + step // 2
        pygame.draw.line(surface, arrow.colour, (x, mid), (x + 26, mid), 5)
        x += 32
        text = elide(font, text, max(40, legend.right - x))
        drawn.append(text)
        x = draw_text(surface, font, text, (x, y), TEXT).right + 22
    return drawn
