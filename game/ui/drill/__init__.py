"""The Drill screen: one's own errors asked again, answered on the board, graded and scheduled.

- :mod:`.scene`: the scene (opened as ``"drill"``): its pages, the sitting, the answers;
- :mod:`.start`: the start page: the cards due, the theme, the cap, the statistics and their chart;
- :mod:`.question`: a card's question answered on the board or by the cube's buttons;
- :mod:`.answer`: the answer graded: arrows, the alternatives, the rating and the due date;
- :mod:`.layout`: the card's pages laid out and drawn, the side panel and its buttons;
- :mod:`.store`: the deck and the sitting on the library's own thread, off the frame;
- :mod:`.errors`: one reviewed game's errors as cards (the Review screen's entry).

The slow work (an answer analysed, the variations of a failed card) is
:mod:`game.ui.jobs.drill`'s; the cards, their schedule and the statistics are
:mod:`game.core.drill`'s.
"""
