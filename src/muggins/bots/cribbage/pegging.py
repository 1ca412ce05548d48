"""Choosing a card in the play: the greedy bot's (most points now) and the expert's (a short search
over the cards the next player may hold).

The expert scores each card it can lay as: the points it pegs now, minus (or, for a partner, plus)
what the next player can expect to peg in reply, plus what it can then peg back, plus the go and
the cards it can run out alone if the next player cannot lay. The next player's holding is read
from the cards the seat has not seen, weighted by how many cards they hold, by what their discards
reveal (how often an expert in their seat keeps each rank) and by what their "go"s revealed (a
player who said go at count c holds nothing worth 31 - c or less). The reply is modelled as their
best-scoring card, or any other card in proportion to its chance (``strategy.cribbage.reply``,
compiled). Only ranks matter in the play, so everything is computed on ranks and cached.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from typing import Final

from muggins.cards import Card
from muggins.games.cribbage.options import layout
from muggins.games.moves import Go, Move, Play
from muggins.strategy.cribbage.cribtables import CribTables
from muggins.strategy.cribbage.play import play_points
from muggins.strategy.cribbage.reading import Seat
from muggins.strategy.cribbage.reply import holding_chances
from muggins.strategy.cribbage.search import (
    blended_values,
    countered_values,
    raced_values,
    searched_values,
    table_searched_values,
    unseen_ranks,
)
from muggins.strategy.cribbage.searches import reply_worths
from muggins.strategy.cribbage.winchance import TARGET, WinChance

KEEP_LOW: Final = 0.1
"""Bonus per pip of the card laid after the lead: lay higher cards first, keep low ones for the go."""


def greedy_play(seat: Seat) -> Move:
    """Lay the card that pegs the most now (ties: the lowest); go when nothing can be laid."""
    pile = tuple(card.rank for _, card in seat.pile)
    playable = playable_cards(seat.hand, seat.count)
    if not playable:
        return Go()
    return Play(max(playable, key=lambda card: (play_points(pile, card.rank), -card.sort_key)))


def playable_cards(hand: Sequence[Card], count: int) -> list[Card]:
    """The cards that keep the count to 31, in the view's (sorted) order."""
    return [card for card in hand if count + card.value <= 31]


