"""Crash cribbage (docs/rules/cribbage.md, "Crash"): every side's pegs move on one track; a side
that pegs into a hole holding another side's peg crashes it. A crashed back peg jumps the pegs' gap
past the front one (that side gains the gap), a crashed front peg the gap behind the back one (that
side loses the gap), no further back than the start."""

from __future__ import annotations

import random

import pytest

from muggins import new_game
from muggins.cards import STANDARD_CARDS, parse_card, parse_cards
from muggins.games.cribbage.events import GameWon
from muggins.games.cribbage.game import Cribbage
from muggins.games.cribbage.quick import takes
from muggins.games.errors import OptionError
from muggins.games.events import Scored
from muggins.games.rollout import play_out
from muggins.games.words import tell
from muggins.scoring.show import score_show
from tests.games.test_cribbage_jokers import stacked

# Dealer 0; the pone (1) leads 5H and the dealer lays 10S: fifteen, 2 to seat 0, the first points of
# the hand (the starter 9D gives no heels; nothing is pegged before).
HANDS = {1: "5H 2C 4D 6S 8C QH", 0: "10S 3C 7D KS AH 9C"}
THROWS = [(1, "discard 8C QH"), (0, "discard KS AH")]


def dealer_to_lay(pegs: dict[int, tuple[int, int]], **options: object) -> Cribbage:
    """A table with ``options`` at ``pegs`` (side -> front, back) before the hand, the dealer to lay
    after the pone's 5H."""
    deck = stacked(HANDS, "9D", STANDARD_CARDS)
    game = new_game("cribbage", players=2, first_dealer=0, deck=deck, **options)  # type: ignore[arg-type]
    assert isinstance(game, Cribbage)
    for side, (front, back) in pegs.items():
        game.side_scores[side], game.back_pegs[side] = front, back
    for seat, move in [*THROWS, (1, "play 5H")]:
        game.apply(seat, move)
    return game


def fifteen_into(pegs: dict[int, tuple[int, int]]) -> Cribbage:
    """A crash table at ``pegs`` before the hand; the dealer pegs fifteen-two (only its events kept)."""
    game = dealer_to_lay(pegs, crash=True)
    game.events.clear()
    game.apply(0, "play 10S")
    return game


def scored(game: Cribbage) -> list[tuple[int, str, int, int]]:
    return [(e.player, e.reason, e.points, e.total) for e in game.events if isinstance(e, Scored)]


def test_landing_on_a_front_peg_sends_it_the_gap_behind_the_back_one() -> None:
    """The review's example: pegs ten apart, the front one crashed, ten off the score."""
    game = fifteen_into({0: (40, 38), 1: (42, 32)})
    assert scored(game) == [(0, "pegging", 2, 42), (1, "crash", -10, 32)]
    assert game.side_scores == [42, 32] and game.back_pegs == [40, 22]


def test_landing_on_a_back_peg_sends_it_the_gap_past_the_front_one() -> None:
    game = fifteen_into({0: (40, 38), 1: (52, 42)})
    assert scored(game) == [(0, "pegging", 2, 42), (1, "crash", 10, 62)]
    assert game.side_scores == [42, 62] and game.back_pegs == [40, 52]


def test_a_front_peg_crashed_past_the_start_stops_there() -> None:
    """The back peg is still off the track: the side's score falls to 0, both pegs at the start."""
    game = fifteen_into({0: (40, 38), 1: (42, 0)})
    assert scored(game)[1:] == [(1, "crash", -42, 0)]
    assert game.side_scores == [42, 0] and game.back_pegs == [40, 0]


def test_a_back_peg_crashed_to_the_target_wins_for_its_side() -> None:
    game = fifteen_into({0: (40, 38), 1: (100, 42)})
    assert scored(game)[1:] == [(1, "crash", 58, 158)]
    won = [e for e in game.events if isinstance(e, GameWon)]
    assert [w.winners for w in won] == [(1,)]
    assert game.is_over


@pytest.mark.parametrize("pegs", [{0: (40, 38), 1: (43, 33)}, {0: (40, 38), 1: (41, 30)}])
def test_a_peg_in_another_hole_is_not_crashed(pegs: dict[int, tuple[int, int]]) -> None:
    game = fifteen_into(pegs)
    assert scored(game) == [(0, "pegging", 2, 42)]
    assert game.side_scores[1] == pegs[1][0]


def test_a_peg_moved_by_a_crash_crashes_nothing_where_it_lands() -> None:
    """The crashed front peg goes back one, into the hole of the lander's back peg: it shares it."""
    game = fifteen_into({0: (40, 38), 1: (42, 41)})
    assert scored(game) == [(0, "pegging", 2, 42), (1, "crash", -1, 41)]
    assert game.side_scores == [42, 41] and game.back_pegs == [40, 40]


def test_without_the_option_nothing_is_crashed() -> None:
    game = dealer_to_lay({0: (40, 38), 1: (42, 32)})
    game.apply(0, "play 10S")
    assert game.scores == (42, 42)
    assert not any(isinstance(e, Scored) and e.reason == "crash" for e in game.events)


def test_a_crash_is_told_as_the_peg_it_moved() -> None:
    game = fifteen_into({0: (40, 38), 1: (42, 32)})
    lines = [tell("cribbage", e.to_dict()) for e in game.events if isinstance(e, Scored)]
    assert lines[1] == "player 1 loses 10 for a crashed front peg, 32 in all"
    game = fifteen_into({0: (40, 38), 1: (52, 42)})
    lines = [tell("cribbage", e.to_dict()) for e in game.events if isinstance(e, Scored)]
    assert lines[1] == "player 1 pegs 10 for a crashed back peg, 62 in all"


