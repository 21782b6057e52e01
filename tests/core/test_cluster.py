"""``--cluster ray`` without Ray installed is a clear error naming the extra to install."""

from __future__ import annotations


import pytest

from game.core.cluster import ClusterError, connect, require_ray


def test_missing_ray_says_how_to_install_it(without_ray):
    for call in (require_ray, connect):
        with pytest.raises(ClusterError, match=r"pip install 'tabula\[cluster\]'"):
            call()