def kept_weights(tables: CribTables, config: str, offset: int, dealt: int, thrown: int) -> list[float]:
    """By rank, how much likelier than average a card of that rank is in the hand an expert at seat
    ``offset`` kept, from how often the expert throws each rank (the crib tables' throw counts)."""
    frequency = tables.throw_frequencies(config, offset)
    share = [0.0] * 13
    if thrown == 2:
        for key, f in enumerate(frequency):
            low, high = divmod(key // 2, 13)
            share[low] += f / 2
            share[high] += f / 2
    else:
        share = list(frequency)
    kept = dealt - thrown
    return [max(0.05, (dealt / 13 - thrown * s) / (kept / 13)) for s in share]


LATE: Final = 2
"""In a two-player six-card play, once the other holds this many cards or fewer the expert lays the
card the search of the rest of the play values most, over every holding they could have (a
millisecond at most): in duplicate play that pegged 0.021 +- 0.010 points a deal more than the reply
model alone (docs/bots.md)."""


COUNTER_SAMPLES: Final = 400
"""The most of the other's holdings the search from what the seat knows goes over (drawn by weight
where there are more): a lead then takes about 7 ms, and its choice gives up 0.003 points on
average against all of them (30 deals)."""


KNOWN_SAMPLES: Final[dict[int, int]] = {3: 200, 4: 100}
"""Blending (``ExpertPegger``'s ``blend``), the most of the other's holdings the search with every
card known goes over, by how many cards they hold (drawn by weight where there are more; all of
them with fewer cards; the search from what the seat knows goes over ``COUNTER_SAMPLES``). Over
every holding a lead took 46 ms of CPU at the median; with these, 18 ms, and a pegging decision's
99th percentile stays under 50 ms (docs/bots.md)."""


NEAR: Final = 45
"""Within this many points of 121 (either side), a search of the play lays for the chance to win the
game rather than the margin of points (``ExpertPegger.race``)."""


class ExpertPegger:
    """The expert's play: the reply model, reading what each player's "go"s this hand revealed;
    at a six-card play of three or four the search of the rest of the play once the others hold
    few enough cards to search every holding (``table``); in a two-player six-card play the search
    once the other holds ``late`` cards or fewer, or before that over ``samples`` of their holdings
    (0, the expert's own: measured in ``bench/strength.py``, searching from the lead pegs no
    better; docs/bots.md). With ``race`` (the win chances), the two-player search near the end of a
    game to 121 lays for the chance to win rather than the margin of points, and with
    ``race_samples`` does so before ``late`` too, over that many of the other's holdings. With
    ``weigh``, the searches weigh each holding of the others' by what their discards reveal, as
    the reply model does (else every card alike). With ``counter``, a two-player play before
    ``late`` is the search's from what the seat knows (``search.countered_values``, over
    ``COUNTER_SAMPLES`` holdings at most) rather than the reply model's; with ``race`` and
    ``counter_race`` too, near the end it lays for the chance to win there as well. With ``blend``,
    where a two-player play is laid for points it lays by the mean of the search with every card
    known and the search from what the seat knows (``search.blended_values``). ``counter_samples``
    and ``known_samples`` (by how many cards the other holds) cap the holdings each search goes
    over (``COUNTER_SAMPLES``, ``KNOWN_SAMPLES``: the expert's; fewer are cheaper and weaker,
    docs/bots.md)."""

    def __init__(
        self,
        tables: CribTables,
        samples: int = 0,
        seed: int = 0,
        late: int = LATE,
        *,
        table: bool = True,
        race: WinChance | None = None,
        race_samples: int = 0,
        weigh: bool = False,
        counter: bool = False,
        counter_race: bool = True,
        blend: bool = False,
        counter_samples: int = COUNTER_SAMPLES,
        known_samples: Mapping[int, int] = KNOWN_SAMPLES,
    ) -> None:
        self.tables = tables
        self.samples = samples
        self.late = late
        self.table = table
        self.race = race
        self.race_samples = race_samples
        self.weigh = weigh
        self.counter = counter
        self.counter_race = counter_race
        self.blend = blend
        self.counter_samples = counter_samples
        self.known_samples = known_samples
        self.rng = random.Random(seed)

    def choose(self, seat: Seat) -> Move:
        playable = playable_cards(seat.hand, seat.count)
        if not playable:
            return Go()
        if len({card.rank for card in playable}) == 1:
            return Play(playable[-1])
        searched = self._searched(seat)
        if searched is not None:
            top = max(round(searched[c.rank], 6) for c in playable)
            best = [c for c in playable if round(searched[c.rank], 6) == top]
            if len({c.rank for c in best}) > 1:  # ranks the search values alike: the reply model decides
                worth = self.worths(seat)
                return Play(max(best, key=lambda c: (worth[c], c.sort_key)))
            return Play(max(best, key=lambda c: c.sort_key))
        worth = self.worths(seat)
        if seat.next_to_lay() is None:
            return Play(max(playable, key=lambda c: (worth[c], c.value)))
        keep_low = KEEP_LOW if seat.pile else 0.0
        return Play(max(playable, key=lambda c: (worth[c] + keep_low * c.value, c.sort_key)))

    def values(self, seat: Seat) -> dict[Card, float]:
        """Each card the seat may lay now, with the value the expert lays by: the search's (points
        to the end of the play, mine less the other's) where it searches, else the reply model's."""
        searched = self._searched(seat)
        if searched is None:
            return self.worths(seat)
        return {card: searched[card.rank] for card in playable_cards(seat.hand, seat.count)}

    def _searched(self, seat: Seat) -> dict[int, float] | None:
        """The search's value of each rank, where this decision is the search's (a two-player
        six-card play, and sampling asked for, or the other down to ``late`` cards; a six-card
        play of three or four once the others' joint holdings are few enough to search them all,
        ``search.TABLE_LIMIT``, unless ``table`` is off); else None."""
        if seat.variant != "six-card":
            return None
        if len(seat.active) > 2:
            if not self.table:
                return None
            others = (s for s in seat.active if s != seat.me)
            return table_searched_values(
                seat, kept={s: self.kept(seat, s) for s in others} if self.weigh else None
            )
        if seat.players != 2 or len(seat.active) != 2:
            return None
        other = seat.hand_sizes[1 - seat.me]
        kept = self.kept(seat, 1 - seat.me) if self.weigh else None
        race = self.race if self.race is not None and near_the_end(seat) else None
        if race is not None:
            if other <= self.late:
                return raced_values(seat, race, kept=kept)
            if self.race_samples:
                return raced_values(seat, race, self.race_samples, self.rng, kept)
        if self.blend and race is None and (self.counter or other <= self.late):
            return blended_values(seat, kept, self.counter_samples, self.rng, self.known_samples.get(other))
        if other <= self.late:
            return searched_values(seat, kept=kept)
        if self.counter:
            win = race if self.counter_race else None
            return countered_values(seat, kept, self.counter_samples, self.rng, win)
        return searched_values(seat, self.samples, self.rng, kept) if self.samples else None

    def worths(self, seat: Seat) -> dict[Card, float]:
        """Each card the seat may lay now, with its expected points (mine minus the next player's,
        or what I can run out alone when nobody else can lay)."""
        pile = tuple(card.rank for _, card in seat.pile)
        mine = tuple(sorted(card.rank for card in seat.hand))
        responder = seat.next_to_lay()
        if responder is None:
            worth = reply_worths(mine, pile, None, 0.0)
        else:
            chances = holding_chances(
                unseen_ranks(seat),
                seat.hand_sizes[responder],
                seat.lowest_value(responder),
                self.kept(seat, responder),
            )
            worth = reply_worths(mine, pile, chances, 1.0 if seat.is_friend(responder) else -1.0)
        return {card: worth[card.rank] for card in playable_cards(seat.hand, seat.count)}

    def kept(self, seat: Seat, responder: int) -> Sequence[float]:
        """How the responder's discards bias their hand (six-card deals; others are taken as even)."""
        if seat.variant != "six-card":
            return (1.0,) * 13
        lay = layout("six-card", len(seat.active))
        offset = seat.offset(responder)
        dealer = offset == 0  # the five-handed dealer keeps what was dealt
        return _kept_cached(
            self.tables, seat.crib_config, offset, lay.dealt_to(dealer), lay.thrown_by(dealer)
        )


def near_the_end(seat: Seat) -> bool:
    """Whether either side of a two-player game to 121 is within ``NEAR`` of it (starter turned)."""
    return (
        seat.target == TARGET
        and seat.starter is not None
        and min(seat.target - score for score in seat.scores) <= NEAR
    )


@functools.lru_cache(maxsize=64)
def _kept_cached(tables: CribTables, config: str, offset: int, dealt: int, thrown: int) -> tuple[float, ...]:
    return tuple(kept_weights(tables, config, offset, dealt, thrown))
