"""A review names the match equity table it read, and one made with another table is another
review (its own cache entry)."""

import json
import shutil

import pytest

from game.backgammon.cube import met_choice as met
from game.core.review.cache import cache_key, review_context
from game.games import get_game, reviewed_record

from .util import run


@pytest.fixture
def default_table():
    yield
    met.use(None)


@pytest.mark.slow
def test_the_review_names_its_table_and_another_table_is_another_review(reviewed_matches, tmp_path, capsys,
                                                                        default_table):
    folder, _ = reviewed_matches
    match = tmp_path / "3pt-a.mat"
    shutil.copyfile(folder / "3pt-a.mat", match)
    shutil.copyfile(folder / "3pt-a.mat.review", tmp_path / "3pt-a.mat.review")
    record = reviewed_record(match)
    info = get_game("backgammon")
    default_key = cache_key(record, {"level": "intermediate"}, (0.04, 0.08, 0.16), review_context(info))
    code, out, err = run(capsys, "review", str(match), "--level", "intermediate")
    assert code == 0, err
    assert out.splitlines()[0] == "Backgammon review, level intermediate, match equity table Kazaross XG2"
    code, out, err = run(capsys, "review", str(match), "--level", "intermediate", "--met", "mec", "--json")
    assert code == 0, err
    report = json.loads(out)
    assert report["met"] == met.mec().name
    assert review_context(info) == {"met": met.mec().name}
    assert cache_key(record, {"level": "intermediate"}, (0.04, 0.08, 0.16), review_context(info)) != default_key
    html = tmp_path / "report.html"
    assert run(capsys, "review", str(match), "--level", "intermediate", "--met", "mec", "--html", str(html))[0] == 0
    assert "match equity table mec" in html.read_text(encoding="utf-8")
