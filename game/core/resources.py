"""Finding shipped assets (fonts, images, trained weights) in an install or a checkout.

An installed Tabula carries ``assets/`` inside the package, as ``game/assets``; a source
checkout run in place (``python -m game`` from the repository) finds the folder beside
``game/``.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
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


@lru_cache(maxsize=1)
def weights_fingerprint() -> str:
    """A short hash of every shipped weights file (``assets/weights/*.npz``, names and
    contents): what an analysis computed by the installed networks depends on, so a cache
    of one (a review) is not trusted after the networks change.  Computed once a run."""
    digest = hashlib.sha256()
    folder = assets_dir() / "weights"
    for path in sorted(folder.glob("*.npz")) if folder.is_dir() else []:
        digest.update(path.name.encode() + b"\0")
        try:
            digest.update(path.read_bytes())
        except OSError:
            digest.update(b"unreadable")
    return digest.hexdigest()[:16]
