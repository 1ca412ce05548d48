"""The rest of a two-player play searched from what the seat can know: the seat's own later
choices see only what has been laid (never the other's hidden cards), and the other lays by a model
of a good player who cannot see the seat's cards either.

``play.play_values`` searches each of the other's holdings as if every card were known to both
sides, which credits each side with plans that depend on cards it cannot see. Here the holdings are
searched together: at each of the seat's turns one card is chosen for every holding still possible,
and at each of the other's turns the holdings are split by the card the model lays from each (or
the go), so what the other lays tells the seat what they may hold. The model lays the card that
pegs the most now less the seat's expected best reply, the seat's cards read as any ranks alike
(alone, after the seat's go: the most points now, the lowest first).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from muggins.strategy.cribbage.play import (
    LIMIT,
    MEMO_LIMIT,
    SEARCHING,
    VALUE,
    Ranks,
    fitting,
    hand_code,
    hand_without,
    numbering,
    pile_start,
    state_after,
    state_count,
    state_lays,
    state_points,
)
from muggins.strategy.cribbage.race import Race
from muggins.strategy.cribbage.winchance import TARGET

ALIKE = 1e-9
"""Values of the model's cards this close are alike (the rank decides)."""

_REPLY: Final[dict[int, float]] = {}
"""The seat's expected best reply on a pile state, by state and cards held (the model's reading)."""
_PREFERENCE: Final[dict[int, list[int]]] = {}
"""The model's order of the ranks (``_preference``) by the pile state, the seat's cards and its go."""
_NUMBERING: Final[list[int]] = [-1]
"""The numbering of the pile states the two tables above are keyed by."""


def counter_values(
    hand: Ranks,
    pile: Ranks,
    go: bool,
    others: Iterable[tuple[Ranks, float]],
    race: Race | None = None,
) -> dict[int, float]:
    """For each rank the seat may lay from ``hand`` on ``pile``, its value averaged over the other's
    possible ``holdings`` with their weights, the seat choosing later cards from what it has seen
    and the other laying by the model. The value is the points pegged from now to the end of the
    play, the seat's less the other's; or, given the ``race`` to the target, the seat's chance to
    win the game (the seat lays for it, the model still for points). ``go``: the other has said go
    on this count."""
    with SEARCHING:
        start = pile_start(pile)
        if _NUMBERING[0] != numbering() or len(_PREFERENCE) >= MEMO_LIMIT:
            _REPLY.clear()
            _PREFERENCE.clear()
            _NUMBERING[0] = numbering()
        held = _Holdings()
        for cards, weight in others:
            held.add(hand_code(cards), weight)
        if not held.total:
            raise ValueError("no holding of the other player is possible")
        search = _Counter(race)
        mine = hand_code(hand)
        ours, theirs = (race.mine, race.theirs) if race is not None else (0, 0)  # a margin counts from 0
        return {
            rank: search.lay(hand_without(mine, rank), held, start, go, rank, ours, theirs) / held.total
            for rank in fitting(hand, state_lays(start))
        }


class _Holdings:
    """The holdings of the other's still possible, coded, with their weights and the weights' sum."""

    def __init__(self) -> None:
        self.codes: list[int] = []
        self.weights: list[float] = []
        self.total = 0.0

    def add(self, code: int, weight: float) -> None:
        self.codes.append(code)
        self.weights.append(weight)
        self.total += weight


