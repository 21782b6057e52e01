"""``tabula drill``: the terminal drill fed answers on stdin (a right one, a wrong one, an illegal
one asked again, end of input keeping the answers, Ctrl-C), the JSON protocol line by line
through pipes, the Anki export (a zip whose collection holds one note per card with its
pictures; an existing file kept without ``--force``) and the refusals.

The library is one real match (``3pt-a.mat``) reviewed at Intermediate from its recorded review:
four cards for lasse, all chequer plays, asked most overdue first (the order they were made in):

1. 5-4 at ``2LbBAA2GT+QBKA``: best ``11/6 8/4*``, played ``13/4*`` (loses 0.051);
2. 5-4 at ``2LbBgAOGT+QAJg``: best ``11/6 8/4``, played ``13/9 13/8`` (loses 0.135);
3. and 4. two more.
"""

from __future__ import annotations

import io
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
import zipfile
from datetime import datetime, timezone
from pathlib import Path

import pytest

from game.cli import main
from game.core.drill import RATINGS

from .util import run

ROOT = Path(__file__).resolve().parents[2]
FIRST, SECOND = "2LbBAA2GT+QBKA", "2LbBgAOGT+QAJg"
QUESTION_KEYS = {"position_id", "match_id", "xgid", "dice", "kind"}
ANSWER_KEYS = {"position_id", "match_id", "dice", "kind", "answer", "best", "equity_lost", "rating", "due", "variation"}


@pytest.fixture(scope="session")
def recorded_library(reviewed_matches, tmp_path_factory):
    """A library of ``3pt-a.mat`` reviewed at Intermediate (the recorded review: no analysis)."""
    folder, _ = reviewed_matches
    path = tmp_path_factory.mktemp("drill") / "library.sqlite3"
    assert main(["library", "add", str(folder / "3pt-a.mat"), "--library", str(path)]) == 0
    assert main(["library", "analyze", "--level", "intermediate", "--library", str(path)]) == 0
    return path


@pytest.fixture
def library(recorded_library, tmp_path, monkeypatch):
    """A copy of the recorded library, in a fresh Tabula home (no settings: no My names)."""
    monkeypatch.setenv("TABULA_HOME", str(tmp_path / "home"))
    path = tmp_path / "library.sqlite3"
    path.write_bytes(recorded_library.read_bytes())
    return path


