"""The text readers' targets: ``.mat`` and ``.sgf`` match files, Chesstack positions, GNU
match IDs and XGIDs, each a valid seed text (the six real matches, their ``.sgf`` exports,
positions of random games) mutated (:mod:`.mutations`).  An accepted match file must export
to both formats and import again the same; an accepted position must read back the same,
and the commands that use it run."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from .mutations import mutate
from .runner import FollowUpFailed, Target, follow_up

MATCHES = Path(__file__).parents[2] / "data" / "matches"


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


def mutated(seeds: Callable[[], tuple[str, ...]]) -> Callable[[random.Random], str]:
    """A case: one of ``seeds()`` mutated."""
    return lambda rng: mutate(rng.choice(seeds()), rng)


TARGETS: dict[str, Target] = {
    ".mat": Target(mutated(lambda: match_seeds()["mat"]), _match_file(".mat")),
    ".sgf": Target(mutated(lambda: match_seeds()["sgf"]), _match_file(".sgf")),
    "chesstack position": Target(mutated(lambda: position_seeds()["chesstack"]),
                                 _position("chesstack", ["eval", "chesstack"],
                                           ["analyze", "chesstack", "--level", "beginner"])),
    "match id": Target(mutated(lambda: position_seeds()["match id"]), _position("backgammon", *BACKGAMMON_COMMANDS)),
    "xgid": Target(mutated(lambda: position_seeds()["xgid"]), _position("backgammon", *BACKGAMMON_COMMANDS)),
}
