"""Backgammon's part of the study library (game/backgammon/library.py): the summaries of the six
real matches (checked against the files by hand), the facts of the decisions of a real review,
and positions typed by a player."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from game.backgammon.analysis.review import review_position
from game.backgammon.cube.met import kazaross
from game.backgammon.library import LIBRARY, BackgammonLibrary
from game.backgammon.matfile import match_record, read_mat
from game.backgammon.phase import classify, pip_counts
from game.backgammon.position import parse_position
from game.core.capabilities import DecisionFacts, GameSummary, Library, MatchSummary
from game.core.review.run import review
from game.games import get_game

MATCHES = Path(__file__).parents[1] / "data" / "matches"
BG = get_game("backgammon")
START = "-b----E-C---eE---c-e----B-"
"""The starting position's XGID board."""


def test_backgammon_registers_its_library():
    assert BG.ability(Library) is LIBRARY and isinstance(LIBRARY, Library)
    assert isinstance(LIBRARY, BackgammonLibrary)


# --------------------------------------------------------------------------- summaries

# Read off each file by hand: the header's names and EventDate, the "N point match" line and
# the column and figure of each game's "Wins" line.  3pt-a's last game is a gammon with the
# cube at 2: 4 points, which Galaxy's line writes as "Wins 3 point" (what lasse needed).
SUMMARIES = {
    "17pt-a.mat": (("lasse", "michael55"), 17, "2024-06-30", None, (18, 6), 0,
                   [1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0], [2, 2, 1, 4, 2, 1, 1, 2, 1, 2, 1, 1, 2, 2]),
    "3pt-a.mat": (("lasse", "trovander"), 3, "2024-04-01", None, (6, 1), 0, [0, 1, 0], [2, 1, 4]),
    "5pt-a.mat": (("Magic", "Lasse"), 5, "2024-04-22", "Online match", (4, 5), 1,
                  [1, 0, 1, 0, 0, 0, 1, 1], [1, 1, 1, 1, 1, 1, 2, 1]),
    "5pt-b.mat": (("lasse", "ryanluna"), 5, None, None, (4, 5), 1, [1, 0, 1, 1, 1], [1, 4, 1, 2, 1]),
    "7pt-a.mat": (("lasse", "ivolas1"), 7, "2024-11-17", None, (7, 6), 0,
                  [0, 0, 1, 0, 1, 1, 1, 0], [2, 2, 1, 2, 2, 1, 2, 1]),
    "money-a.mat": (("lasse", "selhurstdepot"), 16, "2024-06-21", None, (8, 0), None, [0], [8]),  # 8 of 16: unfinished
}


@pytest.mark.parametrize("name", sorted(SUMMARIES))
def test_the_summary_of_a_real_match(name):
    players, length, date, event, points, winner, winners, game_points = SUMMARIES[name]
    found = LIBRARY.summary(read_mat(MATCHES / name))
    assert isinstance(found, MatchSummary)
    assert (found.players, found.length, found.date, found.event) == (players, length, date, event)
    assert (found.points, found.winner) == (points, winner)
    assert [g.winner for g in found.games] == winners and [g.points for g in found.games] == game_points
    assert [g.number for g in found.games] == list(range(1, len(winners) + 1))
    score = [0, 0]
    for game in found.games:  # each game's score is the one before it
        assert isinstance(game, GameSummary) and game.score == tuple(score)
        score[game.winner] += game.points
    assert tuple(score) == points


def test_a_money_session_has_no_winner():
    text = (MATCHES / "money-a.mat").read_text().replace("16 point match", "0 point match")
    found = LIBRARY.summary(read_mat(text))
    assert (found.length, found.points, found.winner) == (0, (8, 0), None)


def test_dates_and_events_as_the_headers_give_them():
    match = read_mat(MATCHES / "5pt-b.mat")

    def summary(*header):
        return LIBRARY.summary(dataclasses.replace(match, header=list(header)))

    assert summary(("Date", "2023-1-5")).date == "2023-01-05"
    assert summary(("eventdate", "2023/12/31"), ("Date", "2020.01.01")).date == "2023-12-31"  # EventDate first
    assert summary(("EventDate", "2024.13.40"), ("Date", "2020.02.29")).date == "2020-02-29"  # no 13th month
    assert summary(("EventDate", "yesterday")).date is None and summary().date is None
    assert summary(("Event", "  ")).event is None and summary(("Event", " Nordic Open ")).event == "Nordic Open"


