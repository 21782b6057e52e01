"""Every game package has one shape (DESIGN.md, ``docs/adding-a-game.md``; Chesstack is the
template), checked on the source of each registered game's package:

- the modules of :data:`SHAPE` are there, ``players`` and ``analysis`` as a module or a
  package, ``view`` as a package, each defining the names :data:`DEFINES` lists;
- ``state.py`` is the bottom: of its game it imports only modules that import nothing of the
  game themselves (backgammon's board, cube state and resignation state layouts), so every
  other module can build on it;
- no import circle inside a game package, counting every import statement, those inside
  functions too: a module imports only modules below it, so each can be read, tested and
  loaded on its own.  A circle is broken by putting the shared piece lower (in ``state.py``),
  not by hiding an import in a function.  (What importing a module loads, the packages above
  it included, is ``tests/test_layers.py``'s circle check, game-wide.)

The checks run on small fake trees too, where they must fail.
"""

from __future__ import annotations

import ast
import re
from importlib import import_module
from pathlib import Path

import pytest

from .test_layers import GAME_DIR, circles_in, game_packages, module_name

SHAPE = {
    "state": "module",
    "notation": "module",
    "position": "module",
    "rules": "module",
    "status": "module",
    "analysis": "module or package",
    "names": "module",
    "players": "module or package",
    "info": "module",
    "rules_page": "module",
    "view": "package",
}
"""Every game package's parts, from the bottom up: the state, moves in text, position text, the
protocol, a state in words, analysis, the computer players' names and the players, the
declaration, the rules page, the view (the order of the table in ``docs/adding-a-game.md``)."""
DEFINES = {
    "position.py": ("parse_position", "format_position"),
    "status.py": ("describe", "outcome", "TITLES"),
    "names.py": ("PLAYER_NAMES",),
    "info.py": ("GAME",),
    "rules_page.py": ("PAGE",),
    "view/pygame_view.py": ("make_view",),
}
"""Names a part defines (or imports) at its top level: what the declaration and the window use."""


def defined_names(path: Path) -> set[str]:
    """The names ``path`` binds at its top level: functions, classes, assignments, imports."""
    found: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8"), str(path)).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            found |= {name.id for target in targets for name in ast.walk(target) if isinstance(name, ast.Name)}
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            found |= {(alias.asname or alias.name).partition(".")[0] for alias in node.names}
    return found


def shape_problems(package: Path) -> list[str]:
    """What ``package`` (a game's folder) lacks of :data:`SHAPE` and :data:`DEFINES`, in words."""
    where = f"game/{package.name}"
    problems = []
    for part, kind in SHAPE.items():
        module, folder = package / f"{part}.py", package / part / "__init__.py"
        if module.is_file() and folder.is_file():
            problems.append(f"{where} has both {part}.py and {part}/")
        elif not (module.is_file() and "module" in kind or folder.is_file() and "package" in kind):
            problems.append(f"{where} has no {part} {kind} ({part}.py or {part}/)" if kind == "module or package"
                            else f"{where} has no {part}{'.py' if kind == 'module' else '/ package'}")
    for relative, names in DEFINES.items():
        path = package / relative
        if path.is_file():
            missing = [name for name in names if name not in defined_names(path)]
            if missing:
                problems.append(f"{where}/{relative} defines no {', '.join(missing)}")
    if (package / "view.py").is_file():
        problems.append(f"{where} has a view.py: a view is a view/ package")
    return problems


def package_modules(package: Path, root: Path) -> dict[str, Path]:
    """The modules of a game package (its ``__init__`` as the package), by dotted name."""
    return {module_name(path, root): path for path in sorted(package.rglob("*.py"))}


def every_import(path: Path, root: Path, modules: set[str]) -> set[str]:
    """The modules of ``modules`` that ``path`` imports anywhere, inside functions too: ``from p
    import x`` imports the module ``p.x`` when there is one, else ``p``; the packages ``path``
    is in (already loading when it runs) do not count."""
    name = module_name(path, root)
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            submodules = {f"{module}.{alias.name}" for alias in node.names} & modules
            found |= submodules if len(submodules) == len(node.names) else submodules | {module}
    own = {".".join(package[:i]) for i in range(1, len(package) + 1)}
    return {module for module in found if module in modules and module != name and module not in own}


