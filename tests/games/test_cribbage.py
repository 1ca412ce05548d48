"""Cribbage rules, checked with stacked decks whose every point is worked out by hand."""

from __future__ import annotations

import json
import random

import pytest

from muggins import load_game, new_game
from muggins.cards import STANDARD_CARDS, parse_cards
from muggins.games.base import Game
from muggins.games.cribbage.events import ShowJudged
from muggins.games.cribbage.game import Cribbage
from muggins.games.cribbage.options import TABLE_FORMS
from muggins.games.errors import (
    GameOverError,
    IllegalMoveError,
    MoveSyntaxError,
    NotYourTurnError,
    OptionError,
    RecordError,
)
from muggins.games.events import Dealt, Scored
from muggins.games.moves import Discard
from muggins.games.result import Termination
from muggins.games.words import tell


def stack(order: list[int], hands: dict[int, str], *, pack_crib: str = "", starter: str) -> list[str]:
    """A deck in dealing order: one card at a time to each seat of ``order``, then the pack's
    cards for the crib, then the starter, then every other card."""
    cards = {seat: parse_cards(text) for seat, text in hands.items()}
    deck = [str(cards[seat][i]) for i in range(len(cards[order[0]])) for seat in order]
    deck += [*pack_crib.split(), starter]
    used = set(deck)
    return deck + [str(c) for c in STANDARD_CARDS if str(c) not in used]


def cribbage(players: int = 2, **options: object) -> Cribbage:
    game = new_game("cribbage", players=players, first_dealer=0, **options)  # type: ignore[arg-type]
    assert isinstance(game, Cribbage)
    return game


def play(game: Game, moves: list[tuple[int, str]]) -> None:
    for player, move in moves:
        game.apply(player, move)


# Two players, dealer 0. Worked by hand:
# pegging: 4C, 5D, 6D (fifteen 2 + run 3 for seat 1), 5S, 5H (pair 2 for seat 1), 3H, seat 1 cannot
# lay 10S (go), 2C (30), seat 0 is out of cards: go point 1 to seat 0; 10S is the last card: 1 to seat 1.
# show: seat 1 4C 6D 5H 10S + AS = fifteens 5+10, 4+6+5, 4+10+A (6) + run 4-5-6 (3) = 9;
# seat 0 5D 5S 2C 3H + AS = fifteen 5+5+2+3 (2) + pair (2) + run A-2-3 (3) = 7;
# crib 9H KC 7C QD + AS = 0.  Totals: seat 1 8 + 9 = 17, seat 0 1 + 7 = 8.
TWO = stack([1, 0], {1: "4C 6D 5H 10S 9H KC", 0: "5D 5S 2C 3H 7C QD"}, starter="AS")
TWO_DISCARDS = [(1, "discard 9H KC"), (0, "discard 7C QD")]
TWO_PLAY = [
    (1, "play 4C"),
    (0, "play 5D"),
    (1, "play 6D"),
    (0, "play 5S"),
    (1, "play 5H"),
    (0, "play 3H"),
    (0, "play 2C"),
    (1, "play 10S"),
]


def test_two_player_hand_worked_by_hand() -> None:
    game = cribbage(deck=TWO)
    assert game.to_move == {0, 1}
    assert len(game.view(0)["hand"]) == 6
    play(game, TWO_DISCARDS)
    assert game.view(0)["starter"] == "AS"
    play(game, TWO_PLAY[:3])
    assert game.scores == (0, 5)
    play(game, TWO_PLAY[3:5])
    assert game.scores == (0, 7)
    play(game, TWO_PLAY[5:7])
    assert game.scores == (1, 7)
    game.apply(1, "play 10S")
    assert game.scores == (8, 17)
    assert game.view(None)["phase"] == "post-show"  # seed 003's pause after the show, on by default
    play(game, [(0, "ready"), (1, "ready")])
    assert game.hand_number == 2 and game.dealer == 1


def test_show_order_is_pone_then_dealer_then_crib() -> None:
    game = cribbage(deck=TWO)
    play(game, TWO_DISCARDS + TWO_PLAY)
    view = game.view(None)
    assert view["phase"] == "post-show"
    assert [(s["player"], s["what"], s["score"]["total"]) for s in view["shows"]] == [
        (1, "hand", 9),
        (0, "hand", 7),
        (0, "crib", 0),
    ]
    assert game.to_move == {0, 1}
    game.apply(0, "ready")
    assert game.to_move == {1}
    game.apply(1, "ready")
    assert game.view(None)["phase"] == "discard" and game.hand_number == 2


def test_pre_show_pause_waits_for_everyone() -> None:
    game = cribbage(deck=TWO, pre_show=True, post_show=False)
    play(game, TWO_DISCARDS + TWO_PLAY)
    assert game.view(None)["phase"] == "pre-show" and game.scores == (1, 8)
    play(game, [(1, "ready"), (0, "ready")])
    assert game.scores == (8, 17)


def test_game_ends_the_instant_the_target_is_reached_in_play() -> None:
    game = cribbage(deck=TWO, target=5)
    play(game, TWO_DISCARDS + TWO_PLAY[:3])
    assert game.is_over and game.result is not None
    assert game.result.winners == (1,) and game.scores == (0, 5)
    with pytest.raises(GameOverError):
        game.apply(0, "play 5S")


