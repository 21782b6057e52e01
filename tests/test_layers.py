"""The layer rules of DESIGN.md, checked on the source of every module under ``game/``, and
the size rule: no module over :data:`MAX_LINES` lines (split by responsibility instead).

- pygame (and pygame_gui) is imported only in ``game/ui/`` (the kit ``game/ui/kit/`` included)
  and in each game's view, ``game/<name>/view.py`` or the package ``game/<name>/view/``:
  rules, evaluators and searches run with no display;
- ``game/core`` never imports a game package (nor the registry ``game.games``, which imports
  them all): games register themselves, shared code never knows them;
- ``game/cli`` and ``game/ui`` import no game package either: they read the registry and the
  abilities a game declares (``GameInfo.commands``, ``match_files``, its view);
- a game package never imports ``game.ui``, but for its view, which may import the kit
  (``game.ui.kit``) and nothing else of it: it implements the window's interface structurally;
- the kit imports nothing of ``game`` but itself (no other module of ``game/ui``, no game, no
  core), so that it is all a view brings along;
- ``gnubg_nn`` (GPL: a test and bench reference) is imported nowhere under ``game/``, and
  ``bgsage`` (Open Sage, the training teacher) only by :data:`TEACHER_MODULE`, and there only
  inside a function, so that only a training run ever loads it.

Imports are read with :mod:`ast`, wherever they are (inside functions too), relative ones
resolved against the module's package, so ``from ..backgammon import x`` in ``game/core`` counts.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

GAME_DIR = Path(__file__).resolve().parents[1] / "game"
SHARED = {"core", "ui", "cli"}
"""The packages under ``game/`` that are not games."""
PYGAME = ("pygame", "pygame_gui")
KIT = "game.ui.kit"
"""The pygame helpers the views share: the only part of ``game.ui`` a view may import."""
MAX_LINES = 500
TEACHER_MODULE = "backgammon/nets/supervised/teacher.py"
"""The one module under ``game/`` that may import ``bgsage``, lazily."""


def game_packages(root: Path) -> set[str]:
    """The game packages under ``root`` (every package there but the shared ones)."""
    return {p.name for p in root.iterdir() if (p / "__init__.py").is_file() and p.name not in SHARED}


def import_names(node: ast.AST, package: list[str]) -> set[str]:
    """The modules an import statement in ``package`` names, absolute (``from . import x``
    gives ``<package>.x`` too, since ``x`` may be a module); nothing for any other node."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names}
    if not isinstance(node, ast.ImportFrom):
        return set()
    base = package[:len(package) - node.level + 1] if node.level else []
    module = ".".join(base + ([node.module] if node.module else []))
    return {module} | {f"{module}.{alias.name}" for alias in node.names if alias.name != "*"}


def imported_modules(path: Path, root: Path) -> set[str]:
    """Every module ``path`` imports, wherever (inside functions too), absolute."""
    package = list(path.relative_to(root.parent).parent.parts)  # an __init__.py's is its own folder
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        found |= import_names(node, package)
    return found


def within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def in_view(rel: Path, games: set[str]) -> bool:
    """``rel`` (relative to ``game/``) is a game's view: ``<game>/view.py`` or under ``<game>/view/``."""
    parts = rel.parts
    return len(parts) >= 2 and parts[0] in games and (parts[1:] == ("view.py",) or
                                                         (len(parts) > 2 and parts[1] == "view"))


