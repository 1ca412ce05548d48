"""Cross Cribbage (docs/rules/cross.md): the deal and the order of play at two, three and four
players, laying and throwing, the count and the difference pegged, the end, what each seat may see,
and bad moves refused with nothing changed."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from muggins import load_game, new_game
from muggins.cards import STANDARD_CARDS, Card, parse_card
from muggins.games.base import Game
from muggins.games.cross.events import Counted, Thrown, Turned
from muggins.games.errors import IllegalMoveError, MoveSyntaxError, NotYourTurnError, OptionError
from muggins.games.events import Scored
from muggins.games.result import Termination
from muggins.scoring.cross.grid import CENTRE, cell_name
from muggins.scoring.show import itemise_show
from tests.scoring.test_cross import plain_line

ROWS = [[r * 5 + c for c in range(5)] for r in range(5)]
COLUMNS = [[r * 5 + c for r in range(5)] for c in range(5)]


def deck(cut: str = "9C") -> list[Card]:
    """28 cards for the piles, then the cut card ``cut``."""
    cut_card = parse_card(cut)
    return [*[card for card in STANDARD_CARDS if card != cut_card][:28], cut_card]


def play_deal(game: Game, rng: random.Random) -> None:
    """Random legal moves until the deal is counted (or the game over)."""
    while not game.is_over and game.view(min(game.to_move))["phase"] == "lay":
        seat = min(game.to_move)
        game.apply(seat, rng.choice(game.legal_moves(seat)))


@pytest.mark.parametrize(("players", "piles"), [(2, [14, 14]), (3, [14, 7, 7]), (4, [7, 7, 7, 7])])
def test_each_side_is_dealt_fourteen_and_the_cut_card_lies_in_the_centre(
    players: int, piles: list[int]
) -> None:
    game = new_game("cross", players=players, deck=deck("KH"))
    view = game.view(None)
    assert view["piles"] == piles
    assert view["grid"][CENTRE] == "KH" and view["cut"] == "KH"
    assert sum(card is not None for card in view["grid"]) == 1
    counts = {2: ["rows", "columns"], 3: ["rows", "columns", "columns"], 4: ["rows", "columns"] * 2}
    assert view["counts"] == counts[players]
    assert view["dealer"] == 0


@pytest.mark.parametrize(
    ("players", "dealers", "order"),
    [
        (2, [0, 1, 0, 1], [1, 0]),
        (3, [0, 1, 0, 2, 0, 1], [1, 0, 2, 0]),
        (4, [0, 1, 2, 3, 0], [1, 2, 3, 0]),
    ],
)
def test_the_deal_alternates_sides_and_the_turns_alternate_too(
    players: int, dealers: list[int], order: list[int]
) -> None:
    game = new_game("cross", players=players, seed=3, target=121)
    assert game.view(None)["order"] == order
    rng = random.Random(3)
    seen: list[int] = []
    while len(seen) < len(dealers) and not game.is_over:
        view = game.view(None)
        if view["phase"] == "lay":
            if view["hand"] > len(seen):
                seen.append(view["dealer"])
            seat = view["turn"]
            game.apply(seat, rng.choice(game.legal_moves(seat)))
        else:
            for seat in sorted(game.to_move):
                game.apply(seat, "ready")
    assert seen == dealers
    sides = [[0], [1]] if players == 2 else ([[0], [1, 2]] if players == 3 else [[0, 2], [1, 3]])
    assert game.view(None)["sides"] == sides


def test_a_throw_keeps_the_turn_and_the_next_card_is_turned() -> None:
    game = new_game("cross", players=2, deck=deck())
    first = game.view(1)["card"]
    assert game.to_move == {1} and first is not None
    events = game.apply(1, "throw")
    assert [type(e) for e in events] == [Thrown, Turned]
    assert game.to_move == {1} and game.view(1)["card"] != first
    assert game.view(1)["my_crib"] == [first] and game.view(0)["my_crib"] == []
    assert game.view(0)["thrown"] == [0, 1]
    game.apply(1, "throw")
    assert "throw" not in [str(m) for m in game.legal_moves(1)]
    before = game.record()
    with pytest.raises(IllegalMoveError, match="has thrown 2 to the crib already"):
        game.apply(1, "throw")
    assert game.record() == before
    game.apply(1, "lay a1")
    assert game.to_move == {0}


def test_bad_moves_are_refused_and_change_nothing() -> None:
    game = new_game("cross", players=2, deck=deck("5S"))
    game.apply(1, "lay b2")
    before = game.record()
    cases: list[tuple[int, str, type[Exception], str]] = [
        (1, "lay a1", NotYourTurnError, "player 0's turn"),
        (0, "lay b2", IllegalMoveError, "b2 already holds"),
        (0, "lay c3", IllegalMoveError, r"c3 already holds 5S \(the cut card\)"),
        (0, "lay f1", MoveSyntaxError, "column a-e and a row 1-5"),
        (0, "lay", MoveSyntaxError, "one cell"),
        (0, "throw 5S", MoveSyntaxError, "takes nothing"),
        (0, "place b2", MoveSyntaxError, "unknown move|expected one of"),
        (0, "ready", IllegalMoveError, "not a move in Cross Cribbage"),
    ]
    for seat, move, error, said in cases:
        with pytest.raises(error, match=said):
            game.apply(seat, move)
        assert game.record() == before, move


def test_options_are_checked() -> None:
    with pytest.raises(OptionError, match="target"):
        new_game("cross", players=2, target=5)
    with pytest.raises(OptionError, match="2-4 players"):
        new_game("cross", players=5)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_count_is_every_line_the_crib_and_heels_and_the_difference_is_pegged(players: int) -> None:
    """Over many random deals: each side's lines match the plain count, the dealer's side adds the
    crib (counted as a crib) and heels, the higher total pegs the difference, the lower nothing."""
    rng = random.Random(players)
    for seed in range(25):
        game = new_game("cross", players=players, seed=seed, target=121)
        play_deal(game, rng)
        view = game.view(None)
        cut = parse_card(view["cut"])
        grid = [parse_card(card) for card in view["grid"]]
        crib = [parse_card(card) for card in view["crib"]]
        assert len(crib) == 4 and not set(crib) & set(grid)
        assert Counter(view["thrown"]) == Counter([2 // len(side) for side in view["sides"] for _ in side])
        totals = [
            sum(plain_line([grid[i] for i in line], cut) for line in lines) for lines in (ROWS, COLUMNS)
        ]
        dealing = 0 if view["counts"][view["dealer"]] == "rows" else 1
        totals[dealing] += itemise_show(crib, cut, crib=True).total + (2 if cut.rank == 11 else 0)
        counted = [e for e in game.events if isinstance(e, Counted)]
        assert {e.player: e.total for e in counted} == {
            view["sides"][side][0]: totals[side] for side in (0, 1)
        }
        pegged = [e for e in game.events if isinstance(e, Scored)]
        if totals[0] == totals[1]:
            assert not pegged and game.scores == (0,) * players
        else:
            winner = 0 if totals[0] > totals[1] else 1
            assert [(e.player, e.points) for e in pegged] == [
                (view["sides"][winner][0], abs(totals[0] - totals[1]))
            ]
            assert all(
                score == (abs(totals[0] - totals[1]) if seat in view["sides"][winner] else 0)
                for seat, score in enumerate(game.scores)
            )


def test_cards_not_thrown_go_to_the_crib_unseen_at_the_end() -> None:
    game = new_game("cross", players=2, deck=deck())
    while game.view(None)["phase"] == "lay":
        seat = min(game.to_move)
        game.apply(seat, next(str(m) for m in game.legal_moves(seat) if str(m) != "throw"))
    unseen = [e for e in game.events if isinstance(e, Thrown)]
    assert [(e.player, e.card, e.unseen) for e in unseen] == [(0, None, True)] * 2 + [(1, None, True)] * 2
    assert len(game.view(None)["crib"]) == 4


def test_what_each_seat_sees() -> None:
    """The turned card is its player's alone; a card thrown is its thrower's until the count; a card
    left in a pile and thrown at the end is nobody's until then; partners see nothing of each other's."""
    game = new_game("cross", players=4, deck=deck())
    turned = game.view(1)["card"]
    assert all(game.view(seat)["card"] is None for seat in (0, 2, 3)) and game.view(None)["card"] is None
    assert parse_card(turned) in game.hidden_cards(3) and parse_card(turned) not in game.hidden_cards(1)
    game.apply(1, "throw")
    assert parse_card(turned) in game.hidden_cards(3) and parse_card(turned) not in game.hidden_cards(1)
    assert game.view(3)["my_crib"] == [] and game.view(1)["my_crib"] == [turned]
    thrown = next(e for e in game.events if isinstance(e, Thrown))
    assert thrown.for_viewer(3).values()["card"] is None
    assert thrown.for_viewer(1).values()["card"] == parse_card(turned)
    while game.view(None)["phase"] == "lay":
        seat = min(game.to_move)
        game.apply(seat, next(str(m) for m in game.legal_moves(seat) if str(m) != "throw"))
    assert not game.hidden_cards(0) & {parse_card(card) for card in game.view(None)["crib"]}


def test_a_side_reaching_the_target_wins_and_a_player_leaving_loses_for_their_side() -> None:
    rng = random.Random(5)
    game = new_game("cross", players=4, seed=5, target=11)
    while not game.is_over:
        play_deal(game, rng)
        for seat in sorted(game.to_move):
            if game.view(seat)["phase"] == "counted":
                game.apply(seat, "ready")
    result = game.result
    assert result is not None and result.termination is Termination.TARGET
    winners = set(result.winners)
    assert winners in ({0, 2}, {1, 3}) and all(game.scores[seat] >= 11 for seat in winners)
    assert load_game(game.record()).events == game.events

    left = new_game("cross", players=3, seed=2)
    left.apply(2, "leave")
    assert left.result is not None and left.result.termination is Termination.LEFT
    assert left.result.winners == (0,)


def test_between_deals_every_player_says_ready() -> None:
    game = new_game("cross", players=3, seed=9, target=121)
    play_deal(game, random.Random(9))
    assert game.to_move == {0, 1, 2} and [str(m) for m in game.legal_moves(0)] == ["ready"]
    with pytest.raises(IllegalMoveError, match="say 'ready'"):
        game.apply(0, "lay a1")
    game.apply(0, "ready")
    game.apply(2, "ready")
    assert game.view(None)["hand"] == 1
    game.apply(1, "ready")
    assert game.view(None)["hand"] == 2 and game.view(None)["grid"].count(None) == 24


def test_cells_are_listed_in_the_view() -> None:
    assert new_game("cross", players=2, seed=1).view(0)["cells"] == [cell_name(i) for i in range(25)]


def test_table_top_deals_twelve_each_and_lays_only_touching_cards() -> None:
    """Table Top Cribbage (down2002.com): twelve cards each, no crib, each card laid touching one on
    the grid by a side or a corner."""
    game = new_game("cross", players=2, form="table-top", seed=1)
    view = game.view(1)
    assert view["piles"] == [12, 12] and view["share"] == [0, 0] and view["target"] == 121
    assert sorted(str(m) for m in game.legal_moves(1)) == sorted(
        f"lay {c}" for c in ["b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4"]
    )
    before = game.record()
    for move, said in (("lay a1", "a1 touches none"), ("throw", "has no crib")):
        with pytest.raises(IllegalMoveError, match=said):
            game.apply(1, move)
        assert game.record() == before
    game.apply(1, "lay d4")
    assert "lay e5" in [str(m) for m in game.legal_moves(0)]  # a corner touches
    with pytest.raises(OptionError, match="Table Top Cribbage is for two players"):
        new_game("cross", players=4, form="table-top")


def test_table_top_pegs_each_sides_own_lines_the_dealers_opponent_first() -> None:
    rng = random.Random(7)
    for seed in range(15):
        game = new_game("cross", players=2, form="table-top", seed=seed)
        play_deal(game, rng)
        view = game.view(None)
        cut = parse_card(view["cut"])
        grid = [parse_card(card) for card in view["grid"]]
        totals = [
            sum(plain_line([grid[i] for i in line], cut, table_top=True) for line in lines)
            for lines in (ROWS, COLUMNS)
        ]
        pegged = [(e.player, e.reason, e.points) for e in game.events if isinstance(e, Scored)]
        assert pegged == [(side, "its lines", totals[side]) for side in (1, 0) if totals[side]]
        assert view["crib"] == [] and not any(isinstance(e, Thrown) for e in game.events)
