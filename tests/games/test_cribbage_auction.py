"""Auction cribbage (docs/rules/cribbage.md): the two players bid points off their own score for each
hand's crib, the pone first; the buyer leads the play and counts first, hand and then crib."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from muggins import new_game
from muggins.games.cribbage.events import BidMade, CribBought, Shown
from muggins.games.cribbage.game import Cribbage
from muggins.games.errors import IllegalMoveError, MoveSyntaxError, NotYourTurnError, OptionError
from muggins.games.events import Scored
from muggins.games.words import Teller, tell
from tests.games.test_cribbage import TWO, TWO_PLAY, play, stack


def auction(**options: object) -> Cribbage:
    game = new_game("cribbage", players=2, first_dealer=0, auction=True, **options)  # type: ignore[arg-type]
    assert isinstance(game, Cribbage)
    return game


def shows(game: Cribbage) -> list[tuple[int, str]]:
    return [(e.player, e.what) for e in game.events if isinstance(e, Shown)]


@pytest.mark.parametrize(
    ("options", "error"),
    [
        ({"players": 3}, "for two players, not 3"),
        ({"players": 4, "partnerships": True}, "for two players, not 4"),
        ({"players": 2, "variant": "five-card"}, "six-card deal, not five-card"),
        ({"players": 2, "variant": "ten-hand"}, "six-card deal, not ten-hand"),
        ({"players": 2, "lowball": True}, "cannot be Lowball"),
    ],
)
def test_auction_is_two_players_six_cards_to_win(options: dict[str, object], error: str) -> None:
    with pytest.raises(OptionError, match=error):
        new_game("cribbage", auction=True, **options)  # type: ignore[arg-type]


# The hand worked by hand in test_cribbage with the seats' cards swapped, so that its leader, seat 0,
# holds the hand that pegs 8 and shows 9 (the other pegs 1 and shows 7; the crib 0): first with
# seat 0 dealing and owning the crib, then with seat 1 dealing and seat 0 opening the bidding.
FIRST = stack([1, 0], {0: "4C 6D 5H 10S 9H KC", 1: "5D 5S 2C 3H 7C QD"}, starter="AS")
MIRROR = stack([0, 1], {0: "4C 6D 5H 10S 9H KC", 1: "5D 5S 2C 3H 7C QD"}, starter="AS")
MIRROR_DISCARDS = [(0, "discard 9H KC"), (1, "discard 7C QD")]
MIRROR_PLAY = [(1 - seat, move) for seat, move in TWO_PLAY]


def second_hand(starter: str = "AS", **options: object) -> Cribbage:
    """A game at its second hand's bidding: in the first the pone, with no points, could only pass,
    and the dealer (seat 0) had the crib for nothing and led; seat 0 made 17 points, seat 1 8.
    Seat 1 now deals, and seat 0 opens the bidding (``starter``: the second hand's)."""
    second = MIRROR[:12] + [starter] + [c for c in MIRROR[12:] if c != starter]
    game = auction(deck=[FIRST, second], post_show=False, **options)
    assert [str(m) for m in game.legal_moves(1)] == ["pass"]
    play(game, [(1, "pass"), *MIRROR_DISCARDS, *MIRROR_PLAY])
    assert game.scores == (17, 8) and game.dealer == 1 and game.to_move == {0}
    return game


def test_with_no_points_to_pay_the_pone_passes_and_the_dealer_has_the_crib_free() -> None:
    game = auction(deck=TWO)
    assert game.view(1)["phase"] == "bid" and game.to_move == {1}
    assert len(game.view(1)["hand"]) == 6  # bids are made on the six cards dealt
    assert [str(m) for m in game.legal_moves(1)] == ["pass"] and game.legal_moves(0) == []
    with pytest.raises(
        IllegalMoveError, match="a bid is paid from your score, 0: you cannot bid more than 0"
    ):
        game.apply(1, "bid 1")
    game.apply(1, "pass")
    assert game.crib_owner == 0 and game.scores == (0, 0) and game.view(1)["auction"]["price"] == 0
    bought = [e for e in game.events if isinstance(e, CribBought)]
    assert [(e.player, e.price) for e in bought] == [(0, 0)]
    assert tell("cribbage", bought[0].to_dict()) == "The crib goes to player 0 for nothing"
    assert not [e for e in game.events if isinstance(e, Scored) and e.reason == "bid"]


def test_a_bid_beats_the_last_within_the_bidders_score_and_bad_bids_change_nothing() -> None:
    game = second_hand()
    assert [str(m) for m in game.legal_moves(0)] == ["pass", *(f"bid {n}" for n in range(1, 18))]
    with pytest.raises(IllegalMoveError, match=r"bid 1 to 17, or pass; a bid is paid from your score, 17"):
        game.apply(0, "bid 18")
    game.apply(0, "bid 3")
    assert [str(m) for m in game.legal_moves(1)] == ["pass", *(f"bid {n}" for n in range(4, 9))]
    before, events = game.view(None), len(game.events)
    for move, error in [
        ("bid 3", r"bid 4 to 8 \(the bid to beat is 3\), or pass$"),
        ("bid 2", "the bid to beat is 3"),
        ("bid 9", "a bid is paid from your score, 8"),
        ("bid 30", "at most 29"),
        ("discard 7C QD", "not a move in the bid phase; expected 'bid N' or 'pass'"),
    ]:
        with pytest.raises(IllegalMoveError, match=error):
            game.apply(1, move)
    with pytest.raises(NotYourTurnError):
        game.apply(0, "bid 5")
    with pytest.raises(MoveSyntaxError, match="'bid' takes one whole number"):
        game.apply(1, "bid")
    assert game.view(None) == before and len(game.events) == events


def test_the_last_bidder_buys_the_crib_and_pays_the_bid() -> None:
    game = second_hand()
    play(game, [(0, "bid 2"), (1, "bid 3"), (0, "bid 5"), (1, "pass")])
    assert game.crib_owner == 0 and game.scores == (12, 8)
    bids = [(e.player, e.amount) for e in game.events if isinstance(e, BidMade)]
    assert bids == [(1, None), (0, 2), (1, 3), (0, 5), (1, None)]
    bought = [(e.player, e.price) for e in game.events if isinstance(e, CribBought)]
    assert bought == [(0, 0), (0, 5)]
    said = [tell("cribbage", e.to_dict(), Teller(you=1)) for e in game.events if isinstance(e, BidMade)]
    assert said[1:] == [
        "player 0 bids 2 for the crib",
        "you bid 3 for the crib",
        "player 0 bids 5 for the crib",
        "you pass",
    ]
    paid = [e for e in game.events if isinstance(e, Scored) and e.reason == "bid"]
    assert [(e.player, e.points, e.total) for e in paid] == [(0, -5, 12)]
    assert tell("cribbage", paid[0].to_dict()) == "player 0 loses 5 for the crib, 12 in all"
    view = game.view(1)
    assert view["auction"] == game.view(0)["auction"] == game.view(None)["auction"]  # bids are public
    assert view["phase"] == "discard" and view["crib_owner"] == 0 and view["dealer"] == 1
    assert view["auction"] == {
        "bids": [[0, 2], [1, 3], [0, 5], [1, None]],
        "high": 5,
        "bidder": 0,
        "open": False,
        "price": 5,
    }


def test_when_the_pone_passes_at_once_the_dealer_has_the_crib_at_one() -> None:
    game = second_hand()
    game.apply(0, "pass")
    assert game.crib_owner == 1 and game.scores == (17, 7) and game.view(0)["auction"]["price"] == 1
    play(game, MIRROR_DISCARDS)
    assert game.to_move == {1}  # the buyer leads the play, the dealer here


def test_the_buyer_leads_and_counts_hand_then_crib_before_the_other_hand() -> None:
    """The pone buys the crib for 2: it leads, as the pone does anyway, and counts first, its hand
    (9) and the crib (0), then the dealer's hand (7); it pegged 8, the dealer 1."""
    game = second_hand()
    shown = len(shows(game))
    play(game, [(0, "bid 2"), (1, "pass"), *MIRROR_DISCARDS])
    assert game.to_move == {0}
    play(game, MIRROR_PLAY)
    assert shows(game)[shown:] == [(0, "hand"), (0, "crib"), (1, "hand")]
    assert game.scores == (17 - 2 + 8 + 9 + 0, 8 + 1 + 7)


def dealer_buys_and_plays() -> Cribbage:
    """At the second hand the dealer (seat 1) buys the crib for 2, and the play runs on each seat's
    first legal move."""
    game = second_hand()
    play(game, [(0, "bid 1"), (1, "bid 2"), (0, "pass"), *MIRROR_DISCARDS])
    assert game.to_move == {1} and game.crib_owner == 1  # the buyer leads
    while game.view(0)["phase"] == "play" and game.result is None:
        seat = next(iter(game.to_move))
        game.apply(seat, game.legal_moves(seat)[0])
    return game


def test_the_dealer_buying_leads_and_counts_first() -> None:
    game = dealer_buys_and_plays()
    assert shows(game)[3:] == [(1, "hand"), (1, "crib"), (0, "hand")]


def test_the_buyer_counting_first_wins_before_the_other_hand_is_counted() -> None:
    """First hand: the dealer has the crib (for nothing), leads, pegs 8 and counts its hand (9)
    first, reaching 17 before the pone's hand (7) is counted."""
    game = auction(deck=FIRST, target=17)
    play(game, [(1, "pass"), *MIRROR_DISCARDS, *MIRROR_PLAY])
    assert game.result is not None and game.result.winners == (0,)
    assert shows(game) == [(0, "hand")] and game.scores == (17, 1)


def test_his_heels_stays_the_dealers_whoever_buys_the_crib() -> None:
    game = second_hand(starter="JS")
    play(game, [(0, "bid 4"), (1, "pass"), *MIRROR_DISCARDS])
    assert game.scores == (17 - 4, 8 + 2)


def test_each_hand_is_bid_for_again() -> None:
    rng = random.Random(7)
    game = auction(seed=7, post_show=False)
    hands = 0
    while game.result is None and hands < 8:
        view = game.view(None)
        if view["hand_number"] > hands:  # a new hand: bidding again from nothing
            hands = view["hand_number"]
            assert view["phase"] == "bid" and view["auction"]["bids"] == [] and view["auction"]["open"]
        seat = min(game.to_move)
        game.apply(seat, rng.choice(game.legal_moves(seat)))
    bought = [e for e in game.events if isinstance(e, CribBought)]
    paid = [e for e in game.events if isinstance(e, Scored) and e.reason == "bid"]
    assert len(bought) >= 7 and any(e.price for e in bought)
    assert [(e.player, -e.price) for e in bought if e.price] == [(e.player, e.points) for e in paid]
    assert all(total >= 0 for total in game.scores)  # no bid takes a score below the start


@settings(max_examples=150, deadline=None)
@given(picks=st.lists(st.integers(min_value=0, max_value=40), min_size=1, max_size=30))
def test_the_bidding_follows_the_rule_read_plainly(picks: list[int]) -> None:
    """At the second hand (seat 0 with 17 points opens, the dealer seat 1 has 8), each seat in turn
    takes the move its pick names among those offered: what is offered is exactly a pass and every
    bid above the last up to the bidder's score (and 29), and when a pass ends the bidding the crib
    and its price are the rule's: the last bidder at their bid, or the dealer at 1 when nobody bid."""
    game = second_hand()
    score, dealer, seat, high = {0: 17, 1: 8}, 1, 0, 0
    for pick in picks:
        offered = [str(m) for m in game.legal_moves(seat)]
        assert offered == ["pass", *(f"bid {n}" for n in range(high + 1, min(29, score[seat]) + 1))]
        move = offered[pick % len(offered)]
        game.apply(seat, move)
        if move == "pass":
            owner, price = (1 - seat, high) if high else (dealer, min(1, score[dealer]))
            assert game.crib_owner == owner and game.view(None)["auction"]["price"] == price
            assert game.scores == tuple(score[s] - (price if s == owner else 0) for s in (0, 1))
            assert game.view(None)["phase"] == "discard"
            return
        high, seat = int(move.split()[1]), 1 - seat
        assert game.to_move == {seat} and game.scores == (17, 8)
