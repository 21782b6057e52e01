"""Match equity tables: the chance of winning a match from a score, read from a ``.met`` file.

The file format is GNU Backgammon's and eXtreme Gammon's INI-like text (ISO-8859-1):
``[PreCrawford]`` with ``Size=n`` and rows `` i=`` of n values (row i, column j: the chance
of a player i away against an opponent j away, the Crawford game included when one of them
is 1 away) and ``[PostCrawford]`` with ``Size=n`` and one ``Data=`` row (the trailer's chance
n away against a leader 1 away, after the Crawford game). Other sections are ignored.
A malformed file gives a ``ValueError`` naming the file and the line.

Other tables: ``mec`` (Zadeh's method, :mod:`.mec`) and GNU Backgammon's XML files
(:mod:`.met_xml`); the table analyses use is chosen in :mod:`.met_choice`.
"""

from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path

from ...core.resources import asset_path
from ...core.untrusted import read_bytes

MAX_SIZE = 64
"""Largest table accepted (real tables stop at 25 or 64 away)."""


class MatchEquityTable:
    """Match winning chances by away counts; build with :meth:`parse` or :func:`kazaross`."""

    def __init__(self, pre: list[list[float]], post: list[float], name: str = "") -> None:
        if not pre or any(len(row) != len(pre) for row in pre) or len(post) != len(pre):
            raise ValueError("a match equity table needs an n x n pre-Crawford table and n post-Crawford values")
        self._pre = tuple(tuple(row) for row in pre)
        self._post = tuple(post)
        self.name = name

    @property
    def size(self) -> int:
        """The largest away count the table covers."""
        return len(self._pre)

    def _check(self, *aways: int) -> None:
        for away in aways:
            if away > self.size:
                raise ValueError(f"{away} away is beyond the match equity table {self.name!r} (at most {self.size})")

    def pre(self, away_me: int, away_opp: int) -> float:
        """My chance of winning the match, ``away_me`` away against ``away_opp`` away, before
        the Crawford game is over (1.0 when I need nothing more, 0.0 when the opponent doesn't)."""
        if away_me <= 0:
            return 1.0
        if away_opp <= 0:
            return 0.0
        self._check(away_me, away_opp)
        return self._pre[away_me - 1][away_opp - 1]

    def post(self, away_trailer: int) -> float:
        """The trailer's chance, ``away_trailer`` away against a leader 1 away, after the
        Crawford game (1.0 at 0 away)."""
        if away_trailer <= 0:
            return 1.0
        self._check(away_trailer)
        return self._post[away_trailer - 1]

    def mwc(self, away_me: int, away_opp: int, post_crawford: bool = False) -> float:
        """My chance of winning the match at a score; ``post_crawford`` says the Crawford game
        has been played, so a 1-away leader faces the post-Crawford table."""
        if away_me <= 0 or away_opp <= 0:
            return self.pre(away_me, away_opp)
        if post_crawford and away_opp == 1:
            return self.post(away_me)
        if post_crawford and away_me == 1:
            return 1.0 - self.post(away_opp)
        return self.pre(away_me, away_opp)

    def equity(self, score: tuple[int, int], match_length: int, crawford_done: bool = False) -> float:
        """The first player's chance from a score ``(mine, theirs)`` in a match to ``match_length``."""
        return self.mwc(match_length - score[0], match_length - score[1], crawford_done)

    @classmethod
    def parse(cls, text: str, name: str = "match equity table") -> MatchEquityTable:
        """A table from the text of a ``.met`` file; ``name`` names it in error messages."""
        sections: dict[str, dict[str, tuple[int, str]]] = {}
        current: dict[str, tuple[int, str]] | None = None
        for number, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            if not line or line.startswith((";", "#")):
                continue
            if line.startswith("["):
                if not line.endswith("]"):
                    raise ValueError(f"{name} line {number}: unclosed section header")
                current = sections.setdefault(line[1:-1].strip().lower(), {})
                continue
            key, sep, value = line.partition("=")
            if not sep or current is None:
                raise ValueError(f"{name} line {number}: expected key=value inside a section")
            key = key.strip().lower()
            if key in current:
                raise ValueError(f"{name} line {number}: {key!r} given twice")
            current[key] = (number, value.strip())
        pre_section = _section(sections, "precrawford", name)
        post_section = _section(sections, "postcrawford", name)
        size = _size(pre_section, name)
        if _size(post_section, name) != size:
            raise ValueError(f"{name}: PreCrawford and PostCrawford sizes differ")
        rows = [_values(pre_section, str(i), size, name) for i in range(1, size + 1)]
        post = _values(post_section, "data", size, name)
        title = sections.get("current", {}).get("name", (0, ""))[1]
        return cls(rows, post, title or name)

    @classmethod
    def load(cls, path: Path | str) -> MatchEquityTable:
        """A table from a ``.met`` file (at most 1 MB)."""
        name = Path(path).name
        return cls.parse(read_bytes(path, 1 << 20, "match equity table").decode("iso-8859-1"), name)


def _section(sections: dict, key: str, name: str) -> dict[str, tuple[int, str]]:
    if key not in sections:
        raise ValueError(f"{name}: no [{key}] section")
    return sections[key]


def _size(section: dict[str, tuple[int, str]], name: str) -> int:
    number, text = section.get("size", (0, ""))
    if not text.isdigit() or not 1 <= int(text) <= MAX_SIZE:
        raise ValueError(f"{name} line {number}: Size must be a whole number from 1 to {MAX_SIZE}, not {text[:20]!r}")
    return int(text)


def _values(section: dict[str, tuple[int, str]], key: str, size: int, name: str) -> list[float]:
    if key not in section:
        raise ValueError(f"{name}: row {key!r} is missing")
    number, text = section[key]
    words = text.split()
    if len(words) != size:
        raise ValueError(f"{name} line {number}: {len(words)} values where {size} are needed")
    return [chance(word, f"{name} line {number}") for word in words]


def chance(word: str, where: str) -> float:
    """``word`` as a match winning chance; a ``ValueError`` naming ``where`` when it is not one."""
    try:
        value = float(word)
    except ValueError:
        raise ValueError(f"{where}: {word[:20]!r} is not a number") from None
    if not (math.isfinite(value) and 0.0 <= value <= 1.0):
        raise ValueError(f"{where}: {word[:20]!r} is not a chance between 0 and 1")
    return value


@lru_cache(maxsize=1)
def kazaross() -> MatchEquityTable:
    """The shipped Kazaross XG2 table (25 x 25), read once."""
    return MatchEquityTable.load(asset_path("backgammon", "met", "Kazaross-XG2.met"))

