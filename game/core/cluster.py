"""Running work on a Ray cluster, an optional extra (``pip install '.[cluster]'``).

Long jobs (tournaments, strength runs, self-play training) run on this machine's processes by
default; with ``--cluster ray`` they go to Ray (https://www.ray.io), a widely used engine for
distributing Python work, instead of a home-made scheduler.  :func:`connect` starts a local
Ray instance (``address`` ``None``) or joins a running cluster (``ray start --head`` on one
machine, ``ray start --address=HEAD:6379`` on the others, then ``--address HEAD:6379`` or
``auto`` here); a cluster address is first checked to answer within a few seconds, and to
answer as a Ray head does (:func:`check_reachable`), since Ray retries an unreachable address
for minutes, and waits as long on a port that is open but no Ray head's, printing screens of
warnings.  Ray is imported only in this module's functions and only when asked for, so
Tabula runs without it; asking for it without it installed is a :class:`ClusterError`
saying how to install it.
"""

from __future__ import annotations

import os
import socket
import sysconfig
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

CLUSTERS = ("local", "ray")
"""The ``--cluster`` choices: this machine's processes, or Ray."""

INSTALL = "pip install 'tabula[cluster]' (or: pip install ray)"


class ClusterError(RuntimeError):
    """Ray was asked for and is missing, or the cluster could not be reached."""


def require_ray() -> Any:
    """The ``ray`` module; :class:`ClusterError` telling how to install it when it is missing."""
    try:
        import ray
    except ImportError:
        raise ClusterError(f"--cluster ray needs Ray, an optional extra: {INSTALL}") from None
    return ray


def connect(address: str | None = None, num_cpus: int | None = None) -> Any:
    """Ray, initialised once per process: a local instance with ``num_cpus`` worker CPUs (all
    of them when ``None``) when ``address`` is ``None``, else the cluster at ``address``.
    :class:`ClusterError` when Ray is missing or the cluster cannot be reached."""
    ray = require_ray()
    if address and address != "auto":
        check_reachable(address)  # even when Ray is up: another address must not pass unseen
    if ray.is_initialized():
        return ray
    options = {"include_dashboard": False, "log_to_driver": False, "configure_logging": False,
               "runtime_env": worker_env()}
    try:
        if address:
            ray.init(address=address, **options)
        else:
            ray.init(num_cpus=num_cpus, **options)
    except (ConnectionError, RuntimeError, ValueError) as error:
        where = f"the Ray cluster at {address}" if address else "a local Ray instance"
        raise ClusterError(f"cannot start or reach {where}: {error}") from None
    return ray


REACH_TIMEOUT = 3.0
"""Seconds to wait for a cluster's head to answer before saying it cannot be reached (Ray
itself keeps retrying for minutes, printing warnings)."""
DEFAULT_PORT = 6379
"""The port of a Ray head given without one (Ray's own default)."""


HTTP2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes([0, 0, 0, 4, 0, 0, 0, 0, 0])
"""What an HTTP/2 client sends first: the connection preface and an empty SETTINGS frame."""
SETTINGS = 4
"""The type of an HTTP/2 SETTINGS frame (the fourth byte of a frame's 9-byte header)."""


