"""``tabula import FILE``: read a backgammon match file (``.mat``), replay it, summarise it.

The file is read with :mod:`game.core.untrusted`'s bounded reader (a missing, huge, binary
file or a FIFO is a clear error).  A bad move names the game and row; when games were read
before it, the message says how many.  ``--json`` prints the match length, the players, each
game's winner, points and how it ended, and the final score.
"""

from __future__ import annotations

import argparse
import json

from .common import UsageError

MAX_BYTES = 2_000_000
"""The largest match file read (the real ones are under 20 kB)."""


def add(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("import", help="read a backgammon match file (.mat) and summarise its games")
    parser.add_argument("file", help="the match file, e.g. tests/data/matches/7pt-a.mat")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(run=run, checks_input=True)


def run(args: argparse.Namespace) -> int:
    from ..backgammon.matfile import MatchFileError, read_mat
    from ..core.untrusted import UntrustedFileError, read_text

    try:
        match = read_mat(read_text(args.file, MAX_BYTES, "match file"))
    except UntrustedFileError as error:
        raise UsageError(str(error)) from None
    except MatchFileError as error:
        raise UsageError(f"{args.file}: {error}") from None
    summary = match.summary()
    if args.json:
        print(json.dumps(summary))
        return 0
    names = match.players
    print(f"{names[0]} vs {names[1]}: {match.match_length} point match, {len(match.games)} games "
          f"({match.dialect} dialect)")
    for game in match.games:
        cube_note = f" (file says {game.stated_points})" if game.stated_points not in (None, game.points) else ""
        print(f"  game {game.number}: {names[game.winner]} wins {game.points} point(s), {game.how}{cube_note}")
    final = summary["final_score"]
    print(f"final score: {names[0]} {final[names[0]]} - {names[1]} {final[names[1]]}")
    return 0
