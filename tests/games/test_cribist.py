"""Cribist, the game: the deal, following suit, trumps, trick winners and points, claims and muggins,
the three end conditions, leaving, replay and the protocol's conformance suite."""

from __future__ import annotations

import functools
import itertools
import json
import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from muggins import load_game, new_game
from muggins.cards import STANDARD_CARDS, Card, Suit, parse_card, parse_cards
from muggins.games.base import Game
from muggins.games.cribist.game import Cribist
from muggins.games.cribist.options import CribistOptions
from muggins.games.cribist.rules import MAX_TRICK_POINTS, SOURCE_WORDS, may_play, playable, trick_winner
from muggins.games.errors import IllegalMoveError, NotYourTurnError, OptionError
from muggins.scoring.cribist.trick import score_trick
from muggins.scoring.sources import parse_source
from tests.games.conformance import check_count_hidden, check_counting_unhinted, check_random_game, seven_more

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
CLUBS, DIAMONDS, HEARTS, SPADES = (" ".join(rank + suit for rank in RANKS) for suit in "CDHS")


def deck_for(hands: Mapping[int, str], dealer: int = 0) -> list[str]:
    """The dealing order that gives each seat its 13 cards: one at a time from the dealer's left."""
    cards = {seat: str(text).split() for seat, text in hands.items()}
    return [cards[(dealer + 1 + i) % 4][i // 4] for i in range(52)]


def one_suit_each(**options: object) -> Cribist:
    """Seat 1 (the dealer's left, so the first leader) holds every club, seat 2 the diamonds, seat 3
    the spades, seat 0 the hearts: clubs become trumps and seat 1 wins every trick, while every
    other seat is void in the suit led and may play any of its cards."""
    deck = deck_for({1: CLUBS, 2: DIAMONDS, 3: SPADES, 0: HEARTS})
    game = new_game("cribist", players=4, seed=3, deck=deck, first_dealer=0, **options)
    assert isinstance(game, Cribist)
    return game


def play_trick(game: Game, cards: str) -> list[object]:
    """Play the cards in turn from the seat to lead; return the events."""
    events: list[object] = []
    for card in cards.split():
        (seat,) = game.to_move
        events += game.apply(seat, f"play {card}")
    return events


def scored(events: Sequence[object], reason: str) -> list[tuple[int, int]]:
    return [(e.player, e.points) for e in events if getattr(e, "reason", None) == reason]  # type: ignore[attr-defined]


def finish_hand(game: Game, rng: random.Random) -> list[object]:
    """Play random legal cards (and 'ready' in windows) until the hand in progress is over."""
    events: list[object] = []
    deal = game.deal_number  # type: ignore[attr-defined]
    while not game.is_over and game.deal_number == deal and game.phase != "hand over":  # type: ignore[attr-defined]
        seat = min(game.to_move)
        moves = game.legal_moves(seat)
        events += game.apply(seat, rng.choice(moves) if game.phase == "play" else moves[-1])  # type: ignore[attr-defined]
    return events


# --- the deal -----------------------------------------------------------------------------------


def test_cards_are_dealt_one_at_a_time_from_the_dealers_left() -> None:
    deck = [str(c) for c in STANDARD_CARDS]
    game = new_game("cribist", players=4, seed=1, deck=deck, first_dealer=2)
    for seat in range(4):
        # Seat 3 is the dealer's left and takes cards 0, 4, 8, ...; seat 2 (the dealer) takes the last.
        first = (seat - 3) % 4
        assert set(game.view(seat)["hand"]) == set(deck[first::4])
    assert game.view(0)["leader"] == 3


def test_the_deal_passes_to_the_left_after_each_hand() -> None:
    game = new_game("cribist", players=4, seed=5, deals=3, first_dealer=1)
    rng = random.Random(0)
    dealers = [game.view(None)["dealer"]]
    for _ in range(2):
        finish_hand(game, rng)
        for seat in range(4):
            game.apply(seat, "ready")
        dealers.append(game.view(None)["dealer"])
    assert dealers == [1, 2, 3]


def test_views_show_only_ones_own_hand() -> None:
    game = new_game("cribist", players=4, seed=9)
    hands = [set(game.view(seat)["hand"]) for seat in range(4)]
    assert set().union(*hands) == {str(c) for c in STANDARD_CARDS}
    assert all(len(h) == 13 for h in hands)
    assert game.view(None)["hand"] is None


# --- the play -----------------------------------------------------------------------------------


def test_the_opening_lead_names_trumps_for_the_hand() -> None:
    game = new_game("cribist", players=4, seed=11, first_dealer=0)
    assert game.view(None)["trumps"] is None
    assert game.to_move == frozenset({1})  # the dealer's left leads
    card = parse_card(game.view(1)["hand"][0])
    events = game.apply(1, f"play {card}")
    assert card.suit is not None
    assert [e.to_dict() for e in events if e.type == "trumps"] == [
        {"type": "trumps", "player": 1, "suit": card.suit.letter}
    ]
    rng = random.Random(1)
    for _ in range(30):  # later leads, of whatever suit, leave trumps alone
        seat = min(game.to_move)
        game.apply(seat, rng.choice(game.legal_moves(seat)))
        assert game.view(None)["trumps"] == card.suit.letter


def test_players_must_follow_suit_when_they_can() -> None:
    deck = deck_for(
        {
            1: "5H 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC",
            2: "9H AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD",
            3: "AH AC KD AS 2S 3S 4S 5S 6S 7S 8S 9S 10S",
            0: "2H 3H 4H 6H 7H 8H 10H JH QH KH JS QS KS",
        }
    )
    game = new_game("cribist", players=4, seed=1, deck=deck, first_dealer=0)
    game.apply(1, "play 5H")
    assert [str(m) for m in game.legal_moves(2)] == ["play 9H"]
    with pytest.raises(IllegalMoveError, match="you must follow hearts"):
        game.apply(2, "play AD")
    with pytest.raises(IllegalMoveError, match="JS is not in your hand"):
        game.apply(2, "play JS")
    with pytest.raises(NotYourTurnError):
        game.apply(3, "play AH")
    game.apply(2, "play 9H")
    game.apply(3, "play AH")
    # Seat 0 holds ten hearts: only they may be played.
    assert {parse_card(str(m).split()[1]).suit for m in game.legal_moves(0)} == {Suit.HEARTS}


def test_a_void_player_may_play_any_card() -> None:
    game = one_suit_each()
    game.apply(1, "play 2C")
    assert len(game.legal_moves(2)) == 13


@given(st.lists(st.sampled_from(STANDARD_CARDS), min_size=4, max_size=4, unique=True), st.sampled_from(Suit))
def test_trick_winner_is_the_highest_trump_else_the_highest_of_the_suit_led(
    cards: list[Card], trump: Suit
) -> None:
    trumps = [c for c in cards if c.suit == trump]
    contenders = trumps or [c for c in cards if c.suit == cards[0].suit]
    assert cards[trick_winner(cards, trump)] == max(contenders, key=lambda c: c.rank)


def test_ace_is_low_in_tricks() -> None:
    assert trick_winner(parse_cards("AH 2H KS 3S"), Suit.CLUBS) == 1


def test_playable_follows_suit() -> None:
    hand = parse_cards("AH 2C 3C")
    assert playable(hand, Suit.CLUBS) == list(parse_cards("2C 3C"))
    assert playable(hand, Suit.SPADES) == list(hand)
    assert playable(hand, None) == list(hand)


@given(st.lists(st.sampled_from(STANDARD_CARDS), min_size=1, max_size=13, unique=True), st.data())
def test_may_play_is_being_playable(hand: list[Card], data: st.DataObject) -> None:
    """The engine's check of one card says what the list of playable cards says, whatever is led."""
    led = data.draw(st.sampled_from([None, *Suit]))
    card = data.draw(st.sampled_from(hand))
    assert may_play(hand, card, led) == (card in playable(hand, led))


def test_the_trick_winner_leads_next_and_scores_the_trick() -> None:
    game = one_suit_each()
    # 9C 10D JS QH: a run of four (4); no two or more values make 15; the jack is not a trump.
    events = play_trick(game, "9C 10D JS QH")
    assert scored(events, "trick") == [(1, 4)]
    assert game.to_move == frozenset({1})
    # 7C 8D 2S KH: 7+8 = 15 (2); nothing else.
    assert scored(play_trick(game, "7C 8D 2S KH"), "trick") == [(1, 2)]
    # JC 2D 4S 6H: evens and a ten-count jack make no 15; the jack of trumps (clubs) is 1.
    assert scored(play_trick(game, "JC 2D 4S 6H"), "trick") == [(1, 1)]
    # 3C 3D AS 8H: the pair of threes (2) and 3+3+A+8 = 15 (2): 4.
    assert scored(play_trick(game, "3C 3D AS 8H"), "trick") == [(1, 4)]


def test_a_flush_trick() -> None:
    rest = [c for c in (str(c) for c in STANDARD_CARDS) if c not in {"2H", "4H", "6H", "8H"}]
    deck = deck_for(
        {
            1: " ".join(["2H", *rest[0:12]]),
            2: " ".join(["4H", *rest[12:24]]),
            3: " ".join(["6H", *rest[24:36]]),
            0: " ".join(["8H", *rest[36:48]]),
        }
    )
    game = new_game("cribist", players=4, seed=1, deck=deck, first_dealer=0)
    # Four hearts, values 2 4 6 8: no fifteen, pair or run; the flush scores 4 for seat 0 (8H high).
    assert scored(play_trick(game, "2H 4H 6H 8H"), "trick") == [(0, 4)]


def test_every_trick_goes_to_its_winner_and_scores_as_the_itemised_scorer_says() -> None:
    game = new_game("cribist", players=4, seed=21, deals=2)
    rng = random.Random(2)
    tricks = 0
    while not game.is_over:
        seat = min(game.to_move)
        events = game.apply(seat, rng.choice(game.legal_moves(seat)))
        for won in (e.to_dict() for e in events if e.type == "trick"):
            tricks += 1
            cards = parse_cards(won["cards"])
            trump = Suit("CDHS".index([e for e in game.events if e.type == "trumps"][-1].suit))  # type: ignore[attr-defined]
            contenders = [c for c in cards if c.suit == trump] or [
                c for c in cards if c.suit == cards[0].suit
            ]
            top = max(contenders, key=lambda c: c.rank)
            assert won["player"] == (won["leader"] + cards.index(top)) % 4
            if won["number"] == 1:
                assert trump == cards[0].suit
            assert scored(events, "trick") == [(won["player"], score_trick(cards, trump).total)]
    assert tricks == 26


def test_no_trick_holds_more_than_the_claim_limit() -> None:
    # The most points four cards can hold: for every multiset of four ranks, give the cards the
    # suits that score most (one suit for a flush when the ranks differ; a jack's suit as trumps).
    best = 0
    for ranks in itertools.combinations_with_replacement(range(1, 14), 4):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        if len(set(ranks)) == 4:
            cards = [Card.of(r, Suit.CLUBS) for r in ranks]
        else:
            seen: dict[int, int] = {}
            cards = []
            for r in ranks:
                cards.append(Card.of(r, Suit(seen.get(r, 0))))
                seen[r] = seen.get(r, 0) + 1
        jack = next((c.suit for c in cards if c.rank == 11), Suit.CLUBS)
        assert jack is not None
        best = max(best, score_trick(cards, jack).total)
    assert best == MAX_TRICK_POINTS == 20


# --- end of hand --------------------------------------------------------------------------------


def test_each_trick_won_scores_one_at_the_end_of_the_hand() -> None:
    game = one_suit_each(deals=2)
    events: list[object] = []
    for rank in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]:
        events += play_trick(game, f"{rank}C {rank}D {rank}S {rank}H")
    # Seat 1 won all thirteen tricks with its trumps.
    assert scored(events, "tricks") == [(1, 13)]
    assert game.view(None)["phase"] == "hand over"
    assert game.view(None)["tricks_won"] == [0, 13, 0, 0]


def test_trick_points_go_to_each_winner_counted_once() -> None:
    game = new_game("cribist", players=4, seed=8, deals=1)
    events = finish_hand(game, random.Random(3))
    won = [0] * 4
    for e in events:
        if e.type == "trick":  # type: ignore[attr-defined]
            won[e.player] += 1  # type: ignore[attr-defined]
    assert sorted(scored(events, "tricks")) == sorted((s, n) for s, n in enumerate(won) if n)
    assert sum(won) == 13


# --- claims and muggins -------------------------------------------------------------------------


def manual_game() -> Cribist:
    return one_suit_each(counting="manual")


def _judged(game: Any, kind: str) -> list[dict[str, Any]]:
    """The ``kind`` events ('claimed' or 'muggins') as judged when a muggins window closed."""
    field = "accepted" if kind == "claimed" else "valid"
    return [e.to_dict() for e in game.events if e.type == kind and e.to_dict()[field] is not None]


def test_manual_counting_waits_for_the_winners_claim() -> None:
    game = manual_game()
    play_trick(game, "9C 10D JS QH")  # a run of four: 4
    view = game.view(1)
    assert view["phase"] == "claim" and view["trick_winner"] == 1
    assert game.to_move == frozenset({1})
    assert [str(m) for m in game.legal_moves(1)] == [f"claim {n}" for n in range(21)]
    with pytest.raises(IllegalMoveError, match="more than 20"):
        game.apply(1, "claim 21")
    game.apply(1, "claim 4")
    assert game.scores == (0, 0, 0, 0)  # judged when the window closes
    assert game.view(0)["claim"]["accepted"] is None
    assert game.to_move == frozenset({0, 2, 3})
    for seat in (0, 2, 3):
        assert [str(m) for m in game.legal_moves(seat)] == ["ready"]
        game.apply(seat, "ready")
    assert game.scores == (0, 4, 0, 0)
    assert game.view(None)["phase"] == "play"
    assert game.to_move == frozenset({1})


def test_a_valid_muggins_wins_the_missed_points_and_a_repeat_loses_them() -> None:
    game = manual_game()
    # 3C 3D AS 8H: the pair (2) and the fifteen 3+3+A+8 (2): 4 in all.
    play_trick(game, "3C 3D AS 8H")
    game.apply(1, "claim 2")
    events = game.apply(2, "muggins 2 fifteen 3C 3D AS 8H")
    assert [e.to_dict()["valid"] for e in events if e.type == "muggins"] == [None]  # not told yet
    game.apply(3, "muggins 2 pair 3C 3D")
    assert game.scores == (0, 0, 0, 0)
    game.apply(0, "ready")
    # The claim (2) and seat 2's call (2) account for all 4: seat 3's call finds nothing left.
    calls = _judged(game, "muggins")
    assert [c["valid"] for c in calls] == [True, False] and "unclaimed" in calls[1]["why"]
    assert game.scores == (0, 2, 2, -2)
    assert game.view(None)["phase"] == "play"


def test_muggins_naming_points_that_are_not_there_loses_them() -> None:
    game = manual_game()
    play_trick(game, "9C 10D JS QH")  # a run of four (4), no fifteen
    game.apply(1, "claim 0")
    game.apply(0, "muggins 2 fifteen 9C 10D")
    # A run of three inside the run of four is not an item of the trick either.
    game.apply(2, "muggins 3 run 9C 10D JS")
    game.apply(3, "muggins 4 run QH JS 10D 9C")
    calls = _judged(game, "muggins")
    assert [c["valid"] for c in calls] == [False, False, True] and "does not score" in calls[0]["why"]
    assert game.scores == (-2, 0, -3, 4)


def test_an_overclaim_scores_nothing_and_leaves_the_whole_trick_to_muggins() -> None:
    game = manual_game()
    play_trick(game, "7C 8D 2S KH")  # 7+8 = 15: 2
    events = game.apply(1, "claim 5")
    assert next(e.to_dict() for e in events if e.type == "claimed")["accepted"] is None
    for seat, move in ((0, "muggins 2 fifteen 8D 7C"), (2, "ready"), (3, "ready")):
        game.apply(seat, move)
    assert _judged(game, "claimed")[0]["accepted"] is False
    assert game.scores == (2, 0, 0, 0)


@pytest.mark.parametrize(
    ("call", "match"),
    [
        ("muggins 2", "name the source"),
        ("muggins 2 fifteen 7C 9H", "9H is not in the trick"),
        ("muggins 4 fifteen 7C 8D", "worth 2, not 4"),
        ("muggins 2 sixteen 7C 8D", "unknown kind"),
        ("muggins 2 pair 7C", "a pair names 2 different cards"),
        ("muggins 2 fifteen 7C 8X", "bad card"),
    ],
)
def test_malformed_muggins_calls_are_refused_and_change_nothing(call: str, match: str) -> None:
    game = manual_game()
    play_trick(game, "7C 8D 2S KH")
    game.apply(1, "claim 2")
    before = json.dumps(game.record())
    with pytest.raises(IllegalMoveError, match=match):
        game.apply(0, call)
    assert json.dumps(game.record()) == before


def test_the_trick_winner_cannot_muggins_their_own_trick_and_each_caller_acts_once() -> None:
    game = manual_game()
    play_trick(game, "7C 8D 2S KH")
    game.apply(1, "claim 0")
    with pytest.raises(NotYourTurnError):
        game.apply(1, "muggins 2 fifteen 7C 8D")
    game.apply(0, "ready")
    with pytest.raises(NotYourTurnError):
        game.apply(0, "muggins 2 fifteen 7C 8D")


def test_muggins_source_syntax_round_trips() -> None:
    items = parse_source("fifteen 5H 10S; pair 5H 5D ;run 3C 4C 5H; flush 2H 4H 6H 8H; jack JD", SOURCE_WORDS)
    assert [i.points for i in items] == [2, 2, 3, 4, 1]


# --- end conditions -----------------------------------------------------------------------------


def test_a_fixed_number_of_deals() -> None:
    game = check_random_game(lambda seed: new_game("cribist", players=4, seed=seed, deals=2), 4, deep=False)
    assert game.result is not None and game.result.reason == "2 deals played"
    assert game.deal_number == 2  # type: ignore[attr-defined]


def test_the_target_ends_the_game_the_moment_it_is_reached() -> None:
    for seed in range(4):
        game = new_game("cribist", players=4, seed=seed, end="target", target=15)
        rng = random.Random(seed)
        while not game.is_over:
            seat = min(game.to_move)
            game.apply(seat, rng.choice(game.legal_moves(seat)))
        result = game.result
        assert result is not None
        (winner,) = result.winners
        assert result.reason == f"player {winner} reached 15"
        assert game.scores[winner] >= 15
        assert all(s < 15 for seat, s in enumerate(game.scores) if seat != winner)
        # The game ended on the award that reached the target: the last scored event is the winner's.
        last = [e for e in game.events if e.type == "scored"][-1]
        assert last.player == winner and last.total >= 15 > last.total - last.points  # type: ignore[attr-defined]


def test_time_up_finishes_the_hand_in_progress_then_ends() -> None:
    game = new_game("cribist", players=4, seed=6, end="time", minutes=20)
    rng = random.Random(6)
    finish_hand(game, rng)
    for seat in range(4):
        game.apply(seat, "ready")
    seat = min(game.to_move)
    bystander = (seat + 1) % 4
    game.apply(bystander, "timeup")  # any seat (the server's clock) may call time, turn or not
    assert game.view(0)["time_called"] is True
    with pytest.raises(IllegalMoveError, match="already"):
        game.apply(seat, "timeup")
    assert not game.is_over
    finish_hand(game, rng)
    assert game.result is not None and game.result.reason == "time is up and the last hand is finished"
    assert game.deal_number == 2  # type: ignore[attr-defined]
    replayed = load_game(json.loads(json.dumps(game.record())))
    assert [e.to_dict() for e in replayed.events] == [e.to_dict() for e in game.events]


def test_time_up_between_hands_ends_the_game_at_once() -> None:
    game = new_game("cribist", players=4, seed=6, end="time")
    finish_hand(game, random.Random(1))
    game.apply(2, "ready")
    game.apply(0, "timeup")
    assert game.result is not None and game.result.reason == "time is up between hands"


def test_time_up_only_in_a_timed_game() -> None:
    game = new_game("cribist", players=4, seed=6)
    with pytest.raises(IllegalMoveError, match="not by a time limit"):
        game.apply(0, "timeup")


def test_ties_are_ranked_as_ties_and_a_leaver_ranks_last() -> None:
    game = new_game("cribist", players=4, seed=6)
    game.apply(2, "leave")
    assert game.result is not None
    assert game.result.ranks == (1, 1, 4, 1)
    assert game.result.reason == "player 2 left the table"


@pytest.mark.parametrize(
    "options",
    [{"first_dealer": 4}, {"end": "score"}, {"deals": 0}, {"counting": "shouted"}, {"trumps": "H"}],
)
def test_bad_options_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(OptionError):
        new_game("cribist", players=4, seed=1, **options)


def test_a_short_deck_is_refused() -> None:
    with pytest.raises(OptionError, match="52"):
        new_game("cribist", players=4, seed=1, deck=["5H", "6H"])
    with pytest.raises(OptionError, match="cribist is for 4 players, not 3"):
        new_game("cribist", players=3, seed=1)


def test_default_options() -> None:
    assert CribistOptions().as_json() == {
        "end": "deals",
        "deals": 10,
        "target": 61,
        "minutes": 30,
        "counting": "auto",
        "first_dealer": "random",
    }


# --- whole games --------------------------------------------------------------------------------


def all_cards_accounted(game: Cribist) -> None:
    """Hands, the trick on the table and the hand's finished tricks hold the 52 cards, once each."""
    view = game.view(None)
    cards = [c for hand in game.hands for c in hand]
    cards += [parse_card(c) for _, c in view["trick"]]
    cards += [parse_card(c) for t in view["tricks"] for _, c in t["cards"]]
    assert sorted(cards) == sorted(STANDARD_CARDS)


@pytest.mark.parametrize("counting", ["auto", "manual"])
def test_random_games_account_for_all_52_cards_throughout(counting: str) -> None:
    for seed in range(3):
        game = new_game("cribist", players=4, seed=seed, deals=3, counting=counting)
        assert isinstance(game, Cribist)
        rng = random.Random(seed)
        while not game.is_over:
            all_cards_accounted(game)
            seat = rng.choice(sorted(game.to_move))
            game.apply(seat, rng.choice(game.legal_moves(seat)))
        all_cards_accounted(game)
        assert game.result is not None


@pytest.mark.parametrize(
    "options",
    [
        {"deals": 2},
        {"deals": 1, "counting": "manual"},
        {"end": "target", "target": 15, "counting": "manual"},
    ],
)
def test_conformance(options: dict[str, Any]) -> None:
    check_random_game(lambda s: new_game("cribist", players=4, seed=s, **options), 1)


def test_conformance_with_leavers() -> None:
    for seed in range(3):
        check_random_game(lambda s: new_game("cribist", players=4, seed=s, deals=1), seed, leave_rate=0.01)


def test_replay_of_a_full_default_game() -> None:
    game = new_game("cribist", players=4, seed=12)
    rng = random.Random(12)
    while not game.is_over:
        seat = min(game.to_move)
        game.apply(seat, rng.choice(game.legal_moves(seat)))
    assert game.result is not None and game.result.reason == "10 deals played"
    replayed = load_game(json.loads(json.dumps(game.record())))
    assert [e.to_dict() for e in replayed.events] == [e.to_dict() for e in game.events]
    assert replayed.scores == game.scores and replayed.result == game.result


@pytest.mark.parametrize(("counting", "closes"), [("manual", "muggins_closed"), ("auto", "scored")])
def test_no_message_tells_a_tricks_count_before_it_is_shown(counting: str, closes: str) -> None:
    """The leak test: a twin whose tricks count 7 more sends every viewer the same bytes until the
    first trick's count is shown: when its muggins window closes (manual counting), or as its
    fourth card falls and the winner scores it (automatic)."""
    for seed in range(3):
        moves = check_count_hidden(
            functools.partial(new_game, "cribist", players=4, seed=seed, counting=counting),
            seven_more,
            lambda e: e["type"] == closes,
            seed,
        )
        assert moves > 0


@pytest.mark.parametrize("counting", ["manual", "auto"])
def test_no_hint_counts_for_a_player(counting: str) -> None:
    """Every claim on a trick and every muggins window is refused a hint in the same words."""
    game = functools.partial(new_game, "cribist", players=4, seed=2, counting=counting, deals=1)
    assert (check_counting_unhinted(game, 2) > 0) == (counting == "manual")
