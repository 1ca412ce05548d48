"""Two-player six-card cribbage played to its end by uniformly random moves, on card numbers: the
quick path for rollouts that want only where a game ends, not its events, moves or record.

It makes the moves ``games.rollout.play_out`` makes on the engine, from the same draws, and deals
the same cards (from a copy of the game's generator, so the game itself is left unchanged).
``tests/games/test_cribbage_quick.py`` holds it to the engine game by game, from positions in every
phase and under every table option it takes. The rules it plays are the engine's
(docs/rules/cribbage.md); anything it does not take (more players, other deals, manual counting,
a match, players who left, given decks) is left to the engine.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any, Final, Protocol

from muggins.cards import JACK, STANDARD_CARDS, Card
from muggins.games.base import sample
from muggins.games.cribbage.options import CribbageOptions
from muggins.games.cribbage.phases import DISCARD, PLAY, POST_SHOW, PRE_SHOW, Phase
from muggins.games.flow import Waiting
from muggins.games.result import Finished, Result
from muggins.scoring.cribbage.pegging import rank_points
from muggins.scoring.fast import index_points

# A card is numbered by its place in showing order, (rank - 1) * 4 + suit (A♣ A♦ A♥ A♠ 2♣ ...):
# a hand sorted as numbers is in the engine's order, so its legal moves come in the same order.
_NUMBER: Final = tuple((card.rank - 1) * 4 + int(card.suit or 0) for card in STANDARD_CARDS)
"""Each standard card's number, by its index."""
_INDEX: Final = tuple(sorted(range(52), key=lambda index: _NUMBER[index]))
"""Each number's card index (what the show tables are read by)."""
_RANK: Final = tuple(number // 4 + 1 for number in range(52))
_VALUE: Final = tuple(min(rank, 10) for rank in _RANK)
_FIRST: Final = tuple(i for i in range(6) for _ in range(i + 1, 6))
_SECOND: Final = tuple(j for i in range(6) for j in range(i + 1, 6))
"""The two places in a six-card hand of each discard, in the engine's (combinations) order."""
_SEATS: Final = [0, 1]
_BOTH: Final = 3
"""The mask of both seats waiting."""

# The phases, as numbers.
_DISCARD: Final = 0
_PLAY: Final = 1
_PRE_SHOW: Final = 2
_SHOW: Final = 3
_POST_SHOW: Final = 4
_PHASES: Final = {
    str(DISCARD): _DISCARD,
    str(PLAY): _PLAY,
    str(PRE_SHOW): _PRE_SHOW,
    str(POST_SHOW): _POST_SHOW,
}
"""Each phase this path starts from, by its name."""


class Position(Protocol):
    """What this path reads of a game (the engine's ``Cribbage``), once, before it plays on in
    numbers: the engine passes itself, and this module needs nothing else of it."""

    players: int
    options: CribbageOptions
    rng: random.Random
    decks: list[tuple[Card, ...]]
    decks_used: int
    left: list[int]
    waiting: Waiting
    target: int
    manual: bool
    lowball: bool
    toss_fives: bool
    auction: bool
    jokers: bool
    crash: bool
    match_games: int
    random_dealer: bool
    skip_empty: bool
    skip_pass: bool
    skip_only_move: bool
    pre_show: bool
    post_show: bool
    deal_size: int
    to_crib_size: int
    own_crib_size: int
    pack_to_crib: int
    side_scores: list[int]
    dealer: int
    phase: Phase
    turn: int
    hand: list[list[Card]]
    kept: list[tuple[Card, ...]]
    to_crib: list[tuple[Card, ...]]
    starter: Card | None
    pile_cards: list[Card]
    count: int
    passed: int
    last_layer: int | None

    @property
    def result(self) -> Result | None: ...


def finish(game: Position, rng: random.Random, *, pure: bool = False) -> Finished | None:
    """Where ``game`` ends if both seats play uniformly random moves drawn from ``rng`` as
    ``play_out`` draws them; ``game`` is unchanged. None for a game or position this path does not
    take. In C where it is built, unless ``pure`` (the Python table, which the C copies)."""
    result = game.result
    if result is not None:
        return Finished(result.scores, 0)
    if not takes(game):
        return None
    draw = rng.random
    table = _Table(game, lambda seat, moves: int(draw() * moves))
    if _C is None or pure:
        table.run()
        return Finished((table.scores[0], table.scores[1]), table.moves)
    if _in_place(rng):  # the C reads the generator and leaves it where the draws left it
        scores, moves, _, _ = _in_c(table, (rng,), False)
    else:
        version, words, gauss = rng.getstate()
        scores, moves, _, states = _in_c(table, (words,), False)
        rng.setstate((version, states[0], gauss))
    return Finished(scores, moves)


def play_randomly(game: Position, seeds: Sequence[int], *, pure: bool = False) -> Ledger | None:
    """``game`` played to its end with each seat's moves drawn by ``random.Random(seed)`` of its
    seed in ``seeds`` as a random bot draws them (``choice`` among the legal moves, and no draw
    where there is only one): the final scores by seat, the moves made, and each deal from the one
    in progress on as its dealer and the points each seat scored in it from here by reason.
    ``game`` is unchanged; None for a game or position this path does not take. In C where it is
    built, unless ``pure``."""
    if game.result is not None or not takes(game):
        return None
    if _C is not None and not pure and max(map(abs, seeds)) < 1 << 64:  # the C takes 64-bit seeds
        scores, moves, ledger, _ = _in_c(
            _Table(game, _drawn_in_c, True), (abs(seeds[0]), abs(seeds[1])), True
        )
        return scores, moves, ledger
    first, second = random.Random(seeds[0]).randrange, random.Random(seeds[1]).randrange
    table = _Table(game, lambda seat, moves: (second if seat else first)(moves) if moves > 1 else 0, True)
    table.run()
    return (table.scores[0], table.scores[1]), table.moves, table.ledger


def _drawn_in_c(seat: int, moves: int) -> int:
    """The pick of a table the C plays on: never called (the C draws its own)."""
    raise AssertionError("the C table draws its own moves")


def _extension() -> ModuleType | None:
    """The table in C, or None where the build did not make it."""
    try:
        from muggins.games.cribbage import _quickplay  # optional: absent in a pure build
    except ImportError:
        return None
    return _quickplay


_C = _extension()


def in_c() -> bool:
    """Whether the quick path runs in C."""
    return _C is not None


def _in_c(table: _Table, draws: tuple[object, ...], choice: bool) -> tuple[tuple[int, int], int, Any, Any]:
    """``table`` played on in C (``_quickplay.play``): each seat draws from ``draws`` (one
    generator's words for both, or a seed each), by ``choice`` or as ``play_out`` draws."""
    assert _C is not None
    numbers = (
        *table.scores,
        table.target,
        table.heels,
        table.dealer,
        table.random_dealer,
        table.skip_empty,
        table.skip_pass,
        table.skip_only,
        table.pre_show,
        table.post_show,
        table.phase,
        table.turn,
        table.count,
        table.passed,
        table.last,
        table.waiting,
        table.starter,
    )
    hands, kept = table.hands, table.kept
    found: tuple[tuple[int, int], int, Any, Any] = _C.play(
        numbers,
        hands[0],
        hands[1],
        kept[0],
        kept[1],
        table.crib,
        table.pile,
        table.rng if _in_place(table.rng) else table.rng.getstate()[1],
        draws,
        choice,
        SCORED if table.keep else None,
    )
    return found


def _in_place(rng: random.Random) -> bool:
    """Whether the C reads ``rng`` in place: a ``random.Random`` itself (a subclass may draw
    otherwise, as ``SystemRandom`` does, which ``getstate`` refuses), where the C found the layout."""
    return _C is not None and bool(_C.DIRECT) and type(rng) is random.Random


def takes(game: Position) -> bool:
    """Whether this path plays ``game`` from its position: two players dealt six, counted
    automatically, one game to its target (not Lowball's), every throw free (not Toss Fives), the
    crib the dealer's (not Auction's), no wild jokers, no crashes,
    nobody gone, no decks given still to deal, and waiting on a discard, a card or go in the play,
    or a pause before or after the show."""
    return (
        game.players == 2
        and game.deal_size == 6
        and game.to_crib_size == 2
        and not game.own_crib_size
        and not game.pack_to_crib
        and not game.manual
        and not game.lowball
        and not game.toss_fives
        and not game.auction
        and not game.jokers
        and not game.crash
        and game.match_games == 1
        and not game.left
        and game.decks_used >= len(game.decks)
        and game.phase in (DISCARD, PLAY, PRE_SHOW, POST_SHOW)
        and game.starter is not None
    )


def _numbers(cards: list[Card] | tuple[Card, ...]) -> list[int]:
    return [_NUMBER[card.index] for card in cards]


REASONS: Final = ("hand", "crib", "pegging", "his heels")
"""The reasons points are scored for on this path (``Scored.reason``), as a ledger numbers them."""
_HAND: Final = 0
_CRIB: Final = 1
_PEGGING: Final = 2
_HEELS: Final = 3

Pick = Callable[[int, int], int]
"""A seat's choice among its legal moves: (seat, how many) -> which, in the engine's order."""
SCORED: Final = tuple((seat, reason) for seat in _SEATS for reason in REASONS)
"""A deal's points by seat and reason, as a ledger keys them."""
DealLedger = tuple[int, dict[tuple[int, str], int]]
"""A deal's dealer and the points each seat scored in it by reason (``SCORED``: only those scored)."""
Ledger = tuple[tuple[int, int], int, list[DealLedger]]
"""A game played on: its final scores, the moves made and its deals (see ``play_randomly``)."""


class _Table:
    """A game's position in numbers, played on by ``run`` with each seat's choices from ``pick``;
    with ``keep``, each deal's points are kept in ``ledger`` as they are scored."""

    def __init__(self, game: Position, pick: Pick, keep: bool = False) -> None:
        self.pick = pick
        self.keep = keep
        self.ledger: list[DealLedger] = []
        self.points = [0] * (2 * len(REASONS))
        self.scores = list(game.side_scores)
        self.target = game.target
        self.heels: int = game.options.heels
        self.dealer = game.dealer
        self.random_dealer = game.random_dealer
        self.skip_empty, self.skip_pass, self.skip_only = game.skip_empty, game.skip_pass, game.skip_only_move
        self.pre_show, self.post_show = game.pre_show, game.post_show
        self.rng = game.rng
        """The game's generator, which the deals to come are drawn from: read, never drawn from."""
        self.hands = [_numbers(game.hand[0]), _numbers(game.hand[1])]
        self.kept = [_numbers(game.kept[0]), _numbers(game.kept[1])]
        self.crib = _numbers(game.to_crib[0]) + _numbers(game.to_crib[1])
        starter = game.starter
        assert starter is not None
        self.starter = _NUMBER[starter.index]
        self.pile = [card.rank for card in game.pile_cards]
        self.count = game.count
        self.passed = game.passed
        self.turn = game.turn
        last = game.last_layer
        self.last = -1 if last is None else last
        self.waiting = game.waiting.mask
        self.phase = _PHASES[str(game.phase)]
        self.moves = 0

    def run(self) -> None:
        """Play on until a seat reaches the target (the deal it is won in closes the ledger)."""
        self.deals = random.Random()
        self.deals.setstate(self.rng.getstate())
        while True:
            phase = self.phase
            if phase == _DISCARD:
                if self.discard():
                    break
            elif phase == _PLAY:
                if self.play():
                    break
            elif phase == _SHOW:
                if self.show():
                    break
            else:
                self.ready()
                if phase == _PRE_SHOW:
                    self.phase = _SHOW
                else:
                    self.new_hand()
        self.close_deal()

    def add(self, seat: int, points: int, reason: int) -> bool:
        """Peg ``points`` for ``seat``, scored for ``REASONS[reason]``; True if that won the game."""
        total = self.scores[seat] + points
        self.scores[seat] = total
        if self.keep:
            self.points[seat * len(REASONS) + reason] += points
        return total >= self.target

    def close_deal(self) -> None:
        """Keep the deal's points in the ledger, and start the next deal's from nothing."""
        if self.keep:
            self.ledger.append(
                (
                    self.dealer,
                    {key: points for key, points in zip(SCORED, self.points, strict=True) if points},
                )
            )
            self.points = [0] * (2 * len(REASONS))

    def ready(self) -> None:
        """Each waiting seat says ready (its one move)."""
        for seat in _SEATS:
            if self.waiting >> seat & 1:
                self.pick(seat, 1)
                self.moves += 1
        self.waiting = 0

    def discard(self) -> bool:
        """The seats still to discard do (the lower seat first), then the starter is cut; True if
        his heels won the game."""
        for seat in _SEATS:
            if self.waiting >> seat & 1:
                pick = self.pick(seat, 15)
                self.moves += 1
                hand = self.hands[seat]
                second = hand.pop(_SECOND[pick])
                self.crib.append(hand.pop(_FIRST[pick]))
                self.crib.append(second)
                self.kept[seat] = hand[:]
        self.waiting = 0
        if _RANK[self.starter] == JACK and self.add(self.dealer, self.heels, _HEELS):
            return True
        self.phase = _PLAY
        self.turn = 1 - self.dealer
        return False

    def play(self) -> bool:
        """Lay cards and say go until the play ends; True if a seat pegged out."""
        while self.phase == _PLAY:
            seat = self.turn
            hand = self.hands[seat]
            room = 31 - self.count
            playable = 0
            only = -1
            for card in hand:
                if _VALUE[card] <= room:
                    playable += 1
                    only = card
            if not playable:
                if not ((self.skip_empty if not hand else self.skip_pass) or self.skip_only):
                    self.pick(seat, 1)  # go, the one legal move
                    self.moves += 1
                if self.go(seat):
                    return True
                continue
            if playable > 1 or not self.skip_only:
                pick = self.pick(seat, playable)
                self.moves += 1
                for card in hand:
                    if _VALUE[card] <= room:
                        if not pick:
                            only = card
                            break
                        pick -= 1
            if self.lay(seat, only):
                return True
        return False

    def lay(self, seat: int, card: int) -> bool:
        """``seat`` lays ``card``; True if that won the game."""
        self.hands[seat].remove(card)
        pile = self.pile
        pile.append(_RANK[card])
        count = self.count + _VALUE[card]
        self.count = count
        self.last = seat
        points = rank_points(pile, count)
        if points and self.add(seat, points, _PEGGING):
            return True
        if count == 31:
            return self.end_round(seat, False)
        if not self.hands[0] and not self.hands[1]:
            if self.add(seat, 1, _PEGGING):  # the last card
                return True
            self.end_play()
            return False
        self.pass_turn(seat)
        return False

    def go(self, seat: int) -> bool:
        """``seat`` says go; True if the go point won the game."""
        self.passed |= 1 << seat
        if self.passed == _BOTH:
            return self.end_round(self.last, True)
        self.pass_turn(seat)
        return False

    def pass_turn(self, seat: int) -> None:
        other = 1 - seat
        self.turn = seat if self.passed >> other & 1 else other

    def end_round(self, last: int, after_go: bool) -> bool:
        """Both have passed or the count hit 31: the go point, then the count starts again (or the
        play ends); True if the go point won the game."""
        if after_go and self.add(last, 1, _PEGGING):  # (never at 31: the count ends the round there)
            return True
        self.reset()
        if not self.hands[0] and not self.hands[1]:
            self.end_play()
        else:
            self.turn = 1 - last
        return False

    def reset(self) -> None:
        """The count starts again from nothing."""
        self.pile.clear()
        self.count = 0
        self.passed = 0

    def end_play(self) -> None:
        self.reset()
        if self.pre_show:
            self.phase = _PRE_SHOW
            self.waiting = _BOTH
        else:
            self.phase = _SHOW

    def show(self) -> bool:
        """The pone's hand, the dealer's and the crib, counted in that order; True if one won the
        game."""
        dealer = self.dealer
        pone = 1 - dealer
        if self.add(pone, self.count_show(self.kept[pone], False), _HAND):
            return True
        if self.add(dealer, self.count_show(self.kept[dealer], False), _HAND):
            return True
        if self.add(dealer, self.count_show(self.crib, True), _CRIB):
            return True
        if self.post_show:
            self.phase = _POST_SHOW
            self.waiting = _BOTH
        else:
            self.new_hand()
        return False

    def count_show(self, cards: list[int], crib: bool) -> int:
        return index_points(
            _INDEX[cards[0]], _INDEX[cards[1]], _INDEX[cards[2]], _INDEX[cards[3]], _INDEX[self.starter], crib
        )

    def new_hand(self) -> None:
        """The deal passes (or goes to a random seat), and six cards each and a starter are dealt
        from the game's generator as the engine deals them."""
        self.close_deal()
        self.dealer = self.deals.choice(_SEATS) if self.random_dealer else 1 - self.dealer
        pack = sample(self.deals, STANDARD_CARDS, 13)
        pone: list[int] = []
        dealer: list[int] = []
        for i in range(0, 12, 2):
            pone.append(_NUMBER[pack[i].index])
            dealer.append(_NUMBER[pack[i + 1].index])
        pone.sort()
        dealer.sort()
        self.hands[1 - self.dealer] = pone
        self.hands[self.dealer] = dealer
        self.starter = _NUMBER[pack[12].index]
        self.crib = []
        self.phase = _DISCARD
        self.waiting = _BOTH
