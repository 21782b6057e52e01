"""GNU Backgammon's match equity table XML format (its ``met/*.xml`` and ``met.dtd``), read as
untrusted input.

A file is ``<met>`` with ``<info>`` (``<name>``, ``<description>``, ``<length>``), a
``<pre-crawford-table>`` and a ``<post-crawford-table>``.  A table is ``type="explicit"``,
rows of ``<me>`` values (the pre-Crawford table n rows of n: row i, column j is the chance of
a player i away against j away; the post-Crawford table one row: the trailer n away against a
leader 1 away), or ``type="mec"`` with ``<parameters>`` (``gammon-rate``, ``win-rate``,
``free-drop-2-away``, ``free-drop-4-away``), which :mod:`.mec` computes.  A post-Crawford table
for one player only (``player="0"`` or ``"1"``) is refused: Tabula's tables are the same for
both players.

Every way a file can be wrong is a ``ValueError`` of one line naming the file: not XML (or an
entity declaration, which could expand without bound), a missing part, rows of the wrong
length, a value that is not a chance between 0 and 1, and a table that is not monotone (a
player's chance must not fall as the opponent needs more points, nor rise as the player
needs more; the trailer's after the Crawford game must not rise as it needs more).
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

from .mec import MecParameters, mec_values
from .met import MAX_SIZE, MatchEquityTable, chance

TOLERANCE = 1e-9
"""How far a table may step the wrong way and still count as monotone (rounding)."""


def parse_xml(text: str, name: str) -> MatchEquityTable:
    """The table of a GNU Backgammon MET XML file's text; ``name`` (the file's) names it in errors."""
    if "<!ENTITY" in text:
        raise ValueError(f"{name}: entity declarations are not accepted in a match equity table")
    try:
        root = ElementTree.fromstring(text)
    except ElementTree.ParseError as error:
        raise ValueError(f"{name}: not a readable XML file ({error})") from None
    if root.tag != "met":
        raise ValueError(f"{name}: not a match equity table (its root is <{root.tag}>, not <met>)")
    title = (root.findtext("info/name") or "").strip() or name
    pre_table, post_table = _part(root, "pre-crawford-table", name), _part(root, "post-crawford-table", name)
    if post_table.get("player", "both") != "both":
        raise ValueError(f"{name}: a post-Crawford table for one player only is not supported (Tabula's are both players')")
    kinds = {pre_table.get("type", "explicit"), post_table.get("type", "explicit")}
    if kinds == {"mec"}:
        return _mec(pre_table, post_table, name, title)
    if kinds != {"explicit"}:
        raise ValueError(f"{name}: tables of type {', '.join(sorted(kinds - {'explicit'}))} are not supported "
                         "(explicit tables and mec are)")
    pre = [_values(row, f"{name}: pre-Crawford row {i}") for i, row in enumerate(pre_table.findall("row"), 1)]
    size = len(pre)
    if not 1 <= size <= MAX_SIZE:
        raise ValueError(f"{name}: the pre-Crawford table has {size} rows; 1 to {MAX_SIZE} are accepted")
    for i, row in enumerate(pre, 1):
        if len(row) != size:
            raise ValueError(f"{name}: pre-Crawford row {i} has {len(row)} values where {size} are needed")
    posts = post_table.findall("row")
    if len(posts) != 1:
        raise ValueError(f"{name}: the post-Crawford table needs one row, not {len(posts)}")
    post = _values(posts[0], f"{name}: the post-Crawford row")
    if len(post) < size:
        raise ValueError(f"{name}: the post-Crawford row has {len(post)} values where {size} are needed")
    post = post[:size]
    _check_monotone(pre, post, name)
    return MatchEquityTable(pre, post, title)


def _part(root, tag: str, name: str):
    found = root.find(tag)
    if found is None:
        raise ValueError(f"{name}: no <{tag}>")
    return found


def _values(row, where: str) -> list[float]:
    return [chance((cell.text or "").strip(), where) for cell in row.findall("me")]


def _check_monotone(pre: list[list[float]], post: list[float], name: str) -> None:
    size = len(pre)
    for i in range(size):
        for j in range(1, size):
            if pre[i][j] < pre[i][j - 1] - TOLERANCE:
                raise ValueError(f"{name}: not monotone: {i + 1}-away's chance falls from {pre[i][j - 1]} to "
                                 f"{pre[i][j]} as the opponent goes from {j} to {j + 1} away")
            if pre[j][i] > pre[j - 1][i] + TOLERANCE:
                raise ValueError(f"{name}: not monotone: the chance against {i + 1}-away rises from "
                                 f"{pre[j - 1][i]} to {pre[j][i]} from {j} to {j + 1} away")
    for t in range(1, size):
        if post[t] > post[t - 1] + TOLERANCE:
            raise ValueError(f"{name}: not monotone: the post-Crawford trailer's chance rises from {post[t - 1]} "
                             f"to {post[t]} from {t} to {t + 1} away")


PARAMETERS = {"gammon-rate": "gammon_rate", "win-rate": "win_rate", "free-drop-2-away": "free_drop_2",
              "free-drop-4-away": "free_drop_4"}


def _mec(pre_table, post_table, name: str, title: str) -> MatchEquityTable:
    given: dict[str, float] = {}
    for table in (pre_table, post_table):
        for parameter in table.findall("parameters/parameter"):
            key = parameter.get("name", "")
            if key not in PARAMETERS:
                raise ValueError(f"{name}: unknown mec parameter {key[:30]!r} (known: {', '.join(PARAMETERS)})")
            try:
                value = float((parameter.text or "").strip())
            except ValueError:
                raise ValueError(f"{name}: mec parameter {key} is not a number") from None
            if PARAMETERS[key] in given and given[PARAMETERS[key]] != value:
                raise ValueError(f"{name}: mec parameter {key} given twice with different values")
            given[PARAMETERS[key]] = value
    try:
        parameters = MecParameters(**given)
    except ValueError as error:
        raise ValueError(f"{name}: {error}") from None
    return MatchEquityTable(*mec_values(parameters), name=title)
