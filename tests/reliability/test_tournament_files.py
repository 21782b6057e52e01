"""Tournament folders as untrusted input, and runs that go wrong.

Every corrupt-file case as a folder's ``settings.json``, ``games.jsonl`` and ``results.json``
(and bad variants of a game record as one line) goes through the folder store, the search
for an unfinished tournament and ``tabula tournament``: a clear refusal leaving the file as
it was, or the bad lines set aside and their games played again — never a traceback.  Also:
a games file that cannot be written mid-run, sizes past the limits, and a killed run whose
folder must be free at once.
"""

from __future__ import annotations

import errno
import json
import multiprocessing
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.core.tournament import ResultStore, Settings, run_tournament
from game.core.tournament.folders import latest_unfinished
from game.core.tournament.lock import FolderInUse
from game.core.tournament.results import read_records, read_settings
from game.core.tournament.schedule import spec_at
from game.games import get_game

from ..cli.util import run
from ..interrupt import interrupt_after
from .corpus import CASES, fingerprint, json_cases

SETTINGS = Settings("backgammon", ("random", "random"), 2, seed=1)
ARGS = ["tournament", "backgammon", "--players", "random", "random", "--games", "2", "--seed", "1",
        "--workers", "1", "--json"]
NOT_REGULAR = {"link to /dev/zero", "fifo", "folder"}
"""Cases that are no regular file: a games file like that refuses the folder (nothing to set aside)."""


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> list[dict]:
    """The tournament's two game records, as a run writes them."""
    with ResultStore(tmp_path_factory.mktemp("reference"), SETTINGS) as store:
        return run_tournament(SETTINGS, get_game, store)


def new_folder(tmp_path: Path) -> Path:
    """A tournament folder of SETTINGS with no game played (``tmp_path/t``)."""
    folder = tmp_path / "t"
    ResultStore(folder, SETTINGS).close()
    return folder


def played(out: str) -> int:
    data = json.loads(out)
    assert data["complete"] and data["games_total"] == 2
    return data["games_played"]


