"""A review as one self-contained HTML report (``tabula review FILE --html OUT``, the Review
screen's "Export report…"), as GNU Backgammon and XG players share their analyses.

:func:`report_html` writes a single document, nothing outside it (CSS inline, pictures as
inline SVG, no scripts, no fonts or images to fetch): the players and what the review ran
at, each player's totals, then per game of a match the graph of the first player's win
chance (or the display score where the analysis gives no win chance) with the marked
decisions coloured and linked, and for each marked decision its board picture with the best
action's arrows (green) and the action played (magenta), both named, the amount lost, the
alternatives table (rank, action, equity, difference, and the analysis' chances) with the
action played highlighted wherever it ranks, and the depth of each value in plies (GNU's
"1-ply"), and at a cube decision the no double,
double/take and double/pass figures with the proper action (EMG and, in a match, MWC).

Board pictures come from the game's review's :class:`~.capabilities.BoardPicture` (backgammon draws
the real board, from the deciding player's side).  A game without one (Mandragora and
Chesstack today) is shown by :func:`text_picture`: its position text (the game's position
notation, as ``tabula`` reads and writes it) in a box, cut into lines at its separators.
:func:`write_report` writes atomically into an existing folder, through the guarded writer
(:mod:`game.core.outputs`, which also checks the place before a long review starts).
"""

from __future__ import annotations

import textwrap
from html import escape
from pathlib import Path
from typing import Any

from ... import __version__
from ..match import GameRecord, replay
from ..outputs import write_output
from .html_graph import graph_svg
from .plain import review_of
from .report import CubeFigures, Decision, Report
from .run import SETTLE
from .totals import amount_format, lost_words, mwc_lost, table_rows, unit_heading

MARK_SYMBOLS = {"doubtful": "?!", "bad": "?", "very bad": "??"}
"""GNU Backgammon's symbols of the marks."""
BEST, PLAYED = "rgb(90,210,120)", "rgb(225,95,215)"
"""The arrows of the best action and of the action played, as on the Review screen."""

STYLE = """
body{font-family:"DejaVu Sans",Verdana,sans-serif;background:#16201b;color:#e8e4d8;margin:24px auto;max-width:1100px;
line-height:1.4;padding:0 16px}
h1{color:#e8b44c;font-size:26px;margin-bottom:4px}h2{color:#e8b44c;border-bottom:1px solid #3b4a40;padding-bottom:4px}
h3{margin:0 0 8px;font-size:17px}.meta{color:#a7b0a6;margin-top:0}
table{border-collapse:collapse;margin:6px 0 10px}th,td{padding:3px 9px;text-align:right;border-bottom:1px solid #2c3830}
th{color:#a7b0a6;font-weight:normal}td.text,th.text{text-align:left;white-space:nowrap}
tr.played td{background:#4a2a48;font-weight:bold}tr.gap td{color:#a7b0a6;text-align:center;border:none}
section.decision{background:#1e2a24;border-radius:8px;padding:14px;margin:16px 0}
.pair{display:flex;flex-wrap:wrap;gap:18px;align-items:flex-start}.pair>svg{flex:0 1 520px;max-width:100%;height:auto}
.facts{flex:1 1 380px}.swatch{display:inline-block;width:26px;height:5px;margin-right:6px;vertical-align:middle}
.ids{color:#a7b0a6;font-size:13px;font-family:"DejaVu Sans Mono",monospace}
svg.graph{width:100%;height:auto;background:#1e2a24;border-radius:6px}
.doubtful{color:#ecd05c}.bad{color:#f08c3c}.very-bad{color:#e24038}
"""


def _css_class(mark: str | None) -> str:
    return (mark or "").replace(" ", "-")


def text_picture(text: str, width: int = 40) -> str:
    """A position's text in a box, as an SVG element: the picture of a game without one."""
    parts = [p for chunk in text.replace(";", ";\n").replace(",", ",\n").split("\n") for p in [chunk.strip()] if p]
    lines: list[str] = []
    for part in parts:
        if lines and len(lines[-1]) + 1 + len(part) <= width:
            lines[-1] += " " + part
        else:
            lines += textwrap.wrap(part, width) or [""]
    w, h = 16 + 9 * max(len(line) for line in lines), 20 + 20 * len(lines)
    body = "".join(f'<text x="10" y="{26 + 20 * i}">{escape(line)}</text>' for i, line in enumerate(lines))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 {w} {h}" width="{w}" height="{h}" '
            f'font-family="DejaVu Sans Mono, monospace" font-size="15" fill="#e8e4d8" role="img">'
            f'<title>The position</title><rect x="0.5" y="0.5" width="{w - 1}" height="{h - 1}" rx="6" '
            f'fill="#26352c" stroke="#3b4a40"/>{body}</svg>')


