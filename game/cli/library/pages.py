"""``tabula library list``, ``player`` and ``positions``: what the library knows, as text or JSON."""

from __future__ import annotations

import argparse
import json
import sys

from ...core import argtypes
from ...core.capabilities import Review
from ...core.capabilities.library import Library as LibraryAbility
from ...core.library.listing import SORTS as LIST_SORTS
from ...core.library.listing import match_list
from ...core.library.player import PlayerPage, player_page
from ...core.library.positions import DEFAULT_LIMIT, Filters, search
from ...core.library.positions import SORTS as POSITION_SORTS
from ...core.library.rating import HALF_LIFE
from ...core.library.sources import library_games
from ...core.outputs import check_output, write_output
from ...games import all_games
from ..common import UsageError, canonical_name
from .common import add_library_argument, opened

PHASES = ("contact", "crashed", "race", "bearoff")
KINDS = ("chequer", "cube")
MARKS = ("doubtful", "bad", "very bad")


def add(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("list", help="the matches in the library")
    parser.add_argument("--player", metavar="NAME", help="only the matches of this player (and the names joined to it)")
    parser.add_argument("--level", type=canonical_name, help="PR by the reviews at this level (default: each match's latest)")
    parser.add_argument("--sort", choices=LIST_SORTS, default="date", help="the order (default: newest first)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    add_library_argument(parser)
    parser.set_defaults(run=run_list)

    parser = commands.add_parser("player", help="a player's page: PR with its interval, where equity is lost, the trend")
    parser.add_argument("name", metavar="NAME")
    parser.add_argument("--level", type=canonical_name, help="count the reviews at this level (default: each match's latest)")
    parser.add_argument("--match", type=argtypes.bounded_int(1, 2**62), metavar="ID",
                        help="the page of one match (its id, as `tabula library list` shows)")
    parser.add_argument("--half-life", type=argtypes.bounded_int(1, 10**9), default=HALF_LIFE, metavar="N",
                        help=f"the trend's decision half-life (default {HALF_LIFE:,}, as eXtreme Gammon's)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--html", metavar="OUT", help="write the page as one self-contained HTML file")
    parser.add_argument("--force", action="store_true", help="replace the file at --html OUT if it exists")
    add_library_argument(parser)
    parser.set_defaults(run=run_player)

    parser = commands.add_parser("positions", help="search the reviewed decisions")
    parser.add_argument("--player", metavar="NAME", help="the player deciding")
    parser.add_argument("--opponent", metavar="NAME", help="the player's opponent")
    parser.add_argument("--from", dest="date_from", type=_date, metavar="YYYY-MM-DD", help="matches on or after")
    parser.add_argument("--to", dest="date_to", type=_date, metavar="YYYY-MM-DD", help="matches on or before")
    parser.add_argument("--phase", choices=PHASES)
    parser.add_argument("--kind", choices=KINDS)
    parser.add_argument("--mark", choices=MARKS)
    parser.add_argument("--min-loss", type=argtypes.checked_number(float, lambda x: 0 <= x <= 10, "an amount 0..10"),
                        metavar="X", help="the least equity lost")
    parser.add_argument("--dice", type=_dice, metavar="DD", help="the roll, as 31 or 66")
    parser.add_argument("--score", type=_score, metavar="A-B", help="the decider's and the opponent's away, as 3-2; "
                        "money for money play")
    parser.add_argument("--pips", type=_range, metavar="LOW-HIGH", help="the decider's pip count")
    parser.add_argument("--opponent-pips", type=_range, metavar="LOW-HIGH", help="the opponent's pip count")
    parser.add_argument("--cube", type=argtypes.bounded_int(1, 64), metavar="N", help="the cube's value")
    parser.add_argument("--position", metavar="ID", help="an XGID, or a GNU position ID (with :MATCHID for one score)")
    parser.add_argument("--level", type=canonical_name, help="search the reviews at this level (default: the latest)")
    parser.add_argument("--sort", choices=POSITION_SORTS, default="loss", help="worst first (default) or newest first")
    parser.add_argument("--limit", type=argtypes.bounded_int(1, 100_000), default=DEFAULT_LIMIT, metavar="N")
    parser.add_argument("--json", action="store_true", help="print JSON")
    add_library_argument(parser)
    parser.set_defaults(run=run_positions)


def _date(text: str) -> str:
    import datetime

    try:
        return datetime.date.fromisoformat(text).isoformat()
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a date as YYYY-MM-DD") from None


def _dice(text: str) -> str:
    if len(text) == 2 and all(c in "123456" for c in text):
        high, low = sorted(text, reverse=True)
        return high + low
    raise argparse.ArgumentTypeError(f"{text!r} is not a roll such as 31 or 66")


def _range(text: str) -> tuple[int, int]:
    low, _, high = text.partition("-")
    if low.isdigit() and high.isdigit() and int(low) <= int(high) <= 999:
        return int(low), int(high)
    raise argparse.ArgumentTypeError(f"{text!r} is not a range such as 50-100")


def _score(text: str) -> tuple[int, int]:
    if text == "money":
        return 0, 0
    mine, _, theirs = text.partition("-")
    if mine.isdigit() and theirs.isdigit() and 1 <= int(mine) <= 64 and 1 <= int(theirs) <= 64:
        return int(mine), int(theirs)
    raise argparse.ArgumentTypeError(f"{text!r} is not a score such as 3-2 (each player's away) or money")


def run_list(args: argparse.Namespace) -> int:
    with opened(args) as library:
        matches = match_list(library, args.player, args.level, args.sort)
    if args.json:
        print(json.dumps(matches))
        return 0
    if not matches:
        print("no matches" + (f" of {args.player}" if args.player else ""))
    for m in matches:
        length = f"{m['length']}-point" if m["length"] else "money"
        points = "-".join(map(str, m["result"]["points"]))
        prs = ", ".join(f"{name} {value:.1f}" for name, value in m["pr"].items() if value is not None)
        print(f"{m['id']:>5}  {m['date'] or '          '}  {' vs '.join(m['players'])}  {length}  {points}"
              f"  {m['level'] or 'not analysed'}{'  PR ' + prs if prs else ''}")
    return 0


def run_player(args: argparse.Namespace) -> int:
    if args.force and args.html is None:
        raise UsageError("--force goes with --html (it lets the page replace an existing file)")
    if args.html is not None:
        try:
            check_output(args.html, force=args.force)
        except UsageError as error:
            raise UsageError(f"--html: {error}") from None
    with opened(args) as library:
        try:
            page = player_page(library, args.name, args.level, args.half_life, _ratings(), args.match)
        except LookupError as error:
            raise UsageError(str(error.args[0])) from None
    if args.html is not None:
        from ...core.library.html import player_html

        try:
            write_output(args.html, player_html(page))
        except OSError as error:
            raise UsageError(f"--html: cannot write {args.html}: {getattr(error, 'strerror', None) or error}") from None
    if args.json:
        print(json.dumps(page.as_json()))
    else:
        print_page(page)
    if args.html is not None:
        print(f"wrote the page to {args.html}", file=sys.stderr)
    return 0


def _ratings():
    games = library_games(all_games())
    review = games[0].ability(Review) if games else None
    return review.ratings if review is not None else None


def _rate(rate, digits: int = 1) -> str:
    if rate.value is None:
        return "—"
    if rate.low is None:
        return f"{rate.value:.{digits}f} (not enough decisions)"
    text = f"{rate.value:.{digits}f} ({rate.low:.{digits}f}–{rate.high:.{digits}f})"
    return text if rate.enough else text + " not enough decisions"


def print_page(page: PlayerPage) -> None:
    names = f" ({', '.join(n for n in page.names if n != page.player)})" if len(page.names) > 1 else ""
    print(f"{page.player}{names}: {page.matches} match{'es' * (page.matches != 1)} analysed, {page.decisions} decisions")
    print(f"PR {_rate(page.pr)}   error rate {_rate(page.error_rate)} mp/decision"
          + (f" ({page.rating})" if page.rating else ""))
    if page.luck is not None:
        adjusted = f", luck-adjusted result {page.luck_adjusted:+.3f}" if page.luck_adjusted is not None else ""
        print(f"luck {page.luck:+.3f}{adjusted}")
    titles = {"kind": "by kind", "cube_error": "cube errors", "phase": "by phase", "pips": "by pip count",
              "score": "by score"}
    for split, cells in page.by.items():
        if not cells:
            continue
        print(f"{titles.get(split, split)}:")
        for cell, rates in cells.items():
            print(f"  {cell:<24} {rates.decisions:>6} decisions  lost {rates.lost:7.3f}  PR {_rate(rates.pr)}")
    if page.trend:
        print("trend (PR of the match; weighted PR so far):")
        for point in page.trend[-10:]:
            print(f"  {point.date or '          '}  vs {point.opponent:<20} {_rate(point.pr):<28} {_rate(point.moving)}")
    if page.worst:
        print("worst decisions:")
        for d in page.worst:
            print(f"  {d['equity_lost']:.3f}  {d['dice'] or '  '} played {d['played']}, best {d['best']}  "
                  f"{d['xgid'] or d['position_id']}  (match {d['match']}, game {d['game']})")


def run_positions(args: argparse.Namespace) -> int:
    position = None
    if args.position is not None:
        games = library_games(all_games())
        try:
            position = games[0].ability(LibraryAbility).opens(args.position)
        except ValueError as error:
            raise UsageError(f"--position: {error}") from None
    filters = Filters(player=args.player, opponent=args.opponent, date_from=args.date_from, date_to=args.date_to,
                      phase=args.phase, kind=args.kind, mark=args.mark, min_loss=args.min_loss, dice=args.dice,
                      score=args.score, pips_mine=args.pips, pips_theirs=args.opponent_pips, cube_value=args.cube,
                      position=position, level=args.level, sort=args.sort, limit=args.limit)
    with opened(args) as library:
        found = search(library, filters)
    if args.json:
        print(json.dumps(found))
        return 0
    if not found:
        print("no positions found")
    for d in found:
        mark = f" ({d['mark']})" if d["mark"] else ""
        print(f"{d['equity_lost']:.3f}{mark}  {d['player']} {d['dice'] or ''} played {d['played']}, best {d['best']}"
              f"  {d['phase'] or ''}  {d['xgid'] or d['position_id']}")
    return 0
