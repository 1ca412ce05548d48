"""The pegging example learns: after a short training its policy beats the random bot over
duplicate deals (the same cards both ways round, so only the play differs)."""

from __future__ import annotations

from tests.envs.examples import against_random, load_example


def test_the_learned_pegging_beats_the_random_bot() -> None:
    example = load_example("pegging_policy_gradient")
    weights = example.train(150, seed=4)
    assert weights[example.FEATURES.index("points")] > 0  # it learned to take points
    by_bot = against_random("pegging-pg-test", lambda seed: example.PeggingBot(weights, seed), 200, 99)
    win_rate = by_bot["pegging-pg-test"]["win_rate"]
    assert win_rate["mean"] - win_rate["ci95"] > 0.5
