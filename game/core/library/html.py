"""A player's page as one self-contained HTML file: the rates with their intervals, the trend
drawn as SVG (each match's PR as a dot, the weighted PR as a line in its 95% band), the
fingerprint tables and the worst decisions.  Every name and move from a match file is
escaped: a match file is untrusted."""

from __future__ import annotations

from html import escape

from ... import __version__
from .player import CellRates, PlayerPage
from .rating import Rate

TITLES = {"kind": "By kind", "cube_error": "Cube errors", "phase": "By phase", "pips": "By pip count",
          "score": "By score"}
STYLE = """body{font-family:system-ui,sans-serif;margin:2em;color:#222;max-width:60em}
table{border-collapse:collapse;margin:0.5em 0 1.5em}td,th{padding:0.2em 0.8em;border-bottom:1px solid #ddd;text-align:right}
td:first-child,th:first-child{text-align:left}.weak{color:#999}.band{fill:#cfe3f7}.line{stroke:#1565c0;fill:none;stroke-width:2}
.dot{fill:#555}.axis{stroke:#999}svg text{font-size:11px;fill:#555}"""


def _rate(rate: Rate) -> str:
    if rate.value is None:
        return "—"
    if rate.low is None or rate.high is None:
        return f'{rate.value:.1f} <span class="weak">(not enough decisions)</span>'
    text = f"{rate.value:.1f} <small>({rate.low:.1f}–{rate.high:.1f})</small>"
    return text if rate.enough else f'<span class="weak">{text} not enough decisions</span>'


def _cells(title: str, cells: dict[str, CellRates]) -> list[str]:
    out = [f"<h3>{escape(title)}</h3>", "<table><tr><th></th><th>Decisions</th><th>Counted</th><th>Equity lost</th>"
           "<th>PR (95% interval)</th><th>Error rate (mp per decision)</th></tr>"]
    for cell, rates in cells.items():
        out.append(f"<tr><td>{escape(cell)}</td><td>{rates.decisions}</td><td>{rates.counted}</td>"
                   f"<td>{rates.lost:.3f}</td><td>{_rate(rates.pr)}</td><td>{_rate(rates.error_rate)}</td></tr>")
    out.append("</table>")
    return out


def trend_svg(page: PlayerPage, width: int = 720, height: int = 240) -> str:
    """The trend: the weighted PR's band and line, each match's PR as a dot (the axis from 0 to
    the highest value shown)."""
    points = [p for p in page.trend if p.moving.value is not None]
    if not points:
        return "<p>No analysed match yet.</p>"
    top = max([p.moving.high or p.moving.value or 0 for p in points] + [p.pr.value or 0 for p in points] + [1.0])
    left, bottom, inner_w, inner_h = 40, height - 20, width - 50, height - 30

    def x(i: int) -> float:
        return left + (inner_w * i / (len(points) - 1) if len(points) > 1 else inner_w / 2)

    def y(value: float | None) -> float:
        return bottom - inner_h * min(value or 0.0, top) / top

    band_top = [(x(i), y(p.moving.high if p.moving.high is not None else p.moving.value)) for i, p in enumerate(points)]
    band_low = [(x(i), y(p.moving.low if p.moving.low is not None else p.moving.value)) for i, p in enumerate(points)]
    band = " ".join(f"{a:.1f},{b:.1f}" for a, b in band_top + band_low[::-1])
    line = " ".join(f"{x(i):.1f},{y(p.moving.value):.1f}" for i, p in enumerate(points))
    dots = "".join(f'<circle class="dot" cx="{x(i):.1f}" cy="{y(p.pr.value):.1f}" r="2.5"><title>'
                   f'{escape(p.date or "")} vs {escape(p.opponent)}: PR {p.pr.value:.1f}</title></circle>'
                   for i, p in enumerate(points) if p.pr.value is not None)
    ticks = "".join(f'<line class="axis" x1="{left}" x2="{left + inner_w}" y1="{y(v):.1f}" y2="{y(v):.1f}" '
                    f'stroke-dasharray="2,4"/><text x="4" y="{y(v) + 4:.1f}">{v:.0f}</text>'
                    for v in _ticks(top))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
            f'aria-label="PR trend">{ticks}<polygon class="band" points="{band}"/><polyline class="line" '
            f'points="{line}"/>{dots}</svg>')


def _ticks(top: float) -> list[float]:
    step = next(s for s in (1, 2, 5, 10, 20, 50, 100, 1000) if top / s <= 6)
    return [step * k for k in range(int(top // step) + 1)]


def player_html(page: PlayerPage) -> str:
    """The page as HTML (see the module doc)."""
    name = escape(page.player)
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">', f"<title>{name}: Tabula player page</title>",
           f"<style>{STYLE}</style></head><body>", f"<h1>{name}</h1>"]
    if len(page.names) > 1:
        out.append(f"<p>Also known as {escape(', '.join(n for n in page.names if n != page.player))}.</p>")
    rating = f" ({escape(page.rating)})" if page.rating else ""
    out += [f"<p>{page.matches} matches analysed, {page.decisions} decisions.</p>",
            f"<p><b>PR</b> {_rate(page.pr)} &nbsp; <b>Error rate</b> {_rate(page.error_rate)} mp/decision{rating}</p>"]
    if page.luck is not None:
        adjusted = f", luck-adjusted result {page.luck_adjusted:+.3f}" if page.luck_adjusted is not None else ""
        out.append(f"<p>Luck {page.luck:+.3f}{adjusted}</p>")
    out += ["<h2>Trend</h2>", "<p>Each match's PR (dots) and the PR weighted by a decision half-life, with its 95% "
            "band.</p>", trend_svg(page), "<h2>Where equity is lost</h2>"]
    for split, cells in page.by.items():
        if cells:
            out += _cells(TITLES.get(split, split), cells)
    if page.worst:
        out += ["<h2>The worst decisions</h2>", "<table><tr><th>Lost</th><th>Dice</th><th>Played</th><th>Best</th>"
                "<th>Position</th><th>Match</th></tr>"]
        for d in page.worst:
            out.append(f"<tr><td>{d['equity_lost']:.3f}</td><td>{escape(d['dice'] or '')}</td>"
                       f"<td>{escape(d['played'])}</td><td>{escape(d['best'] or '')}</td>"
                       f"<td><code>{escape(d['xgid'] or d['position_id'])}</code></td>"
                       f"<td>{d['match']}, game {d['game']}</td></tr>")
        out.append("</table>")
    out += [f"<p><small>Tabula {escape(__version__)}. PR = 500 × equity lost ÷ counted decisions (× 1.5 in "
            "1-point matches); intervals are 95%.</small></p>", "</body></html>"]
    return "\n".join(out) + "\n"
