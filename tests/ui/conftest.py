"""UI tests run headless, with the user folders moved to a temporary TABULA_HOME."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


WINDOW_TESTS = Path(__file__).parent


@pytest.hookimpl(tryfirst=True)  # before ``-m`` selects by it
def pytest_collection_modifyitems(items):
    """Every test in this folder is a window test (marked ``window``), whatever its file.
    (The hook sees the whole session's items: only those under this folder are marked.)"""
    for item in items:
        if WINDOW_TESTS in item.path.parents:
            item.add_marker(pytest.mark.window)


@pytest.fixture(autouse=True)
def tabula_home(tmp_path, monkeypatch):
    """Never touch the real user data or config folders."""
    home = tmp_path / "home"
    monkeypatch.setenv("TABULA_HOME", str(home))
    return home


@pytest.fixture
def app():
    import pygame

    from game.ui.app import App

    window = App((1100, 720))
    window.settings.animation = "off"
    yield window
    window.close()
    pygame.quit()
