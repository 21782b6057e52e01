"""The Smart Game Format's syntax (FF[4]): a collection of game trees, each a sequence of
nodes of properties (``ID[value][value]...``), read and written.

Only what a match record needs: :func:`parse` returns each game tree's main line (the first
variation wherever a tree branches) as a list of nodes, each a list of ``(ID, [values])``;
values are unescaped (``\\]`` and ``\\\\``, soft line breaks removed).  :func:`escape` is the
writer's side.  A file that is not SGF raises ``ValueError`` saying where.
"""

from __future__ import annotations

from ...core.untrusted import shown

Node = list[tuple[str, list[str]]]

MAX_DEPTH = 100
"""The deepest nesting of game trees read: a match record nests one or two deep, and a
deeper file (one of ``(;`` repeated a thousand times is 4 kB) is refused, not recursed into."""


def parse(text: str) -> list[list[Node]]:
    """The game trees of ``text``, each as its main line of nodes."""
    reader = _Reader(text)
    trees = []
    reader.skip_space()
    while reader.peek() == "(":
        trees.append(reader.tree())
        reader.skip_space()
    if not trees:
        raise ValueError("not an SGF file: it does not start with '(;'")
    if reader.pos < len(text):
        raise ValueError(f"unexpected text after the last game tree at character {reader.pos}")
    return trees


def escape(value: str) -> str:
    """``value`` as an SGF property value's text (``]`` and ``\\`` escaped)."""
    return value.replace("\\", "\\\\").replace("]", "\\]")


class _Reader:
    def __init__(self, text: str):
        self.text, self.pos = text, 0

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def skip_space(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def expect(self, char: str) -> None:
        self.skip_space()
        if self.peek() != char:
            found = self.peek() or "the end of the file"
            raise ValueError(f"not valid SGF: expected {char!r} at character {self.pos}, found {found!r}")
        self.pos += 1

    def tree(self, depth: int = 1) -> list[Node]:
        """A game tree's main line: its sequence, then the first sub-tree's main line."""
        if depth > MAX_DEPTH:
            raise ValueError(f"not a match record: game trees nested more than {MAX_DEPTH} deep "
                             f"at character {self.pos}")
        self.expect("(")
        nodes: list[Node] = []
        self.skip_space()
        while self.peek() == ";":
            self.pos += 1
            nodes.append(self.node())
            self.skip_space()
        if not nodes:
            raise ValueError(f"not valid SGF: a game tree without nodes at character {self.pos}")
        first = True
        while self.peek() == "(":
            branch = self.tree(depth + 1)
            if first:
                nodes += branch
                first = False
            self.skip_space()
        self.expect(")")
        return nodes

    def node(self) -> Node:
        properties: Node = []
        while True:
            self.skip_space()
            start = self.pos
            while self.peek().isalpha():
                self.pos += 1
            name = "".join(c for c in self.text[start:self.pos] if c.isupper())
            if start == self.pos:
                return properties
            values = []
            self.skip_space()
            if self.peek() != "[":
                raise ValueError(f"not valid SGF: property {shown(name, 20)} without a value at character {self.pos}")
            while self.peek() == "[":
                values.append(self.value())
                self.skip_space()
            properties.append((name, values))

    def value(self) -> str:
        self.pos += 1
        out = []
        while True:
            if self.pos >= len(self.text):
                raise ValueError("not valid SGF: a property value is not closed with ']'")
            char = self.text[self.pos]
            self.pos += 1
            if char == "]":
                return "".join(out)
            if char == "\\":
                following = self.text[self.pos:self.pos + 1]
                self.pos += 1
                if following == "\r" and self.text[self.pos:self.pos + 1] == "\n":
                    self.pos += 1
                if following not in ("\n", "\r"):
                    out.append(following)
                continue
            out.append(char)
