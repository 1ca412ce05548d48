"""Five-handed cribbage (docs/rules/cribbage.md): the dealer is dealt four and throws none, the
four others five each and throw one, play and the show go round from the dealer's left."""

from __future__ import annotations

import json

import pytest

from muggins import new_game
from muggins.cards import STANDARD_CARDS, parse_cards
from muggins.games.cribbage.game import Cribbage
from muggins.games.errors import NotYourTurnError, OptionError
from muggins.games.events import Dealt
from muggins.scoring.show import itemise_show

HANDS = {
    1: "AH 2H 3H 4H KS",
    2: "5C 5D 6C 7C QS",
    3: "8D 9D 10D JD QD",
    4: "2S 3S 4S 9S KD",
    0: "6H 7H 8H 9H",
}
THROWS = {1: "KS", 2: "QS", 3: "QD", 4: "KD"}


def five_deck(hands: dict[int, str], starter: str) -> list[str]:
    """A deck in dealing order, the dealer (seat 0) last in each round and missed in the fifth."""
    cards = {seat: [str(c) for c in parse_cards(text)] for seat, text in hands.items()}
    deck = [cards[seat][r] for r in range(5) for seat in (1, 2, 3, 4, 0) if r < len(cards[seat])]
    deck.append(starter)
    return deck + [str(c) for c in STANDARD_CARDS if str(c) not in deck]


def five(**options: object) -> Cribbage:
    game = new_game(
        "cribbage",
        players=5,
        first_dealer=0,
        deck=five_deck(HANDS, "5S"),
        **options,  # type: ignore[arg-type]
    )
    assert isinstance(game, Cribbage)
    return game


def test_the_dealer_is_dealt_four_and_the_others_five_in_dealing_order() -> None:
    game = five()
    dealt = {e.player: (e.count, e.cards) for e in game.events if isinstance(e, Dealt)}
    for seat, text in HANDS.items():
        cards = tuple(parse_cards(text))
        assert dealt[seat] == (len(cards), tuple(sorted(cards, key=lambda c: (c.rank, int(c.suit or 0)))))
    assert game.to_move == {1, 2, 3, 4}  # the dealer has nothing to throw
    assert game.legal_moves(0) == []
    assert game.view(0)["hand_sizes"] == [4, 5, 5, 5, 5]


def test_the_dealer_cannot_discard_and_nothing_changes() -> None:
    game = five()
    before = json.dumps([game.view(s) for s in (None, 0, 1, 2, 3, 4)])
    with pytest.raises(NotYourTurnError, match="dealer's four cards are their hand"):
        game.apply(0, "discard 6H")
    assert json.dumps([game.view(s) for s in (None, 0, 1, 2, 3, 4)]) == before


def test_a_hand_of_five_plays_and_shows_round_from_the_dealers_left() -> None:
    game = five(post_show=True)
    for seat, card in THROWS.items():
        game.apply(seat, f"discard {card}")
    view = game.view(None)
    assert view["phase"] == "play" and game.to_move == {1}  # the dealer's left leads
    led: list[int] = []
    while view["phase"] == "play":
        (seat,) = game.to_move
        if not led:
            led.append(seat)
        game.apply(seat, game.legal_moves(seat)[0])
        view = game.view(None)
    assert led == [1]
    shows = [(s["player"], s["what"], s["cards"], s["score"]["total"]) for s in view["shows"]]
    assert [(p, what) for p, what, _, _ in shows] == [
        (1, "hand"),
        (2, "hand"),
        (3, "hand"),
        (4, "hand"),
        (0, "hand"),
        (0, "crib"),
    ]
    # By hand: the dealer's 6H 7H 8H 9H with the 5S is a run of five (5), 6+9 and 7+8 (4) and a
    # four-card hand flush (4): 13. The crib KS QS QD KD with the 5S: four fifteens (8) and two
    # pairs (4): 12.
    assert shows[4][2:] == (["6H", "7H", "8H", "9H"], 13)
    assert sorted(shows[5][2]) == sorted(["KS", "QS", "QD", "KD"]) and shows[5][3] == 12
    starter = parse_cards("5S")[0]
    for _, what, cards, total in shows[:4]:
        assert what == "hand" and total == itemise_show(parse_cards(" ".join(cards)), starter).total


def test_the_deal_passes_and_the_next_dealer_is_the_one_dealt_four() -> None:
    game = new_game("cribbage", players=5, first_dealer=0, seed=11, post_show=False)
    assert isinstance(game, Cribbage)
    for dealer in (0, 1, 2):
        assert game.dealer == dealer
        assert [len(game.hand[s]) for s in range(5)] == [4 if s == dealer else 5 for s in range(5)]
        assert game.to_move == {s for s in range(5) if s != dealer}
        hand = game.hand_number
        while game.hand_number == hand and game.result is None:
            seat = min(game.to_move)
            game.apply(seat, game.legal_moves(seat)[0])


def test_when_one_of_five_leaves_the_four_left_play_the_four_player_deal() -> None:
    game = five()
    game.apply(2, "leave")
    assert game.result is None and game.seating.active == [0, 1, 3, 4]
    sizes = [len(game.hand[s]) for s in (0, 1, 3, 4)]
    assert sizes == [5, 5, 5, 5]
    assert game.to_move == {0, 1, 3, 4}  # all four throw one now


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"variant": "ten-hand"}, "ten-hand cribbage is for two to four players, not 5"),
        ({"variant": "five-card"}, "five-card cribbage is for two players, not 5"),
        ({"partnerships": True}, "partnerships need four players, not 5"),
    ],
)
def test_forms_that_do_not_seat_five_are_refused(options: dict[str, object], match: str) -> None:
    with pytest.raises(OptionError, match=match):
        new_game("cribbage", players=5, **options)  # type: ignore[arg-type]
