"""Cards in the library: :class:`Card`, one question and its schedule, and :class:`Deck`, one
game's cards in an open library.

A card is a reviewed decision copied whole (:class:`~game.core.capabilities.drill.CardFacts`)
with its tags and its FSRS state; answering it is one transaction (the FSRS card reviewed, its
state and due date saved, the answer logged), so a kill loses at most the answer being given.
A card is known by its game, player, question, position, match ID and dice: the same decision
met again makes no second card.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from ..capabilities.drill import CardFacts, Drill, Graded
from ..gameinfo import GameInfo
from ..library.player import chosen_reviews
from ..library.rows import packed, unpacked
from ..library.store import Library, dumps
from .schedule import NEW, STATES, new_card, parse, review, stamp
from .settings import DrillOptions
from .stats import Stats, stats_of
from .themes import theme_tag


@dataclass(frozen=True)
class Card:
    """A card: its question and figures (``facts``), its ``tags``, when it is ``due`` (UTC), its
    ``state`` (``"new"`` before its first answer, then FSRS's ``"learning"``, ``"review"`` or
    ``"relearning"``), the card it is a variation of (``parent``, ``None`` for a card from a
    decision) and the answers given so far (``reviews``)."""

    id: int
    facts: CardFacts
    tags: tuple[str, ...]
    due: datetime
    state: str
    parent: int | None
    reviews: int

    @property
    def variation(self) -> bool:
        return self.parent is not None


_CARD_COLUMNS = ("c.id, c.game, c.player, c.question, c.position_id, c.match_id, c.xgid, c.dice, c.played, c.best,"
                 " c.alternatives, c.cube, c.equity_lost, c.level, c.phase, c.tags, c.due, c.state, c.parent,"
                 " (SELECT COUNT(*) FROM card_reviews r WHERE r.card = c.id)")


def _card(row: tuple) -> Card:
    (card_id, game, player, question, position_id, match_id, xgid, dice, played, best, alternatives, cube, lost, level,
     phase, tags, due, state, parent, reviews) = row
    facts = CardFacts(game, player, question, position_id, match_id, xgid, dice, played, best,
                      tuple(unpacked(alternatives)), None if cube is None else json.loads(cube), lost, level, phase)
    return Card(card_id, facts, tuple(json.loads(tags)), parse(due), state, parent, reviews)


def _key(facts: CardFacts) -> tuple:
    return facts.player, facts.question, facts.position_id, facts.match_id, facts.dice


class Deck:
    """The cards of ``info``'s game in an open library: one connection, one transaction a unit
    of work.  ``options`` (default :class:`DrillOptions`) give the retention answers are
    scheduled with when :meth:`answer` is not given its own."""

    def __init__(self, library: Library, info: GameInfo, options: DrillOptions | None = None) -> None:
        self.library, self.info = library, info
        self.options = options if options is not None else DrillOptions()

    @property
    def drill(self) -> Drill:
        """The game's drill ability; ``LookupError`` when the game has none."""
        drill = self.info.ability(Drill)
        if drill is None:
            raise LookupError(f"{self.info.title} has no drills")
        return drill

    # -- making cards -------------------------------------------------------------------------

    def sync(self, players: Sequence[str], options: DrillOptions, level: str | None = None,
             now: datetime | None = None) -> int:
        """Make a card of every rated decision of ``players`` (each name with the names joined
        to it) losing at least ``options.threshold``, each match read by the review it counts by
        (at ``level``, else its latest, as the player's page chooses), unless the decision has
        a card already; decisions no card asks (:meth:`Drill.question_of` gives ``None``) are
        skipped.  New cards are due at ``now`` (default: this moment).  The number of cards
        added."""
        names = sorted({name for player in players for name in self.library.names_of(player)})
        if not names:
            return 0
        chosen, params = chosen_reviews(level)
        marks = ", ".join("?" * len(names))
        cursor = self.library.connection.execute(
            f"SELECT d.*, r.level AS review_level FROM decisions d JOIN reviews r ON r.id = d.review"
            f" JOIN matches m ON m.id = d.match WHERE d.player IN ({marks}) AND d.equity_lost >= ? AND d.rated = 1"
            f" AND m.game = ? AND +d.review IN ({chosen}) ORDER BY d.match, d.id",
            (*names, options.threshold, self.info.name, *params))
        columns = [column[0] for column in cursor.description]
        found: dict[tuple, tuple[CardFacts, int]] = {}
        have = self._keys()
        drill = self.drill
        for values in cursor.fetchall():
            row = dict(zip(columns, values))
            level_of = row.pop("review_level")
            row["alternatives"] = unpacked(row["alternatives"])
            question = drill.question_of(row)
            if question is None:
                continue
            facts = _facts_of(self.info.name, row, question, level_of)
            if _key(facts) not in have:
                found.setdefault(_key(facts), (facts, row["id"]))
        made = [(facts, drill.tags(facts), decision) for facts, decision in found.values()]
        with self.library.transaction() as db:
            have = self._keys(db)  # another program may have added some meanwhile
            added = [self._insert(db, facts, tags, decision, None, now) for facts, tags, decision in made
                     if _key(facts) not in have]
        return len(added)

    def add_facts(self, facts: Sequence[CardFacts], parent: int | None = None,
                  now: datetime | None = None) -> list[int]:
        """Cards of ``facts`` made elsewhere (one game's errors, variations of card ``parent``),
        due at ``now`` (default: this moment), in one transaction; the ids, in order (a card
        already there keeps its id and schedule)."""
        for one in facts:
            if one.game != self.info.name:
                raise ValueError(f"a card of {one.game!r} in a deck of {self.info.name!r}")
        tagged = [(one, self.drill.tags(one)) for one in facts]
        ids = []
        with self.library.transaction() as db:
            for one, tags in tagged:
                found = db.execute(
                    "SELECT id FROM cards WHERE game = ? AND player = ? AND question = ? AND position_id = ?"
                    " AND match_id IS ? AND dice IS ?", (one.game, *_key(one))).fetchone()
                ids.append(found[0] if found is not None else self._insert(db, one, tags, None, parent, now))
        return ids

    def _keys(self, db: sqlite3.Connection | None = None) -> set[tuple]:
        db = db or self.library.connection
        return set(db.execute("SELECT player, question, position_id, match_id, dice FROM cards WHERE game = ?",
                              (self.info.name,)).fetchall())

    @staticmethod
    def _insert(db: sqlite3.Connection, facts: CardFacts, tags: Iterable[str], decision: int | None,
                parent: int | None, now: datetime | None) -> int:
        now = now or datetime.now(timezone.utc)
        card_id = db.execute(
            "INSERT INTO cards (game, player, question, position_id, match_id, xgid, dice, played, best, alternatives,"
            " cube, equity_lost, level, phase, tags, decision, parent, fsrs, state, due, created)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '', ?, ?, ?)",
            (facts.game, facts.player, facts.question, facts.position_id, facts.match_id, facts.xgid, facts.dice,
             facts.played, facts.best, packed(list(facts.alternatives)),
             None if facts.cube is None else dumps(facts.cube), facts.equity_lost, facts.level, facts.phase,
             dumps(list(tags)), decision, parent, NEW, stamp(now), stamp(now))).lastrowid
        assert card_id is not None
        db.execute("UPDATE cards SET fsrs = ? WHERE id = ?", (new_card(card_id, now).to_json(), card_id))
        return card_id

    # -- reading ------------------------------------------------------------------------------

    def cards(self, player: str | None = None, theme: str | None = None) -> list[Card]:
        """The cards of ``player`` (and the names joined to it; ``None``: everyone's) on
        ``theme`` (a theme or tag, :func:`~.themes.theme_tag`), oldest first."""
        where, params = self._scope(player, theme)
        return self._select(where, params, "c.id")

    def due(self, now: datetime, player: str | None = None, theme: str | None = None) -> list[Card]:
        """The cards due at ``now`` (as :meth:`cards` picks them), most overdue first."""
        where, params = self._scope(player, theme)
        return self._select([*where, "c.due <= ?"], [*params, stamp(now)], "c.due, c.id")

    def get(self, card_id: int) -> Card:
        """Card ``card_id``; ``KeyError`` when the deck has none."""
        found = self._select(["c.game = ?", "c.id = ?"], [self.info.name, card_id], "c.id")
        if not found:
            raise KeyError(card_id)
        return found[0]

    def family(self, card_ids: Iterable[int]) -> list[int]:
        """``card_ids`` and the variations made of them (and of those), in id order."""
        ids = sorted(set(card_ids))
        if not ids:
            return []
        return [row[0] for row in self.library.connection.execute(
            f"WITH RECURSIVE tree(id) AS (SELECT id FROM cards WHERE id IN ({', '.join('?' * len(ids))})"
            " UNION SELECT c.id FROM cards c JOIN tree t ON c.parent = t.id) SELECT id FROM tree ORDER BY id", ids)]

    def variations(self, card_id: int) -> list[Card]:
        """The variations made of card ``card_id``, oldest first."""
        return self._select(["c.game = ?", "c.parent = ?"], [self.info.name, card_id], "c.id")

    def tags(self) -> list[str]:
        """Every tag of the deck's cards, sorted."""
        return [row[0] for row in self.library.connection.execute(
            "SELECT DISTINCT t.value FROM cards c, json_each(c.tags) t WHERE c.game = ? ORDER BY 1",
            (self.info.name,))]

    def theme(self, theme: str) -> str:
        """The tag ``theme`` drills (a theme, a known tag or a tag of the deck's cards);
        ``ValueError`` listing the themes for an unknown one."""
        return theme_tag(theme, self.tags())

    def _scope(self, player: str | None, theme: str | None) -> tuple[list[str], list[Any]]:
        where, params = ["c.game = ?"], [self.info.name]
        if player is not None:
            names = self.library.names_of(player)
            where.append(f"c.player IN ({', '.join('?' * len(names))})")
            params += names
        if theme is not None:
            where.append("EXISTS (SELECT 1 FROM json_each(c.tags) t WHERE t.value = ?)")
            params.append(self.theme(theme))
        return where, params

    def _select(self, where: list[str], params: Sequence[Any], order: str) -> list[Card]:
        return [_card(row) for row in self.library.connection.execute(
            f"SELECT {_CARD_COLUMNS} FROM cards c WHERE {' AND '.join(where)} ORDER BY {order}", params)]

    # -- answering ----------------------------------------------------------------------------

    def answer(self, card_id: int, answer: str, graded: Graded, rating: str, now: datetime,
               duration_ms: int | None = None, options: DrillOptions | None = None) -> Card:
        """Card ``card_id`` answered ``answer`` (graded ``graded``, rated ``rating``) at ``now``,
        in one transaction: its FSRS card reviewed (at ``options``'s retention, default the
        deck's), its state and due date saved, the answer logged.  The card after."""
        retention = (options or self.options).retention
        with self.library.transaction() as db:
            found = db.execute("SELECT fsrs, (SELECT COUNT(*) FROM card_reviews WHERE card = ?) FROM cards"
                               " WHERE id = ? AND game = ?", (card_id, card_id, self.info.name)).fetchone()
            if found is None:
                raise KeyError(card_id)
            stored, answers = found
            card, log = review(stored, rating, now, retention, duration_ms)
            state = STATES[card.state]
            db.execute("UPDATE cards SET fsrs = ?, state = ?, due = ? WHERE id = ?",
                       (card.to_json(), state, stamp(card.due), card_id))
            db.execute("INSERT INTO card_reviews (card, answered, answer, best, equity_lost, rating, first, duration_ms,"
                       " log) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (card_id, stamp(now), answer, graded.best, graded.equity_lost, rating, int(answers == 0),
                        duration_ms, log.to_json()))
        return self.get(card_id)

    # -- statistics ---------------------------------------------------------------------------

    def stats(self, now: datetime, player: str | None = None, theme: str | None = None) -> Stats:
        """The statistics of the cards :meth:`cards` picks (:class:`~.stats.Stats`) at ``now``."""
        where, params = self._scope(player, theme)
        db = self.library.connection
        cards = db.execute(f"SELECT c.id, c.due, c.state, c.parent, c.tags FROM cards c WHERE {' AND '.join(where)}",
                           params).fetchall()
        answers = db.execute(
            f"SELECT r.card, r.answered, r.equity_lost, r.rating, r.first FROM card_reviews r JOIN cards c"
            f" ON c.id = r.card WHERE {' AND '.join(where)} ORDER BY r.answered, r.id", params).fetchall()
        return stats_of([(card_id, parse(due), state, parent, tuple(json.loads(tags)))
                         for card_id, due, state, parent, tags in cards],
                        [(card, parse(answered), lost, rating, bool(first))
                         for card, answered, lost, rating, first in answers], now)


def _facts_of(game: str, row: dict[str, Any], question: str, level: str) -> CardFacts:
    """A library decision (``row``, alternatives unpacked) as a card's facts."""
    cube = row["cube"]
    return CardFacts(game, row["player"], question, row["position_id"], row["match_id"], row["xgid"], row["dice"],
                     row["played"], row["best"] or "", tuple(row["alternatives"]),
                     None if cube is None else json.loads(cube), row["equity_lost"], level, row["phase"])
