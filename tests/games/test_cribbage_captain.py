"""Captain's cribbage (docs/rules/cribbage.md): three-handed cribbage, the captain alone to half the
target against the other two, who peg one score together to the whole target."""

from __future__ import annotations

import random

import pytest

from muggins import new_game
from muggins.bots.cribbage.position import points_needed
from muggins.games.cribbage.game import Cribbage
from muggins.games.errors import OptionError
from muggins.games.events import Scored
from muggins.games.result import Termination
from muggins.games.rollout import play_out
from muggins.strategy.cribbage.reading import read


def captains(seed: int, captain: int = 1, **options: object) -> Cribbage:
    game = new_game("cribbage", players=3, captain=captain, seed=seed, **options)  # type: ignore[arg-type]
    assert isinstance(game, Cribbage)
    return game


def test_the_captain_plays_alone_to_half_the_target() -> None:
    game = captains(1)
    view = game.view(None)
    assert view["sides"] == [[1], [0, 2]]
    assert view["targets"] == [121, 61, 121]
    assert captains(1, target=31).view(None)["targets"] == [31, 16, 31]
    assert [len(game.hand[s]) for s in range(3)] == [5, 5, 5]  # the three-handed deal


def test_the_partners_peg_one_score_and_each_side_wins_at_its_own_target() -> None:
    outcomes = set()
    for seed in range(30):
        game = captains(seed, captain=seed % 3, target=21)
        captain = seed % 3
        partners = [s for s in range(3) if s != captain]
        for event in game.events:
            assert not isinstance(event, Scored)  # nothing is pegged before the play
        play_out(game, random.Random(seed))
        result = game.result
        assert result is not None and result.termination is Termination.TARGET
        scores = result.scores
        assert scores[partners[0]] == scores[partners[1]]
        if result.ranks[captain] == 1:
            assert scores[captain] >= 11 and scores[partners[0]] < 21
            assert result.reason == f"player {captain} reached 11"
            outcomes.add("captain")
        else:
            assert [result.ranks[p] for p in partners] == [1, 1] and result.ranks[
                captain
            ] == 3  # shared first
            assert scores[partners[0]] >= 21 and scores[captain] < 11
            outcomes.add("partners")
        assert result.skunks == (None, None, None)  # no skunk lines unless set
    assert outcomes == {"captain", "partners"}


def test_a_partners_points_count_for_both() -> None:
    game = captains(4, captain=0)
    play_out_one_hand(game)
    scored = [e for e in game.events if isinstance(e, Scored)]
    assert scored
    for event in scored:
        seats = (0,) if event.player == 0 else (1, 2)
        assert all(game.scores[s] >= event.total for s in seats)
    assert game.scores[1] == game.scores[2]


def play_out_one_hand(game: Cribbage) -> None:
    hand = game.hand_number
    while game.hand_number == hand and game.result is None:
        seat = min(game.to_move)
        game.apply(seat, game.legal_moves(seat)[0])


@pytest.mark.parametrize(("leaver", "winners"), [(1, (0, 2)), (0, (1,)), (2, (1,))])
def test_a_captain_who_leaves_concedes_and_a_partner_takes_the_side_out(
    leaver: int, winners: tuple[int, ...]
) -> None:
    game = captains(2)
    game.apply(leaver, "leave")
    assert game.result is not None
    assert tuple(s for s in range(3) if game.result.ranks[s] == 1) == winners


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"players": 2, "captain": 0}, "three players, not 2"),
        ({"players": 4, "captain": 0}, "three players, not 4"),
        ({"players": 3, "captain": 0, "variant": "ten-hand"}, "the six-card deal, not ten-hand"),
        ({"players": 3, "captain": 0, "match": 3}, "match must be 1"),
        ({"players": 3, "captain": 3}, "captain"),
    ],
)
def test_tables_that_are_not_captains_cribbage_are_refused(options: dict[str, object], match: str) -> None:
    with pytest.raises(OptionError, match=match):
        new_game("cribbage", **options)  # type: ignore[arg-type]


def test_skunk_lines_set_by_the_table_apply_to_the_losing_side() -> None:
    game = captains(5, captain=2, target=41, skunk=35)
    play_out(game, random.Random(5))
    result = game.result
    assert result is not None
    for seat in range(3):
        if result.ranks[seat] != 1:
            assert result.skunks[seat] == ("skunk" if result.scores[seat] < 35 else None)


def test_the_deal_passes_round_as_in_three_handed_cribbage() -> None:
    """Cribbage Corner's rule: the deal goes round all three seats, the captain's turn included
    (CribbageBox has the captain deal every hand: not the rule chosen)."""
    for seed in range(6):
        game = captains(seed, captain=seed % 3)
        rng = random.Random(seed)
        dealers = [(game.hand_number, game.dealer)]
        while game.result is None and len(dealers) < 7:
            seat = min(game.to_move)
            game.apply(seat, rng.choice(game.legal_moves(seat)))
            if game.hand_number != dealers[-1][0]:
                dealers.append((game.hand_number, game.dealer))
        assert len(dealers) >= 4
        first = dealers[0][1]
        assert [dealer for _, dealer in dealers] == [(first + k) % 3 for k in range(len(dealers))]


def test_the_bots_read_their_own_sides_target() -> None:
    """Near the end the expert plays for the points its own side needs: the captain 61 less its
    score, the partners 121 less theirs."""
    game = captains(3, captain=1)
    game.side_scores[game.seating.side_of[1]] = 50
    game.side_scores[game.seating.side_of[0]] = 100
    captain, partner = read(game.view(1)), read(game.view(0))
    assert (captain.target, partner.target) == (61, 121)
    assert points_needed(captain) == 11
    assert points_needed(partner) == 21
