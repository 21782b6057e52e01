"""Tournaments: the schedule, duplicate seating, serial = parallel, resuming, locking, every game."""

from __future__ import annotations

import dataclasses
import itertools
import json
import multiprocessing
import os
import re
import signal
import time

import pytest

from game.core.match import replay
from game.core.tournament import ResultStore, Settings, available_cpus, run_tournament, schedule, summarize, validate
from game.core.tournament.folders import latest_unfinished, new_folder, tournaments_dir
from game.core.tournament.progress import ProgressBar, eta_seconds
from game.core.tournament.report import format_p, format_table, write_files
from game.core.tournament.lock import FolderInUse, FolderLock
from game.core.tournament.records import check_record
from game.core.tournament.runner import missing_games
from game.core.tournament.schedule import derive_seed, even_games, spec_at
from game.games import game_names, get_game
from ..interrupt import interrupt_after

SETTINGS = Settings("backgammon", ("easy", "medium", "hard"), 4, seed=7)


def play(folder, settings=SETTINGS, **kwargs):
    with ResultStore(folder, settings) as store:
        return run_tournament(settings, get_game, store, **kwargs)


def stored(folder, settings=SETTINGS):
    """The records a folder holds (opened and closed again)."""
    with ResultStore(folder, settings) as store:
        return store.records


def as_lines(records):
    return [json.dumps(r, sort_keys=True) for r in records]


def test_schedule_balances_seats_and_shares_dice_within_a_deal():
    specs = schedule(SETTINGS)
    assert [s.index for s in specs] == list(range(12)) and SETTINGS.total_games == 12
    assert {s.pair for s in specs} == {(0, 1), (0, 2), (1, 2)}
    first, second, third = specs[0], specs[1], specs[2]
    assert first.seats == (0, 1) and second.seats == (1, 0)
    assert first.seed == second.seed != third.seed
    assert first.player_seeds == second.player_seeds[::-1]


def test_schedules_are_computed_game_by_game_never_built_whole(tmp_path):
    for settings in (SETTINGS, Settings("backgammon", tuple("abcde"), 6, 1)):
        gpp = settings.games_per_pair
        expected = [(p * gpp + n, pair, n) for p, pair in enumerate(settings.pairs) for n in range(gpp)]
        assert [(s.index, s.pair, s.number) for s in schedule(settings)] == expected
    huge = Settings("backgammon", tuple(f"p{k}" for k in range(64)), 1_000_000, 3)
    specs = schedule(huge)  # 2,016,000,000 games: would take hundreds of gigabytes as a list
    assert len(specs) == huge.total_games == 2016 * 10**6
    last = specs[-1]
    assert (last.index, last.pair, last.number, last.seats) == (huge.total_games - 1, (62, 63), 999_999, (63, 62))
    assert spec_at(huge, 1).seed == specs[0].seed == derive_seed(3, 0, 1, 0)
    with ResultStore(tmp_path, huge) as store:
        store.append({"index": 0})
        first = list(itertools.islice(missing_games(huge, store), 3))
    assert [(s.pair, s.number) for s in first] == [((0, 1), 1), ((0, 2), 0), ((0, 2), 1)]


def test_settings_are_bounded():
    Settings("backgammon", tuple(f"p{k}" for k in range(64)), 1_000_000, 2**64 - 1, 100_000)
    for change, message in (({"players": ("a",) * 65}, "at most 64 players, got 65"),
                            ({"games_per_pair": 1_000_002}, "from 2 to 1,000,000, got 1000002"),
                            ({"games_per_pair": True}, "games per pair"), ({"seed": 2**64}, "seed must be"),
                            ({"seed": -1}, "seed must be"), ({"max_plies": 0}, "max plies must be"),
                            ({"max_plies": 100_001}, "from 1 to 100,000"), ({"players": ("a", "")}, "player names"),
                            ({"game": "x" * 65}, "game must be")):
        with pytest.raises(ValueError, match=re.escape(message)):
            dataclasses.replace(SETTINGS, **change)


def test_seeds_are_pinned():
    # Changing the derivation would silently change every stored tournament's games.
    assert [derive_seed(1, 0, 1, k) for k in range(2)] == [8557235889171133499, 6847813237136420861]
    assert derive_seed(1, 0, 1, 0, "player", 0) == 2585514618014392568


