"""A drill session in a terminal: each due card asked, its answer read, graded, scheduled and
shown, in text (:class:`Text`) or as JSON lines (:class:`Lines`, :mod:`.protocol`).

The answer is read as the game reads a typed answer (:meth:`Drill.read_answer`); text that is no
legal answer is refused and the same card asked again.  It is graded from the card's figures
(:meth:`Drill.grade`), else analysed (:meth:`Drill.analyse`, slow: said before it starts).  Each
answer is stored in its own transaction (:meth:`DrillSession.answered`), so end of input, Ctrl-C
or a kill keep every answer finished.  A failed card gets its variations at once
(:meth:`Drill.variations`, slow; up to the ``variations`` knob, counting those it has).
"""

from __future__ import annotations

import sys
import time
from datetime import datetime, timezone
from typing import TextIO

from ...core.capabilities.drill import Drill
from ...core.jobs.stopping import exit_code, is_interrupt
from . import protocol
from .text import answer_lines, due_text, heading, question_text


class Text:
    """The terminal's side: the board as text, the question, a prompt; the answer in words."""

    def __init__(self, info, drill: Drill, read: TextIO, out: TextIO) -> None:
        self.info, self.drill, self.read_from, self.out = info, drill, read, out

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def ask(self, card) -> None:
        self.say(f"\n{heading(card)}\n{self.drill.text_board(card.facts)}\n{question_text(card.facts)}")

    def read(self) -> str | None:
        print("> ", end="", file=self.out, flush=True)
        line = self.read_from.readline()
        if line == "":  # end of input: the summary goes on a line of its own
            print(file=self.out)
            return None
        return line

    def answer_of(self, line: str) -> str:
        return line.strip()

    def refuse(self, card, message: str) -> None:
        self.say(f"{message}; try again")

    def answered(self, done, make_variations) -> None:
        self.say("\n".join(answer_lines(self.info, done, _now())))
        if make_variations is not None:
            self.say("making variations…")
            added = make_variations()
            self.say(f"{added} variation{'s' * (added != 1)} added")


class Lines:
    """The JSON side (:mod:`.protocol`): stdout holds only the protocol's lines; what a person
    would read (progress) goes to stderr."""

    def __init__(self, read: TextIO, out: TextIO, err: TextIO) -> None:
        self.read_from, self.out, self.err = read, out, err

    def say(self, text: str) -> None:
        print(text, file=self.err, flush=True)

    def _line(self, value: dict) -> None:
        print(protocol.dumps(value), file=self.out, flush=True)

    def ask(self, card) -> None:
        self._line(protocol.question(card))

    def read(self) -> str | None:
        line = self.read_from.readline()
        return None if line == "" else line

    def answer_of(self, line: str) -> str:
        return protocol.read(line)

    def refuse(self, card, message: str) -> None:
        self._line({"error": message})
        self.ask(card)

    def answered(self, done, make_variations) -> None:
        added = None
        if make_variations is not None:
            self.say("making variations…")
            added = make_variations()
        self._line(protocol.answered(done, added))


class Sitting:
    """The session over several names: one :class:`~game.core.drill.DrillSession` per person
    (names joined in the library are one), one after the other, sharing the cap."""

    def __init__(self, deck, setup, clock=None) -> None:
        self.deck, self.setup = deck, setup
        self.clock = clock or _now
        self.started = self.clock()
        persons: dict[str, str] = {}
        for name in setup.players:
            persons.setdefault(deck.library.person(name), name)
        self.names = list(persons.values())
        self.session = None
        self.answers = 0

    def next(self):
        """The next card to ask (``None``: the cap reached, or nothing due for anyone)."""
        from ...core.drill import DrillSession

        while self.names:
            if self.session is None:
                cards = None if self.setup.cards is None else self.setup.cards - self.answers
                minutes = None if self.setup.minutes is None else (
                    self.setup.minutes - (self.clock() - self.started).total_seconds() / 60)
                if (cards is not None and cards < 1) or (minutes is not None and minutes <= 0):
                    return None
                self.session = DrillSession(self.deck, self.setup.options, self.names[0], self.setup.theme,
                                            cards=cards, minutes=minutes, clock=self.clock)
            card = self.session.next()
            if card is not None:
                return card
            self.names.pop(0)
            self.session = None
        return None

    def answered(self, card, answer: str, graded, duration_ms: int):
        done = self.session.answered(card, answer, graded, duration_ms)
        self.answers += 1
        return done


def sit(deck, setup, as_json: bool, read: TextIO | None = None, out: TextIO | None = None) -> int:
    """Ask the due cards until the cap, nothing due, end of input or Ctrl-C; the exit code
    (130 after Ctrl-C, every finished answer kept)."""
    read, out = read or sys.stdin, out or sys.stdout
    drill = deck.info.ability(Drill)
    talk = Lines(read, out, sys.stderr) if as_json else Text(deck.info, drill, read, out)
    sitting = Sitting(deck, setup)
    asked = False
    try:
        while (card := sitting.next()) is not None:
            asked = True
            if not _ask(deck, drill, sitting, card, talk):
                break
    except (KeyboardInterrupt, SystemError) as error:
        if not is_interrupt(error):
            raise
        talk.say(f"\ninterrupted: {_count(sitting.answers)}, kept")
        return exit_code()
    if not asked:
        talk.say(_nothing_due(deck, setup))
    talk.say(f"{_count(sitting.answers)}, kept")
    return 0


def _ask(deck, drill: Drill, sitting: Sitting, card, talk) -> bool:
    """Ask ``card`` until a legal answer comes; ``False`` at end of input."""
    talk.ask(card)
    started = time.monotonic()
    while True:
        line = talk.read()
        if line is None:
            return False
        try:
            answer = drill.read_answer(card.facts, talk.answer_of(line))
        except ValueError as error:
            talk.refuse(card, str(error))
            continue
        graded = drill.grade(card.facts, answer)
        if graded is None:
            talk.say(f"analysing your {'play' if card.facts.question == 'chequer' else 'answer'}…")
            graded = drill.analyse(card.facts, answer)
        done = sitting.answered(card, answer, graded, round(1000 * (time.monotonic() - started)))
        wanted = sitting.setup.options.variations
        talk.answered(done, (lambda: make_variations(deck, drill, done.card, wanted)) if done.failed and wanted else None)
        return True


def make_variations(deck, drill: Drill, card, wanted: int) -> int:
    """Up to ``wanted`` variations of the failed ``card``, counting those it has: made, checked
    (:meth:`Drill.variations`, seeded by the card and its answers) and added; how many were added."""
    have = {other.id for other in deck.cards() if other.parent == card.id}
    limit = wanted - len(have)
    if limit <= 0:
        return 0
    made = drill.variations(card.facts, seed=card.id * 1009 + card.reviews, limit=limit)
    if not made:
        return 0
    ids = deck.add_facts(made, parent=card.id)
    return sum(1 for card_id in set(ids) if card_id not in have and deck.get(card_id).parent == card.id)


def _count(answers: int) -> str:
    return f"{answers} card{'s' * (answers != 1)} answered"


def _nothing_due(deck, setup) -> str:
    """Why nothing was asked: no cards at all, or when the next is due."""
    cards = [card for name in setup.players for card in deck.cards(name, setup.theme)]
    theme = f" on the theme {setup.theme}" if setup.theme else ""
    if not cards:
        return f"no cards{theme} for {', '.join(setup.players)}: no decision lost {setup.options.threshold} or more"
    now = _now()
    return f"no cards due{theme}; the next is due {due_text(min(card.due for card in cards), now)}"


def _now() -> datetime:
    return datetime.now(timezone.utc)
