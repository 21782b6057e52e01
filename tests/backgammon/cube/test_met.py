"""The shipped Kazaross XG2 match equity table is read exactly, and bad tables are refused clearly."""

from __future__ import annotations

import pytest

from game.backgammon.cube.met import MatchEquityTable, kazaross
from game.core.resources import asset_path


def test_values_read_exactly():
    met = kazaross()
    assert met.name == "Kazaross XG2" and met.size == 25
    assert met.pre(1, 2) == 0.67736
    assert met.pre(2, 1) == 0.32264
    assert met.pre(10, 11) == 0.548547
    assert met.pre(25, 1) == 0.00095
    assert met.post(1) == 0.5
    assert met.post(2) == 0.48803
    assert met.post(25) == 0.001230


def test_symmetric_and_even_on_the_diagonal():
    met = kazaross()
    for i in range(1, 26):
        assert met.pre(i, i) == 0.5
        for j in range(1, 26):
            assert abs(met.pre(i, j) + met.pre(j, i) - 1.0) <= 1e-4


def test_finished_matches_and_limits():
    met = kazaross()
    assert met.pre(0, 3) == 1.0 and met.pre(-2, 3) == 1.0 and met.pre(3, 0) == 0.0 and met.post(0) == 1.0
    with pytest.raises(ValueError, match="26 away"):
        met.pre(26, 3)
    with pytest.raises(ValueError, match="30 away"):
        met.post(30)


def test_post_crawford_lookup_and_scores():
    met = kazaross()
    assert met.mwc(3, 1, post_crawford=True) == 0.32264  # post(3)
    assert met.mwc(1, 3, post_crawford=True) == pytest.approx(1 - 0.32264)
    assert met.mwc(3, 1) == 0.24924  # pre(3, 1): the Crawford game itself
    assert met.mwc(3, 4, post_crawford=True) == met.pre(3, 4)
    # 3-1 in a 5-point match: 2 away against 4 away.
    assert met.equity((3, 1), 5) == 0.66870


def test_the_asset_is_the_iso_8859_1_file():
    raw = asset_path("backgammon", "met", "Kazaross-XG2.met").read_bytes()
    assert b"\xa9 2011 Neil Kazaross" in raw
    assert MatchEquityTable.parse(raw.decode("iso-8859-1")).pre(1, 2) == 0.67736


GOOD = """[PreCrawford]
Size=2
 1=0.5 0.7
 2=0.3 0.5
[PostCrawford]
Size=2
Data=0.5 0.49
"""


def test_a_small_table_parses():
    met = MatchEquityTable.parse(GOOD, "tiny.met")
    assert met.pre(1, 2) == 0.7 and met.post(2) == 0.49 and met.size == 2


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (GOOD.replace("0.7", "0.x7"), r"tiny\.met line 3: '0\.x7' is not a number"),
        (GOOD.replace(" 0.7", ""), r"tiny\.met line 3: 1 values where 2 are needed"),
        (GOOD.replace("0.7", "1.7"), r"tiny\.met line 3: '1\.7' is not a chance"),
        (GOOD.replace("0.7", "nan"), r"tiny\.met line 3: 'nan' is not a chance"),
        (GOOD.replace(" 2=0.3 0.5\n", ""), r"tiny\.met: row '2' is missing"),
        (GOOD.replace("Size=2\nData", "Size=3\nData"), r"tiny\.met: PreCrawford and PostCrawford sizes differ"),
        (GOOD.replace("Size=2\n 1", "Size=two\n 1"), r"tiny\.met line 2: Size must be"),
        (GOOD.replace("[PostCrawford]", "[PostCrawford"), r"tiny\.met line 5: unclosed"),
        (GOOD.split("[PostCrawford]")[0], r"tiny\.met: no \[postcrawford\] section"),
        ("junk\n" + GOOD, r"tiny\.met line 1: expected key=value"),
        (GOOD + "Data=0.5 0.5\n", r"tiny\.met line 8: 'data' given twice"),
    ],
)
def test_malformed_tables_name_file_and_line(text, message):
    with pytest.raises(ValueError, match=message):
        MatchEquityTable.parse(text, "tiny.met")


def test_load_names_the_file(tmp_path):
    path = tmp_path / "broken.met"
    path.write_bytes(GOOD.replace("0.49", "0.4.9").encode("iso-8859-1"))
    with pytest.raises(ValueError, match=r"broken\.met line 7"):
        MatchEquityTable.load(path)
    with pytest.raises(ValueError):
        MatchEquityTable.load(tmp_path)  # a folder, not a table
