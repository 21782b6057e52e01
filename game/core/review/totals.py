"""Per player totals of reviewed decisions: counts by mark and kind, cube errors by kind, the
error rate with its rating word, luck and the luck-adjusted result.

:func:`totals` is what :func:`~.run.review` stores in a report (for the whole record and
for each game of a match) and what the window recomputes from the decisions analysed so far
while a review runs.  Every key of a player's totals (``tabula review --json`` prints them;
keys are only ever added):

- ``<kind>`` (the game's ``decision_kinds``: backgammon ``chequer``, ``cube``; other games
  ``move``): the amount lost in decisions of that kind; ``total``; ``decisions`` (all
  reviewed); ``rated`` (those the error rate counts); ``average`` = total / rated;
  ``error_rate`` = 1000 × average (GNU Backgammon's milli-points per decision).
- ``<kind>_doubtful``, ``<kind>_bad``, ``<kind>_very_bad``: how many decisions of that kind
  got each mark.
- The cube errors by kind, for a game whose review declares them (``error_kinds``;
  backgammon: ``missed_double``, ``wrong_double``, ``wrong_take``, ``wrong_pass``, defined in
  :func:`game.backgammon.analysis.review.cube_error`): how many, and ``<kind>_lost``, the
  amount they lost.  A game without a cube has none of these keys.
- ``rating``: the word the game's review gives the average (``ratings``; backgammon: GNU
  Backgammon's, :data:`game.backgammon.analysis.review.RATINGS`), ``None`` for a game whose
  review has no scale (Mandragora and Chesstack: their losses are score points and
  centipawns, not equity, and a scale made for equity would mean nothing there; the window
  shows their average alone) or with no rated decision.
- ``luck``: the decisions' measured luck plus the luck of the rolls before forced turns (in
  the review's units: backgammon's points in money play, EMG in a match); ``None`` for a game
  without luck.  ``luck_adjusted`` = the record's result − luck (the whole record only; kept
  as it was: in a match the result is ±1 against luck in EMG, a rough figure).
- ``result``: what the player won over the games counted, in the *result's units*
  (backgammon, as GNU Backgammon's luck-adjusted result: points in money play; in a match
  the match winning chance gained, the match equity after each game minus before it, so
  winning a match from 0–0 is +0.5); ``result_luck``: the player's luck minus the
  opponent's, in the same units (a match's EMG luck times ``(W − L) / 2`` at each roll), as
  GNU Backgammon takes a roll's luck off the roller's result and adds it to the other's;
  ``result_luck_adjusted`` = result − result_luck (the players' add up to zero, as their
  results do).  ``None`` while a game is unfinished or its review incomplete.
- ``settled``: how many of the player's decisions a rollout settled (a review asked to
  settle close calls: :mod:`~.run`); 0 otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .report import MARKS, Decision

MARK_KEYS = tuple(mark.replace(" ", "_") for mark in MARKS)
"""The marks as they end a totals key: ``doubtful``, ``bad``, ``very_bad``."""


def key_of(name: str) -> str:
    """A kind's name as a totals key: ``"missed double"`` → ``"missed_double"``."""
    return name.replace(" ", "_")


def amount_format(info):
    """``format(x) -> str`` for amounts lost in ``info``'s units, with the decimals its tutor
    uses (backgammon three, Mandragora one, Chesstack none)."""
    margin = info.move_analysis().tutor_margin
    decimals = margin.decimals if margin.decimals is not None else (1 if margin.measure == "score" else 3)
    return lambda x: f"{x:.{decimals}f}"


def rating(average: float, scale: Sequence[tuple[float, str]] | None) -> str | None:
    """The word of ``scale`` (``(below, word)`` pairs, ``below`` increasing) for an average
    loss: the first whose ``below`` the average is under; ``None`` without a scale."""
    if scale is None:
        return None
    return next((word for below, word in scale if average < below), scale[-1][1])


