"""``python -m bench.speed``: the levels' speed against GNU Backgammon and Open Sage (:mod:`bench.speed.levels`)."""

from bench.speed.levels import main

raise SystemExit(main())