def test_counting_order_decides_a_close_game() -> None:
    # After the play seat 1 has 8 and seat 0 has 1; seat 0's hand (7) would take it to 8 only,
    # but with target 15 the pone counts first and goes out with 17 before the dealer counts.
    game = cribbage(deck=TWO, target=15)
    play(game, TWO_DISCARDS + TWO_PLAY)
    assert game.result is not None and game.result.winners == (1,)
    assert game.scores == (1, 17)


def test_his_heels_can_win_the_game() -> None:
    deck = stack([1, 0], {1: "4C 6D 5H 10S 9H KC", 0: "5D 5S 2C 3H 7C QD"}, starter="JS")
    game = cribbage(deck=deck, target=2)
    play(game, TWO_DISCARDS)
    assert game.result is not None and game.result.winners == (0,)
    assert game.scores == (2, 0)


@pytest.mark.parametrize("heels", [1, 2])
def test_his_heels_points_option(heels: int) -> None:
    deck = stack([1, 0], {1: "4C 6D 5H 10S 9H KC", 0: "5D 5S 2C 3H 7C QD"}, starter="JS")
    game = cribbage(deck=deck, heels=heels)
    play(game, TWO_DISCARDS)
    assert game.scores == (heels, 0)


def test_must_say_go_without_skip_pass_and_cannot_go_while_able_to_lay() -> None:
    game = cribbage(deck=TWO, skip_pass=False)
    play(game, TWO_DISCARDS + TWO_PLAY[:6])
    assert game.to_move == {1}
    assert [str(m) for m in game.legal_moves(1)] == ["go"]
    with pytest.raises(IllegalMoveError, match="past 31"):
        game.apply(1, "play 10S")
    game.apply(1, "go")
    with pytest.raises(IllegalMoveError, match="lay"):
        game.apply(0, "go")
    play(game, TWO_PLAY[6:])
    assert game.scores == (8, 17)


def test_empty_hand_must_say_go_without_skip_empty() -> None:
    game = cribbage(deck=TWO, skip_empty=False)
    play(game, TWO_DISCARDS + TWO_PLAY[:7])
    assert game.to_move == {0} and [str(m) for m in game.legal_moves(0)] == ["go"]
    game.apply(0, "go")
    assert game.scores == (1, 7)


# Three players, dealer 0, play order 1, 2, 0; one pack card (3S) to the crib. Worked by hand:
# KH 10, JD 20, 9C 29, 2C 31 (thirty-one 2 to seat 1); reset, seat 2 leads: 10C, 8H, QH 28, AH 29,
# seats 0, 1, 2 cannot lay: go point 1 to seat 2; seat 0 leads 7S, 3D, 4S, 6C: last card 1 to seat 0.
# show: seat 1 KH QH 2C 3D + 5D = K5 Q5 K23 Q23 = 8; seat 2 JD 10C AH 4S + 5D = J5 105 J4A 104A (8)
# + nobs (1) = 9; seat 0 9C 8H 7S 6C + 5D = 96 87 (4) + run of five (5) = 9;
# crib 9S 8D 2H 3S + 5D = 8+2+5 (2) = 2.  Totals: seat 1 10, seat 2 10, seat 0 12.
THREE = stack(
    [1, 2, 0],
    {1: "KH QH 2C 3D 9S", 2: "JD 10C AH 4S 8D", 0: "9C 8H 7S 6C 2H"},
    pack_crib="3S",
    starter="5D",
)
THREE_DISCARDS = [(1, "discard 9S"), (2, "discard 8D"), (0, "discard 2H")]
THREE_PLAY = [
    (1, "play KH"),
    (2, "play JD"),
    (0, "play 9C"),
    (1, "play 2C"),
    (2, "play 10C"),
    (0, "play 8H"),
    (1, "play QH"),
    (2, "play AH"),
    (0, "play 7S"),
    (1, "play 3D"),
    (2, "play 4S"),
    (0, "play 6C"),
]


def test_three_player_hand_with_thirty_one_and_go() -> None:
    game = cribbage(3, deck=THREE)
    assert [len(game.hand[s]) for s in range(3)] == [5, 5, 5]
    play(game, THREE_DISCARDS)
    assert game.view(0)["crib_size"] == 4
    play(game, THREE_PLAY[:4])
    assert game.scores == (0, 2, 0)
    assert game.view(None)["count"] == 0
    play(game, THREE_PLAY[4:8])
    assert game.scores == (0, 2, 1)
    assert game.to_move == {0}
    play(game, THREE_PLAY[8:])
    assert game.scores == (12, 10, 10)


def test_out_of_turn_and_wrong_cards_change_nothing() -> None:
    game = cribbage(3, deck=THREE)
    play(game, THREE_DISCARDS)
    before = game.record(), game.view(1)
    with pytest.raises(NotYourTurnError):
        game.apply(2, "play JD")
    with pytest.raises(IllegalMoveError, match="not in your hand"):
        game.apply(1, "play JD")
    with pytest.raises(IllegalMoveError, match="play"):
        game.apply(1, "discard KH")
    with pytest.raises(MoveSyntaxError, match="bad card"):
        game.apply(1, "play KX")
    with pytest.raises(IllegalMoveError, match="no player"):
        game.apply(7, "play KH")
    assert (game.record(), game.view(1)) == before


