"""Names a package offers without importing them up front (PEP 562's module ``__getattr__``).

A game package's ``__init__`` stays light, so that importing its rules (``game.<name>.rules``)
loads the rules alone, while taking ``GAME`` from the package still works: the name's module
is imported on first use.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def lazy_exports(package: str, sources: Mapping[str, str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``(__getattr__, __dir__)`` for ``package``: each name in ``sources`` comes from the
    submodule named beside it (``{"GAME": "info"}``) when first asked for."""

    def __getattr__(name: str) -> Any:
        if name not in sources:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(import_module(f"{package}.{sources[name]}"), name)

    def __dir__() -> list[str]:
        return sorted(sources)

    return __getattr__, __dir__
