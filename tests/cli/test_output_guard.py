"""The guarded writer on every command that writes a file (:mod:`game.core.outputs`): an
existing OUT kept unless ``--force``, never the input or its cache however spelled, never a
device or FIFO, and a folder, a missing folder or a name too long a one-line exit 2 — each
refused before any work, with nothing touched."""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path

import pytest

from game.core.outputs import check_output, same_file

from .util import run

MATCHES = Path(__file__).parents[1] / "data" / "matches"
TINY_TRAINING = ("--hidden", "4", "--in-flight", "2", "--check-every", "0")


def review(tmp_path, out):
    return ["review", str(tmp_path / "m.mat"), "--level", "intermediate", "--html", str(out)]


def export(tmp_path, out):
    return ["export", str(tmp_path / "m.mat"), str(out)]


def tournament(tmp_path, out):
    return ["tournament", "backgammon", "--players", "random", "random", "--games", "2", "--workers", "1",
            "--out", str(out)]


def calibrate(tmp_path, out):
    return ["calibrate", "backgammon", "--evaluator", "bras", "--games", "2", "--positions-per-game", "2",
            "--out", str(out)]


def train(tmp_path, out):
    return ["train", "backgammon", "--arch", "full", "--games", "2", *TINY_TRAINING, "--out", str(out)]


def drill(tmp_path, out):
    return ["drill", "--library", str(tmp_path / "library.sqlite3"), "--player", "lasse", "--export-anki", str(out)]


FILE_COMMANDS = {"review": (review, "r.html"), "export": (export, "x.mat"), "train": (train, "n.npz"),
                 "drill": (drill, "d.apkg")}
"""Commands whose OUT is a file: the command and a good name for it."""
FOLDER_COMMANDS = {"tournament": (tournament, "results.json"), "calibrate": (calibrate, "report.json")}
"""Commands whose OUT is a folder: the command and one of the files it writes there."""
COMMANDS = FILE_COMMANDS | FOLDER_COMMANDS
FORCE = {"review": ["--force"], "export": ["--force"], "tournament": ["--force"], "calibrate": ["--force"],
         "train": ["--resume"], "drill": ["--force"]}
"""What lets each command write over an existing OUT (training continues its checkpoint)."""


@pytest.fixture
def folder(tmp_path):
    shutil.copy(MATCHES / "3pt-a.mat", tmp_path / "m.mat")
    return tmp_path


def snapshot(root: Path) -> dict[str, str]:
    """Every entry below ``root``: a file's hash, a link's target, a FIFO or folder's kind."""
    found = {}
    for path in sorted(root.rglob("*")):
        key = str(path.relative_to(root))
        if path.is_symlink():
            found[key] = "-> " + os.readlink(path)
        elif path.is_fifo():
            found[key] = "fifo"
        elif path.is_dir():
            found[key] = "folder"
        else:
            found[key] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def refused(capsys, argv, root: Path, *words: str) -> str:
    """Run ``argv``: exit 2, one line naming ``words``, nothing below ``root`` changed."""
    before = snapshot(root)
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.startswith("tabula: error: ") and err.count("\n") == 1, err
    assert len(err) < 300 and all(word in err for word in words), err
    assert snapshot(root) == before
    return err


def target(name: str, tmp_path: Path, file_name: str | None = None) -> tuple[Path, list[str]]:
    """``(the path the test puts something at, the command's argv)``: the file itself for a
    file command, the file inside the ``out`` folder for a folder command."""
    command, own = COMMANDS[name]
    if name in FOLDER_COMMANDS:
        out = tmp_path / "out"
        out.mkdir(exist_ok=True)
        return out / (file_name or own), command(tmp_path, out)
    out = tmp_path / (file_name or own)
    return out, command(tmp_path, out)


@pytest.mark.parametrize("name", COMMANDS)
def test_an_existing_out_is_kept_without_force(capsys, folder, name):
    path, argv = target(name, folder)
    path.write_text("keep me")
    refused(capsys, argv, folder, "exist")
    path.unlink()
    path.symlink_to(folder / "missing-target")  # a dangling link is an entry all the same
    refused(capsys, argv, folder, "exist")


