"""Lowball cribbage (docs/rules/cribbage.md): scored as usual, but the first side to the target
loses, and the others rank by the fewest points."""

from __future__ import annotations

import itertools
import random

import pytest

from muggins import new_game
from muggins.bots.cribbage.discard import held_points
from muggins.bots.cribbage.lowball import lowball_discard, lowball_play
from muggins.bots.registry import make_bot
from muggins.cards import STANDARD_CARDS, Card
from muggins.games.cribbage.game import Cribbage
from muggins.games.errors import OptionError
from muggins.games.moves import Discard
from muggins.games.result import Termination
from muggins.games.rollout import play_as_random_bots, play_out
from muggins.scoring.show import itemise_show
from muggins.strategy.cribbage.cribtables import shipped_tables
from muggins.strategy.cribbage.reading import read
from tests.games.test_cribbage import stack


def lowball(players: int, seed: int, **options: object) -> Cribbage:
    game = new_game("cribbage", players=players, seed=seed, lowball=True, **options)  # type: ignore[arg-type]
    assert isinstance(game, Cribbage)
    return game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_first_to_the_target_loses_and_the_fewest_points_rank_first(players: int) -> None:
    for seed in range(12):
        game = lowball(players, seed, target=31)
        play_out(game, random.Random(seed))
        result = game.result
        assert result is not None and result.termination is Termination.TARGET
        reached = [s for s in range(players) if result.scores[s] >= 31]
        assert len(reached) == 1  # the game stops the moment one side gets there
        (loser,) = reached
        assert result.ranks[loser] == players
        assert result.reason == f"player {loser} reached 31 first and lost"
        others = [s for s in range(players) if s != loser]
        for a in others:
            for b in others:
                if result.scores[a] < result.scores[b]:
                    assert result.ranks[a] < result.ranks[b]
                if result.scores[a] == result.scores[b]:
                    assert result.ranks[a] == result.ranks[b]
        assert result.skunks == (None,) * players


def test_partners_lose_together() -> None:
    game = lowball(4, 3, target=31, partnerships=True)
    play_out(game, random.Random(3))
    result = game.result
    assert result is not None
    losers = [s for s in range(4) if result.ranks[s] == 3]
    assert losers in ([0, 2], [1, 3]) and all(result.scores[s] >= 31 for s in losers)


def test_the_quick_random_path_leaves_lowball_to_the_engine() -> None:
    """The two-player quick path plays to win: ``finish_randomly`` declines a Lowball game, and
    random bots (as a simulation plays them) finish it by Lowball's rule."""
    for seed in range(20):
        game = lowball(2, seed)
        assert game.finish_randomly(random.Random(seed)) is None
        play_as_random_bots(game, [seed, seed + 1])
        result = game.result
        assert result is not None
        loser = next(s for s in (0, 1) if result.scores[s] >= 121)
        assert result.ranks[loser] == 2 and result.scores[1 - loser] < 121


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"counting": "manual"}, "counted automatically"),
        ({"variant": "ten-hand"}, "six-card or five-card"),
        ({"match": 3}, "one game"),
    ],
)
def test_lowball_tables_it_does_not_cover_are_refused(options: dict[str, object], match: str) -> None:
    with pytest.raises(OptionError, match=match):
        new_game("cribbage", players=2, lowball=True, **options)  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="without a captain"):
        new_game("cribbage", players=3, lowball=True, captain=0)


def test_the_lowball_discards_keep_the_least_and_give_the_dealer_the_most() -> None:
    game = lowball(2, 5, first_dealer=0)
    seat = read(game.view(1))  # the pone: the crib is the other side's
    hand = seat.hand
    splits: list[tuple[Card, ...]] = list(itertools.combinations(hand, 4))
    held = {kept: held_points(kept) for kept in splits}
    greedy = lowball_discard(seat, None)
    assert isinstance(greedy, Discard)
    assert held[tuple(c for c in hand if c not in greedy.cards)] == min(held.values())
    # with the tables: the exact mean of the kept hand over the 46 starters (the plain scorer),
    # less the crib the tables expect the dealer to make of the throw, is least
    tables = shipped_tables()
    starters = [c for c in STANDARD_CARDS if c not in hand]
    value = {
        kept: sum(itemise_show(kept, s).total for s in starters) / len(starters)
        - tables.expected("2", 1, tuple(c for c in hand if c not in kept))
        for kept in splits
    }
    expert = lowball_discard(seat, tables)
    assert isinstance(expert, Discard)
    chosen = tuple(c for c in hand if c not in expert.cards)
    assert value[chosen] == pytest.approx(min(value.values()))


def test_the_lowball_play_lays_the_card_that_pegs_least() -> None:
    # Dealer 0 keeps 8H 7C 2D 3S; the pone leads 7S. On 7: 8H makes fifteen (2), 7C a pair (2),
    # 2D and 3S nothing: the lowball bot lays 2D, the lower of the two.
    deck = stack([1, 0], {1: "7S 9C 10H JD QC KS", 0: "8H 7C 2D 3S 4H 5C"}, starter="AS")
    game = new_game("cribbage", players=2, first_dealer=0, deck=deck, lowball=True)
    game.apply(1, "discard QC KS")
    game.apply(0, "discard 4H 5C")
    game.apply(1, "play 7S")
    move = lowball_play(read(game.view(0)))
    assert str(move) == "play 2D"
    assert str(make_bot("cribbage", "expert", 0).choose(game.view(0))) == "play 2D"
    assert str(make_bot("cribbage", "greedy", 0).choose(game.view(0))) == "play 2D"
