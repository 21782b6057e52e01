"""Match files: the six real matches read, replay legally, reach the data README's scores and round-trip."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.backgammon.matfile import MatchFileError, read_mat, write_mat
from game.backgammon.matfile.replay import written_steps as _steps

MATCHES = Path(__file__).parents[2] / "data" / "matches"

# file -> (length, players, games, replayed final score, [(winner index, points, how)])
EXPECTED = {
    "3pt-a.mat": (3, ("lasse", "trovander"), (6, 1),
                  [(0, 2, "drop"), (1, 1, "single"), (0, 4, "gammon")]),
    "5pt-a.mat": (5, ("Magic", "Lasse"), (4, 5),
                  [(1, 1, "drop"), (0, 1, "drop"), (1, 1, "drop"), (0, 1, "drop"), (0, 1, "drop"),
                   (0, 1, "drop"), (1, 2, "gammon"), (1, 1, "single")]),
    "5pt-b.mat": (5, ("lasse", "ryanluna"), (4, 5),
                  [(1, 1, "drop"), (0, 4, "single"), (1, 1, "single"), (1, 2, "single"), (1, 1, "resign")]),
    "7pt-a.mat": (7, ("lasse", "ivolas1"), (7, 6),
                  [(0, 2, "single"), (0, 2, "single"), (1, 1, "drop"), (0, 2, "drop"), (1, 2, "gammon"),
                   (1, 1, "drop"), (1, 2, "single"), (0, 1, "single")]),
    "money-a.mat": (16, ("lasse", "selhurstdepot"), (8, 0), [(0, 8, "drop")]),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_real_match_replays_to_the_readme_scores(name):
    length, players, final, games = EXPECTED[name]
    match = read_mat(MATCHES / name)
    assert match.match_length == length and match.players == players
    assert [(g.winner, g.points, g.how) for g in match.games] == games
    assert match.final_score == final
    assert [g.number for g in match.games] == list(range(1, len(games) + 1))


def test_17pt_match_overshoots_with_fifteen_doubles():
    match = read_mat(MATCHES / "17pt-a.mat")
    assert len(match.games) == 14 and match.final_score == (18, 6)
    kinds = [t.kind for g in match.games for t in g.turns]
    assert kinds.count("double") == 15 and kinds.count("take") == 8 and kinds.count("drop") == 7
    assert [g.crawford for g in match.games].index(True) == 11  # G12 is Crawford


def test_galaxy_caps_the_final_game_and_the_replay_does_not():
    match = read_mat(MATCHES / "3pt-a.mat")
    assert match.games[-1].stated_points == 3 and match.games[-1].points == 4
    assert sum(g.stated_points for g in match.games if g.winner == 0) == 5
    assert match.games[1].crawford and not match.games[2].crawford


def test_studio_dialect_hits_repeats_and_cannot_move():
    match = read_mat(MATCHES / "5pt-a.mat")
    assert match.dialect == "studio"
    first = match.games[0].turns
    assert first[2].text == "41: bar/21* 21/20" and "*" in first[2].action
    cannot = [t for t in first if t.text.endswith("Cannot Move")]
    assert cannot and all(t.steps == () and t.kind == "play" for t in cannot)
    assert _steps("8/3*(3)") == [(8, 3, True), (8, 3, False), (8, 3, False)]
    assert _steps("bar/21* 6/off") == [(25, 21, True), (6, 0, False)]
    assert _steps("22/13") == [(22, 13, False)]  # both dice of one checker: matched by position


def test_galaxy_no_move_and_bear_off_with_a_larger_die():
    turns = read_mat(MATCHES / "7pt-a.mat").games[0].turns
    assert any(t.text == "44:" and t.steps == () for t in turns)
    assert any(t.text == "51: 7/2 1/0" for t in turns)  # 1/0 bears off with the 1


@pytest.mark.parametrize("name", sorted(p.name for p in MATCHES.glob("*.mat")))
def test_round_trip_gives_the_same_games(name):
    match = read_mat(MATCHES / name)
    again = read_mat(write_mat(match))
    def key(m):
        return [([(t.player, t.kind, t.dice, t.action) for t in g.turns], g.winner, g.points, g.how, g.score)
                for g in m.games]
    assert key(again) == key(match) and again.players == match.players
    assert again.header == match.header and again.match_length == match.match_length


def test_export_is_galaxy_text():
    text = write_mat(read_mat(MATCHES / "5pt-a.mat"))
    assert "\n5 point match\n" in text and " Game 8\n" in text and "bar" not in text.split("point match")[1]
    assert "Wins 1 point" in text and "Doubles => 2" in text and "Drops" in text


def test_garbage_is_no_match_file():
    with pytest.raises(MatchFileError, match="not a match file"):
        read_mat("hello\nworld\n")
    with pytest.raises(MatchFileError):
        read_mat("")


def test_bad_move_in_game_2_names_it_and_keeps_game_1():
    text = (MATCHES / "7pt-a.mat").read_text()
    bad = text.replace("  3) 54: 21/16 20/16", "  3) 54: 21/16 20/15")
    assert bad != text
    with pytest.raises(MatchFileError) as caught:
        read_mat(bad)
    error = caught.value
    assert error.game == 2 and error.move == 3
    assert "game 2, move 3" in str(error) and "21/16 20/15" in str(error) and "1 game(s) read" in str(error)
    assert len(error.partial.games) == 1 and error.partial.games[0].points == 2


def test_unreadable_move_and_wrong_turn():
    text = (MATCHES / "7pt-a.mat").read_text()
    with pytest.raises(MatchFileError, match="game 1, move 2"):
        read_mat(text.replace("  2) 66: 24/18 24/18 13/7 13/7", "  2) 66: 24/x8 24/18 13/7 13/7"))
    with pytest.raises(MatchFileError, match="game 1 has no 'Wins"):
        read_mat(text.split(" Game 2")[0].replace("      Wins 2 point", ""))


def test_match_record_replays_the_whole_match_as_one_game():
    from game.backgammon.matfile import match_record
    from game.backgammon.rules import BackgammonRules
    from game.core.match import replay

    record = match_record(read_mat(MATCHES / "7pt-a.mat"))
    assert record.options == {"match_length": 7} and record.actions[0] == "black 31"
    final = replay(BackgammonRules(), record.options, record.actions)[-1]
    assert final.cube.score == (7, 6) and record.result == (1.0, -1.0)
    assert "Doubles => 2" in record.actions and "Roll" in record.actions
    resigned = match_record(read_mat(MATCHES / "5pt-b.mat"))  # the last game resigned, as the rules resign
    assert resigned.actions[-2:] == ["Resigns a single game", "Accepts"] and resigned.result == (-1.0, 1.0)


def test_a_long_left_move_pushing_the_right_half_still_splits():
    text = (MATCHES / "7pt-a.mat").read_text()
    row = "  2) 66: 24/18 24/18 13/7 13/7   22: 24/22 24/22 6/4 6/4"
    assert row in text
    pushed = "  2) 66: 24/18   24/18   13/7    13/7  22: 24/22 24/22 6/4 6/4"  # the left half runs past column 33
    assert pushed.index("13/7    13/7") < 33 < pushed.index("22:")
    match = read_mat(text.replace(row, pushed).replace("\n", "\r\n"))
    assert match.final_score == (7, 6)
    assert [(t.player, t.dice) for t in match.games[0].turns[:3]] == [(1, "31"), (0, "66"), (1, "22")]