def test_an_unfinished_match_has_no_winner():
    match = read_mat(MATCHES / "5pt-b.mat")
    found = LIBRARY.summary(dataclasses.replace(match, games=match.games[:4]))
    assert (found.points, found.winner, len(found.games)) == ((4, 4), None, 4)


# --------------------------------------------------------------------------- facts of a real review


@pytest.fixture(scope="module")
def reviewed():
    """The decisions of 5pt-b's first game (a 5-point match at 0-0), reviewed at 0 ply: it
    ends with ryanluna's (Black's) double, which should not have been made, and lasse's drop."""
    match = read_mat(MATCHES / "5pt-b.mat")
    record = match_record(dataclasses.replace(match, games=match.games[:1]))
    return review(BG, record, {"level": "intermediate"}).decisions


def test_every_reviewed_decision_has_facts_that_read_back(reviewed):
    assert len(reviewed) > 40
    for d in reviewed:
        found = LIBRARY.facts(d)
        assert isinstance(found, DecisionFacts)
        state = parse_position(f"{d.position_id}:{d.match_id}")
        assert review_position(parse_position(found.xgid)) == (d.position_id, d.match_id)  # the same position
        assert LIBRARY.opens(found.xgid) == (d.position_id, d.match_id)
        assert found.phase == classify(state)
        assert found.away == (5, 5) and found.crawford is False
        assert found.cube_value == 1 and found.cube_owner == "centre"  # a double's value is the one before it
        assert sorted(found.pips) == sorted(pip_counts(state))
        assert 0.0 <= found.mwc_lost <= 1.0
        if d.equity_lost == 0:
            assert found.mwc_lost == 0


def test_pips_are_the_deciders_first(reviewed):
    white_opening, black_cube, black_reply = reviewed[:3]
    assert (white_opening.player, white_opening.played) == ("human (White)", "8/3 6/3")
    assert LIBRARY.facts(white_opening).pips == (167, 167)
    assert black_cube.kind == "cube" and black_reply.played == "13/7 8/7"
    # White's 53 played 8/3 6/3: 167 - 8 = 159 for White; Black, deciding, still has 167.
    assert LIBRARY.facts(black_cube).pips == LIBRARY.facts(black_reply).pips == (167, 159)


def test_a_chequer_loss_in_mwc_is_its_emg_times_half_the_single_game_swing(reviewed):
    table = kazaross()
    swing = table.mwc(4, 5) - table.mwc(5, 4)  # at 5-away 5-away, cube 1: win a game, lose one
    lost = [d for d in reviewed if d.kind == "chequer" and d.equity_lost > 0]
    assert len(lost) >= 3
    for d in lost:
        assert LIBRARY.facts(d).mwc_lost == pytest.approx(d.equity_lost * swing / 2, abs=1e-6)


def test_a_cube_loss_in_mwc_is_the_exact_difference_of_the_actions(reviewed):
    double, drop = reviewed[-2:]
    assert (double.player, double.played, drop.played) == ("human (Black)", "Doubles => 2", "Drops")
    assert double.equity_lost > 0 and double.cube.nd_mwc is not None
    mwc = double.cube
    exact = max(mwc.nd_mwc, min(mwc.dt_mwc, mwc.dp_mwc)) - min(mwc.dt_mwc, mwc.dp_mwc)
    assert exact > 0 and LIBRARY.facts(double).mwc_lost == pytest.approx(exact, abs=1e-9)
    swing = kazaross().mwc(4, 5) - kazaross().mwc(5, 4)
    assert exact == pytest.approx(double.equity_lost * swing / 2, abs=1e-5)  # the two measures agree
    taker = LIBRARY.facts(drop)
    assert drop.equity_lost == 0 and taker.mwc_lost == 0
    assert taker.pips == LIBRARY.facts(double).pips[::-1]  # the taker decides: White's pips first
    assert "D" in taker.xgid.split(":")[4]  # the double offered


# --------------------------------------------------------------------------- hand-made positions


