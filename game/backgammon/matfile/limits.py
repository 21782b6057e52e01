"""The size limit on match files, one for reading and writing alike.

:data:`MAX_BYTES` bounds the file read; the writers keep to it too (:func:`bounded_text`):
an export whose file would be larger is refused before anything is written, so whatever
Tabula writes, it reads back.  Writing may make a file larger than the one read (a ``.mat``
pads its rows to columns and is about 2.1 times the size of the same match's ``.sgf``
without analysis; a player's name is written in every game), so the limit is set well above
real files: a real match is under 20 kB, a 25-point match with GNU Backgammon's full analysis
under 1 MB, and a file of :data:`LARGEST_REAL` bytes of a real match's shape exports in
either format within it (``MAX_BYTES = LARGEST_REAL × GROWTH``).
"""

from __future__ import annotations

from collections.abc import Iterable

from .model import MatchFileError

LARGEST_REAL = 2_000_000
"""The largest match file of a real match's shape that must export and read back, in bytes."""
GROWTH = 2.5
"""The most an export of a real match's file grows by, either way (``.mat`` ↔ ``.sgf``)."""
MAX_BYTES = int(LARGEST_REAL * GROWTH)
"""The largest match file read or written, in bytes."""


def bounded_text(parts: Iterable[str], suffix: str, limit: int | None = None) -> str:
    """The ``parts`` joined; :class:`MatchFileError` as soon as they pass ``limit`` bytes
    (UTF-8; :data:`MAX_BYTES` when ``None``), so an export that would grow past it never
    builds the whole text."""
    limit = MAX_BYTES if limit is None else limit
    kept, size = [], 0
    for part in parts:
        size += len(part.encode("utf-8", "replace"))
        if size > limit:
            raise MatchFileError(f"the {suffix} file would be larger than {limit:,} bytes, the largest match "
                                 "file Tabula reads, so it is not written")
        kept.append(part)
    return "".join(kept)
