"""Rollouts from the hint panel (issue 36 item 3): O rolls out the top plays or the cube
decision in the background, the rows take the rollout's figures (depth "R n", the ± column),
O again stops keeping what finished; Shift+click chooses the plays."""

from __future__ import annotations

import pygame
import pytest

from game.core.session import GameSetup
from game.games import get_game
from game.ui.analysis import rollouts
from game.ui.analysis.hint_table import hint_columns
from game.ui.analysis.why import WhySection

from .util import click, key, run_until

ROLLED = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10"  # money, White to play 3-1
CUBE = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"  # money, White may double


@pytest.fixture(autouse=True)
def short_rollouts(monkeypatch):
    monkeypatch.setattr(rollouts, "PROCESSES", False)  # a thread: the same job, no process to start
    monkeypatch.setattr(rollouts.RolloutControl, "options", {"trials": 36, "truncate": 2})


def open_position(app, xgid):
    app.settings.hints = True
    info = get_game("backgammon")
    assert app.start_game(GameSetup("backgammon", ("human", "human"), seed=3, options=info.position_options(xgid)))
    scene = app.scene
    hints = scene.overlays.hints
    assert run_until(app, lambda: scene.mover.human and hints.ready and hints.records)
    return scene, hints


def rolled_out(scene):
    control = scene.overlays.rollout
    return control.job is not None and not control.job.running


def test_o_rolls_out_the_top_five_and_the_rows_take_the_figures(app):
    scene, hints = open_position(app, ROLLED)
    top = [r.notation for r in hints.records[:5]]
    key(app, pygame.K_o)
    assert run_until(app, lambda: rolled_out(scene))
    assert scene.overlays.rollout.job.status == "done" and scene.overlays.rollout.job.moves == top
    records = hints.records
    assert {r.notation for r in records[:5]} == set(top)
    assert all(r.depth == "R 36" and r.half_width > 0 for r in records[:5])
    assert [r.value for r in records[:5]] == sorted((r.value for r in records[:5]), reverse=True)
    assert records[0].rank == 1 and records[0].diff == 0 and all(not r.depth for r in records[5:])
    best = scene.overlays.rollout.job.figures.of_move(records[0].move)
    assert best is not None and best.notation == records[0].notation
    # one unit per column: the rows not rolled out are cubeless, so the rolled-out ones are too, and
    # their cubeful equity (a money game with the cube) has a column of its own
    assert best.cubeful is not None and records[0].value == best.equity.mean
    assert records[0].details["cubeful"] == best.cubeful.mean and "cubeful" not in records[5].details
    assert records[5].diff == records[5].value - records[0].value  # like for like
    assert records[0].details["win"] == best.chance("win").mean
    headings = [column.heading for column in hint_columns(records)]
    assert "±" in headings and "Cubeful" in headings and "SE" in headings
    se = next(c for c in hint_columns(records) if c.key == "se")
    assert se.cell(records[0]) == f"{best.equity.se:.4f}" and se.cell(records[5]) == ""  # each row's own
    assert "Rolled out: 36 trials" in scene.overlays.rollout.line()[0]
    assert "O roll out" in scene.keys.help()
    why = next(s for s in scene.overlays.sections if isinstance(s, WhySection))
    summary = " ".join(text for text, _ in why.content(600)[1])
    assert "rolled out (R 36)" in summary and "· 1 ply" not in summary  # the rollout's depth, not the analysis'


def test_shift_click_chooses_the_plays_to_roll_out(app):
    scene, hints = open_position(app, ROLLED)
    app.frame()
    rows = dict(scene.overlays.hint_section.rows)
    wanted = [hints.records[i].notation for i in (1, 3)]
    for index in (1, 3):
        pygame.key.set_mods(pygame.KMOD_SHIFT)
        click(app, rows[index].center)
    pygame.key.set_mods(0)
    assert "the 2 chosen" in scene.overlays.rollout.line()[0]
    key(app, pygame.K_o)
    assert run_until(app, lambda: rolled_out(scene))
    assert scene.overlays.rollout.job.moves == wanted
    assert {r.notation for r in hints.records if r.depth} == set(wanted)


