"""Wild jokers for the cribbage bots (docs/rules/cribbage.md, "Wild jokers"): a hand holding a joker
is thrown and played here, since the expert's tables and searches know the 52 cards only.

The throw keeps the cards that hold the most with each joker called as the rank that helps most;
the expert keeps those whose show is worth most averaged over every starter it cannot see, and
adds the crib tables' expectation for what is thrown (a thrown joker counted as a five, the card
the tables value most). In the play a card is laid for what it pegs,
and a joker's call also for what it leaves the hand's show: the call is kept for the show, so
a call that pegs two but costs the show four is not made while a better one is left.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Final

from muggins.bots.cribbage.discard import allowed_throws, allows, crib_weight, throw_size
from muggins.cards import ALL_CARDS, STANDARD_CARDS, Card, parse_call
from muggins.games.cribbage.moves import PlayJoker
from muggins.games.moves import Discard, Go, Move, Play
from muggins.scoring.fast import counted_points
from muggins.scoring.items import Score
from muggins.scoring.wild import wild_points, wild_show
from muggins.strategy.cribbage.cribtables import CribTables
from muggins.strategy.cribbage.play import play_points
from muggins.strategy.cribbage.reading import Seat

RANKS: Final = 13
JACK: Final = 11
"""A jack's rank (``Card.rank``: ace 1 ... king 13)."""
MIN_FLUSH: Final = 3
"""The fewest cards a hand's flush takes (five-card cribbage's hand of three)."""


def holds_joker(seat: Seat) -> bool:
    """Whether the seat's own show holds a wild joker (its hand, a card it has laid or the starter):
    the choices then made here."""
    own = (*seat.hand, *seat.played[seat.me])
    return any(card.is_joker for card in own) or (seat.starter is not None and seat.starter.is_joker)


def wild_held(cards: Sequence[Card]) -> int:
    """Points ``cards`` hold before any starter, each joker called as the rank that holds most:
    fifteens, pairs and runs, and a flush when the other cards share a suit."""
    standard = [card for card in cards if not card.is_joker]
    ranks = [card.rank - 1 for card in standard]
    jokers = len(cards) - len(standard)
    best = max(counted_points([*ranks, *extra]) for extra in itertools.product(range(RANKS), repeat=jokers))
    return best + (len(cards) if len({card.suit for card in standard}) <= 1 else 0)


def wild_expected(kept: Sequence[Card], unseen: Sequence[Card]) -> float:
    """The kept cards' show averaged over every starter in ``unseen``, each joker (kept, or turned
    up) called for the most: as any rank of the flush's suit, or as the jack of the starter's suit
    for his nobs (a turned-up joker takes the suit that serves them both). Fifteens, pairs and runs
    by rank; a flush when the kept cards other than jokers share a suit and every call keeps it."""
    standard = [card for card in kept if not card.is_joker]
    ranks = [card.rank - 1 for card in standard]
    suits = {card.suit for card in standard}
    flush = next(iter(suits)) if len(suits) == 1 and len(kept) >= MIN_FLUSH else None
    jacks = Counter(card.suit for card in standard if card.rank == JACK)
    nobs_call = RANKS  # a kept joker called as the jack of the starter's suit
    calls = list(itertools.product(range(RANKS + 1), repeat=len(kept) - len(standard)))
    counted: dict[tuple[int, ...], int] = {}

    def points(called: tuple[int, ...], starter: int) -> int:
        key = tuple(sorted((*ranks, *(JACK - 1 if r == nobs_call else r for r in called), starter)))
        if key not in counted:
            counted[key] = counted_points(key)
        return counted[key]

    total = 0
    for starter in unseen:
        best = 0
        if starter.is_joker:  # every call of the suit of the flush, or of the most jacks held
            held = len(kept) + 1 if flush is not None else 0
            nobs = max(jacks.values(), default=0)
            for rank in range(RANKS):
                for call in calls:
                    if nobs_call not in call:
                        made = points(call, rank) + held + nobs + call.count(JACK - 1)
                        best = max(best, made)
        else:
            for call in calls:
                made = points(call, starter.rank - 1) + jacks[starter.suit] + call.count(nobs_call)
                if flush is not None and (nobs_call not in call or starter.suit == flush):
                    made += len(kept) + (starter.suit == flush)
                best = max(best, made)
        total += best
    return total / len(unseen)


