"""The Review screen's "Export report…": the review as one HTML page (:mod:`game.core.review.html`).

Where it goes: beside the file the game came from, ``<file's stem>-review.html`` (a match
``3pt-a.mat`` gives ``3pt-a-review.html``), as players keep GNU Backgammon's exports next
to their matches; when that folder cannot be written, or the game has no file, in the user
data folder's ``reviews/`` (``<game>-review-<date>-<time>.html`` without a file).  An
existing report of the same name is replaced (atomically), but never the file reviewed, its
cache, a device or a FIFO (:mod:`game.core.outputs`; the report then goes to the data
folder).  Written on the drawing thread: the report is text built from the review already
made, a fraction of a second.
"""

from __future__ import annotations

import time
from pathlib import Path

from ...core.review.cache import reviewed_files
from ...core.review.html import report_html, write_report
from ...core.saves import data_dir


def report_name(save: Path | None, game: str, now: float | None = None) -> str:
    if save is not None:
        return f"{save.stem}-review.html"
    return f"{game}-review-{time.strftime('%Y%m%d-%H%M%S', time.localtime(now))}.html"


def export_report(info, record, report, options: dict, save: Path | None) -> Path:
    """Write the report (see the module doc) and return where; ``OSError`` when no place
    could take it."""
    html = report_html(info, record, report, options)
    name = report_name(save, info.name)
    if save is not None:
        try:
            return write_report(Path(save).parent / name, html, reviewed_files(save))
        except (OSError, ValueError):
            pass  # an unwritable or vanished folder: the user data folder instead
    folder = data_dir() / "reviews"
    folder.mkdir(parents=True, exist_ok=True)
    return write_report(folder / name, html)


def export_and_tell(banner, info, record, report, options: dict, save: Path | None) -> None:
    """E: write the report and say where in ``banner`` (or why it could not be written)."""
    try:
        path = export_report(info, record, report, options, save)
    except (OSError, ValueError) as error:
        banner.show(f"The report could not be written: {error}", error=True)
    else:
        banner.show(f"Report written to {path}", seconds=6)