def test_the_cube_decision_takes_the_rollouts_cube_figures(app):
    scene, hints = open_position(app, CUBE)
    assert scene.overlays.rollout.line()[0] == "O: roll out the cube decision"
    key(app, pygame.K_o)
    assert run_until(app, lambda: rolled_out(scene))
    assert scene.overlays.rollout.line()[0].endswith("O: roll out the cube decision again")
    cube = scene.overlays.rollout.job.figures.cube
    values = {r.move.kind: r.value for r in hints.records}
    assert values["roll"] == cube.no_double.mean and values["double"] == min(cube.double_take.mean, cube.double_pass)
    assert all(r.depth == "R 36" for r in hints.records)
    said = " ".join(hints.records[0].explanation)  # the why text says the rollout's figures, not the search's
    assert f"No double {cube.no_double.mean:+.3f}, double/take {cube.double_take.mean:+.3f}" in said
    assert "rolled out" in said and said.count("double/take") == 1


def test_o_again_stops_and_keeps_what_finished(app, monkeypatch):
    monkeypatch.setattr(rollouts.RolloutControl, "options", {"trials": 1296, "truncate": 2})
    scene, hints = open_position(app, ROLLED)
    control = scene.overlays.rollout
    key(app, pygame.K_o)
    assert run_until(app, lambda: control.job.figures is not None)  # a block has finished
    key(app, pygame.K_o)
    assert control.job.status == "cancelled" and "stopped" in app.banner.text
    done = control.job.progress()[0]
    assert 0 < done < 1296 and all(r.depth == f"R {done}" for r in hints.records[:5])


@pytest.mark.slow
def test_the_review_rolls_out_the_decision_on_show(app, tmp_path, monkeypatch):
    from game.ui.review import rollout as review_rollout

    from .test_review_screen import open_backgammon, reviewed

    monkeypatch.setattr(review_rollout.ReviewRollouts, "processes", False)
    monkeypatch.setattr(review_rollout.ReviewRollouts, "options", {"trials": 36, "truncate": 2})
    play, _ = open_backgammon(app, tmp_path)
    key(app, pygame.K_v)
    scene = reviewed(app)
    chequer = next(i for i, line in enumerate(scene.reviewed.lines)
                   if line.decision is not None and line.decision.cube is None and len(line.decision.alternatives) > 2)
    scene.go(chequer)
    decision = scene.line.decision
    key(app, pygame.K_o)
    assert run_until(app, lambda: not scene.rollouts.job.running)
    shown, figures, note = scene.rollouts.shown(decision)
    assert note == "rollout 36 trials" and figures is not None
    rolled = {e.notation for e in figures.estimates}
    expected = {a.move for a in decision.alternatives[:5]} | {decision.played_alternative.move}
    assert rolled == expected
    assert [a.equity for a in shown.alternatives[:len(rolled)]] == sorted(
        (e.cubeful.mean if e.cubeful is not None else e.equity.mean for e in figures.estimates), reverse=True)
    app.frame()
    assert scene.alternatives.title == "Alternatives · rollout 36 trials"
    assert scene.alternatives.interval(shown.alternatives[0].move) > 0  # written "+0.123 ±0.011"
    assert "O roll out this decision" in scene.help_text()


def test_the_rollout_line_says_the_plan_the_time_and_the_time_left_from_the_first_moment(app, monkeypatch):
    monkeypatch.setattr(rollouts.RolloutControl, "options", {"trials": 1296, "truncate": 2})
    scene, hints = open_position(app, ROLLED)
    control = scene.overlays.rollout
    key(app, pygame.K_o)
    assert run_until(app, lambda: control.job.planned is not None)
    assert control.job.planned == (1296, 5)
    line = control.line()[0]
    assert line.startswith("Rolling out 5 lines: ") and "/1,296 trials · 0:0" in line and line.endswith("O stops")
    assert run_until(app, lambda: control.job.figures is not None and control.job.progress()[0] > 0)
    assert "left · O stops" in control.line()[0]
    key(app, pygame.K_o)
    done = control.job.figures.trials_done
    assert app.banner.text == f"Rollout stopped: {done:,} trials kept for each of the 5 lines"


