"""The seeds a run derives for its games and bots: the same in every process and on every platform,
63 bits, a different seed for each label, and fixed for a scheme's name (a checkpoint records it)."""

from __future__ import annotations

import os
import subprocess
import sys

from muggins.analysis.spec import SEEDS, Spec, derive


def test_a_seed_is_the_same_in_a_process_with_another_string_hash() -> None:
    code = "from muggins.analysis.spec import derive; print(derive(7, 'bot', 12, 3))"
    for hash_seed in ("1", "2"):
        out = subprocess.run(
            [sys.executable, "-c", code],
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            capture_output=True,
            text=True,
            check=True,
        )
        assert int(out.stdout) == derive(7, "bot", 12, 3)


def test_seeds_are_63_bits_and_differ_by_label() -> None:
    seeds = {
        derive(seed, kind, number, seat)
        for seed in (0, 1)
        for kind in ("bot", "deal")
        for number in range(2_000)
        for seat in range(3)
    }
    assert len(seeds) == 2 * 2 * 2_000 * 3  # a repeat among 24,000 draws of 63 bits: about 3e-11
    assert all(0 <= seed < 2**63 for seed in seeds)
    assert max(seeds).bit_length() == 63  # the top bit is drawn too, not always clear


def test_the_scheme_gives_the_seeds_it_gave_when_named() -> None:
    # a change to derive must come with a new SEEDS, so that no checkpoint mixes two schemes' games
    assert SEEDS == "blake2b"
    assert derive(1, "deal", 0) == 0x73F1_6183_1449_57B4
    assert Spec("cribbage", 2, ("random",), 1, seed=1).game_seed(0) == derive(1, "deal", 0)
