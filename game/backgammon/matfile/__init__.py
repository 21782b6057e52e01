"""Backgammon match files (``.mat``): :func:`read_mat` reads and replays, :func:`write_mat` writes, :func:`match_record`
turns one into a game record the window opens."""

from .model import MatchFile, MatchFileError, MatchGame, Turn
from .reader import read_mat
from .session import match_record
from .writer import write_mat

__all__ = ["MatchFile", "MatchFileError", "MatchGame", "Turn", "match_record", "read_mat", "write_mat"]
