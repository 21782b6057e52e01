"""Supervised training of the backgammon networks on a teacher's labels.

Three stages, each resumable from its own file (:mod:`.command` runs them in order):
:mod:`.sampling` draws the positions, :mod:`.labelling` has the teacher (:mod:`.teacher`,
the one module that imports Open Sage) value them, and :mod:`.fitting` trains a network on
the labels by minibatch Adam with a cross-entropy loss on the five outcome probabilities.
"""