def wild_discard(seat: Seat, tables: CribTables | None, *, by_starters: bool = True) -> Move:
    """The throw whose kept cards hold the most (``wild_held``), or with ``tables`` (the expert)
    whose show is worth most over the starters unseen (``wild_expected``; with ``by_starters``
    off, what they hold) plus the crib the throw makes, signed for whose crib it is (the tables'
    expectation, a joker thrown valued as a five not held, or another card when every five is)."""
    _, n = throw_size(seat)
    hand = seat.hand
    allowed = allowed_throws(seat)
    # stand-ins for thrown jokers: fives not held first (when every five is held, other cards)
    fives = sorted((card for card in STANDARD_CARDS if card not in hand), key=lambda card: card.rank != 5)
    weight = crib_weight(seat)

    def crib(thrown: tuple[Card, ...]) -> float:
        if tables is None:
            return 0.0
        standard = tuple(card if not card.is_joker else fives[i] for i, card in enumerate(thrown))
        return weight * tables.expected(seat.crib_config, seat.offset(seat.me), standard)

    unseen = [card for card in ALL_CARDS if card not in hand]

    def worth(thrown: tuple[Card, ...]) -> float:
        kept = [card for card in hand if card not in thrown]
        if tables is None or not by_starters:
            return wild_held(kept) + crib(thrown)
        return wild_expected(kept, unseen) + crib(thrown)

    throws = [thrown for thrown in itertools.combinations(hand, n) if allows(allowed, thrown)]
    return Discard(max(throws, key=worth))


def wild_play(seat: Seat, view: Mapping[str, Any]) -> Move:
    """The card or call that pegs the most now, a call less what it costs the hand's show against
    the best call the joker could keep (ties: a card before a call, keeping the joker free; then
    the lowest)."""
    pile = tuple(card.rank for _, card in seat.pile)
    room = 31 - seat.count
    called = calls_laid(view)
    shown = (*seat.played[seat.me], *seat.hand)
    options: list[tuple[float, int, Move]] = []
    for card in seat.hand:
        if not card.is_joker:
            if card.value <= room:
                options.append((play_points(pile, card.rank), -card.sort_key, Play(card)))
            continue
        shows = {call: _show(shown, seat.starter, {**called, card: call}) for call in STANDARD_CARDS}
        best = max(shows.values())
        for call, points in shows.items():
            if call.value <= room:
                value = play_points(pile, call.rank) + points - best
                options.append((value, -100 - call.sort_key, PlayJoker(card, call)))
    if not options:
        return Go()
    return max(options, key=lambda option: option[:2])[2]


def wild_score(view: Mapping[str, Any], cards: Sequence[Card], starter: Card, crib: bool) -> Score:
    """A show at a table with wild jokers counted from the seat's view: the jokers laid in the play
    as they were called (the view's ``jokers_called``), the rest for the most."""
    return wild_show(cards, starter, crib, calls_laid(view)).score


def calls_laid(view: Mapping[str, Any]) -> dict[Card, Card]:
    """Each joker laid in this hand's play, with the card it was called (the view's ``jokers_called``)."""
    return dict(parse_call(text) for text in view.get("jokers_called", ()))


def _show(cards: Sequence[Card], starter: Card | None, called: Mapping[Card, Card]) -> int:
    """The hand's show with these calls (with the starter, once it is turned)."""
    if starter is None:
        return 0
    return wild_points(cards, starter, False, called)
