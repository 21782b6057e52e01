"""A resignation in a game review: the offer and the answer are decisions of their own kind,
and a wrong accept is marked with the equity it gave away (GNU Backgammon's rule)."""

from __future__ import annotations

from game.backgammon.info import GAME
from game.backgammon.players.by_name import make_player
from game.backgammon.rules import BackgammonRules
from game.core.match import GameRecord, play_game
from game.core.review.run import review

RULES = BackgammonRules()


def test_a_wrong_accept_is_marked_and_the_offer_reviewed():
    # Seed 6: after 21 actions Black (a random player) is far behind, a gammon likely against
    # it (about 1.5 points at 0 ply): resigning a single game and White accepting gives White
    # 1 point of a position worth more, so the accept is White's error, the offer Black's gain.
    game, _ = play_game(RULES, [make_player("hard"), make_player("random", 6)], seed=6)
    actions = game.actions[:21] + ["Resigns a single game", "Accepts"]
    report = review(GAME, GameRecord("backgammon", {}, actions, ["hard", "random"]), {"level": "intermediate"})
    offer, accept = report.decisions[-2:]
    assert (offer.player, offer.kind, offer.played, offer.ply, offer.dice) == (
        "random", "resign", "Resigns a single game", 21, game.actions[20])
    assert offer.equity_lost == 0.0 and offer.mark is None  # giving up less than the position is worth
    assert (accept.player, accept.kind, accept.played, accept.best) == ("hard", "resign", "Accepts", "Declines")
    assert accept.equity_lost > 0.3 and accept.mark == "very bad" and accept.rated
    assert report.totals["hard"]["resign"] == accept.equity_lost
    assert report.totals["random"]["resign"] == 0.0
