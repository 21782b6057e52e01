"""A review report laid over the game it reviews: move lines, decisions, navigation.

The report of :func:`game.core.review.run.review` lists decisions only (forced moves and chance
outcomes are left out) and names them by notation; the Review screen needs them on the
game's positions.  :class:`ReviewedGame` walks the game's states and attaches each report
decision to the move it reviews by its ``ply`` (the index of the action it decided), so a
report with more or fewer decisions than expected still lines up.  No pygame here.

Choices where the issue is silent:

- The marks are GNU Backgammon's symbols: "?!" doubtful, "?" bad, "??" very bad.
- The luck signs are GNU's too: "++" very lucky (≥ +0.6), "+" lucky (≥ +0.3), "-" unlucky
  (≤ −0.3), "--" very unlucky (≤ −0.6), in the report's luck units (equity for backgammon).
- Mistakes are the decisions with a mark; next/previous mistake and decision cross from
  one game of a match into the next.
- A decision the view lists no line for (``decisions.unlisted``: backgammon's "no double", as
  GNU Backgammon shows only real cube actions) gets a line only when it was marked, so an
  error of not doubling is never hidden and the list stays the game's move list otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...core.move_list import MoveList
from ...core.protocol import CHANCE
from ...core.review.html_graph import graph_value, luck_sign
from ...core.review.plain import review_of
from ...core.review.report import Decision, Report

MARK_SYMBOLS = {"doubtful": "?!", "bad": "?", "very bad": "??"}



def saved_file(source, session) -> Path | None:
    """The file a game was loaded from (``source``: its path and actions then, or ``None``)
    while the game is still that file's: the review's cache goes beside it."""
    return Path(source[0]) if source is not None and tuple(source[1]) == tuple(session.actions) else None


@dataclass
class Line:
    """One move of the game as the move list shows it."""

    index: int
    """Index in the game's states of the position the move was played from."""
    mover: int
    dice: str | None
    played: str
    """The move's notation."""
    move: Any
    game: int
    decision: Decision | None = None
    """The report's record of this move, ``None`` for a move the review skipped (forced)."""
    best_move: Any = field(default=None, repr=False)

    @property
    def mark(self) -> str | None:
        return self.decision.mark if self.decision else None

    def symbols(self) -> str:
        """The move list's marks: the error's symbol, then the roll's luck sign."""
        if not self.decision:
            return ""
        return " ".join(s for s in (MARK_SYMBOLS.get(self.decision.mark, ""), luck_sign(self.decision.luck)) if s)