def lines_of(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


# -- settings.json -----------------------------------------------------------------------------

SETTINGS_CASES = {**CASES, **json_cases(SETTINGS.to_dict())}


@pytest.mark.parametrize("case", SETTINGS_CASES)
def test_bad_settings_refuse_the_folder_and_leave_it_as_it_was(tmp_path, capsys, case):
    folder = tmp_path / "t"
    folder.mkdir()
    path = folder / "settings.json"
    SETTINGS_CASES[case](path)
    before = fingerprint(path)
    refusal = f"{folder} is not a usable tournament folder: settings.json"
    with pytest.raises(ValueError, match="^" + re.escape(refusal)):
        read_settings(folder)
    with pytest.raises(ValueError, match="^" + re.escape(refusal)):
        ResultStore(folder, SETTINGS)
    assert latest_unfinished("backgammon", tmp_path) is None  # skipped, not a crash
    code, out, err = run(capsys, *ARGS, "--out", str(folder))
    assert code == 2 and err.startswith(f"tabula: error: {refusal}") and "Traceback" not in err and out == ""
    assert len(err) < 400  # a quoted value is cut short
    assert fingerprint(path) == before and sorted(os.listdir(folder)) == [".lock", "settings.json"]


# -- games.jsonl -------------------------------------------------------------------------------

@pytest.mark.parametrize("case", CASES)
def test_a_bad_games_file_is_refused_or_set_aside_and_replayed(tmp_path, capsys, case, reference):
    folder = new_folder(tmp_path)
    games, aside = folder / "games.jsonl", folder / "games.jsonl.bad"
    CASES[case](games)
    before = fingerprint(games)
    if case in NOT_REGULAR:
        refusal = f"{folder} is not a usable tournament folder: games.jsonl is "
        with pytest.raises(ValueError, match="^" + re.escape(refusal)):
            ResultStore(folder, SETTINGS)
        assert latest_unfinished("backgammon", tmp_path) is None
        code, _, err = run(capsys, *ARGS, "--out", str(folder))
        assert code == 2 and err.startswith(f"tabula: error: {refusal}") and "Traceback" not in err
        assert fingerprint(games) == before and not aside.exists()
        return
    original = games.read_bytes()
    found = read_records(games, SETTINGS)
    assert found.records == {} and len(found.bad) == (0 if case == "empty" else original.rstrip(b"\n").count(b"\n") + 1)
    last = latest_unfinished("backgammon", tmp_path)
    assert (last.folder, last.done, last.damaged) == (folder, 0, len(found.bad))
    assert fingerprint(games) == before  # only read so far

    code, out, err = run(capsys, *ARGS, "--out", str(folder))
    assert code == 0 and played(out) == 2 and "Traceback" not in err
    assert [(r["index"], r["actions"]) for r in lines_of(games)] == [(r["index"], r["actions"]) for r in reference]
    if case == "empty":
        assert "warning" not in err and not aside.exists()
    else:
        assert err.startswith("warning: games.jsonl: moved ") and "to games.jsonl.bad (line 1 " in err
        assert "any game missing is played again" in err and len(err) < 1000
        assert aside.read_bytes() == original + (b"" if original.endswith(b"\n") else b"\n")  # nothing lost


RECORD = {key: 0 for key in ("index", "pair", "number", "seats", "players", "seed", "player_seeds", "options",
                             "actions", "result", "plies")}
"""The keys of a game record, to name the variants of :func:`json_cases` before any game is played."""


@pytest.mark.parametrize("case", json_cases(dict(RECORD, options={}, actions=[], result=[1, -1])))
def test_a_bad_game_record_is_set_aside_and_its_game_played_again(tmp_path, capsys, case, reference):
    folder = new_folder(tmp_path)
    games, aside = folder / "games.jsonl", folder / "games.jsonl.bad"
    json_cases(reference[1])[case](aside)  # made there, then moved into line 2
    variant = aside.read_bytes()
    aside.unlink()
    games.write_bytes(json.dumps(reference[0]).encode() + b"\n" + variant + b"\n")
    before = fingerprint(games)
    found = read_records(games, SETTINGS)
    # Every variant is bad, even one still shaped like a record (an unfinished game, other
    # options): its checksum no longer matches.
    assert list(found.records) == [0] and [b.number for b in found.bad] == [2]
    assert latest_unfinished("backgammon", tmp_path).done == 1
    assert fingerprint(games) == before

    code, out, err = run(capsys, *ARGS, "--out", str(folder))
    assert code == 0 and played(out) == 2 and "Traceback" not in err
    assert re.match(r"warning: games\.jsonl: moved 1 line that is not a game record of this tournament to "
                    r"games\.jsonl\.bad \(line 2", err)
    assert len(err) < 1000  # a megabyte of text is not repeated
    assert lines_of(games) == reference and aside.read_bytes() == variant + b"\n"


@pytest.mark.parametrize("edit", ["result sign flipped", "a 1 made 9", "other actions", "no checksum"])
def test_a_line_edited_but_still_a_valid_record_is_set_aside(tmp_path, capsys, reference, edit):
    """What used to change the standings on resume: lines that pass every field check."""
    folder = new_folder(tmp_path)
    games = folder / "games.jsonl"
    changed = json.loads(json.dumps(reference[1]))
    if edit == "result sign flipped":
        changed["result"] = [-v for v in changed["result"]]
    elif edit == "a 1 made 9":
        changed["result"] = [9 if v == 1 else -9 if v == -1 else v for v in changed["result"]]
    elif edit == "other actions":
        changed["actions"] = changed["actions"][:-2] + changed["actions"][-1:] + changed["actions"][-2:-1]
    else:
        del changed["checksum"]
    assert changed != reference[1]
    games.write_text(json.dumps(reference[0]) + "\n" + json.dumps(changed) + "\n", encoding="utf-8")
    found = read_records(games, SETTINGS)
    assert list(found.records) == [0] and "its checksum does not match its content" in found.bad[0].reason \
        or edit == "no checksum"
    code, out, err = run(capsys, *ARGS, "--out", str(folder))
    assert code == 0 and played(out) == 2 and "moved 1 line" in err
    assert lines_of(games) == reference and json.loads((folder / "games.jsonl.bad").read_text()) == changed


def test_records_of_games_beyond_the_schedule_are_replayed_not_fatal(tmp_path, capsys, reference):
    """The reliability run's case: lines without ``pair`` or ``seats`` used to crash the
    statistics after every missing game was played."""
    folder = new_folder(tmp_path)
    games = folder / "games.jsonl"
    games.write_text('{"index": 1}\n' + json.dumps(dict(reference[0], seats=[1, 0])) + "\n", encoding="utf-8")
    code, out, err = run(capsys, *ARGS, "--out", str(folder))
    assert code == 0 and played(out) == 2 and "Traceback" not in err
    assert "line 1 is not a whole game record: pair, number, seats" in err
    assert "line 2: 'seats' must be [0, 1] in game 0; got [1, 0]" in err
    assert lines_of(games) == reference
    assert json.loads((folder / "results.json").read_text())["games_played"] == 2


# -- results.json ------------------------------------------------------------------------------

@pytest.mark.parametrize("case", CASES)
def test_a_bad_results_file_is_not_believed(tmp_path, case):
    folder = new_folder(tmp_path)
    path = folder / "results.json"
    CASES[case](path)
    before = fingerprint(path)
    last = latest_unfinished("backgammon", tmp_path)  # never hangs on a FIFO nor reads /dev/zero
    assert last is not None and last.folder == folder and fingerprint(path) == before


def test_results_that_cannot_be_written_are_a_clear_error_keeping_the_games(tmp_path, capsys, monkeypatch):
    folder = new_folder(tmp_path)
    (folder / "results.json").mkdir()
    code, out, err = run(capsys, *ARGS, "--out", str(folder))
    assert code == 2 and "results.json' is a folder" in err  # seen before any game is played
    monkeypatch.setattr("game.cli.tournament.check_folder", lambda *args: None)  # as if it appeared mid-run
    code, out, err = run(capsys, *ARGS, "--out", str(folder))
    assert code == 1 and out == "" and "Traceback" not in err
    assert err == f"tabula: error: cannot write the results in {folder}: Is a directory; " \
                  "the 2 games are kept in its games.jsonl\n"
    assert len(lines_of(folder / "games.jsonl")) == 2


# -- writing fails mid-run ---------------------------------------------------------------------

def becomes_a_folder(games: Path, saved: Path) -> None:
    games.rename(saved)
    games.mkdir()


def becomes_full(monkeypatch, games: Path) -> None:
    real_open = Path.open

    def open_(self, mode="r", *args, **kwargs):
        if self == games and "a" in mode:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(self))
        return real_open(self, mode, *args, **kwargs)
    monkeypatch.setattr(Path, "open", open_)


