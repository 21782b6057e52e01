"""Tabula: board games against strong, explainable computer players."""

__version__ = "0.1.0"
