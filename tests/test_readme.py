"""The README's commands run as written, and those of the guide's pages that hold what the
README once did (:data:`GUIDE`).

Every ``tabula ...`` command the README shows in full (in a shell block or inline, with no
placeholder such as ``GAME`` or ``[--json]``) is run in-process and must succeed; ``tabula
play`` is only checked as far as it goes without a window.  Every command of the command
table must exist.  (The two set-up commands are what ``.ci/run`` runs.)
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from game.cli import build_parser, main

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
GUIDE = {name: (ROOT / "docs" / name).read_text(encoding="utf-8")
         for name in ("playing.md", "command-line.md", "study.md", "other-games.md", "ray.md", "layout.md",
                      "strength.md")}
"""The guide's pages that hold what the README once did: their commands in prose and their
command table are checked here too (their shell blocks run in ``test_docs_pages``)."""
PLACEHOLDER = re.compile(r"\[|\{|\.\.\.|\b[A-Z][A-Z_]*\b")
"""What marks a command as a pattern rather than one to run: ``[--json]``, ``{a,b}``, ``...``,
``GAME``, ``P``, ``NAME`` (outside quoted arguments, which may hold moves like ``"C/opponent"``)."""


def _commands() -> list[str]:
    shell = [line.strip() for block in re.findall(r"```sh\n(.*?)```", README, re.S) for line in block.splitlines()]
    prose = re.sub(r"```.*?```", "", "\n".join([README, *GUIDE.values()]), flags=re.S)
    inline = [" ".join(span.split()) for span in re.findall(r"`([^`]+)`", prose)]
    return [text for text in dict.fromkeys(shell + inline)
            if text.startswith("tabula ") and not PLACEHOLDER.search(re.sub(r'"[^"]*"', "", text[7:]))]


COMMANDS = _commands()


def test_the_readme_shows_runnable_commands():
    assert any(c.startswith("tabula play ") for c in COMMANDS) and any(c.startswith("tabula review ") for c in COMMANDS)


@pytest.mark.parametrize("command", COMMANDS)
def test_a_readme_command_runs(command, capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    argv = shlex.split(command)[1:]
    if argv[0] == "play":  # opens a window: check everything it checks before that
        from game.cli.play import setup_from_args

        setup = setup_from_args(build_parser().parse_args(argv))
        assert setup.game == argv[1]
        return
    try:
        code = main(argv)
    except SystemExit as done:  # --version ends as argparse's own actions do
        code = done.code
    assert code == 0, capsys.readouterr().err


def test_every_command_in_the_table_exists(capsys):
    table = re.findall(r"^\| `tabula (\w+)", GUIDE["command-line.md"], re.M)
    assert len(table) >= 8
    for command in table:
        with pytest.raises(SystemExit) as done:
            main([command, "--help"])
        assert done.value.code == 0, command


LOCAL_PATH = re.compile(r"`((?:\.\./|/)?[\w.-]+(?:/[\w.*-]+)+/?)`")
"""A path in backquotes (``tests/data/matches/``, ``assets/weights/README.md``), or a move or an
ID that looks like one (``bar/22``): only those into the checkout's folders or outside it count."""


def test_the_readme_points_to_no_file_a_user_does_not_have():
    """The repository (the user's copy, installed or cloned) is all a reader has: no pointers
    to the specs or anything else beside it; the rules are in the window (F1) and in
    ``tabula rules GAME``."""
    root = Path(__file__).resolve().parents[1]
    text = "\n".join([README, *GUIDE.values()])
    for marker in ("specs/", "beside the project", "../shared", "shared/"):
        assert marker not in text, marker
    paths = [path for path in LOCAL_PATH.findall(text)  # outside the checkout, or into one of its folders
             if path.startswith("..") or (root / path.split("/")[0]).is_dir() and "*" not in path]
    assert len(paths) > 10
    missing = [path for path in paths if not (root / path).exists()]
    assert missing == []
    assert "tabula rules" in text and "F1" in text


def test_the_readme_guides_in_a_screen_or_two_and_its_links_lead_somewhere():
    lines = README.splitlines()
    assert len(lines) <= 150
    for link in re.findall(r"\]\((?!https?://)([^)#\s]+)", README):
        assert (ROOT / link).exists(), link
    for page in sorted((ROOT / "docs").glob("*.md")):
        for link in re.findall(r"\]\((?!https?://)([^)#\s]+)", page.read_text(encoding="utf-8")):
            assert (page.parent / link).exists(), (page.name, link)
