"""The Review screen's panel texts: the decision on show and the move list (the totals are
:mod:`game.ui.review.totals`'s).

Amounts lost are in the game's own units, as its tutor judges (``Analysis.tutor_margin``:
points of equity for backgammon, points of the analyzer's total for Mandragora, centipawns for
Chesstack), with its decimals.  Pure text: the scene puts it into panel sections.
"""

from __future__ import annotations

from ...core.review.plain import review_of
from ...core.review.totals import amount_format, lost_words
from .data import MARK_SYMBOLS, Line, ReviewedGame, luck_sign


def move_line(info, number: int, line: Line, move_words=None, pending: bool = False) -> str:
    """``12. White 62: 24/18 13/11 ?! +``: a move as the review's move list writes it (a cube
    action in words, by the view's ``decisions.words``: "No double ?"); ``pending``: its
    decision is not analysed yet ("…")."""
    title = info.players.titles[line.mover] if line.mover < len(info.players.titles) else str(line.mover)
    dice = f"{line.dice}: " if line.dice else ""
    marks = "…" if pending else line.symbols()
    played = (move_words(line.move) if move_words else None) or line.played
    return f"{number}. {title} {dice}{played}{'  ' + marks if marks else ''}"


def decision_text(info, reviewed: ReviewedGame, line: Line | None, move_words=None, pending: bool = False) -> str:
    """The record of the decision on show: who, the roll, played and best, lost, mark, luck,
    whether a rollout settled it (``pending``: not analysed yet)."""
    if line is None:
        return ""
    words = (lambda move, text: (move_words(move) if move_words else None) or text)
    d = line.decision
    who = reviewed.report.players[line.mover] if line.mover < len(reviewed.report.players) else ""
    roll = f" rolled {line.dice}" if line.dice else ""
    if pending:
        return f"{who}{roll}\nPlayed {words(line.move, line.played)}\nNot analysed yet: the review is on its way"
    if d is None:
        return f"{who}{roll}\nPlayed {words(line.move, line.played)} (forced: not reviewed)"
    fmt = amount_format(info)
    best = reviewed.best_move(line)
    kind = f" · {d.kind}" if len(review_of(info).decision_kinds) > 1 else ""  # backgammon: chequer or cube
    lines = [f"{who}{roll}{kind}",
             f"Played: {words(line.move, d.played)}",
             f"Best: {words(best, d.best) if best is not None else d.best}"]
    if d.equity_lost > 0:
        mark = f" — {d.mark} {MARK_SYMBOLS[d.mark]}" if d.mark else ""
        kind = review_of(info).error_kind(d)  # a cube error's kind, as the totals count it
        mark += f" ({kind})" if kind else ""
        lines.append(f"Lost {lost_words(review_of(info), d, fmt, info.move_analysis().tutor_margin.unit)}{mark}")
    else:
        lines.append("The best play" if d.played == d.best else "As good as the best")
    if d.luck is not None:
        sign = luck_sign(d.luck)
        lines.append(f"Luck of the roll {d.luck:+.3f}{' (' + sign + ')' if sign else ''}")
    if d.settled is not None:
        lines.append(f"Settled by rollout, {d.settled.trials} trials (search alone: lost {fmt(d.settled.search_lost)})")
    return "\n".join(lines)
