"""A fixed action space per game: every move a game can list gets one action number.

Cards moves take one action per card; a move of several cards (a cribbage discard of two, a ten-hand
crib of four) is chosen one card at a time, the move being made when the last card is picked. Claims
and muggins take one action per amount; bets and raises one per representative amount the game
lists (in its order: the minimum, then the pot-sized amount).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from muggins.cards import Card, card_at
from muggins.games.cribist_rules import MAX_TRICK_POINTS
from muggins.games.moves import Move, Muggins, Play, _Amount, _Bare, _Cards

Mask = npt.NDArray[np.int8]

MAX_SHOW = 29
"""The most a cribbage hand or crib can hold: the most one claims, or calls as missed."""


@dataclass(frozen=True)
class ActionSpace:
    """The actions of one game, by number: ``names[i]`` is action ``i``'s description."""

    deck: int
    """Card indices run 0 to ``deck - 1``."""
    card_verbs: tuple[str, ...]
    bare_verbs: tuple[str, ...]
    amount_verbs: tuple[tuple[str, int], ...]
    """Verbs taking an amount, with how many slots each has (amounts 0 to slots - 1, or for bets
    and raises the slot-th amount the game lists)."""
    ordinal_verbs: frozenset[str] = frozenset({"bet", "raise"})
    offsets: dict[str, int] = field(init=False, compare=False)
    size: int = field(init=False, compare=False)

    def __post_init__(self) -> None:
        offsets: dict[str, int] = {}
        at = 0
        for verb in self.card_verbs:
            offsets[verb] = at
            at += self.deck
        for verb in self.bare_verbs:
            offsets[verb] = at
            at += 1
        for verb, slots in self.amount_verbs:
            offsets[verb] = at
            at += slots
        object.__setattr__(self, "offsets", offsets)
        object.__setattr__(self, "size", at)

    @property
    def names(self) -> list[str]:
        """A short name per action: ``play 5H``, ``discard pick 5H``, ``go``, ``claim 12``, ``bet #0``."""
        out: list[str] = []
        for verb in self.card_verbs:
            out.extend(f"{verb} {card_at(i)}" for i in range(self.deck))
        out.extend(self.bare_verbs)
        for verb, slots in self.amount_verbs:
            mark = "#" if verb in self.ordinal_verbs else ""
            out.extend(f"{verb} {mark}{n}" for n in range(slots))
        return out


CRIBBAGE = ActionSpace(
    deck=52,
    card_verbs=("play", "discard", "crib"),
    bare_verbs=("go", "ready"),
    amount_verbs=(("claim", MAX_SHOW + 1), ("muggins", MAX_SHOW + 1)),
)
SKALBORG = ActionSpace(
    deck=54,
    card_verbs=("discard",),
    bare_verbs=("check", "call", "fold", "allin", "ready"),
    amount_verbs=(("bet", 2), ("raise", 2)),
)
CRIBIST = ActionSpace(
    deck=52,
    card_verbs=("play",),
    bare_verbs=("ready",),
    amount_verbs=(("claim", MAX_TRICK_POINTS + 1),),  # a muggins call names its items: never listed
)
SPACES: dict[str, ActionSpace] = {
    "cribbage": CRIBBAGE,
    "skalborg": SKALBORG,
    "cribist": CRIBIST,
}


class UnmappedMoveError(ValueError):
    """A legal move the game's action space has no number for (a bound too small)."""


@dataclass
class Choice:
    """One seat's legal moves as actions, and the cards already picked towards a multi-card move."""

    space: ActionSpace
    moves: list[Move]
    picked: tuple[Card, ...] = ()
    by_action: dict[int, Move] = field(default_factory=dict)
    mask: Mask = field(init=False)

    def __post_init__(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Work out the mask (and the move each complete action makes) from the moves and picks."""
        space, picked = self.space, set(self.picked)
        self.mask = np.zeros(space.size, dtype=np.int8)
        self.by_action = {}
        ordinals: dict[str, int] = {}
        for move in self.moves:
            verb = move.verb
            if verb not in space.offsets:
                raise UnmappedMoveError(f"the action space has no verb {verb!r} (move {move})")
            base = space.offsets[verb]
            if isinstance(move, Play):
                self._add(base + move.card.index, move)
            elif isinstance(move, _Cards):
                cards = set(move.cards)
                if not picked <= cards:
                    continue
                for card in cards - picked:
                    complete = len(cards) == len(picked) + 1
                    self._add(base + card.index, move if complete else None)
            elif isinstance(move, _Bare):
                self._add(base, move)
            else:
                amount = move.amount if isinstance(move, _Amount | Muggins) else -1
                if verb in space.ordinal_verbs:
                    amount = ordinals.get(verb, 0)
                    ordinals[verb] = amount + 1
                slots = dict(space.amount_verbs)[verb]
                if not 0 <= amount < slots:
                    raise UnmappedMoveError(f"{move} is beyond the {slots} actions for {verb!r}")
                self._add(base + amount, move)

    def _add(self, action: int, move: Move | None) -> None:
        self.mask[action] = 1
        if move is not None:
            self.by_action[action] = move

    def take(self, action: int) -> Move | None:
        """The move ``action`` completes, or None when it only picked a card (the mask is redone)."""
        if not 0 <= action < self.space.size or not self.mask[action]:
            names = self.space.names
            what = names[action] if 0 <= action < self.space.size else "no action"
            raise ValueError(f"action {action} ({what}) is not legal now")
        move = self.by_action.get(action)
        if move is None:
            verb_base = max(b for b in self.space.offsets.values() if b <= action)
            self.picked = (*self.picked, card_at(action - verb_base))
            self.refresh()
        return move
