"""Tests run headless: no window ever opens, whatever the machine has."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


import pytest


@pytest.fixture(scope="session")
def ray_cluster():
    """One local Ray instance with two CPUs for the whole session (starting one takes seconds);
    tests of the Ray path ask for it, and it ends with the session's process."""
    from game.core.cluster import connect

    return connect(num_cpus=2)