def test_settings_validation():
    assert even_games(5) == 6 and even_games(4) == 4
    with pytest.raises(ValueError, match="even"):
        Settings("backgammon", ("easy", "hard"), 3, 0)
    with pytest.raises(ValueError, match="two players"):
        Settings("backgammon", ("easy",), 2, 0)
    with pytest.raises(ValueError, match="unknown backgammon player 'bogus'"):
        validate(Settings("backgammon", ("easy", "bogus"), 2, 0), get_game)
    assert Settings("backgammon", ("medium", "medium", "medium"), 2, 0).labels == ("medium", "medium#2", "medium#3")


def test_duplicate_games_of_identical_deterministic_players_cancel(tmp_path):
    settings = Settings("backgammon", ("medium", "medium"), 4, seed=3)
    records = play(tmp_path, settings)
    assert records[0]["actions"] == records[1]["actions"] and records[0]["actions"][0].startswith(("white", "black"))
    pair = summarize(settings, records).pairs[0]
    assert pair.a_points.mean == 0 and pair.a_points.low == pair.a_points.high == 0
    assert pair.a_wins == pair.b_wins == 2 and pair.p_equal == 1.0  # not the seed's 1.375


def test_records_replay_and_serial_equals_parallel_spawn(tmp_path):
    serial = play(tmp_path / "serial")
    parallel = play(tmp_path / "parallel", workers=2, start_method="spawn")
    assert as_lines(serial) == as_lines(parallel)
    rules = get_game("backgammon").rules()
    for record in serial:
        assert rules.is_over(replay(rules, record["options"], record["actions"])[-1])
    assert summarize(SETTINGS, serial) == summarize(SETTINGS, list(reversed(parallel)))


@pytest.mark.parametrize("workers", [1, 2])
def test_an_interrupted_run_resumes_to_the_same_results(tmp_path, workers):
    reference = play(tmp_path / "reference")
    with pytest.raises(KeyboardInterrupt):
        play(tmp_path / "run", workers=workers, on_result=interrupt_after(3))
    kept = stored(tmp_path / "run")
    assert len(kept) == 3 and len({tuple(r["pair"]) for r in kept.values()}) >= 2  # deal by deal across pairs
    assert as_lines(play(tmp_path / "run", workers=workers)) == as_lines(reference)


def test_bad_lines_are_set_aside_and_their_games_played_again(tmp_path):
    reference = play(tmp_path / "reference")
    folder = tmp_path / "run"
    stored(folder)
    lines = [json.dumps(r) for r in reference[:2]]
    games, aside = folder / "games.jsonl", folder / "games.jsonl.bad"
    games.write_text(lines[0] + "\n" + lines[1][:40], encoding="utf-8")  # no newline: cut short
    with ResultStore(folder, SETTINGS) as store:
        assert list(store.records) == [0] and "line 2 is damaged" in store.notes[0]
        assert games.read_text(encoding="utf-8") == lines[0] + "\n"
        assert aside.read_text(encoding="utf-8") == lines[1][:40] + "\n"  # kept, not deleted
        assert as_lines(run_tournament(SETTINGS, get_game, store)) == as_lines(reference)
    games.write_text(lines[0] + "\n" + lines[1], encoding="utf-8")  # whole, only its newline lost
    with ResultStore(folder, SETTINGS) as store:
        assert list(store.records) == [0, 1] and store.notes == []
    assert games.read_text(encoding="utf-8") == lines[0] + "\n" + lines[1] + "\n"

    aside.unlink()
    bad = ["garbage", json.dumps(dict(reference[1], pair=[0, 2])), lines[0], '{"index": 5}',
           json.dumps(dict(reference[1], result=[1, True]))]
    games.write_text("\n".join([bad[0], lines[0], *bad[1:]]) + "\n", encoding="utf-8")
    with ResultStore(folder, SETTINGS) as store:  # complete lines, but no records of this tournament
        assert list(store.records) == [0]
        note = store.notes[0]
        assert note.startswith("games.jsonl: moved 5 lines that are not game records of this tournament to "
                               "games.jsonl.bad (line 1 is damaged or truncated")
        assert "line 3: 'pair' must be [0, 1] in game 1; got [0, 2]; line 4 repeats game 0 of line 2" in note
        assert note.endswith("; and 2 more); any game missing is played again")
        assert games.read_text(encoding="utf-8") == lines[0] + "\n"
        assert aside.read_text(encoding="utf-8") == "\n".join(bad) + "\n"
        assert as_lines(run_tournament(SETTINGS, get_game, store)) == as_lines(reference)


