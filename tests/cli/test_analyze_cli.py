"""``tabula analyze``: the JSON contract, the hint-window text, levels and evaluators (bad
values are in ``test_cli``'s table)."""

from __future__ import annotations

import json
from dataclasses import replace
from numbers import Real

import pytest

from game import cli
from game.backgammon.analysis import ai
from game.games import get_game
from game.mandragora.position import EXAMPLE
from .util import run

START = "4HPwATDgc/ABMA"
ANALYZE_31 = ("analyze", "backgammon", "--position", START, "--dice", "31")


def legal_notations(game: str, position: str, dice: tuple[int, int] | None = None) -> list[str]:
    """Every legal move of ``position`` in notation, from the rules' move generator."""
    info = get_game(game)
    rules, state = info.rules(), info.notation.parse_position(position)
    if dice:
        state = replace(state, dice=dice)
    return [rules.notation(state, move) for move in rules.legal_moves(state)]


def is_number(value) -> bool:
    return isinstance(value, Real) and not isinstance(value, bool)


def check_rows(rows, legal: list[str]) -> None:
    """The JSON contract: one row per legal move with typed keys."""
    assert isinstance(rows, list) and sorted(r["move"] for r in rows) == sorted(legal)
    for row in rows:
        assert {"move", "score", "value", "warnings", "factors"} <= set(row)
        assert isinstance(row["move"], str) and is_number(row["score"]) and is_number(row["value"])
        assert isinstance(row["warnings"], list) and all(isinstance(w, str) for w in row["warnings"])
        assert isinstance(row["factors"], dict) and row["factors"]
        assert all(isinstance(k, str) and is_number(v) for k, v in row["factors"].items())


def test_backgammon_json_ranks_every_legal_play_best_first(capsys):
    code, out, err = run(capsys, *ANALYZE_31, "--json")
    assert code == 0 and err == ""
    rows = json.loads(out)
    check_rows(rows, legal_notations("backgammon", START, (3, 1)))
    assert rows[0]["move"] == "8/5 6/5"
    for depth in {row["plies"] for row in rows}:  # plays the move filter dropped are ranked at 0 ply
        values = [row["value"] for row in rows if row["plies"] == depth]
        assert values == sorted(values, reverse=True)


def table_moves(out: str) -> list[str]:
    """The moves of the printed table, in its order (the table ends at the first blank line)."""
    rows = out.partition("\n\n")[0].splitlines()[2:]
    return [row.split("  ")[-1] for row in rows]


def test_backgammon_text_lists_every_move_then_warnings_and_reasons(capsys):
    code, out, _ = run(capsys, *ANALYZE_31)
    assert code == 0
    moves = table_moves(out)
    assert sorted(moves) == sorted(legal_notations("backgammon", START, (3, 1))) and moves[0] == "8/5 6/5"
    warnings, _, reasons = out.partition("\nwarnings:\n")[2].partition("\nwhy ")
    assert warnings.strip() and reasons.splitlines()[1].strip().startswith("8/5 6/5:")


@pytest.mark.parametrize("level", ["beginner", "Intermediate", "ADVANCED", "Expert"])
def test_every_level_is_accepted_in_any_case_and_printed_lowercase(capsys, level):
    code, out, _ = run(capsys, *ANALYZE_31, "--level", level)
    assert code == 0
    assert out.splitlines()[0].endswith(f", level {level.lower()}, evaluator {ai.strongest_evaluator()}")
    assert sorted(table_moves(out)) == sorted(legal_notations("backgammon", START, (3, 1)))


def test_bras_evaluator_explains_with_its_factors(capsys):
    code, out, _ = run(capsys, *ANALYZE_31, "--evaluator", "BRAS", "--level", "beginner", "--json")
    assert code == 0
    rows = json.loads(out)
    check_rows(rows, legal_notations("backgammon", START, (3, 1)))
    assert {"pip", "blot", "prime"} <= set(rows[0]["factors"])


