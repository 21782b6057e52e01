"""Every refusal is one line under 300 characters, ``tabula: error: …``, exit code 2: input
quoted in a message is cut where the message is made, argparse's refusals (unknown option,
missing value, bad number, bad choice) take the same form with a hint to the command's
``--help``, and the printer cuts whatever is still too long."""

from __future__ import annotations

import json

import pytest

from game.cli.errors import LINE_LIMIT, error_line, one_line
from tests.cli.util import run

START = "4HPwATDgc/ABMA"
ROLLOUT = ["rollout", "backgammon", "--position", START, "--dice", "31"]


def one_error_line(code: int, out: str, err: str) -> str:
    """The single error line printed, checked: exit 2, nothing on stdout, under the limit."""
    assert code == 2 and out == "", err
    assert err.startswith("tabula: error: ") and err.count("\n") == 1 and err.endswith("\n"), err
    line = err[:-1]
    assert len(line) < LINE_LIMIT, f"{len(line)} characters: {line}"
    return line


def xgid_with_field(number: int, text: str) -> str:
    fields = ["-b----E-C---eE---c-e----B-", "0", "0", "1", "31", "0", "0", "0", "0", "10"]
    fields[number - 1] = text
    return "XGID=" + ":".join(fields)


def chesstack_json(**entry: str) -> str:
    return json.dumps({"board": [{"square": "e1", "colour": "white", "type": "K", **entry}]})


@pytest.mark.parametrize("argv, words", [
    (["eval", "backgammon", "--position=" + xgid_with_field(5, "1" * 5000)], "field 5 (dice)"),
    (["eval", "backgammon", "--position=" + xgid_with_field(6, "1" * 5000)], "field 6 (bottom score)"),
    ([*ROLLOUT, "--moves", "x" * 100_000], "bad move notation 'xxx"),
    ([*ROLLOUT, "--moves", "13/" * 33_000], "bad move notation '13/13/"),
    (["moves", "chesstack", "--position", chesstack_json(type="X" * 1000)], "unknown piece type 'XXX"),
    (["moves", "chesstack", "--position", chesstack_json(square="e" * 1000)], "bad square 'eee"),
    (["moves", "chesstack", "--position", "white K*e1 " + "Q" * 1000 + "e2; black K*e8"], "unknown piece type 'QQQ"),
    (["replay", "backgammon", "--moves", "31:" + "8/5" * 199], "action 2 ('8/58/5"),
    (["replay", "chesstack", "--moves", "y" * 599], "action 1 ('yyy"),
    (["replay", "mandragora", "--moves", "y" * 599], "action 1 ('yyy"),
], ids=["xgid-dice", "xgid-score", "rollout-moves", "rollout-moves-slashes", "chesstack-type",
        "chesstack-square", "chesstack-text-type", "replay-backgammon", "replay-chesstack", "replay-mandragora"])
def test_long_input_is_quoted_cut_in_one_short_line(capsys, argv, words):
    line = one_error_line(*run(capsys, *argv))
    assert words in line and "…" in line and "; see" not in line


