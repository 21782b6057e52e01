"""``tabula train``: a tiny run, ``--resume``, and bad values or files as clear usage errors
(exit 2) that leave every existing file as it was."""

from __future__ import annotations

import os
import shutil
import sys

import pytest

from game.backgammon.nets import checkpoints
from game.backgammon.nets import evaluator as nets_evaluator
from game.backgammon.nets import training as training_module
from game.backgammon.nets.network import Network
from game.backgammon.nets.training import TrainConfig
from game.cli import build_parser
from ...cli.util import run

TINY = ("--hidden", "8", "--in-flight", "8", "--seed", "1", "--explore-games", "0")


def _train(capsys, arch: str, out, games: int = 6, *extra: str):
    return run(capsys, "train", "backgammon", "--arch", arch, "--games", str(games), "--out", str(out),
               "--check-every", "0", *TINY, *extra)


def _contents(folder) -> dict:
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


def test_train_then_resume_continues_the_same_file(capsys, tmp_path):
    out = str(tmp_path / "new" / "folder" / "n.npz")  # a missing folder is created
    code, text, _ = run(capsys, "train", "backgammon", "--arch", "phase48", "--games", "6", "--out", out,
                        "--check-every", "6", "--check-deals", "2", "--opponent", "hard", *TINY)
    assert code == 0 and "points/game" in text and "best check kept in" in text
    first = Network.load(out).meta["games"]
    code, text, _ = run(capsys, "train", "backgammon", "--arch", "phase48", "--games", str(first + 4),
                        "--out", out, "--resume", "--check-every", "0", *TINY)
    assert code == 0 and "resumed" in text
    assert f"where the checkpoint planned 6: the learning rate now falls over {first + 4} games" in text
    assert Network.load(out).meta["games"] >= first + 4
    assert Network.load(out).sizes == (48, 8, 1)


def test_no_best_file_is_announced_without_strength_checks(capsys, tmp_path):
    code, text, _ = _train(capsys, "full", tmp_path / "n.npz")
    assert code == 0 and "best check" not in text and not (tmp_path / "n.best.npz").exists()


def test_the_options_take_their_defaults_from_train_config():
    args = build_parser().parse_args(["train", "backgammon", "--arch", "full", "--games", "5", "--out", "x.npz"])
    defaults = TrainConfig()
    for name in ("seed", "lam", "explore_games", "in_flight", "checkpoint_every",
                 "checkpoint_minutes", "check_every", "check_deals", "opponent"):
        assert getattr(args, name) == getattr(defaults, name), name
    # the learning rates and exploration depend on the kind of training: resolved by the command
    assert (args.lr, args.lr_end, args.explore) == (None, None, None)
    assert (defaults.check_every, defaults.check_deals, defaults.opponent) == (5000, 250, "greedy:bras")
    assert defaults.checkpoint_minutes == 5


@pytest.mark.parametrize("extra, message", [
    (("--games", "0"), "expected a whole number from 1 to 1,000,000,000, got 0"),
    (("--games", "ten"), "whole number"),
    (("--arch", "huge"), "invalid choice"),
    (("--lambda", "1.5"), "between 0 and 1"),
    (("--lr", "0"), "learning rate"),
    (("--opponent", "nobody"), "unknown chooser"),
    (("--out", "weights.txt"), ".npz"),
    (("--resume",), "no network"),
])
def test_bad_values_exit_2_with_a_message(capsys, tmp_path, extra, message):
    base = ["--arch", "full", "--games", "5", "--out", str(tmp_path / "n.npz")]
    code, _, err = run(capsys, "train", "backgammon", *base, *extra)  # the last value of an option wins
    assert code == 2 and message in err


