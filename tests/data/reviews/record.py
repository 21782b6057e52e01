"""Record the six real matches' Intermediate reviews the tests start from: ``python
tests/data/reviews/record.py`` writes ``intermediate.zip`` here, one ``.review`` cache per match
of ``tests/data/matches`` (what ``tabula review`` leaves beside a match).

The ``reviewed_matches`` fixture (``tests/conftest.py``) puts each cache beside a copy of its
match; a cache is keyed by the program's version and its networks' weights, so after either
changes the caches no longer count (the fixture then reviews again, and
``tests/test_recorded_reviews.py`` fails until this script is run again).
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
MATCHES = HERE.parent / "matches"
ARCHIVE = HERE / "intermediate.zip"
OPTIONS = {"level": "intermediate"}


def main() -> int:
    for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ[name] = "1"  # as the tests compute (tests/conftest.py): the same last bits
    sys.path.insert(0, str(HERE.parents[2]))
    from game.core.review.run import cached_review
    from game.games import get_game, reviewed_record

    info = get_game("backgammon")
    with tempfile.TemporaryDirectory() as folder:
        written = ARCHIVE.with_suffix(".zip.part")
        with zipfile.ZipFile(written, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
            for path in sorted(MATCHES.glob("*.mat")):
                copy = Path(folder) / path.name
                shutil.copyfile(path, copy)
                cached_review(info, reviewed_record(copy), copy, OPTIONS)
                archive.write(copy.with_name(copy.name + ".review"), copy.name + ".review")
                print(f"reviewed {path.name}")
        written.replace(ARCHIVE)
    print(f"wrote {ARCHIVE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
