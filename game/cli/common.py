"""Argument types and helpers shared by the subcommands.

Everything here reads the games' declarations (``GameInfo``); no command branches on a
game's name, and a game lacking what a command needs is a :class:`UsageError`.
"""

from __future__ import annotations

import argparse

from ..core.argtypes import (  # noqa: F401 (shared)
    UsageError,
    bounded_int,
    canonical_name,
    checked_number,
    games_int,
    plies_int,
    seed_int,
    user_input,
)
from ..core.capabilities import MatchEquity
from ..core.gameinfo import GameInfo, SetupOption
from ..core.protocol import CHANCE
from ..games import all_games, game_names, get_game


def add_position_forms(parser: argparse.ArgumentParser) -> None:
    """A flag per other program's position text a game writes (``--xgid``): the command prints
    its positions in that form (and its JSON adds them under that name)."""
    for name, titles in _other_forms().items():
        parser.add_argument(f"--{name}", dest=f"form_{name}", action="store_true",
                            help=f"{', '.join(titles)}: print positions as {name.upper()}s")


def _other_forms() -> dict[str, list[str]]:
    return _flags_by_game(lambda info: list(info.notation.other_forms))


def _flags_by_game(names) -> dict[str, list[str]]:
    """Flag name → the titles of the games declaring it (``names(info)``: a game's flag names)."""
    flags: dict[str, list[str]] = {}
    for info in all_games():
        for name in names(info):
            flags.setdefault(name, []).append(info.title)
    return flags


def position_writer(info: GameInfo, args: argparse.Namespace):
    """``(name, write)``: the position text the flags ask for (``("xgid", XGIDs)``), else
    ``(None, the game's own format_position)``; a :class:`UsageError` for a form the game
    does not write.  A state the other form cannot hold (an XGID has no resignation) is
    written in the game's own form, which does (:meth:`GameInfo.position_text`); JSON gives
    it under the form's name as ``null`` (:func:`form_json`)."""
    for name in _other_forms():
        if getattr(args, f"form_{name}", False):
            if name not in info.notation.other_forms:
                raise UsageError(f"--{name} is not for {info.title}, which writes no {name.upper()}")
            return name, lambda state: info.position_text(state, name)[1]
    return None, info.notation.format_position


def form_json(info: GameInfo, name: str | None, state) -> dict:
    """What a JSON object gains for the form ``name`` that :func:`position_writer` gave:
    ``{name: text}``, the text ``None`` where that form cannot hold ``state``; ``{}`` for
    the game's own form."""
    return {} if name is None else {name: info.other_form_text(state, name)}


def add_game_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=game_names(), help="the game: " + ", ".join(game_names()))


def game_info(args: argparse.Namespace) -> GameInfo:
    return get_game(args.game)


def position_help() -> str:
    """``--position``'s help: each game's position forms, as the game words them for a user
    (``Notation.position_forms``; never a docstring, which is written for programmers)."""
    forms = [f"{info.name}: {info.notation.position_forms or 'its position text'}" for info in all_games()]
    return "the position (" + "; ".join(forms) + ")"


def add_chance_arguments(parser: argparse.ArgumentParser) -> None:
    """A flag per kind of chance outcome a game lets a position be given with (``--dice 31``)."""
    for name, titles in _chance_flags().items():
        parser.add_argument(f"--{name}", dest=f"chance_{name}", metavar="OUTCOME",
                            help=f"{', '.join(titles)}: the {name} drawn (default: those in the position)")


def _chance_flags() -> dict[str, list[str]]:
    return _flags_by_game(lambda info: [info.chance.name] if info.chance is not None and info.chance.given is not None
                          else [])


def with_chance(info: GameInfo, args: argparse.Namespace, state):
    """``state`` with the chance outcome the flags give (the game's own when none is given);
    a :class:`UsageError` for a bad outcome, a missing one, or a flag the game does not take."""
    for name in _chance_flags():
        value = getattr(args, f"chance_{name}", None)
        mine = info.chance is not None and info.chance.name == name
        if value is not None and not mine:
            raise UsageError(f"--{name} is not for {info.title}, which has no {name}")
    chance = info.chance
    if chance is None or chance.given is None:
        return state
    with user_input():
        return chance.given(state, getattr(args, f"chance_{chance.name}", None))