def totals(game_review, labels: Sequence[str], decisions: Sequence[Decision], result=None,
           forced_luck: Mapping[str, float] | None = None, gained: Sequence[float] | None = None,
           result_luck: Mapping[str, float] | None = None) -> dict[str, dict[str, Any]]:
    """Per player totals of ``decisions`` (see the module doc).

    ``result``: the record's result per seat (for ``luck_adjusted``; ``None`` while it goes
    on); ``forced_luck``: per player, the luck of the rolls before forced turns; ``gained``:
    per seat, the result of the games counted in the result's units (``None``: unfinished or
    not fully reviewed); ``result_luck``: per player, the player's own luck (decisions' and
    forced turns') in the result's units (by default the luck itself)."""
    ratings = game_review.ratings
    error_kinds = tuple(game_review.error_kinds)
    own = {label: sum(d.luck for d in decisions if d.player == label and d.luck is not None)
           + (forced_luck or {}).get(label, 0.0) for label in labels}
    own = {label: (result_luck or {}).get(label, luck) for label, luck in own.items()}  # in the result's units
    report = {}
    for seat, label in enumerate(labels):
        mine = [d for d in decisions if d.player == label]
        lost = {kind: round(sum(d.equity_lost for d in mine if d.kind == kind), 6)
                for kind in game_review.decision_kinds}
        marks = {f"{kind}_{key}": sum(1 for d in mine if d.kind == kind and d.mark == mark)
                 for kind in game_review.decision_kinds for mark, key in zip(MARKS, MARK_KEYS)}
        errors: dict[str, Any] = {}
        if error_kinds:
            found = [(game_review.error_kind(d), d.equity_lost) for d in mine]
            for name in error_kinds:
                errors[key_of(name)] = sum(1 for kind, _ in found if kind == name)
                errors[f"{key_of(name)}_lost"] = round(sum(amount for kind, amount in found if kind == name), 6)
        total = round(sum(d.equity_lost for d in mine), 6)
        luck = (round(sum(d.luck for d in mine if d.luck is not None)
                      + (forced_luck or {}).get(label, 0.0), 6) if game_review.measures_luck else None)
        rated = sum(1 for d in mine if d.rated)
        average = total / rated if rated else 0.0
        points = result[seat] if result is not None and seat < len(result) else None
        won = gained[seat] if gained is not None and seat < len(gained) else None
        in_result = None if luck is None else own[label] - sum(v for other, v in own.items() if other != label)
        report[label] = {
            **lost, "total": total, "decisions": len(mine), "rated": rated, "average": round(average, 6),
            "error_rate": round(1000 * average, 3), "luck": luck,
            "luck_adjusted": None if points is None or luck is None else round(points - luck, 6),
            **marks, **errors,
            "rating": rating(average, ratings) if rated else None,
            "result": None if won is None else round(float(won), 6),
            "result_luck": None if won is None or in_result is None else round(in_result, 6),
            "result_luck_adjusted": None if won is None or in_result is None else round(won - in_result, 6),
            "settled": sum(1 for d in mine if d.settled is not None),
        }
    return report



def mwc_lost(game_review, decisions: Sequence[Decision]) -> dict[str, float] | None:
    """Per player, the match winning chance the ``decisions`` lost (each decision's loss at its
    own score and cube, :meth:`~game.core.capabilities.Review.mwc_scale`); ``None`` outside
    matches.  What the totals show beside the loss in EMG."""
    lost: dict[str, float] = {}
    for d in decisions:
        scale = game_review.mwc_scale(d)
        if scale is None:
            continue
        lost[d.player] = lost.get(d.player, 0.0) + d.equity_lost * scale
    return lost or None


def in_mwc(game_review, decision: Decision) -> str:
    """What ``decision`` lost in match winning chance, to go beside its loss in EMG:
    ``" (1.23% MWC)"``; ``""`` outside matches."""
    scale = game_review.mwc_scale(decision)
    return "" if scale is None else f" ({100 * decision.equity_lost * scale:.2f}% MWC)"


def lost_words(game_review, decision: Decision, amount, unit: str) -> str:
    """``decision``'s loss as the review writes it: ``0.022 EMG (0.22% MWC)`` in a match, else
    in ``unit`` (``0.329 points of equity``); ``amount`` formats the number."""
    return f"{amount(decision.equity_lost)} {unit_heading(game_review, decision, unit)}{in_mwc(game_review, decision)}"