def decision(template, text: str, **fields):
    """``template`` (a reviewed decision) at the position ``text`` (an XGID), with ``fields``."""
    position_id, match_id = review_position(parse_position(text))
    return dataclasses.replace(template, position_id=position_id, match_id=match_id, **fields)


def test_away_and_cube_owner_are_from_the_deciders_view(reviewed):
    table, chequer = kazaross(), reviewed[0]
    # 7-point match, White (bottom) 3, Black (top) 1; Black owns the cube at 2 and plays 31.
    black_plays = decision(chequer, f"XGID={START}:1:-1:-1:31:3:1:0:7:10", equity_lost=0.1, cube=None)
    found = LIBRARY.facts(black_plays)
    assert (found.away, found.cube_value, found.cube_owner, found.crawford) == ((6, 4), 2, "decider", False)
    win, lose = table.mwc(4, 4), table.mwc(6, 2)  # Black wins or loses 2 points
    assert found.mwc_lost == pytest.approx(0.1 * (win - lose) / 2, abs=1e-6)
    # White, owning the cube at 2, redoubles: Black's take or pass.
    black_answers = decision(chequer, f"XGID={START}:1:1:1:D:3:1:0:7:10", played="Takes", equity_lost=0.0, cube=None)
    found = LIBRARY.facts(black_answers)
    assert (found.away, found.cube_value, found.cube_owner, found.mwc_lost) == ((6, 4), 2, "opponent", 0.0)
    assert found.pips == (167, 167) and found.xgid.split(":")[4] == "D"


def test_the_crawford_game(reviewed):
    found = LIBRARY.facts(decision(reviewed[0], f"XGID={START}:0:0:1:52:4:2:1:5:10"))
    assert (found.away, found.crawford, found.cube_value, found.cube_owner) == ((1, 3), True, 1, "centre")


def test_money_play_has_no_away_and_no_mwc(reviewed):
    double = reviewed[-2]
    money_cube = dataclasses.replace(double.cube, nd_mwc=None, dt_mwc=None, dp_mwc=None)
    for text, cube in ((f"XGID={START}:0:0:1:52:0:0:0:0:10", None), (f"XGID={START}:0:0:1:00:0:0:0:0:10", money_cube)):
        found = LIBRARY.facts(decision(reviewed[0], text, equity_lost=0.2, cube=cube))
        assert (found.away, found.mwc_lost, found.crawford) == (None, None, False)
        assert (found.cube_value, found.cube_owner, found.phase) == (1, "centre", "contact")
    bare = dataclasses.replace(reviewed[0], match_id=None)  # a cubeless position: no cube at all
    found = LIBRARY.facts(bare)
    assert (found.cube_value, found.cube_owner, found.away, found.mwc_lost) == (None, None, None, None)
    assert found.pips == (167, 167)


def test_a_decision_whose_ids_do_not_read_back_is_a_value_error(reviewed):
    with pytest.raises(ValueError, match="position ID"):
        LIBRARY.facts(dataclasses.replace(reviewed[0], position_id="not an id"))


# --------------------------------------------------------------------------- positions typed


def test_what_a_player_types_opens_as_the_review_stores_it(reviewed):
    d = reviewed[5]
    assert LIBRARY.opens(f"{d.position_id}:{d.match_id}") == (d.position_id, d.match_id)
    assert LIBRARY.opens(f"  {d.position_id} : {d.match_id} ") == (d.position_id, d.match_id)
    assert LIBRARY.opens(d.position_id) == (d.position_id, None)  # the board at any score
    xgid = LIBRARY.facts(d).xgid
    assert LIBRARY.opens(" xgid=" + xgid[5:]) == (d.position_id, d.match_id)
    assert LIBRARY.opens(xgid[5:]) == (d.position_id, d.match_id)  # without its prefix


@pytest.mark.parametrize("text, words", [
    ("", "no position given"),
    ("   ", "no position given"),
    ("hello", "position ID"),
    ("XGID=abc", "XGID"),
    ("4HPwATDgc/ABMA:zzz", "match ID"),
    (f"XGID={START}:0:0:1:52:0:0:0:0", "XGID"),
])
def test_a_bad_position_says_what_is_wrong(text, words):
    with pytest.raises(ValueError, match=words) as error:
        LIBRARY.opens(text)
    assert "XGID" in str(error.value)  # and what a position looks like
