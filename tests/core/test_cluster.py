"""``--cluster ray`` without Ray installed is a clear error naming the extra to install."""

from __future__ import annotations


import pytest

from game.core.cluster import ClusterError, connect, require_ray


def test_missing_ray_says_how_to_install_it(without_ray):
    for call in (require_ray, connect):
        with pytest.raises(ClusterError, match=r"pip install 'tabula\[cluster\]'"):
            call()


@pytest.mark.parametrize("address, words", [
    ("127.0.0.1:1", "cannot reach the Ray cluster at 127.0.0.1:1: Connection refused"),
    ("not-a-host.invalid:6379", "no host is called not-a-host.invalid"),
    ("a b:x", "not HOST:PORT"),
    ("host:6379/path", "not HOST:PORT"),
])
def test_an_unreachable_cluster_is_said_within_seconds(address, words):
    """Ray would retry for minutes; the check answers at once (no Ray needed to ask)."""
    from game.core.cluster import check_reachable

    with pytest.raises(ClusterError, match=words):
        check_reachable(address, timeout=3.0)


def test_a_listening_head_is_reachable():
    import socket

    from game.core.cluster import check_reachable

    with socket.create_server(("127.0.0.1", 0)) as server:
        check_reachable(f"127.0.0.1:{server.getsockname()[1]}")
        check_reachable(f"ray://127.0.0.1:{server.getsockname()[1]}")


@pytest.mark.ray  # imports Ray (it stops at the unreachable address, before starting it)
def test_the_command_line_gives_exit_2_for_an_unreachable_cluster(capsys, tmp_path):
    from tests.cli.util import run  # Ray is in the test extra: this reaches the check, not the install hint

    code, out, err = run(capsys, "tournament", "backgammon", "--players", "random", "random", "--games", "2",
                         "--cluster", "ray", "--address", "127.0.0.1:1", "--out", str(tmp_path / "t"))
    assert code == 2 and err == "tabula: error: cannot reach the Ray cluster at 127.0.0.1:1: Connection refused\n"