@pytest.mark.parametrize("workers", ["1", "2"])
@pytest.mark.parametrize("failure", ["a folder in its place", "a full disk"])
def test_a_games_file_that_cannot_be_written_stops_the_run_keeping_its_games(tmp_path, capsys, monkeypatch,
                                                                             workers, failure):
    from game.core.tournament import results

    folder = tmp_path / "t"
    games, saved = folder / "games.jsonl", tmp_path / "saved.jsonl"
    append = results.ResultStore.append

    def fail_after_two(store, record):
        if len(store.records) == 2 and not saved.exists():
            becomes_a_folder(games, saved) if failure.startswith("a folder") else becomes_full(monkeypatch, games)
            saved.touch()
        append(store, record)

    monkeypatch.setattr(results.ResultStore, "append", fail_after_two)
    argv = ["tournament", "backgammon", "--players", "random", "random", "greedy:bras", "--games", "2",
            "--workers", workers, "--out", str(folder), "--json"]
    code, out, err = run(capsys, *argv)
    reason = "Is a directory" if failure.startswith("a folder") else os.strerror(errno.ENOSPC)
    assert code == 1 and out == "" and "Traceback" not in err
    assert err == (f"tabula: error: cannot write {games}: {reason}; 2 of 6 games are kept in {folder} with "
                   f"their results; run the same command with --out {folder} to resume once it can be written\n")
    assert json.loads((folder / "results.json").read_text())["games_played"] == 2
    assert multiprocessing.active_children() == []  # the workers were stopped
    monkeypatch.undo()
    if games.is_dir():
        games.rmdir()
        saved.rename(games)
    code, out, err = run(capsys, *argv)
    assert code == 0 and json.loads(out)["complete"] and "warning" not in err
    assert sorted(r["index"] for r in lines_of(games)) == list(range(6))


