"""A seeded mutation fuzzer for the text readers: ``.mat`` and ``.sgf`` match files,
Chesstack positions, GNU match IDs and XGIDs.

Each case takes a valid seed text (the six real matches, their ``.sgf`` exports, positions
of random games), applies one to three random mutations (:func:`mutate`: a digit changed, a
number made thousands of digits long, a line cut, repeated or swapped, a cube word put in,
SGF nesting, a slice deleted, the text cut short...), then feeds it to the reader and
whatever an accepted input goes on to (:data:`TARGETS`).  Every outcome is one of

- ``clean error``: the reader's own error (a ``ValueError``: the user gets one message);
- ``accepted``: read, and everything after it held (a match file exports to both formats,
  and each export imports again to the same games; a position's text reads back the same,
  and the command that uses it runs);
- ``crash``: any other exception, or an accepted input whose follow-up failed;
- ``hang``: no answer within :data:`HANG_SECONDS`.

The suite runs a few hundred cases (``tests/reliability/test_fuzz.py``); ``bench/reliability/soak.py``
runs thousands and prints the counts per class.  The same seed gives the same cases.
"""

from __future__ import annotations

import random
import re
import signal
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

MATCHES = Path(__file__).parents[1] / "data" / "matches"
HANG_SECONDS = 20
"""A case still running after this long is a hang."""
OUTCOMES = ("clean error", "accepted", "crash", "hang")


class Hang(Exception):
    """Raised in a case that ran past :data:`HANG_SECONDS`."""


class FollowUpFailed(Exception):
    """What an accepted input went on to failed: any exception there is a finding, a
    ``ValueError`` included (an export that its own import refuses, a command's traceback)."""


@contextmanager
def follow_up(what: str) -> Iterator[None]:
    try:
        yield
    except Exception as error:  # noqa: BLE001
        raise FollowUpFailed(f"{what}: {type(error).__name__}: {str(error)[:200]}") from None


@dataclass
class FuzzReport:
    """Counts per target and outcome, and the first few crashes and hangs, to replay."""

    counts: dict[str, Counter] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)

    def add(self, target: str, outcome: str, detail: str = "") -> None:
        self.counts.setdefault(target, Counter())[outcome] += 1
        if outcome in ("crash", "hang") and len(self.failures) < 20:
            self.failures.append(f"{target}: {outcome}: {detail}")

    def table(self) -> str:
        lines = [f"{'input':<20}" + "".join(f"{name:>14}" for name in OUTCOMES)]
        for target, counts in self.counts.items():
            lines.append(f"{target:<20}" + "".join(f"{counts[name]:>14}" for name in OUTCOMES))
        return "\n".join(lines)

    @property
    def bad(self) -> int:
        return sum(c["crash"] + c["hang"] for c in self.counts.values())


# -- mutations ------------------------------------------------------------------------------
CUBE_WORDS = (" Takes", " Drops", " Beavers", " Doubles => 2", "W[take]", "B[drop]", "W[double]", " Game 2",
              " Wins 1 point", " Losses 3 point")


def mutate(text: str, rng: random.Random) -> str:
    """``text`` with one to three random mutations."""
    for _ in range(rng.randint(1, 3)):
        text = rng.choice(MUTATIONS)(text, rng)
    return text


def _digit(text, rng):
    spots = [i for i, c in enumerate(text) if c.isdigit()]
    if not spots:
        return text
    i = rng.choice(spots)
    return text[:i] + rng.choice("0123456789") + text[i + 1:]


def _long_number(text, rng):
    spots = [i for i, c in enumerate(text) if c.isdigit()]
    if not spots:
        return text
    i = rng.choice(spots)
    return text[:i] + "9" * rng.choice((12, 40, 5000)) + text[i + 1:]


def _negative(text, rng):
    spots = [i for i, c in enumerate(text) if c.isdigit()]
    return text if not spots else (lambda i: text[:i] + "-" + text[i:])(rng.choice(spots))


def _lines(text, rng, how):
    lines = text.split("\n")
    if len(lines) < 2:
        return text
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    if how == "cut":
        del lines[i]
    elif how == "repeat":
        lines.insert(i, lines[j])
    else:
        lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


