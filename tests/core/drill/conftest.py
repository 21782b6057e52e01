"""The drill's tests' fixtures: the stand-in drill, backgammon's facts with it, a fresh library
and its deck."""

from __future__ import annotations

import pytest

from game.core.drill import Deck, DrillOptions
from game.core.library import open_library

from .stand_in import StandInDrill, stand_in_info


@pytest.fixture
def stand_in():
    return StandInDrill()


@pytest.fixture
def info(stand_in):
    """Backgammon's facts with the stand-in's drill ability."""
    return stand_in_info(stand_in)


@pytest.fixture
def library(tmp_path):
    with open_library(tmp_path / "library.sqlite3") as opened:
        yield opened


@pytest.fixture
def deck(library, info):
    return Deck(library, info, DrillOptions())
