"""Wild jokers at the cribbage table (docs/rules/cribbage.md, "Wild jokers"): the two jokers join
the pack; one laid in the play is called as any card that keeps the count to 31 and counts as it
there and in its holder's show; a joker turned up gives the dealer his heels and, like a joker in
the crib, is called for the most at each show."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from collections.abc import Sequence

import numpy as np
import pytest

from muggins import new_game
from muggins.cards import ALL_CARDS, Card, parse_card, parse_cards
from muggins.games.cribbage.events import DealerCut
from muggins.games.cribbage.game import WILD_CLAIM, Cribbage
from muggins.games.cribbage.quick import takes
from muggins.games.errors import IllegalMoveError, MoveSyntaxError, OptionError
from muggins.games.events import Dealt, Scored
from muggins.games.moves import parse_move
from muggins.scoring.cribbage.pegging import peg
from muggins.scoring.ranks import rank_points
from muggins.scoring.wild import wild_points

# Dealer 0, the pone (1) leads; the starter is the black joker: the dealer's heels, 2.
# Play: 5H, 5S (pair: 2 to seat 0), 5D (fifteen 2 and pair royal 6: 8 to seat 1), 5C (double pair
# royal: 12 to seat 0), the red joker called 5C (a card already laid: five of a kind, 20 to seat 1),
# 3H (28), seat 1 cannot lay 10S (go), 2C (30), seat 0 is out: the go, 1 to seat 0; 10S is the last
# card, 1 to seat 1. Pegged: seat 0 15, seat 1 29.
# Show, the starter called for each show's most: seat 1 5D 5H 10S JKR(=5C) + JKB as a five: fifteens
# 5+10 four times and 5+5+5 four times (16), double pair royal (12): 28. Seat 0 2C 3H 5C 5S + JKB as a
# five: 5+5+5 and 5+5+2+3 three times (8), pair royal (6): 14. Crib 9H KC 7C QD + JKB as an eight:
# 7+8 (2), run 7-8-9 (3): 5. Seat 1 29 + 28 = 57; seat 0 2 + 15 + 14 + 5 = 36.
HANDS = {1: "JKR 5H 5D 10S 9H KC", 0: "5S 5C 2C 3H 7C QD"}
DISCARDS = [(1, "discard 9H KC"), (0, "discard 7C QD")]
PLAY = [(1, "play 5H"), (0, "play 5S"), (1, "play 5D"), (0, "play 5C"), (1, "joker JKR as 5C")]
PLAY += [(0, "play 3H"), (0, "play 2C"), (1, "play 10S")]


def stacked(hands: dict[int, str], starter: str, pack: Sequence[Card] = ALL_CARDS) -> list[str]:
    """A deck of ``pack`` (the 54 unless given) in dealing order: a card at a time to seats 1 and 0,
    the starter, the rest."""
    cards = {seat: parse_cards(text) for seat, text in hands.items()}
    deck = [str(cards[seat][i]) for i in range(6) for seat in (1, 0)] + [starter]
    return deck + [str(c) for c in pack if str(c) not in deck]


def wild_game(**options: object) -> Cribbage:
    options = {"first_dealer": 0, **options}
    game = new_game("cribbage", players=2, jokers=True, **options)  # type: ignore[arg-type]
    assert isinstance(game, Cribbage)
    return game


def test_a_hand_with_two_jokers_pegs_five_of_a_kind_and_calls_each_show_for_its_most() -> None:
    game = wild_game(deck=stacked(HANDS, "JKB"))
    for seat, move in DISCARDS + PLAY:
        game.apply(seat, move)
    scored = [(e.player, e.reason, e.points) for e in game.events if isinstance(e, Scored)]
    assert scored[0] == (0, "his heels", 2)
    pegged = {0: 0, 1: 0}
    for seat, reason, points in scored:
        if reason == "pegging":
            pegged[seat] += points
    assert pegged == {0: 15, 1: 29}
    assert (1, "pegging", 20) in scored
    shows = [(s["player"], s["what"], s["score"]["total"], s["called"]) for s in game.view(None)["shows"]]
    assert shows == [
        (1, "hand", 28, ["JKR=5C", "JKB=5C"]),
        (0, "hand", 14, ["JKB=5C"]),
        (0, "crib", 5, ["JKB=8C"]),
    ]
    assert game.scores == (36, 57)


def test_a_call_is_never_written_as_the_bare_card() -> None:
    """The 5C is seat 0's own card: the joker called 5C is written JKR=5C on the pile, in the event
    and in the show, and its items name the joker."""
    game = wild_game(deck=stacked(HANDS, "JKB"))
    for seat, move in DISCARDS + PLAY[:4]:
        game.apply(seat, move)
    events = game.apply(1, "joker JKR 5C")
    assert game.view(0)["pile"][-1] == [1, "JKR=5C"]
    assert game.view(0)["jokers_called"] == ["JKR=5C"]
    played, five_of_a_kind = events[0].to_dict(), events[1].to_dict()
    assert played["card"] == "JKR" and played["call"] == "JKR=5C" and played["count"] == 25
    assert five_of_a_kind["score"]["items"][0]["kind"] == "five of a kind"
    assert five_of_a_kind["score"]["items"][0]["cards"] == ["5H", "5S", "5D", "5C", "JKR"]
    for seat, move in PLAY[5:]:
        game.apply(seat, move)
    shown = next(s for s in game.view(None)["shows"] if s["player"] == 1)
    assert "5C" not in json.dumps(shown["score"]) and "JKR" in json.dumps(shown["score"])


def test_a_held_joker_can_be_called_as_any_card_that_fits_and_is_never_laid_bare() -> None:
    game = wild_game(deck=stacked(HANDS, "JKB"))
    for seat, move in DISCARDS:
        game.apply(seat, move)
    moves = [str(m) for m in game.legal_moves(1)]
    assert "play JKR" not in moves
    assert len([m for m in moves if m.startswith("joker JKR=")]) == 52  # the count is 0: every card
    assert {"play 5H", "play 5D", "play 10S"} <= set(moves)
    for seat, move in [*PLAY[:4], (1, "play 10S")]:  # 30: seat 0 cannot lay 3H or 2C, and goes
        game.apply(seat, move)
    assert game.to_move == {1}
    assert [str(m) for m in game.legal_moves(1)] == [
        "joker JKR=AC",
        "joker JKR=AD",
        "joker JKR=AH",
        "joker JKR=AS",
    ]


@pytest.mark.parametrize(
    ("move", "match"),
    [
        ("play JKR", "a joker is laid with the card it is called"),
        ("joker JKR 2C", "from 30 past 31; call the joker as a card worth 1 or less"),
        ("joker JKB 5S", "JKB is not in your hand"),
    ],
)
def test_a_bad_joker_move_is_refused_naming_the_fault_and_changes_nothing(move: str, match: str) -> None:
    game = wild_game(deck=stacked(HANDS, "JKB"))
    for seat, made in [*DISCARDS, *PLAY[:4], (1, "play 10S")]:  # the count is 30
        game.apply(seat, made)
    before = json.dumps([game.view(s) for s in (None, 0, 1)])
    with pytest.raises(IllegalMoveError, match=match):
        game.apply(1, move)
    assert json.dumps([game.view(s) for s in (None, 0, 1)]) == before


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("joker 5H 5D", "5H is not a joker"),
        ("joker JKR JKB", "not JKB"),
        ("joker JKR", "a joker and the card it is called"),
        ("joker JKR to 5H", "a joker and the card it is called"),
        ("joker JKR=1H", "bad card '1H'"),
    ],
)
def test_a_malformed_joker_move_names_what_was_wrong(text: str, match: str) -> None:
    with pytest.raises(MoveSyntaxError, match=match):
        parse_move(text)


def test_the_three_ways_of_writing_a_call_read_as_one_move() -> None:
    moves = {parse_move(text) for text in ("joker JKR=5H", "joker jkr 5h", "JOKER JKR as 5H")}
    assert len(moves) == 1 and str(moves.pop()) == "joker JKR=5H"


def test_a_table_without_jokers_refuses_a_joker_move() -> None:
    game = new_game("cribbage", players=2, first_dealer=0, seed=1)
    for seat in (1, 0):
        game.apply(seat, game.legal_moves(seat)[0])
    seat = next(iter(game.to_move))
    with pytest.raises(IllegalMoveError, match="jokers are not dealt at this table"):
        game.apply(seat, "joker JKR=5H")


def test_pegging_five_and_six_of_a_kind_score_a_pair_for_every_two() -> None:
    fives = list(parse_cards("5H 5S 5D 5C"))
    for extra, points in ((1, 20), (2, 30)):
        pile = fives + fives[:extra]  # the calls repeat cards laid
        score = peg(pile, 5 * len(pile))
        sets = [item for item in score.items if item.kind.value.endswith("of a kind")]
        assert sets[0].points == points == len(pile) * (len(pile) - 1)
    aces = list(parse_cards("AH AS AD AC AH AS", distinct=False))
    assert peg(aces, 6).total == 30


def test_the_cut_for_first_deal_is_made_from_the_52() -> None:
    cut = [card for seed in range(60) for e in wild_game(seed=seed, first_dealer="cut").events
           if isinstance(e, DealerCut) for _, card in e.cuts]  # fmt: skip
    assert len(cut) >= 120 and not any(card.is_joker for card in cut)


def test_the_pack_holds_both_jokers_and_the_quick_path_declines_the_table() -> None:
    seen: set[str] = set()
    for seed in range(40):
        game = wild_game(seed=seed)
        assert not takes(game)
        for event in game.events:
            if isinstance(event, Dealt):
                seen.update(str(card) for card in event.cards or ())
    assert {"JKB", "JKR"} <= seen


def test_under_manual_counting_a_claim_is_judged_on_the_calls_and_muggins_may_name_a_joker() -> None:
    """Seat 1's hand makes 28 with the starter joker called a five; it claims 20, seat 0 calls a
    fifteen of the ten and the joker laid as 5C. The calls are told only when the show is judged."""
    game = wild_game(deck=stacked(HANDS, "JKB"), counting="manual", muggins=True)
    for seat, move in DISCARDS + PLAY:
        game.apply(seat, move)
    assert game.view(1)["showing"]["most"] == 40
    assert [str(m) for m in game.legal_moves(1)][-1] == "claim 40"
    with pytest.raises(IllegalMoveError, match="claim 0 to 40"):
        game.apply(1, "claim 41")
    events = game.apply(1, "claim 20")
    shown = next(e.to_dict() for e in events if e.type == "shown")
    assert shown["jokers"] == [] and shown["score"] is None
    assert game.view(0)["shows"][0]["called"] == []
    events = game.apply(0, "muggins 2 fifteen 10S JKR")
    judged = next(e.to_dict() for e in events if e.type == "show_judged")
    assert judged["score"]["total"] == 28 and judged["jokers"] == ["JKR=5C", "JKB=5C"]
    assert judged["calls"] == [[0, "muggins 2 fifteen 10S JKR", 2, ""]]
    assert game.view(None)["shows"][0]["called"] == ["JKR=5C", "JKB=5C"]


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"lowball": True}, "Lowball"),
        ({"variant": "ten-hand"}, "ten-hand"),
        ({"auction": True}, "Auction"),
    ],
)
def test_jokers_refuse_the_forms_they_do_not_take(options: dict[str, object], match: str) -> None:
    with pytest.raises(OptionError, match=match):
        wild_game(**options)


def most_with_jokers(held: int) -> int:
    """The most a show of ``held`` cards and the starter makes with two wild jokers, by the rules
    alone: over every multiset of ranks (a rank at most four times and twice more for the jokers),
    fifteens, pairs and runs by ``rank_points``; then, for the multisets a flush and nobs could lift
    to the best, every way of giving the cards suits (the first card's fixed: suits are alike) with
    at most two cards repeated (a joker may be called as a card already there), each card in turn
    the starter: a flush of the hand (``held`` cards, one more with the starter's suit) and a jack of
    the starter's suit in the hand."""
    cards = held + 1
    ranks = [r for r in itertools.combinations_with_replacement(range(13), cards)
             if sum(max(0, n - 4) for n in Counter(r).values()) <= 2]  # fmt: skip
    points = rank_points(np.array(ranks, dtype=np.int8))
    best = int(points.max())
    for rank, base in zip(ranks, points.tolist(), strict=True):
        if base + held + 2 <= best:
            continue
        for suits in itertools.product(range(4), repeat=held):
            dealt = list(zip(rank, (0, *suits), strict=True))
            if cards - len(set(dealt)) > 2:
                continue
            for s, starter in enumerate(dealt):
                hand = dealt[:s] + dealt[s + 1 :]
                flush = held + (starter[1] == hand[0][1]) if len({suit for _, suit in hand}) == 1 else 0
                nobs = any(card == (10, starter[1]) for card in hand)
                best = max(best, base + flush + nobs)
    return best


@pytest.mark.parametrize(("held", "most"), [(3, 23), (4, 40), (5, 70), (6, 83)])
def test_claims_with_jokers_run_to_the_most_a_show_can_make(held: int, most: int) -> None:
    """The game's ``WILD_CLAIM`` by cards held is the most the search finds, and the wild count
    makes it of the hands the bound's docstring names."""
    assert most_with_jokers(held) == WILD_CLAIM[held] == most
    examples = {
        3: ("5C JKR JKB", "5D"),
        4: ("5C 5D 5S JKR", "JKB"),
        5: ("5C 5D 5S 5H JKR", "JKB"),
        6: ("5C JKR 5D 5S 5H JC", "JKB"),
    }
    hand, starter = examples[held]
    assert wild_points(parse_cards(hand), parse_card(starter), False) == most
