"""Challenges and presence: who is online (their own channel of the bus is followed), and one
player asking another for a game, kept in the store so that the one answer that counts is the
first, whichever process hears it."""

from __future__ import annotations

import random
import secrets

from muggins.bots.registry import bot_names
from muggins.games.registry import new_game
from muggins.server import messages
from muggins.server.accounts import user_info
from muggins.server.bus import PLAYER_CHANNEL, player_channel
from muggins.server.pairing.requests import PairingError, asked_game, may_play, open_table, request_of
from muggins.server.store import MEMBERS, ChallengeRow, TooManyChallengesError, User
from muggins.server.tables import PlayerTable, Tables

CHALLENGE_SECONDS = 120.0
"""How long a challenge waits for its answer."""

OPEN_CHALLENGES = 3
"""Challenges one player may have waiting for answers at once."""

ONLINE_LISTED = 100
"""The most players the list of those online gives."""

STATUS = {"accept": "accepted", "decline": "declined", "cancel": "cancelled"}


class Challenges:
    """Challenges made, answered and told; who is online."""

    def __init__(self, tables: Tables, *, rng: random.Random | None = None) -> None:
        self.tables, self.store, self.bus = tables, tables.store, tables.bus
        self.rng = rng or random.Random()

    # --- presence ------------------------------------------------------------------------------

    async def online(self, user_ids: list[int]) -> set[int]:
        """Those of ``user_ids`` connected now, to any process."""
        followed = await self.bus.followed([player_channel(uid) for uid in user_ids])
        return {uid for uid, on in zip(user_ids, followed, strict=True) if on}

    async def everyone_online(self) -> list[User]:
        """Up to ``ONLINE_LISTED`` players connected now, by name."""
        channels = await self.bus.followed_from(PLAYER_CHANNEL, ONLINE_LISTED)
        found = [await self.store.user(int(channel.removeprefix(PLAYER_CHANNEL))) for channel in channels]
        return sorted((u for u in found if u is not None), key=lambda u: (u.name.casefold(), u.id))

    # --- challenges ----------------------------------------------------------------------------

    async def make(self, by: User, asked: messages.SendChallenge) -> messages.ChallengeUpdate:
        """A challenge from ``by`` to the player ``asked`` names, told to both; ``PairingError``
        or ``TableSettingsError`` if it may not be made."""
        request = request_of(asked)
        to = await self.store.user(asked.user_id)
        if to is None or to.kind == "bot":
            raise PairingError(f"there is no player {asked.user_id} to challenge")
        if to.id == by.id:
            raise PairingError("you cannot challenge yourself")
        await may_play(self.tables, by, asked.rated)
        if asked.rated and to.kind not in MEMBERS:
            raise PairingError(f"{to.name} is a guest: rated games are between members")
        if not await self.online([to.id]):
            raise PairingError(f"{to.name} is not online")
        now = self.tables.clock.time()
        row = ChallengeRow(secrets.token_urlsafe(12), by.id, to.id, request, now)
        try:
            await self.store.challenge(row, open_since=now - CHALLENGE_SECONDS, at_most=OPEN_CHALLENGES)
        except TooManyChallengesError as exc:
            raise PairingError(str(exc)) from None
        update = self._update(row, by, to)
        await self._tell(update, row)
        return update

    async def answer(self, user: User, challenge_id: str, answer: str) -> None:
        """``user`` accepts, declines or cancels a challenge; an accepted one gets its table and
        both players are told ``paired``. ``PairingError`` if it is not open to that answer."""
        since = self.tables.clock.time() - CHALLENGE_SECONDS
        if answer == "accept":  # both must be free to play it
            pending = {row.id: row for row in await self.store.open_challenges(user.id, since)}
            asked = pending.get(challenge_id)
            if asked is not None and asked.to_user == user.id:
                rated = bool(asked.request["rated"])
                await may_play(self.tables, user, rated)
                challenger = await self.store.user(asked.by_user)
                if challenger is not None:
                    await may_play(self.tables, challenger, rated)
        row = await self.store.answer_challenge(challenge_id, STATUS[answer], by=user.id, open_since=since)
        if row is None:
            raise PairingError("that challenge is not open to you now (answered, withdrawn or expired)")
        by, to = await self.store.user(row.by_user), await self.store.user(row.to_user)
        assert by is not None and to is not None  # players are never deleted
        answered = ChallengeRow(row.id, row.by_user, row.to_user, row.request, row.made_at, STATUS[answer])
        await self._tell(self._update(answered, by, to), row)
        if answer == "accept":
            table = await self._table(row, by, to)
            await self.store.challenge_accepted(row.id, table.id)
            paired = messages.Paired(table=table.info()).model_dump_json()
            for uid in (row.by_user, row.to_user):
                await self.bus.publish(player_channel(uid), paired)

    async def open_to(self, user: User) -> list[messages.ChallengeInfo]:
        """The open challenges by or to ``user``, oldest first (a page opened after they were
        made asks for them; a hello does not read them: it reads the store once)."""
        now = self.tables.clock.time()
        updates = []
        for row in await self.store.open_challenges(user.id, now - CHALLENGE_SECONDS):
            by, to = await self.store.user(row.by_user), await self.store.user(row.to_user)
            if by is not None and to is not None:
                updates.append(self._update(row, by, to).challenge)
        return updates

    async def _table(self, row: ChallengeRow, by: User, to: User) -> PlayerTable:
        """The accepted challenge's table: its two players on different sides (at random), the
        game's strongest bot in every other seat."""
        request = row.request
        trial = new_game(request["game"], players=request["players"], seed=0, **request["options"])
        sides = [list(side) for side in trial.sides]
        self.rng.shuffle(sides)
        people = {sides[0][0]: by, sides[1][0]: to}
        strongest = bot_names(request["game"])[-1]
        bots = {seat: strongest for seat in range(request["players"]) if seat not in people}
        return await open_table(self.tables, request, people, bots)

    def _update(self, row: ChallengeRow, by: User, to: User) -> messages.ChallengeUpdate:
        info = messages.ChallengeInfo(
            **asked_game(row.request),
            id=row.id,
            by=user_info(by),
            to=user_info(to),
            made_at=row.made_at,
            expires_at=row.made_at + CHALLENGE_SECONDS,
            status=row.status,  # type: ignore[arg-type]
        )
        return messages.ChallengeUpdate(challenge=info)

    async def _tell(self, update: messages.ChallengeUpdate, row: ChallengeRow) -> None:
        text = update.model_dump_json()
        for uid in (row.by_user, row.to_user):
            await self.bus.publish(player_channel(uid), text)