def test_a_record_must_be_the_schedules_game(tmp_path):
    record = play(tmp_path)[3]
    assert check_record(record, SETTINGS) is record
    for key, value, message in (("index", 12, "'index' must be a whole number from 0 to 11"),
                                ("number", 1, "'number' must be 3 in game 3"),
                                ("seats", [0, 1], "'seats' must be [1, 0] in game 3"),
                                ("players", ["easy", "medium"], "'players' must be ['medium', 'easy'] in game 3"),
                                ("seed", 1, "'seed' must be"), ("player_seeds", [1, 2], "'player_seeds' must be"),
                                ("pair", [True, 1], "'pair' must be a list"), ("options", [], "'options' must be"),
                                ("actions", ["x" * 201], "'actions' must be"), ("result", [1e7, 0], "'result' must be"),
                                ("result", [1], "'result' must be"), ("plies", 10**6, "'plies' must be")):
        with pytest.raises(ValueError, match=re.escape(f"game record: {message}")):
            check_record(dict(record, **{key: value}), SETTINGS)
    assert check_record(dict(record, result=None), SETTINGS)["result"] is None


def test_a_folder_is_one_runs_at_a_time(tmp_path):
    with ResultStore(tmp_path, SETTINGS):
        with pytest.raises(ValueError, match=f"^{tmp_path} is in use by another tournament run$"):
            ResultStore(tmp_path, SETTINGS)
    with ResultStore(tmp_path, SETTINGS) as store:  # free again once closed
        assert store.records == {}


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="no fork here")
def test_a_forked_child_does_not_keep_the_lock(tmp_path):
    context = multiprocessing.get_context("fork")
    lock = FolderLock(tmp_path)
    running = context.Event()
    child = context.Process(target=lambda: (running.set(), time.sleep(30)))
    child.start()  # a worker forked while the folder is locked
    try:
        assert running.wait(30)
        with pytest.raises(FolderInUse):
            FolderLock(tmp_path)  # still the parent's
        lock.release()  # the parent ends: the child must not hold the folder on
        FolderLock(tmp_path).release()
    finally:
        child.terminate()
        child.join()


def _report_sigterm(lookup, settings, answer) -> None:
    from game.core.tournament.runner import init_worker

    init_worker(lookup, settings)
    answer.send(signal.getsignal(signal.SIGTERM) == signal.SIG_DFL)
    time.sleep(60)  # a worker waiting for its next task, until the owner ends it


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="no fork here")
def test_a_pool_worker_dies_on_sigterm_whatever_handler_it_was_forked_with():
    """A pool ends its workers with SIGTERM.  A Python handler inherited by fork (Ray leaves
    one after shutdown) runs only on the main thread, so a SIGTERM caught by the worker's
    parent-watch thread was lost and the pool waited for that worker for ever."""
    context = multiprocessing.get_context("fork")
    here, there = context.Pipe()
    previous = signal.signal(signal.SIGTERM, lambda *_: None)
    try:
        child = context.Process(target=_report_sigterm,
                                args=(get_game, Settings("backgammon", ("random", "random"), 2, 0), there))
        child.start()
    finally:
        signal.signal(signal.SIGTERM, previous)
    try:
        assert here.poll(60) and here.recv() is True
    finally:
        child.terminate()
        child.join(60)
    assert child.exitcode == -signal.SIGTERM


def test_a_file_or_an_unusable_place_is_a_clear_error(tmp_path):
    afile = tmp_path / "afile"
    afile.write_text("mine", encoding="utf-8")
    for folder in (afile, afile / "sub"):
        with pytest.raises(ValueError, match=f"^{afile} is a file, not a folder$"):
            ResultStore(folder, SETTINGS)
    assert afile.read_text(encoding="utf-8") == "mine" and os.listdir(tmp_path) == ["afile"]


