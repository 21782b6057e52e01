"""A game's rules page, in the player's words: what the window's Rules screen (F1) shows and
``tabula rules GAME`` prints.

A page is written in a small text form and read once by :func:`parse`::

    ## A heading
    A paragraph runs over lines up to a blank line.
    - A bullet point; the lines that follow it without a blank line continue it.
    | Piece | How it moves | Stun |      <- a table: its first row is the header
    | K King | one step in any direction | 4 |

Nothing else is markup: ``*``, backquotes and the like are shown as written.  A table's rows
must all have the header's number of cells (a ``ValueError`` otherwise, when the page is read),
so a page that would show a broken table never loads.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

HEADING, PARAGRAPH, BULLET, TABLE = "heading", "paragraph", "bullet", "table"


@dataclass(frozen=True)
class Block:
    """One part of a page: a heading, a paragraph, a bullet point (``text``) or a table
    (``rows``, the header first)."""

    kind: str
    text: str = ""
    rows: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True)
class RulesPage:
    """A titled page of :class:`Block` s (:func:`parse` makes one from the text form)."""

    title: str
    blocks: tuple[Block, ...]

    def plain_text(self, width: int = 78) -> str:
        """The page for a terminal: headings underlined, paragraphs wrapped to ``width``
        characters, bullets with a hanging indent and tables in aligned columns."""
        out = [self.title, "=" * len(self.title)]
        previous = HEADING
        for block in self.blocks:
            if block.kind == HEADING:
                out += ["", block.text, "-" * len(block.text)]
            elif block.kind == PARAGRAPH:
                out += ["", *textwrap.wrap(block.text, width)]
            elif block.kind == BULLET:  # a list's bullets stand together, after a blank line
                out += ([] if previous == BULLET else [""]) + textwrap.wrap(
                    block.text, width, initial_indent="  - ", subsequent_indent="    ")
            else:
                out += ["", *table_lines(block.rows, width)]
            previous = block.kind
        return "\n".join(out) + "\n"

    def words(self) -> str:
        """Every word on the page, the table cells included, in one string (for searching)."""
        parts = [self.title]
        for block in self.blocks:
            parts += [block.text] if block.kind != TABLE else [" ".join(row) for row in block.rows]
        return " ".join(" ".join(parts).split())

    def table(self, header: str) -> tuple[tuple[str, ...], ...]:
        """The rows (header excluded) of the table whose first header cell is ``header``;
        ``KeyError`` if the page has none."""
        for block in self.blocks:
            if block.kind == TABLE and block.rows[0][0] == header:
                return block.rows[1:]
        raise KeyError(f"{self.title}: no table headed {header!r}")


def parse(title: str, text: str) -> RulesPage:
    """The page ``title`` written in ``text`` (the module doc gives the form); ``ValueError``
    naming the line of a table row whose cells do not match its header, or of an empty one."""
    blocks: list[Block] = []
    lines: list[str] = []  # the paragraph or bullet being read
    kind = PARAGRAPH
    rows: list[tuple[str, ...]] = []

    def flush() -> None:
        nonlocal lines, rows
        if lines:
            blocks.append(Block(kind, " ".join(" ".join(lines).split())))
        if rows:
            blocks.append(Block(TABLE, rows=tuple(rows)))
        lines, rows = [], []

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if line.startswith("|"):
            cells = tuple(cell.strip() for cell in line.strip("|").split("|"))
            if rows and len(cells) != len(rows[0]) or not all(cells):
                raise ValueError(f"{title}, line {number}: a table row needs {len(rows[0]) if rows else 'its'} "
                                 f"non-empty cells: {line!r}")
            if lines:
                flush()
            rows.append(cells)
            continue
        if rows or not line or line.startswith(("## ", "- ")):
            flush()
        if line.startswith("## "):
            blocks.append(Block(HEADING, line[3:].strip()))
        elif line.startswith("- "):
            kind, lines = BULLET, [line[2:]]
        elif line:
            if not lines:
                kind = PARAGRAPH
            lines.append(line)
    flush()
    if not blocks:
        raise ValueError(f"{title}: the rules page is empty")
    return RulesPage(title, tuple(blocks))


def table_lines(rows: tuple[tuple[str, ...], ...], width: int) -> list[str]:
    """``rows`` (the header first) as aligned text columns, two spaces apart, a rule under
    the header; the widest column is wrapped when the table would pass ``width``."""
    count = len(rows[0])
    widths = [max(len(row[i]) for row in rows) for i in range(count)]
    spare = width - sum(widths) - 2 * (count - 1)
    if spare < 0:
        wide = widths.index(max(widths))
        widths[wide] = max(min(12, widths[wide]), widths[wide] + spare)
    out = []
    for n, row in enumerate(rows):
        cells = [textwrap.wrap(cell, widths[i]) or [""] for i, cell in enumerate(row)]
        for k in range(max(len(c) for c in cells)):
            parts = [(c[k] if k < len(c) else "") for c in cells]
            out.append("  ".join(_aligned(part, widths[i], row[i]) for i, part in enumerate(parts)).rstrip())
        if n == 0:
            out.append("  ".join("-" * w for w in widths))
    return out


def _aligned(text: str, width: int, cell: str) -> str:
    """A number is aligned right in its column, anything else left."""
    return text.rjust(width) if cell.replace("–", "").replace("-", "").isdigit() else text.ljust(width)