def test_discard_errors_name_the_problem() -> None:
    game = cribbage(deck=TWO)
    with pytest.raises(IllegalMoveError, match="exactly 2"):
        game.apply(1, "discard 9H")
    with pytest.raises(IllegalMoveError, match="5D is not in your hand"):
        game.apply(1, "discard 9H 5D")
    with pytest.raises(MoveSyntaxError, match="twice"):
        game.apply(1, "discard 9H 9H")
    before = (game.record(), game.view(1))
    with pytest.raises(IllegalMoveError, match="names a card twice"):  # a move built in code
        game.apply(1, Discard((STANDARD_CARDS[34], STANDARD_CARDS[34])))  # 9H twice
    assert (game.record(), game.view(1)) == before
    game.apply(1, "discard 9H KC")
    with pytest.raises(NotYourTurnError):
        game.apply(1, "discard 4C 6D")


def test_four_players_partnership_share_scores() -> None:
    deck = stack(
        [1, 2, 3, 0],
        {1: "AC 2C 3C 4C 5C", 2: "AD 2D 3D 4D 5D", 3: "AH 2H 3H 4H 5H", 0: "AS 2S 3S 4S 5S"},
        starter="JC",
    )
    game = cribbage(4, partnerships=True, deck=deck)
    assert game.view(0)["sides"] == [[0, 2], [1, 3]]
    play(game, [(1, "discard 5C"), (2, "discard 5D"), (3, "discard 5H"), (0, "discard 5S")])
    assert game.scores == (2, 0, 2, 0)  # his heels for the dealer's side
    game.apply(1, "play AC")
    game.apply(2, "play AD")  # a pair for seat 2, pegged to the side of seats 0 and 2
    assert game.scores == (4, 0, 4, 0)
    game.apply(3, "play AH")  # pair royal for seat 3's side
    assert game.scores == (4, 6, 4, 6)
    game.apply(0, "play AS")  # double pair royal
    assert game.scores == (16, 6, 16, 6)


# Five-card cribbage, dealer 0: the pone pegs three at the start. 10H, 10D (pair 2 to seat 0), 9D 29,
# nobody can lay: go 1 to seat 1, and the play ends there with 5C, 6S and 4H unplayed.
# show: seat 1 10H 5C 9D + 2S = 10+5 = 2; seat 0 10D 6S 4H + 2S = 0; crib KS QC 8C 7D + 2S = 8+7 = 2.
FIVE = stack([1, 0], {1: "10H 5C 9D KS QC", 0: "10D 6S 4H 8C 7D"}, starter="2S")


def test_five_card_cribbage() -> None:
    game = cribbage(variant="five-card", deck=FIVE)
    assert game.scores == (0, 3)
    assert game.options.game_target == 61
    play(game, [(1, "discard KS QC"), (0, "discard 8C 7D")])
    assert len(game.view(1)["hand"]) == 3
    play(game, [(1, "play 10H"), (0, "play 10D"), (1, "play 9D")])
    assert game.scores == (4, 6)
    play(game, [(0, "ready"), (1, "ready")])
    assert game.hand_number == 2


def test_five_card_three_card_hand_flush() -> None:
    deck = stack([1, 0], {1: "2H 4H 6H KS QC", 0: "10D 9S 3C 8C 7D"}, starter="AH")
    game = cribbage(variant="five-card", deck=deck, counting="manual")
    play(
        game,
        [
            (1, "discard KS QC"),
            (0, "discard 8C 7D"),
            (1, "play 2H"),
            (0, "play 10D"),
            (1, "play 4H"),
            (0, "play 9S"),
        ],
    )
    # count 25; seat 1 lays 6H for 31 (2) and the play ends at 31.
    game.apply(1, "play 6H")
    # seat 1's hand 2H 4H 6H + AH: flush of four (4) and no fifteen -> claims up to 4.
    showing = game.view(1)["showing"]
    assert (showing["player"], showing["what"], showing["cards"]) == (1, "hand", ["2H", "4H", "6H"])
    # a claim is any number a three-card hand could make (5-5-5 with a 5 starter makes 20)
    assert [str(m) for m in game.legal_moves(1)] == [f"claim {n}" for n in range(21)]
    with pytest.raises(IllegalMoveError, match="claim 0 to 20"):
        game.apply(1, "claim 21")
    game.apply(1, "claim 4")
    game.apply(0, "ready")
    assert game.view(0)["shows"][0]["score"]["total"] == 4


