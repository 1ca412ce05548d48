"""Skalborg's rules, options and rulings, with stacked decks; and the protocol conformance suite."""

from __future__ import annotations

import functools
import io
import itertools
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console

from muggins.cards import ALL_CARDS, parse_cards
from muggins.cli.games.skalborg.table import render
from muggins.games.errors import IllegalMoveError, MoveSyntaxError, OptionError
from muggins.games.moves import Discard, parse_move
from muggins.games.registry import new_game
from muggins.games.skalborg import betting
from muggins.games.skalborg.game import MAX_CLAIMS, THROWS, Skalborg
from muggins.games.skalborg.moves import Bet, Raise
from muggins.games.skalborg.pots import side_pots, split_pot
from muggins.scoring.skalborg.hand import score_skalborg, score_so_far
from tests.games.conformance import check_count_hidden, check_counting_unhinted, check_random_game, seven_more


def deck(hands: list[str], burn: str = "", top_up: str = "") -> list[str]:
    """A deck dealing ``hands`` (five cards each, in dealing order: dealer's left first, dealer last),
    then the burn card and the crib's top-up cards; the engine completes the pack."""
    cards = [hand.split() for hand in hands]
    order = [cards[i][k] for k in range(5) for i in range(len(cards))]
    return order + burn.split() + top_up.split()


def game(
    players: int, hands: list[str] | None = None, burn: str = "", top_up: str = "", **options: Any
) -> Skalborg:
    """A game with dealer 0 and, given ``hands``, that deal (every later deal repeats it)."""
    options.setdefault("first_dealer", 0)
    stacked = [deck(hands, burn, top_up)] * 4 if hands else None
    made = new_game("skalborg", players=players, seed=7, deck=stacked, **options)
    assert isinstance(made, Skalborg)
    return made


def play(g: Skalborg, *moves: str) -> None:
    """Apply moves written as 'seat move', e.g. '1 discard 5H'."""
    for text in moves:
        seat, move = text.split(" ", 1)
        g.apply(int(seat), move)


def events_of(g: Skalborg, kind: str) -> list[dict[str, Any]]:
    return [e.to_dict() for e in g.events if e.type == kind]


# Heads-up, dealer 0: seat 1 (pone) is dealt first. Seat 0 holds the seed's example hand.
HEADS_UP = ["AC 2D 9S KC 7H", "5S 5H 3S JKB 6D"]
HEADS_UP_BOARD = "QH JH"


def heads_up(**options: Any) -> Skalborg:
    g = game(2, HEADS_UP, "4C", HEADS_UP_BOARD, **options)
    play(g, "1 discard 7H", "0 discard 6D")
    return g


# --- the deal ---------------------------------------------------------------------------


def test_deal_five_each_from_the_dealers_left() -> None:
    g = game(3, ["AC AD AH AS 2C", "3C 3D 3H 3S 4C", "5C 5D 5H 5S 6C"])
    assert g.view(1)["cards"] == ["AC", "AD", "AH", "AS", "2C"]
    assert g.view(2)["cards"] == ["3C", "3D", "3H", "3S", "4C"]
    assert g.view(0)["cards"] == ["5C", "5D", "5H", "5S", "6C"]
    assert g.view(None)["cards"] == []
    assert g.to_move == {0, 1, 2}


@pytest.mark.parametrize(("players", "pack_cards"), [(2, ["QH", "JH"]), (3, ["QH"]), (4, [])])
def test_crib_is_the_throws_topped_up_to_four_after_a_burn(players: int, pack_cards: list[str]) -> None:
    hands = ["AC 2C 3C 4C 5C", "AD 2D 3D 4D 5D", "AH 2H 3H 4H 5H", "AS 2S 3S 4S 5S"][:players]
    g = game(players, hands, "KS", "QH JH", blinds="equal")
    for seat in range(players):
        g.apply(seat, "discard " + hands[(seat - 1) % players].split()[4])
    throws = [h.split()[4] for h in hands]
    while g.phase != "hand_over":
        g.apply(next(iter(g.to_move)), "check")
    assert sorted(g.view(None)["board"]) == sorted(throws + pack_cards)


def test_throw_rules_and_the_thrown_card_is_private() -> None:
    g = game(2, HEADS_UP, "4C", HEADS_UP_BOARD)
    with pytest.raises(IllegalMoveError, match="you do not hold 6D"):
        g.apply(1, "discard 6D")
    with pytest.raises(IllegalMoveError, match="exactly one card"):
        g.apply(1, "discard 7H AC")
    with pytest.raises(IllegalMoveError, match="throw one card"):
        g.apply(1, "check")
    g.apply(1, "discard 7H")
    assert g.view(1)["thrown"] == "7H" and g.view(1)["cards"] == ["AC", "2D", "9S", "KC"]
    assert g.view(0)["thrown"] is None and g.view(0)["thrown_by"] == [1]
    assert [e.for_viewer(0).to_dict()["card"] for e in g.events if e.type == "thrown"] == [None]