@pytest.mark.parametrize("extra, message", [
    (("--hidden", "1000000000"), "argument --hidden: expected a hidden layer size from 1 to 1,024, got 1000000000"),
    (("--hidden", "100000", "100000"), "argument --hidden: expected a hidden layer size from 1 to 1,024, got 100000"),
    (("--hidden", "8", "8", "8", "8", "8"), "argument --hidden: expected at most 4 hidden layers, got 5"),
    (("--hidden", "9" * 5000), "argument --hidden: expected a hidden layer size from 1 to 1,024, got '99999"),
    (("--in-flight", "1000000000"), "argument --in-flight: expected a whole number from 1 to 4,096, got 1000000000"),
    (("--in-flight", "1e9"), "argument --in-flight: expected a whole number from 1 to 4,096, got '1e9'"),
    (("--check-deals", "1000000000000"),
     "argument --check-deals: expected a whole number from 1 to 100,000, got 1000000000000"),
    (("--games", "10000000000"), "argument --games: expected a whole number from 1 to 1,000,000,000, got 10000000000"),
    (("--explore-games", "10" + "0" * 40), "argument --explore-games: expected a whole number from 0 to "
                                           "1,000,000,000, got a number of 42 digits"),
    (("--checkpoint-every", "1000000001"), "argument --checkpoint-every: expected a whole number from 1 to"),
    (("--check-every", "-1"), "argument --check-every: expected a whole number from 0 to 1,000,000,000, got -1"),
    (("--seed", str(2**64)), "argument --seed: expected a seed from 0 to 18,446,744,073,709,551,615"),
    (("--checkpoint-minutes", "nan"), "argument --checkpoint-minutes: expected minutes from 0 to 1440, got nan"),
    (("--checkpoint-minutes", "-1"), "argument --checkpoint-minutes: expected minutes from 0 to 1440, got -1.0"),
])
def test_sizes_beyond_their_limits_are_usage_errors_naming_the_limit(capsys, tmp_path, extra, message):
    out = tmp_path / "n.npz"
    code, text, err = run(capsys, "train", "backgammon", "--arch", "full", "--games", "5", "--out", str(out), *extra)
    assert code == 2 and message in err and "Traceback" not in err and len(err) < 2000
    assert text == "" and list(tmp_path.iterdir()) == []


def test_the_largest_sizes_are_accepted(monkeypatch, capsys, tmp_path):
    """The limits themselves parse and reach the training (stopped before it allocates)."""
    seen = {}

    def stop(config, *args, **kwargs):
        seen.update(hidden=config.hidden, in_flight=config.in_flight, check_deals=config.check_deals)
        raise ValueError("stopped")

    monkeypatch.setattr(training_module, "Training", stop)
    code, _, err = run(capsys, "train", "backgammon", "--arch", "full", "--games", "1000000000", "--out",
                       str(tmp_path / "n.npz"), "--hidden", *["1024"] * 4, "--in-flight", "4096",
                       "--check-deals", "100000", "--seed", str(2**64 - 1), "--checkpoint-minutes", "0")
    assert code == 2 and err == "tabula: error: stopped\n"
    assert seen == {"hidden": (1024,) * 4, "in_flight": 4096, "check_deals": 100_000}


def test_train_config_is_bounded_for_other_callers_too(tmp_path):
    for changes, message in [(dict(hidden=(2000,)), "hidden layer size"), (dict(hidden=(8,) * 5), "at most 4"),
                             (dict(in_flight=10**9), "in_flight"), (dict(check_deals=10**12), "check_deals"),
                             (dict(checkpoint_minutes=float("nan")), "checkpoint_minutes")]:
        with pytest.raises(ValueError, match=message):
            training_module.Training(TrainConfig(**changes), tmp_path / "n.npz")
    assert list(tmp_path.iterdir()) == []


def test_an_existing_file_needs_resume(capsys, tmp_path):
    out = tmp_path / "n.npz"
    out.write_bytes(b"")
    code, _, err = run(capsys, "train", "backgammon", "--arch", "full", "--games", "5", "--out", str(out))
    assert code == 2 and "--resume" in err


def test_a_fresh_run_refuses_to_overwrite_the_state_and_best_files(capsys, tmp_path):
    (tmp_path / "n.npz.state.npz").write_bytes(b"an earlier run's state")
    (tmp_path / "n.best.npz").write_bytes(b"an earlier run's best")
    before = _contents(tmp_path)
    code, _, err = _train(capsys, "full", tmp_path / "n.npz")
    assert code == 2 and "Traceback" not in err
    assert f"tabula: error: {tmp_path / 'n.npz.state.npz'} and {tmp_path / 'n.best.npz'} exist: add --resume" in err
    assert _contents(tmp_path) == before


@pytest.fixture
def trained(capsys, tmp_path):
    """A tiny full network with its state, and a phase48 one in another folder."""
    assert _train(capsys, "full", tmp_path / "n.npz")[0] == 0
    assert _train(capsys, "phase48", tmp_path / "other" / "p.npz")[0] == 0
    return tmp_path / "n.npz"


