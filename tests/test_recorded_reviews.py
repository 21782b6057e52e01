"""The recorded reviews the tests start from (``tests/data/reviews``) still count: each is a
complete review of its match for this version and these weights.  When this fails, the
program's version or a network changed: run ``python tests/data/reviews/record.py``."""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

from game.core.review.cache import cache_key, read_cache_entry
from game.core.review.run import review_marks
from game.games import get_game, reviewed_record

DATA = Path(__file__).parent / "data"


def test_every_recorded_review_is_complete_and_current(tmp_path):
    info = get_game("backgammon")
    with zipfile.ZipFile(DATA / "reviews" / "intermediate.zip") as recorded:
        names = sorted(recorded.namelist())
        assert names == sorted(f"{path.name}.review" for path in (DATA / "matches").glob("*.mat"))
        for path in sorted((DATA / "matches").glob("*.mat")):
            copy = tmp_path / path.name
            shutil.copyfile(path, copy)
            (tmp_path / f"{path.name}.review").write_bytes(recorded.read(f"{path.name}.review"))
            record = reviewed_record(copy)
            entry = read_cache_entry(copy, cache_key(record, {"level": "intermediate"}, review_marks(info)))
            assert entry is not None and entry[1], f"{path.name}: record the reviews again (tests/data/reviews/record.py)"
            assert entry[0].decisions
