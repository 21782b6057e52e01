"""Output targets: every command that writes a file, pointed at whatever a path can name.

A case is a command (``review --html``, ``export``, ``tournament --out``, ``calibrate --out``,
``train --out``), an output path drawn from a fresh folder of traps — the command's own input
(as named, through a symbolic link, a hard link, ``sub/../``), the review's cache, an existing
file, a dangling link, a FIFO, a folder, a link to ``/dev/null``, a missing folder, names of 256 and 300
bytes — and ``--force`` or not.  Whatever the outcome, nothing the user did not name changes:
every entry of the folder but the output itself (and what an output link points to) keeps its
kind and bytes, and the input, its cache, a FIFO and a device are never replaced, even with
``--force``."""

from __future__ import annotations

import hashlib
import os
import random
import shutil
import stat
import tempfile
from functools import lru_cache
from pathlib import Path

from .commands import judged
from .readers import MATCHES
from .runner import FollowUpFailed, Target

PROTECTED = ("m.mat", "m.mat.review", "link.mat", "hard.mat", "sub/../m.mat", "./m.mat", "fifo", "null-link")
"""Outputs that name the input, its cache, or what is no regular file: always refused."""
TAKEN = ("old.html", "old.mat", "dangling", "link-to-old")
"""Existing entries (a regular file, a dangling link, a link to a regular file): replaced only with ``--force``."""
ELSEWHERE = ("sub", "missing/out.html", "a" * 256 + ".html", "b" * 300 + ".mat", "new.html", "new.mat",
             "new.sgf", "sub/new.sgf", "new-folder", "m.mat/x.html", "")


@lru_cache(maxsize=1)
def master() -> Path:
    """A folder with a short match and its review cache, made once (the review takes seconds)."""
    from .commands import run_command

    folder = Path(tempfile.mkdtemp(prefix="tabula-fuzz-outputs-"))
    shutil.copyfile(MATCHES / "money-a.mat", folder / "m.mat")
    code, _, err = run_command(["review", str(folder / "m.mat"), "--level", "intermediate"])
    if code != 0 or not (folder / "m.mat.review").exists():
        raise RuntimeError(f"the fuzzer's review cache could not be made: {err.strip()[:200]}")
    return folder


def traps(base: Path) -> Path:
    """A fresh folder of traps under ``base`` (see the module doc)."""
    folder = Path(tempfile.mkdtemp(dir=base))
    for name in ("m.mat", "m.mat.review"):
        shutil.copyfile(master() / name, folder / name)
    (folder / "old.html").write_text("<p>kept</p>")
    (folder / "old.mat").write_text("kept")
    (folder / "sub").mkdir()
    os.symlink("m.mat", folder / "link.mat")
    os.link(folder / "m.mat", folder / "hard.mat")
    os.symlink("nowhere/x", folder / "dangling")
    os.symlink("old.html", folder / "link-to-old")
    os.mkfifo(folder / "fifo")
    os.symlink("/dev/null", folder / "null-link")  # a device, named through a link: code that replaced
    # the device instead of refusing it would only replace the link (never the machine's /dev/null)
    return folder


def snapshot(folder: Path) -> dict[str, tuple]:
    """Every entry under ``folder`` (and ``/dev/null``): its kind, and its bytes' hash for a file."""
    seen: dict[str, tuple] = {}
    for path in [*folder.rglob("*"), Path("/dev/null")]:
        info = os.lstat(path)
        key = str(path.relative_to(folder)) if path.is_relative_to(folder) else str(path)
        digest = (hashlib.sha256(path.read_bytes()).hexdigest() if stat.S_ISREG(info.st_mode) else
                  os.readlink(path) if stat.S_ISLNK(info.st_mode) else "")
        seen[key] = (stat.S_IFMT(info.st_mode), digest)
    return seen


COMMANDS = {
    "review": lambda folder, out: ["review", str(folder / "m.mat"), "--level", "intermediate", "--html", out],
    "export": lambda folder, out: ["export", str(folder / "m.mat"), out],
    "tournament": lambda folder, out: ["tournament", "backgammon", "--players", "random", "random", "--games", "2",
                                       "--workers", "1", "--out", out],
    "calibrate": lambda folder, out: ["calibrate", "backgammon", "--evaluator", "bras", "--games", "2",
                                      "--positions-per-game", "2", "--out", out],
    "train": lambda folder, out: ["train", "backgammon", "--arch", "phase48", "--games", "2", "--out", out],
}
WEIGHTS = {"review": 4, "export": 4, "tournament": 2, "calibrate": 1, "train": 1}


def draw_output(rng: random.Random) -> tuple[str, str, bool]:
    """``(command, output as typed relative to the trap folder, --force)``."""
    command = rng.choices(list(WEIGHTS), weights=list(WEIGHTS.values()))[0]
    out = rng.choice(rng.choice((PROTECTED, TAKEN, ELSEWHERE)))
    if command == "export" and out.endswith(".html"):
        out = out[:-5] + rng.choice((".mat", ".sgf"))
    return command, out, rng.random() < 0.5


def check_output(case: tuple[str, str, bool], base: Path | None = None) -> None:
    command, out, force = case
    folder = traps(base or _scratch())
    try:
        target = out if out.startswith("/") or not out else str(folder / out)
        argv = COMMANDS[command](folder, target) + (["--force"] if force else [])
        named = set() if out in PROTECTED else {_key(folder, target)}
        if os.path.islink(target) and out not in PROTECTED:
            named.add(_key(folder, os.path.join(folder, os.readlink(target))))
        if command == "train" and named:  # the network's state and best so far, beside it
            named |= {_key(folder, target + ".state.npz"), _key(folder, str(Path(target).with_suffix(".best.npz")))}
        before = snapshot(folder)
        cwd = os.getcwd()
        os.chdir(folder)  # nothing written beside the checkout, whatever a command does with a relative name
        try:
            judged(argv)
            accepted = True
        except ValueError:
            accepted = False
        finally:
            os.chdir(cwd)
        after = snapshot(folder)
        changed = sorted(key for key in before.keys() | after.keys()
                         if before.get(key) != after.get(key) and not any(_within(key, n) for n in named))
        if changed:
            raise FollowUpFailed(f"{command} {out[:40]!r}{' --force' if force else ''} changed what it was not "
                                 f"given: {', '.join(changed)[:200]}")
        if accepted and out in PROTECTED:
            raise FollowUpFailed(f"{command} accepted {out!r} as its output{' with --force' if force else ''}")
        if accepted and out in TAKEN and not force and command in ("review", "export"):
            raise FollowUpFailed(f"{command} replaced {out!r} without --force")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if not accepted:
        raise ValueError("refused")


def _key(folder: Path, path: str) -> str:
    resolved = os.path.normpath(path)
    return os.path.relpath(resolved, folder) if resolved.startswith(str(folder)) else resolved


def _within(key: str, named: str) -> bool:
    """``key`` is the output itself or inside it (an output folder's files)."""
    return key == named or key.startswith(named.rstrip("/") + "/")


@lru_cache(maxsize=1)
def _scratch() -> Path:
    return Path(tempfile.mkdtemp(prefix="tabula-fuzz-traps-"))


TARGETS: dict[str, Target] = {"output targets": Target(draw_output, check_output, share=0.25, hang_seconds=60)}
