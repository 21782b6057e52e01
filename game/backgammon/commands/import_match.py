"""``tabula import FILE``: read a backgammon match file (``.mat`` or ``.sgf``), replay it, summarise it.

The file is read with :mod:`game.core.untrusted`'s bounded reader (a missing, huge, binary
file or a FIFO is a clear error).  A bad move names the game and row; when games were read
before it, the message says how many.  ``--json`` prints the match length, the players, each
game's winner, points and how it ended, the final score, and ``notes``: what the file
contradicted (a score line or a result line the replay disagrees with) and how it was resolved.
"""

from __future__ import annotations

import argparse
import json

from ...core.argtypes import UsageError


def add(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("import", help="read a backgammon match file (.mat or .sgf) and summarise its games")
    parser.add_argument("file", help="the match file, e.g. tests/data/matches/7pt-a.mat")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(run=run, checks_input=True)


def run(args: argparse.Namespace) -> int:
    from ...core.untrusted import UntrustedFileError
    from ..matfile import MatchFileError, read_match_file

    try:
        match = read_match_file(args.file)
    except UntrustedFileError as error:
        raise UsageError(str(error)) from None
    except MatchFileError as error:
        raise UsageError(f"{args.file}: {error}") from None
    summary = match.summary()
    if args.json:
        print(json.dumps(summary))
        return 0
    names = match.players
    kind = "money session" if match.money else f"{match.match_length} point match"
    source = "GNU Backgammon SGF" if match.dialect == "sgf" else f"{match.dialect} dialect"
    print(f"{names[0]} vs {names[1]}: {kind}, {len(match.games)} games ({source})")
    for game in match.games:
        cube_note = f" (file says {game.stated_points})" if game.stated_points not in (None, game.points) else ""
        print(f"  game {game.number}: {names[game.winner]} wins {game.points} point(s), {game.how}{cube_note}")
    final = summary["final_score"]
    print(f"final score: {names[0]} {final[names[0]]} - {names[1]} {final[names[1]]}")
    for note in match.notes:
        print(f"note: {note}")
    return 0
