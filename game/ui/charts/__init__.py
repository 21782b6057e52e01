"""Pictures drawn with pygame off-screen and written as PNG files, for the command line and the
window alike: :mod:`.standings` (a tournament's standings chart), :mod:`.reliability`
(``tabula calibrate``'s reliability diagram), :mod:`.trend` (a player's PR trend, drawn
in the Library screen) and :mod:`.themes` (the drills' loss per theme, on the Drill screen)."""
