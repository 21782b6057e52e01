"""``tabula --version`` and ``-V``: the version and the shipped networks' weights."""

import hashlib

import pytest

from game import __version__
from game.core.resources import assets_dir, weights_fingerprint

from .util import run


@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_the_version_names_the_program_and_its_weights(flag, capsys):
    code, out, err = run(capsys, flag)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == f"tabula {__version__}"
    full = (assets_dir() / "weights" / "net-full.npz").read_bytes()
    assert f"  net-full.npz  sha256 {hashlib.sha256(full).hexdigest()[:16]}" in lines
    assert lines[-1] == f"weights fingerprint {weights_fingerprint()}"
