"""Counting slips happen at their documented rates (docs/bots.md, "Counting slips"), item by item,
and a bot with slips claims its show less what it overlooked: on average the expected loss."""

from __future__ import annotations

import math
import random

import pytest

from muggins.bots.cribbage.players import GreedyBot
from muggins.bots.registry import make_bot
from muggins.cards import STANDARD_CARDS
from muggins.games.cribbage.events import ShowJudged
from muggins.games.registry import new_game
from muggins.scoring.items import Item, Kind
from muggins.scoring.show import itemise_show
from muggins.strategy.slips import CASUAL, NO_SLIPS, SlipRates, overlooked
from tests.bots.test_cribbage_bots import play_out


def kind_of(item: Item) -> str:
    """The field of ``SlipRates`` that governs ``item``."""
    if item.kind is Kind.FIFTEEN:
        return "fifteen_of_two" if len(item.cards) == 2 else "fifteen_of_more"
    if item.kind in (Kind.PAIR, Kind.PAIR_ROYAL, Kind.DOUBLE_PAIR_ROYAL):
        return "pair"
    return str(item.kind)


@pytest.mark.parametrize("rates", [CASUAL, SlipRates(0.5, 0.5, 0.5, 0.5, 0.5, 0.5)])
def test_each_kind_of_item_is_overlooked_at_its_rate(rates: SlipRates) -> None:
    deal, draw = random.Random(11), random.Random(12)
    seen: dict[str, int] = {}
    missed: dict[str, int] = {}
    for _ in range(20_000):
        cards = deal.sample(STANDARD_CARDS, 5)
        score = itemise_show(cards[:4], cards[4], crib=deal.random() < 0.5)
        lost = overlooked(score, rates, draw)
        for item in score.items:
            seen[kind_of(item)] = seen.get(kind_of(item), 0) + 1
        for item in lost:
            missed[kind_of(item)] = missed.get(kind_of(item), 0) + 1
    assert set(seen) == {"fifteen_of_two", "fifteen_of_more", "pair", "run", "flush", "nobs"}
    for kind, n in seen.items():
        p = getattr(rates, kind)
        sd = math.sqrt(p * (1 - p) / n)
        assert abs(missed.get(kind, 0) / n - p) <= 4 * sd + 1e-9, (kind, n, missed.get(kind, 0), p)


def test_no_slips_overlooks_nothing() -> None:
    rng = random.Random(3)
    for _ in range(500):
        cards = rng.sample(STANDARD_CARDS, 5)
        assert overlooked(itemise_show(cards[:4], cards[4]), NO_SLIPS, rng) == []


def test_the_greedy_bot_claims_short_by_the_expected_loss_and_the_expert_never() -> None:
    """Bots counting by hand against each other: the greedy bot's shortfall per show averages the
    loss its rates predict (within 4 standard errors); the expert's is 0."""
    for seed in range(3):
        game = new_game("cribbage", players=2, seed=seed, counting="manual", muggins=False)
        play_out(game, [make_bot("cribbage", "expert", seed=seed), GreedyBot(seed, slips=NO_SLIPS)])
        judged = [e for e in game.events if isinstance(e, ShowJudged)]
        assert judged and all(e.claimed == e.score.total for e in judged), "the expert slipped"
    shortfall: list[int] = []
    expected: list[float] = []
    for seed in range(40):
        game = new_game("cribbage", players=2, seed=seed, counting="manual", muggins=False)
        play_out(game, [make_bot("cribbage", "greedy", seed=seed), GreedyBot(seed, slips=NO_SLIPS)])
        for e in game.events:
            if isinstance(e, ShowJudged) and e.player == 0:
                shortfall.append(e.score.total - e.claimed)
                expected.append(CASUAL.expected_loss(e.score))
    n = len(shortfall)
    mean = sum(shortfall) / n
    sd = math.sqrt(sum((s - mean) ** 2 for s in shortfall) / (n - 1))
    assert n > 300 and min(shortfall) == 0
    assert abs(mean - sum(expected) / n) <= 4 * sd / math.sqrt(n), (mean, sum(expected) / n, n)
