"""Cribbage options: variant, seats, target and skunk lines, counting, dealing and table options."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from muggins.games.cribbage.variants import TWO_HANDED, Variant
from muggins.games.options import Counting, Options, Preset, option


@dataclass(frozen=True, kw_only=True)
class CribbageOptions(Options):
    """Every cribbage option; the defaults are the common tabletop rules."""

    presets: ClassVar[dict[str, Preset]] = {
        "standard": Preset("Standard, to 121", {}),
        "manual": Preset("Manual counting with muggins", {"counting": "manual", "muggins": True}),
        "match": Preset("Match: best of 3", {"match": 3}),
        "five-card": Preset("Five-card, to 61", {"variant": "five-card"}),
        "seven-card": Preset("Seven-card, to 181", {"variant": "seven-card"}),
        "jokers": Preset("Wild jokers", {"jokers": True}),
        "crash": Preset("Crash: pegs share one track", {"crash": True}),
        "eight-card": Preset("Eight-card, to 121", {"variant": "eight-card"}),
        "short": Preset("Short game, to 61", {"target": 61}),
    }

    variant: Variant = option(
        default="six-card",
        description="six-card (the standard); five-card (to 61), seven-card (to 181) or eight-card, "
        "for two players; or ten-hand",
    )
    partnerships: bool = option(default=False, description="four players, two sides")
    lowball: bool = option(
        default=False, description="Lowball: score as little as you can; the first to the target loses"
    )
    toss_fives: bool = option(
        default=False, description="Toss Fives: every five you are dealt goes to the crib, whoever's it is"
    )
    jokers: bool = option(
        default=False,
        description="wild jokers: the two jokers join the pack; each is called as any card when it counts",
    )
    crash: bool = option(
        default=False,
        description="Crash: every peg moves on one track, and a peg landed on by another side's is crashed",
    )
    auction: bool = option(
        default=False,
        description="Auction: two players bid points off their score for each hand's crib",
    )
    captain: Literal[0, 1, 2] | None = option(
        default=None,
        description="Captain's cribbage: this seat of three plays alone, to half the target, against two",
    )
    target: int | None = option(
        default=None,
        ge=1,
        le=1000,
        description="points to win (default 121; 61 for five-card, 181 for seven-card)",
    )
    skunk: int | None = option(
        default=None, ge=0, le=1000, description="a loser below this is skunked (default 91 in a game to 121)"
    )
    double_skunk: int | None = option(
        default=None, ge=0, le=1000, description="below this, double skunked (default 61 in a game to 121)"
    )
    triple_skunk: int | None = option(
        default=None, ge=0, le=1000, description="below this, triple skunked: the match is lost (default 31)"
    )
    match: int = option(default=1, ge=1, le=99, description="best of this many games (odd)")
    heels: Literal[1, 2] = option(default=2, description="points for his heels (a jack starter)")
    first_dealer: Literal["cut", "random", 0, 1, 2, 3] = option(
        default="cut", description="cut (lowest card deals), random, or a seat number"
    )
    dealer_rule: Literal["rotate", "random"] = option(
        default="rotate", description="the deal passes on each hand, or a random player deals"
    )
    direction: Literal["clockwise", "anticlockwise"] = option(
        default="clockwise", description="the way play and the deal go round the table"
    )
    counting: Counting = option(
        default="auto", description="auto: hands are counted for you; manual: you claim your own points"
    )
    muggins: bool = option(
        default=False, description="with manual counting, opponents may claim the points you miss"
    )
    skip_empty: bool = option(default=True, description="say go for you when you have no cards left")
    skip_pass: bool = option(default=True, description="say go for you when no card can be laid")
    skip_only_move: bool = option(default=False, description="move for you if only one move")
    pre_show: bool = option(default=False, description="pause after the play, before the show")
    post_show: bool = option(default=True, description="pause after the show, before the next hand")

    def check(self) -> None:
        if self.muggins and self.counting != "manual":
            raise ValueError("muggins needs counting='manual' (players count their own hands)")
        if self.match % 2 == 0:
            raise ValueError(f"a match is best of an odd number of games, not {self.match}")
        if self.toss_fives and self.variant == "ten-hand":
            raise ValueError("toss_fives is for the six-card and five-card deals: ten-hand has two cribs")
        if self.jokers and (self.lowball or self.auction or self.variant == "ten-hand"):
            raise ValueError(
                "wild jokers are not played with Lowball, Auction or ten-hand: no source combines them"
            )
        if self.crash and (self.lowball or self.auction or self.captain is not None):
            raise ValueError(
                "Crash is not played with Lowball, Auction or Captain's: no source combines them"
            )
        if self.lowball:
            if self.counting != "auto":
                raise ValueError("lowball is counted automatically: a player would simply claim too little")
            if self.variant == "ten-hand" or self.captain is not None or self.match != 1:
                raise ValueError("lowball is one game of the six-card or five-card deal, without a captain")

    @property
    def game_target(self) -> int:
        """Points to win: 121, or 61 for five-card and 181 for seven-card cribbage, unless set."""
        if self.target is not None:
            return self.target
        return {"five-card": 61, "seven-card": 181}.get(self.variant, 121)

    @functools.cached_property
    def skunk_lines(self) -> tuple[int, int, int]:
        """Scores a loser must reach to escape skunk, double and triple skunk (0 disables a line).

        Unset lines are 91, 61 and 31 for a 121-point game, and 30, 60 and 90 below any other target;
        Captain's cribbage, whose sides play to different targets, and Lowball, whose loser is the one
        who reached the target, have none unless they are set.
        Worked out once per options object: games with the same options share it.
        """
        target = self.game_target
        uneven = self.captain is not None or self.lowball
        defaults = [0, 0, 0] if uneven else [max(0, target - 30 * k) for k in (1, 2, 3)]
        given = [self.skunk, self.double_skunk, self.triple_skunk]
        lines = [g if g is not None else d for g, d in zip(given, defaults, strict=True)]
        return lines[0], lines[1], lines[2]


@dataclass(frozen=True, slots=True)
class Layout:
    """How a deal is made for a variant and number of seats."""

    dealt: int
    """Cards dealt to each player."""
    to_crib: int
    """Cards each player sends to the dealer's crib."""
    own_crib: int
    """Cards each player keeps as their own crib (ten-hand cribbage)."""
    pack_to_crib: int
    """Cards from the pack that top the dealer's crib up to four."""
    kept: int
    """Cards in each playing hand."""
    dealer_short: bool = False
    """Five players: the dealer is dealt one card fewer and sends none to the crib."""

    def dealt_to(self, dealer: bool) -> int:
        """Cards dealt to the dealer (``dealer``) or to another seat."""
        return self.dealt - (self.dealer_short and dealer)

    def thrown_by(self, dealer: bool) -> int:
        """Cards the dealer (``dealer``) or another seat sends to the dealer's crib."""
        return 0 if self.dealer_short and dealer else self.to_crib


