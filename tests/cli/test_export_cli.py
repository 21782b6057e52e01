"""``tabula export`` and ``tabula import`` of ``.sgf``: formats by suffix, no overwrite without
--force, clear errors (exit 2), the import JSON identical for .mat and .sgf."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from .util import run

MATCHES = Path(__file__).parents[1] / "data" / "matches"
SAVES = Path(__file__).parents[2] / "saves"


def test_mat_to_sgf_to_mat_keeps_the_summary(capsys, tmp_path):
    sgf, mat = tmp_path / "m.sgf", tmp_path / "m.mat"
    code, out, _ = run(capsys, "export", str(MATCHES / "7pt-a.mat"), str(sgf))
    assert code == 0 and "wrote 8 game(s)" in out and sgf.read_text().startswith("(;FF[4]GM[6]")
    code, out, _ = run(capsys, "export", str(sgf), str(mat))
    assert code == 0 and "7 point match" in mat.read_text()
    summaries = []
    for path in (MATCHES / "7pt-a.mat", sgf, mat):
        code, out, _ = run(capsys, "import", str(path), "--json")
        assert code == 0
        summaries.append(json.loads(out))
    assert summaries[0] == summaries[1] == summaries[2]
    code, out, _ = run(capsys, "import", str(sgf))
    assert code == 0 and "(GNU Backgammon SGF)" in out and "final score: lasse 7 - ivolas1 6" in out


def test_existing_output_needs_force(capsys, tmp_path):
    out_file = tmp_path / "m.mat"
    out_file.write_text("keep me")
    code, _, err = run(capsys, "export", str(MATCHES / "3pt-a.mat"), str(out_file))
    assert code == 2 and "--force" in err and out_file.read_text() == "keep me"
    code, _, _ = run(capsys, "export", str(MATCHES / "3pt-a.mat"), str(out_file), "--force")
    assert code == 0 and "3 point match" in out_file.read_text()


def test_bad_exports_say_why(capsys, tmp_path):
    code, _, err = run(capsys, "export", str(MATCHES / "3pt-a.mat"), str(tmp_path / "m.txt"))
    assert code == 2 and ".mat or .sgf" in err
    shutil.copy(SAVES / "human-vs-hard-midgame.json", tmp_path / "mid.json")
    code, _, err = run(capsys, "export", str(tmp_path / "mid.json"), str(tmp_path / "mid.mat"))
    assert code == 2 and "no finished game" in err and not (tmp_path / "mid.mat").exists()
    code, _, err = run(capsys, "export", str(tmp_path / "nope.json"), str(tmp_path / "x.sgf"))
    assert code == 2 and "Traceback" not in err


def test_saved_game_exports(capsys, tmp_path):
    shutil.copy(SAVES / "hard-vs-medium-finished.json", tmp_path / "g.json")
    code, out, _ = run(capsys, "export", str(tmp_path / "g.json"), str(tmp_path / "g.sgf"))
    assert code == 0 and "wrote 1 game(s)" in out
    code, out, _ = run(capsys, "import", str(tmp_path / "g.sgf"), "--json")
    assert json.loads(out)["games"] == [{"winner": "Black (medium)", "points": 1, "how": "single"}]
