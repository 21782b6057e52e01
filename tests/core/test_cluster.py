"""``--cluster ray`` without Ray installed is a clear error naming the extra to install; an
address that is unreachable, or open but no Ray head's, is one line within seconds."""

from __future__ import annotations

import contextlib
import re
import socket
import threading

import pytest

from game.core.cluster import ClusterError, connect, require_ray

GRPC = bytes([0, 0, 6, 4, 0, 0, 0, 0, 0]) + bytes([0, 3, 0, 0, 0, 100])  # a SETTINGS frame, as gRPC's
HTTP = b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
SILENT = None


@contextlib.contextmanager
def fake_server(answer: bytes | None):
    """A local port that accepts every connection and answers ``answer`` once the client has
    written (``SILENT``: nothing, holding the connection open); yields the port."""
    server = socket.create_server(("127.0.0.1", 0))
    held = []

    def serve():
        while True:
            try:
                connection, _ = server.accept()
            except OSError:  # the server was closed
                return
            held.append(connection)
            if answer is not None:
                connection.recv(1024)
                connection.sendall(answer)
                connection.close()

    threading.Thread(target=serve, daemon=True).start()
    try:
        yield server.getsockname()[1]
    finally:
        server.close()
        for connection in held:
            connection.close()


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


def test_a_port_answering_as_a_ray_head_is_reachable():
    """A gRPC server (a Ray head's GCS, the Ray Client's port) answers HTTP/2's preface with a
    SETTINGS frame (checked against a real Ray head's GCS by hand: it does)."""
    from game.core.cluster import check_reachable

    with fake_server(GRPC) as port:
        check_reachable(f"127.0.0.1:{port}")
        check_reachable(f"ray://127.0.0.1:{port}")


@pytest.mark.parametrize("answer, words", [
    (SILENT, "is not a Ray head: it accepts a connection but says nothing within 1 s"),
    (HTTP, "is not a Ray head: it answers HTTP/1, as a web server does"),
    (b"SSH-2.0-OpenSSH_9.6\r\n", "is not a Ray head: it answers, but not in a Ray head's protocol (gRPC)"),
    (b"", "is not a Ray head: it closes the connection without a word"),
])
def test_an_open_port_that_is_no_ray_head_is_said_at_once(answer, words):
    """Ray would wait on such a port for minutes (an HTTP one: 23 s and 20 lines of warnings)."""
    from game.core.cluster import check_reachable

    with fake_server(answer) as port:
        with pytest.raises(ClusterError, match=re.escape(words)):
            check_reachable(f"127.0.0.1:{port}", timeout=1.0)


def test_with_tls_only_the_connection_is_checked(monkeypatch):
    """A Ray head with TLS on speaks TLS first: no HTTP/2 preface is sent to it."""
    from game.core.cluster import check_reachable

    monkeypatch.setenv("RAY_USE_TLS", "1")
    with fake_server(SILENT) as port:
        check_reachable(f"127.0.0.1:{port}", timeout=1.0)


ARGV = {
    "rollout": ["rollout", "backgammon", "--position", "4HPwATDgc/ABMA", "--dice", "31", "--trials", "36"],
    "tournament": ["tournament", "backgammon", "--players", "random", "random", "--games", "2"],
    "train": ["train", "backgammon", "--arch", "full", "--games", "2", "--hidden", "4"],
}


@pytest.mark.ray  # each command imports Ray before it stops at the address
@pytest.mark.slow
def test_every_command_refuses_an_open_port_that_is_no_ray_head_in_one_line(tmp_path):
    """The reproduction: rollout, tournament and train hung for over 120 s on a port that says
    nothing, and took 23 s and 20 lines of Ray's warnings on one that answers HTTP.  Each is now
    one line and exit 2, within the probe's 3 s to connect and 3 s to hear back (the
    subprocesses' timeout only guards against a hang: it is no timing assertion)."""
    import subprocess
    import sys

    with fake_server(SILENT) as silent, fake_server(HTTP) as http:
        runs = {}
        for command, port in (("rollout", silent), ("tournament", silent), ("train", silent), ("rollout", http)):
            out = {"train": ["--out", str(tmp_path / f"{command}-{port}.npz")],
                   "tournament": ["--out", str(tmp_path / f"{command}-{port}")]}.get(command, [])
            runs[command, port] = subprocess.Popen(
                [sys.executable, "-m", "game", *ARGV[command], *out, "--cluster", "ray", "--address", f"127.0.0.1:{port}"],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for (command, port), process in runs.items():
            out, err = process.communicate(timeout=60)
            said = "says nothing within 3 s" if port == silent else "answers HTTP/1, as a web server does"
            assert process.returncode == 2 and out == "", (command, err)
            assert err.startswith(f"tabula: error: 127.0.0.1:{port} is not a Ray head: ") and said in err, (command, err)
            assert err.count("\n") == 1, (command, err)
        assert not list(tmp_path.iterdir())  # nothing written
