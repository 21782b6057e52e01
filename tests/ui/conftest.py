"""UI tests run headless, with the user folders moved to a temporary TABULA_HOME."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


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
