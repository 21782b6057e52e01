"""The layer rules of DESIGN.md, checked on the source of every module under ``game/``, and
the size rule: no module over :data:`MAX_LINES` lines (split by responsibility instead).

- pygame (and pygame_gui) is imported only in ``game/ui/``, the kit ``game/kit/`` and each
  game's view, the package ``game/<name>/view/``: rules, evaluators and searches run with no
  display;
- ``game/core`` never imports a game package (nor the registry ``game.games``, which imports
  them all): games register themselves, shared code never knows them;
- ``game/cli`` and ``game/ui`` import no game package either: they read the registry and the
  abilities a game declares (``info.ability(Commands)``, ``match_files``, its view);
- a game package never imports ``game.ui`` (its view implements the window's interface
  structurally) and only its view imports the kit (``game.kit``), so no game sits above the window;
- the kit imports nothing of ``game`` but itself (no module of ``game/ui``, no game, no core),
  so that it is all a view brings along;
- ``gnubg_nn`` (GPL: a test and bench reference) is imported nowhere under ``game/``, and
  ``bgsage`` (Open Sage, the training teacher) only by :data:`TEACHER_MODULE`, and there only
  inside a function, so that only a training run ever loads it.

Imports are read with :mod:`ast`, wherever they are (inside functions too), relative ones
resolved against the module's package, so ``from ..backgammon import x`` in ``game/core`` counts.

No import circles: among what importing a module loads (its imports outside functions, and
the packages above each, whose ``__init__`` runs first), no module leads back to itself.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

GAME_DIR = Path(__file__).resolve().parents[1] / "game"
SHARED = {"core", "ui", "cli", "kit"}
"""The packages under ``game/`` that are not games."""
PYGAME = ("pygame", "pygame_gui")
KIT = "game.kit"
"""The pygame helpers the views and the window share: what a view may import besides its game."""
MAX_LINES = 500
VIEW_MODULE = "view/pygame_view.py"
"""The module a game's ``info.ability(View)`` names, relative to its package: its ``view/`` package's
``pygame_view.py`` (the package's other modules may draw too, with the kit, or work out the
view's numbers and words without pygame)."""
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
    """``rel`` (relative to ``game/``) is in a game's view, the package ``<game>/view/``."""
    parts = rel.parts
    return len(parts) > 2 and parts[0] in games and parts[1] == "view"


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
        kit = top == "kit"
        for module in sorted(modules):
            if not (top in ("ui", "kit") or view) and any(within(module, name) for name in PYGAME):
                problems.append(f"{where} imports {module} (pygame belongs in game/ui/, game/kit/ and a game's "
                                "view, game/<name>/view/)")
            if top == "core" and any(within(module, f"game.{name}") for name in games | {"games"}):
                problems.append(f"{where} imports {module} (game/core never imports a game)")
            if top in ("cli", "ui") and any(within(module, f"game.{name}") for name in games):
                problems.append(f"{where} imports {module} (game/{top} reaches games through the registry, "
                                "game.games, and their declared abilities)")
            if top in games and within(module, "game.ui"):
                problems.append(f"{where} imports {module} (a game package never imports game.ui; "
                                f"its view may import the kit, {KIT})")
            if top in games and not view and within(module, KIT):
                problems.append(f"{where} imports {module} (only a game's view imports the kit)")
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


def test_every_game_has_a_view_package():
    """A view is a ``view/`` package with one ``pygame_view.py`` (no ``view.py``); the package's
    ``__init__`` imports nothing, so its pygame-free modules (which the game's other modules
    may import) load without pygame."""
    for name in game_packages(GAME_DIR):
        package = GAME_DIR / name / "view"
        assert (package / "__init__.py").is_file(), f"game/{name} has no view/ package"
        assert not (GAME_DIR / name / "view.py").exists(), f"game/{name} has a view.py beside view/"
        assert (package / "pygame_view.py").is_file(), f"game/{name}/view/ has no pygame_view.py"
        assert imported_modules(package / "__init__.py", GAME_DIR) == set()


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


def test_every_declared_view_is_a_view_module():
    """A game's :class:`~game.core.capabilities.View` is its pygame module's ``make_view``,
    its :data:`VIEW_MODULE`."""
    from game.core.capabilities import View
    from game.games import all_games

    for info in all_games():
        if not info.has(View):
            continue
        path = info.abilities[View].path
        module, _, name = path.partition(":")
        game_package, _, inside = module.partition(f"game.{info.name}.")
        assert not game_package and name == "make_view", f"{info.name}'s view {path} is outside game/{info.name}/"
        assert f"{inside.replace('.', '/')}.py" == VIEW_MODULE, f"{info.name}'s view {path}"
        assert (GAME_DIR / info.name / VIEW_MODULE).is_file(), path


@pytest.mark.parametrize("relative, source, broken", [
    ("backgammon/layout.py", "import pygame\n", True),
    ("backgammon/view/pygame_view.py", "import pygame\nimport pygame.gfxdraw\n", False),
    ("backgammon/view.py", "import pygame\n", True),  # a view is a view/ package
    ("backgammon/view/layout.py", "import pygame\n", False),  # a view package's other files
    ("backgammon/view/parts/dice.py", "import pygame\n", False),
    ("backgammon/viewer.py", "import pygame\n", True),
    ("backgammon/display.py", "import pygame\n", True),  # beside the view, not in it
    ("backgammon/view/pygame_view.py", "from ...kit import Texts\n", False),
    ("backgammon/view/pygame_view.py", "from ...kit.text import clip\n", False),
    ("backgammon/view/cube.py", "from ...kit import Texts\n", False),
    ("backgammon/view.py", "from ..kit import Texts\n", True),  # not a view
    ("backgammon/view/pygame_view.py", "from ...ui.kit import Texts\n", True),  # the window is above every game
    ("backgammon/view/pygame_view.py", "from ...ui.theme import ACCENT\n", True),
    ("backgammon/view/pygame_view.py", "from ...ui.gameview import GameView\n", True),
    ("backgammon/display.py", "from ..kit import clip\n", True),  # only the view may
    ("kit/text.py", "import pygame\nfrom . import scores\n", False),
    ("kit/text.py", "from ..ui.theme import TEXT\n", True),
    ("kit/text.py", "from ..core.outcome import Outcome\n", True),
    ("kit/text.py", "from ..chesstack.palette import INK\n", True),
    ("ui/overlay.py", "from ..kit import Texts\n", False),
    ("backgammon/view/pygame_view.py", "import pygame\n", False),
    ("backgammon/cube/pygame_view.py", "import pygame\n", True),
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
    for package in ("", "core", "core/tournament", "ui", "kit", "backgammon", "chesstack", "mandragora",
                    "backgammon/nets", "backgammon/nets/supervised"):
        (root / package).mkdir(parents=True, exist_ok=True)
        (root / package / "__init__.py").write_text("")
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(source)
    assert bool(layer_violations(root)) == broken, layer_violations(root)


@pytest.mark.slow
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
    """``analysis.ai`` builds on ``cube.play``; what both need (the display scale, the chances)
    lives below both, in ``analysis.scale``."""
    cube_play = imported_modules(GAME_DIR / "backgammon" / "cube" / "play.py", GAME_DIR)
    assert not any(within(module, "game.backgammon.analysis.ai") for module in cube_play)
    assert "game.backgammon.analysis.scale" in cube_play


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


def module_name(path: Path, root: Path) -> str:
    """``game/backgammon/cube/play.py`` -> ``game.backgammon.cube.play`` (a package's
    ``__init__.py`` is the package)."""
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def load_time_imports(path: Path, root: Path, modules: set[str] | None = None) -> set[str]:
    """The project modules (of ``modules``, by default every module under ``root``) that
    importing ``path`` loads itself: its imports outside any function, ``from . import x``
    read as the module ``x`` when there is one, and the packages above each module imported
    (their ``__init__`` runs first), except the packages ``path`` is in (already loading)."""
    if modules is None:
        modules = {module_name(p, root) for p in root.rglob("*.py")}
    name = module_name(path, root)
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: set[str] = set()

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue  # runs when called, not when imported
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = package[:len(package) - node.level + 1] if node.level else []
                module = ".".join(base + ([node.module] if node.module else []))
                submodules = {f"{module}.{alias.name}" for alias in node.names} & modules
                found.update(submodules)
                if len(submodules) < len(node.names):  # names the module itself defines
                    found.add(module)
            for field in ("body", "orelse", "finalbody", "handlers"):  # classes, if, try, with ...
                inner = getattr(node, field, None)
                if isinstance(inner, list):
                    visit([child for child in inner if isinstance(child, ast.stmt | ast.excepthandler)])

    visit(ast.parse(path.read_text(encoding="utf-8"), str(path)).body)
    own = {".".join(package[:i]) for i in range(1, len(package) + 1)}
    loaded = set()
    for module in found:
        parts = module.split(".")
        for i in range(1, len(parts) + 1):
            above = ".".join(parts[:i])
            if above in modules and above != name and (above not in own or i == len(parts)):
                loaded.add(above)
    return loaded


def circles_in(graph: dict[str, list[str]], self_loops: bool = True) -> list[list[str]]:
    """The circles of an import ``graph`` (module -> the modules it imports): each strongly
    connected component of more than one module, or (with ``self_loops``) of one that imports
    itself, sorted (Tarjan's algorithm)."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles = []

    def strong(module: str) -> None:
        order[module] = low[module] = len(order)
        stack.append(module)
        for other in graph[module]:
            if other not in order:
                strong(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], order[other])
        if low[module] == order[module]:
            component = []
            while not component or component[-1] != module:
                component.append(stack.pop())
            if len(component) > 1 or (self_loops and module in graph[module]):
                circles.append(sorted(component))

    for module in sorted(graph):
        if module not in order:
            strong(module)
    return sorted(circles)


def import_circles(root: Path, excluded: tuple[str, ...] = ()) -> list[list[str]]:
    """Each set of modules under ``root`` that import one another in a circle when loaded
    (a strongly connected component of :func:`load_time_imports`), sorted; modules within
    ``excluded`` packages are left out."""
    paths = {module_name(p, root): p for p in sorted(root.rglob("*.py"))}
    paths = {m: p for m, p in paths.items() if not any(within(m, package) for package in excluded)}
    modules = set(paths)
    graph = {m: sorted(load_time_imports(p, root, modules)) for m, p in paths.items()}
    return circles_in(graph)


def test_no_import_circles():
    """No module under ``game/`` leads back to itself when it is imported: each can be imported
    first, on its own (the window's scenes open each other by name, ``game.ui.scene.SCENES``)."""
    assert import_circles(GAME_DIR) == []


@pytest.mark.parametrize("files, circles", [
    ({"a.py": "from . import b\n", "b.py": "from .a import x\n"}, [["game.a", "game.b"]]),
    ({"a.py": "from . import b\n", "b.py": "def f():\n    from .a import x\n"}, []),  # when called
    ({"a.py": "import game.b\n", "b.py": "if True:\n    from game import a\n"}, [["game.a", "game.b"]]),
    ({"a.py": "from .p.q import x\n", "p/__init__.py": "from ..a import y\n", "p/q.py": ""},
     [["game.a", "game.p"]]),  # p's __init__ runs before p.q
    ({"p/__init__.py": "from .q import x\n", "p/q.py": "from . import r\n", "p/r.py": ""}, []),
    ({"p/__init__.py": "from .q import x\n", "p/q.py": "from . import y\n"}, [["game.p", "game.p.q"]]),
    ({"a.py": "from . import b\n", "b.py": "from . import c\n", "c.py": "import game.a\n", "d.py": ""},
     [["game.a", "game.b", "game.c"]]),
    ({"ui/a.py": "from . import b\n", "ui/b.py": "from . import a\n"}, []),  # excluded
])
def test_the_circle_check_finds_circles(tmp_path, files, circles):
    root = tmp_path / "game"
    for relative, source in {"__init__.py": "", "ui/__init__.py": "", **files}.items():
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_text(source)
    assert import_circles(root, ("game.ui",)) == circles


def test_no_scene_imports_another_and_the_app_imports_none():
    """Scenes open each other by name through the app's stack (``app.open``, ``app.push``), so no
    scene module imports another, nor the app one, even inside a function."""
    from game.ui.scene import SCENES

    scenes = {factory.path.partition(":")[0] for factory in SCENES.values()}
    for module in scenes | {"game.ui.app"}:
        path = GAME_DIR.parent / (module.replace(".", "/") + ".py")
        imported = {m for m in imported_modules(path, GAME_DIR) if any(within(m, s) for s in scenes - {module})}
        assert not imported, f"{module} imports {sorted(imported)}"


WINDOW_BASES = {"Scene", "Part", "Protocol", "NamedTuple"}
"""What a class of the window may derive from: a scene is made of parts, never of mixins."""


def mixed_in(root: Path) -> list[str]:
    """Each class under ``root`` (``game/ui``) with a base other than :data:`WINDOW_BASES`
    (a dataclass is a decorator, not a base: it may stand alone)."""
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.ClassDef):
                names = [ast.unparse(base).rpartition(".")[2] for base in node.bases]
                wrong = [name for name in names if name not in WINDOW_BASES]
                if wrong:
                    found.append(f"{path.relative_to(root.parent).as_posix()}: {node.name}({', '.join(names)})")
    return found


def test_the_window_has_no_mixins():
    assert mixed_in(GAME_DIR / "ui") == []


@pytest.mark.parametrize("source, mixin", [
    ("class PlayScene(Scene):\n    pass\n", False),
    ("class Replay(Part):\n    pass\n", False),
    ("class Decisions(Protocol):\n    pass\n", False),
    ("class Row(typing.NamedTuple):\n    x: int\n", False),
    ("@dataclass\nclass Status:\n    text: str = ''\n", False),
    ("class PlayScene(PlayKeys, Scene):\n    pass\n", True),
    ("class ReviewMoveList(MoveListSection):\n    pass\n", True),
])
def test_the_mixin_check_finds_a_mixin(tmp_path, source, mixin):
    (tmp_path / "ui").mkdir()
    (tmp_path / "ui" / "scene.py").write_text(source)
    assert bool(mixed_in(tmp_path / "ui")) == mixin
