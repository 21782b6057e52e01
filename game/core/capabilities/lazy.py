"""Abilities are registered as factories that import them on first use: :func:`lazy`."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from importlib import import_module
from typing import Any


def lazy(path: str) -> Callable[[], Any]:
    """A factory of the object at ``"package.module:NAME"``: imported on the first call, the
    same object every call after."""
    module, _, name = path.partition(":")
    if not module or not name:
        raise ValueError(f"an ability's path is 'package.module:NAME', not {path!r}")

    @lru_cache(maxsize=1)
    def load() -> Any:
        return getattr(import_module(module), name)

    load.path = path  # type: ignore[attr-defined]  # what it loads; stubs declare no function attributes
    return load