class _Game:
    """What the document needs of the record: states, actions and the decisions' moves."""

    def __init__(self, info, record: GameRecord) -> None:
        self.info, self.rules = info, info.rules()
        self.actions = list(record.actions)
        self.states = replay(self.rules, record.options, self.actions)
        self.picture = review_of(info).picture()

    def moves(self, d: Decision) -> tuple[Any, Any]:
        """``(best action or None, action played)`` at decision ``d``."""
        state = self.states[d.ply]
        played = self.rules.parse(state, self.actions[d.ply])
        if d.best == d.played:
            return played, played
        best = next((m for m in self.rules.legal_moves(state) if self.rules.notation(state, m) == d.best), None)
        return best, played

    def svg(self, d: Decision, names: tuple[str, ...] = ()) -> str:
        state = self.states[d.ply]
        if self.picture is None:
            return text_picture(self.info.notation.format_position(state))
        best, played = self.moves(d)
        arrows = ((best, BEST),) if best == played else ((best, BEST), (played, PLAYED))
        return self.picture.svg(state, tuple((m, c) for m, c in arrows if m is not None), names)


def report_html(info, record: GameRecord, report: Report, options: dict | None = None) -> str:
    """The HTML report of ``report``, the review of ``record`` (see the module doc)."""
    game = _Game(info, record)
    players = " – ".join(report.players)
    settings = ", ".join(f"{key} {value}" for key, value in (options or {}).items() if key != SETTLE)
    if (options or {}).get(SETTLE):
        settings += (", " if settings else "") + "close calls settled by rollout"
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>{escape(info.title)} review: {escape(players)}</title>",
           f"<style>{STYLE}</style></head><body>",
           f"<h1>{escape(info.title)} review: {escape(players)}</h1>",
           f'<p class="meta">{_seats(info, report)}{escape(" · analysis " + settings if settings else "")} · '
           f"{len(report.decisions)} decisions reviewed · made by Tabula {escape(__version__)}</p>",
           "<h2>Totals</h2>", _totals(info, report)]
    several = len(report.games) > 1
    for number, decisions in report.games:
        marked = [d for d in decisions if d.mark]
        settled = sum(1 for d in decisions if d.settled is not None)
        out.append(f"<h2>{f'Game {number}' if several else 'The game'}: {len(decisions)} decisions, "
                   f"{len(marked)} marked{f', {settled} settled by rollout' if settled else ''}</h2>")
        out.append(graph_svg(report.players[0], decisions, f"g{number}"))
        for k, d in enumerate(decisions, 1):
            if d.mark:
                out.append(_decision(info, game, report, d, k, len(decisions)))
        if not marked:
            out.append("<p>No decision of this game lost enough to be marked.</p>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def _seats(info, report: Report) -> str:
    titles = info.players.titles
    return escape(", ".join(f"{name} ({titles[i]})" if i < len(titles) else name
                            for i, name in enumerate(report.players)))


def _fmt(info):
    """``(format of an amount lost, format of a value, its heading)`` in the review's units."""
    analysis = info.move_analysis()
    margin = analysis.tutor_margin
    if margin.measure == "value":
        return amount_format(info), analysis.format_value, analysis.value_heading
    decimals = margin.decimals if margin.decimals is not None else (1 if margin.measure == "score" else 3)
    return amount_format(info), (lambda x: f"{x:+.{decimals}f}"), "Score"


def _totals(info, report: Report) -> str:
    """The totals as the Review screen and ``tabula review`` show them (:func:`.totals.table_rows`,
    the same rows from the same data: the marks, the game's error kinds such as missed doubles,
    the error rate and its rating word, luck), a column per player."""
    in_match = any(d.match_win_chance is not None for d in report.decisions)
    game_review = review_of(info)
    rows = table_rows(game_review, report.players, report.totals, amount_format(info), in_match,
                      mwc_lost(game_review, report.decisions))
    head = '<th class="text"></th>' + "".join(f"<th>{escape(player)}</th>" for player in report.players)
    body = "".join(f'<tr><td class="text">{escape(label)}</td>' + "".join(f"<td>{escape(str(c))}</td>" for c in cells)
                   + "</tr>" for label, cells in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _decision(info, game: _Game, report: Report, d: Decision, k: int, n: int) -> str:
    lost, _, _ = _fmt(info)
    title = info.players.titles[report.players.index(d.player)] if d.player in report.players else ""
    roll = f" · rolled {escape(d.dice)}" if d.dice else ""
    played = d.played_alternative.move if d.played_alternative is not None else d.played
    unit = info.move_analysis().tutor_margin.unit
    assert d.mark is not None  # only marked decisions are shown
    mark = f'<span class="{_css_class(d.mark)}">{escape(d.mark)} {MARK_SYMBOLS[d.mark]}</span>'
    best, played_move = game.moves(d)
    drawn = game.picture is not None and best is not None and game.picture.draws(best)
    swatch = (lambda colour: f'<span class="swatch" style="background:{colour}"></span>') if drawn else (lambda c: "")
    facts = [f"<p>{swatch(PLAYED)}Played: <b>{escape(played)}</b><br>{swatch(BEST)}Best: <b>{escape(d.best or '')}</b>"
             f"<br>Lost {escape(lost_words(review_of(info), d, lost, unit))} — {mark}"
             + (f"<br>Luck of the roll {d.luck:+.3f}" if d.luck is not None else "")
             + (f'<br><span class="settled">Settled by rollout, {d.settled.trials} trials'
                f"{f', truncated at {d.settled.truncate} plies' if d.settled.truncate is not None else ''}"
                f" (the search alone: lost {lost(d.settled.search_lost)})</span>" if d.settled is not None else "")
             + "</p>"]
    if d.cube is not None:
        facts.append(_cube(d.cube))
    facts.append(_alternatives(info, d))
    ids = escape(d.position_id) + (f" · {escape(d.match_id)}" if d.match_id else "")
    facts.append(f'<p class="ids">{ids}</p>')
    return (f'<section class="decision" id="d{d.ply}"><h3>Decision {k} of {n} · {escape(d.player)}'
            f'{" (" + escape(title) + ")" if title else ""}{roll} · {escape(d.kind)}</h3>'
            f'<div class="pair">{game.svg(d, tuple(report.players))}<div class="facts">{"".join(facts)}</div></div></section>')


def _alternatives(info, d: Decision) -> str:
    _, value, heading = _fmt(info)
    columns = [(key, title) for key, title in info.move_analysis().columns
               if any(key in dict(a.chances) for a in d.alternatives)]
    heading = unit_heading(review_of(info), d, heading)
    head = (f'<tr><th>#</th><th class="text">{"Action" if d.cube else "Move"}</th><th>{escape(heading)}</th>'
            f"<th>Diff</th><th>Ply</th>" + "".join(f"<th>{escape(t)}</th>" for _, t in columns) + "</tr>")
    rows, last = [], 0
    for a in d.alternatives:
        if a.rank > last + 1:
            rows.append(f'<tr class="gap"><td colspan="{5 + len(columns)}">…</td></tr>')
        last = a.rank
        chances = dict(a.chances)
        cells = "".join(f"<td>{100 * chances[key]:.1f}%</td>" if key in chances else "<td></td>" for key, _ in columns)
        diff = "" if a.rank == 1 else value(a.diff)
        rows.append(f'<tr class="{"played" if a.played else ""}"><td>{a.rank}</td><td class="text">{escape(a.move)}'
                    f'{" ◀ played" if a.played else ""}</td><td>{value(a.equity)}</td><td>{diff}</td>'
                    f"<td>{a.plies}</td>{cells}</tr>")
    return f"<table>{head}{''.join(rows)}</table>"


def _cube(c: CubeFigures) -> str:
    match = c.nd_mwc is not None  # in a match all three have a match winning chance
    rows = [("No double", c.nd, c.nd_mwc), ("Double, take", c.dt, c.dt_mwc), ("Double, pass", c.dp, c.dp_mwc)]
    head = f'<tr><th class="text">Cube</th><th>{"EMG" if match else "Equity"}</th>{"<th>MWC</th>" if match else ""}</tr>'
    body = "".join(f'<tr><td class="text">{name}</td><td>{x:+.3f}</td>'
                   + (f"<td>{100 * m:.1f}%</td>" if m is not None else "") + "</tr>" for name, x, m in rows)
    return f"<table>{head}{body}</table><p>Proper cube action: <b>{escape(c.proper)}</b></p>"


def write_report(path: Path | str, html: str, protected=()) -> Path:
    """Write ``html`` to ``path`` atomically (the old file stays whole if it fails) through
    the guarded writer (:func:`~game.core.outputs.write_output`: never a folder, a device, a
    FIFO or one of ``protected``, the files the review reads); :class:`~game.core.argtypes.UsageError`
    (a ``ValueError``) for such a place, ``OSError`` if it cannot be written."""
    return write_output(path, html, protected=protected)