def layer_violations(root: Path) -> list[str]:
    """Each import under ``root`` (a ``game/`` directory) that breaks a layer rule, in words."""
    games = game_packages(root)
    problems = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root)
        top = rel.parts[0] if len(rel.parts) > 1 else None
        where = f"game/{rel.as_posix()}"
        modules = imported_modules(path, root)
        view = in_view(rel, games)
        kit = rel.parts[:2] == ("ui", "kit")
        for module in sorted(modules):
            if not (top == "ui" or view) and any(within(module, name) for name in PYGAME):
                problems.append(f"{where} imports {module} (pygame belongs in game/ui/ and a game's view, "
                                "game/<name>/view.py or game/<name>/view/)")
            if top == "core" and any(within(module, f"game.{name}") for name in games | {"games"}):
                problems.append(f"{where} imports {module} (game/core never imports a game)")
            if top in ("cli", "ui") and any(within(module, f"game.{name}") for name in games):
                problems.append(f"{where} imports {module} (game/{top} reaches games through the registry, "
                                "game.games, and their declared abilities)")
            if top in games and within(module, "game.ui") and not (view and within(module, KIT)):
                problems.append(f"{where} imports {module} (a game package never imports game.ui; "
                                f"its view may import the kit, {KIT})")
            if kit and within(module, "game") and not within(module, KIT):
                problems.append(f"{where} imports {module} (the kit imports nothing of game but itself)")
            if within(module, "gnubg_nn"):
                problems.append(f"{where} imports {module} (gnubg-nn is GPL: tests and benches only)")
            if within(module, "bgsage") and rel.as_posix() != TEACHER_MODULE:
                problems.append(f"{where} imports {module} (only {TEACHER_MODULE} may import Open Sage)")
        if rel.as_posix() == TEACHER_MODULE and any(within(m, "bgsage") for m in top_level_imports(path, root)):
            problems.append(f"{where} imports bgsage when it is imported (only inside a function)")
    return problems


def top_level_imports(path: Path, root: Path) -> set[str]:
    """The modules ``path`` imports outside any function (what importing it loads)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level:
            found.add(node.module or "")
    return found


def test_the_layers_hold():
    assert layer_violations(GAME_DIR) == []


def test_every_game_has_one_view_at_most():
    """A view is ``game/<name>/view.py`` or the package ``game/<name>/view/``, not both."""
    for name in game_packages(GAME_DIR):
        package = (GAME_DIR / name / "view" / "__init__.py").is_file()
        assert not (package and (GAME_DIR / name / "view.py").is_file()), f"game/{name} has two views"


def long_modules(root: Path) -> list[str]:
    """The modules under ``root`` longer than :data:`MAX_LINES` lines, with their length."""
    lengths = {path: len(path.read_text(encoding="utf-8").splitlines()) for path in sorted(root.rglob("*.py"))}
    return [f"{path.relative_to(root.parent).as_posix()}: {n} lines" for path, n in lengths.items() if n > MAX_LINES]


def test_no_module_is_over_500_lines():
    assert long_modules(GAME_DIR) == []


def test_the_size_check_finds_a_long_module(tmp_path):
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "short.py").write_text("x = 1\n" * MAX_LINES)
    assert long_modules(tmp_path / "game") == []
    (tmp_path / "game" / "long.py").write_text("x = 1\n" * (MAX_LINES + 1))
    assert long_modules(tmp_path / "game") == [f"game/long.py: {MAX_LINES + 1} lines"]


@pytest.mark.parametrize("relative, source, broken", [
    ("backgammon/layout.py", "import pygame\n", True),
    ("backgammon/view.py", "import pygame\nimport pygame.gfxdraw\n", False),
    ("backgammon/view/layout.py", "import pygame\n", False),  # a view package's other files
    ("backgammon/view/parts/dice.py", "import pygame\n", False),
    ("backgammon/viewer.py", "import pygame\n", True),
    ("backgammon/display.py", "import pygame\n", True),  # beside the view, not in it
    ("backgammon/view.py", "from ..ui.kit import Texts\n", False),
    ("backgammon/view.py", "from ..ui.kit.text import clip\n", False),
    ("backgammon/view/cube.py", "from ...ui.kit import Texts\n", False),
    ("backgammon/view.py", "from ..ui.theme import ACCENT\n", True),
    ("backgammon/view.py", "from ..ui.gameview import GameView\n", True),
    ("backgammon/display.py", "from ..ui.kit import clip\n", True),  # only the view may
    ("ui/kit/text.py", "import pygame\nfrom . import scores\n", False),
    ("ui/kit/text.py", "from ..theme import TEXT\n", True),
    ("ui/kit/text.py", "from ...core.outcome import Outcome\n", True),
    ("ui/kit/text.py", "from ...chesstack.palette import INK\n", True),
    ("ui/overlay.py", "from .kit import Texts\n", False),
    ("chesstack/palette.py", "from pygame import Rect\n", True),
    ("ui/widgets.py", "import pygame_gui\n", False),
    ("core/tools.py", "def f():\n    import pygame_gui.elements\n", True),
    ("core/runner.py", "from ..backgammon.rules import BackgammonRules\n", True),
    ("core/tournament/runner.py", "from ...mandragora import GAME\n", True),
    ("core/tournament/runner.py", "from ... import chesstack\n", True),
    ("core/registry.py", "import game.games\n", True),
    ("core/registry.py", "from .protocol import Rules\nfrom . import saves\n", False),
    ("mandragora/players.py", "from ..ui.theme import ACCENT\n", True),
    ("mandragora/players.py", "from game.ui import theme\n", True),
    ("mandragora/players.py", "from ..core.players import Player\n", False),
    ("backgammon/ai.py", "import gnubg_nn\n", True),
    ("backgammon/nets/supervised/teacher.py", "def f():\n    import gnubg_nn\n", True),
    ("backgammon/ai.py", "def f():\n    import bgsage\n", True),
    ("backgammon/nets/supervised/teacher.py", "import bgsage.batch\n", True),
    ("backgammon/nets/supervised/teacher.py", "def f():\n    import bgsage.batch\n", False),
])
def test_the_check_finds_what_breaks_a_layer(tmp_path, relative, source, broken):
    """The check itself, on small trees: it must fail where a rule is broken."""
    root = tmp_path / "game"
    for package in ("", "core", "core/tournament", "ui", "ui/kit", "backgammon", "chesstack", "mandragora",
                    "backgammon/nets", "backgammon/nets/supervised"):
        (root / package).mkdir(parents=True, exist_ok=True)
        (root / package / "__init__.py").write_text("")
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(source)
    assert bool(layer_violations(root)) == broken, layer_violations(root)


def test_play_analysis_review_and_the_window_load_neither_teacher_nor_gnubg(tmp_path):
    """At run time too: the window's modules, an analysis and a review load no ``bgsage``
    and no ``gnubg_nn`` (checked in a fresh interpreter, where nothing else loaded them)."""
    import subprocess
    import sys

    script = """
