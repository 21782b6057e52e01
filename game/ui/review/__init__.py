"""The Review screen: a whole game analysed, every decision marked.

- :mod:`.screen`: the scene (the review job, navigation, keys);
- :mod:`.data`: the report laid over the game (move lines, decisions);
- :mod:`.drawing`: the board, the decision and the panels drawn;
- :mod:`.alternatives`, :mod:`.totals`, :mod:`.graph`, :mod:`.panel`: its parts;
- :mod:`.rollout`: rolling out the decision on show (O); :mod:`.export`: the HTML report (E).
"""
