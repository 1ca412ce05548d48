"""Cribist's bots: they play from views alone, choose legal moves, count exactly with muggins on,
and their fast search agrees with the itemised rules."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from muggins import new_game
from muggins.bots.base import Bot, View
from muggins.bots.cribist.players import best_fit
from muggins.bots.cribist.roster import BOTS, ExpertBot, GreedyBot
from muggins.bots.levels import LEVEL_NAMES
from muggins.bots.registry import bot_names, make_bot
from muggins.cards import JACK, STANDARD_CARDS, Card, Suit, parse_cards
from muggins.games.base import Game
from muggins.games.cribist.rules import playable, trick_points
from muggins.games.moves import Claim, Move, Play
from muggins.scoring.combos import fifteens, pairs, runs
from muggins.scoring.cribist.trick import score_trick
from muggins.scoring.items import Item, Kind
from muggins.strategy.cribist.greedy import points_so_far
from muggins.strategy.cribist.search import Position, sample_hands
from muggins.strategy.slips import NO_SLIPS


def view_only(game: Game, seat: int) -> dict[str, Any]:
    """The seat's view as a client would receive it: plain JSON, no way back to the game."""
    data: dict[str, Any] = json.loads(json.dumps(game.view(seat)))
    return data


def play(game: Game, bots: Sequence[Bot]) -> Game:
    while not game.is_over:
        seat = min(game.to_move)
        view = view_only(game, seat)
        move = bots[seat].choose(view)
        if view["phase"] in ("play", "claim", "hand over"):
            assert str(move) in view["legal_moves"]
        game.apply(seat, move)
    return game


def test_the_registry_knows_the_bots() -> None:
    assert bot_names("cribist") == ["random", *BOTS] and set(BOTS) == {"greedy", "expert"} | LEVEL_NAMES


@pytest.mark.parametrize("counting", ["auto", "manual"])
def test_bots_play_whole_games_from_views(counting: str) -> None:
    game = new_game("cribist", players=4, seed=4, deals=1, counting=counting)
    bots = [
        make_bot("cribist", "random", 1),
        make_bot("cribist", "greedy", 2),
        ExpertBot(3, budget=2000),
        make_bot("cribist", "greedy", 4),
    ]
    play(game, bots)
    assert game.result is not None


def hand_view(hand: str, trick: Sequence[tuple[int, str]], trumps: str, me: int = 0) -> View:
    """A view built by hand, with no game behind it at all."""
    cards = parse_cards(hand)
    led = parse_cards(trick[0][1])[0].suit if trick else None
    return {
        "you": me,
        "phase": "play",
        "hand": hand.split(),
        "trumps": trumps,
        "leader": trick[0][0] if trick else me,
        "trick": [list(t) for t in trick],
        "tricks": [],
        "hand_sizes": [len(cards) - (s != me and s in {p for p, _ in trick}) for s in range(4)],
        "legal_moves": [f"play {c}" for c in playable(cards, led)],
    }


def test_greedy_last_to_play_wins_with_the_card_that_scores_most() -> None:
    # Trick 5S 5D 2C (trumps hearts) and spades to follow: 6S, 10S and KS all win.
    # 10S: 5+10 twice (4) and the pair (2) = 6; KS likewise 6; 6S only the pair = 2.
    # Of the equal best the lower card wins it, keeping the king.
    view = hand_view("6S 10S KS 3H", [(1, "5S"), (2, "5D"), (3, "2C")], "H")
    assert GreedyBot().choose(view) == Play(Card.of(10, Suit.SPADES))


def test_greedy_that_cannot_win_gives_least_away() -> None:
    # KS QS JS led in spades (trumps hearts); void in spades and trumps, nothing wins.
    # 3D adds nothing to the run (3 in all), 9C nothing either (3); 5D makes three fifteens (9).
    # Of the cheapest, the lowest card goes.
    view = hand_view("3D 5D 9C", [(1, "KS"), (2, "QS"), (3, "JS")], "H")
    assert GreedyBot().choose(view) == Play(Card.of(3, Suit.DIAMONDS))


def test_the_opening_lead_comes_from_the_longest_suit() -> None:
    view = hand_view("2C 5C 9C KC AD 3D 4H 8H 9S 10S JS QS KS", [], "")
    view = {**view, "trumps": None}
    assert GreedyBot().choose(view) == Play(Card.of(13, Suit.SPADES))
    move = ExpertBot(1, budget=3000).choose(view)
    assert str(move) in view["legal_moves"]


def test_expert_decides_from_a_view_with_no_game() -> None:
    view = hand_view("6S 10S KS 3H", [(1, "5S"), (2, "5D")], "H", me=3)
    move = ExpertBot(5, budget=5000).choose(view)
    assert str(move) in {"play 6S", "play 10S", "play KS"}


class ClaimsNothing:
    """A careless counter: plays like greedy but always claims 0."""

    def __init__(self) -> None:
        self.greedy = GreedyBot()

    def choose(self, view: View) -> Move:
        return Claim(0) if view["phase"] == "claim" else self.greedy.choose(view)


