"""Backgammon match files (``.mat``): :func:`read_mat` reads and replays, :func:`write_mat` writes."""

from .model import MatchFile, MatchFileError, MatchGame, Turn
from .reader import read_mat
from .writer import write_mat

__all__ = ["MatchFile", "MatchFileError", "MatchGame", "Turn", "read_mat", "write_mat"]
