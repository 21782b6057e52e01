"""The seeded mutation fuzzer (:mod:`.fuzz`) over every text reader: each mutated input is a
clean error or accepted (and an accepted match file exports to both formats and imports
again the same); none crashes or hangs.  ``bench/reliability/soak.py --fuzz N`` runs thousands."""

from __future__ import annotations

import pytest

from .fuzz import TARGETS, fuzz, mutate

CASES_PER_INPUT = 60


@pytest.mark.slow
@pytest.mark.parametrize("target", sorted(TARGETS))
def test_mutated_input_is_a_clean_error_or_accepted(target, capsys):
    report = fuzz(CASES_PER_INPUT, seed=1, targets=[target])
    capsys.readouterr()  # the commands' own output
    counts = report.counts[target]
    assert report.failures == [] and counts["crash"] == counts["hang"] == 0
    assert sum(counts.values()) == CASES_PER_INPUT
    assert counts["clean error"] and counts["accepted"]  # both kinds are exercised


def test_the_cases_replay_from_their_seed():
    import random

    texts = [mutate("3 point match\n\n Game 1\n", random.Random(f"7-{n}")) for n in range(20)]
    assert texts == [mutate("3 point match\n\n Game 1\n", random.Random(f"7-{n}")) for n in range(20)]
    assert len(set(texts)) > 10