# -- sizes -------------------------------------------------------------------------------------

@pytest.mark.parametrize("extra, message", [
    (["--games", "999999999999"], "argument --games: expected a whole number from 1 to 1,000,000, got 999999999999"),
    (["--workers", "257"], "argument --workers: expected a whole number from 1 to 256"),
    (["--max-plies", "100001"], "argument --max-plies: expected a whole number from 1 to 100,000"),
    (["--seed", str(2**64)], "argument --seed: expected a whole number from 0 to 18,446,744,073,709,551,615"),
    (["--players", *["random"] * 65], "tabula: error: --players: at most 64 players, got 65"),
])
def test_sizes_past_the_limits_are_usage_errors(tmp_path, capsys, extra, message):
    code, out, err = run(capsys, *ARGS, *extra, "--out", str(tmp_path / "t"))
    assert code == 2 and message in err and "Traceback" not in err and out == ""
    assert not (tmp_path / "t").exists()


def test_the_largest_tournament_starts_at_once(tmp_path):
    """64 players, a million games a pair: two billion games, none of them built up front."""
    huge = Settings("backgammon", ("random",) * 64, 1_000_000, 0, max_plies=1)
    with ResultStore(tmp_path, huge) as store:
        with pytest.raises(KeyboardInterrupt):
            run_tournament(huge, get_game, store, on_result=interrupt_after(3))
        assert sorted(store.records) == [0, 1, 1_000_000]  # deal 0 of the first two pairs
        assert store.records[1_000_000]["seed"] == spec_at(huge, 1_000_000).seed


# -- a killed run ------------------------------------------------------------------------------

def children(pid: int) -> list[int]:
    """Processes whose parent is ``pid`` (from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rpartition(")")[2].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def running(pid: int) -> bool:
    """``pid`` exists and is not a zombie (an orphan's parent may never reap it)."""
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rpartition(")")[2].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_a_killed_runs_folder_can_be_resumed_at_once_and_its_workers_end(tmp_path):
    folder = tmp_path / "t"
    players = ("hard", "expert", "expert")  # slow: a worker plays 16 games before it asks for more
    command = [sys.executable, "-m", "game", "tournament", "backgammon", "--players", *players,
               "--games", "200", "--workers", "3", "--out", str(folder), "--json"]
    env = dict(os.environ, TABULA_HOME=str(tmp_path / "home"), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    parent = subprocess.Popen(command, cwd=Path(__file__).parents[2], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while len(workers := children(parent.pid)) < 3:  # the pool is up
            assert parent.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        time.sleep(1.0)  # the workers are playing
    finally:
        parent.send_signal(signal.SIGKILL)
        parent.wait()
    settings = Settings("backgammon", players, 200, 0)
    try:
        deadline = time.monotonic() + 1.0  # not the minutes a worker's games take
        while True:
            try:
                ResultStore(folder, settings).close()
                break
            except FolderInUse:
                assert time.monotonic() < deadline, "the killed run's workers still hold the folder"
                time.sleep(0.05)
        deadline = time.monotonic() + 10
        while any(running(pid) for pid in workers):
            assert time.monotonic() < deadline, "the killed run's workers played on"
            time.sleep(0.05)
    finally:
        for pid in workers:
            if running(pid):
                os.kill(pid, signal.SIGKILL)


def test_opening_a_folder_removes_the_leftovers_of_an_interrupted_rewrite(tmp_path):
    settings = Settings("backgammon", ("random", "random"), 2, 0)
    leftover = tmp_path / ".games.jsonl.k3j2.tmp"
    tmp_path.mkdir(exist_ok=True)
    leftover.write_text('{"index": 0')
    old = time.time() - 3600
    os.utime(leftover, (old, old))
    with ResultStore(tmp_path, settings):
        pass
    assert not leftover.exists()
