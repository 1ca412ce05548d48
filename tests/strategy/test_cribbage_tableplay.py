"""The search of the play at any table, against the rules as the engine plays them: three and four
players and partnerships, every card known. Following the search's own choices through the engine
scores, side by side, what the search said it would at every step; late in a play, the engine's own
legal moves tried to the end (each seat for its side's margin) give the search's values; and with
two seats it is the two-player search."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from muggins import load_game, new_game
from muggins.cards import STANDARD_CARDS, parse_card
from muggins.games.base import Game
from muggins.games.moves import Go, Play
from muggins.strategy.cribbage.play import rest_of_play
from muggins.strategy.cribbage.reading import Seat, read
from muggins.strategy.cribbage.search import table_searched_values, unseen_ranks
from muggins.strategy.cribbage.tableplay import Table, table_holdings, table_play_values

PACK = [str(card) for card in STANDARD_CARDS]
TABLES = [(3, False), (4, False), (4, True)]


def play_start(deck: list[str], players: int, partnerships: bool) -> Game:
    """A deal from ``deck`` with each seat throwing its first card, at the first lay; counted by
    hand, so that the end of the play scores no show in the same move."""
    game = new_game(
        "cribbage", players=players, partnerships=partnerships, first_dealer=players - 1, target=1000,
        skip_empty=False, skip_pass=False, counting="manual", seed=0, deck=[deck],
    )  # fmt: skip
    for seat in range(players):
        game.apply(seat, "discard " + game.view(seat)["hand"][0])
    return game


def position(game: Game) -> tuple[Table, tuple[tuple[int, ...], ...], tuple[int, ...], int, int, list[int]]:
    """The engine's play as the search sees it, from the seat to move: the table, every hand,
    the pile since the reset, the count and the seats passed (numbered from the mover in the order
    of play), and the engine's seat for each of those numbers."""
    view = game.view(None)
    mover = min(game.to_move)
    players = view["players"]
    order = [(mover + i) % players for i in range(players)]
    sides = [next(i for i, side in enumerate(view["sides"]) if seat in side) for seat in order]
    hands = tuple(tuple(sorted(parse_card(c).rank for c in game.view(seat)["hand"])) for seat in order)
    pile = tuple(parse_card(card).rank for _, card in view["pile"])
    passed = sum(1 << order.index(seat) for seat in view["passed"])
    return Table(sides), hands, pile, view["count"], passed, order


def side_points(game: Game) -> list[int]:
    view = game.view(None)
    return [game.scores[side[0]] for side in view["sides"]]


def searched(game: Game) -> tuple[list[int], Any]:
    """What the search says each side pegs from here, by the engine's side numbers, and its move."""
    table, hands, pile, count, passed, order = position(game)
    points = table.rest(hands, pile, count, 0, passed)
    # the search's sides are numbered as the engine's (each seat's side index)
    lays = [r for r in sorted(set(hands[0])) if count + min(r, 10) <= 31]
    if not lays:
        return list(points), Go()
    best = max(lays, key=lambda r: table.margin(table.lay(hands, pile, count, 0, passed, r), 0))
    hand = game.view(order[0])["hand"]
    return list(points), Play(parse_card(next(c for c in hand if parse_card(c).rank == best)))


@settings(max_examples=12, deadline=None)
@given(st.permutations(PACK), st.sampled_from(TABLES))
def test_the_search_scores_what_the_engine_scores(deck: list[str], table: tuple[int, bool]) -> None:
    game = play_start(list(deck), *table)
    before = side_points(game)
    predicted, _ = searched(game)
    while game.view(None)["phase"] == "play":
        now = side_points(game)
        expected, move = searched(game)
        game.apply(min(game.to_move), move)
        # the rest from each step is what the search said at the start, less what has been pegged
        assert [e + n - b for e, n, b in zip(expected, now, before, strict=True)] == predicted
    assert [a - b for a, b in zip(side_points(game), before, strict=True)] == predicted


def engine_points(record: dict[str, Any], sides: int) -> list[int]:
    """Points by side over the rest of the play, each seat laying for its side's margin (ties: the
    lowest rank, as the search breaks them), by trying every legal move of the engine itself."""
    game = load_game(record)
    if game.view(None)["phase"] != "play":
        return [0] * sides
    seat = min(game.to_move)
    view = game.view(None)
    mine = next(i for i, side in enumerate(view["sides"]) if seat in side)
    best: list[int] | None = None
    best_margin = 0.0
    moves = sorted(game.legal_moves(seat), key=lambda m: m.card.rank if isinstance(m, Play) else 0)
    for move in moves:
        after = load_game(record)
        before = side_points(after)
        after.apply(seat, move)
        gained = [a - b for a, b in zip(side_points(after), before, strict=True)]
        value = [g + r for g, r in zip(gained, engine_points(after.record(), sides), strict=True)]
        margin = value[mine] - (sum(value) - value[mine]) / (sides - 1)
        if best is None or margin > best_margin:
            best, best_margin = value, margin
    assert best is not None
    return best