def read_position(info: GameInfo, args: argparse.Namespace, doing: str, decision: bool = True):
    """The ``--position`` of ``args`` as a state, checked the same way for every command: it
    must parse (the game's reader refuses a position no game can reach), take the chance
    flags given, and not be finished; with ``decision`` a player, not chance, must be next.
    ``doing`` is what the command would do ("analyze") for the message; a
    :class:`UsageError` otherwise."""
    with user_input():
        state = info.notation.parse_position(args.position)
    rules = info.rules()
    if rules.is_over(state):
        raise UsageError(f"the game is over ({ending(info, state)}); there is nothing to {doing}")
    if any(getattr(args, f"chance_{name}", None) is not None for name in _chance_flags()) or decision:
        state = with_chance(info, args, state)
    if decision and rules.to_move(state) == CHANCE:
        raise UsageError(f"a chance outcome comes next in this position, not a {info.notation.move_noun}")
    return state


def ending(info: GameInfo, state) -> str:
    """How the finished ``state`` ended, without its full stop ("White wins a gammon (2 points)")."""
    return info.outcome_of(state).words(info.players.titles).rstrip(".")


def declared_options(kind: str) -> dict[str, list[tuple[str, SetupOption]]]:
    """Option name → ``(game title, option)`` for every game declaring it, ``kind`` being
    ``"setup"`` (a new game's options) or ``"move_list"`` (a typed move list's)."""
    declared: dict[str, list[tuple[str, SetupOption]]] = {}
    for info in all_games():
        options = info.options.setup if kind == "setup" or info.options.move_list is None else info.options.move_list
        for name, option in options.items():
            declared.setdefault(name, []).append((info.title, option))
    return declared


def add_option_flags(parser: argparse.ArgumentParser, kind: str) -> None:
    """A ``--NAME`` flag per game option of ``kind`` (see :func:`declared_options`)."""
    for name, specs in declared_options(kind).items():
        about = "; ".join(f"{title}: {spec.label.lower()}, one of {', '.join(spec.choices)} (default {spec.default})"
                          for title, spec in specs)
        parser.add_argument(f"--{name}", dest=f"option_{name}", default=None, metavar="CHOICE", help=about)


def chosen_options(info: GameInfo, args: argparse.Namespace, kind: str) -> dict[str, str]:
    """The options of ``kind`` given as flags, checked against what ``info`` declares."""
    offered = info.options.setup if kind == "setup" or info.options.move_list is None else info.options.move_list
    chosen = {}
    for name in declared_options(kind):
        value = getattr(args, f"option_{name}", None)
        if value is None:
            continue
        spec = offered.get(name)
        if spec is None:
            flags = ", ".join(f"--{option}" for option in offered)
            raise UsageError(f"--{name} is not an option of {info.title}"
                             + (f" (its options: {flags})" if flags else ", which has none"))
        try:
            chosen[name] = spec.check(value)
        except ValueError as error:
            raise UsageError(f"--{name}: {error}") from None
    return chosen


def add_met_argument(parser: argparse.ArgumentParser) -> None:
    """``--met NAME|FILE``: the match equity table of the games that have one (:class:`MatchEquity`)."""
    titles = [info.title for info in all_games() if info.has(MatchEquity)]
    parser.add_argument("--met", metavar="NAME|FILE",
                        help=f"{', '.join(titles)}: the match equity table match analyses use, by name "
                             "(kazaross-xg2, the default, or mec: Zadeh's method) or a GNU Backgammon "
                             ".xml or .met file")


def use_met(info: GameInfo, args: argparse.Namespace) -> str | None:
    """Choose ``--met`` for this process and the workers it starts; the table's name (``None``
    when not given).  A game without match equity tables, an unknown name or a bad file is
    a :class:`UsageError` of one line."""
    if getattr(args, "met", None) is None:
        return None
    ability = info.ability(MatchEquity)
    if ability is None:
        raise UsageError(f"{info.title} has no match equity table: --met does not apply")
    try:
        return ability.use(args.met)
    except ValueError as error:
        raise UsageError(f"--met: {error}") from None
