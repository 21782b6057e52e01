"""The Rules screen (:mod:`.scene`, F1) and a rules page laid out for the window (:mod:`.layout`)."""
