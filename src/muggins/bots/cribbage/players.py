"""The cribbage bots: greedy and expert. Each reads only its seat's view.

Both count by hand under manual counting: they score the cards laid face up themselves (never
asking the engine) and claim what they counted; in a muggins window they call what an opponent's
claim missed, or ask for a correction when it claimed more. The expert counts perfectly; greedy
counts like a casual player and overlooks items now and then (``strategy.slips``).
"""

from __future__ import annotations

from collections.abc import Mapping

from muggins.bots.base import View
from muggins.bots.cribbage.auction import bid_move, crib_swing
from muggins.bots.cribbage.crash import crash_move, points_now
from muggins.bots.cribbage.discard import expert_discard, greedy_discard
from muggins.bots.cribbage.lowball import lowball_discard, lowball_play
from muggins.bots.cribbage.pegging import (
    COUNTER_SAMPLES,
    KNOWN_SAMPLES,
    LATE,
    ExpertPegger,
    greedy_play,
    near_the_end,
)
from muggins.bots.cribbage.wild import holds_joker, wild_discard, wild_play, wild_score
from muggins.cards import parse_cards
from muggins.games.moves import Claim, Correct, Move, Muggins, Ready
from muggins.scoring.fast import show_points
from muggins.scoring.show import itemise_show
from muggins.strategy.cribbage.cribtables import CribTables, shipped_tables
from muggins.strategy.cribbage.playworth import PlayWorth, shipped_play_worth
from muggins.strategy.cribbage.reading import Seat, read
from muggins.strategy.cribbage.winchance import WinChance, shipped_win_chance
from muggins.strategy.slips import CASUAL, NO_SLIPS, SlipRates, Slips, slips_of


def counting_move(view: View, seat: Seat, slips: Slips | None = None) -> Move:
    """The show on the table counted by hand: claim it, or judge an opponent's claim of it. With
    ``slips`` some items are overlooked: claimed short, or a muggins not called. A claim that looks
    too high is checked with care: a correction is asked only when it is."""
    showing = view.get("showing")
    if not showing or seat.starter is None:
        return Ready()
    cards, crib = parse_cards(" ".join(showing["cards"])), showing["what"] != "hand"
    if view.get("jokers"):
        score = wild_score(view, cards, seat.starter, crib)
        count, missed = score.total, slips.overlooked(score) if slips else []
    else:
        count = show_points(cards, seat.starter, crib)
        missed = slips.overlooked(itemise_show(cards, seat.starter, crib)) if slips else []
    seen = count - sum(item.points for item in missed)
    if seat.phase == "show":
        return Claim(seen)
    claimed = showing["claimed"]
    if seen > claimed and "muggins 1" in seat.legal:
        return Muggins(seen - claimed)
    if count < claimed:
        return Correct()
    return Ready()


def lowball_move(view: View, seat: Seat, tables: CribTables | None, slips: Slips | None) -> Move:
    """A Lowball move (the aim turned round: docs/bots.md): the least valued throw (by the crib
    ``tables`` and the exact hand, or by the points held now), the card that pegs least."""
    if seat.phase == "discard":
        return lowball_discard(seat, tables)
    if seat.phase == "play":
        return lowball_play(seat)
    return counting_move(view, seat, slips)


class GreedyBot:
    """Takes the most points now: discards for the most points held, pegs the best-scoring card;
    counts by hand like a casual player (``slips``: ``CASUAL`` unless given)."""

    def __init__(self, seed: int = 0, *, slips: SlipRates = CASUAL) -> None:
        self.seed = seed
        self.slips = slips_of(slips, seed)

    def choose(self, view: View) -> Move:
        seat = read(view)
        if seat.phase == "bid":  # Auction: it bids as the expert does, having no measure of a crib
            return bid_move(seat, view["auction"], crib_swing(seat, shipped_tables(), shipped_play_worth()))
        if view.get("lowball"):
            return lowball_move(view, seat, None, self.slips)
        if holds_joker(seat) and seat.phase in ("discard", "play"):
            return wild_discard(seat, None) if seat.phase == "discard" else wild_play(seat, view)
        if seat.phase == "discard":
            return greedy_discard(seat)
        if seat.phase == "play":
            move = greedy_play(seat)
            return crash_move(view, seat, move, lambda: points_now(seat)) if view.get("crash") else move
        return counting_move(view, seat, self.slips)