def test_ten_hand_counts_hands_then_own_cribs_then_dealers_crib() -> None:
    game = new_game("cribbage", players=2, variant="ten-hand", seed=3, first_dealer=0, post_show=True)
    assert isinstance(game, Cribbage)
    assert [len(game.hand[s]) for s in (0, 1)] == [10, 10]
    for seat in (1, 0):
        game.apply(seat, game.legal_moves(seat)[0])
        assert seat in game.to_move  # still to lay away an own crib
        assert str(game.legal_moves(seat)[0]).startswith("crib ")
        game.apply(seat, game.legal_moves(seat)[0])
    while game.view(None)["phase"] == "play":
        (seat,) = game.to_move
        game.apply(seat, game.legal_moves(seat)[0])
    shows = [(s["player"], s["what"], len(s["cards"])) for s in game.view(None)["shows"]]
    assert shows == [(1, "hand", 4), (0, "hand", 4), (1, "own crib", 4), (0, "own crib", 4), (0, "crib", 4)]


@pytest.mark.parametrize(("players", "dealt"), [(2, 10), (3, 9), (4, 9)])
def test_ten_hand_deal_sizes(players: int, dealt: int) -> None:
    game = new_game("cribbage", players=players, variant="ten-hand", seed=1)
    assert isinstance(game, Cribbage)
    assert all(len(game.hand[s]) == dealt for s in range(players))


@pytest.mark.parametrize("form", TABLE_FORMS)
def test_every_hand_is_dealt_in_showing_order(form: dict[str, object]) -> None:
    """A player's hand is shown lowest rank first, suits in bridge order within a rank, whatever
    order the cards came off the pack (a stacked deck deals them here in descending order)."""
    game = new_game("cribbage", seed=3, **form)  # type: ignore[arg-type]
    dealt = [e for e in game.events if isinstance(e, Dealt)]
    descending = list(reversed(STANDARD_CARDS))
    stacked = new_game("cribbage", deck=[str(c) for c in descending], **form)  # type: ignore[arg-type]
    dealt += [e for e in stacked.events if isinstance(e, Dealt)]
    assert dealt
    for event in dealt:
        assert event.cards is not None
        assert [(c.rank, int(c.suit or 0)) for c in event.cards] == sorted(
            (c.rank, int(c.suit or 0)) for c in event.cards
        )


def _judged(game: Cribbage) -> list[tuple[int, int, list[list[object]]]]:
    """Each judged show as (claimed, true total, calls)."""
    shows = game.view(None)["shows"]
    return [(s["claimed"], s["score"]["total"], s["calls"]) for s in shows if s["score"]]


def test_manual_claims_do_not_reveal_the_count() -> None:
    """Seat 1's hand (4C 5H 6D 10S, starter AS) makes 9: the claims offered, the view and the
    events say nothing of it until the muggins window closes."""
    game = cribbage(deck=TWO, counting="manual", muggins=True)
    play(game, TWO_DISCARDS + TWO_PLAY)
    assert [str(m) for m in game.legal_moves(1)] == [f"claim {n}" for n in range(30)]
    events = game.apply(1, "claim 5")
    assert game.to_move == {0}
    calls = [f"muggins {n}" for n in range(1, 30)]
    assert [str(m) for m in game.legal_moves(0)] == ["ready", "correct", *calls]
    text = json.dumps([e.to_dict() for e in events] + [game.view(0), game.view(1), game.view(None)])
    assert "fifteen" not in text and '"run"' not in text
    assert game.scores == (1, 13)  # the claim is pegged as made


def test_a_clock_that_runs_out_claims_nothing_for_the_player() -> None:
    """The automatic claim is 0 whatever the show makes: it neither counts for the player nor tells
    the table the count before the window closes; in the window the automatic answer is ready."""
    game = cribbage(deck=TWO, counting="manual", muggins=True)
    play(game, TWO_DISCARDS + TWO_PLAY)
    assert str(game.auto_move(1)) == "claim 0"
    game.apply(1, game.auto_move(1))
    assert str(game.auto_move(0)) == "ready"


def test_muggins_window_opens_after_an_exact_claim_too() -> None:
    game = cribbage(deck=TWO, counting="manual", muggins=True)
    play(game, [*TWO_DISCARDS, *TWO_PLAY, (1, "claim 9")])
    assert game.to_move == {0} and game.view(0)["muggins_open"]


def test_muggins_takes_the_lesser_of_the_call_and_the_missed_points() -> None:
    """ACC rule 10.4a: the caller gets the lesser of what they called and what was missed."""
    game = cribbage(deck=TWO, counting="manual", muggins=True)
    play(game, [*TWO_DISCARDS, *TWO_PLAY, (1, "claim 5"), (0, "muggins 5")])
    assert game.scores == (1 + 4, 13)
    assert _judged(game) == [(5, 9, [[0, "muggins 5", 4, ""]])]
    play(game, [(0, "claim 7"), (1, "muggins 2")])
    # seat 0's hand (5D 5S 2C 3H) makes 7 exactly: the wrong call gives seat 0 the 2 points named
    assert game.scores == (5 + 7 + 2, 13)
    assert _judged(game)[1] == (7, 7, [[1, "muggins 2", -2, "nothing was missed in the hand"]])