def check_reachable(address: str, timeout: float = REACH_TIMEOUT) -> None:
    """:class:`ClusterError` unless a Ray head answers at ``address`` (``HOST:PORT``,
    ``HOST``, ``[IPv6]:PORT`` or ``ray://HOST:PORT``) within ``timeout`` seconds to connect
    and as many to answer: an unknown host or a closed port is said at once, not after Ray's
    retries, and so is a port that is open but no Ray head's.

    A Ray head's port (GCS, and the Ray Client's ``ray://`` one) is a gRPC server, and gRPC
    speaks HTTP/2: sent an HTTP/2 client's preface, it answers with a SETTINGS frame.  A port
    that says nothing within ``timeout``, closes, or answers anything else (an HTTP/1.1 web
    server's ``HTTP/1.1 400``, an SSH banner) is refused here.  With ``RAY_USE_TLS`` set the
    head speaks TLS first, so only the connection is checked."""
    shown = address if len(address) <= 80 else address[:80] + "…"
    rest = address.split("://", 1)[1] if "://" in address else address
    try:
        parts = urlsplit("//" + rest)
        host, port = parts.hostname, parts.port or DEFAULT_PORT
    except ValueError as error:
        raise ClusterError(f"--address {shown}: not HOST:PORT ({error})") from None
    if not host or parts.path or parts.query:
        raise ClusterError(f"--address {shown}: not HOST:PORT (e.g. 192.168.1.10:6379)")
    try:
        connection = socket.create_connection((host, port), timeout=timeout)
    except socket.gaierror:
        raise ClusterError(f"cannot reach the Ray cluster at {shown}: no host is called {host[:80]}") from None
    except (TimeoutError, socket.timeout):
        raise ClusterError(f"cannot reach the Ray cluster at {shown}: no answer within {timeout:g} s") from None
    except OSError as error:
        raise ClusterError(f"cannot reach the Ray cluster at {shown}: {error.strerror or error}") from None
    with connection:
        if os.environ.get("RAY_USE_TLS", "0").lower() in ("0", "false", ""):
            _check_speaks_grpc(connection, shown, timeout)


def _check_speaks_grpc(connection: socket.socket, shown: str, timeout: float) -> None:
    """:class:`ClusterError` unless the peer answers an HTTP/2 preface with a SETTINGS frame."""
    answer = b""
    try:
        connection.settimeout(timeout)
        connection.sendall(HTTP2_PREFACE)
        while len(answer) < 9:
            part = connection.recv(9 - len(answer))
            if not part:
                break
            answer += part
    except (TimeoutError, socket.timeout):
        raise ClusterError(f"{shown} is not a Ray head: it accepts a connection but says nothing within "
                           f"{timeout:g} s (a Ray head's port is 6379 unless it was started with another)") from None
    except OSError as error:
        raise ClusterError(f"{shown} is not a Ray head: {error.strerror or error}") from None
    if len(answer) == 9 and answer[3] == SETTINGS:
        return
    if not answer:
        said = "it closes the connection without a word"
    elif answer.startswith(b"HTTP/"):
        said = "it answers HTTP/1, as a web server does"
    else:
        said = "it answers, but not in a Ray head's protocol (gRPC)"
    raise ClusterError(f"{shown} is not a Ray head: {said} (a Ray head's port is 6379 unless it was started "
                       "with another)")


def worker_env() -> dict[str, Any]:
    """The Ray runtime environment that lets workers import the ``game`` this process runs.

    Run from a checkout (``game`` not under site-packages), workers get the checkout on their
    ``PYTHONPATH``, ahead of any installed copy, so they play the very code of the run (on
    other machines the path must hold the same checkout, or Tabula be installed there).  An
    installed Tabula needs nothing: workers import it as this process does.  This process's
    ``OMP_NUM_THREADS``, when set, goes along: the BLAS thread count can change a float's last
    bit, and Ray gives a one-CPU worker one thread otherwise (training compares runs exactly)."""
    env = {}
    root = Path(__file__).resolve().parents[2]
    installed = {Path(sysconfig.get_paths()[key]).resolve() for key in ("purelib", "platlib")}
    if root not in installed:
        paths = [str(root)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
        env["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(paths))
    for name in FORWARDED:
        if os.environ.get(name):
            env[name] = os.environ[name]
    return {"env_vars": env} if env else {}


FORWARDED = ("OMP_NUM_THREADS", "TABULA_MET")
"""This process's variables that go along to Ray workers when set: the BLAS thread count
(:func:`worker_env`) and the chosen match equity table (``--met``; a file must be at the same
path on every machine)."""
