"""Stand-ins for tests of the review: backgammon's review without the luck of the dice (which
needs many searches a roll), for tests that check something else."""

from game.backgammon.analysis.review import BackgammonReview


class ReviewWithoutLuck(BackgammonReview):
    """Backgammon's review, luck not measured (the report's luck is ``None``)."""

    measures_luck = False
