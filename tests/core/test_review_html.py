"""The review's HTML report (game/core/review/html.py) and backgammon's board picture."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest

from game.core.capabilities import Review
from game.core.match import play_game, replay
from game.core.outputs import check_output
from game.core.review.html import report_html, text_picture, write_report
from game.core.review.run import review
from game.games import get_game
from tests.review_stubs import ReviewWithoutLuck

BG = get_game("backgammon")
QUICK = replace(BG, abilities={**BG.abilities, Review: ReviewWithoutLuck})
SVG = re.compile(r"<svg\b.*?</svg>", re.S)


@pytest.fixture(scope="module")
def match():
    """A 3-point match of two games (a double, a take, a drop), every decision marked."""
    players = [BG.players.player("intermediate", seed) for seed in (0, 1)]
    record, _ = play_game(BG.rules(), players, BG.new_game_options({"match_length": "3"}), seed=4, max_plies=60)
    record = replace(record, players=["Ann <&>", "Bob"])
    return record, review(QUICK, record, {"level": "intermediate"}, thresholds=(0.0, 1.0, 2.0))


def pictures(html: str) -> list[ET.Element]:
    return [ET.fromstring(svg) for svg in SVG.findall(html)]


def test_the_report_has_a_board_per_marked_decision_the_graphs_and_the_totals(match):
    record, report = match
    html = report_html(BG, record, report, {"level": "intermediate"})
    assert html.startswith("<!DOCTYPE html>") and html.rstrip().endswith("</html>")
    assert "Ann &lt;&amp;&gt;" in html and "Bob" in html and "<&>" not in html  # names, escaped
    marked = [d for d in report.decisions if d.mark]
    assert len(marked) == len(report.decisions)  # a threshold of 0 marks them all
    svgs = pictures(html)  # every picture is well-formed XML
    boards = [s for s in svgs if s.get("class") == "board"]
    graphs = [s for s in svgs if s.get("class") == "graph"]
    assert len(boards) == len(marked) and len(graphs) == len(report.games) == 2
    assert "Game 1:" in html and "Game 2:" in html and "Totals" in html and "Error rate" in html
    for d in marked:
        assert f'id="d{d.ply}"' in html and f'href="#d{d.ply}"' in html  # the graph's dot links to it
    # self-contained: no scripts, no links to fetch, inline style only
    assert "<script" not in html and "<link" not in html and "src=" not in html and "http://" not in html.replace(
        'xmlns="http://www.w3.org/2000/svg"', "")
    cube = [d for d in marked if d.kind == "cube"]
    assert cube and html.count("Proper cube action:") == len(cube)
    assert all(f"<b>{d.cube.proper}</b>" in html for d in cube) and "MWC" in html and "EMG" in html
    assert html.count('<tr class="played">') == len(marked)  # the play made, highlighted once each


def test_a_backgammon_board_picture_shows_the_position_from_the_deciders_side(match):
    from game.core.capabilities import BoardPicture
    from game.core.review.plain import review_of

    assert isinstance(review_of(BG).picture(), BoardPicture) and review_of(get_game("chesstack")).picture() is None
    record, report = match
    rules = BG.rules()
    states = replay(rules, record.options, record.actions)
    html = report_html(BG, record, report)
    boards = [s for s in pictures(html) if s.get("class") == "board"]
    ns = "{http://www.w3.org/2000/svg}"
    for d, svg in zip(report.decisions, boards):
        state = states[d.ply]
        texts = [t.text for t in svg.iter(f"{ns}text")]
        assert {str(n) for n in range(1, 25)} <= set(texts)  # the point numbers
        decider = state.turn if state.cube.phase != "offered" else 1 - state.turn
        title = svg.find(f"{ns}title").text
        assert ("White" if decider == 0 else "Black") in title
        assert ("to play" in title) == (d.kind == "chequer")
        checkers = [c for c in svg.iter(f"{ns}circle") if c.get("fill-opacity") == "0.3"]  # one shadow each
        on_board = sum(min(n, 5) for side in state.sides for n in side[1:25]) + sum(min(s[25], 4) for s in state.sides)
        assert len(checkers) == on_board + 2  # and one on each name strip
        cube_face = "64" if state.cube.owner is None and state.cube.phase != "offered" else None
        if cube_face:
            assert cube_face in texts
    # the first decision of the match: its arrows are drawn, the best green, the play made magenta
    first = next(i for i, d in enumerate(report.decisions) if d.kind == "chequer" and d.played != d.best)
    lines = [ln.get("stroke") for ln in boards[first].iter(f"{ns}line")]
    assert "rgb(90,210,120)" in lines and "rgb(225,95,215)" in lines


def test_a_game_without_a_picture_shows_its_position_text():
    info = get_game("mandragora")
    players = [info.players.player("random", seed) for seed in (1, 2)]
    record, _ = play_game(info.rules(), players, info.new_game_options(), seed=5, max_plies=12)
    report = review(info, record, thresholds=(0.0, 100.0, 200.0))
    html = report_html(info, record, report)
    boards = [s for s in pictures(html) if s.get("class") == "board"]
    assert len(boards) == len(report.decisions) > 5
    ns = "{http://www.w3.org/2000/svg}"
    first = " ".join(t.text for t in boards[0].iter(f"{ns}text"))
    states = replay(info.rules(), record.options, record.actions)
    assert first.replace(" ", "") == info.notation.format_position(states[report.decisions[0].ply]).replace(" ", "")
    assert "Total" in html and "Win" not in html  # the analyzer's total, which ranks; no chances
    ET.fromstring(text_picture("a" * 100 + ";b,c"))


def test_a_bad_place_for_the_report_is_refused_before_anything_is_written(tmp_path):
    with pytest.raises(ValueError, match="does not exist"):
        check_output(tmp_path / "missing" / "out.html")
    assert not (tmp_path / "missing").exists()
    with pytest.raises(ValueError, match="is a folder"):
        write_report(tmp_path, "<html></html>")
    out = write_report(tmp_path / "out.html", "<html>new</html>")
    assert out.read_text() == "<html>new</html>" and [p.name for p in tmp_path.iterdir()] == ["out.html"]


def test_the_reports_totals_are_the_review_screens_and_the_command_lines(match):
    """One review everywhere: the HTML totals are the rows :func:`table_rows` gives the Review
    screen and ``tabula review`` (the rating word, the game's cube error kinds), from the same data."""
    from game.core.review.plain import review_of
    from game.core.review.totals import amount_format, table_rows

    record, report = match
    html = report_html(BG, record, report, {"level": "intermediate"})
    totals = html[html.index("<h2>Totals</h2>"):]
    rows = table_rows(review_of(QUICK), report.players, report.totals, amount_format(BG), in_match=True)
    labels = [label for label, _ in rows]
    assert "Rating" in labels and "Missed doubles" in labels
    from html import escape

    for label, cells in rows:
        row = f'<tr><td class="text">{escape(label)}</td>' + "".join(f"<td>{escape(c)}</td>" for c in cells) + "</tr>"
        assert row in totals, label


def test_the_boards_name_the_players_and_the_graph_marks_the_luck_as_the_review_screen(match):
    """The report shows what the Review screen shows: the players' names on the boards, and a
    triangle for each very lucky or unlucky roll (GNU's ++/+/-/-- signs, the screen's rule)."""
    from game.core.review.html_graph import luck_sign

    record, report = match
    first = report.games[0][1]
    lucky, unlucky, plain = first[0], first[1], first[2]
    games = ((report.games[0][0], (replace(lucky, luck=0.7), replace(unlucky, luck=-0.4), replace(plain, luck=0.1),
                                   *first[3:])), *report.games[1:])
    html = report_html(BG, record, replace(report, games=games))
    boards = [ET.tostring(s, encoding="unicode") for s in pictures(html) if s.get("class") == "board"]
    assert all("Ann &lt;&amp;&gt; (White)" in svg and "Bob (Black)" in svg for svg in boards)
    graph = next(s for s in pictures(html) if s.get("class") == "graph")
    ns = "{http://www.w3.org/2000/svg}"
    marks = [p.find(f"{ns}title").text for p in graph.iter(f"{ns}polygon") if p.find(f"{ns}title") is not None]
    assert [luck_sign(x) for x in (0.7, -0.4, 0.1)] == ["++", "-", ""]
    assert len(marks) == 2 and "lucky roll" in marks[0] and "(++, luck +0.700)" in marks[0]
    assert "unlucky roll" in marks[1] and "(-, luck -0.400)" in marks[1]
    assert "at the top: good for Ann &lt;&amp;&gt;" in html
    others = [s for s in pictures(html) if s.get("class") == "graph"][1]
    assert not any(p.find(f"{ns}title") is not None for p in others.iter(f"{ns}polygon"))  # no luck there


def test_match_losses_are_given_in_mwc_beside_emg_from_each_decisions_score(match):
    """In a match each loss in EMG has its match winning chance beside it, at the decision's
    own score and cube (GNU's eq2mwc slope), and the totals a row of them: in the report as on
    the Review screen and the command line (the same rows, table_rows)."""
    from game.core.review.plain import review_of
    from game.core.review.totals import mwc_lost

    record, report = match
    game_review = review_of(BG)
    states = replay(BG.rules(), record.options, record.actions)
    for d in report.decisions:
        assert game_review.mwc_scale(d) == pytest.approx(game_review.result_scale(states[d.ply]))
        assert 0 < game_review.mwc_scale(d) < 0.5
    lost = mwc_lost(game_review, report.decisions)
    assert set(lost) == set(report.players)
    for player in report.players:
        emg = sum(d.equity_lost for d in report.decisions if d.player == player)
        assert 0 < lost[player] < emg  # less than a whole point of MWC per unit of EMG
    html = report_html(BG, record, report)
    assert '<td class="text">Lost (MWC)</td>' + "".join(f"<td>{100 * lost[p]:.2f}%</td>" for p in report.players) in html
    assert html.count("% MWC)") == len([d for d in report.decisions if d.mark])  # each decision shown
    assert "<th>EMG</th>" in html and "<th>Equity</th>" not in html  # each table says its unit


def test_money_play_has_no_mwc(match):
    from game.core.review.plain import review_of
    from game.core.review.totals import mwc_lost

    players = [BG.players.player("intermediate", seed) for seed in (0, 1)]
    record, _ = play_game(BG.rules(), players, BG.new_game_options({}), seed=5, max_plies=30)
    report = review(QUICK, record, {"level": "intermediate"}, thresholds=(0.0, 1.0, 2.0))
    assert mwc_lost(review_of(BG), report.decisions) is None
    html = report_html(BG, record, report)
    assert "MWC)" not in html and "Lost (MWC)" not in html and "<th>EMG</th>" not in html


def test_the_mwc_of_a_loss_follows_the_match_equity_table_chosen():
    """Choosing another table changes what a unit of EMG is worth at once (nothing remembered)."""
    from game.backgammon.analysis.review import mwc_scale
    from game.backgammon.cube import met_choice
    from game.backgammon.position import parse_position
    from game.backgammon.analysis.review import review_position

    state = parse_position("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:2:1:0:5:10")  # 5-point match, 2-1
    ids = review_position(state)
    try:
        met_choice.use("kazaross-xg2")
        kazaross = mwc_scale(*ids)
        met_choice.use("mec")
        mec = mwc_scale(*ids)
    finally:
        met_choice.use(None)
    assert kazaross is not None and mec is not None and kazaross != mec
