"""The play searched for the game (``strategy.cribbage.race``): with a chance to win that is a straight
line in the margin it lays as the margin search lays; near 121 it pegs out when it can; and the
chance a play's end is worth agrees with the win-chance tables' own deal."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from muggins import new_game
from muggins.strategy.cribbage.play import holdings, play_values
from muggins.strategy.cribbage.race import Race, race, race_values
from muggins.strategy.cribbage.reading import read
from muggins.strategy.cribbage.search import SearchError, raced_values
from muggins.strategy.cribbage.winchance import TARGET, shipped_win_chance

RANKS = [rank for rank in range(1, 14) for _ in range(4)]


@settings(max_examples=40, deadline=None)
@given(st.permutations(RANKS), st.integers(0, 2))
def test_a_straight_line_chance_lays_as_the_margin_does(deck: list[int], laid: int) -> None:
    """Far from 121, with my chance at a play's end 0.5 + (mine - theirs) / 1000, each card's chance
    is that line at the margin search's value: the same search, judged the same way."""
    mine, theirs, pile = tuple(sorted(deck[:4])), tuple(sorted(deck[4:8])), tuple(deck[8 : 8 + laid])
    scores = np.arange(TARGET)
    line = 0.5 + (scores[:, None] - scores[None, :]) / 1000
    chances = race_values(Race.from_rows(40, 45, line.tolist()), mine, pile, False, [(theirs, 1.0)])
    margins = play_values(mine, pile, False, [(theirs, 1.0)])
    assert set(chances) == set(margins)
    for rank, margin in margins.items():
        assert chances[rank] == pytest.approx(0.5 + (40 - 45 + margin) / 1000)


def test_at_119_all_the_dealer_pairs_to_peg_out() -> None:
    """The pone leads a queen; the dealer holds J Q, the pone 4 Q; both on 119. For points the jack
    is better (pairing gives up a pair royal: -6 against -4 over the rest of the play); for the
    game, the pair's two points win it at once, and the jack lets the pone peg out first."""
    state = race(shipped_win_chance(), 119, 119, dealing=True, show=8)
    chances = race_values(state, (11, 12), (12,), False, [((4, 12), 1.0)])
    assert chances == {11: 0.0, 12: 1.0}
    assert play_values((11, 12), (12,), False, [((4, 12), 1.0)]) == {11: -4.0, 12: -6.0}


@pytest.mark.parametrize("dealing", [True, False])
@pytest.mark.parametrize("scores", [(100, 104), (113, 96), (118, 119), (60, 70)])
def test_a_plays_end_agrees_with_the_tables_deal(dealing: bool, scores: tuple[int, int]) -> None:
    """Over the tables' plays, the chances a play's end is worth give the tables' own chance for the
    deal, with my show (and, dealing, my crib) as the deal's."""
    win = shipped_win_chance()
    show = 9
    state = race(win, *scores, dealing=dealing, show=show)
    mine, theirs = scores
    total = 0.0
    for (dealer_pegs, pone_pegs), q in win.pegging.items():
        me, them = (
            (mine + dealer_pegs, theirs + pone_pegs) if dealing else (mine + pone_pegs, theirs + dealer_pegs)
        )
        pone_there, dealer_there = (them, me) if dealing else (me, them)
        if pone_there >= TARGET:  # as the tables take it: the pone first
            total += 0.0 if dealing else q
        elif dealer_there >= TARGET:
            total += q if dealing else 0.0
        else:
            total += q * state.after[me * TARGET + them]
    if dealing:
        expected = win.deal_chance(mine, theirs, dealer_show={show + c: q for c, q in win.crib.items()})
    else:
        expected = 1.0 - win.deal_chance(theirs, mine, pone_show={show: 1.0})
    assert total == pytest.approx(expected, abs=1e-9)


def test_a_seat_near_the_end_is_raced_from_what_it_has_seen() -> None:
    game = new_game("cribbage", players=2, seed=4, first_dealer=1)
    for number in (0, 1):
        game.apply(number, "discard " + " ".join(game.view(number)["hand"][:2]))
    pone = read(game.view(0))
    chances = raced_values(pone, shipped_win_chance())
    hand = tuple(sorted(card.rank for card in pone.hand))
    assert set(chances) == set(hand) and all(0.0 <= q <= 1.0 for q in chances.values())
    sampled = raced_values(pone, shipped_win_chance(), samples=20, rng=random.Random(1))
    assert sampled == raced_values(pone, shipped_win_chance(), samples=20, rng=random.Random(1))
    assert len(holdings([4] * 13, 4)) > 20  # so the sample is a sample
    with pytest.raises(SearchError, match="to 121"):
        raced_values(read(new_game("cribbage", players=2, seed=4, target=61).view(0)), shipped_win_chance())


def test_a_race_is_below_the_target() -> None:
    with pytest.raises(ValueError, match="below 121: not 121 against 3"):
        Race.from_rows(121, 3, np.zeros((TARGET, TARGET)).tolist())


def plain_after(dealing: bool, show: int) -> list[list[float]]:
    """``race._after`` worked out score by score: my chance from each pair of scores a play ends on,
    their show (and, if I deal, my crib) to come, summed in the distributions' order."""
    win = shipped_win_chance()
    last = TARGET - 1
    after = [[0.0] * TARGET for _ in range(TARGET)]
    crib = None
    if dealing:
        crib = [[0.0] * TARGET for _ in range(2 * TARGET)]
        for dealer in range(2 * TARGET):
            for pone in range(TARGET):
                for points, c in win.crib.items():
                    me = dealer + points
                    chance = 1.0 if me >= TARGET else 1.0 - float(win.dealer_wins[pone, min(me, last)])
                    crib[dealer][pone] += c * chance
    for mine in range(TARGET):
        for theirs in range(TARGET):
            total = 0.0
            for shown, q in (win.pone_show if dealing else win.dealer_show).items():
                them = theirs + shown
                if crib is not None:
                    total += q * (0.0 if them >= TARGET else crib[mine + show][min(them, last)])
                else:
                    me = min(mine + show, last)
                    total += q * (0.0 if them >= TARGET else float(win.dealer_wins[me, min(them, last)]))
            if not dealing and mine + show >= TARGET:
                total = 1.0
            after[mine][theirs] = min(1.0, max(0.0, total))
    return after


@pytest.mark.parametrize(("dealing", "show"), [(True, 0), (True, 12), (False, 0), (False, 7), (False, 29)])
def test_a_races_table_is_each_pair_of_scores_looked_up(dealing: bool, show: int) -> None:
    """The tables made by slices are the tables made score by score, to the last bit."""
    win = shipped_win_chance()
    table = race(win, 0, 0, dealing=dealing, show=show).after
    plain = plain_after(dealing, show)
    assert list(table) == [chance for row in plain for chance in row]
