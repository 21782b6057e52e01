"""The match equity table the window's analyses read: the game's setting, applied.

The choice (:data:`~game.core.gameinfo.MATCH_EQUITY_TABLE`, a game's
:class:`~game.core.capabilities.MatchEquity`) is made in this process and reaches every worker
process started after it; the long-lived workers (the analysis's and the computer players')
were started before, so when the table changes they are ended and start again, with it, at
their next job.  Every play scene applies it as it opens (the Review screen is always one's,
and reviews in a process started after that).
"""

from __future__ import annotations

from ...core.capabilities import MatchEquity
from ...core.gameinfo import MATCH_EQUITY_TABLE
from ...core.jobs.worker import shared

RESTARTED = ("analysis", "moves")
"""The long-lived worker processes that read the table."""

_in_workers: dict[str, str] = {}
"""The table (by name) the long-lived workers were started with, per game: the default until changed."""


def use_chosen_table(settings, info) -> str | None:
    """Make ``info``'s setting the table of this process and of its workers; its name, ``None``
    for a game without match equity tables."""
    tables = info.ability(MatchEquity)
    if tables is None:
        return None
    chosen = settings.of(info)[MATCH_EQUITY_TABLE]
    name = tables.use(chosen)
    if _in_workers.get(info.name, tables.names[0]) != chosen:
        for worker in RESTARTED:
            shared(worker).close()
        _in_workers[info.name] = chosen
    return name
