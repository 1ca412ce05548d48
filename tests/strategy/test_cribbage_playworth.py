"""The play worth of kept hands: one number per pair of ranks, summed over the six pairs of a
kept four, and the expert's discards maximising show, crib and that worth together."""

from __future__ import annotations

import itertools
import random

import pytest

from muggins import new_game
from muggins.bots.cribbage.players import ExpertBot
from muggins.cards import STANDARD_CARDS, Card, parse_cards
from muggins.games.moves import Discard
from muggins.scoring.show import itemise_show
from muggins.strategy.cribbage.cribtables import shipped_tables
from muggins.strategy.cribbage.playworth import (
    RANK_PAIRS,
    PlayWorth,
    PlayWorthError,
    pair_entries,
    pair_index,
    shipped_play_worth,
)


def test_every_pair_of_ranks_has_its_own_entry_in_either_order() -> None:
    entries = {pair_index(a, b) for a in range(1, 14) for b in range(a, 14)}
    assert entries == set(range(RANK_PAIRS))
    assert all(pair_index(a, b) == pair_index(b, a) for a in range(1, 14) for b in range(1, 14))


def _random_worth(seed: int) -> PlayWorth:
    rng = random.Random(seed)
    return PlayWorth(
        tuple(rng.uniform(-2, 2) for _ in range(RANK_PAIRS)),
        tuple(rng.uniform(-2, 2) for _ in range(RANK_PAIRS)),
        {},
    )


def test_a_hand_is_worth_the_sum_of_its_six_pairs() -> None:
    worth = _random_worth(1)
    hand = parse_cards("5H 5S 10C JD")
    pairs = [(5, 5), (5, 10), (5, 11), (5, 10), (5, 11), (10, 11)]
    assert sorted(pair_entries([5, 5, 10, 11])) == sorted(pair_index(a, b) for a, b in pairs)
    for dealer, table in ((True, worth.dealer), (False, worth.pone)):
        assert worth.worth(hand, dealer) == pytest.approx(sum(table[pair_index(a, b)] for a, b in pairs))


def test_hands_of_other_sizes_are_worth_nothing() -> None:
    worth = _random_worth(2)
    assert worth.worth(parse_cards("5H 5S 10C"), True) == 0.0
    assert worth.worth(parse_cards("5H 5S 10C JD QD"), False) == 0.0


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"dealer": [0.0] * RANK_PAIRS},
        {"dealer": [0.0] * 90, "pone": [0.0] * RANK_PAIRS},
        {"dealer": 1, "pone": 2},
    ],
)
def test_malformed_worth_data_is_refused(data: dict[str, object]) -> None:
    with pytest.raises(PlayWorthError):
        PlayWorth.from_json(data)


def test_the_shipped_worth_loads_and_round_trips() -> None:
    shipped = shipped_play_worth()
    again = PlayWorth.from_json(shipped.to_json())
    assert again.dealer == shipped.dealer and again.pone == shipped.pone
    assert shipped.meta["deals"] > 0


def _exact_mean(kept: tuple[Card, ...], dealt: tuple[Card, ...]) -> float:
    starters = [c for c in STANDARD_CARDS if c not in dealt]
    return sum(itemise_show(kept, s).total for s in starters) / len(starters)


@pytest.mark.parametrize("seed", range(4))
def test_the_expert_keeps_the_most_show_crib_and_play_worth(seed: int) -> None:
    """Two players at the start of a game: the throw maximises the kept hand's exact mean show,
    plus or minus the crib tables' crib, plus the kept hand's play worth (a random one here, so
    that it decides)."""
    worth = _random_worth(seed)
    tables = shipped_tables()
    game = new_game("cribbage", players=2, seed=seed)
    for seat in sorted(game.to_move):
        view = game.view(seat)
        hand = tuple(parse_cards(" ".join(view["hand"])))
        dealing = view["dealer"] == seat
        values = {}
        for kept in itertools.combinations(hand, 4):
            thrown = tuple(c for c in hand if c not in kept)
            crib = tables.expected("2", 0 if dealing else 1, thrown)
            values[frozenset(thrown)] = (
                _exact_mean(kept, hand) + (crib if dealing else -crib) + worth.worth(kept, dealing)
            )
        move = ExpertBot(play=worth).choose(view)
        assert isinstance(move, Discard)
        assert values[frozenset(move.cards)] == pytest.approx(max(values.values()))


def test_the_play_worth_is_not_used_with_more_players() -> None:
    """It is fitted for two players' four-card hands; a three-player hand of four is not valued by it."""
    random_worth = _random_worth(9)
    heavy = PlayWorth(
        tuple(50 * w for w in random_worth.dealer), tuple(50 * w for w in random_worth.pone), {}
    )
    zero = PlayWorth.nothing()
    for seed in range(6):
        game = new_game("cribbage", players=3, seed=seed)
        for seat in sorted(game.to_move):
            view = game.view(seat)
            assert ExpertBot(play=heavy).choose(view) == ExpertBot(play=zero).choose(view)