def test_main_order_turns_two_one_one_of_the_shuffled_crib() -> None:
    g = heads_up()
    play(g, "0 call", "1 check")
    assert len(g.view(0)["board"]) == 2
    play(g, "1 check", "0 check")
    assert len(g.view(0)["board"]) == 3
    play(g, "1 check", "0 check")
    assert sorted(g.view(0)["board"]) == sorted(["6D", "7H", "QH", "JH"])
    again = heads_up()
    play(again, "0 call", "1 check", "1 check", "0 check", "1 check", "0 check")
    assert again.view(0)["board"] == g.view(0)["board"], "the crib shuffle comes from the seed"


def test_recap_order_turns_the_pack_cards_then_the_throws_pone_first() -> None:
    g = heads_up(reveal_order="recap")
    play(g, "0 call", "1 check")
    assert g.view(0)["board"] == ["QH", "JH"]
    play(g, "1 check", "0 check")
    assert g.view(0)["board"][2] == "7H"
    play(g, "1 check", "0 check")
    assert g.view(0)["board"][3] == "6D"


def test_recap_order_is_for_two_players_only() -> None:
    with pytest.raises(OptionError, match="recap"):
        game(3, reveal_order="recap")


# --- blinds and the order of betting ----------------------------------------------------


def posted(g: Skalborg) -> dict[int, int]:
    return {int(e["player"]): int(e["amount"]) for e in events_of(g, "blind")}


@pytest.mark.parametrize(
    ("players", "blinds", "posts", "first"),
    [
        (2, "small-big", {0: 1, 1: 2}, 0),
        (2, "equal", {0: 2, 1: 2}, 0),
        (2, "non-dealer", {1: 2}, 0),
        (3, "small-big", {1: 1, 2: 2}, 0),
        (3, "equal", {0: 2, 1: 2, 2: 2}, 2),
        (3, "non-dealer", {1: 2}, 2),
        (4, "small-big", {1: 1, 2: 2}, 3),
        (4, "non-dealer", {1: 2}, 2),
    ],
)
def test_blinds_and_who_acts_first_before_the_flop(
    players: int, blinds: str, posts: dict[int, int], first: int
) -> None:
    g = game(players, blinds=blinds)
    assert posted(g) == posts
    for seat in range(players):
        g.apply(seat, g.legal_moves(seat)[0])
    assert g.to_move == {first}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_after_the_flop_the_dealers_left_acts_first(players: int) -> None:
    g = game(players, blinds="equal")
    for seat in range(players):
        g.apply(seat, g.legal_moves(seat)[0])
    while g.phase == "preflop":
        g.apply(next(iter(g.to_move)), "check")
    assert g.phase == "flop" and g.to_move == {1}


def test_the_dealer_must_call_or_raise_the_blind() -> None:
    g = heads_up()
    assert [str(m) for m in g.legal_moves(0)] == ["call", "raise 4", "raise 6", "allin"]
    with pytest.raises(IllegalMoveError, match="nobody may fold to the blinds"):
        g.apply(0, "fold")
    play(g, "0 raise 6")
    assert "fold" in [str(m) for m in g.legal_moves(1)]


def test_nobody_folds_to_the_blind_alone_with_more_players() -> None:
    g = game(3)
    for seat in range(3):
        g.apply(seat, g.legal_moves(seat)[0])
    with pytest.raises(IllegalMoveError, match="fold to the blinds"):
        g.apply(0, "fold")
    play(g, "0 raise 8")
    play(g, "1 fold")
    assert g.view(None)["folded"] == [1]


def test_blinds_rise_on_the_schedule() -> None:
    g = game(2, blind_schedule=[{"hand": 2, "small_blind": 5, "big_blind": 10}])
    assert (g.small_blind, g.big_blind) == (1, 2)
    play(
        g, f"0 {g.legal_moves(0)[0]}", f"1 {g.legal_moves(1)[0]}", "0 raise 6", "1 fold", "0 ready", "1 ready"
    )
    assert g.hand_number == 2 and g.dealer == 1 and (g.small_blind, g.big_blind) == (5, 10)
    assert [(e["player"], e["amount"]) for e in events_of(g, "blind")][-2:] == [(1, 5), (0, 10)]


# --- bets, raises and limits ------------------------------------------------------------


def test_raise_below_the_minimum_names_it() -> None:
    g = heads_up()
    with pytest.raises(IllegalMoveError, match="the minimum is 4"):
        g.apply(0, "raise 3")
    play(g, "0 raise 10")
    with pytest.raises(IllegalMoveError, match="the minimum is 18"):
        g.apply(1, "raise 17")
    with pytest.raises(IllegalMoveError, match="already a bet"):
        g.apply(1, "bet 20")
    play(g, "1 call")
    with pytest.raises(IllegalMoveError, match="no bet to raise"):
        g.apply(1, "raise 10")
    with pytest.raises(IllegalMoveError, match="minimum is 2"):
        g.apply(1, "bet 1")
    with pytest.raises(IllegalMoveError, match="only 190 in all"):
        g.apply(1, "bet 191")