@functools.cache
def layout(variant: Variant, players: int) -> Layout:
    """The deal for ``variant`` with ``players`` seats still playing."""
    if variant in TWO_HANDED:  # two players, two cards each to the crib
        dealt = {"five-card": 5, "seven-card": 7, "eight-card": 8}[variant]
        return Layout(dealt, to_crib=2, own_crib=0, pack_to_crib=0, kept=dealt - 2)
    if variant == "ten-hand":
        dealt = 10 if players == 2 else 9
        to_crib = dealt - 8
        return Layout(dealt, to_crib, own_crib=4, pack_to_crib=4 - to_crib * players, kept=4)
    if players == 2:
        return Layout(dealt=6, to_crib=2, own_crib=0, pack_to_crib=0, kept=4)
    if players == 5:
        return Layout(dealt=5, to_crib=1, own_crib=0, pack_to_crib=0, kept=4, dealer_short=True)
    return Layout(dealt=5, to_crib=1, own_crib=0, pack_to_crib=4 - players, kept=4)


TABLE_FORMS: tuple[dict[str, Any], ...] = (
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 4, "partnerships": True},
    {"players": 5},
    {"players": 3, "captain": 0},
    {"players": 2, "lowball": True},
    {"players": 3, "lowball": True},
    {"players": 2, "toss_fives": True},
    {"players": 4, "toss_fives": True},
    {"players": 2, "auction": True, "target": 31},  # random bids pay away what random play scores
    {"players": 2, "variant": "five-card"},
    {"players": 2, "variant": "seven-card"},
    {"players": 2, "variant": "eight-card"},
    {"players": 2, "variant": "seven-card", "counting": "manual", "muggins": True},
    {"players": 2, "jokers": True},
    {"players": 3, "jokers": True},
    {"players": 2, "jokers": True, "counting": "manual", "muggins": True},
    {"players": 2, "variant": "five-card", "jokers": True, "counting": "manual", "muggins": True},
    {"players": 2, "variant": "eight-card", "jokers": True, "counting": "manual", "muggins": True},
    {"players": 2, "crash": True},
    {"players": 3, "crash": True},
    {"players": 4, "partnerships": True, "crash": True},
    {"players": 5, "crash": True},
    {"players": 2, "crash": True, "counting": "manual", "muggins": True},
    {"players": 2, "variant": "ten-hand"},
    {"players": 3, "variant": "ten-hand"},
    {"players": 4, "variant": "ten-hand", "partnerships": True},
    {"players": 2, "counting": "manual", "muggins": True},
    {"players": 4, "partnerships": True, "counting": "manual", "muggins": True},
)
"""One ``new_game`` keyword set for every seat count and form of cribbage (and manual counting with
muggins alone and in partnerships): what tests, benchmarks and presets run through."""
