"""Finding shipped assets (fonts, images, trained weights) in an install or a checkout.

An installed Tabula carries ``assets/`` inside the package, as ``game/assets``; a source
checkout run in place (``python -m game`` from the repository) finds the folder beside
``game/``.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[1]


def assets_dir() -> Path:
    """The folder holding Tabula's assets."""
    installed = _PACKAGE / "assets"
    return installed if installed.is_dir() else _PACKAGE.parent / "assets"


def asset_path(*parts: str) -> Path:
    """The path of one asset; ``FileNotFoundError`` naming it when it is missing."""
    path = assets_dir().joinpath(*parts)
    if not path.exists():
        raise FileNotFoundError(f"Tabula asset missing: {'/'.join(parts)} (looked in {assets_dir()})")
    return path