def test_a_short_all_in_does_not_reopen_the_betting() -> None:
    # Hand 1 leaves seat 1 with 5 chips fewer than seat 2; hand 2 shows the short all-in.
    g = game(3, starting_stack=50)
    for seat in range(3):
        g.apply(seat, g.legal_moves(seat)[0])
    play(g, "0 raise 10", "1 fold", "2 fold", "0 ready", "1 ready", "2 ready")
    assert held(g) == [53, 49, 48] and g.dealer == 1
    for seat in range(3):
        g.apply(seat, g.legal_moves(seat)[0])
    # Dealer 1; seat 2 small blind, seat 0 big blind; seat 1 acts first.
    play(g, "1 raise 40", "2 allin", "0 call")
    assert g.view(1)["legal_moves"] == ["fold", "call"], "48 is not a full raise over 40"
    with pytest.raises(IllegalMoveError, match="nobody has made a full raise"):
        g.apply(1, "allin")


def test_pot_limit_caps_raises_at_the_pot() -> None:
    g = heads_up(betting="pot-limit")
    assert g.view(0)["max_raise_to"] == 6
    with pytest.raises(IllegalMoveError, match="the most allowed is 6"):
        g.apply(0, "raise 7")
    play(g, "0 raise 6", "1 raise 18")
    assert g.view(0)["max_raise_to"] == 18 + 12 + 24


def test_fixed_limit_sizes_and_the_cap() -> None:
    g = heads_up(betting="fixed-limit")
    assert [str(m) for m in g.legal_moves(0)] == ["call", "raise 4"]
    play(g, "0 raise 4", "1 raise 6", "0 raise 8")
    assert [str(m) for m in g.legal_moves(1)] == ["fold", "call"], "four bets cap the round"
    with pytest.raises(IllegalMoveError, match="capped at 4 bets"):
        g.apply(1, "raise 10")
    play(g, "1 call", "1 bet 2", "0 call", "1 bet 4")
    assert g.phase == "turn" and g.view(0)["current_bet"] == 4


# --- showdown, pots and folds -----------------------------------------------------------


def test_showdown_pays_the_better_skalborg_count() -> None:
    g = heads_up()
    play(g, "0 call", "1 check", "1 bet 10", "0 call", "1 check", "0 check", "1 check", "0 check")
    shown = {e["player"]: e["points"] for e in events_of(g, "shown")}
    # The seed's worked example is 31; seat 1's AC 2D 9S KC makes 9+6, 2+6+7 and J Q K: 7.
    assert shown == {0: 31, 1: 7}
    assert g.stacks == [212, 188]
    assert g.view(None)["showdown"][1] == {"player": 0, "cards": ["3S", "5H", "5S", "JKB"], "points": 31}


def test_showdown_counts_a_joker_run_past_the_king_and_a_joker_flush() -> None:
    # Seat 0: Q K JKB A 2 3 loops past the king; seat 1: three hearts, JKR and a heart board card.
    g = game(2, ["4H 9H 6H JKR 10C", "QS KD JKB 2C AS"], "8C", "3D 7C")
    play(g, "1 discard 10C", "0 discard AS", "0 call", "1 check")
    for _ in range(3):
        play(g, "1 check", "0 check")
    shown = {e["player"]: e["score"] for e in events_of(g, "shown")}
    runs0 = [i for i in shown[0]["items"] if i["kind"] == "run"]
    assert any({"QS", "KD", "JKB", "AS", "2C", "3D"} == set(i["cards"]) for i in runs0)
    flush1 = [i for i in shown[1]["items"] if i["kind"] == "flush"]
    assert [sorted(i["cards"]) for i in flush1] == [sorted(["4H", "9H", "6H", "JKR"])]


def test_each_view_says_what_its_own_hand_is_worth_with_the_crib_so_far() -> None:
    dealt = game(2, HEADS_UP, "4C", HEADS_UP_BOARD)
    assert dealt.view(0)["worth"] is None, "before the throw there is no hand of four"
    g = heads_up()
    play(g, "0 call", "1 check")  # the flop: two crib cards up
    worth = []
    for street in range(3):
        board = g.view(None)["board"]
        for seat in (0, 1):
            mine = parse_cards(" ".join(g.view(seat)["cards"]))
            # the showdown's count on the cards turned so far, by hand: fifteens, pairs, runs, flushes
            expected = score_so_far(mine, parse_cards(" ".join(board))).total
            assert g.view(seat)["worth"] == expected
        worth.append(g.view(0)["worth"])
        assert g.view(None)["worth"] is None, "a spectator has no hand"
        if street < 2:
            play(g, "1 check", "0 check")
    play(g, "1 check", "0 check")
    # with all four up it is the showdown's own count: the seed's worked example, 31
    assert {e["player"]: e["points"] for e in events_of(g, "shown")}[0] == 31 == g.view(0)["worth"]
    assert worth == sorted(worth), worth


