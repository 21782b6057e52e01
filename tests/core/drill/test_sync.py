"""Cards from the library's decisions: the threshold, rated decisions only, what the game says
no card asks, joined names, the review each match counts by, no card twice, and a card that
outlives its review."""

from __future__ import annotations

from game.core.drill import DrillOptions
from game.core.library.rows import packed
from game.core.library.store import dumps

from .stand_in import T0, graded

CUBE = {"nd": 0.5, "dt": 0.6, "dp": 1.0, "proper": "Double, take"}


def _match(library, players=("lasse", "Lasse"), game="backgammon") -> int:
    return library.connection.execute(
        "INSERT INTO matches (hash, game, format, text, source, player0, player1, length, points0, points1, added)"
        " VALUES (?, ?, '.mat', '', 'test', ?, ?, 5, 0, 0, '2026-11-01T00:00:00Z')",
        (f"{game}{players}", game, *players)).lastrowid


def _review(library, match: int, level: str) -> int:
    return library.connection.execute(
        "INSERT INTO reviews (match, level, version, weights, analysed, totals) VALUES (?, ?, '1', 'w', '', '{}')",
        (match, level)).lastrowid


def _decision(library, review: int, match: int, n: int, player: str, lost: float, kind: str = "chequer",
              played: str = "24/21 6/5", rated: int = 1) -> int:
    chequer = kind == "chequer"
    return library.connection.execute(
        "INSERT INTO decisions (review, match, game, ply, side, player, kind, position_id, match_id, xgid, dice, phase,"
        " played, best, alternatives, cube, equity_lost, rated) VALUES (?, ?, 1, ?, 0, ?, ?, ?, 'cAkgAAAAAAAA',"
        " 'XGID=x', ?, 'contact', ?, ?, ?, ?, ?, ?)",
        (review, match, n, player, kind, f"position{n:04d}", "31" if chequer else None, played,
         "13/10 6/5" if chequer else "Doubles => 2",
         packed([{"move": "13/10 6/5", "equity": 0.1}] if chequer else []), None if chequer else dumps(CUBE), lost,
         rated)).lastrowid


def _positions(cards):
    return sorted(int(card.facts.position_id[-4:]) for card in cards)


def test_every_rated_decision_at_the_threshold_or_worse_becomes_a_card(deck, library, stand_in):
    match = _match(library)
    review = _review(library, match, "intermediate")
    for n, (player, lost, kind, played, rated) in enumerate([
            ("lasse", 0.05, "chequer", "24/21 6/5", 1), ("lasse", 0.04, "chequer", "24/21 6/5", 1),
            ("lasse", 0.0399, "chequer", "24/21 6/5", 1), ("lasse", 0.3, "cube", "Takes", 1),
            ("lasse", 0.2, "cube", "Roll", 1), ("lasse", 0.5, "cube", "Roll", 0),
            ("lasse", 0.9, "resign", "Resigns a single game", 1), ("Lasse", 0.2, "chequer", "8/5", 1)]):
        _decision(library, review, match, n, player, lost, kind, played, rated)
    assert deck.sync(["lasse"], DrillOptions(), now=T0) == 4
    cards = deck.cards()
    assert _positions(cards) == [0, 1, 3, 4]
    assert [card.facts.question for card in cards] == ["chequer", "chequer", "take", "double"]
    assert all(card.due == T0 and card.state == "new" and card.facts.level == "intermediate" for card in cards)
    take = cards[2].facts
    assert (take.cube, take.dice, take.played, take.best, take.equity_lost) == (CUBE, None, "Takes", "Doubles => 2",
                                                                                0.3)
    assert cards[0].facts.alternatives == ({"move": "13/10 6/5", "equity": 0.1},)
    row = stand_in.rows[0]  # the game is asked with the decision's columns, alternatives unpacked
    assert row["alternatives"] == [{"move": "13/10 6/5", "equity": 0.1}] and row["xgid"] == "XGID=x"
    assert {r["kind"] for r in stand_in.rows} == {"chequer", "cube", "resign"}
    # again: nothing new (the cube cards have no dice, so their SQL key holds a NULL)
    assert deck.sync(["lasse"], DrillOptions(), now=T0) == 0
    assert deck.sync(["lasse"], DrillOptions(threshold=0.03), now=T0) == 1
    library.alias("lasse", "Lasse")
    assert deck.sync(["lasse"], DrillOptions(), now=T0) == 1
    assert _positions(deck.cards(player="Lasse")) == [0, 1, 2, 3, 4, 7]
    assert deck.sync([], DrillOptions()) == 0


def test_each_match_counts_by_the_review_the_players_page_chooses(deck, library):
    match = _match(library)
    intermediate = _review(library, match, "intermediate")
    _decision(library, intermediate, match, 1, "lasse", 0.1)
    expert = _review(library, match, "expert")
    _decision(library, expert, match, 2, "lasse", 0.1)
    other = _match(library, ("lasse", "x"))
    _decision(library, _review(library, other, "intermediate"), other, 3, "lasse", 0.1)
    chess = _match(library, game="chesstack")
    _decision(library, _review(library, chess, "intermediate"), chess, 4, "lasse", 0.1)
    assert deck.sync(["lasse"], DrillOptions(), level="intermediate") == 2
    assert _positions(deck.cards()) == [1, 3]
    assert deck.sync(["lasse"], DrillOptions()) == 1  # the latest review of each match
    assert _positions(deck.cards()) == [1, 2, 3]
    assert {card.facts.level for card in deck.cards()} == {"intermediate", "expert"}


def test_a_card_outlives_the_review_it_came_from(deck, library):
    match = _match(library)
    review = _review(library, match, "intermediate")
    decision = _decision(library, review, match, 1, "lasse", 0.1)
    deck.sync(["lasse"], DrillOptions(), now=T0)
    [card] = deck.cards()
    assert library.connection.execute("SELECT decision FROM cards").fetchone()[0] == decision
    deck.answer(card.id, "x", graded(0.0), "easy", T0)
    library.connection.execute("DELETE FROM reviews WHERE id = ?", (review,))  # a review redone
    assert library.connection.execute("SELECT decision FROM cards").fetchone()[0] is None
    [kept] = deck.cards()
    assert kept.facts == card.facts and kept.reviews == 1 and library.check() == []
