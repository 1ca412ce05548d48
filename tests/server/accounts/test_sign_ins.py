"""Issue 57, items 3 and 4, over the network from several loopback addresses: nobody can lock a
member out by guessing at their name, and no client, not even with the right password, takes every
place of the password-hashing queue from the other members."""

from __future__ import annotations

import asyncio
import time

import httpx
import pytest

from muggins.server.accounts.throttle import LoginThrottle, ThrottledError
from tests.server.live_server import Server

PASSWORD = "correct horse"


def client_from(server: Server, address: str) -> httpx.AsyncClient:
    """An HTTP client whose connections come from ``address`` (any of 127.0.0.0/8 reaches the server)."""
    return httpx.AsyncClient(
        base_url=server.url, transport=httpx.AsyncHTTPTransport(local_address=address), timeout=30
    )


def test_guesses_from_another_address_do_not_lock_the_owner_out(server: Server) -> None:
    """Six wrong passwords for a name from any address, and the owner's right one got 429 for 875 s.
    Now the guesser's address waits; the owner, signing in from where they signed in before, does not."""

    async def run() -> None:
        async with client_from(server, "127.0.0.2") as owner, client_from(server, "127.0.0.3") as guesser:
            account = {"name": "Alice", "password": PASSWORD}
            assert (await owner.post("/api/register", json=account)).status_code == 200
            assert (await owner.post("/api/login", json=account)).status_code == 200
            wrong = [
                (
                    await guesser.post("/api/login", json={"name": "alice", "password": "guess guess"})
                ).status_code
                for _ in range(6)
            ]
            assert wrong == [401] * 5 + [429]
            refused = await guesser.post("/api/login", json=account)  # the guesser waits, right or wrong
            assert refused.status_code == 429 and "from your address" in refused.json()["detail"]
            assert (await owner.post("/api/login", json=account)).status_code == 200

    asyncio.run(run())


def test_a_flood_of_right_passwords_leaves_other_members_their_sign_ins(server: Server) -> None:
    """One member signing in with the right password from 8 workers at once made every other
    member's sign-in answer 503 for the whole flood. Now each address and each name hold at most
    a share of the hashing queue, and sign-ins per name are counted, so the others get in."""

    async def run() -> list[int]:
        async with client_from(server, "127.0.0.4") as flooder, client_from(server, "127.0.0.5") as other:
            for client, name in ((flooder, "Ann"), (other, "Bea")):
                made = await client.post("/api/register", json={"name": name, "password": PASSWORD})
                assert made.status_code == 200
            stop = time.monotonic() + 3

            async def flood() -> None:
                while time.monotonic() < stop:
                    await flooder.post("/api/login", json={"name": "Ann", "password": PASSWORD})

            workers = [asyncio.create_task(flood()) for _ in range(8)]
            await asyncio.sleep(0.3)
            answers = []
            for _ in range(5):
                reply = await other.post("/api/login", json={"name": "Bea", "password": PASSWORD})
                answers.append(reply.status_code)
                await asyncio.sleep(0.2)
            await asyncio.gather(*workers)
            return answers

    assert asyncio.run(run()) == [200] * 5


def test_a_name_guessed_from_many_addresses_waits_for_new_ones_only() -> None:
    """A guesser with many addresses meets the name's own count (from addresses new to it); an
    address the member signed in from is never held by it."""

    async def run() -> None:
        throttle = LoginThrottle(per_name=5, per_address=20, per_name_all=6, tries_per_minute=100)
        await throttle.succeeded("ann", "10.0.0.1")  # the owner's address
        for n in range(6):
            await throttle.check("ann", f"10.9.0.{n}")
            await throttle.failed("ann", f"10.9.0.{n}")
        with pytest.raises(ThrottledError, match="too many wrong passwords for 'ann'"):
            await throttle.check("ann", "10.9.9.9")
        await throttle.check("ann", "10.0.0.1")  # the owner's address is not held
        await throttle.check("bob", "10.9.9.9")  # nor is another name

    asyncio.run(run())


def test_sign_ins_to_one_name_are_counted_right_or_wrong() -> None:
    async def run() -> None:
        throttle = LoginThrottle(tries_per_minute=3)
        for _ in range(3):
            await throttle.check("ann", "10.0.0.1")
            await throttle.succeeded("ann", "10.0.0.1")
        with pytest.raises(ThrottledError, match="too many sign-ins to 'ann' this minute"):
            await throttle.check("ann", "10.0.0.2")

    asyncio.run(run())
