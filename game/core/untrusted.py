"""Reading files as untrusted input: regular files only, bounded sizes, checked JSON.

Every file Tabula reads back (saves, settings, tournament folders, training checkpoints)
may have been damaged, truncated, swapped for something else or written by hand, so
readers go through here and get one kind of error, :class:`UntrustedFileError`, whose
message can be shown as is:

- :func:`read_bytes` opens only a regular file (never a device such as ``/dev/zero`` or a
  FIFO, which would read forever or hang) and reads at most its limit; :func:`open_regular`
  opens one the same way to be read piece by piece;
- :func:`parse_json` refuses what Python's decoder would choke on later: nesting deeper
  than :data:`MAX_DEPTH` (a ``RecursionError`` otherwise), whole numbers longer than
  :data:`MAX_DIGITS` digits (a ``ValueError`` past 4,300 digits, slow well before),
  ``NaN`` and infinities;
- :class:`Fields` checks a decoded object against what a reader expects (types, ranges,
  lengths) and names the field that is wrong;
- :func:`shown` quotes a value from a file in a message, cut to a few dozen characters, so
  a megabyte-long name never reaches the screen.
"""

from __future__ import annotations

import json
import math
import os
import stat
from collections.abc import Iterable
from pathlib import Path
from typing import Any, BinaryIO, Literal, TypeGuard, overload

MAX_DEPTH = 32
"""Deepest nesting of lists and objects accepted in a JSON file (Tabula's own need 3)."""

MAX_DIGITS = 40
"""Longest whole number accepted in a JSON file (seeds need 20 digits)."""

MAX_NAME = 64
"""Longest name (of a player, a game, an option) read from a file."""


class UntrustedFileError(ValueError):
    """A file that cannot be used; the message says which and why, for the user."""


def shown(value: Any, limit: int = 40) -> str:
    """``repr(value)`` for a message, cut to about ``limit`` characters with "…"."""
    if isinstance(value, (str, bytes)) and len(value) > limit:
        value = value[:limit]
        return repr(value)[:-1] + "…" + repr(value)[-1]
    if isinstance(value, (list, dict, tuple)):
        kind = type(value).__name__
        return f"a {kind} of {len(value)}" if len(value) > 3 else _cut(repr_bounded(value), limit)
    return _cut(repr_bounded(value), limit)


def repr_bounded(value: Any) -> str:
    """``repr`` that never builds a huge string (a long number is shown by its digit count)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        digits = int(value.bit_length() * 0.30102999566) + 1  # exact after the check below
        if abs(value) < 10 ** (digits - 1):
            digits -= 1
        return f"a number of {digits} digits"
    return repr(value)


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


def read_bytes(path: Path | str, limit: int, what: str = "file") -> bytes:
    """The content of the regular file ``path``, at most ``limit`` bytes.

    :class:`UntrustedFileError` when it is missing, not a regular file (a folder, a device,
    a FIFO — opened without waiting, so a FIFO never hangs), unreadable or larger than
    ``limit`` (checked by reading, since a device or a growing file reports no true size).
    """
    name = Path(path).name or str(path)
    with open_regular(path, what) as handle:
        try:
            size = os.fstat(handle.fileno()).st_size
            if size > limit:
                raise UntrustedFileError(f"{name} is too large to be a {what} ({size:,} bytes; "
                                         f"the limit is {limit:,})")
            content = handle.read(limit + 1)  # the size seen may be stale: read past the limit to know
        except OSError as error:
            raise UntrustedFileError(f"cannot read {name}: {error.strerror or error}") from None
    size = len(content)
    if size > limit:
        raise UntrustedFileError(f"{name} is too large to be a {what} (over {limit:,} bytes)")
    return content


def read_text(path: Path | str, limit: int, what: str = "file") -> str:
    """:func:`read_bytes` decoded as UTF-8 (a binary file is an :class:`UntrustedFileError`)."""
    raw = read_bytes(path, limit, what)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise UntrustedFileError(f"{Path(path).name} is not a {what} (not a text file)") from None


def load_json(path: Path | str, limit: int, what: str = "file") -> Any:
    """The checked JSON content of a file (see :func:`parse_json`)."""
    return parse_json(read_text(path, limit, what), Path(path).name, what)


def parse_json(text: str | bytes, name: str, what: str = "file") -> Any:
    """``text`` decoded as JSON within this module's bounds; :class:`UntrustedFileError`
    naming ``name`` otherwise."""
    try:
        value = json.loads(text, parse_int=_whole, parse_constant=_constant, parse_float=_finite)
    except RecursionError:
        raise UntrustedFileError(f"{name} is not a {what}: nested deeper than {MAX_DEPTH} levels") from None
    except _Refused as error:
        raise UntrustedFileError(f"{name} is not a {what}: {error}") from None
    except json.JSONDecodeError as error:
        raise UntrustedFileError(
            f"{name} is damaged or truncated: not valid JSON ({error.msg} at line {error.lineno})") from None
    except (ValueError, UnicodeDecodeError) as error:
        raise UntrustedFileError(f"{name} is not a {what}: {error}") from None
    if _depth_exceeds(value, MAX_DEPTH):
        raise UntrustedFileError(f"{name} is not a {what}: nested deeper than {MAX_DEPTH} levels")
    return value


class _Refused(ValueError):
    pass


def _whole(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _Refused(f"a number of {len(text)} digits (at most {MAX_DIGITS})")
    return int(text)


def _finite(text: str) -> float:
    if len(text) > MAX_DIGITS * 2:
        raise _Refused(f"a number of {len(text)} characters")
    value = float(text)
    if not math.isfinite(value):
        raise _Refused("a number too large")
    return value


def _constant(text: str) -> Any:
    raise _Refused(f"{text} is not a number JSON allows")


def _depth_exceeds(value: Any, limit: int) -> bool:
    """True when lists/objects in ``value`` nest deeper than ``limit`` (no recursion)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Iterable = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