def test_a_call_on_points_an_earlier_call_took_says_so() -> None:
    """Seat 1's hand makes 8 and it claims 6: seat 2's call takes the 2 missed; seat 0's is wrong
    (ACC rule 10.4a), and says why: the points were missed, but they are gone (issue 58: it said
    "nothing was missed")."""
    game = cribbage(3, deck=THREE, counting="manual", muggins=True)
    play(game, [*THREE_DISCARDS, *THREE_PLAY, (1, "claim 6"), (2, "muggins 2"), (0, "muggins 2")])
    assert _judged(game)[0] == (
        6,
        8,
        [[2, "muggins 2", 2, ""], [0, "muggins 2", -2, "what the hand missed was already called"]],
    )


def test_an_overclaim_stands_unless_an_opponent_calls_for_a_correction() -> None:
    """ACC rule 8.4: points overpegged are taken down only when the opponent asks; the
    correction is not a penalty (rule 11.1b), so the caller gains nothing by it."""
    game = cribbage(deck=TWO, counting="manual", muggins=True)
    play(game, [*TWO_DISCARDS, *TWO_PLAY, (1, "claim 12"), (0, "ready")])
    assert game.scores == (1, 8 + 12)
    game = cribbage(deck=TWO, counting="manual", muggins=True)
    play(game, [*TWO_DISCARDS, *TWO_PLAY, (1, "claim 12"), (0, "correct")])
    assert game.scores == (1, 8 + 9)
    assert _judged(game) == [(12, 9, [[0, "correct", 3, ""]])]


def test_a_correction_call_on_a_claim_that_is_not_over_changes_nothing() -> None:
    game = cribbage(deck=TWO, counting="manual")
    play(game, [*TWO_DISCARDS, *TWO_PLAY, (1, "claim 9"), (0, "correct")])
    assert game.scores == (1, 8 + 9)


def test_without_muggins_the_window_offers_only_a_correction() -> None:
    game = cribbage(deck=TWO, counting="manual")
    play(game, [*TWO_DISCARDS, *TWO_PLAY, (1, "claim 3")])
    assert [str(m) for m in game.legal_moves(0)] == ["ready", "correct"]
    with pytest.raises(IllegalMoveError, match="muggins is not played"):
        game.apply(0, "muggins 2")


def test_a_false_claim_of_game_is_judged_at_once() -> None:
    """ACC rule 8.4a-b: a claim reaching the game hole that the show does not make puts the
    claimer back to the true count less 15, and the opponent pegs the points overclaimed."""
    game = cribbage(deck=TWO, counting="manual", muggins=True, target=20)
    play(game, [*TWO_DISCARDS, *TWO_PLAY, (1, "claim 12")])
    assert game.scores == (1 + 3, 8 + 9 - 15)
    assert game.result is None and game.to_move == {0}


def test_a_false_claim_of_game_gives_the_overclaim_only_up_to_the_game_hole() -> None:
    """ACC rule 8.4b: the opponent is awarded the points overclaimed "up to the game hole". Seat 1
    at 8 claims 29 for a hand of 9 at target 20: it reaches 17, so 3 were overclaimed, not 20; seat
    1 goes back 15 to 2, and seat 0 goes from 1 to 4 (not to 21, which would win it the game)."""
    game = cribbage(deck=TWO, counting="manual", muggins=True, target=20)
    play(game, [*TWO_DISCARDS, *TWO_PLAY, (1, "claim 29")])
    assert game.scores == (1 + 3, 8 + 9 - 15)
    assert game.result is None
    assert _judged(game) == [(29, 9, [[1, "false claim of game", -15, ""], [0, "overclaimed", 3, ""]])]


def test_the_set_back_stops_at_the_start_and_counts_when_the_opponent_wins() -> None:
    """ACC rule 8.4b: the 15-point set-back is assessed even if the opponent reaches the game hole
    by the overclaim; a backward penalty stops at the start (0), as the board has no holes behind
    it. Seat 0 at 1 claims 19 at target 20 for a hand of 7: it pegs 7 to 8, goes back 8 to 0 (not
    to -7), and seat 1 (at 17) takes the 12 overclaimed up to the game hole, and the game."""
    game = cribbage(deck=TWO, counting="manual", muggins=True, target=20)
    play(game, [*TWO_DISCARDS, *TWO_PLAY, (1, "claim 9"), (0, "ready"), (0, "claim 19")])
    assert game.result is not None and game.result.winners == (1,)
    assert game.scores == (0, 17 + 12)
    assert min(event.total for event in game.events if isinstance(event, Scored)) >= 0
    assert _judged(game)[1] == (
        19,
        7,
        [[0, "false claim of game", -8, ""], [1, "overclaimed", 12, ""]],
    )


@pytest.mark.parametrize("players", [3, 4])
def test_a_false_claim_of_game_pays_the_opponents_from_the_claimers_left(players: int) -> None:
    """With more than two players, each opposing side pegs the overclaim in the direction of play
    from the claimer's left (docs/rules/cribbage.md), so the first to reach the game hole by it is
    the one after the claimer, never seat 0 for being seat 0. Random deals; every claim is 29."""
    judged: list[tuple[int, list[int]]] = []
    for seed in range(40):
        game = new_game("cribbage", players=players, seed=seed, counting="manual", target=31)
        rng = random.Random(seed)
        while not game.is_over:
            seat = min(game.to_move)
            moves = [str(m) for m in game.legal_moves(seat)]
            claims = [m for m in moves if m.startswith("claim")]
            game.apply(seat, "claim 29" if claims else rng.choice(moves))
        for event in game.events:
            if isinstance(event, ShowJudged) and event.calls and event.calls[0][1] == "false claim of game":
                paid = [seat for seat, call, *_ in event.calls if call == "overclaimed"]
                judged.append((event.player, paid))
    assert {claimer for claimer, _ in judged} == set(range(players)), judged
    for claimer, paid in judged:
        left = [(claimer + step) % players for step in range(1, players)]
        assert paid == left[: len(paid)], (claimer, paid)
        assert paid[0] == (claimer + 1) % players