class ExpertBot:
    """Exact expected-value discards with the crib tables, what the kept hand can expect to peg
    (``play``, two players) and board position (near the end of a two-player game to 121 the chance
    to win, from ``chances``: the shipped ones unless given, or off with False, when the chance to go
    out this deal stands in for it); in a two-player play, pegging by the mean of the search of its
    rest with every card known and the search from what the seat knows
    (``blend``; near the end of a game, for the chance to win, the search from what the seat knows
    while the other holds three or four cards and then the search with every card known); elsewhere
    by a reply model; the other's holdings weighed by what their discards reveal (``samples``, ``late``,
    ``table``, ``race``, ``race_samples``, ``weigh``, ``counter``, ``counter_race``, ``blend``,
    ``counter_samples``, ``known_samples``: see ``ExpertPegger``). It counts by hand perfectly
    unless given ``slips`` (as the levels below it do)."""

    def __init__(
        self,
        seed: int = 0,
        *,
        tables: CribTables | None = None,
        samples: int = 0,
        late: int = LATE,
        play: PlayWorth | None = None,
        chances: WinChance | bool = True,
        table: bool = True,
        race: bool = True,
        race_samples: int = 0,
        weigh: bool = True,
        counter: bool = True,
        counter_race: bool = True,
        blend: bool = True,
        counter_samples: int = COUNTER_SAMPLES,
        known_samples: Mapping[int, int] = KNOWN_SAMPLES,
        slips: SlipRates = NO_SLIPS,
    ) -> None:
        self.seed = seed
        self.slips = slips_of(slips, seed)
        self.tables = tables if tables is not None else shipped_tables()
        self.play = play if play is not None else shipped_play_worth()
        self.chances = shipped_win_chance() if chances is True else chances or None
        """The win chances near the end of a two-player game, or None for the go-out estimate."""
        self.pegger = ExpertPegger(
            self.tables,
            samples,
            seed,
            late,
            table=table,
            race=shipped_win_chance() if race else None,
            race_samples=race_samples,
            weigh=weigh,
            counter=counter,
            counter_race=counter_race,
            blend=blend,
            counter_samples=counter_samples,
            known_samples=known_samples,
        )

    def choose(self, view: View) -> Move:
        seat = read(view)
        if seat.phase == "bid":  # Auction cribbage
            return bid_move(seat, view["auction"], crib_swing(seat, self.tables, self.play))
        if view.get("lowball"):
            return lowball_move(view, seat, self.tables, self.slips)
        if holds_joker(seat) and seat.phase in ("discard", "play"):
            return wild_discard(seat, self.tables) if seat.phase == "discard" else wild_play(seat, view)
        if seat.phase == "discard":
            return expert_discard(seat, self.tables, self.play, self.chances)
        if seat.phase == "play":
            move = self.pegger.choose(seat)
            if view.get("crash") and not near_the_end(seat):  # there its values are chances, not points
                return crash_move(view, seat, move, lambda: self.pegger.values(seat))
            return move
        return counting_move(view, seat, self.slips)


def quick_expert(seed: int = 0) -> ExpertBot:
    """The quick expert (``quick``), for simulation at scale: the expert's discards, except that near
    the end the chance to go out this deal stands in for the chance to win; in the play the reply
    model, and the search with every card known once the other holds ``LATE`` cards or fewer (no
    sampled searches, no race). Several times the expert's games a second, for a little less than
    half of duplicate games against it (docs/bots.md, "The quick expert")."""
    return ExpertBot(seed, chances=False, race=False, counter=False, blend=False)
