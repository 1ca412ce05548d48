"""Cribist's computer players, working from a seat's view alone.

``greedy`` wins the trick it can score best, else sheds its least useful card; ``expert`` plays the
card with the best average outcome over deals of the unseen cards consistent with its view. Both
claim exactly and call muggins on every missed point when counting is manual.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from muggins.bots.base import View
from muggins.cards import STANDARD_CARDS, Card, Suit, card_at, parse_card
from muggins.games.cribist.rules import SOURCE_WORDS, playable
from muggins.games.moves import Claim, Move, Muggins, Play, Ready
from muggins.scoring.cribist.trick import score_trick
from muggins.scoring.items import Item, Score
from muggins.scoring.sources import ItemKey, format_source, item_key, judge_source, parse_source
from muggins.strategy.cribist.greedy import greedy
from muggins.strategy.cribist.search import SEARCH_SECONDS, Position, search
from muggins.strategy.slips import CASUAL, NO_SLIPS, SlipRates, Slips, slips_of

SEATS = 4
_SUITS = {s.letter: s for s in Suit}


@dataclass(slots=True)
class Seat:
    """What one seat knows of the hand in progress, read from its view."""

    me: int
    hand: list[Card]
    trump: Suit | None
    leader: int
    trick: list[Card]
    played: set[Card]
    voids: list[set[Suit]]
    sizes: list[int]

    @staticmethod
    def read(view: View) -> Seat:
        trick = [parse_card(card) for _, card in view["trick"]]
        played = set(trick)
        voids: list[set[Suit]] = [set() for _ in range(SEATS)]
        tricks = [[(seat, parse_card(card)) for seat, card in t["cards"]] for t in view["tricks"]]
        tricks.append([(seat, parse_card(card)) for seat, card in view["trick"]])
        for plays in tricks:
            if not plays:
                continue
            led = plays[0][1].suit
            for seat, card in plays:
                played.add(card)
                if card.suit != led and led is not None:
                    voids[seat].add(led)
        trumps = view["trumps"]
        return Seat(
            me=view["you"],
            hand=[parse_card(c) for c in view["hand"]],
            trump=_SUITS[trumps] if trumps else None,
            leader=view["leader"],
            trick=trick,
            played=played,
            voids=voids,
            sizes=list(view["hand_sizes"]),
        )

    @property
    def legal(self) -> list[Card]:
        return playable(self.hand, self.trick[0].suit if self.trick else None)

    def position(self) -> Position:
        """What the search works from: this seat's knowledge in card indices."""
        known = self.played | set(self.hand)
        return Position(
            me=self.me,
            hand=[c.index for c in self.hand],
            trump=int(self.trump) if self.trump is not None else -1,
            leader=self.leader,
            trick=[c.index for c in self.trick],
            unseen=[c.index for c in STANDARD_CARDS if c not in known],
            sizes=self.sizes,
            voids=[{int(s) for s in v} for v in self.voids],
        )


def counting_move(view: View, slips: Slips | None = None) -> Move | None:
    """The move outside card play: claim the trick as counted, call muggins on every missed point
    seen, else ready. With ``slips`` some items are overlooked: claimed short, or left uncalled; a
    call is only ever made on items really there."""
    phase = view["phase"]
    if phase not in ("claim", "muggins"):
        return Ready() if phase == "hand over" else None
    score = _trick_on_table(view)
    missed = slips.overlooked(score) if slips else []
    if phase == "claim":
        return Claim(score.total - sum(i.points for i in missed))
    items = missed_items(view, missed)
    return Muggins(sum(i.points for i in items), format_source(items, SOURCE_WORDS)) if items else Ready()


def _trick_on_table(view: View) -> Score:
    return score_trick([parse_card(c) for _, c in view["trick"]], _SUITS[view["trumps"]])


def missed_items(view: View, overlooked: Sequence[Item] = ()) -> list[Item]:
    """Items of the trick on the table, not won by earlier calls (nor ``overlooked``), with the
    greatest total that fits in the points the claim left unclaimed, by the bot's own count of the
    trick (an overclaim scores nothing and leaves every point unclaimed)."""
    score = _trick_on_table(view)
    claimed = view["claim"]["points"]
    unclaimed = score.total - (claimed if claimed <= score.total else 0)
    taken: set[ItemKey] = set()
    for call in view["muggins"]["calls"]:  # unjudged until the window closes: judged here by hand
        items = parse_source(call["source"], SOURCE_WORDS)
        if judge_source(items, score, taken, unclaimed, words=SOURCE_WORDS, where="this trick") is None:
            unclaimed -= call["points"]
            taken.update(item_key(i) for i in items)
    return best_fit([i for i in score if item_key(i) not in taken and i not in overlooked], unclaimed)


def best_fit(items: Sequence[Item], limit: int) -> list[Item]:
    """The items whose points sum highest without passing ``limit`` (subset sum; tricks hold few)."""
    reachable: dict[int, list[Item]] = {0: []}
    for item in items:
        for total, chosen in list(reachable.items()):
            grown = total + item.points
            if grown <= limit and grown not in reachable:
                reachable[grown] = [*chosen, item]
    return reachable[max(reachable)]


def greedy_card(seat: Seat) -> Card:
    """Win the trick where it scores best; else throw the card that gives least away
    (``strategy.cribist.greedy``, the search's rollout policy too)."""
    trump = int(seat.trump) if seat.trump is not None else -1
    return card_at(greedy([c.index for c in seat.hand], [c.index for c in seat.trick], trump))


class GreedyBot:
    """Wins the trick it can score best, else sheds the least useful card; counts by hand like a
    casual player (``slips``: ``CASUAL`` unless given, docs/bots.md "Counting slips")."""

    def __init__(self, seed: int = 0, *, slips: SlipRates = CASUAL) -> None:
        self.seed = seed
        self.slips = slips_of(slips, seed)

    def choose(self, view: View) -> Move:
        move = counting_move(view, self.slips)
        if move is not None:
            return move
        return Play(greedy_card(Seat.read(view)))


EXPERT_BUDGET = 60_000
"""Card plays the expert simulates per decision: 37 ms of CPU on average, 80 ms at worst
(``bench/cribist_game.py``, compiled)."""


class ExpertBot:
    """Determinised search: each legal card is played out over deals of the unseen cards consistent
    with the view, and the card with the best average margin over the other seats is chosen.

    ``budget`` sets the work per decision; ``seconds`` caps it in CPU time on a slow machine (a
    pure-Python build, say: then play depends on the machine's speed, never on its load; pass
    ``math.inf`` for play that depends on the seed alone, as the strength bench does).
    It counts by hand perfectly unless given ``slips`` (as the levels below it do).
    """

    def __init__(
        self,
        seed: int = 0,
        budget: int = EXPERT_BUDGET,
        seconds: float = SEARCH_SECONDS,
        *,
        slips: SlipRates = NO_SLIPS,
    ) -> None:
        self.rng = random.Random(seed)
        self.budget = budget
        self.seconds = seconds
        self.slips = slips_of(slips, seed)

    def choose(self, view: View) -> Move:
        move = counting_move(view, self.slips)
        if move is not None:
            return move
        seat = Seat.read(view)
        legal = seat.legal
        if len(legal) == 1:
            return Play(legal[0])
        best = search(seat.position(), [c.index for c in legal], self.rng, self.budget, seconds=self.seconds)
        return Play(card_at(best))
