"""The one guard of every file a command writes (a report, a match file, a tournament's or a
calibration's files, a network): nothing the user did not name is destroyed.

:func:`check_output` is called for each file a command will write, before any long work
starts (a review must not run for minutes and then refuse), and refuses with a one-line
:class:`~.argtypes.UsageError` (exit code 2), touching nothing:

- a name too long for the file system: a file or folder name over :data:`NAME_MAX` bytes,
  or a whole path the system cannot take;
- a folder at ``OUT`` (or a link to one), a folder that does not exist (not created, as
  ``cp`` would not), or one that cannot be written;
- a non-regular file at ``OUT`` (a device such as ``/dev/null`` or ``/dev/full``, a FIFO, a
  socket, or a link to one), even with ``--force``: replacing a device node or feeding a
  FIFO is never what a report was for;
- one of the command's inputs or the caches and side files it reads (``protected``), even
  with ``--force``, however the path is spelled: compared after resolving symbolic links
  and ``..`` and, when both exist, by device and inode (a hard link is the same file);
- any existing entry at ``OUT``, a dangling symbolic link included, unless ``force``.

:func:`check_folder_files` applies the same rules to the files a command writes into an
output folder (a tournament's, a calibration's).  :func:`write_output` writes atomically
(:func:`~.saves.write_atomic`: the old file stays whole if the write fails), checking
again just before the rules that hold even with ``--force``, since the work may have taken
minutes; whether an existing file may be replaced was settled when the command started.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterable
from pathlib import Path

from .argtypes import UsageError
from .saves import NAME_MAX, write_atomic
from .untrusted import shown

__all__ = ["check_output", "check_folder_files", "write_output", "same_file", "NAME_MAX"]


def _named(path: Path | str) -> str:
    """``path`` quoted for a message, its middle cut when long, so the file's name shows."""
    text = str(path)
    return repr(text if len(text) <= 80 else text[:30] + "…" + text[-48:])


def _bytes(name: str) -> int:
    return len(name.encode("utf-8", "surrogateescape"))


def same_file(a: Path | str, b: Path | str) -> bool:
    """Whether ``a`` and ``b`` name one file: the same path once links and ``..`` are resolved
    (so also a file not yet written), or the same device and inode (a hard link)."""
    if os.path.realpath(a) == os.path.realpath(b):
        return True
    try:
        first, second = os.stat(a), os.stat(b)
    except (OSError, ValueError):
        return False
    return (first.st_dev, first.st_ino) == (second.st_dev, second.st_ino)


def _too_long(path: Path, name: str) -> None:
    """Refuse a name in ``path`` longer than file systems allow (the last one named as the
    file name, an earlier one as a folder's)."""
    if _bytes(path.name) > NAME_MAX:
        raise UsageError(f"{name}: the file name ({_bytes(path.name)} bytes, ending {shown(path.name[-12:])}) "
                         f"is longer than {NAME_MAX} bytes, more than file systems allow")
    if any(_bytes(part) > NAME_MAX for part in path.parent.parts):
        raise UsageError(f"{name}: a folder name in it is longer than {NAME_MAX} bytes, more than file systems allow")


def _refusal(error: OSError, name: str) -> UsageError:
    if error.errno == errno.ENAMETOOLONG:
        return UsageError(f"{name}: the path is longer than the system allows")
    return UsageError(f"cannot write {name}: {error.strerror or error}")


def _kind(mode: int) -> str:
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _check_kept(path: Path, name: str, protected: Iterable[Path | str]) -> bool:
    """The rules that hold even with ``--force``; whether an entry (a dangling link included)
    is at ``path``."""
    for other in protected:
        if same_file(path, other):
            spelled = "" if os.path.normpath(path) == os.path.normpath(other) else f" ({_named(other)})"
            raise UsageError(f"{name} is a file this command reads{spelled}: it is never replaced; give another name")
    try:
        os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):  # the folder is checked next
        return False
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:  # a dangling link: an entry all the same
        return True
    if stat.S_ISDIR(mode):
        raise UsageError(f"{name} is a folder; give a file name, such as {_named(path / 'out')}")
    if not stat.S_ISREG(mode):
        raise UsageError(f"{name} is {_kind(mode)}, not a regular file: it is never replaced")
    return True


def check_output(path: Path | str, *, force: bool = False, protected: Iterable[Path | str] = (),
                 folder_made: bool = False) -> Path:
    """``path`` as a file this command may write (the rules in the module doc); a
    :class:`~.argtypes.UsageError` saying why not.  ``protected``: the command's inputs and
    the caches it reads.  ``folder_made``: the command creates a missing folder itself, or
    says why it cannot (a file in its place, no permission).  Nothing is created here."""
    path = Path(path)
    name = _named(path)
    _too_long(path, name)
    folder = path.parent
    try:
        exists = _check_kept(path, name, protected)
        if folder_made:
            pass  # the command creates the folder, or says why it cannot
        elif not folder.is_dir():
            raise UsageError(f"{name}: the folder {_named(folder)} does not exist (it is not created)")
        elif not os.access(folder, os.W_OK):
            raise UsageError(f"cannot write {name}: the folder {_named(folder)} is not writable")
    except OSError as error:
        raise _refusal(error, name) from None
    if exists and not force:
        raise UsageError(f"{name} exists; give --force to replace it")
    return path


def check_folder_files(folder: Path | str, names: Iterable[str], *, force: bool = False,
                       protected: Iterable[Path | str] = ()) -> Path:
    """``folder`` as the place of a command's files ``names``: each name's length, and when
    the folder exists each file there as :func:`check_output` checks it.  A missing folder
    (or a file in its place) is left to the command, which creates it or says why not."""
    folder = Path(folder)
    paths = [folder / file_name for file_name in names]
    for path in paths:
        _too_long(path, _named(path))
    try:
        exists = folder.is_dir()
    except OSError as error:
        raise _refusal(error, _named(folder)) from None
    for path in paths if exists else ():
        check_output(path, force=force, protected=protected)
    return folder


def write_output(path: Path | str, text: str | bytes, *, protected: Iterable[Path | str] = ()) -> Path:
    """Write ``text`` (or bytes, such as a zip) to ``path`` atomically, checked first by the rules that hold even with
    ``--force`` (the caller checked the rest with :func:`check_output` before its work);
    ``OSError`` if it cannot be written, the old file whole."""
    path = Path(path)
    name = _named(path)
    try:
        _check_kept(path, name, protected)
    except OSError as error:
        raise _refusal(error, name) from None
    write_atomic(path, text)
    return path
