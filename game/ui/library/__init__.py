"""The Library screen and what the window puts into the study library (:mod:`game.core.library`).

- :mod:`.scene`: the screen (from the menu's Library button): its views, the bulk analysis;
- :mod:`.reader`: the library read off the frame (one thread, its own connection);
- :mod:`.table`: a sortable, scrollable table drawn with pygame (the views' lists);
- :mod:`.matches`, :mod:`.player`, :mod:`.positions`: the three views;
- :mod:`.opening`: a match opened on the Review screen, a position on the study board;
- :mod:`.intake`: finished games and completed reviews added by themselves.

This package's ``__init__`` imports nothing: the play scene and the Review screen import
:mod:`.intake` without loading the screen.
"""
