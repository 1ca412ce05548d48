"""The Stable-Baselines3 example learns: after a short training, maskable PPO beats the random bot
over duplicate deals (the same cards both ways round)."""

from __future__ import annotations

from tests.envs.examples import against_random, load_example


def test_maskable_ppo_beats_the_random_bot() -> None:
    example = load_example("maskable_ppo")
    model = example.train(80_000, seed=1)
    by_bot = against_random("maskable-ppo-test", lambda seed: example.PolicyBot(model), 300, 99)
    learned = by_bot["maskable-ppo-test"]
    assert learned["win_rate"]["mean"] - learned["win_rate"]["ci95"] > 0.5
    assert learned["points_per_deal"] > by_bot["random"]["points_per_deal"]
