"""Killing the program loses at most the answer being given: a child process answers cards in a
loop and is killed with SIGKILL; the library then opens whole, every answer the child reported
is there, and each card's stored schedule is exactly its logged answers replayed through FSRS."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import fsrs

from game.core.drill import Deck
from game.core.drill.schedule import STATES, parse, stamp
from game.core.library import open_library

from .stand_in import T0, facts

ROOT = Path(__file__).resolve().parents[3]

CHILD = """
import sys
from datetime import datetime, timedelta
from game.core.capabilities.drill import Graded
from game.core.drill import Deck, DrillOptions, DrillSession
from game.core.library import open_library
from game.games import get_game

class Clock:
    now = datetime.fromisoformat(sys.argv[2])
    def __call__(self):
        return self.now

clock, losses = Clock(), (0.0, 0.1, 0.02, 0.05, 0.0, 0.3, 0.011)
library = open_library(sys.argv[1], create=False)
session = DrillSession(Deck(library, get_game("backgammon")), DrillOptions(), None, clock=clock)
n = 0
while True:
    card = session.next()
    if card is None:
        clock.now += timedelta(days=1)
        continue
    loss = losses[n % len(losses)]
    session.answered(card, f"answer {n}", Graded(f"answer {n}", card.facts.best, loss), duration_ms=n)
    print(n, card.id, flush=True)
    clock.now += timedelta(minutes=7)
    n += 1
"""

ANSWERS = 60
"""Answers the child reports before it is killed."""


def test_a_kill_mid_session_loses_at_most_the_answer_being_given(tmp_path, info):
    path = tmp_path / "library.sqlite3"
    with open_library(path) as library:
        Deck(library, info).add_facts([facts(n, question=("chequer", "take", "double")[n % 3],
                                             phase=("contact", "race")[n % 2]) for n in range(8)], now=T0)
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(path), T0.isoformat()], cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env={**os.environ, "PYTHONPATH": str(ROOT)})
    reported = []
    try:
        for line in child.stdout:
            reported.append(tuple(map(int, line.split())))
            if len(reported) == ANSWERS:
                break
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
        child.stdout.close()
        error = child.stderr.read()
        child.stderr.close()
    assert len(reported) == ANSWERS, error
    with open_library(path, create=False) as library:
        assert library.check() == []
        db = library.connection
        logged = db.execute("SELECT card, answer, duration_ms FROM card_reviews ORDER BY id").fetchall()
        assert len(logged) >= ANSWERS
        assert [(card, int(answer.split()[1])) for card, answer, _ in logged[:ANSWERS]] == [
            (card, n) for n, card in reported]
        scheduler = fsrs.Scheduler(desired_retention=0.9, enable_fuzzing=False)
        for card_id, stored, state, due, created in db.execute("SELECT id, fsrs, state, due, created FROM cards"):
            replayed = fsrs.Card(card_id=card_id, due=parse(created))
            logs = db.execute("SELECT rating, first, log FROM card_reviews WHERE card = ? ORDER BY id",
                              (card_id,)).fetchall()
            for k, (rating, first, text) in enumerate(logs):
                log = fsrs.ReviewLog.from_json(text)
                assert log.rating.name.lower() == rating and first == (k == 0)
                replayed, _ = scheduler.review_card(replayed, log.rating, log.review_datetime, log.review_duration)
            assert json.loads(stored) == replayed.to_dict()
            assert due == stamp(replayed.due) and state == (STATES[replayed.state] if logs else "new")