@pytest.mark.parametrize("name", COMMANDS)
@pytest.mark.parametrize("make", ["fifo", "device", "device-link"])
def test_a_device_or_fifo_is_never_replaced_even_with_force(capsys, folder, name, make):
    if make != "fifo" and not Path(os.devnull).is_char_device():
        pytest.skip(f"{os.devnull} is no device on this machine (something replaced it)")
    path, argv = target(name, folder)
    if make == "fifo":
        os.mkfifo(path)
        words = ("is a FIFO", "never replaced")
    elif make == "device-link":
        path.symlink_to(os.devnull)
        words = ("is a device", "never replaced")
    else:
        if name != "review":
            pytest.skip("OUT must end in .mat, .sgf, .npz or .apkg, or is a folder: the link case covers devices")
        argv = COMMANDS[name][0](folder, os.devnull)
        words = ("is a device", "never replaced")
    refused(capsys, argv + FORCE[name], folder, *words)
    assert Path(os.devnull).is_char_device()


@pytest.mark.parametrize("name", ["review", "export"])
@pytest.mark.parametrize("spelling", ["same", "dotdot", "symlink", "hardlink", "cache"])
def test_the_input_or_its_cache_is_never_the_output_however_spelled(capsys, folder, name, spelling):
    """The reproductions: ``review m.mat --html m.mat`` and ``--html m.mat.review`` replaced
    the match (or its cache) with HTML, exit 0."""
    if name == "export" and spelling == "cache":
        pytest.skip("export reads no cache")
    match = folder / "m.mat"
    out = {"same": match, "dotdot": folder / "sub" / ".." / "m.mat", "symlink": folder / "link.mat",
           "hardlink": folder / "hard.mat", "cache": folder / "m.mat.review"}[spelling]
    (folder / "sub").mkdir()
    if spelling == "symlink":
        out.symlink_to(match)
    elif spelling == "hardlink":
        os.link(match, out)
    argv = COMMANDS[name][0](folder, out)
    refused(capsys, argv + ["--force"], folder, "a file this command reads", "never replaced")


def test_a_review_through_a_link_keeps_the_cache_beside_the_link(capsys, folder):
    """A review of ``link.mat`` keeps its cache as ``link.mat.review``: that is what it reads."""
    (folder / "link.mat").symlink_to(folder / "m.mat")
    argv = review(folder, folder / "link.mat.review")
    argv[1] = str(folder / "link.mat")
    refused(capsys, argv + ["--force"], folder, "a file this command reads")


@pytest.mark.parametrize("given", ["matches", "labels"])
def test_training_never_writes_over_its_inputs(capsys, folder, given):
    out = folder / "n.npz"
    if given == "matches":
        os.link(folder / "m.mat", out)  # the network's name is a hard link to a match read
        extra = ["--teacher", "sage-1ply", "--matches", str(folder / "m.mat"), "--resume"]
    else:
        extra = ["--teacher", "sage-1ply", "--labels", str(out)]
    refused(capsys, train(folder, out) + extra, folder, "a file this command reads")


@pytest.mark.parametrize("name", COMMANDS)
def test_a_folder_at_out_or_a_missing_folder_is_refused(capsys, folder, name):
    command, own = COMMANDS[name]
    if name in FOLDER_COMMANDS:
        (folder / "out").mkdir()
        (folder / "out" / own).mkdir()  # a folder where the command writes a file
        refused(capsys, command(folder, folder / "out") + FORCE[name], folder, "is a folder")
        return
    (folder / own).mkdir()
    refused(capsys, command(folder, folder / own) + FORCE[name], folder, "is a folder")
    if name != "train":  # training creates its folder (documented)
        refused(capsys, command(folder, folder / "nowhere" / own), folder, "does not exist")


