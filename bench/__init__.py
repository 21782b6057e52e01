"""Tabula's benches: speed, strength, agreement and reliability runs (not part of the program).

Each bench is a module run from the checkout's root, ``python -m bench.<family>.<name>``:

- ``speed/``: times, each against a reference measured in the same run;
- ``strength/``: how well the computer players play (games, error per decision);
- ``agreement/``: how far Tabula's answers agree with a reference's (GNU Backgammon, Open
  Sage, a wider search, a teacher's labels);
- ``reliability/``: the soak test;
- ``lib/``: what the benches share (timing, intervals, GNU Backgammon's evaluator, the
  rollout benches' helpers, the paths of the data files).

``bench/README.md`` lists every bench and its command; ``bench/RESULTS.md`` holds the latest
figures; ``bench/cache/`` the stored references and records (reached through
:mod:`bench.lib.paths`, whatever the working directory).
"""
