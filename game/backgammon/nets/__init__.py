"""The neural networks, in numpy only (see each module): the network itself, its input
encodings (compiled with numba where measured to pay), the evaluators they become, TD(λ)
self-play and supervised training, the race network, and the pruning network rollouts use
to shortlist plays (:mod:`.pruning`, trained by :mod:`.prune_training`)."""
