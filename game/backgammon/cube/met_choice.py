"""The match equity table every match analysis of a process reads, chosen by name or from a file.

Tables by name (:data:`TABLES`): the shipped Kazaross XG2 (the default) and ``mec`` (Zadeh's
method, :mod:`.mec`, with GNU Backgammon's ``met/mec.xml`` parameters); any other is read
from a file, GNU Backgammon's XML (:mod:`.met_xml`) or the ``.met`` text (:mod:`.met`).
:func:`use` chooses one for this process and, through the environment variable
:data:`CHOSEN`, for the worker processes it starts from then on; :func:`active` reads it.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from ...core.untrusted import UntrustedFileError, read_bytes
from .mec import mec_values
from .met import MatchEquityTable, kazaross
from .met_xml import parse_xml

DEFAULT = "kazaross-xg2"
"""The table every analysis uses unless the player chooses another."""


def mec() -> MatchEquityTable:
    """Zadeh's method as GNU Backgammon's ``mec`` computes it, with the parameters of its
    ``met/mec.xml`` (:mod:`.mec`: gammon rate 0.26, equal players, free drop 0.015 at 2-away
    and 0.004 at 4-away)."""
    return _named("mec", lambda: MatchEquityTable(*mec_values(), name="mec (Zadeh's method, gammon rate 0.26)"))


TABLES = {"kazaross-xg2": kazaross, "mec": mec}
"""The tables Tabula knows by name; any other is read from a file."""

_made: dict[str, MatchEquityTable] = {}


def _named(key: str, make) -> MatchEquityTable:
    if key not in _made:
        _made[key] = make()
    return _made[key]


def load_table(text: str) -> MatchEquityTable:
    """A table by name (:data:`TABLES`, any case) or from a file: GNU Backgammon's XML
    (``.xml``) or the ``.met`` text of GNU Backgammon and eXtreme Gammon.  A ``ValueError``
    of one line for an unknown name or a file that cannot be used."""
    key = text.strip().lower()
    if key in TABLES:
        return TABLES[key]()
    path = Path(text).expanduser()
    if path.suffix.lower() not in (".xml", ".met"):
        raise ValueError(f"{text!r} is neither a known match equity table ({', '.join(TABLES)}) "
                         "nor a .met or .xml file")
    try:
        data = read_bytes(path, 1 << 20, "match equity table")
    except UntrustedFileError as error:
        raise ValueError(str(error)) from None
    if path.suffix.lower() == ".met":
        return MatchEquityTable.parse(data.decode("iso-8859-1"), path.name)
    try:
        text_of = data.decode("utf-8")
    except UnicodeDecodeError:
        text_of = data.decode("iso-8859-1")
    return parse_xml(text_of, path.name)


CHOSEN = "TABULA_MET"
"""The environment variable that carries the chosen table to worker processes."""

_active: MatchEquityTable | None = None
_forgetters: list[Callable[[], None]] = []


def on_change(forget: Callable[[], None]) -> None:
    """Call ``forget()`` whenever another table is chosen (:func:`use`): what a module
    remembered from the old table's figures must go."""
    _forgetters.append(forget)


def use(text: str | None) -> MatchEquityTable:
    """Choose the table every match analysis of this process (and of the workers it starts
    from now on) uses: a name or a file, ``None`` for the default; the table."""
    global _active
    table = load_table(text or DEFAULT)
    key = (text or DEFAULT).strip()
    os.environ[CHOSEN] = key if key.lower() in TABLES else str(Path(key).expanduser().resolve())
    if table is not _active:
        for forget in _forgetters:
            forget()
    _active = table
    return table


def active() -> MatchEquityTable:
    """The chosen table (:func:`use`; in a worker, the one its parent chose), else the default."""
    global _active
    if _active is None:
        _active = load_table(os.environ.get(CHOSEN) or DEFAULT)
    return _active


class BackgammonMatchEquity:
    """Backgammon's :class:`~game.core.capabilities.MatchEquity`: :data:`TABLES` and any file."""

    names = tuple(TABLES)
    choices = {"kazaross-xg2": "Kazaross XG2", "mec": "mec (Zadeh's method)"}

    @property
    def default(self) -> str:
        return load_table(DEFAULT).name

    def use(self, table: str | None) -> str:
        return use(table).name

    def current(self) -> str:
        return active().name


MATCH_EQUITY = BackgammonMatchEquity()