def test_the_words_of_a_rollout_job():
    from game.core.rollout_figures import Estimate, MoveEstimate, RolloutFigures
    from game.ui.jobs import rollout as job_module

    assert [job_module.clock(s) for s in (0, 42.4, 725, 3729)] == ["0:00", "0:42", "12:05", "1:02:09"]
    job = job_module.RolloutJob.__new__(job_module.RolloutJob)  # the words only: no child
    job.moves, job.planned, job.figures, job.started, job.ended = ["a", "b"], (1296, 2), None, 0.0, 30.0
    assert job.progress_words() == "2 lines: 0/1,296 trials · 0:30 · timing the first trials"
    assert job.kept_words() == "Rollout stopped before any trial finished: nothing is kept"

    def line(name, trials):
        return MoveEstimate(None, name, Estimate(0.1, 0.01), None, (), trials)

    job.figures = RolloutFigures((line("8/5 6/5", 324), line("13/10 24/23", 324)), 324, 1296, None, 30.0)
    assert job.progress_words() == "2 lines: 324/1,296 trials · 0:30 · about 1:30 left"
    assert job.kept_words() == "Rollout stopped: 324 trials kept for each of the 2 lines"
    job.figures = RolloutFigures((line("8/5 6/5", 324), line("13/10 24/23", 288)), 288, 1296, None, 30.0)
    assert job.kept_words() == "Rollout stopped, trials kept: 8/5 6/5 324, 13/10 24/23 288"


def test_the_rollout_settings_dialog_sets_what_the_next_rollout_plays(app, monkeypatch):
    from game.ui.analysis.rollout_settings import RolloutSettingsDialog

    monkeypatch.setattr(rollouts.RolloutControl, "options", {})  # the settings alone say what is played
    scene, hints = open_position(app, ROLLED)
    app.frame()
    section = scene.overlays.rollout_section
    click(app, section.settings_rect.center)  # "Settings…" at the end of the Rollout line
    part = scene.overlays.rollout_settings
    dialog = part.dialog
    assert isinstance(dialog, RolloutSettingsDialog) and scene.overlays.rollout.job is None  # not a rollout
    dialog.widgets["trials"].set_text("abc")
    key(app, pygame.K_RETURN)
    assert part.dialog is dialog and "Trials per play: a whole number" in app.banner.text
    assert app.settings.rollout_trials == 1296  # nothing taken
    dialog.widgets["trials"].set_text("72")
    dialog.widgets["truncate"].set_text("2")
    dialog.widgets["top"].set_text("3")
    dialog.widgets["seed"].set_text("9")
    click(app, dialog.ok.rect.center)
    assert part.dialog is None and app.banner.text.startswith("Rollouts: 72 trials · truncated at 2")
    s = app.settings
    assert (s.rollout_trials, s.rollout_truncate, s.rollout_top, s.rollout_seed) == (72, 2, 3, 9)
    key(app, pygame.K_o)
    job = scene.overlays.rollout.job
    assert job.options["trials"] == 72 and job.options["truncate"] == 2 and job.options["seed"] == 9
    assert len(job.moves) == 3 and run_until(app, lambda: job.planned == (72, 3))
    assert run_until(app, lambda: not job.running)
    scene.menu_bar.item_named("Analysis", "Rollout settings…").run()
    assert part.dialog is not None
    key(app, pygame.K_ESCAPE)
    assert part.dialog is None and app.settings.rollout_trials == 72  # Esc: nothing changed
