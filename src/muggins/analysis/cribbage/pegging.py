"""The risk of each play in the pegging: for every card a player may lay, the points it pegs now,
the points the next player can expect to peg in reply, and the net (``play_risks``); and, in a
two-player play, each card's value over the whole rest of the play by the search
(``searched_plays``).

The reply is averaged over every holding the next player could have: each set of as many cards as
they hold, drawn from the cards this player has not seen (not in their hand, not played, not the
starter, not their discards), all equally likely; from each holding they lay their best-scoring
card. What comes after the reply (pegging back, the go) is not counted. Scores come from
``muggins.scoring.cribbage.pegging``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from muggins.cards import STANDARD_CARDS, Card, CardError, require_distinct
from muggins.scoring.cribbage.pegging import PeggingError, check_pile, pile_count, score_play
from muggins.strategy.cribbage.search import searched_ranks

LIMIT = 31
"""The count may not pass 31."""


class PeggingAnalysisError(ValueError):
    """A position that could not arise: repeated cards, jokers, a count over 31, or more cards in the
    next player's hand than there are unseen cards."""


@dataclass(frozen=True, slots=True)
class PlayRisk:
    """One card's figures: points pegged laying it, the next player's expected reply, and the net."""

    card: Card
    pegs: int
    reply: float
    net: float


def play_risks(
    hand: Sequence[Card],
    pile: Sequence[Card],
    seen: Iterable[Card] = (),
    *,
    reply_cards: int,
    partner: bool = False,
) -> list[PlayRisk]:
    """The figures of every card in ``hand`` that may be laid on ``pile`` (the cards laid since the
    count was last reset), best net first; empty when none may be laid (a go).

    ``seen``: the other cards this player has seen (discards, starter, cards played earlier).
    ``reply_cards``: how many cards the next player to lay holds (0: nobody can reply).
    ``partner``: the next player is on this player's side, so their reply adds to the net.
    """
    _check(hand, pile)
    known = {*hand, *pile, *seen}
    if any(card.is_joker for card in known):
        raise PeggingAnalysisError("the pegging analysis takes the 52 cards: a wild joker is not analysed")
    unseen = [card for card in STANDARD_CARDS if card not in known]
    if not 0 <= reply_cards <= len(unseen):
        raise PeggingAnalysisError(
            f"the next player cannot hold {reply_cards} cards: {len(unseen)} cards are unseen"
        )
    count = pile_count(pile)
    sign = 1.0 if partner else -1.0
    risks = []
    for card in hand:
        if count + card.value > LIMIT:
            continue
        laid = (*pile, card)
        pegs = score_play(laid).total
        replies = [reply_points(laid, other) for other in unseen]
        reply = expected_best(replies, reply_cards)
        risks.append(PlayRisk(card, pegs, reply, pegs + sign * reply))
    risks.sort(key=lambda r: (-r.net, -r.pegs, r.card.sort_key))
    return risks


def reply_points(pile: Sequence[Card], card: Card) -> int:
    """What laying ``card`` on ``pile`` pegs; 0 if it would pass 31 (it cannot be laid)."""
    if pile_count(pile) + card.value > LIMIT:
        return 0
    return score_play((*pile, card)).total


def expected_best(points: Sequence[int], draws: int) -> float:
    """The expected highest of ``draws`` values drawn without replacement from ``points`` (whole
    numbers, none negative), every draw equally likely; 0 for no draws.

    Exact: the mean of a count is the sum over v >= 1 of the chance it reaches v, and the best of a
    draw falls short of v only if every card drawn is among those worth less than v.
    """
    n = len(points)
    if not 0 <= draws <= n:
        raise PeggingAnalysisError(f"cannot draw {draws} of {n} cards")
    if any(p < 0 for p in points):
        raise PeggingAnalysisError("points may not be negative")
    if draws == 0:
        return 0.0
    draws_in_all = math.comb(n, draws)
    expected = 0.0
    for v in range(1, max(points, default=0) + 1):
        below = sum(1 for p in points if p < v)
        expected += 1.0 - math.comb(below, draws) / draws_in_all
    return expected


def _check(hand: Sequence[Card], pile: Sequence[Card]) -> None:
    """Refuse a hand or pile that could not be: repeats, a card both held and laid, a count over 31."""
    try:
        require_distinct([*hand, *pile])
        if pile:
            check_pile(pile)
    except (CardError, PeggingError) as exc:
        raise PeggingAnalysisError(str(exc)) from None


@dataclass(frozen=True, slots=True)
class PlayValue:
    """One card's value in the rest of a two-player play: the points pegged from now to the end of
    the play, this player's less the other's, averaged over the other's possible holdings."""

    card: Card
    value: float


def searched_plays(
    hand: Sequence[Card], pile: Sequence[Card], seen: Iterable[Card] = (), *, other: int, go: bool = False
) -> list[PlayValue]:
    """Every card of ``hand`` that may be laid on ``pile``, valued by the search of the rest of a
    two-player play (``strategy.cribbage.play``), best first; empty when none may be laid.

    ``seen``: the other cards this player has seen (their discards, the starter, cards played earlier
    this hand). ``other``: how many cards the other player still holds. ``go``: they have said go on
    this count (so hold nothing that fits). Every holding of the other's is searched with every card
    known to both, and the values averaged by how many card holdings make each.
    """
    _check(hand, pile)
    known = {*hand, *pile, *seen}
    if any(card.is_joker for card in known):
        raise PeggingAnalysisError("the pegging analysis takes the 52 cards: a wild joker is not analysed")
    if len(hand) > 4 or other > 4 or other < 0:
        raise PeggingAnalysisError(
            f"a two-player play holds at most 4 cards a hand, not {len(hand)} and {other}"
        )
    unseen = [4] * 13
    for card in known:
        unseen[card.rank - 1] -= 1
    count = pile_count(pile)
    if not any(count + card.value <= LIMIT for card in hand):
        return []
    ranks = tuple(sorted(card.rank for card in hand))
    try:
        values = searched_ranks(
            ranks, tuple(card.rank for card in pile), unseen, other, go=go, lowest=32 - count if go else 1
        )
    except ValueError:
        raise PeggingAnalysisError(f"no holding of {other} unseen cards fits what was seen") from None
    plays = [PlayValue(card, values[card.rank]) for card in hand if count + card.value <= LIMIT]
    plays.sort(key=lambda p: (-p.value, p.card.sort_key))
    return plays
