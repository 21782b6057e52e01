"""The review report's graph (:mod:`.html`): one game's decisions as an inline SVG.

As the Review screen's graph: one point per decision, the first player's chance to win the
game (``win_chance``), or where the analysis gives none (Mandragora, Chesstack) the display
score (``score``, −100..100), on a 0..1 axis; a marked decision is a dot in its mark's
colour, linked to its section of the report (``#d<ply>``), with a tooltip naming it; a very
lucky or unlucky roll (:func:`luck_sign`, GNU Backgammon's signs) a triangle at the top when
it helped the first player, at the bottom when it helped the other, green for a lucky roll
and magenta for an unlucky one, as the legend under the plot says.
"""

from __future__ import annotations

from html import escape

from .report import Decision

MARK_COLOURS = {"doubtful": (236, 208, 92), "bad": (240, 140, 60), "very bad": (226, 64, 56)}
"""The marks' colours, here, on the Review screen and in its move list."""
LUCKY, UNLUCKY = (110, 200, 120), (200, 110, 200)
"""A lucky and an unlucky roll's triangles, here and on the Review screen."""
LUCK_LEVELS = ((0.6, "++"), (0.3, "+"), (-0.3, None), (-0.6, "-"))
"""``(from, sign)``, highest first: luck at or above ``from`` gets ``sign``; below the last, "--"."""
WIDTH, HEIGHT, LEFT, TOP, BOTTOM, RIGHT = 900, 220, 56, 30, 26, 14


def luck_sign(luck: float | None) -> str:
    """GNU's luck sign of a roll ('' for an ordinary one or no measured luck)."""
    if luck is None:
        return ""
    for level, sign in LUCK_LEVELS:
        if luck >= level:
            return sign or ""
    return "--"


def graph_value(d: Decision) -> tuple[str, float] | None:
    """``(kind, y)`` of a decision on the graphs, the report's and the Review screen's: "win"
    (its ``win_chance``, the first player's view, 0..1) or "score" (its ``score``, −100..100,
    as 0..1); ``None`` when it has neither."""
    if d.win_chance is not None:
        return "win", max(0.0, min(1.0, float(d.win_chance)))
    if d.score is not None:
        return "score", (max(-100.0, min(100.0, float(d.score))) + 100.0) / 200.0
    return None


def _y(d: Decision) -> float | None:
    value = graph_value(d)
    return None if value is None else value[1]


def graph_svg(first_player: str, decisions, name: str = "graph") -> str:
    """The graph of ``decisions`` (one game's, in order) from ``first_player``'s view."""
    win = any(d.win_chance is not None for d in decisions)
    title = f"{first_player}'s win chance" if win else f"{first_player}'s advantage (score)"
    labels = ("100%", "50%", "0%") if win else ("+100", "0", "−100")
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="graph" id="{escape(name)}" viewBox="0 0 {WIDTH} {HEIGHT}" '
           f'width="{WIDTH}" height="{HEIGHT}" font-family="DejaVu Sans, Verdana, sans-serif" font-size="12" role="img">',
           f"<title>{escape(title)}, decision by decision</title>",
           f'<text x="{LEFT}" y="18" fill="#a7b0a6" font-weight="bold">{escape(title.upper())}</text>',
           f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="#1a231e" stroke="#3b4a40"/>',
           f'<line x1="{LEFT}" y1="{TOP + plot_h / 2}" x2="{LEFT + plot_w}" y2="{TOP + plot_h / 2}" '
           f'stroke="#3b4a40" stroke-dasharray="4 4"/>']
    for label, frac in zip(labels, (0.0, 0.5, 1.0)):
        out.append(f'<text x="{LEFT - 6}" y="{TOP + frac * plot_h + 4:.1f}" fill="#a7b0a6" text-anchor="end">{label}</text>')
    n = len(decisions)
    out.append(f'<text x="{LEFT + plot_w}" y="{HEIGHT - 6}" fill="#a7b0a6" text-anchor="end">'
               f"{n} decision{'' if n == 1 else 's'}</text>")
    points = []
    for k, d in enumerate(decisions):
        y = _y(d)
        x = LEFT + 8 + (plot_w - 16) * (k / (n - 1) if n > 1 else 0.5)
        points.append((x, None if y is None else TOP + 3 + (plot_h - 6) * (1 - y), d))
    curve = [(x, y) for x, y, _ in points if y is not None]
    if len(curve) > 1:
        out.append(f'<polyline fill="none" stroke="#e8e4d8" stroke-width="1.5" '
                   f'points="{" ".join(f"{x:.1f},{y:.1f}" for x, y in curve)}"/>')
    for x, _, d in points:
        out.extend(_luck_marker(x, d, first_player, plot_h))
    if any(luck_sign(d.luck) for d in decisions):
        out.append(_luck_legend(first_player))
    for k, (x, y, d) in enumerate(points, 1):
        if y is None:
            continue
        if d.mark:
            tip = f"Decision {k}: {d.player} played {d.played} ({d.mark}); best {d.best}"
            out.append(f'<a href="#d{d.ply}"><circle cx="{x:.1f}" cy="{y:.1f}" r="6" fill="rgb{MARK_COLOURS[d.mark]}" '
                       f'stroke="#141414"><title>{escape(tip)}</title></circle></a>')
        else:
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2.5" fill="#e8e4d8"/>')
    out.append("</svg>")
    return "\n".join(out)


def _rgb(colour: tuple[int, int, int]) -> str:
    return f"rgb{colour}"


def _luck_marker(x: float, d: Decision, first_player: str, plot_h: float) -> list[str]:
    """A triangle for a very lucky or unlucky roll (module doc); nothing for another."""
    sign = luck_sign(d.luck)
    if not sign:
        return []
    lucky = sign.startswith("+")
    size = 6 if len(sign) == 2 else 4
    if lucky == (d.player == first_player):  # good for the first player: pointing up from the top edge
        tip, base = TOP + 2.0, TOP + 2.0 + 2 * size
    else:
        tip, base = TOP + plot_h - 3, TOP + plot_h - 3 - 2 * size
    words = f"{d.player}'s {'lucky' if lucky else 'unlucky'} roll {d.dice or ''} ({sign}, luck {d.luck:+.3f})"
    return [f'<polygon points="{x:.1f},{tip:.1f} {x - size:.1f},{base:.1f} {x + size:.1f},{base:.1f}" '
            f'fill="{_rgb(LUCKY if lucky else UNLUCKY)}"><title>{escape(words)}</title></polygon>']


def _luck_legend(first_player: str) -> str:
    y = HEIGHT - 6
    return (f'<polygon points="{LEFT + 5},{y - 10} {LEFT},{y} {LEFT + 10},{y}" fill="{_rgb(LUCKY)}"/>'
            f'<text x="{LEFT + 14}" y="{y}" fill="#a7b0a6">lucky roll</text>'
            f'<polygon points="{LEFT + 105},{y - 10} {LEFT + 100},{y} {LEFT + 110},{y}" fill="{_rgb(UNLUCKY)}"/>'
            f'<text x="{LEFT + 114}" y="{y}" fill="#a7b0a6">unlucky roll · at the top: good for '
            f"{escape(first_player)}</text>")