def test_manual_counting_never_tells_a_hand_its_worth() -> None:
    g = heads_up(counting="manual")
    play(g, "0 call", "1 check")
    assert g.view(0)["worth"] is None and g.view(1)["worth"] is None


@given(st.permutations(range(54)))
def test_the_worth_so_far_with_four_turned_is_the_showdowns(order: list[int]) -> None:
    cards = [ALL_CARDS[i] for i in order[:8]]
    assert score_so_far(cards[:4], cards[4:]) == score_skalborg(cards[:4], cards[4:])


@pytest.mark.parametrize("street", ["preflop", "flop", "turn", "river"])
def test_a_fold_at_any_street_leaves_the_pot_without_a_showdown(street: str) -> None:
    g = heads_up()
    script = {
        "preflop": ["0 raise 6", "1 fold"],
        "flop": ["0 call", "1 check", "1 bet 4", "0 fold"],
        "turn": ["0 call", "1 check", "1 check", "0 check", "1 bet 4", "0 fold"],
        "river": ["0 call", "1 check", *["1 check", "0 check"] * 2, "1 bet 4", "0 fold"],
    }[street]
    play(g, *script)
    assert not events_of(g, "shown") and g.phase == "hand_over"
    assert g.view(0)["showdown"] == []
    won = events_of(g, "pot")
    assert won[0]["reason"] == "everyone else folded"
    assert sum(g.stacks) == 400
    loser = int(script[-1][0])
    assert g.stacks[loser] < 200 < g.stacks[1 - loser]
    kept = {1: "AC 2D 9S KC", 0: "5S 5H 3S JKB"}[1 - loser]
    for card in kept.split():
        assert card not in str(g.view(loser)), "the winner's hand stays hidden"


def test_ties_split_and_the_odd_chip_goes_left_of_the_dealer() -> None:
    # Seats 1 and 2 hold the same ranks and no flush; seat 0 (the dealer) folds on the flop.
    hands = ["2C 3D 9H KS 4S", "2D 3C 9S KH 4D", "AC AD 6H 8S 7C"]
    g = game(3, hands, "QC", "JD", small_blind=1, big_blind=3)
    play(g, "1 discard 4S", "2 discard 4D", "0 discard 7C")
    play(g, "0 call", "1 call", "2 check", "1 bet 3", "2 call", "0 fold")
    for _ in range(2):
        play(g, "1 check", "2 check")
    p1, p2 = (e["points"] for e in events_of(g, "shown"))
    assert p1 == p2
    assert events_of(g, "pot")[0]["shares"] == {"1": 8, "2": 7}
    assert g.stacks == [197, 202, 201]


def held(g: Skalborg) -> list[int]:
    """Each seat's chips, counting the blinds it has just posted."""
    view = g.view(None)
    return [stack + bet for stack, bet in zip(view["stacks"], view["committed"], strict=True)]


def shift_chips(g: Skalborg, raiser: int) -> None:
    """Hand 1: ``raiser`` raises before the flop and everyone else folds; then all say ready."""
    for seat in range(g.players):
        g.apply(seat, g.legal_moves(seat)[0])
    while g.phase == "preflop":
        seat = next(iter(g.to_move))
        g.apply(seat, "raise 10" if seat == raiser else "fold" if g.round.current > g.big_blind else "call")
    for seat in range(g.players):
        g.apply(seat, "ready")


def test_side_pots_with_three_players() -> None:
    hands = ["5C 5D 5H JS KC", "AC 3D 6H 10S QD", "7C 7D 9H 4S 8S"]
    g = game(3, hands, "AH", "2H", starting_stack=100)
    shift_chips(g, raiser=0)
    assert held(g) == [103, 99, 98] and g.dealer == 1
    # Hand 2: dealt 2, 0, 1; seat 2 counts best, then seat 1, then seat 0.
    play(g, "2 discard KC", "0 discard QD", "1 discard 8S", "1 allin", "2 allin")
    with pytest.raises(IllegalMoveError, match="nobody is left to call"):
        g.apply(0, "allin")
    play(g, "0 call")
    points = {e["player"]: e["points"] for e in events_of(g, "shown")}
    assert points[2] > points[1] > points[0]
    assert [(e["amount"], e["shares"]) for e in events_of(g, "pot")][-2:] == [
        (294, {"2": 294}),
        (2, {"1": 2}),
    ]
    assert g.stacks == [4, 2, 294]


def test_a_pot_only_one_contender_reached_is_handed_back_as_uncalled() -> None:
    """Seat 0 goes all in for 103; seat 1 calls all in for 99 and seat 2 folds: the 4 chips nobody
    could call are a pot only seat 0 reached (pots.py), handed back as uncalled, not won."""
    hands = ["5C 5D 5H JS KC", "AC 3D 6H 10S QD", "7C 7D 9H 4S 8S"]
    g = game(3, hands, "AH", "2H", starting_stack=100)
    shift_chips(g, raiser=0)
    play(g, "2 discard KC", "0 discard QD", "1 discard 8S", "1 call", "2 call", "0 allin", "1 call", "2 fold")
    pots = [(e["amount"], e["shares"], e["reason"]) for e in events_of(g, "pot")][-2:]
    assert pots == [(200, {"1": 200}, "showdown"), (4, {"0": 4}, "uncalled")]


