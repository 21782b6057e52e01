"""The Review screen's panel texts: the decision on show, the players' totals, the move list.

Amounts lost are in the game's own units, as its tutor judges (``Analysis.tutor_margin``:
points of equity for backgammon, points of the analyzer's total for Mandragora, centipawns for
Chesstack), with its decimals; the totals show what the report has (a game without luck
shows no luck).  Pure text: the scene puts it into panel sections.
"""

from __future__ import annotations

from ..core.review import review_of
from ..core.review_report import Report
from .review_data import MARK_SYMBOLS, Line, ReviewedGame, luck_sign


def amount_format(info):
    """``format(x) -> str`` for amounts lost in ``info``'s units."""
    margin = info.move_analysis().tutor_margin
    decimals = margin.decimals if margin.decimals is not None else (1 if margin.measure == "score" else 3)
    return lambda x: f"{x:.{decimals}f}"


def move_line(info, number: int, line: Line, move_words=None) -> str:
    """``12. White 62: 24/18 13/11 ?! +``: a move as the review's move list writes it (a cube
    action in words, by the view's ``decisions.words``: "No double ?")."""
    title = info.player_titles[line.mover] if line.mover < len(info.player_titles) else str(line.mover)
    dice = f"{line.dice}: " if line.dice else ""
    marks = line.symbols()
    played = (move_words(line.move) if move_words else None) or line.played
    return f"{number}. {title} {dice}{played}{'  ' + marks if marks else ''}"


def decision_text(info, reviewed: ReviewedGame, line: Line | None, move_words=None) -> str:
    """The record of the decision on show: who, the roll, played and best, lost, mark, luck."""
    if line is None:
        return ""
    words = (lambda move, text: (move_words(move) if move_words else None) or text)
    d = line.decision
    who = reviewed.report.players[line.mover] if line.mover < len(reviewed.report.players) else ""
    roll = f" rolled {line.dice}" if line.dice else ""
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
        lines.append(f"Lost {fmt(d.equity_lost)} {info.move_analysis().tutor_margin.unit}{mark}")
    else:
        lines.append("The best play" if d.played == d.best else "As good as the best")
    if d.luck is not None:
        sign = luck_sign(d.luck)
        lines.append(f"Luck of the roll {d.luck:+.3f}{' (' + sign + ')' if sign else ''}")
    return "\n".join(lines)


def totals_text(info, report: Report) -> str:
    """Per player: decisions (and those rated, where the report counts fewer: GNU counts cube
    decisions only when acted on or close), marks, total and average lost, error rate, luck.

    The error rate (1000 × the average, GNU's milli-points) is shown where the records
    measure equity (they carry a ``win_chance``); in score points or centipawns it would
    only repeat the average a thousand times larger."""
    fmt = amount_format(info)
    marks = {}
    for d in report.decisions:
        counts = marks.setdefault(d.player, {m: 0 for m in MARK_SYMBOLS})
        if d.mark:
            counts[d.mark] += 1
    kinds = list(review_of(info).decision_kinds)
    equity = any(d.win_chance is not None for d in report.decisions)
    out = []
    for player, t in report.totals.items():
        counts = marks.get(player, {m: 0 for m in MARK_SYMBOLS})
        errors = " ".join(f"{counts[m]}{MARK_SYMBOLS[m]}" for m in MARK_SYMBOLS)
        lost_kinds = [kind for kind in kinds if t.get(kind)]
        by_kind = ", ".join(f"{kind} {fmt(t[kind])}" for kind in lost_kinds) if len(lost_kinds) > 1 else \
            (f"all {lost_kinds[0]}" if lost_kinds and len(kinds) > 1 else "")
        lost = f"{fmt(t['total'])}{' (' + by_kind + ')' if by_kind else ''}"
        rated = f" ({t['rated']} rated)" if t.get("rated") not in (None, t["decisions"]) else ""  # GNU's count
        text = [f"{player}: {t['decisions']} decisions{rated} · errors {errors}",
                f"  lost {lost} · average {fmt(t['average'])}"
                + (f" · error rate {t['error_rate']:.1f}" if equity else "")]
        if t.get("luck") is not None:
            adjusted = f" · luck-adjusted {t['luck_adjusted']:+.2f}" if t.get("luck_adjusted") is not None else ""
            text.append(f"  luck {t['luck']:+.3f}{adjusted}")
        out.append("\n".join(text))
    return "\n".join(out)
