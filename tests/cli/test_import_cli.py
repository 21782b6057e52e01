"""``tabula import``: a match file's summary and its exact JSON; clear errors, exit 2."""

from __future__ import annotations

import json
import os
from pathlib import Path

from game.backgammon.matfile.limits import MAX_BYTES

from .util import run

MATCHES = Path(__file__).parents[1] / "data" / "matches"


def test_json_shape_is_exact(capsys):
    code, out, _ = run(capsys, "import", str(MATCHES / "7pt-a.mat"), "--json")
    assert code == 0
    report = json.loads(out)
    assert list(report) == ["match_length", "players", "games", "final_score", "notes"]  # keys only added
    assert report["notes"] == []
    assert report["match_length"] == 7 and report["players"] == ["lasse", "ivolas1"]
    assert report["final_score"] == {"lasse": 7, "ivolas1": 6}
    assert report["games"][0] == {"winner": "lasse", "points": 2, "how": "single"}
    assert [g["how"] for g in report["games"]] == ["single", "single", "drop", "drop", "gammon", "drop",
                                                   "single", "single"]
    assert all(list(g) == ["winner", "points", "how"] for g in report["games"])


def test_summary_text(capsys):
    code, out, _ = run(capsys, "import", str(MATCHES / "3pt-a.mat"))
    assert code == 0 and "final score: lasse 6 - trovander 1" in out and "(file says 3)" in out


def test_bad_move_names_game_and_move_and_games_read(capsys, tmp_path):
    bad = tmp_path / "bad.mat"
    bad.write_text((MATCHES / "7pt-a.mat").read_text().replace("  3) 54: 21/16 20/16", "  3) 54: 21/16 20/15"))
    code, _, err = run(capsys, "import", str(bad))
    assert code == 2 and "game 2, move 3" in err and "1 game(s) read" in err and "Traceback" not in err


def test_missing_binary_garbage_and_fifo_files(capsys, tmp_path):
    code, _, err = run(capsys, "import", str(tmp_path / "nope.mat"))
    assert code == 2 and "nope.mat" in err
    binary = tmp_path / "b.mat"
    binary.write_bytes(b"\xff\xfe\x00\x81" * 10)
    code, _, err = run(capsys, "import", str(binary))
    assert code == 2 and "not a match file" in err
    garbage = tmp_path / "g.mat"
    garbage.write_text("just some text\n")
    code, _, err = run(capsys, "import", str(garbage))
    assert code == 2 and "not a match file" in err
    huge = tmp_path / "h.mat"
    huge.write_text("x" * (MAX_BYTES + 1))
    code, _, err = run(capsys, "import", str(huge))
    assert code == 2 and "too large" in err
    fifo = tmp_path / "f.mat"
    os.mkfifo(fifo)
    code, _, err = run(capsys, "import", str(fifo))
    assert code == 2 and "Traceback" not in err
