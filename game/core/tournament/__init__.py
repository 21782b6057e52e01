"""Round-robin tournaments with duplicate seating, resumable folders and statistics.

- :mod:`.schedule` — :class:`Settings`, their limits, and the fixed games with their seeds.
- :mod:`.runner` — plays the missing games, serially or over worker processes.
- :mod:`.results` — the tournament folder: settings plus one JSON line per finished game.
- :mod:`.records` — reading those lines as untrusted input; setting bad ones aside.
- :mod:`.lock` — one run at a time per folder.
- :mod:`.folders` — where tournaments are kept by default; the latest unfinished one.
- :mod:`.stats` — the sign test (exact binomial p-values), mean intervals, Bradley–Terry (Elo-style) ratings.
- :mod:`.summary` — per-pair statistics and standings from game records.
- :mod:`.report` — JSON/CSV files and the printed table.
- :mod:`.progress` — the text progress bar.
"""

from ..distribute import available_cpus
from .results import ResultStore
from .runner import run_tournament, validate
from .schedule import GameSpec, Settings, even_games, schedule
from .summary import Summary, summarize

__all__ = ["GameSpec", "ResultStore", "Settings", "Summary", "available_cpus", "even_games", "run_tournament",
           "schedule", "summarize", "validate"]
