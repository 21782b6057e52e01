"""Command-line targets: a position string through every command that takes one, and the
``rollout`` command's options.

A command's outcome is judged as a user sees it (:func:`judged`): exit code 0 is accepted; exit
code 2 with exactly one line on stderr, ``tabula: error: …`` under :data:`MESSAGE_LIMIT`
characters, is a clean refusal; anything else (a traceback, another exit code, argparse's
usage block, a message quoting a megabyte of input) is a finding.
"""

from __future__ import annotations

import io
import json
import random
from contextlib import redirect_stderr, redirect_stdout
from functools import lru_cache

from .mutations import mutate
from .readers import position_seeds
from .runner import FollowUpFailed, Target, follow_up

MESSAGE_LIMIT = 300
"""The longest error line a user may be shown."""


class Refused(ValueError):
    """The command refused its input cleanly (exit code 2, one line)."""


def run_command(argv: list[str]) -> tuple[int, str, str]:
    """``tabula ARGV`` in this process: its exit code, stdout and stderr.  An exception out of
    the command is a finding."""
    from game.cli import main

    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else 1)
        except Exception as error:  # noqa: BLE001 - a traceback is the finding
            raise FollowUpFailed(f"{argv[0]}: {type(error).__name__}: {str(error)[:200]}") from None
    return code, out.getvalue(), err.getvalue()


def judged(argv: list[str]) -> str:
    """``tabula ARGV``'s stdout if it succeeded; :class:`Refused` for a clean refusal;
    :class:`FollowUpFailed` for anything else (see the module doc)."""
    code, out, err = run_command(argv)
    if code == 0:
        return out
    lines = err.strip().splitlines()
    shown = f"{argv[0]}: exit {code}: {err.strip()[:160]!r}"
    if code != 2:
        raise FollowUpFailed(shown)
    if len(lines) != 1 or not lines[0].startswith("tabula: error: "):
        raise FollowUpFailed(f"{argv[0]}: a refusal of {len(lines)} lines: {err.strip()[:160]!r}")
    if len(lines[0]) >= MESSAGE_LIMIT:
        raise FollowUpFailed(f"{argv[0]}: a message of {len(lines[0])} characters: {lines[0][:120]!r}…")
    raise Refused(lines[0])


# -- a position string through every command ----------------------------------------------------
@lru_cache(maxsize=1)
def every_form_seeds() -> tuple[str, ...]:
    """Backgammon positions of seeded random games (money with beavers, matches of 1, 3 and 7
    points: doubles offered, Crawford games, before and after the roll) in every form: the bare
    GNU position ID, ``posid:matchid`` and the XGID; and the forms players paste by hand."""
    from game.backgammon import position
    from game.core.protocol import CHANCE
    from game.games import get_game

    info = get_game("backgammon")
    rules = info.rules()
    found = ["4HPwATDgc/ABMA", "4HPwATDgc/ABMA:cAkAAAAAAAAA", "4HPwATDgc/ABMA:cIkAAAAAAAAA",
             "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10",
             "XGID=-b----E-C---eE---c-e----B-:0:0:1:D:0:0:0:0:10",
             "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:6:6:1:7:10",
             "XGID=-b----E-C---eE---c-e----B-:1:0:-1:00:2:0:0:5:10"]
    rng = random.Random(46)
    for options in ({"cube": "on", "beavers": "on"}, {"match_length": "1"}, {"match_length": "3"},
                    {"match_length": "7"}):
        for _game in range(3):
            state = rules.initial_state(info.new_game_options(options))
            for ply in range(200):
                if rules.is_over(state):
                    break
                if rules.to_move(state) != CHANCE and ply % 3 == 0:
                    full = position.format_position(state)
                    found += [full.split(":")[0], full, position.format_xgid(state)]
                state = rules.apply(state, rng.choice(list(rules.actions(state))))
    return tuple(dict.fromkeys(found))


DICE = ("31", "66", "12", "00", "77", "3", "3-1", "D", "")
"""``--dice`` values given with a position: rolls, doubles, and what is no roll."""

POSITION_COMMANDS = (["moves", "backgammon", "--xgid", "--json"], ["perft", "backgammon", "--depth", "1"],
                     ["eval", "backgammon", "--xgid", "--json"], ["analyze", "backgammon", "--level", "intermediate"],
                     ["analyze", "backgammon", "--level", "intermediate", "--all-rolls"],
                     ["cube", "backgammon", "--level", "intermediate"],
                     ["rollout", "backgammon", "--trials", "36", "--truncate", "2", "--workers", "1",
                      "--select-level", "intermediate", "--json"])
"""Every command that takes a backgammon ``--position``, at its cheapest."""
TAKE_DICE = ("moves", "perft", "analyze", "rollout")


