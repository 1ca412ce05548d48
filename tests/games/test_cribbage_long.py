"""Seven- and eight-card cribbage (docs/rules/cribbage.md): two players dealt seven or eight, two
each to the crib, hands of five or six played out through as many counts as they take and shown
with the starter; seven-card to 181, eight-card to 121."""

from __future__ import annotations

import json
import random

import pytest

from muggins import new_game
from muggins.cards import parse_cards
from muggins.games.cribbage.game import SOURCE_WORDS, Cribbage
from muggins.games.errors import IllegalMoveError, OptionError
from muggins.games.events import Dealt, Scored
from muggins.scoring.show import itemise_show
from muggins.scoring.sources import SourceError, parse_source
from tests.games.test_cribbage import play, stack

# Seven-card, dealer 0, the pone (1) leads. Worked by hand:
# pegging: 9C, 6H (fifteen: 2 to seat 0), 8D, 7S (30, the run 6-7-8-9: 4 to seat 0), AC (31: 2 to
# seat 1); seat 0 leads the next count: 10D, 4S, 5C, 2H, 3D (the run 2-3-4-5: 4 to seat 0); both are
# out of cards: the last card, 1 to seat 0. Seat 0 pegs 11, seat 1 pegs 2.
# show, starter 2S: seat 1 9C 8D 4S 2H AC: fifteens 9+4+2 twice, 8+4+2+A twice (8), the pair of twos
# (2): 10. Seat 0 10D 7S 6H 5C 3D: fifteens 10+5, 10+3+2, 7+6+2, 7+5+3 (8), run 5-6-7 (3): 11.
# Crib KH QS JC KD: pair of kings (2), double run J-Q-K (6): 8. Seat 0 11 + 11 + 8 = 30, seat 1 12.
SEVEN = stack([1, 0], {1: "KH QS 9C 8D 4S 2H AC", 0: "JC KD 10D 7S 6H 5C 3D"}, starter="2S")
SEVEN_DISCARDS = [(1, "discard KH QS"), (0, "discard JC KD")]
SEVEN_PLAY = [(1, "play 9C"), (0, "play 6H"), (1, "play 8D"), (0, "play 7S"), (1, "play AC")]
SEVEN_PLAY += [(0, "play 10D"), (1, "play 4S"), (0, "play 5C"), (1, "play 2H"), (0, "play 3D")]


def long_game(variant: str, **options: object) -> Cribbage:
    game = new_game("cribbage", players=2, first_dealer=0, variant=variant, **options)  # type: ignore[arg-type]
    assert isinstance(game, Cribbage)
    return game


@pytest.mark.parametrize(
    ("variant", "dealt", "kept", "target"), [("seven-card", 7, 5, 181), ("eight-card", 8, 6, 121)]
)
def test_each_is_dealt_its_cards_throws_two_and_plays_to_its_target(
    variant: str, dealt: int, kept: int, target: int
) -> None:
    game = long_game(variant, seed=3)
    assert [e.count for e in game.events if isinstance(e, Dealt)] == [dealt, dealt]
    view = game.view(1)
    assert view["target"] == target and view["hand_sizes"] == [dealt, dealt]
    assert all(len(str(move).split()) == 3 for move in game.legal_moves(1))  # "discard" and two cards
    for seat in (1, 0):
        game.apply(seat, game.legal_moves(seat)[0])
    assert game.view(None)["hand_sizes"] == [kept, kept] and game.view(None)["crib_size"] == 4


def test_a_seven_card_hand_plays_through_its_counts_and_shows_five_cards_with_the_starter() -> None:
    game = long_game("seven-card", deck=SEVEN, post_show=True)
    play(game, SEVEN_DISCARDS)
    play(game, SEVEN_PLAY[:5])
    assert game.view(None)["count"] == 0  # 31 reset the count
    play(game, SEVEN_PLAY[5:])
    pegged = {0: 0, 1: 0}
    for event in game.events:
        if isinstance(event, Scored) and event.reason == "pegging":
            pegged[event.player] += event.points
    assert pegged == {0: 11, 1: 2}
    shows = [(s["player"], s["what"], len(s["cards"]), s["score"]["total"]) for s in game.view(None)["shows"]]
    assert shows == [(1, "hand", 5, 10), (0, "hand", 5, 11), (0, "crib", 4, 8)]
    assert game.scores == (30, 12)