def test_side_pots_with_four_players_and_a_bust() -> None:
    hands = ["5C 5D 5H JS KC", "AC 3D 6H 10S QD", "2C 4D 9C KH 8S", "7C 7D 9H 4S 2H"]
    g = game(4, hands, "AH", starting_stack=100)
    shift_chips(g, raiser=3)
    assert held(g) == [100, 99, 98, 103] and g.dealer == 1
    # Hand 2: dealt 2, 3, 0, 1; best to worst: seat 2, seat 1, seat 3, seat 0.
    play(g, "2 discard KC", "3 discard QD", "0 discard 8S", "1 discard 2H")
    play(g, "0 allin", "1 allin", "2 allin", "3 call")
    points = {e["player"]: e["points"] for e in events_of(g, "shown")}
    assert points[2] > points[1] > points[3] > points[0]
    pots = [(e["amount"], e["shares"]) for e in events_of(g, "pot")][-3:]
    assert pots == [(392, {"2": 392}), (3, {"1": 3}), (2, {"3": 2})]
    assert g.stacks == [0, 3, 392, 5]
    assert [e["player"] for e in events_of(g, "busted")] == [0]
    assert g.view(None)["out"] == [0] and 0 not in g.to_move


# --- counting: you miss it, you lose it -------------------------------------------------


def to_showdown(g: Skalborg) -> None:
    play(g, "0 call", "1 check", *["1 check", "0 check"] * 3)


def test_manual_counting_scores_only_valid_claims() -> None:
    g = heads_up(counting="manual")
    to_showdown(g)
    assert g.phase == "count" and g.to_move == {0, 1}
    assert g.legal_moves(0) == [parse_move("ready")]
    play(g, "0 count run 3S JKB 5H 6D 7H", "0 count fifteen 5S 6D")
    with pytest.raises(IllegalMoveError, match="already counted that run"):
        g.apply(0, "count run 7H 6D 5H JKB 3S")
    with pytest.raises(IllegalMoveError, match="AC is not in your hand or on the board"):
        g.apply(0, "count pair AC 5S")
    play(g, "0 ready")
    play(g, "1 count fifteen 9S 6D", "1 count fifteen 2D 6D 7H", "1 count run JH QH KC")
    # nothing is judged until everyone is ready
    assert [(e["points"], e["valid"]) for e in events_of(g, "counted")] == [(None, None)] * 5
    play(g, "1 ready")
    counted = sorted((e["player"], e["points"], e["valid"]) for e in events_of(g, "counted")[5:])
    assert counted == [(0, -2, False), (0, 5, True), (1, 2, True), (1, 2, True), (1, 3, True)]
    # Seat 0's hand is worth 31, but only the 5 it claimed, less 2 for the miscalled fifteen,
    # count against seat 1's 7.
    assert sorted((e["player"], e["points"]) for e in events_of(g, "shown")[-2:]) == [(0, 3), (1, 7)]
    assert events_of(g, "pot")[0]["shares"] == {"1": 4}
    assert g.stacks == [198, 202]


def test_claiming_every_combination_blind_scores_less_than_counting_honestly() -> None:
    """Seat 0 claims every set of its cards and the board that could be each kind, without
    counting; seat 1 claims exactly its hand's combinations. Blind, seat 0 ends below its true count."""
    g = heads_up(counting="manual")
    to_showdown(g)
    pool = [*g.shown[0], *g.board]
    honest = score_skalborg(g.shown[0], g.board).total
    shapes = {"pair": (2,), "fifteen": range(2, 9), "run": range(3, 9), "flush": range(4, 9)}
    claims = 0
    for kind, sizes in shapes.items():
        for size in sizes:
            for cards in itertools.combinations(pool, size):
                g.apply(0, f"count {kind} {' '.join(str(c) for c in cards)}")
                claims += 1
    assert claims > 600
    for item in score_skalborg(g.shown[1], g.board):
        g.apply(1, f"count {item.kind} {' '.join(str(c) for c in item.cards)}")
    play(g, "0 ready", "1 ready")
    shown = {e["player"]: e["points"] for e in events_of(g, "shown")[-2:]}
    assert shown[0] < honest
    assert shown[1] == score_skalborg(g.shown[1], g.board).total


def test_claims_are_bounded() -> None:
    g = heads_up(counting="manual")
    to_showdown(g)
    g.claims[0].extend([("pair", (), None)] * MAX_CLAIMS)
    with pytest.raises(IllegalMoveError, match=f"{MAX_CLAIMS} claims"):
        g.apply(0, "count fifteen 5S 6D")