class Track:
    """The rules' track, kept apart from the engine: each side's front and back peg, moved by the
    points each score pegs, with the crashes the rules make of each landing."""

    def __init__(self, game: Cribbage) -> None:
        self.sides = [list(side) for side in game.view(None)["sides"]]
        self.side_of = {seat: i for i, side in enumerate(self.sides) for seat in side}
        self.players = game.players
        self.target = game.target
        self.front = [0] * len(self.sides)
        self.back = [0] * len(self.sides)

    def peg(self, seat: int, points: int) -> list[tuple[int, str, int, int]]:
        """Peg ``points`` for ``seat``'s side; the crashes that landing makes, as the engine tells them."""
        side = self.side_of[seat]
        self.back[side], self.front[side] = self.front[side], self.front[side] + points
        hole = self.front[side]
        if points <= 0 or hole >= self.target:  # a peg back (a correction) crashes nothing
            return []
        made, seen = [], {side}
        for other in [(seat + k) % self.players for k in range(1, self.players)]:
            crashed = self.side_of[other]
            if crashed in seen:
                continue
            seen.add(crashed)
            gap = self.front[crashed] - self.back[crashed]
            if self.back[crashed] == hole:
                self.back[crashed], self.front[crashed] = self.front[crashed], self.front[crashed] + gap
                made.append((other, "crash", gap, self.front[crashed]))
                if self.front[crashed] >= self.target:
                    break
            elif self.front[crashed] == hole:
                self.front[crashed], self.back[crashed] = self.back[crashed], max(0, self.back[crashed] - gap)
                made.append((other, "crash", -gap, self.front[crashed]))
        return made


@pytest.mark.parametrize(
    "form",
    [
        {"players": 2},
        {"players": 3},
        {"players": 4},
        {"players": 5},
        {"players": 4, "partnerships": True},
        {"players": 2, "counting": "manual", "muggins": True},
    ],
)
def test_every_crash_of_random_games_is_the_one_the_track_makes(form: dict[str, object]) -> None:
    """Random games at two to five players, in partnerships and with manual counting and muggins
    (random claims, calls and corrections), each score replayed on a track kept by the rules alone:
    every crash the engine tells is one the track makes, in the same order, and none is missing;
    the final scores agree. Both kinds of crash happen in these games."""
    kinds: set[bool] = set()
    for seed in range(40):
        game = new_game("cribbage", seed=seed, crash=True, **form)  # type: ignore[arg-type]
        assert isinstance(game, Cribbage)
        play_out(game, random.Random(seed))
        track = Track(game)
        expected: list[tuple[int, str, int, int]] = []
        for event in (e for e in game.events if isinstance(e, Scored)):
            told = (event.player, event.reason, event.points, event.total)
            if event.reason == "crash":
                assert expected and expected.pop(0) == told, f"seed {seed}: {told} not made by the track"
                kinds.add(event.points > 0)
                continue
            assert not expected, f"seed {seed}: crashes {expected} not told"
            expected = track.peg(event.player, event.points)
            assert track.front[track.side_of[event.player]] == event.total
        assert not expected
        assert [track.front[track.side_of[s]] for s in range(game.players)] == list(game.scores)
    assert kinds == {True, False}


def test_the_quick_random_path_leaves_crash_to_the_engine() -> None:
    game = new_game("cribbage", players=2, seed=1, crash=True)
    assert isinstance(game, Cribbage)
    assert not takes(game)
    assert game.finish_randomly(random.Random(1)) is None


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"lowball": True}, "Lowball"),
        ({"auction": True}, "Auction"),
        ({"players": 3, "captain": 0}, "Captain"),
    ],
)
def test_crash_refuses_the_forms_it_does_not_take(options: dict[str, object], match: str) -> None:
    options = {"players": 2, **options}
    with pytest.raises(OptionError, match=match):
        new_game("cribbage", crash=True, **options)  # type: ignore[arg-type]


def test_the_view_says_the_table_plays_crash() -> None:
    assert new_game("cribbage", players=2, crash=True).view(None)["crash"] is True
    assert new_game("cribbage", players=2).view(None)["crash"] is False


def test_a_muggins_call_pegged_onto_the_claimers_front_peg_crashes_it() -> None:
    """Manual counting with muggins: the pone claims two short of its hand; the dealer calls muggins
    for the two and pegs them into the pone's front peg, which is crashed back behind its back peg.
    The judged show records the call's two, the crash follows the muggins peg."""
    game = dealer_to_lay({}, crash=True, counting="manual", muggins=True)
    for seat, move in [(0, "play 10S"), (1, "play 2C"), (0, "play 3C")]:
        game.apply(seat, move)
    while game.view(None)["phase"] == "play":
        seat = min(game.to_move)
        game.apply(seat, game.legal_moves(seat)[0])
    true = score_show(parse_cards("5H 2C 4D 6S"), parse_card("9D")).total
    claim = true - 2
    game.side_scores[:], game.back_pegs[:] = [48 + claim, 50], [45 + claim, 45]
    game.apply(1, f"claim {claim}")
    assert (game.side_scores[1], game.back_pegs[1]) == (50 + claim, 50)
    game.events.clear()
    game.apply(0, "muggins 2")
    assert scored(game)[:2] == [(0, "muggins", 2, 50 + claim), (1, "crash", -claim, 50)]
    judged = next(e.to_dict() for e in game.events if e.type == "show_judged")
    assert judged["calls"] == [[0, "muggins 2", 2, ""]]
    assert (game.side_scores[1], game.back_pegs[1]) == (50, 50 - claim)
