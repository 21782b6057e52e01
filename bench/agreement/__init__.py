"""Agreement benches: Tabula's answers against a reference's (GNU Backgammon, Open Sage, a
wider search, a teacher's labels)."""
