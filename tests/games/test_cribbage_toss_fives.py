"""Toss Fives (docs/rules/cribbage.md): every five a player is dealt goes to the crib, whoever's it
is; a player holding more fives than the crib takes from them throws fives only."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from muggins import new_game
from muggins.analysis.cribbage.hints import advise
from muggins.analysis.cribbage.review import judge
from muggins.bots.cribbage.discard import best_throw
from muggins.bots.registry import make_bot
from muggins.cards import STANDARD_CARDS, Card, format_cards
from muggins.games.cribbage.game import Cribbage
from muggins.games.errors import IllegalMoveError, OptionError
from muggins.games.moves import Discard, parse_move
from muggins.scoring.show import itemise_show
from muggins.strategy.cribbage.cribtables import shipped_tables
from muggins.strategy.cribbage.reading import read
from tests.games.test_cribbage import stack

FIVES = [c for c in STANDARD_CARDS if c.rank == 5]
OTHERS = [c for c in STANDARD_CARDS if c.rank != 5]


def tossing(players: int, seed: int = 0, **options: object) -> Cribbage:
    game = new_game("cribbage", players=players, seed=seed, toss_fives=True, **options)  # type: ignore[arg-type]
    assert isinstance(game, Cribbage)
    return game


def rule_allows(hand: list[Card], thrown: tuple[Card, ...]) -> bool:
    """The rule read plainly: no five is kept, unless every card thrown is a five."""
    kept_five = any(c.rank == 5 and c not in thrown for c in hand)
    return not kept_five or all(c.rank == 5 for c in thrown)


def legal_throws(game: Cribbage, seat: int) -> set[frozenset[Card]]:
    moves = [parse_move(m) for m in game.view(seat)["legal_moves"]]
    assert all(isinstance(m, Discard) for m in moves)
    return {frozenset(m.cards) for m in moves if isinstance(m, Discard)}


def expected_throws(hand: list[Card], size: int) -> set[frozenset[Card]]:
    return {frozenset(t) for t in itertools.combinations(hand, size) if rule_allows(hand, t)}


@settings(max_examples=150, deadline=None)
@given(
    fives=st.lists(st.sampled_from(FIVES), unique=True, max_size=4),
    others=st.lists(st.sampled_from(OTHERS), unique=True, min_size=12, max_size=12),
)
def test_the_discards_offered_are_exactly_those_that_throw_every_five(
    fives: list[Card], others: list[Card]
) -> None:
    """Two players: seat 1 is dealt the fives drawn (none to all four) and the rest; its legal
    discards are exactly the throws the rule allows, and seat 0's likewise."""
    mine = (fives + others)[:6]
    theirs = [c for c in others if c not in mine][:6]
    starter = next(c for c in OTHERS if c not in others)
    deck = stack([1, 0], {1: format_cards(mine), 0: format_cards(theirs)}, starter=str(starter))
    game = tossing(2, first_dealer=0, deck=deck)
    for seat, hand in ((1, mine), (0, theirs)):
        assert legal_throws(game, seat) == expected_throws(hand, 2)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_one_card_throws_take_a_five_when_one_is_held(players: int) -> None:
    held_five = 0
    for seed in range(60):
        game = tossing(players, seed)
        for seat in sorted(game.to_move):
            hand = list(game.hand[seat])
            held_five += any(c.rank == 5 for c in hand)
            assert legal_throws(game, seat) == expected_throws(hand, 1)
    assert held_five > 20  # the deals drawn did test the rule


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {"variant": "five-card"}),
        (4, {"partnerships": True}),
        (3, {"captain": 0}),
        (2, {"lowball": True}),
        (3, {"lowball": True}),
    ],
)
def test_toss_fives_holds_in_every_form_it_combines_with(players: int, options: dict[str, object]) -> None:
    """The five-card deal, partnerships, Captain's and Lowball: the same rule for every seat asked."""
    held_five = 0
    for seed in range(40):
        game = tossing(players, seed, **options)
        size = 2 if players == 2 else 1
        for seat in sorted(game.to_move):
            hand = list(game.hand[seat])
            held_five += any(c.rank == 5 for c in hand)
            assert legal_throws(game, seat) == expected_throws(hand, size)
    assert held_five > 10


def test_the_five_handed_dealer_keeps_their_fives() -> None:
    """The five-handed dealer throws nothing, so has nothing to toss."""
    for seed in range(40):
        game = tossing(5, seed)
        assert game.dealer not in game.to_move
        assert game.legal_moves(game.dealer) == []


