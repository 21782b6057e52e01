"""``tabula drill --stats``: each player's drill statistics (:meth:`game.core.drill.Deck.stats`)
as text, or as JSON (``{NAME: Stats.as_json()}``), asking nothing."""

from __future__ import annotations

import json
from datetime import datetime, timezone

RECENT_WEEKS = 4
"""The weeks of each theme's loss the text shows (the JSON has them all)."""


def print_stats(deck, setup, as_json: bool) -> int:
    now = datetime.now(timezone.utc)
    found = {name: deck.stats(now, name, setup.theme) for name in setup.players}
    if as_json:
        print(json.dumps({name: stats.as_json() for name, stats in found.items()}))
        return 0
    for name, stats in found.items():
        theme = f" on the theme {setup.theme}" if setup.theme else ""
        print(f"{name}{theme}: {stats.cards} cards ({stats.variations} variations), {stats.due} due, {stats.new} new")
        print(f"  retention {_share(stats.retention)}; loss on first answers {_loss(stats.first_loss)}, "
              f"on later ones {_loss(stats.later_loss)}; streak {stats.streak} (best {stats.best_streak})")
        for tag, weeks in sorted(stats.by_theme.items()):
            shown = ", ".join(f"{week} {loss:.3f} ({count})" for week, loss, count in weeks[-RECENT_WEEKS:])
            print(f"  {tag:<14} {shown}")
    return 0


def _share(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.0f}%"


def _loss(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"
