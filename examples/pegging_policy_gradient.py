"""Learn cribbage pegging with a small numpy policy gradient, then measure it by a duplicate match.

The learner plays seat 0 of ``muggins.envs.single_agent("cribbage", opponent="random")``. It throws
to the crib at random (as its opponent does) and chooses each card in the play from a softmax over
the legal cards, scored by a linear function of a few features of the card against the pile. After
each hand's play, REINFORCE moves the weights by the hand's pegging margin (its pegging points less
the opponent's) above a running baseline. Then the learned policy plays the random bot over
duplicate deals (``muggins.analysis.simulate``: each deal is played twice, seats swapped), so the
cards cancel and only the pegging differs.

    .venv/bin/python examples/pegging_policy_gradient.py --games 3000 --match 2000

The features come from the seat's own view (``Game.view``), which holds exactly what its
observation vector does (see docs/environments.md).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from muggins.analysis.simulate import Spec, run, summarise
from muggins.bots.base import RandomBot, legal
from muggins.bots.cribbage import BOTS
from muggins.cards import Card, parse_card
from muggins.envs import single_agent
from muggins.envs.cribbage.layout import ACTIONS
from muggins.games.moves import Move, Play
from muggins.scoring.cribbage.pegging import score_play

FEATURES = (
    "points",
    "count is 5 or 21",
    "count 22 to 30",
    "count is 15 or 31",
    "card value",
    "lead below 5",
)
"""Only what differs between the cards one could play: a term equal for all of them cancels."""
PLAY = ACTIONS.offsets["play"]


def features(pile: Sequence[Card], count: int, card: Card) -> np.ndarray:
    """What playing ``card`` on ``pile`` (at ``count``) does: points now, and what it offers the
    next player (a count a ten-card turns into 15 or 31, a count near 31)."""
    after = count + card.value
    return np.array(
        [
            score_play([*pile, card]).total / 4,
            float(after in (5, 21)),
            float(22 <= after <= 30),
            float(after in (15, 31)),
            card.value / 10,
            float(not pile and card.value < 5),
        ]
    )


def pile_of(view: Mapping[str, Any]) -> tuple[list[Card], int]:
    return [parse_card(card) for _, card in view["pile"]], int(view["count"])


def choose(
    weights: np.ndarray,
    view: Mapping[str, Any],
    cards: list[Card],
    rng: np.random.Generator,
    greedy: bool,
) -> tuple[int, np.ndarray, np.ndarray]:
    """A card index among ``cards``; the features of each and the softmax probabilities."""
    pile, count = pile_of(view)
    phi = np.stack([features(pile, count, card) for card in cards])
    logits = phi @ weights
    probs = np.exp(logits - logits.max())
    probs /= probs.sum()
    pick = int(np.argmax(probs)) if greedy else int(rng.choice(len(cards), p=probs))
    return pick, phi, probs


def train(games: int, seed: int, rate: float = 0.05) -> np.ndarray:
    env = single_agent("cribbage", opponent="random", players=2)
    rng = np.random.default_rng(seed)
    weights = np.zeros(len(FEATURES))
    baseline = 0.0
    for number in range(games):
        observation, _ = env.reset(seed=seed + number)
        done, grads, start = False, [], None
        while not done:
            game = env.game
            view = game.view(0)
            mask = observation["action_mask"]
            if view["phase"] == "play" and mask[PLAY : PLAY + 52].any():
                if start is None:
                    start = game.scores
                cards = [c for c in map(parse_card, view["hand"]) if mask[PLAY + c.index]]
                pick, phi, probs = choose(weights, view, cards, rng, greedy=False)
                grads.append(phi[pick] - probs @ phi)  # the gradient of log pi(pick)
                action = PLAY + cards[pick].index
            else:
                action = int(rng.choice(np.flatnonzero(mask)))
            observation, _, done, _, _ = env.step(action)
            if start is not None and (done or env.game.view(0)["phase"] != "play"):
                scores = env.game.scores
                margin = (scores[0] - start[0]) - (scores[1] - start[1])
                for grad in grads:
                    weights += rate * (margin - baseline) * grad
                baseline += 0.01 * (margin - baseline)
                grads, start = [], None
    return weights


class PeggingBot:
    """Throws at random; pegs with the learned weights, greedily."""

    def __init__(self, weights: np.ndarray, seed: int) -> None:
        self.weights, self.random = weights, RandomBot(seed)
        self.rng = np.random.default_rng(seed)

    def choose(self, view: Mapping[str, Any]) -> Move:
        moves = legal(view)
        plays = [m for m in moves if isinstance(m, Play)]
        if view["phase"] != "play" or not plays:
            return self.random.choose(view)
        pick, _, _ = choose(self.weights, view, [m.card for m in plays], self.rng, greedy=True)
        return plays[pick]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000, help="training games")
    parser.add_argument("--match", type=int, default=2000, help="duplicate match games")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.process_time()
    weights = train(args.games, args.seed)
    trained = time.process_time() - started
    BOTS["pegging-pg"] = lambda seed: PeggingBot(weights, seed)
    spec = Spec(
        "cribbage",
        2,
        ("pegging-pg", "random"),
        games=args.match,
        seed=args.seed + 10**6,
        duplicate=True,
    )
    summary = summarise(spec, run(spec))
    learned = summary["by_bot"]["pegging-pg"]
    random_bot = summary["by_bot"]["random"]
    print(
        json.dumps(
            {
                "training_games": args.games,
                "training_cpu_s": round(trained, 1),
                "weights": dict(zip(FEATURES, np.round(weights, 3).tolist(), strict=True)),
                "match_games": summary["games"],
                "learned_win_rate": learned["win_rate"],
                "learned_points_per_deal": round(learned["points_per_deal"], 3),
                "random_points_per_deal": round(random_bot["points_per_deal"], 3),
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