def test_count_move_syntax() -> None:
    assert str(parse_move("COUNT Fifteen 5h 10s")) == "count fifteen 5H 10S"
    with pytest.raises(MoveSyntaxError, match="one of fifteen, pair, run, flush"):
        parse_move("count nobs JH 5H")
    with pytest.raises(MoveSyntaxError, match="its cards"):
        parse_move("count pair 5H")


@pytest.mark.parametrize("amount", ["\uff15", "\u0665", "1_0", "+6", "-6", "6.0", ""])
def test_an_amount_is_written_with_the_digits_0_to_9(amount: str) -> None:
    """Issue 33, item 8: int() reads a fullwidth or Arabic-Indic digit, "1_0" and "+6" too; a bet
    in any of them is refused as not a number, and the game is unchanged."""
    g = heads_up()
    before = g.state_id
    assert g.actor is not None
    with pytest.raises(MoveSyntaxError, match=r"digits 0-9|one whole number"):
        g.apply(g.actor, f"raise {amount}".strip())
    assert g.state_id == before
    assert str(parse_move("raise 6")) == "raise 6"


# --- the end of the game ----------------------------------------------------------------


def test_the_game_ends_when_one_player_holds_every_chip() -> None:
    g = heads_up(starting_stack=10)
    play(g, "0 allin", "1 call")
    assert g.is_over and g.stacks == [20, 0]
    assert g.result is not None
    assert g.result.ranks == (1, 2) and g.result.reason == "one player holds every chip"
    assert g.to_move == frozenset()


def test_max_hands_ends_the_game_ranked_by_chips() -> None:
    g = game(2, max_hands=1)
    for seat in (0, 1):
        g.apply(seat, g.legal_moves(seat)[0])
    play(g, "0 raise 6", "1 fold")
    assert g.result is not None and g.result.reason == "1 hand played"
    assert g.result.ranks == (1, 2) and g.stacks == [202, 198]


def test_a_player_who_leaves_folds_and_ranks_worst() -> None:
    g = game(3)
    for seat in range(3):
        g.apply(seat, g.legal_moves(seat)[0])
    play(g, "0 raise 10", "2 leave")
    assert 2 in g.view(None)["folded"] and g.to_move == {1}
    play(g, "1 call", "0 leave")
    assert g.is_over and g.result is not None
    assert g.result.ranks == (2, 1, 3)
    assert sum(g.stacks) == 600 and g.stacks[1] == 200 + 10 + 2


def test_leaving_before_throwing_tops_the_crib_up_from_the_pack() -> None:
    g = game(3, ["AC AD AH AS 2C", "3C 3D 3H 3S 4C", "5C 5D 5H 5S 6C"], "KS", "QH JH", blinds="equal")
    play(g, "1 discard 2C", "2 leave", "0 discard 6C")
    while g.phase != "hand_over":
        g.apply(next(iter(g.to_move)), "check")
    assert sorted(g.view(None)["board"]) == sorted(["2C", "6C", "QH", "JH"])


@pytest.mark.parametrize(
    "options",
    [
        {"small_blind": 5, "big_blind": 2},
        {"first_dealer": 2},
        {"starting_stack": 0},
        {"betting": "spread-limit"},
        {"antes": 1},
        {
            "blind_schedule": [
                {"hand": 3, "small_blind": 1, "big_blind": 2},
                {"hand": 2, "small_blind": 2, "big_blind": 4},
            ]
        },
    ],
)
def test_bad_options_name_the_problem(options: dict[str, Any]) -> None:
    with pytest.raises(OptionError):
        new_game("skalborg", players=2, seed=1, **options)


# --- conformance ------------------------------------------------------------------------

CONFIGS = [
    {"players": p, "blinds": b, "betting": lim}
    for p in (2, 3, 4)
    for b in ("equal", "small-big", "non-dealer")
    for lim in ("no-limit", "pot-limit", "fixed-limit")
]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(str(v) for v in c.values()))
def test_random_games_conform(config: dict[str, Any]) -> None:
    players = int(config["players"])
    options = {k: v for k, v in config.items() if k != "players"}
    for seed in range(3):
        made = check_random_game(
            lambda s: new_game("skalborg", players=players, seed=s, starting_stack=10, **options),
            seed,
            deep=seed == 0,
            leave_rate=0.01 if seed == 2 else 0.0,
        )
        assert sum(made.scores) == 10 * players


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(str(v) for v in c.values()))
def test_many_random_games_conserve_chips_exactly(config: dict[str, Any]) -> None:
    """Fifty random games a configuration: after every move the chips behind and in the pot add up."""
    players = int(config["players"])
    options = {k: v for k, v in config.items() if k != "players"}
    total = 12 * players
    for seed in range(50):
        rng = random.Random(seed)
        g = new_game("skalborg", players=players, seed=seed, starting_stack=12, **options)
        assert isinstance(g, Skalborg)
        while not g.is_over:
            seat = rng.choice(sorted(g.to_move))
            g.apply(seat, rng.choice(g.legal_moves(seat)))
            assert sum(g.stacks) + sum(g.table.committed) == total
            assert min(g.stacks) >= 0
        assert g.result is not None and sorted(g.result.ranks)[0] == 1