def test_an_overclaim_whose_true_count_wins_is_no_false_claim_of_game() -> None:
    """ACC rule 8.4a: a claim of game is false only when the player "does not have sufficient points
    to win". Seat 1 at 8 with a hand of 9 at target 17 wins whatever it claims above 9."""
    game = cribbage(deck=TWO, counting="manual", muggins=True, target=17)
    play(game, [*TWO_DISCARDS, *TWO_PLAY, (1, "claim 12")])
    assert game.result is not None and game.result.winners == (1,)
    assert not any(event.type == "show_judged" for event in game.events)
    assert all(event.reason != "false claim of game" for event in game.events if isinstance(event, Scored))


def test_muggins_takes_no_more_than_the_holes_the_claimer_could_have_pegged() -> None:
    """ACC rule 10.4a: "In no case shall the amount of points awarded for muggins exceed the actual
    number of holes that could have been pegged". Seat 1 claims 5 of 9 and stands at 13 of 15: it
    could have pegged only 2 more holes, so seat 0's call of 4 takes 2."""
    game = cribbage(deck=TWO, counting="manual", muggins=True, target=15)
    play(game, [*TWO_DISCARDS, *TWO_PLAY, (1, "claim 5"), (0, "muggins 4")])
    assert game.scores == (1 + 2, 8 + 5)
    assert _judged(game) == [(5, 9, [[0, "muggins 4", 2, ""]])]


@pytest.mark.parametrize(
    ("call", "taken", "why"),
    [
        ("muggins 2 fifteen 5H 10S", 2, ""),
        ("muggins 4 fifteen 4C 6D 5H; fifteen 10S 4C AS", 4, ""),
        ("muggins 3 run 4C 5H 6D", 3, ""),
        ("muggins 2 pair 4C 6D", -2, "pair 4C 6D does not score in the hand"),
        ("muggins 2 fifteen 4C 6D 5S", None, "5S is not in the hand or the starter"),
        ("muggins 4 fifteen 5H 10S; fifteen 10S 5H", -4, "fifteen 10S 5H is already counted"),
        ("muggins 3 fifteen 5H 10S", None, "the items named are worth 2, not 3"),
        ("muggins 2 pair 4C", None, "a pair names 2 different cards, not 4C"),
        ("muggins 2 straight 4C 5H", None, "unknown kind 'straight'"),
    ],
)
def test_a_muggins_call_naming_items_is_judged_on_them(call: str, taken: int | None, why: str) -> None:
    """Seat 1 (4C 5H 6D 10S, starter AS: fifteens 5H 10S, 4C 6D 5H, 4C 10S AS and the run 4-5-6)
    claims 4 of its 9. A call naming items must name items of the show, each once, within the 5
    missed; a wrong one gives the claimer the points called (ACC 10.4a). A call that is not well
    formed for the cards laid (unknown kind, a card not shown, a worth other than the amount) is
    refused as a move, since saying so tells nothing of the count."""
    game = cribbage(deck=TWO, counting="manual", muggins=True)
    play(game, [*TWO_DISCARDS, *TWO_PLAY, (1, "claim 4")])
    if taken is None:
        with pytest.raises(IllegalMoveError, match=why):
            game.apply(0, call)
        return
    game.apply(0, call)
    assert _judged(game) == [(4, 9, [[0, call, taken, why]])]
    assert game.scores == (1 + max(taken, 0), 8 + 4 + max(-taken, 0))


@pytest.mark.parametrize("named", ["nobs JS", "nobs JS 2S"])
def test_nobs_may_be_named_by_its_jack_alone(named: str) -> None:
    """Seat 1 keeps JS 5D 5H 10C with the starter 2S (fifteens 8, the pair of fives 2, nobs 1: 11)
    and claims 10; a call naming nobs by the jack, with or without the starter, takes the point."""
    deck = stack([1, 0], {1: "JS 5D 5H 10C 9H KC", 0: "AD 3C 4H 7C QD 8D"}, starter="2S")
    game = cribbage(deck=deck, counting="manual", muggins=True)
    play(game, [(1, "discard 9H KC"), (0, "discard QD 8D")])
    while game.view(None)["phase"] == "play":
        seat = min(game.to_move)
        game.apply(seat, game.legal_moves(seat)[0])
    game.apply(1, "claim 10")
    game.apply(0, f"muggins 1 {named}")
    assert _judged(game) == [(10, 11, [[0, f"muggins 1 {named}", 1, ""]])]


