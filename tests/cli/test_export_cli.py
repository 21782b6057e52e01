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


def _saved(tmp_path, game: str, options: dict, stop=None) -> Path:
    """A seeded random game of ``game`` saved, cut before the action ``stop(states)`` names."""
    from dataclasses import replace

    from game.core.match import play_game, replay
    from game.core.saves import save_game
    from game.games import get_game

    info = get_game(game)
    players = [info.players.player("random", seed) for seed in (1, 2)]
    record, _ = play_game(info.rules(), players, options, seed=3)
    if stop is not None:
        cut = stop(replay(info.rules(), record.options, record.actions))
        record = replace(record, actions=record.actions[:cut], result=None)
    path = tmp_path / f"{game}.json"
    save_game(path, record)
    return path


def test_a_match_stopped_mid_game_exports_its_finished_games_and_says_so(capsys, tmp_path):
    """A 3-point match where White was given the first roll (so the record names no opening
    roll's winner) that stopped in its second game: game 1 exported, the rest left out."""
    def in_game_two(states):
        return next(i for i, state in enumerate(states) if state.cube.game == 2) + 4

    path = _saved(tmp_path, "backgammon", {"first": "white", "match_length": 3}, in_game_two)
    code, out, _ = run(capsys, "export", str(path), str(tmp_path / "m.mat"))
    assert code == 0 and "wrote 1 game(s)" in out and "the game still in progress is left out" in out
    code, out, _ = run(capsys, "import", str(tmp_path / "m.mat"), "--json")
    assert code == 0 and len(json.loads(out)["games"]) == 1


def test_a_game_without_match_files_is_refused(capsys, tmp_path):
    path = _saved(tmp_path, "mandragora", {})
    code, _, err = run(capsys, "export", str(path), str(tmp_path / "m.mat"))
    assert code == 2 and "Mandragora Mania game, which has no match files" in err
    assert not (tmp_path / "m.mat").exists()


def test_export_refuses_a_missing_folder_as_cp_would(capsys, tmp_path):
    code, out, err = run(capsys, "export", str(MATCHES / "3pt-a.mat"), str(tmp_path / "nowhere" / "m.mat"))
    assert code == 2 and out == "" and "does not exist (it is not created)" in err
    assert not (tmp_path / "nowhere").exists()


def test_export_does_not_replace_a_dangling_link_without_force(capsys, tmp_path):
    link = tmp_path / "m.mat"
    link.symlink_to(tmp_path / "missing-target.mat")
    code, _, err = run(capsys, "export", str(MATCHES / "3pt-a.mat"), str(link))
    assert code == 2 and "exists; give --force" in err and link.is_symlink()
    code, _, _ = run(capsys, "export", str(MATCHES / "3pt-a.mat"), str(link), "--force")
    assert code == 0 and "3 point match" in link.read_text()


def test_export_names_at_and_beyond_the_file_systems_limit(capsys, tmp_path):
    longest = tmp_path / ("z" * 251 + ".mat")  # 255 bytes: written (its temporary name is shorter)
    code, out, _ = run(capsys, "export", str(MATCHES / "3pt-a.mat"), str(longest))
    assert code == 0 and longest.is_file()
    code, out, err = run(capsys, "export", str(MATCHES / "3pt-a.mat"), str(tmp_path / ("y" * 300 + ".mat")))
    assert code == 2 and out == "" and "is longer than 255 bytes" in err and len(err) < 300


def test_a_match_file_with_the_longest_name_is_reviewed(capsys, tmp_path):
    from tests.reliability.test_damaged_match_files import GAME_ONE

    match = tmp_path / ("w" * 251 + ".mat")  # 255 bytes: "<name>.review" would be too long
    match.write_text(GAME_ONE)  # one short game: the name is what is tested
    code, out, _ = run(capsys, "review", str(match), "--level", "intermediate", "--json")
    assert code == 0 and len(json.loads(out)["games"]) == 1
    assert len(list(tmp_path.glob("*.review"))) == 1  # the cache is kept, under a shorter name