def drill(capsys, monkeypatch, library: Path, answers: str, *extra: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
    return run(capsys, "drill", "--library", str(library), "--player", "lasse", "--variations", "0", *extra)


def reviews(library: Path) -> list[tuple]:
    """The answers logged: (position ID, answer, rating, first answer), in order."""
    with sqlite3.connect(library) as db:
        return db.execute("SELECT c.position_id, r.answer, r.rating, r.first FROM card_reviews r"
                          " JOIN cards c ON c.id = r.card ORDER BY r.id").fetchall()


def test_the_terminal_drill_reads_answers_on_stdin_and_end_of_input_keeps_them(capsys, monkeypatch, library):
    code, out, err = drill(capsys, monkeypatch, library, "13/7 8/7\n11/6 8/4*\n13/9 13/8\n")
    assert code == 0, err
    assert "4 new cards from the library's mistakes" in out
    asked = out.split("\nCard ")
    assert len(asked) == 4  # the first card (asked once, again after the illegal answer), the second, the third
    first, second, third = asked[1:]
    assert FIRST in first and "GNU Backgammon  Position ID" in first and "Your play with 5-4?" in first
    assert "illegal move '13/7 8/7' with 54" in first and first.count("> ") == 2  # asked again
    assert "11/6 8/4*: the best answer. Easy." in first and "Played in the match: 13/4* (lost 0.051)" in first
    assert "<- your answer" in first and "<- played in the match" in first and "Due again in " in first
    assert SECOND in second and "13/9 13/8 loses 0.135: Again." in second and "Best: 11/6 8/4" in second
    assert "Why:" in second and "making variations" not in second  # --variations 0
    assert out.rstrip().endswith("2 cards answered, kept")
    assert reviews(library) == [(FIRST, "11/6 8/4*", "easy", 1), (SECOND, "13/9 13/8", "again", 1)]
    code, out, _ = drill(capsys, monkeypatch, library, "")  # the answered cards are not due again yet
    assert code == 0 and FIRST not in out and SECOND not in out and "0 cards answered, kept" in out
    assert "new cards" not in out  # each mistake makes one card


def test_cube_words_and_other_text_are_refused_and_the_card_asked_again(capsys, monkeypatch, library):
    code, out, _ = drill(capsys, monkeypatch, library, "double\n\n8/4* 6/1\n", "--cards", "1")
    assert code == 0
    assert out.count(f"Position ID: {FIRST}") == 1 and out.count("try again") == 2
    assert "is a cube action" in out and "no answer given" in out
    assert "8/4* 6/1 loses 0.074: Hard." in out and "1 card answered, kept" in out
    assert reviews(library) == [(FIRST, "8/4* 6/1", "hard", 1)]


def test_a_play_not_among_the_stored_ones_is_analysed(capsys, monkeypatch, library):
    code, out, _ = drill(capsys, monkeypatch, library, "13/8 13/9\n", "--cards", "1")  # 5-4 played from the 13
    assert code == 0 and "analysing your play…" in out
    [(position, answer, rating, _)] = reviews(library)
    assert position == FIRST and answer in out and rating in RATINGS
    assert "<- your answer" in out


def subprocess_drill(library: Path, *extra: str, text_mode: bool = False) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TABULA_HOME": str(library.parent / "home")}
    argv = [sys.executable, "-m", "game", "drill", "--library", str(library), "--player", "lasse", "--variations", "0",
            *extra, *(() if text_mode else ("--json",))]
    return subprocess.Popen(argv, cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, bufsize=1)


def test_the_json_protocol_asks_before_it_reads_and_answers_each_answer(library):
    """Each question is read from the pipe before its answer is written: the command must
    have flushed it while waiting for input."""
    drilling = subprocess_drill(library)
    try:
        question = json.loads(drilling.stdout.readline())
        assert set(question) == {"question"} and QUESTION_KEYS <= set(question["question"])
        asked = question["question"]
        assert (asked["position_id"], asked["dice"], asked["kind"]) == (FIRST, "54", "chequer")
        assert asked["xgid"].startswith("XGID=") and asked["match_id"]
        drilling.stdin.write("13/7 8/7\n")  # illegal: an error, and the same card asked again
        assert set(json.loads(drilling.stdout.readline())) == {"error"}
        assert json.loads(drilling.stdout.readline()) == question
        drilling.stdin.write('{"answer": "13/4*"}\n')
        answer = json.loads(drilling.stdout.readline())
        assert ANSWER_KEYS <= set(answer)
        assert {k: answer[k] for k in ("position_id", "dice", "kind", "answer", "best", "rating", "variation")} == {
            "position_id": FIRST, "dice": "54", "kind": "chequer", "answer": "13/4*", "best": "11/6 8/4*",
            "rating": "hard", "variation": False}
        assert answer["equity_lost"] == pytest.approx(0.050839) and answer["match_id"] == asked["match_id"]
        assert datetime.strptime(answer["due"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc) > datetime.now(
            timezone.utc)
        assert [row["move"] for row in answer["alternatives"] if row["answer"]] == ["13/4*"]
        second = json.loads(drilling.stdout.readline())["question"]
        assert second["position_id"] == SECOND
        drilling.stdin.close()  # end of input ends the session
        rest, err = drilling.stdout.read(), drilling.stderr.read()
        assert drilling.wait(60) == 0, err
    finally:
        drilling.kill()
    assert rest == "" and "1 card answered, kept" in err
    assert reviews(library) == [(FIRST, "13/4*", "hard", 1)]


def test_ctrl_c_keeps_every_finished_answer_and_exits_130(library):
    drilling = subprocess_drill(library, text_mode=True)
    try:
        drilling.stdin.write("11/6 8/4*\n")
        seen = ""
        deadline = time.monotonic() + 60
        while seen.count(f"Position ID: {SECOND}") == 0 and time.monotonic() < deadline:
            seen += drilling.stdout.readline()
        assert reviews(library) == [(FIRST, "11/6 8/4*", "easy", 1)]  # the first answer is stored
        drilling.send_signal(signal.SIGINT)  # while the second card waits for its answer
        rest, err = drilling.communicate(timeout=60)
    finally:
        drilling.kill()
    assert drilling.returncode == 130, err
    assert "1 card answered, kept" in rest and "Traceback" not in err
    assert reviews(library) == [(FIRST, "11/6 8/4*", "easy", 1)]


def notes_of(apkg: Path) -> tuple[list[tuple], dict[str, str], list[str]]:
    """The package's notes (guid, fields, tags), its media map and its files."""
    with zipfile.ZipFile(apkg) as package:
        names = package.namelist()
        media = json.loads(package.read("media"))
        collection = apkg.parent / "collection.anki2"
        collection.write_bytes(package.read("collection.anki2"))
        assert all(package.read(index).startswith(b"<svg") for index in media)
    with sqlite3.connect(collection) as db:
        notes = db.execute("SELECT guid, flds, tags FROM notes ORDER BY guid").fetchall()
    collection.unlink()
    return notes, media, names


def test_export_anki_writes_one_note_per_due_card_with_its_pictures(capsys, library, tmp_path):
    out = tmp_path / "drills.apkg"
    argv = ["drill", "--library", str(library), "--player", "lasse", "--export-anki", str(out)]
    code, stdout, err = run(capsys, *argv)
    assert code == 0, err
    assert stdout == f"wrote 4 cards to {out}\n"
    notes, media, names = notes_of(out)
    assert len(notes) == 4 and {"collection.anki2", "media"} <= set(names)
    for _, fields, tags in notes:
        pictures = [part.split('"')[0] for part in fields.split('<img src="')[1:]]
        assert len(pictures) == 2 and set(pictures) <= set(media.values())  # front and back boards
        assert "Your play with 5-4?" in fields or "Your play with" in fields
        assert "<table" in fields and "Best" not in tags and "tabula::chequer" in tags
    assert any("Played in the match: 13/4*" in fields for _, fields, _ in notes)

    out.write_bytes(b"keep me")  # an existing file is kept without --force
    code, stdout, err = run(capsys, *argv)
    assert code == 2 and "exists; give --force" in err and out.read_bytes() == b"keep me"
    assert run(capsys, *argv, "--force")[0] == 0
    again, _, _ = notes_of(out)
    assert [guid for guid, _, _ in again] == [guid for guid, _, _ in notes]  # a re-export updates the same notes


def test_export_anki_by_theme_and_as_json(capsys, library, tmp_path):
    out = tmp_path / "split.apkg"
    code, stdout, err = run(capsys, "drill", "--library", str(library), "--player", "lasse", "--theme", "split",
                            "--export-anki", str(out), "--json")
    assert code == 0, err
    assert json.loads(stdout) == {"written": str(out), "cards": 2, "media": 4}
    assert len(notes_of(out)[0]) == 2


def test_the_library_itself_is_never_the_deck(capsys, library, tmp_path):
    deck = tmp_path / "library.apkg"
    library.rename(deck)
    code, _, err = run(capsys, "drill", "--library", str(deck), "--player", "lasse", "--export-anki", str(deck),
                       "--force")
    assert code == 2 and "a file this command reads" in err


@pytest.mark.parametrize(("argv", "words"), [
    ((), "give --player NAME, or set My names"),
    (("--player", "nobody"), "no match of the library has a player called 'nobody'"),
    (("--player", "lasse", "--force"), "--force goes with --export-anki"),
    (("--player", "lasse", "--export-anki", "deck.zip"), "must end in .apkg"),
    (("--player", "lasse", "--export-anki", "d.apkg", "--cards", "3"), "--cards caps a session"),
    (("--player", "lasse", "--theme", "No such theme"), "unknown theme 'No such theme'"),
    (("--player", "lasse", "--level", "nonsense"), "unknown level 'nonsense'"),
    (("--player", "lasse", "--cards", "0"), "--cards"),
    (("--player", "lasse", "--threshold", "-1"), "--threshold"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, library, tmp_path, monkeypatch, argv, words):
    monkeypatch.chdir(tmp_path)
    before = library.read_bytes()
    code, out, err = run(capsys, "drill", "--library", str(library), *argv)
    assert code == 2 and out == "" and err.startswith("tabula: error: ") and err.count("\n") == 1, err
    assert words in err
    assert library.read_bytes() == before


def test_a_missing_library_is_refused_not_made(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("TABULA_HOME", str(tmp_path / "home"))
    code, _, err = run(capsys, "drill", "--library", str(tmp_path / "none.sqlite3"), "--player", "lasse")
    assert code == 2 and "no library at" in err and not (tmp_path / "none.sqlite3").exists()


def test_my_names_from_the_settings_are_the_default_player(capsys, monkeypatch, library):
    from game.core.settings import Settings, save_settings

    save_settings(Settings(my_names=["lasse"]))
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code, out, _ = run(capsys, "drill", "--library", str(library), "--variations", "0")
    assert code == 0 and f"Position ID: {FIRST}" in out


def test_a_theme_is_a_themes_name_or_a_cards_tag(capsys, monkeypatch, library):
    """A theme's name or any tag of the cards; anything else is refused, naming the themes."""
    code, out, _ = drill(capsys, monkeypatch, library, "", "--theme", "hit")
    assert code == 0 and f"Position ID: {FIRST}" in out  # the only card that hits
    code, _, err = drill(capsys, monkeypatch, library, "", "--theme", "nonsense")
    assert code == 2 and "unknown theme 'nonsense'" in err and "should-hit" in err


def test_nothing_on_a_theme_without_cards_says_so(capsys, monkeypatch, library):
    code, out, _ = drill(capsys, monkeypatch, library, "", "--theme", "my-takes")
    assert code == 0 and "no cards on the theme my-takes" in out and "0 cards answered" in out


@pytest.mark.slow
def test_a_failed_card_gets_its_variations(capsys, monkeypatch, library):
    monkeypatch.setattr(sys, "stdin", io.StringIO("11/6 8/4*\n13/9 13/8\n"))
    code, out, err = run(capsys, "drill", "--library", str(library), "--player", "lasse", "--cards", "2",
                         "--variations", "1")
    assert code == 0, err
    assert out.count("making variations…") == 1  # the second card failed; the first did not
    with sqlite3.connect(library) as db:
        made = db.execute("SELECT COUNT(*) FROM cards WHERE parent = (SELECT id FROM cards WHERE position_id = ?)",
                          (SECOND,)).fetchone()[0]
    assert made == 1 and "1 variation added" in out


def test_stats_for_several_players_ask_nothing(capsys, monkeypatch, library):
    drill(capsys, monkeypatch, library, "11/6 8/4*\n", "--cards", "1")
    code, out, err = run(capsys, "drill", "--library", str(library), "--player", "lasse", "--player", "trovander",
                         "--stats", "--json")
    assert code == 0, err
    stats = json.loads(out)
    assert set(stats) == {"lasse", "trovander"} and "new cards" in err  # trovander's cards made now
    assert stats["lasse"]["cards"] == 4 and stats["lasse"]["new"] == 3 and stats["lasse"]["first_loss"] == 0.0
    assert stats["trovander"]["cards"] >= 5 and stats["trovander"]["first_loss"] is None
    code, out, _ = run(capsys, "drill", "--library", str(library), "--player", "lasse", "--stats")
    assert code == 0 and out.startswith("lasse: 4 cards (0 variations), 3 due, 3 new")