def test_a_call_naming_items_must_fit_in_what_was_missed() -> None:
    """Seat 1 claims 8 of 9: a call naming a genuine fifteen (2) is still wrong, only 1 was missed."""
    game = cribbage(deck=TWO, counting="manual", muggins=True)
    play(game, [*TWO_DISCARDS, *TWO_PLAY, (1, "claim 8"), (0, "muggins 2 fifteen 5H 10S")])
    why = "only 1 point of the hand went unclaimed, not 2"
    assert _judged(game) == [(8, 9, [[0, "muggins 2 fifteen 5H 10S", -2, why]])]


def test_manual_counting_without_muggins_loses_missed_points() -> None:
    game = cribbage(deck=TWO, counting="manual")
    play(
        game,
        TWO_DISCARDS
        + TWO_PLAY
        + [(1, "claim 3"), (0, "ready"), (0, "claim 7"), (1, "ready"), (0, "claim 0"), (1, "ready")],
    )
    assert game.scores == (8, 11)


def test_skunk_match_points_and_match_continues() -> None:
    game = cribbage(deck=TWO, target=15, skunk=9, double_skunk=5, triple_skunk=0, match=9)
    play(game, TWO_DISCARDS + TWO_PLAY)
    won = game.games_won[0]
    assert (won.winners, won.skunk, won.match_points) == ((1,), "double skunk", 4)
    assert game.result is None and game.game_number == 2
    assert game.scores == (0, 0) and game.dealer == 1
    assert game.view(0)["match"]["points"] == [0, 4]


def test_triple_skunk_wins_the_match_outright() -> None:
    game = cribbage(deck=TWO, target=15, triple_skunk=2, match=9)
    play(game, TWO_DISCARDS + TWO_PLAY)
    assert game.result is not None
    assert game.result.winners == (1,) and game.result.skunks == ("triple skunk", None)


def test_default_skunk_lines() -> None:
    assert cribbage().options.skunk_lines == (91, 61, 31)
    assert cribbage(variant="five-card").options.skunk_lines == (31, 1, 0)
    assert cribbage(skunk=90, double_skunk=60).options.skunk_lines == (90, 60, 31)


def test_leaving_two_players_ends_the_game() -> None:
    game = cribbage(deck=TWO)
    play(game, TWO_DISCARDS + TWO_PLAY[:3])
    game.apply(1, "leave")
    assert game.result is not None
    assert game.result.ranks == (1, 2) and game.result.termination is Termination.LEFT
    assert game.result.reason == "player 1 left the table"


def test_leaving_three_players_ends_the_hand_and_ranks_the_leaver_last() -> None:
    game = cribbage(3, deck=THREE)
    play(game, THREE_DISCARDS + THREE_PLAY[:2])
    events = game.apply(0, "leave")
    assert game.result is None and game.seating.active == [1, 2]
    assert game.hand_number == 2 and len(game.hand[1]) == 6  # two-player deal now
    redeal = next(e.to_dict() for e in events if e.type == "new_hand")
    assert redeal["without"] == [0]  # the log can say why the hand was dealt again
    assert tell("cribbage", redeal).endswith("now without player 0")  # type: ignore[union-attr]
    assert 0 not in game.to_move
    with pytest.raises(IllegalMoveError, match="already left"):
        game.apply(0, "leave")
    game.apply(2, "leave")
    assert game.result is not None and game.result.ranks == (3, 1, 2)


def test_first_dealer_by_cut_lowest_card_and_ties_recut() -> None:
    tie_seen = False
    for seed in range(200):
        game = new_game("cribbage", players=3, seed=seed)
        assert isinstance(game, Cribbage)
        cuts = [e for e in game.events if e.type == "dealer_cut"]
        for cut in cuts[:-1]:
            low = min(card.rank for _, card in cut.cuts)  # type: ignore[attr-defined]
            assert sum(card.rank == low for _, card in cut.cuts) > 1  # type: ignore[attr-defined]
            tie_seen = True
        final = cuts[-1]
        low_seat = min(final.cuts, key=lambda sc: sc[1].rank)[0]  # type: ignore[attr-defined]
        assert final.dealer == low_seat == game.dealer  # type: ignore[attr-defined]
    assert tie_seen


def test_deal_rotates_and_direction_option() -> None:
    game = new_game("cribbage", players=3, seed=1, first_dealer=0, direction="anticlockwise")
    assert isinstance(game, Cribbage)
    # anticlockwise: the player after seat 0 is seat 2, who is dealt first and leads.
    assert game.events[1].player == 2  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 3, "partnerships": True}, "partnerships need four"),
        ({"players": 3, "variant": "five-card"}, "five-card cribbage is for two"),
        ({"players": 2, "target": 0}, "target"),
        ({"players": 2, "colour": "red"}, "colour"),
        ({"players": 2, "match": 2}, "odd"),
        ({"players": 2, "muggins": True}, "manual"),
        ({"players": 6}, "2-5 players"),
        ({"players": 2, "first_dealer": 3}, "first_dealer"),
        ({"players": 2, "deck": ["ZZ"]}, "bad deck"),
    ],
)
def test_bad_options_are_named(options: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        new_game("cribbage", **options)  # type: ignore[arg-type]


def test_record_replays_and_bad_records_are_refused() -> None:
    game = cribbage(3, deck=THREE)
    play(game, THREE_DISCARDS + THREE_PLAY[:5])
    again = load_game(game.record())
    assert again.view(1) == game.view(1)
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in game.events]
    record = game.record()
    record["moves"].append([1, "play 9S"])
    with pytest.raises(RecordError, match="does not replay"):
        load_game(record)
    with pytest.raises(RecordError, match="malformed"):
        load_game({"version": 1, "game": "cribbage"})