def package_circles(package: Path, root: Path) -> list[list[str]]:
    """Each set of modules of ``package`` that import one another in a circle, counting every
    import (a strongly connected component of :func:`every_import`), sorted."""
    paths = package_modules(package, root)
    graph = {module: sorted(every_import(path, root, set(paths))) for module, path in paths.items()}
    return circles_in(graph, self_loops=False)


def state_problems(package: Path, root: Path) -> list[str]:
    """How ``package``'s ``state.py`` is not the bottom: each module of its game it imports that
    itself imports a module of the game."""
    paths = package_modules(package, root)
    state = package / "state.py"
    if not state.is_file():
        return []
    problems = []
    for module in sorted(every_import(state, root, set(paths))):
        leans_on = sorted(every_import(paths[module], root, set(paths)))
        if leans_on:
            problems.append(f"game/{package.name}/state.py imports {module}, which imports {', '.join(leans_on)}")
    return problems


def registered_packages() -> list[Path]:
    """The folder of each registered game's package (where its rules are)."""
    from game.games import all_games

    return [GAME_DIR.parent.joinpath(*info.rules.__module__.split(".")[:-1]) for info in all_games()]


def test_every_registered_game_has_the_shape():
    packages = registered_packages()
    assert {package.name for package in packages} == game_packages(GAME_DIR)
    assert [problem for package in packages for problem in shape_problems(package)] == []


def test_every_games_state_is_the_bottom():
    assert [problem for package in registered_packages() for problem in state_problems(package, GAME_DIR)] == []


def test_no_game_package_imports_in_a_circle():
    """Inside functions too: a module imports only modules below it."""
    circles = {package.name: package_circles(package, GAME_DIR) for package in registered_packages()}
    assert circles == {name: [] for name in circles}


def test_the_declaration_reads_the_parts():
    """The declaration's seats, status line and result come from ``status.py``, its positions
    from ``position.py`` and its view is the ``view/`` package's ``pygame_view``."""
    from game.core.capabilities import View
    from game.games import all_games

    for info in all_games():
        package = info.rules.__module__.rpartition(".")[0]
        status, position = import_module(f"{package}.status"), import_module(f"{package}.position")
        assert tuple(info.players.titles) == tuple(status.TITLES), info.name
        assert info.ending.outcome is status.outcome, info.name
        assert info.notation.parse_position is position.parse_position, info.name
        assert info.notation.format_position is position.format_position, info.name
        assert info.abilities[View].path == f"{package}.view.pygame_view:make_view", info.name


def documented_parts(text: str) -> list[str]:
    """The parts the file table of ``docs/adding-a-game.md`` lists (``game/<name>/state.py`` ->
    ``state``), in its order, the package's ``__init__`` left out."""
    rows = re.findall(r"^\| `game/<name>/(\w+)(?:\.py)?/?`", text, re.M)
    return [part for part in rows if part != "__init__"]


def test_the_guide_lists_the_shape():
    """``docs/adding-a-game.md``'s table of files is the shape checked here, bottom first."""
    text = (GAME_DIR.parent / "docs" / "adding-a-game.md").read_text(encoding="utf-8")
    assert documented_parts(text) == list(SHAPE)


def build(root: Path, files: dict[str, str]) -> Path:
    """A fake ``game/`` tree under ``root`` with the game package ``g``: each file's source."""
    for relative, source in {"game/__init__.py": "", "game/g/__init__.py": "", **files}.items():
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_text(source)
    return root / "game" / "g"