class _Counter:
    """One search, valuing each end of the play by its scores: the margin of points pegged from the
    decision, or the chance to win from the scores the play ends on (``race``), where reaching the
    target in the middle of the play wins at once."""

    def __init__(self, race: Race | None) -> None:
        self.after = race.after if race is not None else None

    def end(self, mine: int, theirs: int, weight: float) -> float:
        """The weighted value of a play ending on these scores."""
        if self.after is None:
            return (mine - theirs) * weight
        return self.after[mine * TARGET + theirs] * weight

    def out(self, score: int) -> bool:
        """Whether a race is won at once on this score."""
        return self.after is not None and score >= TARGET

    def lay(  # noqa: PLR0917 (the search's step)
        self, rest: int, held: _Holdings, pile: int, go: bool, rank: int, mine: int, theirs: int
    ) -> float:
        """The seat lays ``rank`` on state ``pile`` (``rest``: its hand after), with the scores
        ``mine`` and ``theirs`` before it: the weighted sum over the holdings of the values."""
        count = state_count(pile) + VALUE[rank]
        mine += state_points(pile, rank)
        last = not rest and not held.codes[0]
        if last and count != LIMIT:
            mine += 1  # the last card (a 31 has scored its own two)
        if self.out(mine):
            return held.total
        if last:
            return self.end(mine, theirs, held.total)
        if count == LIMIT:
            return self.theirs_to_lay(rest, held, 0, False, mine, theirs)
        after = state_after(pile, rank)
        if go:
            return self.mine_to_lay(rest, held, after, True, mine, theirs)
        return self.theirs_to_lay(rest, held, after, False, mine, theirs)

    def mine_to_lay(  # noqa: PLR0917 (as lay)
        self, hand: int, held: _Holdings, pile: int, go: bool, mine: int, theirs: int
    ) -> float:
        """The seat to lay (``go``: the other has said go on this count): its best card for every
        holding alike, as a weighted sum."""
        if not hand and not held.codes[0]:
            return self.end(mine, theirs, held.total)
        best = 0.0
        laid = False
        shift = 0
        previous = 0
        while hand >> shift:
            rank = (hand >> shift) & 15
            if rank != previous and state_points(pile, rank) >= 0:
                value = self.lay(hand_without(hand, rank), held, pile, go, rank, mine, theirs)
                if not laid or value > best:
                    best = value
                    laid = True
            previous = rank
            shift += 4
        if laid:
            return best
        if go:  # neither can lay: the seat laid the last card; the other leads next
            mine += 1 if pile else 0
            if self.out(mine):
                return held.total
            return self.theirs_to_lay(hand, held, 0, False, mine, theirs)
        return self.theirs_to_lay(hand, held, pile, True, mine, theirs)

    def theirs_to_lay(  # noqa: PLR0917 (as lay)
        self, hand: int, held: _Holdings, pile: int, go: bool, mine: int, theirs: int
    ) -> float:
        """The other to lay (``go``: the seat has said go on this count): the holdings split by the
        model's card from each, as a weighted sum (``hand``: the seat's)."""
        if not hand and not held.codes[0]:
            return self.end(mine, theirs, held.total)
        preference = _preference(pile, _cards(hand), go)
        choices: list[int] = []
        chosen = 0  # a bit for each rank some holding lays (bit 0: the go)
        for code in held.codes:
            best = 0
            most = 0
            left = code
            while left:
                rank = left & 15
                if preference[rank] > most:
                    best, most = rank, preference[rank]
                left >>= 4
            choices.append(best)
            chosen |= 1 << best
        count = state_count(pile)
        value = 0.0
        for rank in range(14):
            if not (chosen >> rank) & 1:
                continue
            split = _Holdings()
            for at, choice in enumerate(choices):
                if choice == rank:
                    code = held.codes[at]
                    split.add(code if not rank else hand_without(code, rank), held.weights[at])
            if not rank:
                if not go:
                    value += self.mine_to_lay(hand, split, pile, True, mine, theirs)
                    continue
                # neither can lay: the other laid the last card; the seat leads next
                scored = theirs + (1 if pile else 0)
                if not self.out(scored):
                    value += self.mine_to_lay(hand, split, 0, False, mine, scored)
                continue
            scored = theirs + state_points(pile, rank)
            total_count = count + VALUE[rank]
            last = not hand and not split.codes[0]
            if last and total_count != LIMIT:
                scored += 1
            if self.out(scored):
                continue  # the other wins at once: nothing to the seat
            if last:
                value += self.end(mine, scored, split.total)
            elif total_count == LIMIT:
                value += self.mine_to_lay(hand, split, 0, False, mine, scored)
            elif go:
                value += self.theirs_to_lay(hand, split, state_after(pile, rank), True, mine, scored)
            else:
                value += self.mine_to_lay(hand, split, state_after(pile, rank), False, mine, scored)
        return value


def _preference(pile: int, cards: int, alone: bool) -> list[int]:
    """By rank (index 1-13), how the model ranks laying it on state ``pile``, the seat holding
    ``cards`` cards: the other lays the rank of its hand with the highest number (0: it does not
    fit)."""
    key = (pile << 4) | (cards << 1) | alone
    found = _PREFERENCE.get(key)
    if found is None:
        valued: list[tuple[float, int]] = []
        for rank in range(1, 14):
            points = state_points(pile, rank)
            if points < 0:
                continue
            value = float(points)
            if not alone and state_count(pile) + VALUE[rank] != LIMIT:
                value -= _reply(state_after(pile, rank), cards)
            valued.append((value, rank))
        valued.sort()
        found = [0] * 14
        place = 0
        below = 0.0
        for value, rank in valued:
            if not place or value > below + ALIKE:
                place += 14  # a better value: above every rank before it
                below = value
            found[rank] = place + (rank if not alone else 14 - rank)
        _PREFERENCE[key] = found
    return found


def _reply(pile: int, cards: int) -> float:
    """The seat's expected best reply on state ``pile`` holding ``cards`` cards of ranks all alike."""
    key = pile << 3 | cards
    found = _REPLY.get(key)
    if found is None and not cards:
        found = _REPLY[key] = 0.0
    if found is None:
        points = sorted(max(0, p) for p in state_lays(pile)[1:])
        found = 0.0
        below = 0.0
        for at, p in enumerate(points):
            share = ((at + 1) / 13) ** cards
            found += p * (share - below)
            below = share
        _REPLY[key] = found
    return found


def _cards(code: int) -> int:
    """How many cards a coded hand holds."""
    cards = 0
    while code:
        cards += 1
        code >>= 4
    return cards
