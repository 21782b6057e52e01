"""The tournament screen (:mod:`.scene`: choosing players and settings, a run in the background)
and its drawing (:mod:`.view`: progress, tables, the standings chart)."""