def _slice(text, rng):
    if len(text) < 2:
        return text
    i = rng.randrange(len(text))
    return text[:i] + text[i + rng.randint(1, 40):]


def _truncate(text, rng):
    return text[:rng.randrange(len(text) + 1)]


def _insert(text, rng, piece=None):
    i = rng.randrange(len(text) + 1)
    piece = piece if piece is not None else rng.choice(CUBE_WORDS + ("(;", ")", "[", "]", ":", "/", "*", ";", "\n",
                                                                      "\x00", "é", " " * 40))
    return text[:i] + piece + text[i:]


def _nesting(text, rng):
    return _insert(text, rng, "(;" * rng.choice((50, 150, 1000)))


def _swap_case(text, rng):
    if not text:
        return text
    i = rng.randrange(len(text))
    return text[:i] + text[i:i + 20].swapcase() + text[i + 20:]


SCORE_NUMBER = re.compile(r"(?:^\s*\S.*?:\s*(\d+)\s+\S.*?:\s*(\d+)\s*$)|(?:(?:ws|bs|length|game):(\d+))", re.M)


def _score(text, rng):
    """A score line's or an ``MI`` figure changed: a file that contradicts its own replay."""
    spots = [(m.start(g), m.end(g)) for m in SCORE_NUMBER.finditer(text) for g in (1, 2, 3) if m.group(g)]
    if not spots:
        return text
    start, end = rng.choice(spots)
    return text[:start] + str(rng.choice((0, 1, 2, 3, 5, 7, 16, 25, 26, 99))) + text[end:]


def _char(text, rng):
    """One character replaced by a letter, digit or sign (what base64 IDs are made of)."""
    if not text:
        return text
    i = rng.randrange(len(text))
    return text[:i] + rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-:") + text[i + 1:]


def _huge_word(text, rng):
    return _insert(text, rng, rng.choice("ab9-(/") * rng.choice((100, 10_000, 300_000)))


MUTATIONS: tuple[Callable[[str, random.Random], str], ...] = (
    _score, _score, _score, _digit, _digit, _digit, _char, _char, _char, _long_number, _negative, _slice, _truncate, _insert, _insert, _nesting, _swap_case,
    _huge_word, lambda t, r: _lines(t, r, "cut"), lambda t, r: _lines(t, r, "repeat"),
    lambda t, r: _lines(t, r, "swap"),
)


# -- the inputs and what an accepted one must survive ------------------------------------------
@lru_cache(maxsize=1)
def match_seeds() -> dict[str, tuple[str, ...]]:
    """The real matches as ``.mat`` text and as their ``.sgf`` exports."""
    from game.backgammon.matfile import read_match, write_sgf

    mats = tuple(path.read_text() for path in sorted(MATCHES.glob("*.mat")))
    return {"mat": mats, "sgf": tuple(write_sgf(read_match(text, "m.mat")) for text in mats)}


def _match_file(suffix: str) -> Callable[[str], None]:
    def check(text: str) -> None:
        from game.backgammon.matfile import MatchFileError, match_record, read_match, write_match

        match = read_match(text, "fuzzed" + suffix)
        for other in (".mat", ".sgf"):  # whatever is accepted exports, and imports again the same
            with follow_up(f"its {other} export"):
                again = read_match(write_match(match, "out" + other), "out" + other)
                if games_of(again) != games_of(match) or again.final_score != match.final_score:
                    raise AssertionError("it reads back differently")
        try:
            match_record(match)  # what the window's Load and the review open
        except MatchFileError:
            pass  # a clear refusal (a money session of several games, a resignation mid-match)
        except Exception as error:  # noqa: BLE001
            raise FollowUpFailed(f"opening it: {type(error).__name__}: {str(error)[:200]}") from None
    return check


def games_of(match) -> list:
    """What a match's games are, apart from how the file spelled each move (``Turn.text``)."""
    return [(g.score, g.winner, g.points, g.how, [(t.player, t.kind, t.action, t.dice, t.steps) for t in g.turns])
            for g in match.games]


