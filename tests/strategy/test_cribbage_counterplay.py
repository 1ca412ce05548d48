"""The play searched from what the seat can know (``counterplay``): against a plain search on the
ranks laid, scored by the rules' pegging scorer; against the engine itself where the other's hand
is known; and what knowing more is worth."""

from __future__ import annotations

import functools
import itertools
import random
import sys
import threading
from collections.abc import Sequence
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from muggins import load_game
from muggins.cards import Card, parse_card
from muggins.games.moves import Go, Play
from muggins.scoring.cribbage.pegging import score_play
from muggins.strategy.cribbage.counterplay import counter_values
from muggins.strategy.cribbage.play import play_points, play_values, start_afresh
from muggins.strategy.cribbage.race import Race
from muggins.strategy.cribbage.reading import read
from muggins.strategy.cribbage.winchance import TARGET
from tests.strategy.test_cribbage_play import PACK, play_start, ranks

Ranks = tuple[int, ...]
Holdings = list[tuple[Ranks, float]]
VALUE = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
TEXT = "A23456789TJQK"
ALIKE = 1e-9


def cards(pile: Ranks) -> list[Card]:
    """Cards of the ranks in ``pile``, each rank's copies in different suits."""
    return [parse_card(TEXT[rank - 1] + "CDHS"[pile[:at].count(rank)]) for at, rank in enumerate(pile)]


@functools.cache
def points(pile: Ranks, rank: int) -> int:
    """What laying ``rank`` on ``pile`` (the count's cards) pegs, by the rules' scorer; -1 past 31."""
    if sum(VALUE[r] for r in pile) + VALUE[rank] > 31:
        return -1
    if pile.count(rank) == 4:  # a fifth card, read by the model's any-ranks-alike reply: no card
        return play_points(pile, rank)  # to score it with; the search's own rank tables say
    return score_play(cards((*pile, rank))).total


@functools.cache
def expected_reply(pile: Ranks, held: int) -> float:
    """The seat's best reply on ``pile`` holding ``held`` cards of any ranks alike, by trying every
    ``held`` ranks in turn."""
    if not held:
        return 0.0
    best = [max(0, points(pile, rank)) for rank in range(1, 14)]
    tries = list(itertools.product(range(13), repeat=held))
    return sum(max(best[r] for r in drawn) for drawn in tries) / len(tries)


def model(hand: Ranks, pile: Ranks, held: int, alone: bool) -> int:
    """The other's rank as ``counterplay`` documents it (0: go)."""
    fits = sorted({rank for rank in hand if points(pile, rank) >= 0})
    if not fits:
        return 0

    def value(rank: int) -> float:
        if alone or sum(VALUE[r] for r in pile) + VALUE[rank] == 31:
            return points(pile, rank)
        return points(pile, rank) - expected_reply((*pile, rank), held)

    top = max(value(rank) for rank in fits)
    alike = [rank for rank in fits if value(rank) >= top - ALIKE]
    return min(alike) if alone else max(alike)


def without(hand: Ranks, rank: int) -> Ranks:
    at = hand.index(rank)
    return hand[:at] + hand[at + 1 :]


Scores = tuple[int, int]


def settle(scores: Scores, race: Race | None, weight: float, *, ended: bool) -> float | None:
    """The weighted value where the play is settled (None where it goes on): a race won at once on
    reaching the target, or the end of the play, valued by the margin pegged (no race) or by the
    race's table."""
    mine, theirs = scores
    if race is not None and mine >= TARGET:
        return weight
    if race is not None and theirs >= TARGET:
        return 0.0
    return ending(scores, race, weight) if ended else None


def ending(scores: Scores, race: Race | None, weight: float) -> float:
    """The weighted value of a play ending on ``scores`` below any target: the margin pegged (no
    race), or the race's chance from them."""
    mine, theirs = scores
    return weight * (race.after[mine * TARGET + theirs] if race is not None else mine - theirs)


def plain(  # noqa: PLR0917 (every part of a position)
    mine: Ranks, others: Holdings, pile: Ranks, go: bool, seat_to_lay: bool, scores: Scores, race: Race | None
) -> float:
    """The weighted sum of the values of the ends of the play from here: the seat's one choice for
    every holding alike, the other's by the model, the holdings split by what the other lays.
    ``go``: the player not to lay has said go on this count; ``scores``: the seat's and the other's
    (points pegged since the decision, without a race)."""
    if not mine and not others[0][0]:
        return ending(scores, race, sum(weight for _, weight in others))
    if seat_to_lay:
        fits = sorted({rank for rank in mine if points(pile, rank) >= 0})
        if fits:
            return max(lay(mine, others, pile, go, rank, scores, race) for rank in fits)
        if go:
            return _neither(mine, others, pile, True, scores, race)
        return plain(mine, others, pile, True, False, scores, race)  # the seat's go: the other lays on alone
    groups: dict[int, Holdings] = {}
    for held, weight in others:
        groups.setdefault(model(held, pile, len(mine), go), []).append((held, weight))
    value = 0.0
    for rank, group in groups.items():
        if rank:
            value += lay_theirs(mine, group, pile, go, rank, scores, race)
        elif go:
            value += _neither(mine, group, pile, False, scores, race)
        else:
            value += plain(
                mine, group, pile, True, True, scores, race
            )  # the other's go: the seat lays on alone
    return value