def test_mandragora_json_has_the_same_shape(capsys):
    code, out, _ = run(capsys, "analyze", "mandragora", "--position", EXAMPLE, "--json")
    assert code == 0
    rows = json.loads(out)
    check_rows(rows, legal_notations("mandragora", EXAMPLE))
    totals = [row["value"] for row in rows]  # the analyzer ranks by its total, not the seed's score
    assert totals == sorted(totals, reverse=True)


CHESSTACK = "white K*e1:0/0 Pa2:5/0 pocket N1; black K*h8:0/0 Re4:0/1; ply 2"
"""Black's ready rook takes White's spent King next turn unless White stops it."""


def test_chesstack_json_has_the_same_shape_and_its_warnings(capsys):
    code, out, _ = run(capsys, "analyze", "chesstack", "--position", CHESSTACK, "--json")
    assert code == 0
    rows = json.loads(out)
    check_rows(rows, legal_notations("chesstack", CHESSTACK))
    assert rows[0]["move"] == "STUN@e4" and rows[0]["diff"] == 0.0 and rows[0]["plies"] == 2
    assert set(rows[0]["factors"]) == {"material", "charges", "stun", "mobility", "royals", "capture", "tempo"}
    warned = {row["move"]: row["warnings"] for row in rows}
    assert "your king can be taken next turn by the rook on e4" in warned["STUN@a2"]
    assert "succession is allowed now: your king is attacked" in warned["STUN@a2"]


@pytest.mark.parametrize("level", ["intermediate", "Advanced", "EXPERT"])
def test_chesstack_levels_and_the_table_in_its_own_words(capsys, level):
    code, out, _ = run(capsys, "analyze", "chesstack", "--position", CHESSTACK, "--level", level)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("Chesstack: 65 legal actions in ") and lines[0].endswith(f", level {level.lower()}")
    assert lines[1].split()[-1] == "action"
    assert sorted(table_moves(out)) == sorted(legal_notations("chesstack", CHESSTACK))
    assert "-win" in out  # an action that lets the King be taken: a lost game, not -10000000


def test_a_bug_inside_the_analysis_keeps_its_traceback(capsys, monkeypatch):
    def broken(*args, **kwargs):
        raise ValueError("an internal bug")

    monkeypatch.setattr(ai, "search", broken)
    with pytest.raises(ValueError, match="an internal bug"):
        cli.main(list(ANALYZE_31))


@pytest.mark.parametrize("position, heading", [
    ("AQAAKAAAAAAAAA:MAHgACAAGAAA", "cube decision (double or no double): 2 actions in "),  # to roll or double
    ("AQAAKAAAAAAAAA:MBkAAAAAAAAE", "cube decision (take or pass): 2 actions in "),  # a double offered
])
def test_a_cube_decision_is_headed_as_one(capsys, position, heading):
    code, out, err = run(capsys, "analyze", "backgammon", "--position", position, "--level", "beginner")
    assert code == 0, err
    first, columns = out.splitlines()[:2]
    assert first.startswith(f"Backgammon: {heading}{position}") and "play" not in first
    assert columns.rstrip().endswith("action")


def test_a_play_is_still_headed_with_legal_plays(capsys):
    code, out, err = run(capsys, *ANALYZE_31, "--level", "beginner")
    assert code == 0, err
    assert out.splitlines()[0].startswith("Backgammon: ") and " legal plays in " in out.splitlines()[0]


def test_all_rolls_of_a_position_with_its_dice_are_those_of_its_rolls_start(capsys):
    """A pasted position with the dice rolled has no past: its every-roll table is that of the
    same position before the roll (the window's W does the same)."""
    with_dice = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:5:10"
    before = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:5:10"
    tables = []
    for text in (with_dice, before):
        code, out, err = run(capsys, "analyze", "backgammon", "--position", text, "--all-rolls", "--level",
                             "intermediate", "--json")
        assert code == 0, err
        tables.append(json.loads(out))
    assert tables[0] == tables[1] and len(tables[0]["rolls"]) == 21