@lru_cache(maxsize=1)
def position_seeds() -> dict[str, tuple[str, ...]]:
    """Positions of seeded random games: Chesstack texts, backgammon ``posid:matchid`` and XGIDs."""
    from game.backgammon import position
    from game.games import get_game

    found: dict[str, list[str]] = {"chesstack": [], "match id": [], "xgid": []}
    rng = random.Random(5)
    for name, options in (("chesstack", {}), ("backgammon", {"match_length": "7"}),
                          ("backgammon", {"cube": "on"})):
        info = get_game(name)
        rules = info.rules()
        for _game in range(4):
            state = rules.initial_state(info.new_game_options(options))
            for ply in range(120):
                if rules.is_over(state):
                    break
                if ply % 7 == 3:
                    if name == "chesstack":
                        found["chesstack"].append(info.notation.format_position(state))
                    elif state.turn is not None:
                        found["match id"].append(position.format_position(state))
                        found["xgid"].append(position.format_xgid(state))
                state = rules.apply(state, rng.choice(list(rules.actions(state))))
    return {key: tuple(values) for key, values in found.items()}


def _position(game: str, *commands: list[str]) -> Callable[[str], None]:
    def check(text: str) -> None:
        from game.cli import main
        from game.games import get_game

        info = get_game(game)
        state = info.notation.parse_position(text)
        with follow_up("its text"):
            again = info.notation.format_position(info.notation.parse_position(info.notation.format_position(state)))
            if again != info.notation.format_position(state):
                raise AssertionError("it does not read back")
        for command in commands:
            with follow_up(" ".join(command)):
                try:
                    code = main([*command, "--position", text])
                except SystemExit as exit_:
                    code = exit_.code
                if code not in (0, 2):
                    raise AssertionError(f"exit code {code}")
    return check


BACKGAMMON_COMMANDS = (["cube", "backgammon", "--level", "intermediate"],
                       ["analyze", "backgammon", "--level", "intermediate", "--dice", "31"])
"""What a backgammon position is used for: the cube (before a roll) and the plays of a roll."""

TARGETS: dict[str, tuple[Callable[[], tuple[str, ...]], Callable[[str], None]]] = {
    ".mat": (lambda: match_seeds()["mat"], _match_file(".mat")),
    ".sgf": (lambda: match_seeds()["sgf"], _match_file(".sgf")),
    "chesstack position": (lambda: position_seeds()["chesstack"],
                           _position("chesstack", ["eval", "chesstack"], ["analyze", "chesstack", "--level", "beginner"])),
    "match id": (lambda: position_seeds()["match id"], _position("backgammon", *BACKGAMMON_COMMANDS)),
    "xgid": (lambda: position_seeds()["xgid"], _position("backgammon", *BACKGAMMON_COMMANDS)),
}


# -- running ------------------------------------------------------------------------------------
@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`Hang` in the block after ``seconds`` (SIGALRM: the main thread, Unix)."""
    def alarm(signum, frame):
        raise Hang(f"no answer within {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def cases(target: str, count: int, seed: int) -> Iterator[tuple[int, str]]:
    """``(number, mutated text)``: the same ``count`` cases for the same seed."""
    seeds = TARGETS[target][0]()
    for number in range(count):
        rng = random.Random(f"{seed}-{target}-{number}")
        yield number, mutate(rng.choice(seeds), rng)


def run_case(target: str, text: str) -> tuple[str, str]:
    """``(outcome, detail)`` of one input (see the module doc)."""
    check = TARGETS[target][1]
    try:
        with time_limit(HANG_SECONDS):
            check(text)
    except Hang as error:
        return "hang", str(error)
    except FollowUpFailed as error:
        return "crash", str(error)
    except ValueError:
        return "clean error", ""
    except Exception as error:  # noqa: BLE001 - any other exception is the finding
        return "crash", f"{type(error).__name__}: {str(error)[:200]}"
    return "accepted", ""


def fuzz(count: int, seed: int, targets=None, progress: Callable[[str, int], None] | None = None) -> FuzzReport:
    """``count`` cases of each target (all by default); their outcomes."""
    report = FuzzReport()
    for target in targets or TARGETS:
        for number, text in cases(target, count, seed):
            outcome, detail = run_case(target, text)
            report.add(target, outcome, f"case {number} (seed {seed}): {detail}")
            if progress:
                progress(target, number + 1)
    return report
