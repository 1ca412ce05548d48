"""The cribbage bots in Auction cribbage: the crib's worth to a hand checked against a plain count
over every split and starter, the bid that follows from it, and the buyer's crib read as its own."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from muggins import new_game
from muggins.analysis.cribbage.hints import advise
from muggins.bots.cribbage.auction import BID_SHARE, bid_move, crib_swing
from muggins.bots.registry import make_bot
from muggins.cards import STANDARD_CARDS, parse_cards
from muggins.games.cribbage.game import Cribbage
from muggins.games.cribbage.moves import Bid, Pass
from muggins.scoring.show import itemise_show
from muggins.strategy.cribbage.cribtables import shipped_tables
from muggins.strategy.cribbage.playworth import shipped_play_worth
from muggins.strategy.cribbage.reading import read


def plain_swing(hand_text: str) -> float:
    """The crib's worth written out: for every two cards thrown, the kept four's show averaged
    over the 46 starters left, plus or minus the crib the throw makes (the crib tables, the owner
    at offset 0 and the other player at 1) and the kept hand's play worth (the buyer leads, so it
    plays as the pone; the other plays second, as the dealer)."""
    hand = parse_cards(hand_text)
    tables, play = shipped_tables(), shipped_play_worth()
    starters = [c for c in STANDARD_CARDS if c not in hand]
    own, other = [], []
    for thrown in itertools.combinations(hand, 2):
        kept = tuple(c for c in hand if c not in thrown)
        mean = sum(itemise_show(kept, s, False).total for s in starters) / len(starters)
        own.append(mean + tables.expected("2", 0, thrown) + play.worth(kept, False))
        other.append(mean - tables.expected("2", 1, thrown) + play.worth(kept, True))
    return max(own) - max(other)


def bidding_view(hand: str, legal: list[str], high: int = 0) -> dict[str, Any]:
    game = new_game("cribbage", players=2, seed=1, auction=True, first_dealer=0)
    view = game.view(1)
    view["hand"], view["legal_moves"] = hand.split(), legal
    view["auction"] = {**view["auction"], "high": high}
    return view


@pytest.mark.parametrize("hand", ["5H 5D JC QS 2H 9C", "AH 2D 3C KS QD 9H", "5C 5S 6D 4H 10C 7S"])
def test_the_cribs_worth_is_the_plain_count_over_every_split_and_starter(hand: str) -> None:
    seat = read(bidding_view(hand, ["pass"]))
    assert crib_swing(seat, shipped_tables(), shipped_play_worth()) == pytest.approx(
        plain_swing(hand), abs=1e-9
    )


def test_a_pair_of_fives_to_throw_makes_the_crib_worth_more() -> None:
    tables, play = shipped_tables(), shipped_play_worth()
    fives = crib_swing(read(bidding_view("5H 5D KC QS 2H 9C", ["pass"])), tables, play)
    none = crib_swing(read(bidding_view("AH 3D 7C KS 8D 9H", ["pass"])), tables, play)
    assert fives > none > 0


@pytest.mark.parametrize(
    ("high", "swing", "legal", "move"),
    [
        (0, 10.0, ["pass", "bid 1", "bid 2"], Bid(1)),
        (5, 10.0, ["pass", "bid 6", "bid 7"], Bid(6)),
        (6, 10.0, ["pass", "bid 7", "bid 8"], Pass()),  # 7 is not under 0.7 of 10
        (0, 1.4, ["pass", "bid 1"], Pass()),
        (2, 20.0, ["pass"], Pass()),  # nothing left to bid from its score
    ],
)
def test_it_raises_by_one_while_the_price_is_under_its_share_of_the_swing(
    high: int, swing: float, legal: list[str], move: Bid | Pass
) -> None:
    assert BID_SHARE == 0.7
    view = bidding_view("5H 5D JC QS 2H 9C", legal, high)
    assert bid_move(read(view), view["auction"], swing) == move


def test_after_the_bidding_the_buyer_reads_the_crib_as_its_own() -> None:
    game = new_game("cribbage", players=2, seed=3, auction=True, first_dealer=0, post_show=False)
    assert isinstance(game, Cribbage)
    game.apply(1, "pass")
    while game.hand_number == 1:  # the dealer had the crib for nothing; play the hand out
        seat = min(game.to_move)
        game.apply(seat, game.legal_moves(seat)[0])
    pone = 0  # seat 1 deals the second hand
    bids = [m for m in game.legal_moves(pone) if isinstance(m, Bid)]
    assert bids, "the pone has points to bid"
    game.apply(pone, bids[0])
    game.apply(1, "pass")
    assert game.crib_owner == pone and game.dealer == 1
    for seat, whose in ((0, "your crib"), (1, "your opponent's crib")):
        view = game.view(seat)
        assert read(view).crib_is_mine == (seat == pone)
        advice = advise(view, game.legal_moves(seat)[0])  # the hint names the buyer's crib too
        assert advice is not None and f"to {whose}" in advice.reason


@pytest.mark.parametrize("name", ["greedy", "beginner", "quick", "expert"])
def test_every_bot_bids_and_finishes_auction_games(name: str) -> None:
    game = new_game("cribbage", players=2, seed=5, auction=True, target=61)
    bots = [make_bot("cribbage", name, 1), make_bot("cribbage", "expert", 2)]
    bids = 0
    while not game.is_over:
        seat = min(game.to_move)
        move = bots[seat].choose(game.view(seat))
        bids += isinstance(move, Bid)
        game.apply(seat, move)
    assert bids and game.result is not None


def test_a_bid_hint_says_what_the_crib_is_worth_to_the_hand() -> None:
    swing = crib_swing(
        read(bidding_view("5H 5D KC QS 2H 9C", ["pass"])), shipped_tables(), shipped_play_worth()
    )
    bidding = bidding_view("5H 5D KC QS 2H 9C", ["pass", "bid 1", "bid 2"])
    advice = advise(bidding, Bid(1))
    assert advice is not None and f"about {swing:.1f} points" in advice.reason
    assert advice.reason.endswith(f"70% of that, {0.7 * swing:.1f}, pays best: bid 1")
    passing = advise(bidding_view("5H 5D KC QS 2H 9C", ["pass"], high=6), Pass())
    assert passing is not None and passing.reason.endswith(": pass at 6")