@pytest.mark.parametrize("files, circles", [
    ({"game/g/a.py": "from . import b\n", "game/g/b.py": "from .a import x\n"}, [["game.g.a", "game.g.b"]]),
    ({"game/g/a.py": "from . import b\n", "game/g/b.py": "def f():\n    from .a import x\n"},
     [["game.g.a", "game.g.b"]]),  # inside a function counts too
    ({"game/g/a.py": "import game.g.b\n", "game/g/b.py": "class C:\n    def f(self):\n        import game.g.a\n"},
     [["game.g.a", "game.g.b"]]),
    ({"game/g/a.py": "from .b import x\n", "game/g/b.py": "from .c import y\n", "game/g/c.py": "from . import a\n",
      "game/g/d.py": "from . import a\n"}, [["game.g.a", "game.g.b", "game.g.c"]]),
    ({"game/g/a.py": "from .p import q\n", "game/g/p/__init__.py": "", "game/g/p/q.py": "from ..a import y\n"},
     [["game.g.a", "game.g.p.q"]]),  # from p import q: the module q
    ({"game/g/a.py": "from .p import x\n", "game/g/p/__init__.py": "def f():\n    from .. import a\n"},
     [["game.g.a", "game.g.p"]]),  # x is a name p defines: the package p
    ({"game/g/p/__init__.py": "from .q import x\n", "game/g/p/q.py": "from . import r\n", "game/g/p/r.py": ""},
     []),  # q is loaded by its own package: no circle
    ({"game/g/a.py": "from ..core import c\n", "game/core/__init__.py": "", "game/core/c.py": "from ..g import a\n"},
     []),  # only the game package's own modules count
    ({"game/g/state.py": "", "game/g/rules.py": "from .state import S\n", "game/g/position.py": "from .state import S\n",
      "game/g/view/__init__.py": "", "game/g/view/pygame_view.py": "from ..rules import R\nfrom ..position import p\n"},
     []),
])
def test_the_circle_check_finds_circles(tmp_path, files, circles):
    assert package_circles(build(tmp_path, files), tmp_path / "game") == circles


COMPLETE = {f"game/g/{name}.py": "" for name in ("state", "rules", "notation", "players", "analysis")} | {
    "game/g/names.py": "PLAYER_NAMES = ('random',)\n",
    "game/g/position.py": "def parse_position(text): ...\ndef format_position(state): ...\n",
    "game/g/status.py": "TITLES = ('A', 'B')\ndef describe(state): ...\nfrom ..core.outcome import outcome\n",
    "game/g/info.py": "GAME = None\n",
    "game/g/rules_page.py": "PAGE = None\n",
    "game/g/view/__init__.py": "",
    "game/g/view/pygame_view.py": "def make_view(info, fonts): ...\n",
}


@pytest.mark.parametrize("change, problems", [
    ({}, []),
    ({"game/g/analysis.py": None, "game/g/analysis/__init__.py": ""}, []),  # a package will do
    ({"game/g/players.py": None}, ["game/g has no players module or package (players.py or players/)"]),
    ({"game/g/status.py": None}, ["game/g has no status.py"]),
    ({"game/g/view/__init__.py": None, "game/g/view/pygame_view.py": None, "game/g/view.py": ""},
     ["game/g has no view/ package", "game/g has a view.py: a view is a view/ package"]),
    ({"game/g/state/__init__.py": ""}, ["game/g has both state.py and state/"]),
    ({"game/g/status.py": "TITLES = ('A', 'B')\ndef describe(state): ...\n"}, ["game/g/status.py defines no outcome"]),
    ({"game/g/view/pygame_view.py": "class View: ...\n"}, ["game/g/view/pygame_view.py defines no make_view"]),
])
def test_the_shape_check_finds_what_is_missing(tmp_path, change, problems):
    package = build(tmp_path, {path: source for path, source in {**COMPLETE, **change}.items() if source is not None})
    assert shape_problems(package) == problems


@pytest.mark.parametrize("files, problems", [
    ({"game/g/state.py": "import dataclasses\nfrom ..core import protocol\n"}, []),
    ({"game/g/state.py": "from .board import Side\n", "game/g/board.py": "import math\n"}, []),  # a plain layout
    ({"game/g/state.py": "from .rules import legal\n", "game/g/rules.py": "from .board import Side\n",
      "game/g/board.py": ""}, ["game/g/state.py imports game.g.rules, which imports game.g.board"]),
    ({"game/g/state.py": "def f():\n    from .rules import legal\n", "game/g/rules.py": "from .state import S\n"},
     ["game/g/state.py imports game.g.rules, which imports game.g.state"]),
])
def test_the_state_check_finds_a_state_that_is_not_the_bottom(tmp_path, files, problems):
    assert state_problems(build(tmp_path, files), tmp_path / "game") == problems

