"""Backgammon match files: ``.mat`` text (:func:`read_mat`, :func:`write_mat`) and GNU
Backgammon's ``.sgf`` (:func:`read_sgf`, :func:`write_sgf`); :func:`read_match` and
:func:`write_match` choose by the file's suffix; :func:`match_record` turns a match into the
game record the window opens."""

from __future__ import annotations

from . import limits
from .limits import MAX_BYTES
from .model import MatchFile, MatchFileError, MatchGame, Turn
from .reader import read_mat
from .session import match_record
from .sgf_reader import read_sgf
from .sgf_writer import write_sgf
from .writer import write_mat

SUFFIXES = (".mat", ".sgf")
"""The match file suffixes Tabula reads and writes."""


def read_match_file(path) -> MatchFile:
    """The match in the file at ``path``, read with the bounded reader (a missing, binary file,
    a FIFO or one above :data:`~.limits.MAX_BYTES` is an
    :class:`~game.core.untrusted.UntrustedFileError`)."""
    from ...core.untrusted import read_text

    return read_match(read_text(path, limits.MAX_BYTES, "match file"), str(path))


def read_match(text: str, name: str) -> MatchFile:
    """The match in ``text``, read as ``.sgf`` when ``name`` ends so (or the text is SGF), else ``.mat``."""
    if str(name).lower().endswith(".sgf") or text.lstrip().startswith("(;"):
        return read_sgf(text)
    return read_mat(text)


def write_match(match: MatchFile, name: str) -> str:
    """The match as the text of ``name``'s format (``.sgf``, else ``.mat``); a
    :class:`MatchFileError` when it would be larger than the reader takes (:mod:`.limits`)."""
    return write_sgf(match) if str(name).lower().endswith(".sgf") else write_mat(match)


__all__ = ["MAX_BYTES", "SUFFIXES", "MatchFile", "MatchFileError", "MatchGame", "Turn", "match_record", "read_mat", "read_match",
           "read_match_file", "read_sgf", "write_mat", "write_match", "write_sgf"]