REFUSALS = [
    (["--bogus"], "tabula", "unrecognized arguments: --bogus"),
    (["nosuch"], "tabula", "argument COMMAND: invalid choice: 'nosuch' (choose from"),
    ([*ROLLOUT, "--bogus"], "tabula rollout", "unrecognized arguments: --bogus"),
    ([*ROLLOUT, "--trials"], "tabula rollout", "argument --trials: expected one argument"),
    ([*ROLLOUT, "--trials", "many"], "tabula rollout", "argument --trials: expected a whole number"),
    ([*ROLLOUT, "--stop-ci", "wide"], "tabula rollout", "argument --stop-ci"),
    ([*ROLLOUT, "--cluster", "mars"], "tabula rollout", "argument --cluster: invalid choice: 'mars'"),
    (["rollout", "chess", "--position", START], "tabula rollout", "argument game: invalid choice: 'chess'"),
    (["rollout", "backgammon", "--dice", "31"], "tabula rollout", "required: --position"),
    ([*ROLLOUT, "--no", "5"], "tabula rollout", "ambiguous option: --no could match"),
    (["tournament", "backgammon", "--players", "random", "random", "--games"], "tabula tournament",
     "argument --games: expected one argument"),
    (["tournament", "backgammon", "--players", "random", "random", "--games", "x"], "tabula tournament",
     "argument --games"),
    (["tournament", "backgammon", "--players", "random", "random", "--cluster", "mars"], "tabula tournament",
     "invalid choice: 'mars'"),
    (["train", "backgammon", "--arch", "huge", "--games", "1", "--out", "n.npz"], "tabula train backgammon",
     "argument --arch: invalid choice: 'huge'"),
    (["train", "backgammon", "--arch", "full", "--games", "x", "--out", "n.npz"], "tabula train backgammon",
     "argument --games"),
    (["train", "backgammon", "--arch", "full", "--games", "1", "--out", "n.npz", "--bogus"],
     "tabula train backgammon", "unrecognized arguments: --bogus"),
    (["train"], "tabula train", "required: GAME"),
    (["selfplay", "backgammon", "--games", "x"], "tabula selfplay", "argument --games"),
    (["selfplay", "chess"], "tabula selfplay", "invalid choice: 'chess'"),
    (["perft", "backgammon", "--position", START, "--depth", "deep"], "tabula perft", "argument --depth"),
    (["analyze", "backgammon", "--position", START, "--dice"], "tabula analyze", "argument --dice: expected one"),
    (["moves", "backgammon", "--position", START, "--bogus"], "tabula moves", "unrecognized arguments: --bogus"),
    (["eval", "chess", "--position", START], "tabula eval", "invalid choice: 'chess'"),
    (["replay", "backgammon", "--moves"], "tabula replay", "argument --moves: expected one argument"),
    (["cube", "backgammon", "--position", START, "--bogus"], "tabula cube", "unrecognized arguments: --bogus"),
    (["import", "m.mat", "--bogus"], "tabula import", "unrecognized arguments: --bogus"),
    (["export", "m.mat"], "tabula export", "required: out"),
    (["review", "m.mat", "--level"], "tabula review", "argument --level: expected one argument"),
    (["calibrate", "backgammon", "--evaluator", "bras", "--games", "x", "--out", "c.json"], "tabula calibrate",
     "argument --games"),
    (["rules", "backgammon", "--width", "wide"], "tabula rules", "argument --width"),
    (["play", "backgammon", "--seed", "x"], "tabula play", "argument --seed"),
]


@pytest.mark.parametrize("argv, command, words", REFUSALS, ids=[f"{command}: {words}" for _, command, words in REFUSALS])
def test_argparse_refusals_are_one_line_with_a_hint_to_help(capsys, tmp_path, monkeypatch, argv, command, words):
    monkeypatch.chdir(tmp_path)
    line = one_error_line(*run(capsys, *argv))
    assert words in line
    assert line.endswith(f"; see {command} --help")
    assert list(tmp_path.iterdir()) == []  # nothing was started


def test_a_long_refused_value_is_cut_and_the_choices_still_show(capsys):
    line = one_error_line(*run(capsys, *ROLLOUT, "--cluster", "x" * 100_000))
    assert "invalid choice: 'xxxxxxxx" in line and "…' (choose from 'local', 'ray')" in line


def test_many_unknown_arguments_are_cut_and_the_hint_kept(capsys):
    line = one_error_line(*run(capsys, *ROLLOUT, *["zz"] * 10_000))
    assert line.startswith("tabula: error: unrecognized arguments: zz zz") and "…" in line
    assert line.endswith("; see tabula rollout --help")


def test_the_printer_bounds_every_line():
    """The last guard, for a message its maker did not cut: one line, under the limit."""
    assert one_line("a\nb   c") == "a b c"
    assert len(one_line("x" * 2_000_000)) == LINE_LIMIT
    line = error_line("x" * 2_000_000)
    assert line.startswith("tabula: error: xxx") and line.endswith("…") and len(line) == LINE_LIMIT - 1
    hinted = error_line("y\n" * 1_000_000, "; see tabula --help")
    assert hinted.endswith(" y…; see tabula --help") and len(hinted) < LINE_LIMIT and "\n" not in hinted


def test_a_message_too_long_from_any_command_is_cut_by_the_printer(capsys, monkeypatch):
    from game.cli import replay

    def refuse(args):
        raise ValueError("z" * 10_000 + "\nsecond line")

    monkeypatch.setattr(replay, "run", refuse)
    line = one_error_line(*run(capsys, "replay", "backgammon", "--moves", "31:8/5 6/5"))
    assert line.startswith("tabula: error: zzz") and line.endswith("…")
