"""``tabula train``: a tiny run, ``--resume``, and bad values as usage errors (exit 2)."""

from __future__ import annotations

import pytest

from game.backgammon.nets.network import Network
from ..cli.util import run

TINY = ("--hidden", "8", "--in-flight", "8", "--seed", "1", "--explore-games", "0")


def test_train_then_resume_continues_the_same_file(capsys, tmp_path):
    out = str(tmp_path / "n.npz")
    code, text, _ = run(capsys, "train", "backgammon", "--arch", "phase48", "--games", "6", "--out", out,
                        "--check-every", "6", "--check-deals", "2", "--opponent", "hard", *TINY)
    assert code == 0 and "points/game" in text
    first = Network.load(out).meta["games"]
    code, text, _ = run(capsys, "train", "backgammon", "--arch", "phase48", "--games", str(first + 4),
                        "--out", out, "--resume", "--check-every", "0", *TINY)
    assert code == 0 and "resumed" in text
    assert Network.load(out).meta["games"] >= first + 4
    assert Network.load(out).sizes == (48, 8, 1)


@pytest.mark.parametrize("extra, message", [
    (("--games", "0"), "at least 1"),
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


def test_an_existing_file_needs_resume(capsys, tmp_path):
    out = tmp_path / "n.npz"
    out.write_bytes(b"")
    code, _, err = run(capsys, "train", "backgammon", "--arch", "full", "--games", "5", "--out", str(out))
    assert code == 2 and "--resume" in err