class ReviewedGame:
    """The report's decisions on the game's positions, grouped by game of a match.

    While a review runs it is built from the decisions finished so far and given each new one
    with :meth:`attach`; :attr:`pending` holds the plies of the decisions still to come (their
    lines show as pending), and :meth:`set_report` takes the report whose totals are shown."""

    def __init__(self, info, rules, states, actions, report: Report, unlisted=None, pending=()) -> None:
        """``unlisted(state, text)``: the view's ``decisions.unlisted``, ``None`` without decisions."""
        self.info, self.rules, self.states, self.report = info, rules, list(states), report
        self._error_kind = review_of(info).error_kind
        self.labels = list(report.players)
        at_ply = {d.ply: d for d in report.decisions}
        self.lines: list[Line] = []
        self._hidden: dict[int, Line] = {}
        """Lines left out of the list (a no double), by ply: one comes back if it is found an error."""
        dice, k = None, 0
        for turn in MoveList(info, self.states, actions[: len(self.states) - 1]).turns:
            i, state, mover, text = turn.ply, turn.state, turn.mover, turn.text
            if mover == CHANCE:
                dice = turn.roll or None
                continue
            move = rules.parse(state, text)
            played = rules.notation(state, move)
            line = Line(i, mover, dice, played, move, turn.game)
            decision = at_ply.get(i)
            if decision is not None and mover < len(self.labels) and decision.player == self.labels[mover]:
                line.decision = decision
                k += 1
            if unlisted is not None and unlisted(state, text) and not self.counted(line.decision):
                self._hidden[i] = line
                continue  # no line of its own (the roll's line follows), unless it was an error
            self.lines.append(line)
            dice = None
        self.attached = k
        """How many of the report's decisions found their move (all, for a report of this game)."""
        self.pending: set[int] = {ply for ply in pending if ply not in at_ply}
        """Plies of the decisions not analysed yet (a review in progress)."""
        self._index()

    def counted(self, decision: Decision | None) -> bool:
        """Whether ``decision`` is an error the totals count: marked, or of one of the game's
        error kinds (backgammon's missed double, even one too small to mark), so it has a line
        and "< Mistake / Mistake >" step to it."""
        return decision is not None and (bool(decision.mark) or self._error_kind(decision) is not None)

    def _index(self) -> None:
        self.games: list[int] = sorted({line.game for line in self.lines}) or [1]
        self._of_game: dict[int, list[int]] = {}
        self._at_ply = {line.index: i for i, line in enumerate(self.lines)}
        for i, line in enumerate(self.lines):
            self._of_game.setdefault(line.game, []).append(i)

    def attach(self, decision: Decision) -> int | None:
        """Put a decision just analysed on its move; the index in :attr:`lines` of a line it
        brings back (a no double found an error: lines from there on move one down), else ``None``."""
        self.pending.discard(decision.ply)
        where = self._at_ply.get(decision.ply)
        if where is not None:
            line = self.lines[where]
            if line.decision is None and self.labels[line.mover] == decision.player:
                line.decision = decision
                self.attached += 1
            return None
        line = self._hidden.get(decision.ply)
        if line is None or self.labels[line.mover] != decision.player:
            return None
        line.decision = decision
        self.attached += 1
        if not self.counted(decision):
            return None
        del self._hidden[decision.ply]
        where = next((i for i, other in enumerate(self.lines) if other.index > line.index), len(self.lines))
        self.lines.insert(where, line)
        self._index()
        return where

    def set_report(self, report: Report) -> None:
        """Show ``report``'s totals (the decisions finished so far, or the whole review)."""
        self.report = report

    def is_pending(self, line: Line) -> bool:
        """Whether ``line``'s decision is still to be analysed."""
        return line.decision is None and line.index in self.pending

    # -- what is on show ------------------------------------------------------------------
    def lines_of(self, game: int) -> list[Line]:
        return [self.lines[i] for i in self.indexes_of(game)]

    def indexes_of(self, game: int) -> list[int]:
        """The indexes in :attr:`lines` of ``game``'s lines (kept: the screen asks every frame)."""
        return self._of_game.get(game, [])

    def decisions(self) -> list[Decision]:
        return [line.decision for line in self.lines if line.decision]

    def best_move(self, line: Line) -> Any:
        """The best move's action (found by its notation among the legal moves), or ``None``."""
        if line.decision is None or line.decision.best is None:
            return None
        if line.best_move is None:
            state = self.states[line.index]
            if line.decision.best == line.played:
                line.best_move = line.move
            else:
                line.best_move = next((m for m in self.rules.legal_moves(state)
                                       if self.rules.notation(state, m) == line.decision.best), None)
        return line.best_move

    def value(self, line: Line) -> tuple[str, float] | None:
        """``(kind, y)`` for the graph: "win" (the record's ``win_chance``, the first player's
        view, 0..1) or "score" (its ``score``, −100..100, as 0..1); ``None`` when it has neither."""
        return None if line.decision is None else graph_value(line.decision)

    # -- moving about -----------------------------------------------------------------------
    def step(self, at: int, forward: bool, mistakes: bool) -> int | None:
        """The index in :attr:`lines` of the next (or previous) decision, or mistake (an error
        the totals count, :meth:`counted`), from line ``at``; ``None`` when there is none that way."""
        order = range(at + 1, len(self.lines)) if forward else range(at - 1, -1, -1)
        for i in order:
            d = self.lines[i].decision
            if d is not None and (not mistakes or self.counted(d)):
                return i
        return None

    def first_line(self, game: int) -> int:
        """The first decision of ``game`` (its first line if it has none)."""
        mine = self.indexes_of(game)
        return next((i for i in mine if self.lines[i].decision), mine[0] if mine else 0)