def _neither(  # noqa: PLR0917 (as plain)
    mine: Ranks, others: Holdings, pile: Ranks, seat_to_lay: bool, scores: Scores, race: Race | None
) -> float:
    """Neither can lay: the one who laid last (the one to lay now) pegs the go; the other leads."""
    point = 1 if pile else 0
    scores = (scores[0] + point, scores[1]) if seat_to_lay else (scores[0], scores[1] + point)
    settled = settle(scores, race, sum(weight for _, weight in others), ended=False)
    if settled is not None:
        return settled
    return plain(mine, others, (), False, not seat_to_lay, scores, race)


def lay(  # noqa: PLR0917 (as plain)
    mine: Ranks, others: Holdings, pile: Ranks, go: bool, rank: int, scores: Scores, race: Race | None
) -> float:
    """The seat lays ``rank``."""
    rest, after = without(mine, rank), (*pile, rank)
    thirty_one = sum(VALUE[r] for r in after) == 31
    last = not rest and not others[0][0]
    scores = (scores[0] + points(pile, rank) + (last and not thirty_one), scores[1])
    settled = settle(scores, race, sum(weight for _, weight in others), ended=last)
    if settled is not None:
        return settled
    if thirty_one:
        return plain(rest, others, (), False, False, scores, race)
    return plain(rest, others, after, go, go, scores, race)


def lay_theirs(  # noqa: PLR0917 (as plain)
    mine: Ranks, others: Holdings, pile: Ranks, go: bool, rank: int, scores: Scores, race: Race | None
) -> float:
    """The other lays ``rank`` from every holding in ``others``."""
    rests = [(without(held, rank), weight) for held, weight in others]
    after = (*pile, rank)
    thirty_one = sum(VALUE[r] for r in after) == 31
    last = not mine and not rests[0][0]
    scores = (scores[0], scores[1] + points(pile, rank) + (last and not thirty_one))
    settled = settle(scores, race, sum(weight for _, weight in others), ended=last)
    if settled is not None:
        return settled
    if thirty_one:
        return plain(mine, rests, (), False, True, scores, race)
    return plain(mine, rests, after, go, not go, scores, race)


def plain_values(
    hand: Ranks, pile: Ranks, go: bool, others: Holdings, race: Race | None = None
) -> dict[int, float]:
    total = sum(weight for _, weight in others)
    scores = (race.mine, race.theirs) if race is not None else (0, 0)
    fits = sorted({rank for rank in hand if points(pile, rank) >= 0})
    return {rank: lay(hand, others, pile, go, rank, scores, race) / total for rank in fits}


@st.composite
def positions(draw: Any) -> tuple[Ranks, Ranks, Holdings]:
    """The seat's hand of two to four cards, a pile of the current count, and a few holdings of the
    other's (as many cards as the seat's, or one fewer), with weights."""
    deck = draw(st.permutations([rank for rank in range(1, 14) for _ in range(4)]))
    size = draw(st.integers(2, 4))
    hand = tuple(sorted(deck[:size]))
    pile: Ranks = ()
    laid = draw(st.integers(0, 3))
    for rank in deck[size : size + laid]:
        if sum(VALUE[r] for r in pile) + VALUE[rank] < 31:
            pile = (*pile, rank)
    if not any(points(pile, rank) >= 0 for rank in hand):
        pile = ()
    theirs = size - draw(st.integers(0, 1))
    rest = deck[size + laid :]  # past every card drawn for the pile, laid or not
    found = {tuple(sorted(rest[at : at + theirs])) for at in range(0, 6 * theirs, theirs)}
    weights = draw(st.lists(st.sampled_from([0.5, 1.0, 2.0, 3.0]), min_size=len(found), max_size=len(found)))
    return hand, pile, list(zip(sorted(found), weights, strict=True))


@settings(max_examples=60, deadline=None)
@given(positions(), st.booleans())
def test_the_search_matches_a_plain_search_scored_by_the_rules(
    position: tuple[Ranks, Ranks, Holdings], go: bool
) -> None:
    hand, pile, others = position
    found = counter_values(hand, pile, go, others)
    expected = plain_values(hand, pile, go, others)
    assert found.keys() == expected.keys()
    for rank, value in expected.items():
        assert abs(found[rank] - value) < 1e-9, (rank, found, expected)