def test_missing_games_go_deal_by_deal_across_the_pairs(tmp_path):
    with ResultStore(tmp_path, SETTINGS) as store:
        order = list(missing_games(SETTINGS, store))
        assert sorted(s.index for s in order) == list(range(12))
        assert [(s.number // 2, s.pair) for s in order[:6]] == [(0, (0, 1))] * 2 + [(0, (0, 2))] * 2 + [(0, (1, 2))] * 2
        assert [s.number for s in order[:2]] == [0, 1]  # both seatings of a deal together
        store.append({"index": order[0].index})
        assert list(missing_games(SETTINGS, store)) == order[1:]


def test_default_folders_and_the_latest_unfinished(tmp_path, monkeypatch):
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    assert tournaments_dir() == tmp_path / "data" / "tournaments"
    assert latest_unfinished("backgammon") is None
    done, half, other = (tournaments_dir() / name for name in ("a", "b", "c"))
    play(done)
    record = json.loads((done / "games.jsonl").read_text().splitlines()[0])
    with ResultStore(half, SETTINGS) as store:
        store.append(record)
    stored(other, Settings("mandragora", ("random", "analyzer"), 2, 0))
    os.utime(done / "games.jsonl", (1e10, 1e10))  # the finished one is the newest: skipped
    last = latest_unfinished("backgammon")
    assert (last.folder, last.settings, last.done) == (half, SETTINGS, 1)
    assert latest_unfinished("mandragora").folder == other and latest_unfinished("chess") is None
    assert new_folder("backgammon").parent == tournaments_dir() and new_folder("x").name.endswith("-x")


def test_a_folder_of_another_tournament_is_refused(tmp_path):
    stored(tmp_path)
    other = Settings("backgammon", ("easy", "medium", "hard"), 6, seed=7)
    with pytest.raises(ValueError, match="different settings.*games_per_pair 6 here but 4 there"):
        ResultStore(tmp_path, other)


def test_summary_counts_points_per_deal_and_draws():
    settings = Settings("backgammon", ("a", "b"), 6, 0)

    def record(number, seats, result):
        return {"index": number, "pair": [0, 1], "number": number, "seats": seats, "result": result}

    records = [record(0, [0, 1], [1, -1]), record(1, [1, 0], [2, -2]), record(2, [0, 1], [3, -3]),
               record(3, [1, 0], [-1, 1]), record(4, [0, 1], None)]
    summary = summarize(settings, records)
    pair = summary.pairs[0]
    assert (pair.games, pair.a_wins, pair.b_wins, pair.draws) == (5, 3, 1, 1)
    assert pair.p_equal == 2 * (1 + 4) / 16
    # Deals: (1 − 2)/2, (3 + 1)/2 and the half-played 0 → mean 0.5.
    assert pair.a_points.n == 3 and pair.a_points.mean == pytest.approx(0.5)
    first = summary.standings[0]
    assert (first.player, first.games, first.wins, first.losses, first.draws) == ("a", 5, 3, 1, 1)
    assert first.points_per_game == pytest.approx(3 / 5) and not summary.complete


@pytest.mark.slow
@pytest.mark.parametrize("name", game_names())
def test_every_registered_game_plays_a_tournament(tmp_path, name):
    info = get_game(name)
    settings = Settings(name, tuple(info.players.names[:2]), 2, seed=1, max_plies=80)  # capped: the play, not its length
    validate(settings, get_game)
    records = play(tmp_path, settings)
    summary = summarize(settings, records)
    assert summary.complete and summary.pairs[0].games == 2
    assert sum(s.games for s in summary.standings) == 4


def capped_mandragora(name):
    """The registry with Mandragora's own ply cap lowered to 6."""
    info = get_game(name)
    if name != "mandragora":
        return info

    class Capped(info.rules):
        max_plies = 6

    return dataclasses.replace(info, rules=Capped)


def test_a_games_tournament_options_and_own_ply_cap_apply(tmp_path):
    settings = Settings("mandragora", ("random", "analyzer"), 8, seed=3)
    with ResultStore(tmp_path, settings) as store:
        records = run_tournament(settings, capped_mandragora, store)
    assert all(r["options"] == {"pattern": "random", "first": "random"} for r in records)
    setups = [r["actions"][0] for r in records]  # the setup is drawn with the deal's seed
    assert setups[0::2] == setups[1::2] and len(set(setups)) > 1
    assert all(r["plies"] <= 6 for r in records) and any(r["result"] is None for r in records)
    for record in records:
        replay(get_game("mandragora").rules(), record["options"], record["actions"])
    wider = Settings("mandragora", ("random", "analyzer"), 2, seed=3, max_plies=400)
    assert all(r["result"] is not None for r in play(tmp_path / "wide", wider))


def test_p_values_too_small_to_print_are_not_zero():
    assert [format_p(p, 4) for p in (None, 0.0886, 4.6e-21, 0.0)] == ["n/a", "0.0886", "<0.0001", "<0.0001"]
    assert format_p(4.6e-21, 3) == "<0.001" and format_p(0.001, 3) == "0.001"
    settings = Settings("backgammon", ("a", "b"), 80, 0)
    records = [{"index": k, "pair": [0, 1], "number": k, "seats": [k % 2, 1 - k % 2],
                "result": [1, -1] if k % 2 == 0 else [-1, 1]} for k in range(80)]
    summary = summarize(settings, records)
    assert 0 < summary.pairs[0].p_equal < 1e-20 and "<0.0001" in format_table(summary)
    assert summary.to_dict()["pairs"][0]["p_equal"] == summary.pairs[0].p_equal  # files keep the number


def even_split_summary():
    """Three entrants: a–b 1 win each of 2 games played (the seed's formula says 1.5), a–c 2 each
    (1.375), b–c 4–0."""
    settings = Settings("backgammon", ("a", "b", "c"), 4, 0)
    wins = {(0, 1): "ab", (0, 2): "acca", (1, 2): "bbbb"}  # per game: who won
    records = []
    for pair, winners in wins.items():
        for number, winner in enumerate(winners):
            seats = [pair[number % 2], pair[1 - number % 2]]
            result = [1, -1] if "abc"[seats[0]] == winner else [-1, 1]
            records.append({"index": len(records), "pair": list(pair), "number": number, "seats": seats,
                            "result": result})
    return summarize(settings, records)


def test_even_splits_give_p_1_never_more_in_table_and_files(tmp_path):
    summary = even_split_summary()
    pairs = {(p.a, p.b): p for p in summary.pairs}
    assert (pairs["a", "b"].a_wins, pairs["a", "b"].b_wins, pairs["a", "b"].p_equal) == (1, 1, 1.0)
    assert (pairs["a", "c"].a_wins, pairs["a", "c"].b_wins, pairs["a", "c"].p_equal) == (2, 2, 1.0)
    assert (pairs["b", "c"].a_wins, pairs["b", "c"].p_equal) == (4, 0.125)
    table = format_table(summary)
    assert "p (sign test)" in table and "two-sided exact binomial" in table and "P(equal)" not in table
    shown = [float(line.split()[-1]) for line in table.splitlines() if line.startswith(("a ", "b "))]
    assert shown == [1.0, 1.0, 0.125]
    data = summary.to_dict()
    assert data["p_equal_test"] == "two-sided exact binomial test (sign test on decisive games)"
    assert [p["p_equal"] for p in data["pairs"]] == [1.0, 1.0, 0.125]
    write_files(summary, tmp_path)
    assert json.loads((tmp_path / "results.json").read_text())["pairs"][0]["p_equal"] == 1.0


def test_no_eta_before_a_few_items_and_a_second(monkeypatch):
    assert eta_seconds(1, 899, 0.7) is None and eta_seconds(2, 898, 5.0) is None
    assert eta_seconds(3, 897, 0.5) is None and eta_seconds(3, 6, 1.5) == pytest.approx(3.0)
    assert eta_seconds(0, 0, 0.0) == 0.0
    bar = ProgressBar(900, None)
    bar.done = 1
    assert bar.line(0.7).endswith("ETA ? ")
    bar.done = 30
    assert bar.line(3.0).endswith("ETA 1:27 ")


def test_default_workers_are_the_cpus_this_process_may_use(monkeypatch):
    if hasattr(os, "sched_getaffinity"):
        assert available_cpus() == len(os.sched_getaffinity(0))
    monkeypatch.delattr(os, "sched_getaffinity", raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 6)
    assert available_cpus() == 6


def test_a_folder_whose_results_say_complete_is_not_read_again(tmp_path, monkeypatch):
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    half = tournaments_dir() / "half"
    stored(half)  # settings, no game yet: unfinished
    assert latest_unfinished("backgammon").folder == half
    (half / "results.json").write_text(json.dumps({"complete": True}))
    os.utime(half / "results.json", (1e10, 1e10))  # written after the last game
    assert latest_unfinished("backgammon") is None  # taken at its word, games file unread
    (half / "games.jsonl").write_text("")
    os.utime(half / "games.jsonl", (2e10, 2e10))
    assert latest_unfinished("backgammon").folder == half  # games written after the results: read them


def test_a_pools_feed_keeps_few_games_ahead_and_stops_at_once():
    """A pool's task handler writing a long schedule into a full pipe kept Pool.terminate
    waiting for minutes when a run stopped: the feed hands at most ``ahead`` games not yet
    played, and none once stopped, even to a handler waiting for room."""
    import threading

    from game.core.tournament.runner import Feed

    feed = Feed(iter(range(10**9)), ahead=3)
    assert [next(feed) for _ in range(3)] == [0, 1, 2]
    taken = []
    handler = threading.Thread(target=lambda: taken.extend(feed), daemon=True)  # as the pool's task handler
    handler.start()
    handler.join(0.5)
    assert handler.is_alive() and taken == []  # no room: it waits for a game to come back
    feed.done()
    for _ in range(100):
        if taken:
            break
        time.sleep(0.01)
    assert taken == [3]
    feed.stop()
    handler.join(5)
    assert not handler.is_alive() and taken == [3]  # stopped while waiting: it ends, takes nothing more
