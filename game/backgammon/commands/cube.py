"""``tabula cube backgammon --position "POSID:MATCHID" [--level L] [--evaluator E] [--json]``.

The cube decision of a position before the roll: the cubeless chances, no double /
double-take / double-pass equities (normalised as GNU Backgammon's: per unit of cube for
money, EMG for a match), the proper action in GNU Backgammon's words and the take point,
at the level's depth (its ``cube_plies``, :mod:`game.backgammon.analysis.levels`; Expert by default).
``--score-map [--length N]`` shows the proper action at every score of a match to N instead
(:mod:`game.backgammon.theory.score_map`), ``--json`` ``{"length", "cells": [{"away":
[ON_ROLL, OTHER], "action", "kind", "equities"}], "money", "money_equities", "cube", "owner",
"level"}``.  ``--theory`` shows the cube at this score instead (:mod:`game.backgammon.theory.cube`): take
and cash points, dead and live, gammon values and where the position stands, ``--json``
``{"take_point": {"dead", "live", "x"}, "cash_point": {...}, "gammon_values": [ON_ROLL,
OTHER], "chances": {...}, "cube_life", "money", "cube", "met", "where", "level"}``.
The position is a GNU ``posid:matchid`` or an XGID; a bare position ID is a money game with
a centred cube and the player on roll to decide.  A position with a double offered shows
the same decision (the taker answers it).  ``--json`` prints ``{"proper", "nd", "dt", "dp",
"cubeless": {"win", "win_gammon", "win_backgammon", "lose_gammon", "lose_backgammon"},
"take_point", "level"}`` plus ``plies``, ``decision`` ("cube" or "take"), ``money`` and, in
a match, ``mwc`` and ``met`` (the match equity table's name: ``--met``, Kazaross XG2 by default).  A position with no cube decision (dice rolled, the Crawford game, the
opponent's cube, the game over) is a usage error.  Only backgammon has a doubling cube.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import replace

from ...core.argtypes import UsageError, bounded_int, canonical_name, user_input
from ..cube.state import MAX_MATCH_LENGTH

GAMES = ("backgammon",)
"""The games with a doubling cube."""


def add(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("cube", help="the cube decision of a backgammon position (double? take?)")
    parser.add_argument("game", choices=GAMES, help="the game: backgammon (the only one with a doubling cube)")
    add_position_argument(parser)
    parser.add_argument("--level", type=canonical_name, default="expert",
                        help="beginner, intermediate (0 ply), advanced (1 ply) or expert (2 ply; the default)")
    parser.add_argument("--evaluator", type=canonical_name, help="the evaluator (default: the strongest installed)")
    add_met_argument(parser)
    parser.add_argument("--xgid", action="store_true", help="write the position as an XGID (the JSON gains \"xgid\")")
    parser.add_argument("--theory", action="store_true",
                        help="the cube at this score: take and cash points (dead and live cube), gammon values "
                             "and where the position stands")
    parser.add_argument("--score-map", action="store_true",
                        help="the proper cube action at every score of a match (and for money)")
    parser.add_argument("--length", type=bounded_int(1, MAX_MATCH_LENGTH), metavar="N",
                        help=f"the score map's match length, 1 to {MAX_MATCH_LENGTH} (default: the position's match, "
                             "else 7)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(run=run, checks_input=True)


def add_position_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--position", required=True,
                        help="GNU Backgammon POSID:MATCHID, an XGID, GNU Backgammon's text board, or a bare "
                             "position ID (money, cube centred)")


def add_met_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--met", metavar="NAME|FILE",
                        help="the match equity table: kazaross-xg2 (the default), mec (Zadeh's method), "
                             "or a GNU Backgammon .xml or .met file")


def use_met(args: argparse.Namespace) -> str:
    """Choose ``--met`` (the default when not given); the table's name.  A :class:`UsageError`
    of one line for an unknown name or a bad file."""
    from ..cube.met_choice import use
    try:
        return use(args.met).name
    except ValueError as error:
        raise UsageError(f"--met: {error}") from None


def read_cube_position(text: str):
    """The state of ``text`` at a cube decision; a :class:`UsageError` saying why there is none."""
    from ..cube.rules import decision
    from ..cube.state import DECIDE, MAX_CUBE, OVER, CubeState
    from ..position import parse_position
    with user_input():
        state = parse_position(text)
    if state.cube is None:  # a bare position ID: money, centred cube
        if state.dice is not None:
            raise UsageError("the dice are rolled in this position: there is no cube decision (try tabula analyze)")
        state = replace(state, cube=CubeState(phase=DECIDE))
    if decision(state) in ("cube", "take"):
        return state
    cube = state.cube
    if cube.phase == OVER:
        why = "the game is over"
    elif state.dice is not None:
        why = "the dice are rolled: a play comes next (try tabula analyze)"
    elif cube.crawford:
        why = "this is the Crawford game: nobody may double"
    elif cube.value >= MAX_CUBE:
        why = f"the cube is at its highest, {MAX_CUBE}"
    else:
        why = "the opponent owns the cube"
    raise UsageError(f"no cube decision in this position: {why}")


def run(args: argparse.Namespace) -> int:
    from ..analysis.ai import strongest_evaluator
    from ..analysis.levels import LEVELS
    from ..cube.play import cube_summary
    from ..evaluators import evaluator_names, get_evaluator
    if args.level not in LEVELS:
        raise UsageError(f"unknown level {args.level!r}; known levels: {', '.join(LEVELS)}")
    evaluator = args.evaluator or strongest_evaluator()
    if evaluator not in evaluator_names():
        raise UsageError(f"unknown evaluator {evaluator!r}; known evaluators: {', '.join(evaluator_names())}")
    table = use_met(args)
    if args.length is not None and not args.score_map:
        raise UsageError("--length goes with --score-map")
    if args.theory and args.score_map:
        raise UsageError("--theory and --score-map cannot be used together: choose one")
    if args.score_map:
        return print_score_map(args, get_evaluator(evaluator))
    state = read_cube_position(args.position)
    if args.theory:
        return print_theory(state, args, get_evaluator(evaluator))
    summary = cube_summary(state, LEVELS[args.level].cube_plies, get_evaluator(evaluator), args.level)
    if not summary["money"]:
        summary["met"] = table
    if args.xgid:
        from ..position import format_xgid
        summary["xgid"] = format_xgid(state)
    if args.json:
        print(json.dumps(summary))
        return 0
    from ..info import GAME

    print_summary(GAME, state, summary, evaluator)
    return 0


def print_summary(info, state, s: dict, evaluator: str) -> None:
    """The decision as text: the setting, the cubeless chances, the three equities, the verdict."""
    from ..cube.rules import cube_owner, cube_value, match_length, match_score
    owner = cube_owner(state)
    where = "centred" if owner is None else f"owned by {info.players.titles[owner]}"
    length = match_length(state)
    kind = "money" if not length else "match to {} at {}-{} ({})".format(length, *match_score(state), s["met"])
    who = info.players.titles[state.turn]
    shown = s.get("xgid") or info.notation.format_position(state)
    print(f"{info.title} cube decision in {shown}: {who} "
          f"{'considers doubling' if s['decision'] == 'cube' else 'has doubled'}; {kind}, cube {cube_value(state)} "
          f"{where}; level {s['level']} ({s['plies']} ply), evaluator {evaluator}")
    titles = ("Win", "W(g)", "W(bg)", "L(g)", "L(bg)")
    print("cubeless chances (" + who + "): " + "  ".join(
        f"{title} {100 * value:.1f}%" for title, value in zip(titles, s["cubeless"].values())))
    units = "money equity per unit of cube" if s["money"] else "EMG"
    print(f"  No double     {s['nd']:+.3f}")
    print(f"  Double, take  {s['dt']:+.3f}")
    print(f"  Double, pass  {s['dp']:+.3f}   ({units})")
    print(f"Proper cube action: {s['proper']}")
    print(f"Take point: {100 * s['take_point']:.1f}%")


def print_theory(state, args: argparse.Namespace, evaluator) -> int:
    """``--theory``: :func:`game.backgammon.theory.cube.cube_theory` with the chances at the level."""
    from ..analysis.levels import LEVELS
    from ..cube.ai import cube_decision
    from ..info import GAME
    from ..theory.cube import cube_theory
    chances = cube_decision(state, LEVELS[args.level].cube_plies, evaluator).chances
    theory = {**cube_theory(state, chances), "level": args.level}
    if args.json:
        print(json.dumps(theory))
        return 0
    me, them = GAME.players.titles[state.turn], GAME.players.titles[1 - state.turn]
    setting = "money" if theory["money"] else f"match, table {theory['met']}"
    print(f"The cube at this score ({setting}, cube {theory['cube']}), {me} on roll, level {args.level}")
    c = theory["chances"]
    print(f"  {me} wins {100 * c['win']:.1f}% (gammons {100 * c['win_gammon']:.1f}%), "
          f"loses gammons {100 * c['lose_gammon']:.1f}%")
    tp, cp = theory["take_point"], theory["cash_point"]
    print(f"  {them}'s take point: dead cube {100 * tp['dead']:.1f}%, live {100 * tp['live']:.1f}%, "
          f"at cube life {theory['cube_life']:.2f} {100 * tp['x']:.1f}%")
    print(f"  {me}'s cash point:   dead cube {100 * cp['dead']:.1f}%, live {100 * cp['live']:.1f}%, "
          f"at cube life {theory['cube_life']:.2f} {100 * cp['x']:.1f}%")
    print(f"  Gammon values: {me} {theory['gammon_values'][0]:.2f}, {them} {theory['gammon_values'][1]:.2f}")
    print(f"  {theory['where'][0].upper()}{theory['where'][1:]}")
    return 0


def print_score_map(args: argparse.Namespace, evaluator) -> int:
    """``--score-map``: :func:`game.backgammon.theory.score_map.score_map` at the level."""
    import sys

    from ..analysis.levels import LEVELS
    from ..position import parse_position
    from ..theory.ability import THEORY
    from ..theory.score_map import score_map
    with user_input():
        state = parse_position(args.position)
    length = args.length or min(THEORY.map_length(state), MAX_MATCH_LENGTH)
    tty = sys.stderr.isatty()

    def progress(done: int, total: int) -> None:
        if tty:
            print(f"\rscore map: {done}/{total}", end="", file=sys.stderr, flush=True)

    try:
        found = score_map(state, length, LEVELS[args.level].cube_plies, evaluator, progress)
    except ValueError as error:
        raise UsageError(str(error)) from None
    finally:
        if tty:
            print("\r" + " " * 30 + "\r", end="", file=sys.stderr, flush=True)
    if args.json:
        print(json.dumps({**found, "level": args.level}))
        return 0
    print_map_text(found, args.level)
    return 0


def print_map_text(found: dict, level: str) -> None:
    """The map as a grid: rows the side on roll's away count, columns the other side's."""
    from ..theory.actions import ABBREVIATIONS
    length = found["length"]
    cells = {(c["away"][0], c["away"][1], c["kind"]): c["action"] for c in found["cells"]}
    print(f"Score map at level {level}: the side on roll's away count down, the other's across "
          "(1-away: Crawford game / later)")
    print("       " + "".join(f"{b:>9}" for b in range(1, length + 1)))
    for a in range(1, length + 1):
        row = []
        for b in range(1, length + 1):
            if a >= 2 and b >= 2 or a == b == 1:
                kind = "pre" if a >= 2 else "post_crawford"
                row.append(ABBREVIATIONS[cells[(a, b, kind)]])
            else:
                row.append("-/" + ABBREVIATIONS[cells[(a, b, "post_crawford")]])
        print(f"{a:>3}-away" + "".join(f"{text:>9}" for text in row))
    print(f"Money: {ABBREVIATIONS[found['money']]}")