def unit_heading(game_review, decision: Decision, unit: str) -> str:
    """The unit ``decision``'s values are in: EMG in a match (the review's equities are GNU's
    EMG there), else ``unit`` (the analysis' own: backgammon's equity, a game's score)."""
    return "EMG" if unit != "Score" and game_review.mwc_scale(decision) is not None else unit


def table_rows(game_review, players: Sequence[str], found: Mapping[str, Mapping[str, Any]], amount,
               in_match: bool = False, mwc: Mapping[str, float] | None = None) -> list[tuple[str, list[str]]]:
    """The totals as a table, ``(row label, one cell per player)``: what the window's table
    and ``tabula review`` print.  ``amount(x)`` writes an amount lost in the game's units;
    ``in_match``: the luck-adjusted result is a match winning chance (shown in percent);
    ``mwc``: per player, the match winning chance lost (:func:`mwc_lost`), a row beside the loss.

    Rows: decisions (and how many are rated, where some are not), each kind's marks (doubtful /
    bad / very bad), the game's kinds of error (backgammon's cube errors), the total lost, the error
    rate (milli-points) and its rating where the game has a rating scale (the units are
    equity), else the average lost, the decisions settled by rollout where some were, then luck and the luck-adjusted result where luck is
    measured.  A value not known (an unfinished game's result) is "—"."""
    kinds = list(game_review.decision_kinds)
    rows: list[tuple[str, list[str]]] = []

    def row(label: str, cell) -> None:
        rows.append((label, [cell(found[p]) if p in found else "—" for p in players]))

    row("Decisions", lambda t: str(t["decisions"]))
    if any(t["rated"] != t["decisions"] for t in found.values()):
        row("Rated", lambda t: str(t["rated"]))
    for kind in kinds:
        label = f"{kind.capitalize()} ?!/?/??" if len(kinds) > 1 else "Errors ?!/?/??"
        row(label, lambda t, kind=kind: "/".join(str(t.get(f"{kind}_{key}", 0)) for key in MARK_KEYS))
    for name in game_review.error_kinds:
        plural = f"{name.capitalize()}{'es' if name.endswith('s') else 's'}"
        row(plural, lambda t, name=name: str(t.get(key_of(name), 0)))
    row("Lost", lambda t: amount(t["total"]))
    if mwc is not None:
        rows.append(("Lost (MWC)", [f"{100 * mwc.get(p, 0.0):.2f}%" if p in found else "—" for p in players]))
    if game_review.ratings is not None:
        row("Error rate (mp per decision)", lambda t: f"{t['error_rate']:.1f}")
        row("Rating", lambda t: t.get("rating") or "—")
    else:
        row("Average lost", lambda t: amount(t["average"]))
    if any(t.get("settled") for t in found.values()):
        row("Settled by rollout", lambda t: str(t.get("settled", 0)))
    if game_review.measures_luck:
        row("Luck", lambda t: "—" if t.get("luck") is None else f"{t['luck']:+.3f}")
        row("Luck-adjusted", lambda t: _adjusted(t.get("result_luck_adjusted"), in_match))
    return rows


def _adjusted(value: float | None, in_match: bool) -> str:
    if value is None:
        return "—"
    return f"{100 * value:+.1f}%" if in_match else f"{value:+.3f}"


def text_table(players: Sequence[str], rows: Sequence[tuple[str, Sequence[str]]], indent: str = "  ") -> str:
    """``rows`` as aligned text: labels left, one right-aligned column per player."""
    first = max([len(label) for label, _ in rows] + [0])
    widths = [max([len(p)] + [len(cells[i]) for _, cells in rows]) for i, p in enumerate(players)]
    lines = [indent + " " * first + "".join(f"  {p:>{w}}" for p, w in zip(players, widths))]
    lines += [indent + f"{label:<{first}}" + "".join(f"  {c:>{w}}" for c, w in zip(cells, widths))
              for label, cells in rows]
    return "\n".join(lines)