def test_keeping_a_five_is_refused_and_changes_nothing() -> None:
    deck = stack([1, 0], {1: "5H 5C 9S 10D JC KH", 0: "AS 2D 3C 4H 6S 7D"}, starter="QS")
    game = tossing(2, first_dealer=0, deck=deck)
    before = [game.view(s) for s in (0, 1, None)]
    with pytest.raises(IllegalMoveError, match=r"in Toss Fives your fives go to the crib: throw 5C 5H"):
        game.apply(1, "discard 5H KH")
    assert [game.view(s) for s in (0, 1, None)] == before
    game.apply(1, "discard 5H 5C")  # the dealer's crib takes the pone's fives
    three = stack([1, 0], {1: "5H 5C 5S 10D JC KH", 0: "AS 2D 3C 4H 6S 7D"}, starter="QS")
    game = tossing(2, first_dealer=0, deck=three)
    with pytest.raises(IllegalMoveError, match=r"throw 2 of 5C 5H 5S"):
        game.apply(1, "discard 5H KH")
    game.apply(1, "discard 5S 5C")  # two of the three go; the third is kept


def test_ten_hand_is_refused() -> None:
    with pytest.raises(OptionError, match="six-card and five-card deals"):
        new_game("cribbage", players=2, variant="ten-hand", toss_fives=True)


@pytest.mark.parametrize("bot", ["random", "novice", "greedy", "club", "quick", "expert"])
@pytest.mark.parametrize("players", [2, 3])
def test_every_bot_tosses_its_fives(bot: str, players: int) -> None:
    for seed in range(3):
        game = tossing(players, seed, target=61)
        bots = [make_bot("cribbage", bot, seed * 10 + s) for s in range(players)]
        while game.result is None:
            (seat, *_) = sorted(game.to_move)
            view = game.view(seat)
            move = bots[seat].choose(view)
            if isinstance(move, Discard):
                hand = list(game.hand[seat])
                assert rule_allows(hand, move.cards), (bot, format_cards(hand), move)
            game.apply(seat, move)


def test_the_expert_throw_is_the_best_the_rule_allows() -> None:
    """Among the throws that toss the five, the expert's (away from the end of the game) has the
    most exact expected hand (the plain scorer over the 46 starters) plus the crib the tables
    expect, and plus what the kept hand pegs; the best throw overall keeps the five."""
    deck = stack([1, 0], {1: "5H 10C JD QS KH 4C", 0: "AS 2D 3C 6H 8S 9D"}, starter="7S")
    game = tossing(2, first_dealer=0, deck=deck)
    seat = read(game.view(1))
    tables = shipped_tables()
    hand = seat.hand
    starters = [c for c in STANDARD_CARDS if c not in hand]

    def value(thrown: tuple[Card, ...]) -> float:
        kept = tuple(c for c in hand if c not in thrown)
        mean = sum(itemise_show(kept, s).total for s in starters) / len(starters)
        return mean - tables.expected("2", 1, thrown)

    throws = list(itertools.combinations(hand, 2))
    legal = [t for t in throws if rule_allows(list(hand), t)]
    best_free = max(throws, key=value)
    assert any(c.rank == 5 for c in hand if c not in best_free)  # the rule does bind here
    allowed = frozenset(frozenset(t) for t in legal)
    chosen = best_throw(hand, 2, lambda thrown, _: -tables.expected("2", 1, thrown), allowed)
    assert value(chosen) == pytest.approx(max(value(t) for t in legal))
    expert = make_bot("cribbage", "expert", 0).choose(game.view(1))
    assert isinstance(expert, Discard) and rule_allows(list(hand), expert.cards)


def test_hints_and_reviews_weigh_only_the_throws_allowed() -> None:
    deck = stack([1, 0], {1: "5H 10C JD QS KH 4C", 0: "AS 2D 3C 6H 8S 9D"}, starter="7S")
    game = tossing(2, first_dealer=0, deck=deck)
    view = game.view(1)
    advice = advise(view, parse_move("discard 5H 4C"))
    assert advice is not None and advice.details
    for line in advice.details:  # "keep 10C JD QS KH: hand ..."
        assert "5H" not in line.split(":")[0]
    judged = judge({"players": 2}, [1])
    decision = judged(game, 1, parse_move("discard 5H 4C"), 0)
    assert decision is not None and decision.kind == "discard"
    assert set(decision.values) == set(view["legal_moves"])  # every throw kept a five is left out
    assert len(decision.values) == 5