def test_a_throw_of_other_than_two_is_refused_and_changes_nothing() -> None:
    game = long_game("seven-card", deck=SEVEN)
    before = json.dumps([game.view(s) for s in (None, 0, 1)])
    for move in ("discard KH", "discard KH QS 9C"):
        with pytest.raises(IllegalMoveError):
            game.apply(1, move)
    assert json.dumps([game.view(s) for s in (None, 0, 1)]) == before


@pytest.mark.parametrize("variant", ["seven-card", "eight-card"])
@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"players": 3}, "for two players, not 3"),
        ({"players": 4, "partnerships": True}, "for two players, not 4"),
        ({"players": 2, "auction": True}, "six-card deal"),
    ],
)
def test_other_seatings_and_auction_are_refused(variant: str, options: dict[str, object], match: str) -> None:
    with pytest.raises(OptionError, match=match):
        new_game("cribbage", variant=variant, **options)  # type: ignore[arg-type]


def test_a_claim_runs_to_the_most_a_hand_of_five_can_make_and_no_further() -> None:
    game = long_game("seven-card", deck=SEVEN, counting="manual", post_show=True)
    play(game, SEVEN_DISCARDS + SEVEN_PLAY)
    claims = [str(move) for move in game.legal_moves(1) if str(move).startswith("claim")]
    assert claims[-1] == "claim 46"
    before = json.dumps([game.view(s) for s in (None, 0, 1)])
    with pytest.raises(IllegalMoveError, match="46"):
        game.apply(1, "claim 47")
    assert json.dumps([game.view(s) for s in (None, 0, 1)]) == before
    game.apply(1, "claim 10")
    assert game.scores[1] == 12


@pytest.mark.parametrize("variant", ["seven-card", "eight-card"])
@pytest.mark.parametrize("options", [{}, {"lowball": True}, {"toss_fives": True}])
def test_random_games_end_with_every_show_counted_as_the_itemised_scorer_counts(
    variant: str, options: dict[str, object]
) -> None:
    rng = random.Random(f"{variant}{options}")
    game = long_game(variant, seed=rng.randrange(1000), **options)
    while game.result is None:
        (seat, *_) = sorted(game.to_move)
        game.apply(seat, rng.choice(game.legal_moves(seat)))
    for show in game.view(None)["shows"]:
        cards = parse_cards(" ".join(show["cards"]))
        starter = parse_cards(game.view(None)["starter"])[0]
        assert show["score"]["total"] == itemise_show(cards, starter, show["what"] == "crib").total


@pytest.mark.parametrize(
    "source",
    [
        "fifteen AH AD 2C 2D 3S 3H 3D",
        "run 2C 3D 4H 5S 6C 7D 8H",
        "flush 2H 4H 6H 8H 10H QH KH",
        "flush 2H 4H 6H",
    ],
)
def test_a_muggins_call_may_name_the_items_of_the_longest_shows(source: str) -> None:
    """Seven cards shown make fifteens, runs and flushes of up to seven; five-card's hand of three a
    flush of three."""
    (item,) = parse_source(source, SOURCE_WORDS)
    assert len(item.cards) == len(source.split()) - 1


@pytest.mark.parametrize("source", ["flush 2H 4H", "run 2C 3D", "fifteen 5H"])
def test_a_muggins_call_naming_too_few_cards_is_refused(source: str) -> None:
    with pytest.raises(SourceError, match="names"):
        parse_source(source, SOURCE_WORDS)


def test_seven_card_skunk_lines_stand_30_60_and_90_below_its_181() -> None:
    assert long_game("seven-card").options.skunk_lines == (151, 121, 91)
    assert long_game("eight-card").options.skunk_lines == (91, 61, 31)