class Fields:
    """Checked access to a decoded JSON object: each getter returns the value or raises
    :class:`UntrustedFileError` saying ``"<name>: '<key>' must be …"``."""

    def __init__(self, data: Any, name: str, what: str = "file") -> None:
        if not isinstance(data, dict):
            raise UntrustedFileError(f"{name} is not a {what}")
        self.data, self.name = data, name

    def error(self, key: str, expected: str) -> UntrustedFileError:
        value = self.data.get(key, _MISSING)
        got = "it is missing" if value is _MISSING else f"got {shown(value)}"
        return UntrustedFileError(f"{self.name}: {key!r} must be {expected}; {got}")

    def has(self, key: str) -> bool:
        return key in self.data

    def text(self, key: str, max_len: int = MAX_NAME, choices: Iterable[str] | None = None,
             empty: bool = False) -> str:
        value = self.data.get(key)
        ok = isinstance(value, str) and len(value) <= max_len and (empty or value != "")
        if choices is not None:
            choices = tuple(choices)
            ok = ok and value in choices
            if not ok:
                raise self.error(key, "one of " + ", ".join(choices))
        if not ok:
            raise self.error(key, f"text of at most {max_len} characters" + ("" if empty else ", not empty"))
        assert isinstance(value, str)  # what ok checked
        return value

    @overload
    def whole(self, key: str, low: int, high: int, optional: Literal[False] = False) -> int: ...
    @overload
    def whole(self, key: str, low: int, high: int, optional: bool) -> int | None: ...

    def whole(self, key: str, low: int, high: int, optional: bool = False) -> int | None:
        """The whole number at ``key`` in ``low..high`` (``None`` too when ``optional``)."""
        value = self.data.get(key)
        if optional and value is None:
            return None
        if not is_whole(value, low, high):
            raise self.error(key, f"a whole number from {low:,} to {high:,}" + (" or null" if optional else ""))
        return value

    def flag(self, key: str) -> bool:
        value = self.data.get(key)
        if not isinstance(value, bool):
            raise self.error(key, "true or false")
        return value

    def texts(self, key: str, count: range, max_len: int = MAX_NAME) -> list[str]:
        value = self.data.get(key)
        if not (isinstance(value, list) and len(value) in count
                and all(isinstance(v, str) and 0 < len(v) <= max_len for v in value)):
            size = f"{count.start}" if len(count) == 1 else f"{count.start} to {count.stop - 1}"
            raise self.error(key, f"a list of {size} names of at most {max_len} characters")
        return value

    def whole_list(self, key: str, count: range, low: int, high: int) -> list[int]:
        value = self.data.get(key)
        if not (isinstance(value, list) and len(value) in count and all(is_whole(v, low, high) for v in value)):
            raise self.error(key, f"a list of {count.start}–{count.stop - 1} whole numbers from {low} to {high}")
        return value

    def object(self, key: str) -> dict:
        value = self.data.get(key)
        if not isinstance(value, dict):
            raise self.error(key, "an object")
        return value


_MISSING = object()


def is_whole(value: Any, low: int, high: int) -> TypeGuard[int]:
    """True for an ``int`` (not a ``bool``) in ``low..high``."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def open_regular(path: Path | str, what: str = "file") -> BinaryIO:
    """The regular file ``path`` open for reading in binary, for a file too large to read
    whole (read it piece by piece, bounding each piece); :class:`UntrustedFileError` on the
    same grounds as :func:`read_bytes` but its size."""
    path = Path(path)
    name = path.name or str(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise UntrustedFileError(f"{name}: no such file") from None
    except IsADirectoryError:
        raise UntrustedFileError(f"{name} is a folder, not a {what}") from None
    except OSError as error:
        raise UntrustedFileError(f"cannot read {name}: {error.strerror or error}") from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise UntrustedFileError(f"{name} is a folder, not a {what}")
        if not stat.S_ISREG(mode):
            raise UntrustedFileError(f"{name} is not a regular file, so not a {what}")
        return os.fdopen(fd, "rb")
    except OSError as error:
        os.close(fd)
        raise UntrustedFileError(f"cannot read {name}: {error.strerror or error}") from None
    except BaseException:
        os.close(fd)
        raise
