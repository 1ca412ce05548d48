"""A fixed action space per game: every move a game can list gets one action number.

Cards moves take one action per card; a move of several cards (a cribbage discard of two, a ten-hand
crib of four) is chosen one card at a time, the move being made when the last card is picked. Claims
and muggins take one action per amount; bets and raises one per representative amount the game
lists (in its order: the minimum, then the pot-sized amount). A game's own verbs (``OwnVerb``) say
which of their actions a move is. Each game's space is in ``muggins.envs.<game>.layout``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from muggins.cards import Card, card_at
from muggins.games.moves import AmountMove, BareMove, CardsMove, Move, Muggins, Play

Mask = npt.NDArray[np.int8]


@dataclass(frozen=True)
class OwnVerb:
    """A game's own verb with one action per ``names`` entry (``place a1`` ... ``place d4``):
    ``number(move)`` is the action's place among them."""

    names: tuple[str, ...]
    number: Callable[[Move], int]


class ActionSpace:
    """The actions of one game, by number: ``names[i]`` is action ``i``'s description.

    ``deck``: card indices run 0 to ``deck - 1``. ``amount_verbs``: verbs taking an amount, with
    how many slots each has (amounts 0 to slots - 1; for ``ordinal_verbs``, such as Skalborg's bets
    and raises, the slot-th amount the game lists). ``own_verbs``: the game's own verbs, by verb.
    """

    def __init__(
        self,
        *,
        deck: int,
        card_verbs: tuple[str, ...],
        bare_verbs: tuple[str, ...],
        amount_verbs: tuple[tuple[str, int], ...],
        ordinal_verbs: frozenset[str] = frozenset(),
        own_verbs: Mapping[str, OwnVerb] | None = None,
    ) -> None:
        self.deck, self.card_verbs, self.bare_verbs = deck, card_verbs, bare_verbs
        self.amount_verbs, self.ordinal_verbs = amount_verbs, ordinal_verbs
        self.own_verbs: dict[str, OwnVerb] = dict(own_verbs or {})
        self.slots = dict(amount_verbs)
        self.slots.update((verb, len(own.names)) for verb, own in self.own_verbs.items())
        self.offsets: dict[str, int] = {}
        at = 0
        for verb in card_verbs:
            self.offsets[verb] = at
            at += deck
        for verb in bare_verbs:
            self.offsets[verb] = at
            at += 1
        for verb, slots in amount_verbs:
            self.offsets[verb] = at
            at += slots
        for verb, own in self.own_verbs.items():
            self.offsets[verb] = at
            at += len(own.names)
        self.size = at

    @property
    def names(self) -> list[str]:
        """A short name per action: ``play 5H``, ``discard 5H`` (a pick), ``go``, ``claim 12``, ``bet #0``."""
        out: list[str] = []
        for verb in self.card_verbs:
            out.extend(f"{verb} {card_at(i)}" for i in range(self.deck))
        out.extend(self.bare_verbs)
        for verb, slots in self.amount_verbs:
            mark = "#" if verb in self.ordinal_verbs else ""
            out.extend(f"{verb} {mark}{n}" for n in range(slots))
        for verb, own in self.own_verbs.items():
            out.extend(f"{verb} {name}" for name in own.names)
        return out


class UnmappedMoveError(ValueError):
    """A legal move the game's action space has no number for (a bound too small)."""


class Choice:
    """One seat's legal moves as actions, and the cards already picked towards a multi-card move.

    ``by_action`` maps each legal action to the move it makes, or to None for a card pick that
    does not complete a move yet; ``mask`` marks the same actions."""

    def __init__(self, space: ActionSpace, moves: list[Move], picked: tuple[Card, ...] = ()) -> None:
        self.space, self.moves, self.picked = space, moves, picked
        self.by_action: dict[int, Move | None] = {}
        self.refresh()

    @property
    def mask(self) -> Mask:
        """1 for each legal action, over the whole space: a new array at each call, made only when
        asked for (the vector form writes many seats' actions into one array instead)."""
        mask = np.zeros(self.space.size, dtype=np.int8)
        mask[list(self.by_action)] = 1
        return mask

    def refresh(self) -> None:
        """Work out the legal actions from the moves and picks."""
        space, picked = self.space, set(self.picked)
        by_action: dict[int, Move | None] = {}
        ordinals: dict[str, int] = {}
        for move in self.moves:
            verb = move.verb
            base = space.offsets.get(verb)
            if base is None:
                raise UnmappedMoveError(f"the action space has no verb {verb!r} (move {move})")
            if isinstance(move, Play):
                by_action[base + move.card.index] = move
            elif isinstance(move, CardsMove):
                cards = set(move.cards)
                if picked <= cards:
                    complete = len(cards) == len(picked) + 1
                    for card in cards - picked:
                        by_action[base + card.index] = move if complete else None
            elif isinstance(move, BareMove):
                by_action[base] = move
            else:
                own = space.own_verbs.get(verb)
                if own is not None:
                    amount = own.number(move)
                else:
                    amount = move.amount if isinstance(move, AmountMove | Muggins) else -1
                if verb in space.ordinal_verbs:
                    amount = ordinals.get(verb, 0)
                    ordinals[verb] = amount + 1
                slots = space.slots[verb]
                if not 0 <= amount < slots:
                    raise UnmappedMoveError(f"{move} is beyond the {slots} actions for {verb!r}")
                by_action[base + amount] = move
        self.by_action = by_action

    def take(self, action: int) -> Move | None:
        """The move ``action`` completes, or None when it only picked a card (the mask is redone)."""
        if action not in self.by_action:
            size = self.space.size
            what = self.space.names[action] if 0 <= action < size else f"actions are 0-{size - 1}"
            raise ValueError(f"action {action} ({what}) is not legal now")
        move = self.by_action[action]
        if move is None:
            verb_base = max(b for b in self.space.offsets.values() if b <= action)
            self.picked = (*self.picked, card_at(action - verb_base))
            self.refresh()
        return move