@settings(max_examples=60, deadline=None)
@given(
    positions(),
    st.booleans(),
    st.integers(100, 120),
    st.integers(100, 120),
    st.integers(0, 2**32),
)
def test_the_race_matches_a_plain_search_scored_by_the_rules(
    position: tuple[Ranks, Ranks, Holdings], go: bool, mine: int, theirs: int, seed: int
) -> None:
    """Near the target, played for the game: reaching it wins at once, and a play that ends below
    it is worth the race's chance from the scores it ends on (here any table of chances)."""
    hand, pile, others = position
    rng = random.Random(seed)
    race = Race.from_rows(mine, theirs, [[rng.random() for _ in range(TARGET)] for _ in range(TARGET)])
    found = counter_values(hand, pile, go, others, race)
    expected = plain_values(hand, pile, go, others, race)
    assert found.keys() == expected.keys()
    for rank, value in expected.items():
        assert abs(found[rank] - value) < 1e-9, (rank, found, expected)
        assert 0.0 <= found[rank] <= 1.0


@settings(max_examples=40, deadline=None)
@given(positions())
def test_knowing_the_other_hand_is_worth_something_never_less(
    position: tuple[Ranks, Ranks, Holdings],
) -> None:
    """Searched over the holdings together, a card is worth at most the average of its values with
    each holding known; with one holding the two are the same."""
    hand, pile, others = position
    together = counter_values(hand, pile, False, others)
    total = sum(weight for _, weight in others)
    known = [(counter_values(hand, pile, False, [(held, 1.0)]), weight) for held, weight in others]
    for rank, value in together.items():
        assert value <= sum(values[rank] * weight for values, weight in known) / total + 1e-9
    assert counter_values(hand, pile, False, others[:1]) == known[0][0]


def engine_value(record: dict[str, Any], seat: int) -> int:
    """The seat's points less the other's over the rest of the play, the seat trying every legal
    move of the engine and the other laying by the model, read from its own view."""
    game = load_game(record)
    if game.view(None)["phase"] != "play":
        return 0
    mover = min(game.to_move)
    if mover != seat:
        other = read(game.view(mover))
        pile = tuple(card.rank for _, card in other.pile)
        rank = model(
            tuple(sorted(c.rank for c in other.hand)), pile, other.hand_sizes[seat], seat in other.passed
        )
        move = Go() if not rank else Play(next(c for c in other.hand if c.rank == rank))
        return _after(record, mover, move, seat)
    return max(_after(record, seat, move, seat) for move in game.legal_moves(seat))


def _after(record: dict[str, Any], mover: int, move: Any, seat: int) -> int:
    game = load_game(record)
    before = game.scores[seat] - game.scores[1 - seat]
    game.apply(mover, move)
    return game.scores[seat] - game.scores[1 - seat] - before + engine_value(game.record(), seat)


@settings(max_examples=12, deadline=None)
@given(st.permutations(PACK), st.booleans())
def test_with_the_other_hand_known_the_search_plays_as_the_engine(deck: Sequence[str], lead: bool) -> None:
    """The pone to lead, or the dealer after the pone's first card, the other's hand known."""
    game = play_start(list(deck), "six-card")
    if lead:
        game.apply(0, game.legal_moves(0)[0])
    seat = 1 if lead else 0
    view = read(game.view(seat))
    pile = tuple(card.rank for _, card in view.pile)
    hand = ranks(game.view(seat)["hand"])
    other = ranks(game.view(1 - seat)["hand"])
    values = counter_values(hand, pile, False, [(other, 1.0)])
    assert max(values.values()) == engine_value(game.record(), seat)


class _Litter:
    cycle: object = None

    def __del__(self) -> None:
        self.cycle = None


def test_searches_in_threads_see_their_own_tables() -> None:
    """The server reviews games in threads: searches running at once, while another thread starts
    the shared tables afresh, give what each gives alone."""
    deals = [
        random.Random(seed).sample([rank for rank in range(1, 14) for _ in range(4)], 11) for seed in range(6)
    ]
    tasks = [
        (
            tuple(sorted(deal[:4])),
            (deal[4],),
            [(tuple(sorted(deal[5:8])), 1.0), (tuple(sorted(deal[8:])), 2.0)],
        )
        for deal in deals
    ]
    alone = [
        (counter_values(*task[:2], False, task[2]), play_values(*task[:2], False, task[2])) for task in tasks
    ]
    found: list[list[tuple[dict[int, float], dict[int, float]]]] = [[] for _ in range(4)]
    done = threading.Event()

    def search(at: int) -> None:
        for _ in range(30):
            found[at].extend(
                (counter_values(*t[:2], False, t[2]), play_values(*t[:2], False, t[2])) for t in tasks
            )

    def clear() -> None:
        while not done.is_set():
            start_afresh()
            litter = _Litter()  # garbage in a cycle: a collection in a search runs its __del__,
            litter.cycle = litter  # Python code at which the search's thread may hand over

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        clearing = threading.Thread(target=clear)
        clearing.start()
        searching = [threading.Thread(target=search, args=(at,)) for at in range(4)]
        for thread in searching:
            thread.start()
        for thread in searching:
            thread.join()
        done.set()
        clearing.join()
    finally:
        sys.setswitchinterval(interval)
    assert all(results == alone * 30 for results in found)
