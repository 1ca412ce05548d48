"""What a simulation plays: the game, the seats, the bots and the seeds (``Spec``), and the seeds
every game and bot derive from the run's (``derive``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from hashlib import blake2b
from typing import Any, Final

from muggins.bots.protocol import TURN_SECONDS


@dataclass(frozen=True, slots=True)
class Spec:
    """What to simulate: game, seats, bots (cycled over the seats), count, seed and options."""

    game: str
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int
    duplicate: bool = False
    options: dict[str, Any] = field(default_factory=dict)
    engines: tuple[tuple[str, str], ...] = ()
    """Bot names that are engines, each with its command (docs/engines.md)."""
    engine_seconds: float = TURN_SECONDS
    """The seconds an engine has for each move."""
    fixed: bool = False
    """Every game seats the bots as listed, not rotated: for games whose seats differ (Captain's
    cribbage's captain), so that each bot's figures are those of its seat."""

    def rotated(self, number: int) -> tuple[str, ...]:
        """The bot list rotated by ``number`` over the seats."""
        return tuple(self.bots[(seat + number) % len(self.bots)] for seat in range(self.players))

    @property
    def seatings(self) -> tuple[tuple[str, ...], ...]:
        """With ``duplicate``, the different ways the rotations seat the bots, in rotation order: a
        rotation that seats every bot as an earlier one did would replay the same game, so it is
        left out (one bot in every seat: one seating; two bots alternating round four seats: two)."""
        if not self.duplicate:
            return ()
        return tuple(dict.fromkeys(self.rotated(r) for r in range(self.players)))

    @property
    def rotations(self) -> int:
        """Games that share one deal seed: one per different seating with ``duplicate``, else one."""
        return len(self.seatings) if self.duplicate else 1

    def seats(self, number: int) -> list[str]:
        """The bot in each seat for game ``number``: with ``duplicate`` the deal's seating in turn,
        else the bot list rotated by the game number."""
        if self.duplicate:
            return list(self.seatings[number % self.rotations])
        return list(self.rotated(0 if self.fixed else number))

    def game_seed(self, number: int) -> int:
        return derive(self.seed, "deal", number // self.rotations)

    def described(self) -> dict[str, Any]:
        """The run as JSON values (what a checkpoint folder must hold to be resumed, and what a
        summary opens with)."""
        return {
            "game": self.game,
            "players": self.players,
            "bots": list(self.bots),
            "games": self.games,
            "seed": self.seed,
            "duplicate": self.duplicate,
            "options": self.options,
            "engines": dict(self.engines),
        } | ({"fixed_seats": True} if self.fixed else {})  # a rotated run's description as before


SEEDS: Final = "blake2b"
"""How ``derive`` makes seeds, which a checkpoint records: one made by another way is not resumed
with this one's seeds (before 2026-11-29 seeds were drawn from a generator seeded by the labels)."""


def derive(seed: int, *parts: object) -> int:
    """A 63-bit seed from a run's seed and labels, the same on every platform and process: the
    labels' BLAKE2b digest, 63 bits of it (a generator seeded with them to draw it cost a twentieth
    of a random Skalborg game; docs/architecture.md, "Seeds")."""
    digest = blake2b(":".join(map(str, (seed, *parts))).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little") >> 1
