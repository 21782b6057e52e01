"""``--cluster ray`` without Ray installed is a clear error naming the extra to install."""

from __future__ import annotations

import builtins

import pytest

from game.core.cluster import ClusterError, connect, require_ray


def test_missing_ray_says_how_to_install_it(monkeypatch):
    real_import = builtins.__import__

    def no_ray(name, *args, **kwargs):
        if name == "ray" or name.startswith("ray."):
            raise ImportError("No module named 'ray'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_ray)
    for call in (require_ray, connect):
        with pytest.raises(ClusterError, match=r"pip install 'tabula\[cluster\]'"):
            call()