@pytest.mark.parametrize(
    "options",
    [
        {"counting": "manual", "max_hands": 6},
        {"reveal_order": "recap"},
        {"max_hands": 3},
        {"blind_schedule": [{"hand": 2, "small_blind": 2, "big_blind": 4}]},
    ],
)
def test_random_games_with_each_option(options: dict[str, Any]) -> None:
    for seed in range(6):
        made = check_random_game(
            lambda s: new_game("skalborg", players=2, seed=s, starting_stack=16, **options),
            seed,
            deep=seed < 2,
            leave_rate=0.01 if seed == 5 else 0.0,
        )
        assert sum(made.scores) == 32


# --- pots, by property ------------------------------------------------------------------


@given(
    committed=st.lists(st.integers(0, 60), min_size=2, max_size=4),
    data=st.data(),
)
def test_side_pots_hold_every_chip_and_nest(committed: list[int], data: st.DataObject) -> None:
    seats = range(len(committed))
    contenders = data.draw(st.sets(st.sampled_from(list(seats)), min_size=1))
    pots = side_pots(committed, contenders)
    assert sum(p.amount for p in pots) == sum(committed)
    for pot in pots:
        assert set(pot.eligible) <= contenders and pot.amount > 0
    for outer, inner in itertools.pairwise(pots):
        assert set(inner.eligible) < set(outer.eligible)
    top = max(contenders, key=lambda s: committed[s])
    assert all(top in p.eligible for p in pots)
    # Below the top, a contender can win from each seat only as much as it put in itself.
    for seat in contenders:
        reachable = sum(p.amount for p in pots if seat in p.eligible)
        if committed[seat] < committed[top]:
            assert reachable == sum(min(c, committed[seat]) for c in committed)
        else:
            assert reachable == sum(committed)


@given(amount=st.integers(0, 1000), winners=st.sets(st.integers(0, 3), min_size=1), start=st.integers(0, 3))
def test_split_pot_is_even_with_odd_chips_from_the_dealers_left(
    amount: int, winners: set[int], start: int
) -> None:
    order = [(start + k) % 4 for k in range(4)]
    shares = split_pot(amount, sorted(winners), order)
    assert sum(shares.values()) == amount and set(shares) == winners
    ranked = sorted(winners, key=order.index)
    assert [shares[s] for s in ranked] == sorted(shares.values(), reverse=True)
    assert max(shares.values()) - min(shares.values()) <= 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_checked_down_hands_go_to_the_best_count(players: int) -> None:
    """Random deals checked down to the showdown: the pot is split among the best Skalborg counts."""
    for seed in range(25):
        g = new_game("skalborg", players=players, seed=seed, blinds="equal", max_hands=1)
        assert isinstance(g, Skalborg)
        for seat in range(players):
            g.apply(seat, g.legal_moves(seat)[0])
        while not g.is_over:
            g.apply(min(g.to_move), "check")
        board = parse_cards(g.view(None)["board"])
        counts = {
            s["player"]: score_skalborg(parse_cards(s["cards"]), board).total
            for s in g.view(None)["showdown"]
        }
        best = max(counts.values())
        winners = sorted(s for s, c in counts.items() if c == best)
        pot = 2 * players
        won = {s: g.stacks[s] - (200 - 2) for s in range(players) if g.stacks[s] > 198}
        assert sorted(won) == winners
        assert sum(won.values()) == pot


def test_the_terminal_table_shows_no_hidden_card() -> None:
    g = game(3, ["AC AD AH AS 2C", "3C 3D 3H 3S 4C", "5C 5D 5H 5S 6C"], "KS", "QH")
    play(g, "1 discard 2C", "2 discard 4C", "0 discard 6C", "0 raise 8")
    for viewer in (0, 1, 2, None):
        console = Console(record=True, width=120, file=io.StringIO())
        render(g.view(viewer), console)
        text = console.export_text()
        hidden = {c.pretty for c in g.hidden_cards(viewer)}
        assert not [card for card in hidden if card in text.split()], viewer
        assert "pot 11" in text


def test_a_short_blind_is_all_in_and_the_rest_is_run_out() -> None:
    g = heads_up(starting_stack=3, small_blind=2, big_blind=4)
    assert posted(g) == {0: 2, 1: 3}
    assert [str(m) for m in g.legal_moves(0)] == ["call"], "no fold to the blind, nobody to raise against"
    play(g, "0 call")
    assert g.view(None)["board"] and len(g.view(None)["board"]) == 4
    assert g.is_over and g.stacks == [6, 0]
    assert [e["player"] for e in events_of(g, "busted")] == [1]


@pytest.mark.parametrize(
    ("blinds", "first"), [("equal", ["check", "raise 4"]), ("non-dealer", ["call", "raise 4"])]
)
def test_heads_up_the_dealer_never_folds_to_the_blind(blinds: str, first: list[str]) -> None:
    g = heads_up(blinds=blinds)
    assert [str(m) for m in g.legal_moves(0)][:2] == first
    assert "fold" not in [str(m) for m in g.legal_moves(0)]