def _resume_fails(capsys, out, message: str) -> None:
    before = _contents(out.parent)
    code, text, err = _train(capsys, "full", out, 12, "--resume")
    assert code == 2 and err == f"tabula: error: {message}\n" and "training" not in text
    assert _contents(out.parent) == before


def test_a_state_of_another_network_is_a_clear_error(capsys, trained):
    shutil.copy(trained.parent / "other" / "p.npz.state.npz", trained.parent / "n.npz.state.npz")
    _resume_fails(capsys, trained, f"{trained}.state.npz belongs to a phase48 network 48-8-1, "
                                   "not to the full network 209-8-5 beside it")


def test_a_corrupt_state_is_a_clear_error(capsys, trained):
    (trained.parent / "n.npz.state.npz").write_bytes(b"\x80\x04garbage")
    _resume_fails(capsys, trained, f"{trained}.state.npz is not a Tabula training state (not an .npz archive)")


def test_a_corrupt_network_is_a_clear_error(capsys, trained):
    trained.write_bytes(b"\x80\x04garbage")
    _resume_fails(capsys, trained, f"{trained} is not a Tabula network (not an .npz archive)")


def test_an_out_folder_that_cannot_be_created_fails_before_training(capsys, tmp_path):
    (tmp_path / "file").write_text("not a folder")
    code, text, err = _train(capsys, "full", tmp_path / "file" / "sub" / "n.npz")
    assert code == 2 and "training" not in text
    assert err == f"tabula: error: cannot create the folder {tmp_path / 'file' / 'sub'}: {tmp_path / 'file'} is a file\n"
    assert _contents(tmp_path) == {"file": b"not a folder"}


def test_an_out_folder_that_is_not_writable_fails_before_training(capsys, tmp_path, monkeypatch):
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o555)
    if os.name != "posix" or os.geteuid() == 0:  # permissions do not bind root: deny as the OS would
        def deny(*args, **kwargs):
            raise PermissionError(13, "Permission denied")

        monkeypatch.setattr(checkpoints.tempfile, "mkstemp", deny)
    try:
        code, text, err = _train(capsys, "full", folder / "n.npz")
    finally:
        folder.chmod(0o755)
    assert code == 2 and "training" not in text
    assert err == f"tabula: error: cannot write in the folder {folder}: Permission denied\n"
    assert list(folder.iterdir()) == []


def test_the_progress_bar_counts_from_where_a_resumed_run_starts(capsys, tmp_path, monkeypatch):
    out = tmp_path / "n.npz"
    assert _train(capsys, "full", out)[0] == 0
    first = Network.load(out).meta["games"]
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    code, _, err = _train(capsys, "full", out, first + 6, "--resume")
    last = Network.load(out).meta["games"]
    assert code == 0 and err.startswith("\r[") and err.endswith("\n")
    assert f" {last}/{first + 6} games " in err.splitlines()[-1]


@pytest.mark.slow
def test_race_training_writes_a_race_network_after_every_round(capsys, tmp_path):
    out = tmp_path / "race.npz"
    code, text, _ = run(capsys, "train", "backgammon", "--arch", "race", "--games", "4", "--rounds", "2",
                        "--passes", "1", "--seed", "3", "--out", str(out))
    assert code == 0 and "round 2/2" in text and "race positions from 12 self-play games" in text
    net, source = Network.load(out), nets_evaluator.load_network("net-full")
    assert net.meta["kind"] == "race" and net.meta["rounds"] == 2
    assert net.meta["encoding"] == source.meta.get("encoding", "full") and net.sizes == source.sizes


@pytest.mark.parametrize("extra, message", [
    (("--resume",), "--arch race has no --resume"),
    (("--cluster", "ray"), "runs locally only"),
    (("--hidden", "8"), "no --hidden"),
    (("--lr", "0.001", "--lr-end", "0.01"), "must not exceed"),
])
def test_race_training_refuses_what_it_cannot_honour(capsys, tmp_path, extra, message):
    code, _, err = run(capsys, "train", "backgammon", "--arch", "race", "--games", "4",
                       "--out", str(tmp_path / "race.npz"), *extra)
    assert code == 2 and message in err and not (tmp_path / "race.npz").exists()


def test_rounds_and_passes_go_with_the_race_network_only(capsys, tmp_path):
    code, _, err = run(capsys, "train", "backgammon", "--arch", "full", "--games", "4", "--rounds", "2",
                       "--out", str(tmp_path / "n.npz"))
    assert code == 2 and "--rounds and --passes go with --arch race" in err and not list(tmp_path.iterdir())
