"""Mandragora's hints rank by one measure, the analyzer's total, everywhere: the records, the
Analyzer player, the hint table's rows and Diff, the board's badges and star, the tutor and
``tabula analyze`` (issue 34 item 5: a warned move of higher total was ranked below one of
lower total, with a positive Diff, and the seed's sign rule showed most moves as 0)."""

from __future__ import annotations

import json

import pytest

from game.cli import main
from game.core.session import GameSetup
from game.games import get_game
from game.mandragora.analysis import analyze
from game.mandragora.view.display import badges
from game.mandragora.players import AnalyzerPlayer
from game.mandragora.position import format_position, parse_position
from game.mandragora.rules import MandragoraRules

from .util import click, run_until

INFO = get_game("mandragora")
ANALYSIS = INFO.move_analysis()
RULES = MandragoraRules()
OPTIONS = {"pattern": "E", "first": "player"}
MOVES = ("P4", "O2", "P5", "O8")
POSITION = "1:PMPMM,2:M,3:MCMM,4:M,6:KMKMM,7:MAMM;turn=player;first=player;score=2-2"
"""Pattern E after MOVES: P1 totals about +199 but warns (seed score 0), P3 totals about +90
(seed score about +65), P2 and P4 total about -81 and -195 (both seed score 0)."""


def records():
    return analyze(parse_position(POSITION))


def cli(capsys, *argv) -> str:
    assert main(["analyze", "mandragora", "--position", POSITION, *argv]) == 0
    return capsys.readouterr().out


def test_the_position_is_one_where_the_seed_score_and_the_total_disagree():
    state = RULES.initial_state(OPTIONS)
    for move in MOVES:
        state = RULES.apply(state, RULES.parse(state, move))
    assert format_position(state) == POSITION
    ranked = records()
    by_seed = max(ranked, key=lambda r: r.score)
    assert by_seed.notation == "P3" and ranked[0].notation == "P1" and ranked[0].warnings
    zeros = [r.value for r in ranked if r.score == 0]
    assert len(zeros) == 3 and max(zeros) - min(zeros) > 200


def test_records_and_the_analyzer_player_follow_the_total():
    ranked = records()
    assert [r.notation for r in ranked] == ["P1", "P3", "P2", "P4"]
    totals = [r.value for r in ranked]
    assert totals == sorted(totals, reverse=True)
    assert [r.rank for r in ranked] == [1, 2, 3, 4]
    assert ranked[0].diff == 0 and all(r.diff == r.value - totals[0] < 0 for r in ranked[1:])
    diffs = [r.diff for r in ranked]
    assert diffs == sorted(diffs, reverse=True)
    assert AnalyzerPlayer().choose(RULES, parse_position(POSITION)) == ranked[0].move
    # The tutor judges by the same measure: how far behind grows down the list.
    behind = [ANALYSIS.tutor_margin.behind(r) for r in ranked]
    assert behind[0] == 0 and behind == sorted(behind) and behind[1] == pytest.approx(totals[0] - totals[1])


def test_the_tutor_questions_by_the_total_without_the_seed_score():
    from game.ui.analysis.tutor import tutor_message, tutor_verdict

    ranked = records()
    verdict = tutor_verdict(ranked, "P3", ANALYSIS.tutor_margin)  # about 109 behind P1, seed score +65 above it
    assert verdict is not None and verdict.best.notation == "P1"
    text = tutor_message(verdict, ANALYSIS.format_value)
    gap = ANALYSIS.format_value(ranked[0].value - verdict.chosen.value).lstrip("+")
    assert f"It loses <b>{gap} points of the analyzer's total</b> against the best" in text
    assert "display score" not in text


def test_badges_show_the_total_and_star_the_highest():
    ranked = records()
    overlay = badges(ranked)
    assert [(area, best) for area, _, best, _ in overlay] == [(r.move, r.rank == 1) for r in ranked]
    numbers = [number for *_, number in overlay]
    assert numbers == [r.value for r in ranked] and numbers[0] == max(numbers)
    # No two areas 200 points apart read alike (the seed's score read "0" on three of them).
    assert len({round(n) for n in numbers}) == len(numbers)


def test_the_command_line_ranks_and_labels_its_rows_the_same_way(capsys):
    ranked = records()
    out = cli(capsys)
    table, _, rest = out.partition("\n\n")
    header, *rows = table.splitlines()[1:]
    assert header.split() == ["#", "ply", "total", "diff", "seed", "move"]
    assert [row.split()[-1] for row in rows] == [r.notation for r in ranked]
    assert rows[0].split()[2:] == [ANALYSIS.format_value(ranked[0].value), f"{ranked[0].score:+.1f}", "P1"]
    for row, record in zip(rows[1:], ranked[1:]):
        _, _, total, diff, seed, _ = row.split()
        assert total == ANALYSIS.format_value(record.value) and seed == f"{record.score:+.1f}"
        assert float(diff) == pytest.approx(record.value - ranked[0].value, abs=0.051) and float(diff) < 0
    assert rest.startswith("Ranked by Total")
    # The JSON keeps its keys and the same order.
    rows_json = json.loads(cli(capsys, "--json"))
    assert [row["move"] for row in rows_json] == [r.notation for r in ranked]
    assert {"move", "score", "value", "warnings", "factors", "details", "rank", "diff", "plies", "exact",
            "explanation", "score_diff"} <= set(rows_json[0])
    assert rows_json[0]["diff"] == 0 and all(row["diff"] < 0 for row in rows_json[1:])


def test_the_window_table_badges_and_star_agree(app, capsys):
    app.settings.hints = True
    assert app.start_game(GameSetup("mandragora", ("human", "human"), seed=1, options=OPTIONS))
    scene = app.scene
    view = scene.view
    for move in MOVES:
        assert run_until(app, lambda: scene.mover.human and not view.animating)
        click(app, view.layout.centres[int(move[1:])])
    assert run_until(app, lambda: scene.mover.human and not view.animating and scene.overlays.hints.ready)
    state = scene.session.state
    assert format_position(state) == POSITION
    app.frame()
    section, shown = scene.overlays.hint_section, scene.overlays.hints.records
    assert [r.notation for r in shown] == [r.notation for r in records()]
    # The rows as drawn, top to bottom: the total falls, the Diff is 0 (blank) then negative.
    assert [i for i, _ in section.rows] == list(range(len(shown)))
    columns = {c.key: c for c in section.columns(shown)}
    assert (columns["value"].heading, columns["diff"].heading, columns["score"].heading) == ("Total", "Diff", "Seed")
    assert {"value", "diff"} <= set(section.shown_columns)
    diffs = [columns["diff"].cell(shown[i]) for i, _ in section.rows]
    assert diffs[0] == "" and all(d.startswith("-") for d in diffs[1:])
    assert [float(d) for d in diffs[1:]] == sorted((float(d) for d in diffs[1:]), reverse=True)
    assert section.legend_lines(scene.panel.rect.w)  # the line saying what Total and Seed are
    # The board: the starred badge is the table's first row, every badge its row's total.
    overlay = badges(view.analysis(state))
    assert [(area, best, total) for area, _, best, total in overlay] == [(r.move, r.rank == 1, r.value) for r in shown]
    # And tabula analyze prints the same order.
    out = cli(capsys)
    assert [row.split()[-1] for row in out.partition("\n\n")[0].splitlines()[2:]] == [r.notation for r in shown]
