"""Close calls settled by rollout in a review (game/backgammon/analysis/settle.py, the review's
``settle`` option): which decisions are rolled out, that their marks are the rollout's, the
cache, and that a seed replays."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.backgammon.analysis import settle as settling
from game.backgammon.analysis.ai import analyze_position
from game.backgammon.analysis.review import REVIEW
from game.backgammon.rollout.figures import figures_of
from game.backgammon.rollout.plan import plan
from game.backgammon.rollout.run import run
from game.core.review.cache import cache_key
from game.core.review.run import ReviewPlan, cached_review, review
from game.games import get_game, reviewed_record

BG = get_game("backgammon")
MATCHES = Path(__file__).resolve().parents[2] / "data" / "matches"
FAST = {"level": "intermediate"}
SETTLED = {**FAST, "settle": {"trials": 36}}  # the product's 360 trials, cut for speed
pytestmark = pytest.mark.xdist_group("settled_midgame")  # one worker reviews the midgame for every test


@pytest.fixture(scope="module")
def plain(midgame):
    return review(BG, midgame, FAST)


@pytest.fixture(scope="module")
def settled(midgame):
    return review(BG, midgame, SETTLED)


def test_close_decisions_are_settled_and_clear_ones_are_not(plain, settled):
    pairs = list(zip(plain.decisions, settled.decisions))
    close = [(p, s) for p, s in pairs if len(p.alternatives) > 1 and -p.alternatives[1].diff <= settling.CLOSE]
    clear = [(p, s) for p, s in pairs if (p, s) not in close]
    assert close and clear
    assert all(s.settled is not None and s.settled.trials == 36 and s.settled.truncate == settling.TRUNCATE
               for _, s in close)
    assert all(s.settled is None and s == p for p, s in clear)  # untouched: the search's own figures
    assert all(s.settled.search_lost == p.equity_lost for p, s in close)
    counts = {player: t["settled"] for player, t in settled.totals.items()}
    assert sum(counts.values()) == len(close) and all(t["settled"] == 0 for t in plain.totals.values())


def test_a_settled_mark_is_the_rollouts(settled):
    for d in (d for d in settled.decisions if d.settled is not None):
        equities = {move: equity for move, equity, _ in d.settled.equities}
        best = d.settled.equities[0]
        assert d.best == best[0] and d.alternatives[0].move == best[0]
        played = d.played_alternative
        assert played is not None and played.move in equities  # the play made is always rolled out
        assert d.equity_lost == pytest.approx(best[1] - equities[played.move], abs=2e-6)
        assert played.diff == pytest.approx(-d.equity_lost, abs=2e-6)


def test_the_records_are_a_rollout_of_the_best_two_and_the_play_made(midgame, settled):
    """One close decision settled by hand: the same spec rolled out gives the same equities."""
    d = next(d for d in settled.decisions if d.settled is not None and d.kind == "chequer")
    steps = ReviewPlan(BG, midgame).steps
    _, state, action, _, _ = next(step for step in steps if step[0] == d.ply)
    at = REVIEW.at(state, action)
    moves = [move for move, _, _ in d.settled.equities]
    spec = plan(state, moves, trials=36, truncate=settling.TRUNCATE, seed=settling.seed_of(at, state.dice),
                early_stop=False)
    figures = figures_of(run(spec))
    by_hand = {e.notation: round(at.equity(e.value.mean / at.units + at.offset), 6) for e in figures.estimates}
    assert by_hand == pytest.approx({move: equity for move, equity, _ in d.settled.equities}, abs=2e-6)


def test_the_same_seed_replays_exactly(midgame, settled):
    assert review(BG, midgame, SETTLED).as_json() == settled.as_json()


def test_the_json_says_which_were_settled(settled):
    data = settled.as_json()
    found = [d["settled"] for game in data["games"] for d in game["decisions"]]
    assert None in found
    shown = next(s for s in found if s is not None)
    assert set(shown) == {"trials", "truncate", "equities", "search_lost"}
    assert shown["trials"] == 36 and all(set(e) == {"move", "equity", "interval"} for e in shown["equities"])
    from game.core.review.report import Report

    assert Report.from_json(data) == settled


def test_the_cache_keeps_settled_and_unsettled_apart(midgame, tmp_path, plain, settled):
    save = tmp_path / "midgame.json"
    assert cache_key(midgame, FAST, (0.04, 0.08, 0.16)) != cache_key(midgame, SETTLED, (0.04, 0.08, 0.16))
    first, cached = cached_review(BG, midgame, save, FAST)
    assert not cached and first == plain
    second, cached = cached_review(BG, midgame, save, SETTLED)
    assert not cached and second == settled
    again, cached = cached_review(BG, midgame, save, SETTLED)
    assert cached and again == settled


def first_game(tmp_path):
    """Game 1 of a real 3-point match (a double and a take in it) as a match file of its own."""
    lines = (MATCHES / "3pt-a.mat").read_text().splitlines()
    path = tmp_path / "3pt-game1.mat"
    path.write_text("\n".join(lines[:lines.index(" Game 2")]) + "\n")
    return path


@pytest.mark.parametrize("kind", ["double", "take"])
def test_a_cube_decision_settles_with_the_rollouts_cube_figures(tmp_path, kind):
    """The match's double and take, forced to settle: their actions' values are the rollout's
    cube figures, from the decider's side, near the search's own."""
    record = reviewed_record(first_game(tmp_path))
    steps = ReviewPlan(BG, record).steps
    state, action = next((s, a) for _, s, a, _, _ in steps if getattr(a, "kind", None) == kind)
    at = REVIEW.at(state, action)
    records = analyze_position(state, "intermediate", brief=True)
    rows, how = settling.settle(at, state, action, records, trials=36, close=10.0)
    cube, searched = at.cube(rows), at.cube(records)
    equities = {move: equity for move, equity, _ in how.equities}
    assert cube.nd == pytest.approx(equities["No double"]) and cube.dt == pytest.approx(equities["Double/take"])
    assert abs(cube.nd - searched.nd) < 0.3 and abs(cube.dt - searched.dt) < 0.3  # the same side's view
    values = {r.move.kind: r.value for r in rows}
    if kind == "take":
        assert values["take"] == pytest.approx(cube.dt) and values["pass"] == pytest.approx(cube.dp)
    else:
        assert values["roll"] == pytest.approx(cube.nd) and values["double"] == pytest.approx(min(cube.dt, cube.dp))
    assert rows[0].value >= rows[1].value and rows[0].diff == 0.0


def test_a_rollout_cut_short_by_a_stop_stops_the_review(midgame, monkeypatch):
    """A Ctrl-C the rollout held comes back as a stop of the review (never a mark from a cut rollout)."""
    from game.core.review.run import ReviewCancelled

    monkeypatch.setattr(settling, "run", lambda spec: _stopped(spec))
    with pytest.raises(ReviewCancelled) as stopped:
        review(BG, midgame, SETTLED)
    assert stopped.value.report is not None
    assert all(d.settled is None for d in stopped.value.report.decisions)


def _stopped(spec):
    from game.backgammon.rollout.results import Tally
    from game.backgammon.rollout.run import Rollout

    return Rollout(Tally(spec), 0.0, "interrupted")


def test_the_html_and_text_reports_say_which_were_settled(midgame, settled):
    from game.core.review.html import report_html

    marked = [d for d in settled.decisions if d.settled is not None and d.mark]
    assert marked  # the opening 43's 13/6: doubtful by the rollout as by the search
    page = report_html(BG, midgame, settled, SETTLED)
    assert "close calls settled by rollout" in page and '<td class="text">Settled by rollout</td>' in page  # a totals row
    assert page.count("Settled by rollout, 36 trials, truncated at 7 plies") == len(marked)


def test_the_text_report_marks_settled_decisions(capsys, settled):
    from game.cli.review import print_report

    print_report(BG, settled, SETTLED)
    out = capsys.readouterr().out
    marked = [d for d in settled.decisions if d.settled is not None and d.mark]
    assert out.count("; settled by rollout, 36 trials)") == len(marked) > 0
    assert "close calls settled by rollout" in out.splitlines()[0]