def test_with_muggins_on_bots_claim_exactly_and_call_every_missed_point() -> None:
    game = new_game("cribist", players=4, seed=8, deals=1, counting="manual")
    exact: list[Bot] = [GreedyBot(1, slips=NO_SLIPS), GreedyBot(2, slips=NO_SLIPS), ExpertBot(3, budget=1000)]
    play(game, [ClaimsNothing(), *exact])
    trumps = next(e.to_dict()["suit"] for e in game.events if e.type == "trumps")
    trump = Suit("CDHS".index(trumps))
    calls: list[dict[str, Any]] = []
    checked = actual = winner = 0
    for event in game.events:
        data = event.to_dict()
        if data["type"] == "trick":
            actual = score_trick(parse_cards(data["cards"]), trump).total
            winner = data["player"]
        elif data["type"] == "claimed" and data["accepted"] is None:  # the claim, judged later
            assert data["points"] == (0 if winner == 0 else actual)
            calls = []
        elif data["type"] == "muggins" and data["valid"] is not None:  # a call as judged
            calls.append(data)
        elif data["type"] == "muggins_closed":
            assert all(c["valid"] for c in calls)
            # Every point seat 0 left unclaimed was called; nobody else left any.
            assert sum(c["points"] for c in calls) == (actual if winner == 0 else 0)
            checked += winner == 0 and actual > 0
    assert checked > 0


def test_greedy_slips_claim_short_and_never_call_wrongly() -> None:
    """The greedy bot counts a trick like a casual player (docs/bots.md, "Counting slips"): its
    claims are the trick or less, never more, and every muggins call it makes is upheld."""
    short = 0
    for seed in range(4):
        game = new_game("cribist", players=4, seed=seed, deals=2, counting="manual")
        play(game, [ClaimsNothing(), GreedyBot(seed), GreedyBot(seed + 10), ExpertBot(3, budget=500)])
        trumps = next(e.to_dict()["suit"] for e in game.events if e.type == "trumps")
        trump = Suit("CDHS".index(trumps))
        actual = winner = 0
        for event in game.events:
            data = event.to_dict()
            if data["type"] == "trumps":
                trump = Suit("CDHS".index(data["suit"]))
            elif data["type"] == "trick":
                actual = score_trick(parse_cards(data["cards"]), trump).total
                winner = data["player"]
            elif data["type"] == "claimed" and data["accepted"] is None and winner in (1, 2):
                assert data["points"] <= actual
                short += data["points"] < actual
            elif data["type"] == "muggins" and data["valid"] is not None:
                assert data["valid"], data
    assert short, "the greedy bots never slipped in eight deals"


# --- the fast search agrees with the rules -------------------------------------------------------


@given(st.lists(st.sampled_from(STANDARD_CARDS), min_size=4, max_size=4, unique=True), st.sampled_from(Suit))
def test_fast_trick_points_equal_the_itemised_score(cards: list[Card], trump: Suit) -> None:
    assert trick_points(cards, trump) == score_trick(cards, trump).total


@given(st.lists(st.sampled_from(STANDARD_CARDS), min_size=1, max_size=4, unique=True), st.sampled_from(Suit))
def test_points_so_far_equal_the_itemised_combinations(cards: list[Card], trump: Suit) -> None:
    """The greedy policy's points on a trick in progress: its fifteens, pairs and runs by the plain
    itemised scorer, and the jack of trumps; a whole trick's score once all four are in."""
    expected = sum(item.points for item in (*fifteens(cards), *pairs(cards), *runs(cards)))
    expected += sum(card.rank == JACK and card.suit == trump for card in cards)
    if len(cards) == 4:
        expected = score_trick(cards, trump).total
    assert points_so_far([card.index for card in cards], int(trump)) == expected


@given(st.integers(0, 2**32), st.integers(0, 12))
def test_sampled_deals_respect_counts_and_voids(seed: int, played: int) -> None:
    rng = random.Random(seed)
    cards = list(range(52))
    rng.shuffle(cards)
    me = 0
    sizes = [13 - played // 4] * 4
    hand = cards[: sizes[0]]
    unseen = cards[sizes[0] : sizes[0] + 3 * sizes[0]]
    # Make each other seat void in a suit it can be, given the cards: seat s lacks suit s-1 if at
    # most the other two seats' room can hold that suit's unseen cards.
    voids: list[set[int]] = [set(), set(), set(), set()]
    for seat in (1, 2, 3):
        suit = seat - 1
        if sum(c // 13 == suit for c in unseen) <= 2 * sizes[0] and rng.random() < 0.5:
            voids[seat].add(suit)
            break
    pos = Position(me, hand, 0, 0, [], unseen, sizes, voids)
    hands = sample_hands(pos, rng)
    assert sorted(itertools.chain(*hands[1:])) == sorted(unseen)
    assert [len(h) for h in hands] == sizes
    assert hands[0] == hand
    for seat in (1, 2, 3):
        assert not any(c // 13 in voids[seat] for c in hands[seat])


@given(st.lists(st.sampled_from([1, 2, 3, 4]), max_size=8), st.integers(0, 20))
def test_best_fit_finds_the_largest_total_within_the_limit(points: list[int], limit: int) -> None:
    items = [Item(Kind.FIFTEEN, (STANDARD_CARDS[i],), p) for i, p in enumerate(points)]
    best = max(
        sum(c) for n in range(len(points) + 1) for c in itertools.combinations(points, n) if sum(c) <= limit
    )
    chosen = best_fit(items, limit)
    assert sum(i.points for i in chosen) == best
    assert len(set(chosen)) == len(chosen)
