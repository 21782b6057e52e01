"""The corrupt-file corpus: damaged, hostile or impossible files that every reader must refuse
with a clear message, leaving the file as it was.

``CASES`` maps a case name to a function ``make(path)`` that puts that kind of file at
``path``.  Reader tests run each case through their reader and check with
:func:`fingerprint` that the file was not touched.  ``json_cases(valid)`` adds cases built
from a valid document of the reader's own format (a field of the wrong type, a huge string,
...), since a generic corpus cannot know the format.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

Maker = Callable[[Path], None]


def _bytes(content: bytes) -> Maker:
    def make(path: Path) -> None:
        path.write_bytes(content)
    return make


def _symlink(target: str) -> Maker:
    def make(path: Path) -> None:
        os.symlink(target, path)
    return make


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _folder(path: Path) -> None:
    path.mkdir()


def _sparse(path: Path) -> None:
    """A file that claims 64 MB (sparse, so cheap to make)."""
    with open(path, "wb") as out:
        out.truncate(64 << 20)


CASES: dict[str, Maker] = {
    "empty": _bytes(b""),
    "truncated": _bytes(b'{"format": "tabula-game", "schema": 1, "ga'),
    "binary": _bytes(bytes(range(256)) * 4),
    "not utf-8": _bytes(b'{"name": "\xff\xfe"}'),
    "deeply nested": _bytes(b"[" * 100_000 + b"]" * 100_000),
    "nested object": _bytes(b'{"a":' * 50_000 + b"1" + b"}" * 50_000),
    "5000-digit number": _bytes(b'{"seed": ' + b"9" * 5000 + b"}"),
    "NaN": _bytes(b'{"seed": NaN}'),
    "a list": _bytes(b"[1, 2, 3]"),
    "null": _bytes(b"null"),
    "a string": _bytes(b'"hello"'),
    "huge": _sparse,
    "link to /dev/zero": _symlink("/dev/zero"),
    "fifo": _fifo,
    "folder": _folder,
}
"""Kinds of bad file any JSON reader must refuse, whatever its format."""


def json_cases(valid: dict[str, Any]) -> dict[str, Maker]:
    """Bad variants of a reader's own valid document ``valid``: each top-level field removed,
    or set to a wrong type, a huge string, a huge number, a deep list or ``true``."""
    cases: dict[str, Maker] = {}
    bad_values = {"null": None, "true": True, "float": 1.0, "negative": -1, "huge number": 10**30,
                  "long text": "x" * 1_000_000, "deep list": _deep(30), "object": {"x": 1}, "list": [1, "a"]}
    for key, value in valid.items():
        cases[f"{key} missing"] = _document({k: v for k, v in valid.items() if k != key})
        for label, bad in bad_values.items():
            if bad == value and type(bad) is type(value):
                continue
            cases[f"{key} {label}"] = _document({**valid, key: bad})
    return cases


def _deep(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


def _document(data: Any) -> Maker:
    return _bytes(json.dumps(data).encode())


def fingerprint(path: Path) -> tuple:
    """What the file is now: its kind, size, modification time and (for a small regular
    file) content, to check a reader left it as it was."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return ("missing",)
    content = b""
    if os.path.isfile(path) and not os.path.islink(path) and info.st_size < 8 << 20:
        content = path.read_bytes()
    return (info.st_mode, info.st_size, info.st_mtime_ns, content)
