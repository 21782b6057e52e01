"""``tabula export FILE OUT``: write a backgammon match or game as a match file other programs read.

``FILE`` is a match file (``.mat``, ``.sgf``) or a Tabula save of a backgammon game or match;
``OUT``'s suffix chooses the format: ``.mat`` (the text GNU Backgammon and the online sites
export) or ``.sgf`` (GNU Backgammon's own).  ``OUT`` goes through the guarded writer
(:mod:`game.core.outputs`), checked before ``FILE`` is read: an existing ``OUT`` (a dangling
link included) is only replaced with ``--force``; ``FILE`` itself (however spelled), a
device, FIFO or socket never, even with ``--force``; a missing folder or a name too long for
the file system is refused, as ``cp`` would.  The file is written atomically.  What a match
file cannot hold is left out and said: no-double decisions, a game still in progress.  A file
larger than ``import`` reads (``game.backgammon.matfile.limits``) is refused, not written:
what Tabula writes, it reads.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ..core.capabilities import MatchFiles
from ..core.outputs import check_output, write_output
from ..core.untrusted import shown
from .common import UsageError


def add(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("export", help="write a backgammon match or saved game as a .mat or .sgf match file")
    parser.add_argument("file", help="a match file (.mat, .sgf) or a Tabula save of a backgammon game (.json)")
    parser.add_argument("out", help="the file to write: its suffix, .mat or .sgf, chooses the format")
    parser.add_argument("--force", action="store_true", help="replace OUT if it exists")
    parser.set_defaults(run=run, checks_input=True)


def run(args: argparse.Namespace) -> int:
    from ..core.saves import SaveError, load_game
    from ..core.untrusted import UntrustedFileError
    from ..games import get_game, import_suffixes, match_files_for, rules_for

    out = Path(args.out)
    writer = match_files_for(out)
    if writer is None:
        raise UsageError(f"{shown(args.out, 80)}: the output must end in {' or '.join(import_suffixes())} "
                         "(it chooses the format)")
    info, files = writer
    check_output(out, force=args.force, protected=[args.file])
    skipped = ""
    try:
        reader = match_files_for(args.file)
        if reader is not None:
            match = reader[1].read_file(args.file)
            source = reader[0]
        else:
            record = load_game(args.file, rules_for)
            source = get_game(record.game)
            if not source.has(MatchFiles):
                raise UsageError(f"{args.file} is a {source.title} game, which has no match files")
            match, left_out = source.ability(MatchFiles).export(record)
            skipped = " (the game still in progress is left out)" if left_out else ""
    except (UntrustedFileError, SaveError, UsageError) as error:
        raise UsageError(str(error)) from None
    except ValueError as error:  # the match file or the record cannot be read or exported
        raise UsageError(f"{args.file}: {error}") from None
    if source.name != info.name:
        raise UsageError(f"{args.file} is a {source.title} match; {shown(args.out, 80)} names {info.title}'s files")
    try:
        text = files.write(match, out.name)
    except ValueError as error:  # larger than Tabula reads back: nothing is written
        raise UsageError(f"{args.file}: {error}") from None
    try:
        write_output(out, text, protected=[args.file])
    except OSError as error:
        raise UsageError(f"cannot write {shown(args.out, 80)}: {error.strerror or error}") from None
    print(f"wrote {files.game_count(match)} game(s) to {args.out}{skipped}")
    return 0

