"""A tournament summary as files (JSON, CSV) and as a printed table."""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path

from ..saves import write_atomic
from .summary import Summary

RESULTS_FILE = "results.json"
PAIRS_FILE = "pairs.csv"
STANDINGS_FILE = "standings.csv"

P_HEADER = "p (sign test)"
"""Heading of ``p_equal`` in the printed table and the window: which test it is."""

P_NOTE = "p (sign test): two-sided exact binomial test on decisive games (draws left out); 1 = no evidence of a difference"
"""The printed table's footnote on ``p_equal``."""


def _flat(row: dict) -> dict:
    """A JSON row as CSV columns: an interval ``[low, high]`` becomes ``_low``/``_high``."""
    flat = {}
    for key, value in row.items():
        if key.endswith("ci95"):
            flat[key + "_low"], flat[key + "_high"] = value or ("", "")
        else:
            flat[key] = "" if value is None else value
    return flat


def _csv(rows: list[dict]) -> str:
    flat = [_flat(row) for row in rows]
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(flat[0]) if flat else [], lineterminator="\n")
    writer.writeheader()
    writer.writerows(flat)
    return out.getvalue()


def write_files(summary: Summary, folder: str | os.PathLike) -> list[Path]:
    """Write ``results.json``, ``pairs.csv`` and ``standings.csv`` (the JSON's rows, flat)."""
    folder = Path(folder)
    data = summary.to_dict()
    files = {RESULTS_FILE: json.dumps(data, indent=2) + "\n",
             PAIRS_FILE: _csv(data["pairs"]), STANDINGS_FILE: _csv(data["standings"])}
    for name, text in files.items():
        write_atomic(folder / name, text)
    return [folder / name for name in files]


def format_p(p: float | None, digits: int) -> str:
    """A p-value to ``digits`` decimals; one too small to show any is ``<0.0…1`` (never a false 0)."""
    if p is None:
        return "n/a"
    floor = 10.0 ** -digits
    return f"<{floor:.{digits}f}" if p < floor else f"{p:.{digits}f}"


def _ci(low: float | None, high: float | None, digits: int) -> str:
    return "n/a" if low is None else f"[{low:+.{digits}f}, {high:+.{digits}f}]"


def format_table(summary: Summary) -> str:
    """The pairs and the standings as aligned text."""
    s = summary.settings
    width = max(len(label) for label in s.labels)
    options = "".join(f", {key} {value}" for key, value in s.options.items())
    lines = [f"{s.game} tournament{options}, seed {s.seed}: {summary.games_played} of {s.total_games} games "
             f"({s.games_per_pair} per pair, duplicate seating)", "",
             f"{'A':<{width}}  {'B':<{width}}  {'games':>5}  {'A wins':>6}  {'B wins':>6}  {'draws':>5}  "
             f"{'A win rate':>10}  {'95% interval':<14}  {'A points/game':>13}  {'95% interval':<18}  {P_HEADER:>13}"]
    for p in summary.pairs:
        p_equal = format_p(p.p_equal, 4)
        rate = "n/a" if p.a_win_rate is None else f"{p.a_win_rate:.3f}"
        rate_ci = "n/a" if p.a_win_rate_ci95 is None else "[{:.3f}, {:.3f}]".format(*p.a_win_rate_ci95)
        lines.append(f"{p.a:<{width}}  {p.b:<{width}}  {p.games:5d}  {p.a_wins:6d}  {p.b_wins:6d}  {p.draws:5d}  "
                     f"{rate:>10}  {rate_ci:<14}  {p.a_points.mean:+13.3f}  "
                     f"{_ci(p.a_points.low, p.a_points.high, 3):<18}  {p_equal:>13}")
    tallied = [p for p in summary.pairs if p.match_games]
    if tallied:
        lines += ["", "points per game within the matches (A's minus B's):"]
        lines += [f"{p.a:<{width}}  {p.b:<{width}}  {p.match_games:5d} games  {p.a_match_points / p.match_games:+.3f}"
                  for p in tallied]
    lines += [P_NOTE, "", f"{'rank':>4}  {'player':<{width}}  {'games':>5}  {'wins':>5}  {'losses':>6}  {'draws':>5}  "
                  f"{'points/game':>11}  {'Elo':>7}  95% interval"]
    for r in summary.standings:
        lines.append(f"{r.rank:4d}  {r.player:<{width}}  {r.games:5d}  {r.wins:5d}  {r.losses:6d}  {r.draws:5d}  "
                     f"{r.points_per_game:+11.3f}  {r.elo:+7.1f}  {_ci(*r.elo_ci95, 1)}")
    return "\n".join(lines)