import sys
import game.ui.app, game.cli
from game.cli import main
main(["analyze", "backgammon", "--position", "4HPwATDgc/ABMA", "--dice", "31", "--level", "advanced"])
main(["review", sys.argv[1], "--level", "intermediate"])
loaded = sorted(name for name in sys.modules if name.split(".")[0] in ("bgsage", "gnubg_nn", "bgbot_cpp"))
print("LOADED", loaded)
"""
    env = {**__import__("os").environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    match = tmp_path / "3pt-a.mat"  # the review's cache goes beside it
    match.write_bytes((GAME_DIR.parent / "tests" / "data" / "matches" / "3pt-a.mat").read_bytes())
    done = subprocess.run([sys.executable, "-c", script, str(match)], capture_output=True, text=True, env=env,
                          cwd=GAME_DIR.parent, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "LOADED []" in done.stdout


def test_the_chequer_and_cube_analyses_do_not_import_each_other_in_a_circle():
    """``ai`` builds on ``cube_play``; what both need (the display scale, the chances) lives
    below both, in ``analysis_scale``."""
    cube_play = imported_modules(GAME_DIR / "backgammon" / "cube_play.py", GAME_DIR)
    assert not any(within(module, "game.backgammon.ai") for module in cube_play)
    assert "game.backgammon.analysis_scale" in cube_play


PROBE = re.compile(r"\b(?:getattr|hasattr)\(\s*(?:[\w.]*\.)?(?:view|info)\s*,")
"""A ``getattr``/``hasattr`` whose object is a view or a GameInfo (``self.view``, ``info``,
``scene.view``, ``session.info``...)."""


def probes(root: Path) -> list[str]:
    """Each ``getattr``/``hasattr`` on a view or a GameInfo under ``root`` (``game/ui``): the
    views implement their protocols in full and a game's abilities are declared, so the
    scenes call them, never probe."""
    found = []
    for path in sorted(root.rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if PROBE.search(line):
                found.append(f"{path.relative_to(root.parent).as_posix()}:{number}: {line.strip()}")
    return found


def test_the_window_probes_no_view_and_no_game_info():
    assert probes(GAME_DIR / "ui") == []


@pytest.mark.parametrize("line, probe", [
    ('words = getattr(self.view, "move_words", None)', True),
    ('if hasattr(scene.view, "use_analysis"):', True),
    ('x = getattr(info, "review", None)', True),
    ('x = getattr( session.info , "tutor_margin")', True),
    ('fonts = getattr(section, "fonts", None)', False),
    ('get_window = getattr(pygame.display, "get_window", None)', False),
    ('self.view.use_history(states)', False),
])
def test_the_probe_check_finds_a_probe(tmp_path, line, probe):
    (tmp_path / "ui").mkdir()
    (tmp_path / "ui" / "scene.py").write_text(line + "\n")
    assert bool(probes(tmp_path / "ui")) == probe


# -- import circles among the window's modules ------------------------------------------------------
def module_name(path: Path, root: Path) -> str:
    """``game.ui.kit.text`` for ``<root>/ui/kit/text.py``, ``game.ui.kit`` for its ``__init__.py``."""
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def loaded_imports(path: Path, root: Path) -> set[str]:
    """What importing ``path`` imports: every import outside a function (at module level, in a
    class body, under ``if TYPE_CHECKING`` or ``try`` too), relative ones resolved."""
    package = list(path.relative_to(root.parent).parent.parts)
    found: set[str] = set()

    def visit(node) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            return
        found.update(import_names(node, package))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
    return found


def import_graph(root: Path, package: str) -> dict[str, set[str]]:
    """For each module of ``package`` (``"ui"``: ``game/ui``) the modules of it that importing
    it imports (a name imported from a module counts as that module)."""
    paths = sorted((root / package).rglob("*.py"))
    modules = {module_name(path, root) for path in paths}
    graph = {}
    for path in paths:
        targets = set()
        for name in loaded_imports(path, root):
            while name and name not in modules:  # game.ui.scene.Scene -> game.ui.scene
                name = name.rpartition(".")[0]
            if name:
                targets.add(name)
        graph[module_name(path, root)] = targets - {module_name(path, root)}
    return graph


def import_circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The circles in ``graph``: each strongly connected set of more than one module, sorted
    (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                connect(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                circles.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return sorted(circles)


def test_the_window_has_no_import_circles():
    """No module of ``game/ui`` imports, when it is imported, one that imports it back (through
    any others): the app finds its scenes by name (``game.ui.scene.SCENES``), not by import."""
    assert import_circles(import_graph(GAME_DIR, "ui")) == []


def test_no_scene_imports_another_and_the_app_imports_none():
    """Scenes open each other by name through the app's stack (``app.open``, ``app.push``), so no
    scene module imports another, nor the app one, even inside a function."""
    from game.ui.scene import SCENES

    scenes = {path.partition(":")[0] for path in SCENES.values()}
    for module in scenes | {"game.ui.app"}:
        path = GAME_DIR.parent / (module.replace(".", "/") + ".py")
        imported = {m for m in imported_modules(path, GAME_DIR) if any(within(m, s) for s in scenes - {module})}
        assert not imported, f"{module} imports {sorted(imported)}"


def test_the_circle_check_finds_a_circle(tmp_path):
    root = tmp_path / "game"
    (root / "ui").mkdir(parents=True)
    for name in ("__init__", "a", "b", "c"):
        (root / "ui" / f"{name}.py").write_text("")
    (root / "ui" / "a.py").write_text("from .b import x\n")
    (root / "ui" / "b.py").write_text("def f():\n    from .a import y\nfrom . import c\n")
    (root / "ui" / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import App\n")
    assert import_circles(import_graph(root, "ui")) == [["game.ui.a", "game.ui.b", "game.ui.c"]]
    (root / "ui" / "c.py").write_text("")
    assert import_circles(import_graph(root, "ui")) == []  # a function-level import loads nothing at import
