"""The pygame window: one folder a screen, the pieces every screen shares beside them.

- :mod:`.app`: the loop at 60 frames a second and the stack of scenes; :mod:`.scene`: the
  scene base class and the registry that names the screens (opened by name, never imported).
- Screens: :mod:`.menu`, :mod:`.settings_scene`, :mod:`.setup_scene` (Set up position),
  :mod:`.play` (a game: board, panel, turn loop, replay), :mod:`.review` (the Review screen),
  :mod:`.tournament`, :mod:`.rules`, :mod:`.library` (the study library), :mod:`.drill` (one's own
  errors asked again).
- :mod:`.analysis`: what analysis adds to a game on screen (hints, "why", tutor, graph, every
  roll, rollouts, watch mode), shared by the play and Review screens.
- :mod:`.jobs`: the window's side of background work (a computer's move, a review, a rollout,
  a tournament, the library's analysis, the autosave, the library's writes), never blocking a frame.
- :mod:`.charts`: pictures drawn without a window (standings, reliability, a player's trend).
- Shared pieces: :mod:`.gameview` (the protocol a game's view implements), :mod:`.panel` (the
  side panel and its sections), :mod:`.keys` (the key table), :mod:`.position_line`,
  :mod:`.choices` and :mod:`.confirm` (buttons and questions), :mod:`.widgets`, :mod:`.theme`,
  :mod:`.sound`.  The pygame helpers the games' views share too are the kit, :mod:`game.kit`.
"""