@pytest.mark.parametrize("name", COMMANDS)
@pytest.mark.parametrize("length", [256, 300])
def test_a_name_too_long_for_the_file_system_is_a_usage_error(capsys, folder, name, length):
    """The reproduction: ``--html`` with a 256- or 300-byte name crashed with Errno 36."""
    command, own = COMMANDS[name]
    suffix = Path(own).suffix if name in FILE_COMMANDS else ""
    refused(capsys, command(folder, folder / ("n" * (length - len(suffix)) + suffix)), folder,
            f"longer than {255} bytes")


@pytest.mark.parametrize("name", COMMANDS)
def test_a_whole_path_too_long_is_a_usage_error(capsys, folder, name):
    command, own = COMMANDS[name]
    deep = folder.joinpath(*["d" * 200] * 25)  # over 4,096 bytes, each name allowed
    refused(capsys, command(folder, deep / own if name in FILE_COMMANDS else deep), folder, "longer than")


def test_training_checks_its_state_files_name_too(capsys, folder):
    """``FILE.state.npz`` is 10 bytes longer than ``FILE``: refused at once, not at the first
    checkpoint minutes later."""
    out = folder / ("n" * 246 + ".npz")  # 250 bytes: allowed; its state's name is 260
    refused(capsys, train(folder, out), folder, ".state.npz", "longer than 255 bytes")


def test_force_replaces_an_existing_report_and_export(capsys, folder, save):
    html, mat = folder / "r.html", folder / "x.mat"
    html.write_text("old")
    mat.write_text("old")
    argv = ["review", str(save), "--level", "intermediate", "--html", str(html), "--force"]
    assert run(capsys, *argv)[0] == 0 and "<!DOCTYPE html>" in html.read_text()
    assert run(capsys, *export(folder, mat), "--force")[0] == 0 and "3 point match" in mat.read_text()
    code, _, err = run(capsys, "review", str(folder / "m.mat"), "--force")
    assert code == 2 and "--force goes with --html" in err


def test_a_tournament_keeps_unrelated_results_unless_forced_and_resumes_its_own(capsys, folder):
    out = folder / "out"
    out.mkdir()
    (out / "notes.txt").write_text("mine")  # a file the run does not write: no problem
    (out / "pairs.csv").write_text("someone else's")
    refused(capsys, tournament(folder, out), folder, "pairs.csv", "--force")
    assert run(capsys, *tournament(folder, out), "--force")[0] == 0
    assert (out / "pairs.csv").read_text().startswith("a,b,") and (out / "notes.txt").read_text() == "mine"
    assert run(capsys, *tournament(folder, out))[0] == 0  # its own folder: resumed, no --force needed


def test_calibrate_replaces_its_files_only_with_force(capsys, folder):
    out = folder / "out"
    out.mkdir()
    (out / "samples.csv").write_text("someone else's")
    refused(capsys, calibrate(folder, out), folder, "samples.csv", "--force")
    assert run(capsys, *calibrate(folder, out), "--force")[0] == 0
    assert (out / "samples.csv").read_text().startswith("game,turn,outcome")


def test_same_file_resolves_links_dots_and_hard_links(tmp_path):
    (tmp_path / "a").write_text("x")
    (tmp_path / "sub").mkdir()
    os.link(tmp_path / "a", tmp_path / "b")
    (tmp_path / "c").symlink_to("a")
    for spelling in ("b", "c", "sub/../a", "./a"):
        assert same_file(tmp_path / spelling, tmp_path / "a")
    assert same_file(tmp_path / "sub" / ".." / "new", tmp_path / "new")  # not written yet
    assert not same_file(tmp_path / "new", tmp_path / "a")
    with pytest.raises(ValueError, match="reads"):
        check_output(tmp_path / "c", force=True, protected=[tmp_path / "a"])


def test_write_atomic_takes_a_name_at_the_limit_in_any_script(tmp_path):
    """The temporary file's name is cut by bytes, not characters: 84 three-byte characters
    plus ``.mat`` (256 bytes of temporary name when cut at 100 characters) are written."""
    from game.core.saves import write_atomic

    path = tmp_path / ("€" * 83 + ".mat")  # 253 bytes
    write_atomic(path, "x")
    assert path.read_text() == "x" and [p.name for p in tmp_path.iterdir()] == [path.name]
