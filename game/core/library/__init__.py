"""The study library: every match a player adds or plays, reviewed, in one SQLite file.

The parts:

- :mod:`.schema`: the file (WAL, foreign keys, busy timeout), its schema versions and
  migrations, :class:`~.schema.LibraryError` for a file that cannot be used;
- :mod:`.sources`: files going in (match files, Tabula saves) read as a :class:`~.sources.Source`;
- :mod:`.store`: :class:`~.store.Library`, adding matches, storing reviews, joining names,
  checking the file, one transaction per unit of work;
- :mod:`.analysing`: bulk analysis, one match a job, locally or on Ray;
- :mod:`.rows` and :mod:`.cells`: a reviewed decision as a row, and each review's sums per
  player and fingerprint cell;
- :mod:`.rating`: PR, error rate, their intervals and the trend;
- :mod:`.player`: a player's page; :mod:`.listing`: the list of matches; :mod:`.positions`:
  the position search; :mod:`.maintenance`: rebuilding from the match texts.

The library knows no game: a game takes part through its
:class:`~game.core.capabilities.library.Library` ability (summaries of its match files and the
facts of its decisions).
"""

from .schema import VERSION, LibraryError, default_path
from .store import Library, open_library

__all__ = ["VERSION", "Library", "LibraryError", "default_path", "open_library"]
