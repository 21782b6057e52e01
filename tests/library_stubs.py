"""A study library made in a moment for tests of the window: real matches (``tests/data/matches``)
with stand-in reviews, each decision's loss made up from its ply (no analysis is run), stored
as the Review screen stores a completed review (:func:`game.core.library.intake.add_review`)."""

from __future__ import annotations

import shutil
import zlib
from pathlib import Path

from game.core.library import intake, open_library
from game.core.library.sources import record_of
from game.core.review.plain import review_marks
from game.core.review.report import Decision, Report
from game.core.review.run import ReviewPlan, mark
from game.games import all_games, get_game

MATCHES = Path(__file__).resolve().parent / "data" / "matches"
LEVEL = "intermediate"


def stub_report(info, record) -> Report:
    """A review of ``record`` whose every third decision loses a made-up amount (up to 0.2)."""
    plan = ReviewPlan(info, record)
    rules, thresholds = plan.rules, review_marks(info)
    decisions = []
    for ply, before, action, dice, _ in plan.steps:
        at = plan.review.at(before, action)
        lost = round((zlib.crc32(f"{record.actions[:3]}{ply}".encode()) % 1000) / 5000, 6) if ply % 3 == 0 else 0.0
        best = next((m for m in rules.legal_moves(before) if m != action), action) if lost else action
        decisions.append(Decision(player=plan.labels[rules.to_move(before)], kind=at.kind,
                                  position_id=at.position_id, match_id=at.match_id, dice=dice,
                                  played=rules.notation(before, action), best=rules.notation(before, best),
                                  equity_lost=lost, mark=mark(lost, thresholds), luck=0.01, win_chance=0.5,
                                  score=0.0, rated=True, match_win_chance=None, ply=ply))
    return plan.report(decisions)


def stub_library(path: Path, names=("3pt-a.mat", "5pt-a.mat", "money-a.mat"), reviewed: int | None = None) -> Path:
    """A library at ``path`` with the matches ``names``, the first ``reviewed`` of them (all by
    default) with a stand-in review at :data:`LEVEL`.  The match files are copied beside it
    first (``matches/``): what opens them writes its review's cache beside them, never into
    the repository."""
    info, games = get_game("backgammon"), all_games()
    folder = Path(path).parent / "matches"
    folder.mkdir(parents=True, exist_ok=True)
    with open_library(path) as library:
        for k, name in enumerate(names):
            shutil.copyfile(MATCHES / name, folder / name)
            source = intake.file_source(folder / name, games)
            if reviewed is None or k < reviewed:
                intake.add_review(library, info, source, stub_report(info, record_of(info, source.format, source.text, source.source)), {"level": LEVEL})
            else:
                library.add(source)
    return path