def draw_position(rng: random.Random) -> tuple[str, str | None]:
    """A position in one of its forms, mutated half the time, and a ``--dice`` now and then."""
    text = rng.choice(every_form_seeds() + position_seeds()["match id"] + position_seeds()["xgid"])
    if rng.random() < 0.5:
        text = mutate(text, rng)
    return text, (rng.choice(DICE) if rng.random() < 0.25 else None)


def check_position(case: tuple[str, str | None]) -> None:
    """Every command either refuses the position cleanly or runs; the positions it prints
    (``--xgid``) read back as themselves."""
    text, dice = case
    accepted = 0
    for command in POSITION_COMMANDS:
        given = dice is not None and command[0] in TAKE_DICE
        argv = [*command, "--position", text] + (["--dice", dice] if given else [])
        try:
            out = judged(argv)
        except Refused:
            continue
        accepted += 1
        if "--json" in command:
            with follow_up(f"{command[0]}'s JSON"):
                _written_positions_read_back(json.loads(out))
    if not accepted:
        raise Refused("every command refused it")


def _written_positions_read_back(found) -> None:
    """Every ``"xgid"`` and ``"position"`` text in a command's JSON reads back as itself."""
    from game.backgammon import position

    if isinstance(found, list):
        for item in found:
            _written_positions_read_back(item)
    elif isinstance(found, dict):
        for key, value in found.items():
            if key == "xgid" and isinstance(value, str):
                if position.format_xgid(position.parse_position(value)) != value:
                    raise AssertionError(f"the XGID {value} reads back differently")
            else:
                _written_positions_read_back(value)


# -- the rollout command's options --------------------------------------------------------------
GARBAGE = ("", " ", "-1", "0", "x", "nan", "inf", "-inf", "1e3", "9" * 40, "٣", "5 ", "0x10", "--json")
ROLLOUT_VALUES = {
    "--trials": ("1", "35", "36", "37", "72", "0", "-36"),
    "--truncate": ("0", "1", "7", "100000", "100001"),
    "--level": ("intermediate", "advanced", "Intermediate", "supergrandmaster", "0"),
    "--select-level": ("intermediate", "expert", "worldclass2"),
    "--evaluator": ("bras", "net-full", "seven-factors", "nosuch"),
    "--seed": ("0", "1", "4294967295", "4294967296", "-1"),
    "--workers": ("1", "2", "3", "8", "0"),
    "--stop-ci": ("0.5", "0.001", "0", "1e308"),
    "--prune": ("1", "5", "100", "101"),
    "--dice": ("31", "66", "00", "13", "7"),
    "--moves": ("24/21 13/12", "13/10 24/23", "8/5 6/5", "bar/22", "24/21", "a" * 100_000),
    "--cluster": ("local", "ray", "cloud"),
    "--address": ("127.0.0.1:1", "localhost:0", "x:y", ":"),
}
"""Values per option: good, at the bounds, and wrong in that option's own way.  The trials stay
few, so an accepted case takes a second; ``--cluster ray`` always names an address (a local Ray
instance takes minutes to start)."""
SWITCHES = ("--json", "--no-early-stop", "--no-variance-reduction", "--no-bearoff", "--no-prune")
STRAYS = ("--trails", "-t", "--workers=", "--trials=36=36", "--", "--position")


def draw_rollout(rng: random.Random) -> list[str]:
    """``rollout backgammon`` on a seed position with one to four options drawn, a stray now and then."""
    text = rng.choice(position_seeds()["xgid"] + position_seeds()["match id"])
    argv = ["rollout", "backgammon", "--position", text, "--trials", "36", "--truncate", "2", "--workers", "1",
            "--select-level", "intermediate"]
    for _ in range(rng.randint(1, 4)):
        roll = rng.random()
        if roll < 0.15:
            argv.append(rng.choice(SWITCHES))
        elif roll < 0.22:
            argv.append(rng.choice(STRAYS))
        else:
            option = rng.choice(sorted(ROLLOUT_VALUES))
            value = rng.choice(ROLLOUT_VALUES[option] if rng.random() < 0.75 else GARBAGE)
            argv += [option, value]
            if option == "--cluster" and value == "ray":
                argv += ["--address", rng.choice(ROLLOUT_VALUES["--address"])]
    if rng.random() < 0.1:
        argv.pop()  # an option left without its value
    return argv


def check_rollout(argv: list[str]) -> None:
    out = judged(argv)
    if "--json" in argv:
        with follow_up("its JSON"):
            json.loads(out)


TARGETS: dict[str, Target] = {
    "position commands": Target(draw_position, check_position, share=0.3, hang_seconds=60),
    "rollout options": Target(draw_rollout, check_rollout, share=0.3, hang_seconds=60),
}