@pytest.mark.parametrize("seed", range(30))
def test_the_showdown_scores_every_hand_as_the_itemised_scorer(seed: int) -> None:
    """The engine counts showdown totals with the fast scorer; each must be the itemised score."""
    from muggins.games.skalborg.events import Shown

    table = new_game("skalborg", players=3, seed=seed, starting_stack=40)
    rng = random.Random(seed)
    shown = 0
    while not table.is_over and shown < 6:
        seat = rng.choice(sorted(table.to_move))
        for event in table.apply(seat, rng.choice(table.legal_moves(seat))):
            if isinstance(event, Shown) and event.score is not None:
                board = table.board  # type: ignore[attr-defined]
                reference = score_skalborg(event.cards, board)
                assert (event.points, event.score.total) == (reference.total, reference.total)
                assert event.score.items == reference.items
                shown += 1
    assert shown, "no showdown was reached"


@pytest.mark.parametrize("counting", ["auto", "manual"])
@pytest.mark.parametrize("players", [2, 3])
def test_no_message_tells_a_count_before_everyone_is_ready(counting: str, players: int) -> None:
    """The leak test: a twin whose showdowns count 7 more sends every viewer the same bytes until
    the showdown is counted (at once when auto, at the last 'ready' when manual)."""
    for seed in range(3):
        moves = check_count_hidden(
            functools.partial(new_game, "skalborg", players=players, seed=seed, counting=counting),
            seven_more,
            lambda e: e["type"] == "shown" and e["score"] is not None,
            seed,
        )
        assert moves > 0


@pytest.mark.parametrize("counting", ["manual", "auto"])
def test_no_hint_counts_for_a_player(counting: str) -> None:
    """Every seat counting its combinations by hand is refused a hint in the same words."""
    game = functools.partial(new_game, "skalborg", players=3, seed=2, counting=counting)
    assert (check_counting_unhinted(game, 2) > 0) == (counting == "manual")


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({}, {1: (1, 2), 10: (1, 2), 11: (2, 4), 21: (4, 8), 31: (8, 16)}),
        ({"double_blinds_every": 5}, {5: (1, 2), 6: (2, 4), 11: (4, 8)}),
        ({"double_blinds_every": None}, {1: (1, 2), 11: (1, 2), 31: (1, 2)}),
        ({"blind_schedule": [{"hand": 3, "small_blind": 5, "big_blind": 10}]}, {2: (1, 2), 11: (5, 10)}),
    ],
    ids=["default", "every-5", "never", "schedule"],
)
def test_blinds_double_every_ten_hands_without_a_schedule(
    options: dict[str, Any], expected: dict[int, tuple[int, int]]
) -> None:
    """docs/rules/skalborg.md, "rising blinds": each hand's new_hand event carries its blinds."""
    g = new_game("skalborg", players=2, seed=3, starting_stack=1_000_000, **options)
    assert isinstance(g, Skalborg)
    rng = random.Random(3)
    while g.hand_number <= max(expected) and not g.is_over:
        seat = min(g.to_move)
        legal = g.legal_moves(seat)
        passive = [m for m in legal if str(m) in ("check", "call", "ready")]
        g.apply(seat, passive[0] if passive else rng.choice(legal))  # calling stations: no all-in
    hands = [e.to_dict() for e in g.events if e.type == "new_hand"]
    seen = {data["hand"]: (data["small_blind"], data["big_blind"]) for data in hands}
    assert {hand: seen.get(hand) for hand in expected} == expected


def test_each_card_s_throw_is_listed_by_its_index() -> None:
    """The shared throws the legal moves list: every card of the pack, jokers too, throws itself."""
    assert len(THROWS) == len(ALL_CARDS)
    assert all(THROWS[card.index] == Discard((card,)) for card in ALL_CARDS)


def test_the_throws_listed_are_the_hand_s_cards_in_order() -> None:
    game = new_game("skalborg", players=3, seed=5)
    assert isinstance(game, Skalborg) and len(game.to_move) == 3
    for seat in sorted(game.to_move):
        assert game.legal_moves(seat) == [Discard((card,)) for card in sorted(game.hands[seat])]


def test_the_bets_and_raises_listed_are_kept_within_a_bound() -> None:
    """Listed bets and raises are shared by their total, and the tables of them stay bounded
    however many different totals a process lists."""
    for total in range(1, 3 * betting.SIZED_KEPT):
        assert betting._sized(True, total) == Bet(total)
        assert betting._sized(False, total) == Raise(total)
    assert len(betting._BETS) <= betting.SIZED_KEPT and len(betting._RAISES) <= betting.SIZED_KEPT
    assert betting._BETS[3 * betting.SIZED_KEPT - 1] == Bet(3 * betting.SIZED_KEPT - 1)
