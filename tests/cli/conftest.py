"""Fixtures the command-line tests share."""

from __future__ import annotations

import shutil

import pytest

from game.core.saves import examples_dir


@pytest.fixture
def save(tmp_path):
    """A copy of the example midgame save (its review cache then goes beside the copy)."""
    path = tmp_path / "midgame.json"
    shutil.copy(examples_dir() / "human-vs-hard-midgame.json", path)
    return path
