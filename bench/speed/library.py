"""The study library at scale: adding matches, its memory while adding, and the player's page
and position searches on a large library.

The library is built from the six real matches of ``tests/data/matches/``, each repeated with
the opponent renamed and the date moved (so each copy is a new match, as a player's own
library of thousands of matches from one site would be): ``--matches`` files in all.

1. **Adding** (``tabula library add``'s path: files read over ``--workers`` processes, each
   match stored in one transaction): matches per second, beside the reference of reading the
   same files in this process without storing them (``read_file`` alone, on the first 300).
   The parent's resident memory is sampled while adding (it must stay flat: nothing of a
   match is kept once stored).
2. **Reviews**: the six originals are reviewed once at ``--level`` (their ``.review``
   caches, kept in ``bench/cache/library/``), and each copy gets its original's review
   stored (names mapped), as bulk analysis would store it: a library of every decision.
3. **Queries**, each the median of ``--repeat`` runs, beside a reference query in the same
   process (``SELECT COUNT(*)`` of the decisions): the page of the player of every match
   (``lasse``, and every name joined to it), the page of a player of one match, position
   searches (a player's race errors; a position ID; the worst 50 of all), and the match
   list.  The database's size on disk is reported.

Targets: adding at 20 matches a second or more on two cores; each page and search under
0.5 s.  ``python -m bench.speed.library [--matches 10000] [--workers 2] [--level intermediate]
[--repeat 5] [--keep DIR]``
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import tempfile
import threading
import time
from pathlib import Path

from game import __version__
from game.core.library import open_library
from game.core.library.listing import match_list
from game.core.library.player import player_page
from game.core.library.positions import Filters, search
from game.core.library.rows import review_rows
from game.core.library.sources import FileReader, read_file, read_many
from game.core.resources import weights_fingerprint
from game.core.review.run import cached_review
from game.games import all_games, get_game, reviewed_record

ROOT = Path(__file__).resolve().parents[2]
MATCHES = ROOT / "tests" / "data" / "matches"
CACHE = ROOT / "bench" / "cache" / "library"


def _rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def _same_length(name: str, k: int) -> str:
    """``name`` with its last four characters replaced by ``k`` in base 36: a new name of the
    same length, so a ``.mat`` file's columns stay where its reader expects them."""
    digits = ""
    for _ in range(4):
        k, digit = divmod(k, 36)
        digits = "0123456789abcdefghijklmnopqrstuvwxyz"[digit] + digits
    return (name[:-4] if len(name) > 4 else name[:1]) + digits