def test_views_hide_other_hands_and_the_crib() -> None:
    game = cribbage(3, deck=THREE)
    play(game, THREE_DISCARDS)
    spectator = str(game.view(None))
    for card in ("KH", "JD", "9C", "9S", "3S"):
        assert f"'{card}'" not in spectator
    assert "'KH'" in str(game.view(1)) and "'JD'" not in str(game.view(1))
    assert game.view(None)["hand"] is None


def test_match_game_won_by_the_last_card_starts_the_next_game_cleanly() -> None:
    game = cribbage(deck=TWO, target=8, match=3)
    play(game, TWO_DISCARDS + TWO_PLAY)
    assert [(g.game, g.winners) for g in game.games_won] == [(1, (1,))]
    view = game.view(0)
    assert (view["phase"], view["game_number"], view["scores"], view["shows"]) == ("discard", 2, [0, 0], [])
    assert game.to_move == {0, 1} and len(view["hand"]) == 6


def test_match_game_won_by_his_heels_deals_the_next_game() -> None:
    deck = stack([1, 0], {1: "4C 6D 5H 10S 9H KC", 0: "5D 5S 2C 3H 7C QD"}, starter="JS")
    game = cribbage(deck=deck, target=2, match=3)
    play(game, TWO_DISCARDS)
    assert game.view(None)["phase"] == "discard" and game.game_number == 2 and game.to_move == {0, 1}


def test_match_games_won_by_a_claim_or_a_muggins_open_no_window() -> None:
    game = cribbage(deck=TWO, target=13, match=3, counting="manual", muggins=True)
    play(game, [*TWO_DISCARDS, *TWO_PLAY, (1, "claim 5")])
    assert game.game_number == 2 and game.to_move == {0, 1} and game.view(0)["phase"] == "discard"
    game = cribbage(deck=TWO, target=9, match=3, counting="manual", muggins=True)
    play(game, [*TWO_DISCARDS, *TWO_PLAY, (1, "claim 0"), (0, "muggins 9"), (0, "claim 0"), (1, "muggins 1")])
    assert game.scores == (0, 0) and game.games_won[0].winners == (1,)  # 8 + 1 taken at the close
    assert game.game_number == 2 and game.to_move == {0, 1} and game.view(0)["phase"] == "discard"


def test_without_the_post_show_pause_the_next_hand_is_dealt_at_once() -> None:
    game = cribbage(deck=TWO, post_show=False)
    play(game, TWO_DISCARDS + TWO_PLAY)
    assert game.view(None)["phase"] == "discard" and game.hand_number == 2 and game.to_move == {0, 1}


# Two players, dealer 0. KH 10, QS 20, 5D 25, 6C 31 (thirty-one: 2 to seat 0); the count resets and
# seat 1 leads. Leading 7H would make 5-6-7, and leading 6H a pair with 6C, were the old pile counted.
@pytest.mark.parametrize("lead", ["7H", "6H"])
def test_runs_and_pairs_do_not_span_a_reset(lead: str) -> None:
    seat1 = f"KH 5D {lead} 2D 9H 9C"
    game = cribbage(deck=stack([1, 0], {1: seat1, 0: "QS 6C 8S 3C 10D 10C"}, starter="AS"))
    play(game, [(1, "discard 9H 9C"), (0, "discard 10D 10C")])
    play(game, [(1, "play KH"), (0, "play QS"), (1, "play 5D"), (0, "play 6C")])
    assert game.scores == (2, 0)
    assert game.view(None)["count"] == 0 and game.to_move == {1}
    game.apply(1, f"play {lead}")
    assert game.scores == (2, 0)
    assert game.view(None)["count"] == int(lead[0])


def test_a_go_stays_in_every_view_until_the_hand_ends() -> None:
    """A go shows the seat held nothing that fitted, and holds less later: every seat's view keeps
    each go of the hand (seat, count), past the count's reset; a new hand starts with none."""
    game = cribbage(deck=TWO, skip_pass=False)
    play(game, TWO_DISCARDS + TWO_PLAY[:6])
    count = game.view(1)["count"]
    game.apply(1, "go")
    assert all(game.view(v)["gos"] == [[1, count]] for v in (0, 1, None))
    play(game, TWO_PLAY[6:7])  # seat 0 lays on alone, then has no card: its own go, and the reset
    assert game.view(0)["count"] == 0 and game.view(0)["passed"] == []
    assert game.view(0)["gos"][0] == [1, count] and len(game.view(0)["gos"]) == 2
    hand = game.view(0)["hand_number"]
    while game.view(0)["hand_number"] == hand:
        seat = min(game.to_move)
        game.apply(seat, game.legal_moves(seat)[0])
    assert game.view(0)["gos"] == []
