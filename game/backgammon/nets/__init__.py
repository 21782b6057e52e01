"""Neural-network evaluators trained by TD(λ) self-play, in numpy only (see each module)."""