@settings(max_examples=10, deadline=None)
@given(st.permutations(PACK), st.sampled_from(TABLES), st.integers(0, 2**32))
def test_late_in_a_play_the_engine_agrees(deck: list[str], table: tuple[int, bool], seed: int) -> None:
    game = play_start(list(deck), *table)
    rng = random.Random(seed)
    while game.view(None)["phase"] == "play" and sum(game.view(None)["hand_sizes"]) > 6:
        seat = min(game.to_move)
        game.apply(seat, rng.choice(game.legal_moves(seat)))
    if game.view(None)["phase"] != "play":
        return
    sides = len(game.view(None)["sides"])
    expected = engine_points(game.record(), sides)
    table_, hands, pile, count, passed, _ = position(game)
    found = table_.rest(hands, pile, count, 0, passed)
    assert list(found) == expected, (hands, pile, count, passed)


@settings(max_examples=30, deadline=None)
@given(st.permutations(PACK))
def test_two_seats_are_the_two_player_search(deck: list[str]) -> None:
    ranks = [parse_card(card).rank for card in deck]
    pone, dealer = tuple(sorted(ranks[:4])), tuple(sorted(ranks[4:8]))
    points = Table((0, 1)).rest((pone, dealer), (), 0, 0, 0)
    assert points[0] - points[1] == rest_of_play(pone, dealer, (), False)


def test_joint_holdings_deal_the_unseen_cards_without_replacement() -> None:
    unseen = [0] * 13
    unseen[4], unseen[9] = 2, 1  # two fives and a ten unseen
    found = table_holdings(unseen, (1, 2), (1, 1), limit=100)
    assert found is not None
    by_cards: dict[tuple[tuple[int, ...], ...], int] = {}
    for cards in itertools.permutations(["5H", "5S", "10C"]):
        first, second = (parse_card(cards[0]).rank,), tuple(sorted(parse_card(c).rank for c in cards[1:]))
        by_cards[first, second] = by_cards.get((first, second), 0) + 1
    # each split of the three cards counted once per way (the second seat's two are unordered)
    assert dict(found) == {k: v // 2 for k, v in by_cards.items()}
    assert table_holdings([4] * 13, (2, 2), (1, 1), limit=100) is None  # 91 x 91 joint holdings
    low = table_holdings([4] * 13, (1,), (7,), limit=100)  # a go at 25: nothing worth 6 or less
    assert low is not None and {held for held, _ in low} == {((r,),) for r in range(7, 14)}


def test_values_average_the_search_over_the_joint_holdings() -> None:
    table = Table((0, 1, 2))
    unseen = [4] * 13
    hand = (5, 10)
    for rank in (*hand, 6):
        unseen[rank - 1] -= 1
    others = table_holdings(unseen, (1, 1), (1, 1), limit=200)
    assert others is not None
    values = table_play_values(table, hand, (), 0, others)
    total = sum(weight for _, weight in others)
    lays = [(weight, table.lay((hand, *held), (), 0, 0, 0, 5)) for held, weight in others]
    expected = sum(weight * table.margin(points, 0) for weight, points in lays)
    assert set(values) == {5, 10} and abs(values[5] - expected / total) < 1e-9


def late_seat(players: int, partnerships: bool) -> Seat:
    """A seat to lay at a table of ``players`` with two ranks to choose from, late enough in the play
    that its search is exact: the engine's first legal moves from the first deal that has one, of
    packs shuffled from seed 0 on."""
    for seed in range(100):
        deck = list(PACK)
        random.Random(seed).shuffle(deck)
        game = play_start(deck, players, partnerships)
        while game.view(None)["phase"] == "play":
            seat = read(game.view(min(game.to_move)))
            fitting = {card.rank for card in seat.hand if card.value + seat.count <= 31}
            if len(fitting) > 1 and table_searched_values(seat) is not None:
                return seat
            game.apply(min(game.to_move), game.legal_moves(min(game.to_move))[0])
    raise AssertionError("no deal of 100 gave an exact search with a choice")


@pytest.mark.parametrize(("players", "partnerships"), TABLES)
def test_the_discard_model_weighs_the_joint_holdings(players: int, partnerships: bool) -> None:
    """Weights of one change nothing; a rank no other seat can have kept (weight 0) drops every joint
    holding with it, as if its cards had been seen."""
    seat = late_seat(players, partnerships)
    others = [s for s in seat.active if s != seat.me]
    even = table_searched_values(seat)
    assert even is not None
    assert table_searched_values(seat, kept={s: [1.0] * 13 for s in others}) == pytest.approx(even)
    changed = 0
    for rank in (r for r, n in enumerate(unseen_ranks(seat), start=1) if n):
        without = [0.0 if r == rank else 1.0 for r in range(1, 14)]
        seen = tuple(card for card in STANDARD_CARDS if card.rank == rank and card not in seat.hand)
        as_seen = table_searched_values(replace(seat, discards=(*seat.discards, *seen)))
        assert as_seen is not None
        assert table_searched_values(seat, kept=dict.fromkeys(others, without)) == pytest.approx(as_seen)
        changed += as_seen != pytest.approx(even)
    assert changed  # some rank the others may hold changes what the seat's cards are worth
