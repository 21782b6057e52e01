"""Where the benches' files are, found from this package (never from the working directory)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
"""The checkout the benches belong to."""
CACHE = ROOT / "bench" / "cache"
"""Stored references and records (kept in the repository)."""
MATCHES = ROOT / "tests" / "data" / "matches"
"""The real match files (``*.mat``) the backgammon benches read."""
SHIPPED_WEIGHTS = ROOT / "assets" / "weights"
"""The checkout's network weights."""
