"""Every bench runs as ``python -m bench.<family>.<name>``: each module under ``bench/`` with
a command line answers ``--help``, and no bench edits ``sys.path`` (they import one another as
the package ``bench``)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench"
SOURCES = sorted(p for p in BENCH.rglob("*.py") if "__pycache__" not in p.parts)


def _module(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


COMMANDS = [_module(p) for p in SOURCES if "ArgumentParser(" in p.read_text(encoding="utf-8")]
"""The benches with a command line (``lib`` modules without one are helpers)."""

HELP = """
import contextlib, io, json, runpy, sys, warnings

# A module imported by a bench run before is run again as __main__, as python -m would run it.
warnings.filterwarnings("ignore", message=".* found in sys.modules after import of package", category=RuntimeWarning)
results = {}
for name in sys.argv[1:]:
    out, code = io.StringIO(), "returned without exiting"
    sys.argv = [name, "--help"]
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            runpy.run_module(name, run_name="__main__", alter_sys=True)  # as python -m does
    except SystemExit as done:
        code = done.code
    except BaseException as error:  # noqa: BLE001 (reported, not raised)
        code = repr(error)
    results[name] = [code, out.getvalue()]
print(json.dumps(results))
"""


@pytest.fixture(scope="module")
def helps() -> dict[str, list]:
    """``[exit code, output]`` of ``--help`` for every bench, run as ``__main__`` in one child
    process (the imports are shared: quicker than a process each)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-c", HELP, *COMMANDS], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def test_every_family_has_benches_and_every_main_has_a_command_line():
    families = {name.split(".")[1] for name in COMMANDS}
    assert {"speed", "strength", "agreement", "reliability"} <= families
    for path in SOURCES:
        text = path.read_text(encoding="utf-8")
        if '__name__ == "__main__"' in text:
            assert "ArgumentParser(" in text, f"{_module(path)} runs as a script without --help"


@pytest.mark.xdist_group("bench_help")
@pytest.mark.parametrize("name", COMMANDS)
def test_a_bench_answers_help(name, helps):
    code, output = helps[name]
    assert code == 0, output
    assert output.startswith("usage: "), output


def test_no_bench_edits_the_import_path():
    edits = [f"{path.relative_to(ROOT)}:{n}" for path in SOURCES
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"sys\.path\b", line)]
    assert edits == []