def make_copies(folder: Path, count: int) -> list[tuple[Path, str, str]]:
    """``count`` match files (the six real matches in turn, the opponent renamed, the date
    moved); each with its original's name and the opponent's new name."""
    originals = sorted(MATCHES.glob("*.mat"))
    games = all_games()
    players = {path.name: read_file(path, games).summary.players for path in originals}
    folder.mkdir(parents=True, exist_ok=True)
    made = []
    for k in range(count):
        original = originals[k % len(originals)]
        text = original.read_text()
        first, second = players[original.name]
        opponent = second if first.lower() == "lasse" else first
        renamed = _same_length(opponent, k)
        text = text.replace(opponent, renamed)
        day = k % 28 + 1
        month = (k // 28) % 12 + 1
        year = 2010 + k // (28 * 12)
        text = re.sub(r'(EventDate ")\d{4}\.\d{2}\.\d{2}', rf"\g<1>{year}.{month:02d}.{day:02d}", text)
        path = folder / f"{k:05d}-{original.name}"
        path.write_text(text)
        made.append((path, original.name, renamed))
    return made


def bench_adding(library_path: Path, files: list[Path], workers: int) -> dict:
    samples: list[float] = []
    stop = threading.Event()

    def sample() -> None:
        while not stop.is_set():
            samples.append(_rss_mb())
            stop.wait(0.5)

    games = all_games()
    reference = files[:300]
    start = time.perf_counter()
    for path in reference:
        read_file(path, games)
    per_read = (time.perf_counter() - start) / len(reference)
    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    start = time.perf_counter()
    with open_library(library_path) as library:
        added = 0
        for _, source in read_many(files, FileReader(all_games), workers):
            assert not isinstance(source, str), source
            added += library.add(source)[1]
    seconds = time.perf_counter() - start
    stop.set()
    sampler.join()
    return {"added": added, "seconds": seconds, "rate": added / seconds, "reference_rate": 1 / per_read,
            "rss": samples}


def originals_reviewed(level: str) -> dict:
    """Each original's review at ``level`` (cached in ``bench/cache/library/``)."""
    CACHE.mkdir(parents=True, exist_ok=True)
    info = get_game("backgammon")
    reports = {}
    for path in sorted(MATCHES.glob("*.mat")):
        copy = CACHE / path.name
        if not copy.exists() or copy.read_bytes() != path.read_bytes():
            shutil.copyfile(path, copy)
        reports[path.name] = cached_review(info, reviewed_record(copy), copy, {"level": level})[0]
    return reports


def store_reviews(library_path: Path, copies: list[tuple[Path, str, str]], level: str) -> dict:
    """Each copy's review: its original's decisions, the opponent's name mapped (as bulk
    analysis would store them); the time per match stored."""
    info = get_game("backgammon")
    games = all_games()
    originals = {}
    for name, report in originals_reviewed(level).items():
        names = read_file(MATCHES / name, games).summary.players
        originals[name] = (names, *review_rows(info, report, names))
    weights = weights_fingerprint()
    start, stored = time.perf_counter(), 0
    with open_library(library_path) as library:
        ids = {source: match for match, source in library.connection.execute("SELECT id, source FROM matches")}
        for path, original, renamed in copies:
            names, rows, totals = originals[original]
            opponent = names[1] if names[0].lower() == "lasse" else names[0]
            mapped = [{**row, "player": renamed if row["player"] == opponent else row["player"]} for row in rows]
            mine = {renamed if name == opponent else name: value for name, value in totals.items()}
            library.store_review(ids[str(path)], level, __version__, weights, mapped, mine)
            stored += 1
    seconds = time.perf_counter() - start
    return {"stored": stored, "seconds": seconds, "rate": stored / seconds}


def timed(function, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def bench_queries(library_path: Path, copies, repeat: int) -> dict:
    with open_library(library_path) as library:
        db = library.connection
        one = copies[len(copies) // 2][2]
        some = db.execute("SELECT position_id FROM decisions WHERE kind = 'chequer' LIMIT 1 OFFSET 1000").fetchone()[0]
        queries = {
            "reference: count the decisions": lambda: db.execute("SELECT COUNT(*) FROM decisions").fetchone(),
            "page of lasse (every match)": lambda: player_page(library, "lasse"),
            "page of a one-match player": lambda: player_page(library, one),
            "lasse's race errors": lambda: search(library, Filters(player="lasse", phase="race", min_loss=0.04)),
            "a position ID": lambda: search(library, Filters(position=(some, None))),
            "the worst 50 of all": lambda: search(library, Filters()),
            "the match list": lambda: match_list(library),
        }
        times = {name: timed(query, repeat) for name, query in queries.items()}
        counts = library.counts()
    size = sum(p.stat().st_size for p in library_path.parent.glob(library_path.name + "*"))
    return {"times": times, "counts": counts, "bytes": size}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=10_000, help="match files in the library (default 10,000)")
    parser.add_argument("--workers", type=int, default=2, help="processes reading files while adding (default 2)")
    parser.add_argument("--level", default="intermediate", help="the level the originals are reviewed at")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each query (the median is shown)")
    parser.add_argument("--keep", metavar="DIR", help="build in DIR and keep it (default: a temporary folder)")
    args = parser.parse_args()
    folder = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="tabula-library-bench-"))
    try:
        copies = make_copies(folder / "matches", args.matches)
        path = folder / "library.sqlite3"
        adding = bench_adding(path, [c[0] for c in copies], args.workers)
        rss = adding["rss"]
        print(f"adding {adding['added']:,} matches with {args.workers} worker(s): {adding['rate']:.1f} matches/s "
              f"({adding['seconds']:.0f} s); reading alone in this process: {adding['reference_rate']:.1f} matches/s "
              f"(ratio {adding['rate'] / adding['reference_rate']:.2f})")
        if rss:
            marks = [rss[min(len(rss) - 1, int(len(rss) * f))] for f in (0.1, 0.5, 1.0)]
            print(f"resident memory while adding: {marks[0]:.0f} MB at 10%, {marks[1]:.0f} MB at 50%, "
                  f"{marks[2]:.0f} MB at the end (max {max(rss):.0f} MB)")
        reviews = store_reviews(path, copies, args.level)
        print(f"storing {reviews['stored']:,} reviews: {reviews['rate']:.1f} matches/s")
        queries = bench_queries(path, copies, args.repeat)
        counts = queries["counts"]
        print(f"library: {counts['matches']:,} matches, {counts['decisions']:,} decisions, "
              f"{queries['bytes'] / 2**20:.0f} MB on disk")
        reference = queries["times"]["reference: count the decisions"]
        for name, seconds in queries["times"].items():
            print(f"  {name:<34} {seconds * 1000:8.1f} ms  ({seconds / reference:.1f}× the reference)")
    finally:
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
