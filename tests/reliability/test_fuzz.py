"""The seeded fuzzer (:mod:`.fuzz`) over everything a user hands Tabula: each case is a clean
error or accepted (an accepted match file exports to both formats and imports again the
same; a command refuses in one line or runs; an output never destroys what was not named; a
stopped job exits as it should); none crashes or hangs.  ``python -m bench.reliability.soak
--fuzz N`` runs thousands."""

from __future__ import annotations

import random

import pytest

from .fuzz import TARGETS, counts_for, fuzz, mutate

CASES = {".mat": 60, ".sgf": 60, "chesstack position": 60, "match id": 60, "xgid": 60,
         "position commands": 6, "rollout options": 16, "output targets": 10, "signals": 2}
"""Cases per target in the suite: a text read takes milliseconds, a command up to a second, a
stopped job several."""
ONLY_ACCEPTED = ("signals",)
"""Targets with no refusal to exercise: a stopped job either stops as it should or is a finding."""


def test_every_target_runs_in_the_suite():
    assert set(CASES) == set(TARGETS)


@pytest.mark.slow
@pytest.mark.parametrize("target", sorted(TARGETS))
def test_fuzzed_input_is_a_clean_error_or_accepted(target, capsys):
    report = fuzz({target: CASES[target]}, seed=1)
    capsys.readouterr()  # the commands' own output
    counts = report.counts[target]
    assert report.failures == [] and counts["crash"] == counts["hang"] == 0
    assert sum(counts.values()) == CASES[target]
    assert counts["accepted"] and (counts["clean error"] or target in ONLY_ACCEPTED)  # both kinds are exercised


def test_the_cases_replay_from_their_seed():
    texts = [mutate("3 point match\n\n Game 1\n", random.Random(f"7-{n}")) for n in range(20)]
    assert texts == [mutate("3 point match\n\n Game 1\n", random.Random(f"7-{n}")) for n in range(20)]
    assert len(set(texts)) > 10


def test_a_soak_run_shares_its_cases_by_cost():
    counts = counts_for(3000)
    assert counts[".mat"] > counts["position commands"] > counts["signals"] >= 1
    assert sum(counts.values()) == 3000
